/* notouch_table.c — `puzzlebench notouch-table`: counts every rectangle m x n (m <= n)
 * of up to --max-cells cells under both rules with path-dp, each in a process of its
 * own (so that its peak memory is its own), smallest first; a count whose plan is
 * over the memory allowed is skipped and said. Row 1 comes from A002464's recurrence
 * instead, as far as pb_count holds it, whatever --max-cells. Then the notouch
 * family's commands. */
#include "notouch_table.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "families/families.h"
#include "harness/base/exit.h"
#include "harness/base/say.h"
#include "harness/base/sizes.h"
#include "harness/io/outfile.h"
#include "harness/io/readfile.h"
#include "harness/measure/spawn.h"
#include "core/limiter.h"

const char *const nt_rule_names[NT_RULES] = {"king", "orth"};

static const pb_option table_options[] = {
    {PB_OPT_ROW(nt_opts, "out", PB_OPT_TEXT, out, "DIR",
                "the folder that gets notouch-table.tsv, .meta and the b-files\n"
                "(required)"),
     .writes = 1},
    {PB_OPT_ROW(nt_opts, "max-cells", PB_OPT_INT, max_cells, "N",
                "the rectangles of at most N cells"),
     .lo = 1, .hi = NT_MAX_CELLS},
    {PB_OPT_ROW(nt_opts, "check-cells", PB_OPT_INT, check_cells, "N",
                "every count of at most N cells is checked a second way"),
     .lo = 0, .hi = NT_MAX_CELLS},
    {PB_OPT_ROW(nt_opts, "max-memory", PB_OPT_BYTES, max_memory, "SIZE",
                "skip a count whose tables path-dp plans over SIZE (default: 90%\n"
                "of the memory available as the count starts)")},
    PB_OPTION_THREADS(nt_opts, threads, "path-dp's threads (default: one per core)"),
    {PB_OPT_ROW(nt_opts, "quick", PB_OPT_FLAG, quick, NULL,
                "a small table (--max-cells 12 at most), marked quick=1")},
    {PB_OPT_ROW(nt_opts, "full", PB_OPT_FLAG, full, NULL,
                "the big boards too: --max-cells 32 at least (2x16 and 4x8 plan\n"
                "about 16 GiB each and take tens of minutes; --quick wins)")},
    PB_OPTION_QUIET(nt_opts, quiet,
                    "no line per count and no summary on standard error (a skip and\n"
                    "an error are still said)"),
    PB_OPTION_END,
};

/* 30 cells by default, each count checked a second way: 5x6 is the largest board whose
 * tables (a few gigabytes) and two runs keep the main job within minutes; the boards
 * of 32 cells plan tables of tens of gigabytes and are asked for (--full). */
static const nt_opts table_defaults = {NULL, 30, 30, 0, 0, 0, 0, 0};

/* 90% of MemAvailable, or 1 GiB when /proc/meminfo does not say. */
static uint64_t memory_free(void)
{
    unsigned long long kb = 0;
    char line[256];
    FILE *f = fopen("/proc/meminfo", "r");
    while (f && fgets(line, sizeof line, f))
        if (sscanf(line, "MemAvailable: %llu kB", &kb) == 1) break;
    if (f) fclose(f);
    return kb ? (uint64_t)kb * 1024 / 10 * 9 : (uint64_t)1 << 30;
}

/* The value of "KEY=" as a word of the stats line, copied into out; 0, or -1. */
static int stat_word(const char *text, const char *key, char *out, size_t len)
{
    size_t k = strlen(key);
    for (const char *p = text; (p = strstr(p, key)); p += k) {
        if (p != text && p[-1] != ' ' && p[-1] != '\n') continue;
        p += k;
        size_t n = strcspn(p, " \n");
        if (n == 0 || n >= len) return -1;
        memcpy(out, p, n);
        out[n] = 0;
        return 0;
    }
    return -1;
}

/* Reads the stats line of a count's output into r. 0, or -1. */
static int read_stats(const char *text, nt_run *r)
{
    char w[64];
    if (stat_word(text, "solutions=", r->count, sizeof r->count)) return -1;
    if (stat_word(text, "status=", r->status, sizeof r->status)) return -1;
    if (stat_word(text, "wall_s=", w, sizeof w)) return -1;
    r->seconds = strtod(w, NULL);
    /* only an engine that plans its tables says bytes= */
    r->planned = stat_word(text, "bytes=", w, sizeof w) ? 0 : strtoull(w, NULL, 10);
    return 0;
}

