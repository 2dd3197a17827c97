/* measure.c — the one timing method: warm-up, calibration of the runs per sample,
 * then samples of at least the minimum time each. */
#include "measure.h"

#include <math.h>
#include <stdio.h>

#include "core/limiter.h"

int pb_timing_check(const pb_timing_opts *o, char *why, size_t whylen)
{
    if (o->samples < 1 || o->samples > PB_MAX_SAMPLES)
        return snprintf(why, whylen, "samples must be 1 to %d, got %d", PB_MAX_SAMPLES, o->samples),
               -1;
    if (!(o->min_sample_s >= 0) || o->min_sample_s > 3600)
        return snprintf(why, whylen, "min-sample-time must be 0 to 3600 seconds, got %g",
                        o->min_sample_s),
               -1;
    if (!(o->budget_s >= 0))
        return snprintf(why, whylen, "rep-budget must be 0 or more seconds, got %g", o->budget_s),
               -1;
    return 0;
}

/* Runs run n times back to back, the time they took in *took. 0, or -1 when one of
 * them did not end PB_RUN_SAME (its end in *end, the time until then in *took). */
static int timed_runs(pb_run_once run, void *ctx, long n, pb_run_end *end, double *took)
{
    const double t0 = pb_now_s();
    int rc = 0;
    for (long i = 0; i < n && !rc; i++)
        if ((*end = run(ctx)) != PB_RUN_SAME) rc = -1;
    *took = pb_now_s() - t0;
    return rc;
}

/* Runs per sample so that a sample lasts at least min_s: grown from the first
 * run's time until one unrecorded trial sample is long enough (a cold first run
 * can be many times slower than the rest, so its time alone would undershoot). */
static pb_run_end calibrate(const pb_timing_opts *o, pb_run_once run, void *ctx, double first_s,
                            long *runs)
{
    *runs = 1;
    double per_run = first_s, took;
    for (int round = 0; round < 8 && per_run * (double)*runs < o->min_sample_s; round++) {
        double want = ceil(1.2 * o->min_sample_s / fmax(per_run, 1e-9));
        *runs = want > 1e9 ? 1000000000L : want < 1 ? 1 : (long)want;
        pb_run_end end = PB_RUN_SAME;
        if (timed_runs(run, ctx, *runs, &end, &took) < 0) return end;
        per_run = took / (double)*runs;
    }
    return PB_RUN_SAME;
}

/* Fills t from the samples taken; with none, the first run's time is the one. */
static pb_run_end finish(pb_measurer *m, pb_run_end end)
{
    pb_timing *t = m->t;
    if (!m->recorded) t->sample_s[m->recorded++] = m->first_s, m->runs = 1;
    t->samples = m->recorded;
    t->runs_per_sample = (int)m->runs;
    return pb_summarize(t->sample_s, m->recorded, &t->sum) ? PB_RUN_ERROR : end;
}

pb_run_end pb_measure_begin(pb_measurer *m, const pb_timing_opts *o, pb_run_once run, void *ctx,
                            pb_timing *t)
{
    *m = (pb_measurer){.o = o, .run = run, .ctx = ctx, .t = t, .runs = 1, .end = PB_RUN_SAME};
    t->ref_s = 0;
    /* A run that stops short is timed once: its time is a lower bound. */
    if (timed_runs(run, ctx, 1, &m->end, &m->first_s) < 0)
        return m->end == PB_RUN_STOPPED ? finish(m, m->end) : m->end;
    /* Without a warm-up the first run is a sample, if it is long enough to be one. */
    if (!o->warmup && m->first_s >= o->min_sample_s) {
        t->sample_s[m->recorded++] = m->first_s;
        m->spent = m->first_s;
    }
    if ((m->end = calibrate(o, run, ctx, m->first_s, &m->runs)) != PB_RUN_SAME)
        return m->end == PB_RUN_STOPPED ? finish(m, m->end) : m->end;
    return PB_RUN_SAME;
}

int pb_measure_wants_sample(const pb_measurer *m)
{
    const pb_timing_opts *o = m->o;
    return m->end == PB_RUN_SAME && m->recorded < o->samples &&
           !(o->budget_s > 0 && m->recorded && m->spent >= o->budget_s);
}

/* The stack shift of sample k: 5 samples fall 816 bytes apart over a 4 KiB page. */
static size_t stack_shift(int k)
{
    return (size_t)k * 816 % 4096;
}

/* Runs one sample with the stack shifted by shift bytes. Where a run's arrays on
 * the stack fall within a page changes its speed (4K aliasing of loads and stores,
 * cache sets): measured on this project's VM, one process in three ran some runs
 * 5-10% slower than the others did, by where its stack began. A different shift for
 * each sample puts that effect in the spread of one process's samples, where the
 * median and the statistics see it, instead of between processes, where nothing
 * does (Mytkowicz et al., "Producing wrong data without doing anything obviously
 * wrong!", ASPLOS 2009). */
static int shifted_runs(pb_measurer *m, size_t shift, double *took)
{
    volatile char pad[shift + 1];
    (void)pad;
    pad[0] = 0;
    const int rc = timed_runs(m->run, m->ctx, m->runs, &m->end, took);
    pad[shift] = 0; /* the frame stays until the runs are done */
    return rc;
}

pb_run_end pb_measure_sample(pb_measurer *m)
{
    double took;
    if (shifted_runs(m, stack_shift(m->recorded), &took) < 0) return m->end;
    m->t->sample_s[m->recorded++] = took / (double)m->runs;
    m->spent += took;
    return PB_RUN_SAME;
}

pb_run_end pb_measure_end(pb_measurer *m)
{
    if (m->end == PB_RUN_ERROR) return PB_RUN_ERROR;
    return finish(m, m->end);
}

void pb_measure_keep(pb_measurer *m, int keep)
{
    if (m->end != PB_RUN_SAME) return;
    for (; m->recorded > keep; m->recorded--)
        m->spent -= m->t->sample_s[m->recorded - 1] * (double)m->runs;
    if (m->spent < 0) m->spent = 0;
}

pb_run_end pb_measure(const pb_timing_opts *o, pb_run_once run, void *ctx, pb_timing *t)
{
    pb_measurer m;
    pb_run_end begun = pb_measure_begin(&m, o, run, ctx, t);
    if (begun != PB_RUN_SAME) return begun;
    while (pb_measure_wants_sample(&m) && pb_measure_sample(&m) == PB_RUN_SAME) {
    }
    return pb_measure_end(&m);
}
