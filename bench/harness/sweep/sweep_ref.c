/* sweep_ref.c — the run a sweep reads the machine's speed by (speed_guard.h): the
 * first of its first 32 one-thread runs that takes 5 us to 1 ms (else the longest
 * under 1 ms), timed again (three samples of 10 ms, the median) between rounds. A
 * run of the sweep's own engines slows as they do: a loop of dependent multiplies,
 * tried first, read the same while the engines slowed down (a busy host slows
 * code that keeps many units busy more than a chain of dependent arithmetic). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "harness/base/exit.h"
#include "sweep_exec.h"

/* The runs tried for the reference, and the times that fit it: long enough to be a
 * search rather than the call around one, short enough to read in 30 ms. */
enum { TRIED = 32 };
#define SHORTEST_RUN_S 5e-6
#define LONGEST_RUN_S  1e-3

/* One sample of the reference's time per run; NAN when a run did not finish alike. */
static double sample_ref(pb_sweep_exec *e)
{
    pb_measurer *m = &e->ref.bm.m;
    pb_measure_keep(m, 0);
    return pb_measure_sample(m, -1) == PB_RUN_SAME ? m->t->sample_s[0] : NAN;
}

static double read_ref(void *ctx)
{
    double t[3];
    for (int k = 0; k < 3; k++)
        if (isnan(t[k] = sample_ref(ctx))) return NAN;
    return pb_median_sort(t, 3);
}

/* Begins run i as the reference; its time per run (one sample), or -1 when it is
 * no fit (it did not finish alike, or took longer than LONGEST_RUN_S). */
static double begin_ref(pb_sweep_exec *e, long i)
{
    job_state *st = &e->ref;
    const job *j = &e->plan->jobs[i];
    if (j->threads != 1) return -1;
    st->set = pb_sweep_job_set(e->plan, j);
    st->batch = pb_sweep_job_batch(e->plan, j, &st->set, e->binder);
    /* A candidate that runs long is no fit: stop it early rather than wait it out. */
    st->batch.how.limits.max_seconds = 10 * LONGEST_RUN_S;
    pb_batch_result first;
    pb_run_end end = pb_batch_measure_begin(&st->bm, &st->batch, &e->ref_opts, &first,
                                            &e->ref_timing, st->why, sizeof st->why);
    if (end == PB_RUN_ERROR) return -1;
    pb_batch_free(&first);
    if (end != PB_RUN_SAME) return -1;
    /* The first run alone is cold: many times slower. A run far too short is told by
     * one sample, where the median of three would read each candidate three times. */
    const double once = sample_ref(e);
    if (isnan(once)) return -1;
    const double s = once < SHORTEST_RUN_S / 2 ? once : read_ref(e);
    return s <= LONGEST_RUN_S ? s : -1;
}

int pb_sweep_ref_start(pb_sweep_exec *e)
{
    static const pb_timing_opts once = {.samples = PB_MAX_SAMPLES, .min_sample_s = 0.010};
    e->ref_opts = once;
    e->ref_tried = 1;
    e->ref_job = -1;
    long longest = -1;
    double longest_s = 0;
    for (long i = 0; i < e->plan->njobs && i < TRIED && e->ref_job < 0 && !pb_interrupted; i++) {
        const double s = begin_ref(e, i);
        if (s >= SHORTEST_RUN_S) e->ref_job = i;
        if (s > longest_s) longest = i, longest_s = s;
    }
    if (e->ref_job < 0 && longest >= 0 && begin_ref(e, longest) >= 0) e->ref_job = longest;
    if (e->ref_job < 0) return -1;
    if (!pb_speed_guard_start(&e->speed, e->settle_s, e->speed_tolerance, read_ref, e)) return 0;
    e->ref_job = -1;
    return -1;
}

/* The reference run's .meta line, whole: its key names the run with its parameter
 * setting, which can be long. */
static void ref_line(const pb_sweep_exec *e, char *out, size_t len)
{
    if (e->ref_job < 0) {
        snprintf(out, len,
                 "ref_run=none (none of the first %d runs finished within %g s: not guarded)",
                 TRIED, LONGEST_RUN_S);
        return;
    }
    char key[PB_SWEEP_KEY_MAX];
    pb_sweep_job_key((void *)e->plan, e->ref_job, key, sizeof key);
    snprintf(out, len, "ref_run=%ld (%s)", e->ref_job, key);
}

int pb_sweep_ref_lines(const pb_sweep_exec *e, char *ref, size_t reflen, char (*lines)[160])
{
    if (!e || !e->ref_tried) return 0;
    ref_line(e, ref, reflen);
    return e->ref_job < 0 ? 1 : 1 + pb_speed_guard_lines(&e->speed, lines);
}