int nt_count(nt_table *t, int m, int n, int rule, const char *engine, int threads, uint64_t bytes,
             nt_run *r)
{
    char board[32], th[16], mem[32], err[PB_MSG_MAX], what[300];
    snprintf(board, sizeof board, "%dx%d", m, n);
    snprintf(th, sizeof th, "%d", threads);
    if (!bytes) bytes = memory_free();
    snprintf(mem, sizeof mem, "%llu", (unsigned long long)bytes);
    char *argv[] = {t->self,        "count",
                    "notouch",      board,
                    "--adj",        (char *)nt_rule_names[rule],
                    "-e",           (char *)engine,
                    "-t",           th,
                    "--max-memory", mem,
                    "-q",           NULL};
    memset(r, 0, sizeof *r);
    r->allowed = bytes;
    pb_spawn sp;
    if (pb_spawn_open(&sp, argv, "/dev/null", err, sizeof err))
        return pb_say("notouch-table: %s", err), PB_EXIT_USAGE;
    sp.out_fd = open(t->scratch, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0600);
    if (sp.out_fd < 0) {
        pb_spawn_close(&sp);
        return pb_say("notouch-table: %s: %s", t->scratch, strerror(errno)), PB_EXIT_USAGE;
    }
    pb_spawn_run(&sp);
    close(sp.out_fd);
    pb_spawn_describe(&sp, what, sizeof what);
    const int interrupted = sp.interrupted, status = sp.status, error = sp.error;
    r->peak = (uint64_t)sp.usage.ru_maxrss * 1024;
    pb_spawn_close(&sp);
    if (interrupted) return pb_say("notouch-table: interrupted"), pb_interrupt_exit();
    /* count's statuses: 0 found, 1 none (a count of 0), 3 stopped at a limit */
    const int code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    size_t len;
    char *out = error || (code != 0 && code != 1 && code != 3)
                    ? NULL
                    : pb_read_file(t->scratch, &len, err, sizeof err);
    unlink(t->scratch);
    if (!out || read_stats(out, r)) {
        free(out);
        return pb_say("notouch-table: count notouch %s --adj %s -e %s -t %d %s", board,
                      nt_rule_names[rule], engine, threads, out ? "printed no stats line" : what),
               PB_EXIT_FAILED;
    }
    free(out);
    return strcmp(r->status, "done") ? 1 : 0;
}

/* Says why a count was skipped, and keeps the line for the .meta. */
static int skip(nt_table *t, const char *fmt, const char *board, const char *rule,
                unsigned long long a, unsigned long long b)
{
    char line[300];
    snprintf(line, sizeof line, fmt, board, rule, a, b);
    pb_say("notouch-table: %s", line);
    if (t->nskip < NT_SKIPS_MAX && !(t->skip[t->nskip++] = strdup(line)))
        return pb_say("notouch-table: out of memory"), PB_EXIT_FAILED;
    return 0;
}

void nt_say(const nt_table *t, const char *fmt, ...)
{
    if (t->o.quiet) return;
    va_list ap;
    va_start(ap, fmt);
    pb_vsay(fmt, ap);
    va_end(ap);
}

/* Counts m x n under rule, then checks it. 0, or the exit status. */
static int count_one(nt_table *t, int m, int n, int rule)
{
    nt_value *v = &t->v[m][n][rule];
    char board[32];
    snprintf(board, sizeof board, "%dx%d", m, n);
    nt_run r;
    int rc = nt_count(t, m, n, rule, "path-dp", t->o.threads, t->o.max_memory, &r);
    if (rc == 1 && !strcmp(r.status, "nomem")) {
        v->state = NT_SKIPPED;
        v->planned = r.planned;
        return skip(t, "%s %s: path-dp plans %llu bytes, over the %llu allowed: skipped", board,
                    nt_rule_names[rule], (unsigned long long)r.planned,
                    (unsigned long long)r.allowed);
    }
    if (rc == 1)
        return pb_say("notouch-table: %s %s: path-dp stopped (status %s)", board,
                      nt_rule_names[rule], r.status),
               PB_EXIT_FAILED;
    if (rc) return rc;
    v->state = NT_COUNTED;
    snprintf(v->count, sizeof v->count, "%s", r.count);
    snprintf(v->method, sizeof v->method, "path-dp");
    v->seconds = r.seconds;
    v->peak = r.peak;
    v->planned = r.planned;
    snprintf(v->check, sizeof v->check, "-");
    t->counted++;
    if (m * n <= t->o.check_cells && (rc = nt_check(t, m, n, rule, v))) return rc;
    nt_say(t, "notouch-table: %s %s = %s (%.3f s, %llu bytes at peak; check: %s)", board,
           nt_rule_names[rule], v->count, v->seconds, (unsigned long long)v->peak, v->check);
    return 0;
}

/* The board of one row, n cells, under rule from the recurrence's terms (seconds: the time they all
 * took), then checked. 0, or the exit status. */
static int count_row1(nt_table *t, int n, int rule, double seconds)
{
    nt_value *v = &t->v[1][n][rule];
    v->state = NT_COUNTED;
    pb_count_format(t->row1[n], v->count);
    snprintf(v->method, sizeof v->method, "recurrence");
    v->seconds = seconds;
    t->counted++;
    int rc = nt_check(t, 1, n, rule, v);
    if (rc) return rc;
    nt_say(t, "notouch-table: 1x%d %s = %s (A002464's recurrence; check: %s)", n,
           nt_rule_names[rule], v->count, v->check);
    return 0;
}

