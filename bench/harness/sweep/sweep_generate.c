/* sweep_generate.c — a generation sweep: one `generate NAME` run per method that
 * the sweep file's `generate` key names (sweep_spec.c), each with the
 * generator's own options, in this process. Where each method's records (or folder)
 * go is the sweep's to say: NAME-METHOD in --out. */
#include "harness/base/sizes.h"
#include "sweep.h"

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "harness/base/exit.h"
#include "harness/base/say.h"
#include "harness/gen/gen.h"
#include "harness/mpi/world.h"
#include "sweep_generate_earlier.h"
#include "sweep_lines.h"
#include "sweep_meta.h"

/* The keys of a generation sweep. */
static const char *const generation_keys[] = {"name",           "family",  "generator", "generate",
                                              "quick-generate", "puzzles", NULL};

/* 1 when method k times its whole generation (--samples N, N > 1): generate cannot
 * complete such a run piecewise, so --resume makes it again. */
static int timed_whole(const pb_sweep_lines *m, int k)
{
    for (int i = m->first[k]; i < m->first[k + 1] - 1; i++) {
        const char *w = m->words[i], *v = NULL;
        if (!strcmp(w, "--samples") && i + 1 < m->first[k + 1] - 1)
            v = m->words[i + 1];
        else if (!strncmp(w, "--samples=", 10))
            v = w + 10;
        if (v && strtol(v, NULL, 10) > 1) return 1;
    }
    return 0;
}

/* Method k's command line: generate NAME, its options, and where it writes. */
static int method_argv(const pb_sweep_spec *s, const pb_sweep_opts *o, const pb_sweep_lines *m,
                       int k, char *path, size_t pathlen, char **argv)
{
    int n = 0;
    argv[n++] = "puzzlebench", argv[n++] = "generate", argv[n++] = (char *)s->gen.generator;
    for (int i = m->first[k]; i < m->first[k + 1] - 1; i++) argv[n++] = m->words[i];
    snprintf(path, pathlen, "%s/%s-%s%s", o->out_dir, s->name, m->name[k],
             s->gen.puzzles ? "" : ".csv");
    argv[n++] = s->gen.puzzles ? "--out" : "--stats", argv[n++] = path;
    if (!s->gen.puzzles) argv[n++] = "--records-only";
    /* A folder and a records file alike resume: a finished method is kept whole, an
     * interrupted one keeps its finished puzzles, one not begun is made. */
    if (o->resume && !timed_whole(m, k))
        argv[n++] = "--resume";
    else if (o->force || o->resume)
        argv[n++] = "--force";
    if (o->quiet) argv[n++] = "--quiet";
    argv[n] = NULL;
    return n;
}

/* Method k's line in its .meta, "generate=NAME: OPTIONS", into out (cut at len bytes);
 * its whole length, as snprintf gives it, so that a check can see a line cut. */
static size_t method_line(const pb_sweep_lines *m, int k, char *out, size_t len)
{
    size_t at = (size_t)snprintf(out, len, "generate=%s:", m->name[k]);
    for (int i = m->first[k]; i < m->first[k + 1] - 1; i++) {
        const size_t room = at < len ? len - at : 0;
        at += (size_t)snprintf(out + (len - room), room, " %s", m->words[i]);
    }
    return at;
}

/* Checks every method as its run would, before any is made, so that a mistake in the
 * last is not found hours into the first: its options and their combination (the
 * generator's own checks, said at the key's line of the sweep file) and, but for
 * --list, that a new run's outputs are not there. puzzles[k]: method k's puzzles. 0,
 * or the exit status after saying why. */
