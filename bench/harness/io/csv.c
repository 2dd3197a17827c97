/* csv.c — writing result rows, their timing columns and their raw samples as CSV,
 * atomically. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "csv.h"
#include "harness/measure/stop.h"
#include "outfile.h"
#include "harness/base/sizes.h"
#include "harness/base/text.h"

const char pb_csv_header[] =
    "family,instance,cells,engine,order,mode,threads,params,engine_seed,rep,status,solutions,"
    "steps,placements,backtracks,candidates,guesses,learnts,restarts,wall_s,"
    "puzzles";

const char pb_csv_timing_header[] = ",run_id,row,samples,runs_per_sample,min_s,median_s,mean_s,"
                                    "stddev_s,cv,median_lo_s,median_hi_s,noisy,ref_s,"
                                    "cpu_s,peak_rss_bytes,stop,time_limit_s";

const char pb_csv_samples_header[] = "run_id,row,sample,runs,wall_s,round,process,cpu_s";

/* A statistic that one sample does not define is an empty field. */
static void put_defined(FILE *f, const char *fmt, double v)
{
    fputc(',', f);
    if (!isnan(v)) fprintf(f, fmt, v);
}

void pb_csv_timing_write(FILE *f, const char *run_id, long row, const pb_timing *t)
{
    const pb_summary *s = &t->sum;
    fprintf(f, ",%s,%ld,%d,%d,%.9g,%.9g,%.9g", run_id, row, t->samples, t->runs_per_sample, s->min,
            s->median, s->mean);
    put_defined(f, "%.9g", s->stddev);
    /* noisy is decided on the cv as written: a cv of 0.050002 is written 0.05, and a
     * reader checking noisy against cv > 0.05 must find them agree. */
    char cv[32] = "";
    if (!isnan(s->cv)) snprintf(cv, sizeof cv, "%.4g", s->cv);
    fprintf(f, ",%s", cv);
    put_defined(f, "%.9g", s->median_lo);
    put_defined(f, "%.9g", s->median_hi);
    fprintf(f, ",%d", *cv && strtod(cv, NULL) > PB_NOISY_CV);
    put_defined(f, "%.6g", t->ref_s > 0 ? t->ref_s : NAN);
    put_defined(f, "%.9g", t->cpu_median_s);
    fputc(',', f);
    if (t->peak_rss_bytes) fprintf(f, "%llu", (unsigned long long)t->peak_rss_bytes);
    fprintf(f, ",%s,%.9g", pb_stop_name((pb_stop)t->stop), t->time_limit_s);
}

void pb_csv_sample_write(FILE *f, const char *run_id, long row, int k, const pb_timing *t)
{
    fprintf(f, "%s,%ld,%d,%d,%.9g,", run_id, row, k, t->runs_per_sample, t->sample_s[k]);
    if (t->round[k] >= 0) fprintf(f, "%d", t->round[k]);
    fputc(',', f);
    if (t->process[k] > 0) fprintf(f, "%d", t->process[k]); /* empty: the file's own */
    put_defined(f, "%.9g", t->cpu_s[k]);
    fputc('\n', f);
}

void pb_csv_samples_path(const char *csv_path, char *out, size_t len)
{
    size_t n = strlen(csv_path);
    if (pb_has_suffix(csv_path, ".csv")) n -= 4;
    snprintf(out, len, "%.*s.samples.csv", (int)n, csv_path);
}

typedef struct csv_ctx {
    const char *run_id;
    const pb_row *rows;
    const unsigned char *done;
    long n;
} csv_ctx;

static int fill_csv(FILE *f, void *p)
{
    const csv_ctx *c = p;
    fprintf(f, "%s%s\n", pb_csv_header, pb_csv_timing_header);
    return pb_csv_rows_write(f, c->run_id, c->rows, c->done, c->n);
}