/* Every rectangle of up to max-cells cells, by cells, then rows; row 1 as far as its
 * terms are exact. */
static int count_all(nt_table *t)
{
    double t0 = pb_now_s();
    t->row1_last = nt_row1_terms(t->row1);
    const double row1_s = pb_now_s() - t0;
    const int last = t->o.max_cells > t->row1_last ? t->o.max_cells : t->row1_last;
    for (int cells = 1; cells <= last; cells++)
        for (int m = 1; m * m <= cells; m++) {
            if (cells % m || (m == 1 ? cells > t->row1_last : cells > t->o.max_cells)) continue;
            for (int rule = 0; rule < NT_RULES; rule++) {
                int rc =
                    m == 1 ? count_row1(t, cells, rule, row1_s) : count_one(t, m, cells / m, rule);
                if (rc) return rc;
            }
        }
    nt_say(t,
           "notouch-table: row 1 stops at 1x%d: A002464(%d) passes 2^128 - 1, the largest "
           "count pb_count holds",
           t->row1_last, t->row1_last + 1);
    return 0;
}

static int run(const pb_command *self, int argc, char **argv, int first)
{
    nt_table *t = calloc(1, sizeof *t);
    if (!t) return pb_say("notouch-table: out of memory"), PB_EXIT_FAILED;
    t->o = table_defaults;
    int npos = 0, rc = pb_command_parse(self, &t->o, argc, argv, first, NULL, 0, &npos);
    if (rc) {
        free(t);
        return rc == PB_OPT_HELP ? 0 : PB_EXIT_USAGE;
    }
    if (!t->o.out) {
        free(t);
        return pb_usage_error("notouch-table", "--out DIR is required");
    }
    char err[PB_MSG_MAX];
    if (pb_out_folder(t->o.out, err, sizeof err)) {
        free(t);
        return pb_say("notouch-table: %s", err), PB_EXIT_USAGE;
    }
    if (t->o.full && t->o.max_cells < NT_FULL_CELLS) t->o.max_cells = NT_FULL_CELLS;
    if (t->o.quick && t->o.max_cells > 12) t->o.max_cells = 12;
    if ((rc = nt_out_check(t))) {
        free(t);
        return rc;
    }
    if (!t->o.threads) {
        long cores = sysconf(_SC_NPROCESSORS_ONLN);
        t->o.threads = cores > 0 ? (int)cores : 1;
    }
    snprintf(t->scratch, sizeof t->scratch, "%s/.notouch-table.count.%ld", t->o.out,
             (long)getpid());
    if (pb_spawn_self(t->self, sizeof t->self)) {
        free(t);
        return pb_say("notouch-table: cannot find this program's own path"), PB_EXIT_FAILED;
    }
    pb_meta_begin(&t->meta, t->o.threads, "none");
    rc = count_all(t);
    if (!rc) {
        pb_meta_end(&t->meta);
        rc = nt_write(t);
    }
    for (int i = 0; i < t->nskip; i++) free(t->skip[i]);
    free(t);
    return rc;
}

const pb_command pb_notouch_commands[] = {
    {.name = "notouch-table",
     .summary = "count every notouch rectangle m x n under both rules (--out DIR)",
     .about = "Counts the placements of every rectangle m x n (m <= n) of up to --max-cells\n"
              "cells (30 by default: 5x6, 3x10, 2x15 the largest) under the king rule and the\n"
              "orth rule with path-dp, smallest first, each count in a process of its own: its\n"
              "time, its peak memory and the tables it planned. A count whose plan is over\n"
              "--max-memory is skipped and said. Row 1 (1 x n, the same under both rules) comes\n"
              "from the recurrence of A002464 instead, exactly, for every n whose term fits the\n"
              "128 bits of a count (up to 1x34, whatever --max-cells), and costs nothing. All\n"
              "of row 1 and every count of up to --check-cells cells is checked a second way:\n"
              "row 1 by path-dp up to 1x28 (no further than --max-cells), beyond by A002464's\n"
              "binomial sum; boards of up to 10 cells by the propagate engine, those of up to\n"
              "20 by Karp's inclusion-exclusion over cell sets (modulo 2^64), the others by\n"
              "path-dp on another number of threads; a disagreement stops the command (exit 4)\n"
              "and writes nothing. The boards of 31 and 32 cells (2x16 and 4x8 plan about 16 GiB\n"
              "each) are asked for by --max-cells 32 or --full (scripts/run.sh --full); counts\n"
              "past --check-cells have no second check and say so (check '-'). Writes\n"
              "DIR/notouch-table.tsv (m n cells rule count seconds peak_bytes planned_bytes\n"
              "threads check method), DIR/notouch-table.meta and, per rule and row m of the\n"
              "table (m x m counted), an OEIS-style b-file DIR/notouch-table.RULE.mM.txt: lines\n"
              "'n a(n)', a(n) the count of the m x n board, n from 1 while the table has it.\n",
     .options = table_options,
     .defaults = &table_defaults,
     .run = run,
     .experiment = 1},
    {.name = NULL},
};