static int check_methods(const pb_sweep_spec *s, const pb_sweep_opts *o, const pb_command *g,
                         const pb_sweep_lines *m, long *puzzles)
{
    char where[600], place[700];
    pb_sweep_spec_where(s, pb_gen_methods_key(s), o->source, where, sizeof where);
    pb_gen_caller c = {.as = "sweep", .check = 1, .check_outputs = !o->list_only};
    pb_gen_set_caller(&c);
    int rc = 0;
    for (int k = 0; k < m->n && !rc; k++) {
        char path[PB_PATH_MAX], *argv[PB_LINES_MAX_WORDS + 16];
        const int argc = method_argv(s, o, m, k, path, sizeof path, argv);
        snprintf(place, sizeof place, "sweep: %smethod %s: ", where, m->name[k]);
        /* The .meta records the options its records were made with, whole or not at all. */
        char line[PB_SWEEP_SETTING];
        const size_t len = method_line(m, k, line, sizeof line);
        if (len >= sizeof line) {
            pb_say("%sits options make the .meta's generate= line %zu characters long, over "
                   "the %d it holds; give fewer or shorter options",
                   place, len, PB_SWEEP_SETTING - 1);
            rc = PB_EXIT_USAGE;
            break;
        }
        pb_usage_place(place);
        c.tasks = 0;
        rc = g->run(g, argc, argv, 3);
        puzzles[k] = c.tasks;
    }
    pb_usage_place(NULL);
    pb_gen_set_caller(NULL);
    return rc;
}

/* What method k's .meta records of the sweep, as a solving sweep's .meta does, for a
 * reader of its records and for --list's estimate: the family, the sweep file, and the
 * method's own line as the sweep's key gives it ("generate=NAME: OPTIONS", whole:
 * check_methods refuses a longer one than a setting holds), since the .meta's command=
 * is the sweep's; lines[] points at them, NULL-ended (at most PB_GEN_META_LINES). */
static int method_settings(const pb_sweep_spec *s, const pb_sweep_opts *o, const pb_sweep_lines *m,
                           int k, pb_sweep_settings *st, const char **lines)
{
    char line[PB_SWEEP_SETTING];
    pb_sweep_settings_free(st);
    pb_sweep_setting(st, "family=%s", s->fam->name);
    pb_sweep_setting(st, "sweep=%s", o->source);
    pb_sweep_setting(st, "sweep_hash=%s", o->source_hash);
    method_line(m, k, line, sizeof line);
    pb_sweep_setting(st, "%s", line);
    for (int i = 0; i < st->n; i++) lines[i] = st->line[i];
    lines[st->n] = NULL;
    return st->failed ? (pb_say("sweep: out of memory"), PB_EXIT_FAILED) : 0;
}

/* Lists every method's command, then the estimate of its time (puzzles[k]: method k's
 * puzzles). 0, or the exit status. */
static int list_methods(const pb_sweep_spec *s, const pb_sweep_opts *o, const pb_sweep_lines *m,
                        const long *puzzles)
{
    if (pb_world_get()->rank) return 0;
    pb_sweep_method_run *runs = calloc((size_t)m->n, sizeof *runs);
    if (!runs) return pb_say("sweep: out of memory"), PB_EXIT_FAILED;
    int rc = 0;
    for (int k = 0; k < m->n; k++) {
        char path[PB_PATH_MAX], *argv[PB_LINES_MAX_WORDS + 16];
        const char *lines[PB_GEN_META_LINES + 1];
        const int argc = method_argv(s, o, m, k, path, sizeof path, argv);
        printf("%s-%s:", s->name, m->name[k]);
        for (int i = 0; i < argc; i++) printf(" %s", argv[i]);
        printf("\n");
        pb_sweep_method_run *r = &runs[k];
        snprintf(r->name, sizeof r->name, "%s-%s", s->name, m->name[k]);
        snprintf(r->meta, sizeof r->meta, "%s%s", r->name, s->gen.puzzles ? "/generate" : "");
        r->puzzles = puzzles[k];
        if ((rc = method_settings(s, o, m, k, &r->settings, lines))) break;
    }
    if (!rc) pb_sweep_list_methods_estimate(runs, m->n, o);
    for (int k = 0; k < m->n; k++) pb_sweep_settings_free(&runs[k].settings);
    free(runs);
    return rc;
}

/* What the line that stops the sweep at method k adds: the methods after it, which it
 * does not run ("" after the last). out has room for every method's name. */
static void not_run(const pb_sweep_lines *m, int k, char *out, size_t len)
{
    out[0] = '\0';
    if (k + 1 >= m->n) return;
    size_t at = (size_t)snprintf(out, len, "; the sweep stops, not running method%s",
                                 k + 2 < m->n ? "s" : "");
    for (int j = k + 1; j < m->n && at < len; j++)
        at += (size_t)snprintf(out + at, len - at, "%s %s", j > k + 1 ? "," : "", m->name[j]);
}

