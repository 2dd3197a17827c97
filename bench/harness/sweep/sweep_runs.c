/* sweep_runs.c — a runs sweep: for a family that runs solve and count itself (such as
 * tenpair), every run its `run` lines plan (sweep_runs_plan.c), each a process of this
 * program (`puzzlebench COMMAND FAMILY OPTIONS --csv FILE --quiet`), one at a time.
 * With stop-after, a series' later runs are skipped once one took longer or stopped at
 * a limit. The runs' rows are joined into NAME.csv (a first column `run`, the planned
 * run's number, and the sweep's run_id), each run's tables (run-tables) into
 * NAME.OPTION.csv, and the plan with its skips into NAME.meta: written under hidden
 * names and renamed into place at the end, so a failed or interrupted sweep leaves
 * the files of the last one as they were. */
#include "sweep.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "harness/base/exit.h"
#include "harness/base/say.h"
#include "harness/io/csv.h"
#include "harness/io/csvtable.h"
#include "harness/io/outfile.h"
#include "harness/measure/spawn.h"
#include "harness/meta/meta.h"
#include "sweep_runs.h"
#include "sweep_scratch.h"

/* The keys of a runs sweep. */
static const char *const run_keys[] = {"name",   "family",     "run",        "quick-run",
                                       "repeat", "stop-after", "run-tables", NULL};

enum { MAX_TABLES = 4 };

/* An output being made: its place, its hidden name, the stream, and its header. */
typedef struct joined {
    char path[4300], part[4300];
    FILE *f;
    pb_table head; /* the first run's file, whose header every run's must repeat */
} joined;

typedef struct runs_sweep {
    const pb_sweep_spec *s;
    const pb_sweep_opts *o;
    pb_runs_plan plan;
    char self[4096], tmp[4096], meta_path[4300];
    joined rows, table[MAX_TABLES];
    const pb_option *table_opt[MAX_TABLES];
    char *skipped[PB_RUNS_MAX];
    pb_meta meta;
    int ran;
} runs_sweep;

/* Checks run-tables: each an option of the family's that writes a file. */
static int check_tables(runs_sweep *r)
{
    const pb_sweep_spec *s = r->s;
    char at[600];
    pb_sweep_spec_where(s, "run-tables", r->o->source, at, sizeof at);
    if (s->run_tables.n > MAX_TABLES)
        return pb_say("sweep: %sat most %d tables", at, MAX_TABLES), PB_EXIT_USAGE;
    for (int i = 0; i < s->run_tables.n; i++) {
        const pb_option *opt = pb_option_find(r->plan.options, s->run_tables.item[i]);
        if (!opt || !opt->writes || opt->type != PB_OPT_TEXT || !strcmp(opt->name, "csv"))
            return pb_say("sweep: %srun-tables expects options of %s that write a table a run, "
                          "got '%s'",
                          at, s->fam->name, s->run_tables.item[i]),
                   PB_EXIT_USAGE;
        r->table_opt[i] = opt;
    }
    return 0;
}

/* Opens out's hidden file for "DIR/NAME.suffix". 0, or the exit status. */
static int open_joined(const runs_sweep *r, joined *j, const char *suffix)
{
    char err[4600];
    snprintf(j->path, sizeof j->path, "%s/%s%s", r->o->out_dir, r->s->name, suffix);
    snprintf(j->part, sizeof j->part, "%s/.%s.part%s", r->o->out_dir, r->s->name, suffix);
    unlink(j->part); /* a killed sweep's */
    if (!(j->f = pb_out_fopen(j->part, O_WRONLY | O_CREAT | O_TRUNC, "w", err, sizeof err)))
        return pb_say("sweep: %s", err), PB_EXIT_USAGE;
    return 0;
}

