/* sweep_estimate.c — `sweep --list`'s estimate of a sweep's time: what the earlier run
 * of the same sweep in the output folder took, by its .meta, scaled to this sweep's
 * runs, and whether its settings were these; a generation sweep's, method by method; a
 * tool sweep's by its rows. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "harness/base/exit.h"
#include "harness/base/sizes.h"
#include "harness/io/progress.h"
#include "harness/io/readfile.h"
#include "harness/meta/meta.h"
#include "sweep_meta.h"

/* The first of the settings that the earlier .meta (text) records differently, or
 * NULL when they all agree (the sweep file's path may differ: its hash is checked). */
static const char *differing_setting(const pb_sweep_settings *now, const pb_sweep_opts *o,
                                     const char *text, char *key, size_t len)
{
    const char *differs = NULL;
    for (int i = 0; i < now->n && !differs; i++) {
        const char *line = now->line[i];
        if (!line) continue; /* not made (out of memory): nothing to compare */
        size_t k = strcspn(line, "=");
        snprintf(key, len, "%.*s", (int)k, line);
        if (!strcmp(key, "sweep")) continue;
        if (!pb_meta_value_is(text, key, line + k + 1)) differs = key;
    }
    if (!differs && !pb_meta_value_is(text, "bind", o->bind)) differs = strcpy(key, "bind");
    return differs;
}

/* The sweep whose earlier run is looked for: its name (NAME of DIR/NAME.meta), runs,
 * settings and options. */
typedef struct earlier {
    const char *name;
    long runs;
    const pb_sweep_settings *settings;
    const pb_sweep_opts *o;
} earlier;

/* What the earlier run of this sweep in the output folder took: the line --list prints
 * after "time: ", and in *scaled the time for this sweep's runs (0 when none is known),
 * with *differs set when a setting was not the same. 1 when it has a .meta, else 0. */
static int earlier_run(const earlier *c, char *line, size_t len, double *scaled, int *differs)
{
    char path[PB_PATH_EXT_MAX], err[PB_MSG_LONG_MAX], key[64], took[48], whole[48];
    size_t size, n;
    *scaled = 0, *differs = 0;
    snprintf(path, sizeof path, "%s/%s.meta", c->o->out_dir, c->name);
    if (c->o->out_new) {
        snprintf(line, len,
                 "no earlier run to estimate it from (--out DIR names the folder of one)");
        return 0;
    }
    struct stat st; /* not a probe by fopen: one of a FIFO would wait for a writer */
    if (stat(path, &st)) {
        snprintf(line, len, "no earlier run in %s/ to estimate it from", c->o->out_dir);
        return 0;
    }
    char *text = pb_read_file(path, &size, err, sizeof err);
    if (!text) {
        snprintf(line, len, "not known (%s)", err);
        return 1;
    }
    const char *elapsed = pb_meta_value(text, "elapsed_s", &n);
    const char *commit = pb_meta_value(text, "commit", &n);
    const int commit_n = commit ? (int)(n < 7 ? n : 7) : 0;
    long rows = 0, runs = 0;
    const char *r = pb_meta_value(text, "rows", &n);
    if (r) sscanf(r, "%ld of %ld", &rows, &runs);
    const double s = elapsed ? strtod(elapsed, NULL) : 0;
    if (!(s > 0) || rows <= 0) {
        snprintf(line, len, "the earlier run in %s records no time to estimate it from", path);
    } else {
        *scaled = s * (double)c->runs / (double)rows;
        pb_progress_duration(*scaled, took, sizeof took);
        pb_progress_duration(s, whole, sizeof whole);
        const char *setting = differing_setting(c->settings, c->o, text, key, sizeof key);
        *differs = setting != NULL;
        snprintf(line, len,
                 "about %s (the earlier run in %s, at commit %.*s, took %s for %ld of its "
                 "%ld rows)%s%s%s",
                 took, path, commit_n, commit ? commit : "", whole, rows, runs,
                 setting ? "; its setting " : "", setting ? setting : "",
                 setting ? " differs, so this is only a rough guide" : "");
    }
    free(text);
    return 1;
}

void pb_sweep_list_estimate(const pb_sweep_spec *spec, long runs, const pb_sweep_settings *st,
                            const pb_sweep_opts *o)
{
    const pb_timing_opts *t = &spec->timing;
    printf("%ld run%s, %d sample%s each", runs, runs == 1 ? "" : "s", t->samples,
           t->samples == 1 ? "" : "s");
    if (spec->matrix.ci_target > 0 && t->max_samples > t->samples)
        printf(" (up to %d while a pair's ratio is known less well than +-%g%%)", t->max_samples,
               100 * spec->matrix.ci_target);
    printf("\n");
    pb_sweep_list_time(spec->name, runs, st, o);
}

void pb_sweep_list_time(const char *name, long runs, const pb_sweep_settings *st,
                        const pb_sweep_opts *o)
{
    const earlier c = {name, runs, st, o};
    char line[PB_MSG_LONG_MAX + PB_PATH_EXT_MAX];
    double scaled;
    int differs;
    earlier_run(&c, line, sizeof line, &scaled, &differs);
    pb_stdout_wrote(printf("time: %s\n", line)); /* the listing's last line */
}

void pb_sweep_list_methods_estimate(const pb_sweep_method_run *m, int n, const pb_sweep_opts *o)
{
    char line[PB_MSG_LONG_MAX + PB_PATH_EXT_MAX], took[48];
    double scaled, all = 0;
    int differs, found = 0, known = 0;
    long puzzles = 0;
    for (int k = 0; k < n; k++) {
        const earlier c = {m[k].meta, m[k].puzzles, &m[k].settings, o};
        found += earlier_run(&c, line, sizeof line, &scaled, &differs);
        puzzles += m[k].puzzles;
    }
    printf("%d method%s, %ld puzzle%s\n", n, n == 1 ? "" : "s", puzzles, puzzles == 1 ? "" : "s");
    if (!found) { /* as a solving sweep says it: no method has run here */
        pb_stdout_wrote(printf("time: %s\n", line));
        return;
    }
    for (int k = 0; k < n; k++) {
        const earlier c = {m[k].meta, m[k].puzzles, &m[k].settings, o};
        earlier_run(&c, line, sizeof line, &scaled, &differs);
        printf("time: %s: %s\n", m[k].name, line);
        all += scaled, known += scaled > 0;
    }
    if (known < n) return;
    pb_progress_duration(all, took, sizeof took);
    pb_stdout_wrote(printf("time: about %s in all\n", took)); /* the listing's last line */
}

void pb_sweep_note_earlier(const char *name, long runs, const pb_sweep_settings *st,
                           const pb_sweep_opts *o, char *out, size_t len)
{
    const earlier c = {name, runs, st, o};
    char line[PB_MSG_LONG_MAX + PB_PATH_EXT_MAX], took[48];
    double scaled;
    int differs;
    out[0] = 0;
    earlier_run(&c, line, sizeof line, &scaled, &differs);
    if (!(scaled > 0)) return;
    pb_progress_duration(scaled, took, sizeof took);
    snprintf(out, len, "by the earlier run about %s in all%s", took,
             differs ? " (other settings)" : "");
}