/* Runs every method. The exit status: the first that is not 0, where limits that a
 * method recorded and went past (--keep-going) are a result; its failure is not. */
static int run_methods(const pb_sweep_spec *s, const pb_sweep_opts *o, const pb_command *g,
                       const pb_sweep_lines *m)
{
    const pb_world *w = pb_world_get();
    if (mkdir(o->out_dir, 0777) && errno != EEXIST)
        return pb_say("sweep: cannot create %s: %s", o->out_dir, strerror(errno)), PB_EXIT_USAGE;
    pb_install_interrupt_handler(); /* a method's finished puzzles are kept */
    pb_sweep_settings *st = calloc(1, sizeof *st);
    if (!st) return pb_say("sweep: out of memory"), PB_EXIT_FAILED;
    const char *lines[PB_GEN_META_LINES + 1];
    char stops[PB_LINES_MAX * (PB_LINES_NAME_MAX + 2) + 64];
    pb_gen_caller c = {.as = "sweep", .meta = lines, .stops = stops};
    pb_gen_set_caller(&c);
    int rc = 0;
    for (int k = 0; k < m->n && !rc; k++) {
        char path[PB_PATH_MAX], *argv[PB_LINES_MAX_WORDS + 16];
        const int argc = method_argv(s, o, m, k, path, sizeof path, argv);
        not_run(m, k - 1, stops, sizeof stops);
        /* A signal between two methods: the next is not begun (its files not made). */
        if (pb_interrupted) {
            pb_say("sweep: interrupted%s", stops);
            rc = pb_interrupt_exit();
            break;
        }
        not_run(m, k, stops, sizeof stops);
        if ((rc = method_settings(s, o, m, k, st, lines))) break;
        c.went_on = 0;
        int32_t ended = g->run(g, argc, argv, 3);
        if (ended == PB_EXIT_LIMIT && c.went_on) ended = 0;
        /* Rank 0 alone knows how a method ended (the others made puzzles, and return
         * 0): every rank stops where it does, since a rank that went on to the next
         * method alone would wait for the others for good. */
        if (w->size > 1 && pb_world_bcast(&ended, sizeof ended, 0)) ended = PB_EXIT_FAILED;
        rc = ended;
        setenv("PB_LOAD_WARNED", "1", 1); /* the load is warned of once, for the first */
    }
    pb_gen_set_caller(NULL);
    pb_sweep_settings_free(st);
    free(st);
    return rc;
}

int pb_sweep_generate(const pb_sweep_spec *s, const pb_sweep_opts *o)
{
    const pb_family *owner = NULL;
    const pb_command *g = pb_generator_find(s->gen.generator, &owner);
    char at[600];
    if (!g || owner != s->fam) {
        pb_sweep_spec_where(s, "generator", o->source, at, sizeof at);
        return pb_say("sweep: %sfamily %s has no generator '%s' (see 'puzzlebench generate "
                      "--help')",
                      at, s->fam->name, s->gen.generator),
               PB_EXIT_USAGE;
    }
    int rc = pb_sweep_spec_only(s, o->source, "generation sweep", generation_keys);
    if (rc) return rc;
    pb_sweep_lines m;
    pb_error err = {0, ""};
    if (pb_gen_methods_read(s, g, &m, &err)) {
        pb_sweep_spec_where(s, pb_gen_methods_key(s), o->source, at, sizeof at);
        pb_say("sweep: %s%s", at, err.msg);
        rc = PB_EXIT_USAGE;
    } else {
        long puzzles[PB_LINES_MAX];
        rc = check_methods(s, o, g, &m, puzzles);
        if (!rc && o->list_only) rc = list_methods(s, o, &m, puzzles);
        /* Once every method is checked: a refused sweep has removed nothing. */
        if (!rc && !o->list_only) rc = pb_sweep_generate_earlier(s, o, &m);
        if (!rc && !o->list_only) rc = run_methods(s, o, g, &m);
    }
    pb_sweep_lines_free(&m);
    return rc;
}
