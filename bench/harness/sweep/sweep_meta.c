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

/* Appends to a settings line, cut at its end. */
static void append(char *line, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void append(char *line, const char *fmt, ...)
{
    size_t at = strlen(line);
    if (at + 1 >= PB_SWEEP_SETTING) return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line + at, PB_SWEEP_SETTING - at, fmt, ap);
    va_end(ap);
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

static void list_line(char *line, const char *key, const pb_list *l)
{
    append(line, "%s=", key);
    for (int i = 0; i < l->n; i++) append(line, "%s%s", i ? " " : "", l->item[i]);
}

void pb_sweep_settings_make(pb_sweep_settings *st, const pb_sweep_spec *s,
                            const pb_sweep_origin *origin)
{
    char(*x)[PB_SWEEP_SETTING] = st->line, hash[40];
    int k = 0;
    memset(st, 0, sizeof *st);
    append(x[k++], "sweep=%s", origin->source);
    append(x[k++], "sweep_hash=%s", origin->source_hash);
    append(x[k], "instances=");
    for (int i = 0; i < s->instances.n - s->collection.n; i++)
        append(x[k], "%s%s", i ? " " : "", origin->names[i]);
    k++;
    if (s->collection.found)
        append(x[k++], "collection=%s (%d puzzles of its manifest.csv)", s->collection.found,
               s->collection.n);
    instances_hash(s, hash, sizeof hash);
    append(x[k++], "instances_hash=%s", hash);
    append(x[k++], "family=%s", s->fam->name);
    append(x[k++], "quick=%d", s->quick);
    append(x[k++], "samples=%d", s->timing.samples);
    append(x[k++], "min_sample_time_s=%g", s->timing.min_sample_s);
    append(x[k++], "max_samples=%d", s->timing.max_samples);
    append(x[k++], "ci_target=%g", s->matrix.ci_target);
    append(x[k++], "warmup_s=%g", s->timing.warmup_s);
    append(x[k++], "slowdown=%g", s->timing.slowdown);
    append(x[k++], "seed=%d", s->matrix.seed);
    append(x[k], "step_limit=%llu", (unsigned long long)s->matrix.step_limit.all);
    for (int i = 0; i < s->matrix.step_limit.engines.n; i++)
        append(x[k], " %s=%llu", s->matrix.step_limit.engines.item[i],
               (unsigned long long)s->matrix.step_limit.of[i]);
    k++;
    append(x[k++], "time_limit_s=%g", s->time_limit);
    append(x[k], "params=");
    const char *sep = "";
    for (const pb_option *o = s->fam->options; o && o->name; o++) {
        char v[200];
        pb_option_value_text(o, s->params, v, sizeof v);
        if (v[0]) append(x[k], "%s%s:%s", sep, o->name, v), sep = " ";
    }
    k++;
    append(x[k++], "rep_budget_s=%g", s->timing.budget_s);
    append(x[k++], "speed_tolerance=%g", s->matrix.speed_tolerance);
    append(x[k++], "settle_time_s=%g", s->matrix.settle_s);
    list_line(x[k++], "engines", &s->matrix.engines);
    append(x[k++], "baseline=%s",
           s->baseline           ? s->baseline
           : s->matrix.engines.n ? s->matrix.engines.item[0]
                                 : "");
    list_line(x[k++], "orders", &s->matrix.orders);
    list_line(x[k++], "modes", &s->matrix.modes);
    append(x[k], "search_threads=");
    for (int i = 0; i < s->matrix.search_threads.n; i++)
        append(x[k], "%s%d", i ? " " : "", s->matrix.search_threads.v[i]);
    k++;
    /* params= above is the family's parameters: the engines' are engine_params=. */
    append(x[k], "engine_params=");
    for (int i = 0; i < s->matrix.engine_params.n; i++)
        append(x[k], "%s%s", i ? " " : "", s->matrix.engine_params.text[i]);
    k++;
    append(x[k], "engine_seeds=");
    for (int i = 0; i < s->matrix.engine_seeds.n; i++)
        append(x[k], "%s%llu", i ? " " : "", (unsigned long long)s->matrix.engine_seeds.v[i]);
    k++;
    if (s->matrix.max_lengths.n) { /* only a sweep of length bounds has these */
        append(x[k], "max_lengths=");
        for (int i = 0; i < s->matrix.max_lengths.n; i++)
            append(x[k], "%s%d", i ? " " : "", s->matrix.max_lengths.v[i]);
        k++;
        append(x[k++], "max_memory_bytes=%llu", (unsigned long long)s->matrix.max_bytes);
        append(x[k++], "stop_after_s=%g", s->stop_after_s);
    }
    if (s->matrix.family_sets.n) { /* only a sweep of family sets has it */
        append(x[k], "family_sets=");
        for (int i = 0; i < s->matrix.family_sets.n; i++)
            append(x[k], "%s%s", i ? " " : "", s->matrix.family_sets.text[i]);
        k++;
    }
    if (s->matrix.puzzles.n) { /* only a sweep of some puzzles has it */
        append(x[k], "only_puzzles=");
        for (int i = 0; i < s->matrix.puzzles.n; i++)
            append(x[k], "%s%llu", i ? " " : "", (unsigned long long)s->matrix.puzzles.v[i]);
        k++;
    }
    if (s->matrix.copies) { /* only a sweep of copies has them */
        append(x[k++], "copies=%d", s->matrix.copies);
        append(x[k++], "copies_seed=%d", s->matrix.copies_seed);
    }
    append(x[k++], "row_kind=%s", s->matrix.rows == PB_ROWS_PER_PUZZLE ? "per-puzzle" : "per-set");
    append(x[k++], "workers=%d", origin->workers);
    append(x[k++], "runs=%ld", origin->runs);
    st->n = k;
}

int pb_sweep_meta_save(const char *path, const pb_meta *m, const pb_sweep_settings *s,
                       char *const *run_lines, long rows, long runs, const char *status,
                       int in_place, char *err, size_t errlen)
{
    char rows_line[80], status_line[48];
    int n = 0, nrun = 0;
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
