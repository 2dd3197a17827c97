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

/* Runs run n times back to back; the time they took, or a negative value when one
 * of them did not end PB_RUN_SAME (its end in *end, the time so far in *took). */
static double timed_runs(pb_run_once run, void *ctx, long n, pb_run_end *end, double *took)
{
    const double t0 = pb_now_s();
    for (long i = 0; i < n; i++)
        if ((*end = run(ctx)) != PB_RUN_SAME) {
            *took = pb_now_s() - t0;
            return -1;
        }
    return *took = pb_now_s() - t0;
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
static pb_run_end finish(pb_timing *t, int recorded, long runs, double first_s, pb_run_end end)
{
    if (!recorded) t->sample_s[recorded++] = first_s, runs = 1;
    t->samples = recorded;
    t->runs_per_sample = (int)runs;
    return pb_summarize(t->sample_s, recorded, &t->sum) ? PB_RUN_ERROR : end;
}

pb_run_end pb_measure(const pb_timing_opts *o, pb_run_once run, void *ctx, pb_timing *t)
{
    pb_run_end end = PB_RUN_SAME;
    double first, took;
    /* A run that stops short is timed once: its time is a lower bound. */
    if (timed_runs(run, ctx, 1, &end, &first) < 0)
        return end == PB_RUN_STOPPED ? finish(t, 0, 1, first, end) : end;
    long runs = 1;
    int recorded = 0;
    /* Without a warm-up the first run is a sample, if it is long enough to be one. */
    if (!o->warmup && first >= o->min_sample_s) t->sample_s[recorded++] = first;
    if ((end = calibrate(o, run, ctx, first, &runs)) != PB_RUN_SAME)
        return end == PB_RUN_STOPPED ? finish(t, recorded, runs, first, end) : end;
    double spent = recorded ? first : 0;
    while (recorded < o->samples && !(o->budget_s > 0 && recorded && spent >= o->budget_s)) {
        if (timed_runs(run, ctx, runs, &end, &took) < 0)
            return end == PB_RUN_STOPPED ? finish(t, recorded, runs, first, end) : end;
        t->sample_s[recorded++] = took / (double)runs;
        spent += took;
    }
    return finish(t, recorded, runs, first, PB_RUN_SAME);
}
