/* sweep_meta.c — the settings lines of a sweep's .meta, the hashes that tie it to its
 * inputs, and the .meta written with the sweep's row count and status. */
#include "sweep_meta.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "harness/io/readfile.h"
#include "sweep.h"

/* FNV-1a, 64 bits: a content check, not a defence against a forger. */
static uint64_t fnv1a(uint64_t h, const void *data, size_t len)
{
    const unsigned char *p = data;
    for (size_t i = 0; i < len; i++) h = (h ^ p[i]) * 0x100000001b3ULL;
    return h;
}

#define FNV_START 0xcbf29ce484222325ULL

void pb_sweep_hash_text(const char *text, size_t len, char *out, size_t outlen)
{
    snprintf(out, outlen, "fnv1a64:%016llx", (unsigned long long)fnv1a(FNV_START, text, len));
}

/* Appends fmt's text to *line (NULL: none yet), grown to hold it whole. 0, or -1
 * (out of memory: *line as it was). */
static int grow(char **line, const char *fmt, va_list ap)
{
    va_list again;
    va_copy(again, ap);
    const int more = vsnprintf(NULL, 0, fmt, ap);
    const size_t at = *line ? strlen(*line) : 0;
    char *bigger = more < 0 ? NULL : realloc(*line, at + (size_t)more + 1);
    if (bigger) vsnprintf(bigger + at, (size_t)more + 1, fmt, again), *line = bigger;
    va_end(again);
    return bigger ? 0 : -1;
}

void pb_sweep_setting(pb_sweep_settings *s, const char *fmt, ...)
{
    if (s->n == PB_SWEEP_SETTINGS) { /* a kind's lines are counted: never so */
        s->failed = 1;
        return;
    }
    va_list ap;
    va_start(ap, fmt);
    if (grow(&s->line[s->n++], fmt, ap)) s->failed = 1;
    va_end(ap);
}

void pb_sweep_setting_more(pb_sweep_settings *s, const char *fmt, ...)
{
    if (!s->n) {
        s->failed = 1;
        return;
    }
    va_list ap;
    va_start(ap, fmt);
    if (grow(&s->line[s->n - 1], fmt, ap)) s->failed = 1;
    va_end(ap);
}

void pb_sweep_settings_free(pb_sweep_settings *s)
{
    for (int i = 0; i < s->n; i++) free(s->line[i]);
    memset(s, 0, sizeof *s);
}

/* The hash of the instances: the bytes of those that are files, so that a resume
 * notices a puzzle file that changed under the same name, and the others as given. */
static void instances_hash(const pb_sweep_spec *s, char *out, size_t len)
{
    uint64_t h = FNV_START;
    for (int i = 0; i < s->instances.n; i++) {
        const char *it = s->instances.item[i];
        struct stat st;
        char err[300];
        size_t n = 0;
        char *text =
            stat(it, &st) || !S_ISREG(st.st_mode) ? NULL : pb_read_file(it, &n, err, sizeof err);
        h = text ? fnv1a(h, text, n) : fnv1a(h, it, strlen(it));
        h = fnv1a(h, "", 1); /* one instance ends */
        free(text);
    }
    snprintf(out, len, "fnv1a64:%016llx", (unsigned long long)h);
}

static void list_line(pb_sweep_settings *st, const char *key, const pb_list *l)
{
    pb_sweep_setting(st, "%s=", key);
    for (int i = 0; i < l->n; i++) pb_sweep_setting_more(st, "%s%s", i ? " " : "", l->item[i]);
}