/* The output paths and folders, before anything runs. 0, or the exit status. */
static int prepare(runs_sweep *r)
{
    const pb_sweep_opts *o = r->o;
    char suffix[200];
    snprintf(r->meta_path, sizeof r->meta_path, "%s/%s.meta", o->out_dir, r->s->name);
    snprintf(r->rows.path, sizeof r->rows.path, "%s/%s.csv", o->out_dir, r->s->name);
    const int made = pb_sweep_scratch_make(o, r->rows.path, "runs", r->self, sizeof r->self, r->tmp,
                                           sizeof r->tmp);
    if (made) return made;
    int rc = open_joined(r, &r->rows, ".csv");
    for (int i = 0; i < r->s->run_tables.n && !rc; i++) {
        snprintf(suffix, sizeof suffix, ".%s.csv", r->table_opt[i]->name);
        rc = open_joined(r, &r->table[i], suffix);
    }
    return rc;
}

/* Run k's command line: this program, the command, the family, the words, and the
 * files the sweep gives it: its row (files[0]) and its tables (files[1 + t], with
 * the option word in files[1 + MAX_TABLES + t]). The number of words. */
static int run_argv(const runs_sweep *r, int k, char **argv, char (*files)[4300], int max)
{
    char *words[PB_LINES_MAX_WORDS + 1];
    const int nw = pb_runs_plan_words(&r->plan, k, words, PB_LINES_MAX_WORDS + 1);
    int n = 0;
    argv[n++] = (char *)r->self, argv[n++] = words[0], argv[n++] = (char *)r->s->fam->name;
    for (int i = 1; i < nw && n < max - 16; i++) argv[n++] = words[i];
    snprintf(files[0], 4300, "%s/run%d.csv", r->tmp, k + 1);
    argv[n++] = "--csv", argv[n++] = files[0], argv[n++] = "--quiet";
    for (int t = 0; t < r->s->run_tables.n; t++) {
        const char *only = r->table_opt[t]->only;
        if (only && strcmp(only, words[0])) continue;
        snprintf(files[1 + t], 4300, "%s/run%d.%s.csv", r->tmp, k + 1, r->table_opt[t]->name);
        snprintf(files[1 + MAX_TABLES + t], 4300, "--%s", r->table_opt[t]->name);
        argv[n++] = files[1 + MAX_TABLES + t], argv[n++] = files[1 + t];
    }
    argv[n] = NULL;
    return n;
}

/* Reads run k's file path into t. 0, or the exit status. */
static int read_table(const char *path, int k, pb_table *t)
{
    char err[4600];
    if (pb_table_read(path, t, err, sizeof err))
        return pb_say("sweep: run %d wrote no table it could read: %s", k + 1, err), PB_EXIT_FAILED;
    return 0;
}

/* Appends the rows of t (run k's file path) to j, a first column `run` (k + 1) and
 * the sweep's run_id in the run_id column (added last when the file has none): the
 * first run's file sets the header, every later one must repeat it. j keeps the first
 * run's table (t is then emptied); the caller frees t. 0, or the exit status. */
static int join(runs_sweep *r, joined *j, const char *path, int k, pb_table *t)
{
    const int first = !j->head.text;
    for (int c = 0; !first && c < t->ncols; c++)
        if (t->ncols != j->head.ncols || strcmp(t->cell[c], j->head.cell[c]))
            return pb_say("sweep: run %d: %s has other columns than the first run's", k + 1, path),
                   PB_EXIT_FAILED;
    const int id = pb_table_column(t, "run_id");
    if (first) {
        fputs("run", j->f);
        for (int c = 0; c < t->ncols; c++) fputc(',', j->f), pb_csv_field(j->f, t->cell[c]);
        fputs(id < 0 ? ",run_id\n" : "\n", j->f);
    }
    for (long row = 0; row < t->nrows; row++) {
        fprintf(j->f, "%d", k + 1);
        for (int c = 0; c < t->ncols; c++)
            fputc(',', j->f),
                pb_csv_field(j->f, c == id ? r->meta.run_id : pb_table_cell(t, row, c));
        if (id < 0) fputc(',', j->f), pb_csv_field(j->f, r->meta.run_id);
        fputc('\n', j->f);
    }
    if (first) j->head = *t, memset(t, 0, sizeof *t);
    return 0;
}

