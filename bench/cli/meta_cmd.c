/* meta_cmd.c — `puzzlebench meta`: writes a run's FILE.meta (pb_meta, as every command
 * that writes results does) and FILE.topology.xml, for scripts that time other
 * programs; --begin/--end take the load and governor at both ends of such a run. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "harness/measure/bind.h"
#include "harness/io/csv.h"
#include "harness/meta/meta.h"
#include "harness/base/say.h"
#include "harness/io/outfile.h"
#include "harness/base/sizes.h"

typedef struct meta_opts {
    const char *out, *end_from, *command;
    int begin, threads, bind;
} meta_opts;

#define OPT(...) PB_OPT_ROW(meta_opts, __VA_ARGS__)
static const pb_option meta_options[] = {
    {OPT("out", PB_OPT_TEXT, out, "FILE.meta",
         "the file to write (required); FILE.topology.xml goes beside it")},
    {OPT("begin", PB_OPT_FLAG, begin, NULL,
         "the start of a run: load_end and governor_end are left\n"
         "'unknown' for a later --end")},
    {OPT("end", PB_OPT_TEXT, end_from, "FROM.meta",
         "the end of the run that --begin wrote FROM.meta for: its lines\n"
         "with the load and governor now (FROM may be FILE itself)")},
    {OPT("threads", PB_OPT_INT, threads, "T", "threads the run uses"), .key = 't', .lo = 1,
     .hi = 4096},
    {OPT("bind", PB_OPT_CHOICE, bind, "MODE", "the run's binding")},
    {OPT("command", PB_OPT_TEXT, command, "TEXT",
         "the run's command line (default: this command's)")},
    PB_OPTION_END,
};

static const char meta_about[] =
    "Writes FILE.meta: the run id, date, built-in commit, build, command line, kernel,\n"
    "library versions, CPU, memory, SMT, governor and load (key=value lines, the same\n"
    "as every command that writes results), then each KEY=VALUE given; and the\n"
    "hwloc topology as FILE.topology.xml. Prints the run id on standard output, for\n"
    "the run_id column of the rows the FILE.meta describes. A key is written once:\n"
    "one meta writes itself, one FROM.meta has (--end) or one given twice is refused\n"
    "(--threads, --bind and --command set the run's own).\n";

enum { MAX_EXTRA = 64 };

/* The extra KEY=VALUE arguments, each key once: 0, or -1 after a usage error. */
static int check_extra(const char **pos, int npos)
{
    for (int i = 0; i < npos; i++) {
        const char *eq = strchr(pos[i], '=');
        if (!eq || eq == pos[i] || strpbrk(pos[i], "\n\r"))
            return pb_usage_error("meta", "expected KEY=VALUE, got '%s'", pos[i]), -1;
        const int n = (int)(eq - pos[i]);
        for (int j = 0; j < i; j++)
            if (!strncmp(pos[j], pos[i], (size_t)n + 1))
                return pb_usage_error("meta", "'%s': %.*s is given twice (a key is written once)",
                                      pos[i], n, pos[i]),
                       -1;
    }
    return 0;
}

/* The lines meta writes itself, as text whose keys are all it may write: the values
 * are none of this run's, and load_warning is in (written only when the load is high,
 * and no more the user's to claim on a quiet machine). NULL: out of memory. */
static char *own_lines(void)
{
    pb_meta any;
    memset(&any, 0, sizeof any);
    any.load_warning[0] = '-';
    char *text = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&text, &len);
    if (!mem) return NULL;
    const int bad = pb_meta_write(mem, &any, NULL);
    if (fclose(mem) || bad) return free(text), NULL;
    return text;
}

/* Each KEY=VALUE's key against those of lines (own: the keys meta writes itself;
 * else FROM.meta's, of path): 0, or -1 after a usage error naming the first one. */
static int check_keys(const char *const *extra, const char *lines, int own, const char *path)
{
    for (; *extra; extra++) {
        const int n = (int)strcspn(*extra, "=");
        char *key = strndup(*extra, (size_t)n);
        if (!key) return pb_say("meta: out of memory"), -1;
        size_t len;
        const int written = pb_meta_value(lines, key, &len) != NULL;
        free(key);
        if (!written) continue;
        if (own)
            pb_usage_error("meta", "'%s': %.*s is a key meta writes itself (a key is written once)",
                           *extra, n, *extra);
        else
            pb_usage_error("meta", "'%s': %s has %.*s already (a key is written once)", *extra,
                           path, n, *extra);
        return -1;
    }
    return 0;
}

typedef struct end_ctx {
    char *from;               /* FROM.meta's text */
    const pb_meta *now;       /* the end sample */
    const char *const *extra; /* KEY=VALUE lines to append */
} end_ctx;

/* FROM's lines, its end keys replaced by the sample now, then the extra lines. */
static int fill_end(FILE *f, void *p)
{
    const end_ctx *e = p;
    const double *l = e->now->loadavg_end;
    for (char *line = e->from, *next; line && *line; line = next) {
        next = strchr(line, '\n');
        size_t len = next ? (size_t)(next - line) : strlen(line);
        if (next) next++;
        if (!strncmp(line, "governor_end=", 13) || !strncmp(line, "load_end=", 9) ||
            !strncmp(line, "loadavg_end=", 12))
            continue;
        fprintf(f, "%.*s\n", (int)len, line);
        if (!strncmp(line, "governor=", 9)) fprintf(f, "governor_end=%s\n", e->now->governor_end);
        if (!strncmp(line, "loadavg_start=", 14)) {
            if (l[0] < 0)
                fputs("load_end=unknown\nloadavg_end=unknown\n", f);
            else
                fprintf(f, "load_end=%.2f\nloadavg_end=%.2f %.2f %.2f\n", l[0], l[0], l[1], l[2]);
        }
    }
    for (const char *const *x = e->extra; *x; x++) fprintf(f, "%s\n", *x);
    return ferror(f) ? -1 : 0;
}