void pb_csv_field(FILE *f, const char *s)
{
    if (!strpbrk(s, ",\"\r\n")) {
        fputs(s, f);
        return;
    }
    fputc('"', f);
    for (; *s; s++) {
        if (*s == '"') fputc('"', f);
        fputc(*s, f);
    }
    fputc('"', f);
}

void pb_csv_key_write(FILE *f, const char *family, const char *instance, int cells,
                      const char *engine, const char *order, const char *mode, int threads,
                      const char *params, const char *engine_seed)
{
    pb_csv_field(f, family);
    fputc(',', f);
    pb_csv_field(f, instance);
    fprintf(f, ",%d,", cells);
    pb_csv_field(f, engine);
    fputc(',', f);
    pb_csv_field(f, order);
    fputc(',', f);
    pb_csv_field(f, mode);
    fprintf(f, ",%d,", threads);
    pb_csv_field(f, params);
    fputc(',', f);
    pb_csv_field(f, engine_seed);
}

int pb_csv_rows_write(FILE *f, const char *run_id, const pb_row *rows, const unsigned char *done,
                      long n)
{
    const csv_ctx cc = {run_id, rows, done, n}, *c = &cc;
    for (long i = 0; i < c->n; i++) {
        if (c->done && !c->done[i]) continue;
        const pb_row *r = &c->rows[i];
        const pb_stats *s = &r->stats;
        /* rep stays for readers of the older format: one row now holds every sample. */
        char count[PB_COUNT_CHARS]; /* 128 bits: printf has no conversion for it */
        pb_csv_key_write(f, r->family, r->instance, r->cells, r->engine, r->order, r->mode,
                         r->threads, r->params, r->engine_seed);
        fprintf(f, ",0,%s,%s,%llu,%llu,%llu,%llu,%llu,%llu,%llu,%.9g,%d", pb_status_name(r->status),
                pb_count_format(s->solutions, count), (unsigned long long)s->steps,
                (unsigned long long)s->placements, (unsigned long long)s->backtracks,
                (unsigned long long)s->candidates, (unsigned long long)s->guesses,
                (unsigned long long)s->learnts, (unsigned long long)s->restarts,
                r->timing.sum.median, r->puzzles);
        pb_csv_timing_write(f, c->run_id, r->row, &r->timing);
        fputs(r->extra, f);
        fputc('\n', f);
    }
    return ferror(f) ? -1 : 0;
}

static int fill_samples(FILE *f, void *p)
{
    const csv_ctx *c = p;
    fprintf(f, "%s\n", pb_csv_samples_header);
    return pb_csv_samples_write(f, c->run_id, c->rows, c->done, c->n);
}

int pb_csv_samples_write(FILE *f, const char *run_id, const pb_row *rows, const unsigned char *done,
                         long n)
{
    const csv_ctx cc = {run_id, rows, done, n}, *c = &cc;
    for (long i = 0; i < c->n; i++) {
        if (c->done && !c->done[i]) continue;
        const pb_row *r = &c->rows[i];
        for (int k = 0; k < r->timing.samples; k++)
            pb_csv_sample_write(f, c->run_id, r->row, k, &r->timing);
    }
    return ferror(f) ? -1 : 0;
}

static int samples_write(const char *path, const char *run_id, const pb_row *rows,
                         const unsigned char *done, long n, char *err, size_t errlen)
{
    csv_ctx c = {run_id, rows, done, n};
    return pb_write_file_atomic(path, fill_samples, &c, err, errlen);
}

int pb_csv_write(const char *path, const char *run_id, const pb_row *rows,
                 const unsigned char *done, long n, char *err, size_t errlen)
{
    char samples[PB_PATH_EXT_MAX];
    csv_ctx c = {run_id, rows, done, n};
    pb_csv_samples_path(path, samples, sizeof samples);
    /* The samples first: a CSV on disk always has the samples it was computed from. */
    if (samples_write(samples, run_id, rows, done, n, err, errlen)) return -1;
    return pb_write_file_atomic(path, fill_csv, &c, err, errlen);
}