/* Run k as a user would type it: "count tenpair --max-length 72 ...". */
static void run_text(const runs_sweep *r, int k, char *out, size_t len)
{
    char *words[PB_LINES_MAX_WORDS + 1], opts[4000];
    pb_runs_plan_words(&r->plan, k, words, PB_LINES_MAX_WORDS + 1);
    pb_spawn_command_text(words + 1, opts, sizeof opts);
    snprintf(out, len, "%s %s", words[0], r->s->fam->name);
    const size_t at = strlen(out);
    if (*opts && at + 1 < len) snprintf(out + at, len - at, " %.*s", (int)(len - at - 2), opts);
}

/* The first line of file path, for a message (pb_say shows what is not printable). */
static void first_line(const char *path, char *out, size_t len)
{
    FILE *f = fopen(path, "r");
    out[0] = '\0';
    if (f && fgets(out, (int)len, f)) out[strcspn(out, "\r\n")] = '\0';
    if (f) fclose(f);
}

/* Runs run k and waits for it: exits 0 (found), 1 (none within the bound) and 3
 * (stopped at a limit) are results. 0, or the exit status after saying why. */
static int spawn_run(runs_sweep *r, int k, char **argv)
{
    char err[4600], errpath[4300], why[300], said[400], text[600];
    snprintf(errpath, sizeof errpath, "%s/run%d.err", r->tmp, k + 1);
    pb_spawn sp;
    if (pb_spawn_open(&sp, argv, "/dev/null", err, sizeof err))
        return pb_say("sweep: %s", err), PB_EXIT_FAILED;
    sp.err_fd = open(errpath, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
    if (sp.err_fd < 0) {
        pb_spawn_close(&sp);
        return pb_say("sweep: %s: %s", errpath, strerror(errno)), PB_EXIT_FAILED;
    }
    pb_spawn_run(&sp);
    close(sp.err_fd);
    const int st = sp.status, interrupted = sp.interrupted;
    pb_spawn_describe(&sp, why, sizeof why);
    pb_spawn_close(&sp);
    if (interrupted || pb_interrupted) return pb_interrupt_exit();
    const int code = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
    if (!sp.error && (code == 0 || code == 1 || code == PB_EXIT_LIMIT)) return 0;
    first_line(errpath, said, sizeof said);
    run_text(r, k, text, sizeof text);
    pb_say("sweep: %s: run %d (%s) %s%s%s", r->o->source, k + 1, text, why, *said ? ": " : "",
           said);
    return PB_EXIT_FAILED;
}

/* Why run k's series stops after it, from its row, in stop ("" when it goes on):
 * with stop-after, a status other than done or a wall time over it. 0, or the exit
 * status when the row cannot say. */
static int stop_rule(const runs_sweep *r, const pb_table *row, int k, char *stop, size_t len)
{
    stop[0] = '\0';
    const int sc = pb_table_column(row, "status"), wc = pb_table_column(row, "wall_s");
    if (sc < 0 || wc < 0 || row->nrows < 1)
        return pb_say("sweep: run %d: its row has no status and wall_s", k + 1), PB_EXIT_FAILED;
    const char *status = pb_table_cell(row, 0, sc);
    const double wall = atof(pb_table_cell(row, 0, wc));
    if (!r->o->quiet) {
        char text[600];
        run_text(r, k, text, sizeof text);
        pb_say("sweep: %s run %d/%d: %s: %s %.2f s", r->s->name, k + 1, r->plan.n, text, status,
               wall);
    }
    if (!(r->s->stop_after_s > 0)) return 0;
    if (strcmp(status, "done"))
        snprintf(stop, len, "run %d stopped: %s", k + 1, status);
    else if (wall > r->s->stop_after_s)
        snprintf(stop, len, "run %d took %.1f s", k + 1, wall);
    return 0;
}

/* Runs run k and joins its row and tables; stop as stop_rule. 0, or the exit status. */
static int run_one(runs_sweep *r, int k, char *stop, size_t stoplen)
{
    static char files[1 + 2 * MAX_TABLES][4300];
    char *argv[PB_LINES_MAX_WORDS + 32];
    for (int t = 0; t < MAX_TABLES; t++) files[1 + t][0] = '\0';
    run_argv(r, k, argv, files, PB_LINES_MAX_WORDS + 32);
    int rc = spawn_run(r, k, argv);
    pb_table row = {0};
    if (!rc) rc = read_table(files[0], k, &row);
    if (!rc) rc = stop_rule(r, &row, k, stop, stoplen);
    if (!rc) rc = join(r, &r->rows, files[0], k, &row);
    pb_table_free(&row);
    for (int t = 0; !rc && t < r->s->run_tables.n; t++) {
        if (!files[1 + t][0]) continue; /* the option is not this command's */
        pb_table tab = {0};
        rc = read_table(files[1 + t], k, &tab);
        if (!rc) rc = join(r, &r->table[t], files[1 + t], k, &tab);
        pb_table_free(&tab);
    }
    r->ran += !rc;
    return rc;
}

/* Every planned run in order, but those of a series after its stop. */
static int run_all(runs_sweep *r)
{
    char stop[200] = "", why[300];
    int series = -2;
    for (int k = 0; k < r->plan.n; k++) {
        const pb_planned_run *p = &r->plan.run[k];
        if (p->series != series) stop[0] = '\0', series = p->series;
        if (p->series >= 0 && stop[0]) {
            snprintf(why, sizeof why, "skipped.%d=%s", k + 1, stop);
            if (!(r->skipped[k] = strdup(why)))
                return pb_say("sweep: out of memory"), PB_EXIT_FAILED;
            if (!r->o->quiet)
                pb_say("sweep: %s run %d/%d skipped: %s", r->s->name, k + 1, r->plan.n, stop);
            continue;
        }
        const int rc = run_one(r, k, stop, sizeof stop);
        if (rc) return rc;
    }
    return 0;
}

/* Closes a joined output and renames it into place. 0, or the exit status. */
static int place(joined *j)
{
    FILE *f = j->f;
    j->f = NULL;
    if (!j->head.text) {
        if (f) fclose(f);
        unlink(j->part);
        return 0; /* no run wrote this table */
    }
    if ((fflush(f) | ferror(f) | fclose(f)) || rename(j->part, j->path))
        return pb_say("sweep: %s: %s", j->path, strerror(errno)), PB_EXIT_USAGE;
    return 0;
}

/* The .meta's lines of the sweep: where it came from, the plan (run.K=...) and the
 * skips. NULL when out of memory. */
static char **meta_lines(const runs_sweep *r)
{
    const pb_sweep_spec *s = r->s;
    char **x = calloc(2 * (size_t)r->plan.n + 16, sizeof *x);
    int n = 0;
    char line[5000], *words[PB_LINES_MAX_WORDS + 1], text[4000];
    if (!x) return NULL;
#define LINE(...) (snprintf(line, sizeof line, __VA_ARGS__), x[n++] = strdup(line))
    LINE("sweep=%s", r->o->source);
    LINE("quick=%d", s->quick);
    LINE("runs=%d", r->plan.n);
    LINE("ran=%d", r->ran);
    LINE("repeat=%d", s->repeat);
    LINE("stop_after_s=%g", s->stop_after_s);
    LINE("cores_available=%d", r->plan.cores);
    text[0] = '\0';
    for (int t = 0; t < s->run_tables.n; t++)
        snprintf(text + strlen(text), sizeof text - strlen(text), "%s%s", t ? " " : "",
                 r->table_opt[t]->name);
    if (s->run_tables.n) LINE("tables=%s", text);
    for (int k = 0; k < r->plan.n; k++) {
        pb_runs_plan_words(&r->plan, k, words, PB_LINES_MAX_WORDS + 1);
        pb_spawn_command_text(words, text, sizeof text);
        LINE("run.%d=%s", k + 1, text);
        if (r->skipped[k]) x[n++] = strdup(r->skipped[k]);
    }
#undef LINE
    for (int i = 0; i < n; i++)
        if (!x[i]) return NULL; /* the lines are freed with the process */
    return x;
}

/* Renames the tables and then the rows into place and writes the .meta. 0, or the
 * exit status. */
static int publish(runs_sweep *r)
{
    char err[4600];
    int rc = 0;
    for (int t = 0; t < r->s->run_tables.n && !rc; t++) rc = place(&r->table[t]);
    if (!rc) rc = place(&r->rows);
    if (rc) return rc;
    pb_meta_end(&r->meta);
    char **extra = meta_lines(r);
    if (!extra) return pb_say("sweep: out of memory"), PB_EXIT_FAILED;
    if (pb_meta_save(r->meta_path, &r->meta, (const char *const *)extra, err, sizeof err))
        pb_say("sweep: %s", err), rc = PB_EXIT_USAGE;
    for (int i = 0; extra[i]; i++) free(extra[i]);
    free(extra);
    if (!rc && !r->o->quiet)
        pb_say("sweep: wrote %s (%d runs, %d skipped) and its .meta", r->rows.path, r->ran,
               r->plan.n - r->ran);
    return rc;
}

/* Frees what the sweep holds, and removes its hidden files (when it failed) and its
 * folder of runs. */
static void release(runs_sweep *r, int failed)
{
    joined *all[1 + MAX_TABLES] = {&r->rows};
    for (int t = 0; t < MAX_TABLES; t++) all[1 + t] = &r->table[t];
    for (int i = 0; i < 1 + MAX_TABLES; i++) {
        if (all[i]->f) fclose(all[i]->f);
        if (failed && all[i]->part[0]) unlink(all[i]->part);
        pb_table_free(&all[i]->head);
    }
    for (int k = 0; k < PB_RUNS_MAX; k++) free(r->skipped[k]);
    pb_sweep_scratch_remove(r->tmp);
    pb_runs_plan_free(&r->plan);
}

/* What --list shows: each run's command line, none run. */
static void list_runs(const runs_sweep *r)
{
    char text[4000];
    for (int k = 0; k < r->plan.n; k++) {
        run_text(r, k, text, sizeof text);
        printf("%s: run %d: %s%s\n", r->s->name, k + 1, text,
               r->plan.run[k].series >= 0 && r->s->stop_after_s > 0 ? " (a series)" : "");
    }
}

int pb_sweep_runs(const pb_sweep_spec *s, const pb_sweep_opts *o)
{
    static runs_sweep r;
    r = (runs_sweep){.s = s, .o = o};
    char at[600];
    int rc = pb_sweep_spec_only(s, o->source, "runs sweep", run_keys);
    if (rc) return rc;
    pb_error err = {0, ""};
    if (pb_runs_plan_make(s, s->fam, &r.plan, &err)) {
        pb_sweep_spec_where(s, s->quick && s->quick_run ? "quick-run" : "run", o->source, at,
                            sizeof at);
        pb_say("sweep: %s%s", at, err.msg);
        pb_runs_plan_free(&r.plan);
        return PB_EXIT_USAGE;
    }
    if ((rc = check_tables(&r)) || o->list_only) {
        if (!rc) list_runs(&r);
        release(&r, 0);
        return rc;
    }
    pb_meta_begin(&r.meta, 1, "none");
    if (!(rc = prepare(&r))) rc = run_all(&r);
    if (!rc) rc = publish(&r);
    release(&r, rc != 0);
    return rc;
}