/* Whether the run id at id (up to the line's end) is not one: empty, or holding a
 * control character (a CR of a file saved with CRLF) or a byte past ASCII. Spaces part
 * the ids of a file assembled from several runs. */
static int bad_run_id(const char *id)
{
    const size_t n = strcspn(id, "\n");
    for (size_t i = 0; i < n; i++)
        if ((unsigned char)id[i] < ' ' || (unsigned char)id[i] >= 0x7f) return 1;
    return n == 0 || id[0] == ' ';
}

/* --end: FROM's text, the end sample, the extra lines; prints FROM's run id. */
static int write_end(const meta_opts *o, const char *const *extra)
{
    char err[PB_MSG_MAX];
    size_t len = 0;
    char *text = pb_meta_read(o->end_from, &len, err, sizeof err);
    if (!text) {
        pb_say("meta: %s", err);
        return PB_EXIT_USAGE;
    }
    const char *id = strstr(text, "run_id=");
    if (!id || (id != text && id[-1] != '\n')) {
        pb_say("meta: %s: no run_id= line (not written by --begin)", o->end_from);
        free(text);
        return PB_EXIT_USAGE;
    }
    if (bad_run_id(id + 7)) {
        int line = 1, shown = (int)strcspn(id + 7, "\n");
        for (const char *c = text; c < id; c++) line += *c == '\n';
        pb_say("meta: %s:%d: expected the run id that --begin wrote, got 'run_id=%.*s'",
               o->end_from, line, shown < 64 ? shown : 64, id + 7);
        free(text);
        return PB_EXIT_USAGE;
    }
    if (check_keys(extra, text, 0, o->end_from)) return free(text), PB_EXIT_USAGE;
    pb_meta now;
    memset(&now, 0, sizeof now);
    pb_meta_end(&now);
    end_ctx e = {text, &now, extra};
    /* The topology and the .meta land together, or neither does (as every .meta). */
    const int rc = pb_meta_save_text(o->out, fill_end, &e, NULL, 0, err, sizeof err);
    if (rc) {
        pb_say("meta: %s", err);
    } else {
        id += 7;
        printf("%.*s\n", (int)strcspn(id, "\n"), id);
    }
    free(text);
    return rc ? PB_EXIT_USAGE : 0;
}

int pb_cmd_meta(int argc, char **argv)
{
    meta_opts o = {.threads = 1};
    const char *pos[MAX_EXTRA + 1];
    int npos = 0;
    pb_option opts[sizeof meta_options / sizeof meta_options[0]];
    memcpy(opts, meta_options, sizeof opts);
    for (pb_option *x = opts; x->name; x++)
        if (!strcmp(x->name, "bind")) x->choices = pb_bind_modes;
    pb_opt_group g = {opts, &o};
    int rc = pb_options_parse("meta", &g, 1, argc, argv, 2, pos, MAX_EXTRA, &npos, NULL);
    if (rc == PB_OPT_HELP) {
        printf("usage: puzzlebench meta --out FILE.meta [--begin | --end FROM.meta] "
               "[KEY=VALUE ...]\n\n%s\noptions:\n",
               meta_about);
        pb_options_help(stdout, opts, "meta", NULL);
        return 0;
    }
    if (rc) return PB_EXIT_USAGE;
    if (!o.out) return pb_usage_error("meta", "give the file to write with --out FILE.meta");
    if (o.begin && o.end_from) return pb_usage_error("meta", "give --begin or --end, not both");
    char err[PB_MSG_MAX];
    /* Checked before FILE.topology.xml is written beside it, so that a bad --out (or one
     * whose topology's name would be too long) leaves no file behind and the error names
     * it. */
    if (pb_meta_check(o.out, err, sizeof err)) return pb_say("meta: %s", err), PB_EXIT_USAGE;
    if (o.end_from && (o.command || o.threads != 1 || o.bind))
        return pb_usage_error("meta", "--end keeps what --begin recorded: no --threads, --bind "
                                      "or --command");
    if (check_extra(pos, npos)) return PB_EXIT_USAGE;
    pos[npos] = NULL;
    char *own = own_lines();
    if (!own) return pb_say("meta: out of memory"), PB_EXIT_FAILED;
    rc = check_keys(pos, own, 1, NULL);
    free(own);
    if (rc) return PB_EXIT_USAGE;
    if (o.end_from) return write_end(&o, pos);

    pb_meta m;
    pb_meta_begin(&m, o.threads, pb_bind_modes[o.bind]);
    if (o.command) snprintf(m.command, sizeof m.command, "%s", o.command);
    if (!o.begin) pb_meta_end(&m);
    if (pb_meta_save(o.out, &m, pos, err, sizeof err)) {
        pb_say("meta: %s", err);
        return PB_EXIT_USAGE;
    }
    printf("%s\n", m.run_id);
    return 0;
}