void pb_sweep_settings_make(pb_sweep_settings *st, const pb_sweep_spec *s,
                            const pb_sweep_origin *origin)
{
    char hash[40];
    pb_sweep_settings_free(st);
    pb_sweep_setting(st, "sweep=%s", origin->source);
    pb_sweep_setting(st, "sweep_hash=%s", origin->source_hash);
    pb_sweep_setting(st, "instances=");
    for (int i = 0; i < s->instances.n - s->collection.n; i++)
        pb_sweep_setting_more(st, "%s%s", i ? " " : "", origin->names[i]);
    if (s->collection.found)
        pb_sweep_setting(st, "collection=%s (%d puzzles of its manifest.csv)", s->collection.found,
                         s->collection.n);
    instances_hash(s, hash, sizeof hash);
    pb_sweep_setting(st, "instances_hash=%s", hash);
    pb_sweep_setting(st, "family=%s", s->fam->name);
    pb_sweep_setting(st, "quick=%d", s->quick);
    pb_sweep_setting(st, "samples=%d", s->timing.samples);
    pb_sweep_setting(st, "min_sample_time_s=%g", s->timing.min_sample_s);
    pb_sweep_setting(st, "max_samples=%d", s->timing.max_samples);
    pb_sweep_setting(st, "ci_target=%g", s->matrix.ci_target);
    pb_sweep_setting(st, "warmup_s=%g", s->timing.warmup_s);
    pb_sweep_setting(st, "slowdown=%g", s->timing.slowdown);
    pb_sweep_setting(st, "seed=%d", s->matrix.seed);
    pb_sweep_setting(st, "step_limit=%llu", (unsigned long long)s->matrix.step_limit.all);
    for (int i = 0; i < s->matrix.step_limit.engines.n; i++)
        pb_sweep_setting_more(st, " %s=%llu", s->matrix.step_limit.engines.item[i],
                              (unsigned long long)s->matrix.step_limit.of[i]);
    pb_sweep_setting(st, "time_limit_s=%g", s->time_limit);
    pb_sweep_setting(st, "params=");
    const char *sep = "";
    for (const pb_option *o = s->fam->options; o && o->name; o++) {
        char v[200];
        pb_option_value_text(o, s->params, v, sizeof v);
        if (v[0]) pb_sweep_setting_more(st, "%s%s:%s", sep, o->name, v), sep = " ";
    }
    pb_sweep_setting(st, "rep_budget_s=%g", s->timing.budget_s);
    pb_sweep_setting(st, "speed_tolerance=%g", s->matrix.speed_tolerance);
    pb_sweep_setting(st, "settle_time_s=%g", s->matrix.settle_s);
    list_line(st, "engines", &s->matrix.engines);
    pb_sweep_setting(st, "baseline=%s",
                     s->baseline           ? s->baseline
                     : s->matrix.engines.n ? s->matrix.engines.item[0]
                                           : "");
    list_line(st, "orders", &s->matrix.orders);
    list_line(st, "modes", &s->matrix.modes);
    pb_sweep_setting(st, "search_threads=");
    for (int i = 0; i < s->matrix.search_threads.n; i++)
        pb_sweep_setting_more(st, "%s%d", i ? " " : "", s->matrix.search_threads.v[i]);
    /* params= above is the family's parameters: the engines' are engine_params=. */
    pb_sweep_setting(st, "engine_params=");
    for (int i = 0; i < s->matrix.engine_params.n; i++)
        pb_sweep_setting_more(st, "%s%s", i ? " " : "", s->matrix.engine_params.text[i]);
    pb_sweep_setting(st, "engine_seeds=");
    for (int i = 0; i < s->matrix.engine_seeds.n; i++)
        pb_sweep_setting_more(st, "%s%llu", i ? " " : "",
                              (unsigned long long)s->matrix.engine_seeds.v[i]);
    if (s->matrix.max_lengths.n) { /* only a sweep of length bounds has these */
        pb_sweep_setting(st, "max_lengths=");
        for (int i = 0; i < s->matrix.max_lengths.n; i++)
            pb_sweep_setting_more(st, "%s%d", i ? " " : "", s->matrix.max_lengths.v[i]);
        pb_sweep_setting(st, "max_memory_bytes=%llu", (unsigned long long)s->matrix.max_bytes);
        pb_sweep_setting(st, "stop_after_s=%g", s->stop_after_s);
    }
    if (s->matrix.family_sets.n) { /* only a sweep of family sets has it */
        pb_sweep_setting(st, "family_sets=");
        for (int i = 0; i < s->matrix.family_sets.n; i++)
            pb_sweep_setting_more(st, "%s%s", i ? " " : "", s->matrix.family_sets.text[i]);
    }
    if (s->matrix.puzzles.n) { /* only a sweep of some puzzles has it */
        pb_sweep_setting(st, "only_puzzles=");
        for (int i = 0; i < s->matrix.puzzles.n; i++)
            pb_sweep_setting_more(st, "%s%llu", i ? " " : "",
                                  (unsigned long long)s->matrix.puzzles.v[i]);
    }
    if (s->matrix.copies) { /* only a sweep of copies has them */
        pb_sweep_setting(st, "copies=%d", s->matrix.copies);
        pb_sweep_setting(st, "copies_seed=%d", s->matrix.copies_seed);
    }
    pb_sweep_setting(st, "row_kind=%s",
                     s->matrix.rows == PB_ROWS_PER_PUZZLE ? "per-puzzle" : "per-set");
    pb_sweep_setting(st, "workers=%d", origin->workers);
    pb_sweep_setting(st, "runs=%ld", origin->runs);
}

int pb_sweep_meta_save(const char *path, const pb_meta *m, const pb_sweep_settings *s,
                       char *const *run_lines, long rows, long runs, const char *status,
                       int in_place, char *err, size_t errlen)
{
    char rows_line[80], status_line[48];
    int n = 0, nrun = 0;
    if (s->failed) return snprintf(err, errlen, "%s: out of memory", path), -1;
    while (run_lines && run_lines[nrun]) nrun++;
    const char **extra = malloc(((size_t)s->n + (size_t)nrun + 3) * sizeof *extra);
    if (!extra) return snprintf(err, errlen, "%s: out of memory", path), -1;
    for (int i = 0; i < s->n; i++) extra[n++] = s->line[i];
    for (int i = 0; i < nrun; i++) extra[n++] = run_lines[i];
    snprintf(rows_line, sizeof rows_line, "rows=%ld of %ld%s", rows, runs,
             strcmp(status, "interrupted") ? "" : " (interrupted)");
    snprintf(status_line, sizeof status_line, "status=%s", status);
    extra[n++] = rows_line;
    extra[n++] = status_line;
    extra[n] = NULL;
    int rc = in_place ? pb_meta_save_in_place(path, m, extra, err, errlen)
                      : pb_meta_save(path, m, extra, err, errlen);
    free(extra);
    return rc;
}
