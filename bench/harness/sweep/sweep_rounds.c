/* sweep_rounds.c — the one-process scheduler of a sweep: runs begun a block at a
 * time, then their samples in rounds (sample k of every run before sample k + 1 of
 * any), in a fresh seeded order every round, so that drift and bursts of load fall on
 * every run alike and the runs a comparison pairs can be compared round by round. The
 * runs of a pair whose time ratio is known less well than ci-target take further
 * rounds, up to max-samples. */
#include <math.h>
#include <omp.h>
#include <stdint.h>

#include "core/limiter.h"
#include "harness/base/exit.h"
#include "stats/paired.h"
#include "sweep_exec.h"

uint64_t pb_sweep_mix(uint64_t x)
{
    x += 0x9e3779b97f4a7c15ull;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    return x ^ (x >> 31);
}

/* e->order: the runs first .. end - 1 in round `round`'s order (Fisher-Yates, from
 * the sweep's seed and the round: the same seed gives the same orders). */
static void shuffle_round(pb_sweep_exec *e, long first, long end, int round)
{
    const long n = end - first;
    uint64_t state = pb_sweep_mix((uint64_t)e->seed ^ pb_sweep_mix((uint64_t)round + 1));
    for (long i = 0; i < n; i++) e->order[i] = first + i;
    for (long i = n - 1; i > 0; i--) {
        state = pb_sweep_mix(state);
        const long j = (long)(state % (uint64_t)(i + 1));
        const long t = e->order[i];
        e->order[i] = e->order[j], e->order[j] = t;
    }
}

/* Calls step for the runs first .. end - 1 (in e->order when shuffled) whose rows are
 * not in the files yet, while no signal came: the 1-thread runs `workers` at a time,
 * then the runs with more threads alone, so that their times are their own. */
static void for_range(pb_sweep_exec *e, long first, long end, int shuffled,
                      void (*step)(pb_sweep_exec *, long))
{
#pragma omp parallel num_threads(e->workers)
    {
        pb_binder_bind_thread(e->binder, omp_get_thread_num());
#pragma omp for schedule(dynamic, 1)
        for (long k = first; k < end; k++) {
            const long i = shuffled ? e->order[k - first] : k;
            if (e->plan->jobs[i].threads == 1 && !e->done[i] && !pb_interrupted) step(e, i);
        }
    }
    for (long k = first; k < end; k++) {
        const long i = shuffled ? e->order[k - first] : k;
        if (e->plan->jobs[i].threads > 1 && !e->done[i] && !pb_interrupted) step(e, i);
    }
}

/* The seconds a begun run's samples are expected to take. */
static double expected_s(const pb_sweep_exec *e, long i)
{
    const pb_measurer *m = &e->state[i].bm.m;
    if (e->done[i] || e->state[i].phase != JOB_SAMPLING) return 0;
    double s = (double)e->timing.samples * (double)m->runs * m->first_s;
    if (e->timing.budget_s > 0 && s > e->timing.budget_s) s = e->timing.budget_s;
    return e->plan->jobs[i].threads == 1 ? s / e->workers : s;
}

/* The samples of a run taken before round `round` (those of its first run count as
 * taken before every round). */
static int samples_before(const pb_measurer *m, int round)
{
    int n = 0;
    while (n < m->recorded && m->t->round[n] < round) n++;
    return n;
}

/* Says whether round k of the samples of runs first .. end - 1 stands, by the
 * machine's speed read after it: when it reads slower than the guard allows, the
 * machine is waited for (when settle-time allows a wait) and the round taken again
 * (at most twice); once the wait runs out the round stands. */
static int round_stands(pb_sweep_exec *e, long first, long end, int again)
{
    if (!e->ref_tried || e->ref_job < 0) return 1;
    if (!pb_speed_guard_due(&e->speed, pb_now_s())) return 1; /* the last reading stands */
    const double reading = pb_speed_guard_read(&e->speed);
    if (pb_speed_guard_steady(&e->speed, reading) || pb_interrupted) return 1;
    if (again == 2 || !(e->speed.settle_s > 0) ||
        !pb_speed_guard_settle(&e->speed, &pb_interrupted, e->quiet)) {
        e->speed.unsteady++;
        return 1;
    }
    e->speed.resampled++;
    for (long i = first; i < end; i++)
        if (!e->done[i] && e->state[i].phase == JOB_SAMPLING) {
            pb_measurer *m = &e->state[i].bm.m;
            pb_measure_keep(m, samples_before(m, e->round));
        }
    return 0;
}

/* Whether runs i and j are compared with each other: the same puzzles, mode and
 * threads (engines and orders differ). */
static int same_group(const job *a, const job *b)
{
    return a->instance == b->instance && a->puzzle == b->puzzle && a->threads == b->threads &&
           a->mode == b->mode && a->unique == b->unique;
}

/* The relative half-width of the 95% interval of the time ratio of two runs, from
 * their samples taken in the same rounds; INFINITY with fewer than 2 such pairs. */
static double pair_halfwidth(const pb_sweep_exec *e, const pb_measurer *a, const pb_measurer *b)
{
    double x[PB_MAX_SAMPLES], y[PB_MAX_SAMPLES];
    const int n = pb_pair_by_round(a->t->round, a->t->sample_s, a->recorded, b->t->round,
                                   b->t->sample_s, b->recorded, x, y);
    const pb_paired_logs l = pb_paired_log_stats(x, y, n);
    return l.n < 2 ? INFINITY : expm1(e->t95[l.n - 2] * l.se);
}

/* Marks in e->more the runs of first .. end - 1 that take a further round: both runs
 * of a pair whose ratio is known less well than ci-target, while both may sample on.
 * Returns whether any does. */
static int mark_more(pb_sweep_exec *e, long first, long end)
{
    int any = 0;
    for (long i = first; i < end; i++) e->more[i] = 0;
    if (!(e->ci_target > 0)) return 0;
    for (long i = first; i < end; i++) {
        const pb_measurer *a = &e->state[i].bm.m;
        if (e->done[i] || e->state[i].phase != JOB_SAMPLING || !pb_measure_can_sample(a)) continue;
        for (long j = i + 1; j < end; j++) {
            const pb_measurer *b = &e->state[j].bm.m;
            if (e->done[j] || e->state[j].phase != JOB_SAMPLING || !pb_measure_can_sample(b) ||
                !same_group(&e->plan->jobs[i], &e->plan->jobs[j]))
                continue;
            if (!(pair_halfwidth(e, a, b) <= e->ci_target)) e->more[i] = e->more[j] = 1, any = 1;
        }
    }
    return any;
}

/* Samples of runs first .. end - 1 in rounds, each guarded (round_stands): the
 * rounds every run takes, then further rounds while a pair wants them. Returns the
 * median reading of the machine's speed after the rounds, which the block's rows
 * keep. */
static double sample_rounds(pb_sweep_exec *e, long first, long end)
{
    double reading[PB_MAX_SAMPLES];
    const pb_timing_opts *o = &e->timing;
    const int most = o->max_samples > o->samples ? o->max_samples : o->samples;
    int n = 0;
    for (int k = 0; k < most && !pb_interrupted; k++) {
        if (k >= o->samples && !mark_more(e, first, end)) break;
        e->round = e->rounds_before + k;
        for (int again = 0;; again++) {
            shuffle_round(e, first, end, e->round);
            for_range(e, first, end, 1, pb_sweep_sample_job);
            if (round_stands(e, first, end, again)) break;
        }
        reading[n++] = e->speed.last_s;
        for (long i = first; !e->quiet && k < o->samples && i < end; i++)
            if (!e->done[i]) pb_progress_step(&e->progress);
    }
    e->rounds_before += n;
    return n ? pb_median_sort(reading, n) : e->speed.last_s;
}

/* One block from run first: runs begun (first run and calibration) a few at a time
 * until the block holds opts->block runs or PB_SWEEP_BLOCK_S seconds of expected
 * samples, and then the rest of the last one's instance (so that the runs a
 * comparison pairs share their rounds); then its samples in rounds, then its rows
 * written. Returns the end of the block. */
static long run_block(pb_sweep_exec *e, pb_sweep_writer *w, long first)
{
    long end = first;
    double expect = 0;
    while (end < e->plan->njobs && end - first < e->block && expect < PB_SWEEP_BLOCK_S &&
           !pb_interrupted) {
        long wave = end + 2L * e->workers;
        if (wave > first + e->block) wave = first + e->block;
        if (wave > e->plan->njobs) wave = e->plan->njobs;
        for_range(e, end, wave, 0, pb_sweep_begin_job);
        for (long i = end; i < wave; i++) expect += expected_s(e, i);
        end = wave;
    }
    long rest = end;
    while (rest < e->plan->njobs && e->plan->jobs[rest].instance == e->plan->jobs[end - 1].instance)
        rest++;
    if (rest > end && !pb_interrupted) for_range(e, end, rest, 0, pb_sweep_begin_job);
    end = rest;
    const double ref_s = sample_rounds(e, first, end);
    e->round = -1;
    for (long i = first; i < end; i++) {
        pb_sweep_end_job(e, i);
        e->rows[i].timing.ref_s = ref_s;
    }
    pb_sweep_write_rows(w, e, first, end);
    return end;
}

void pb_sweep_rounds_run(pb_sweep_exec *e, pb_sweep_writer *w)
{
    long todo = e->plan->njobs - w->written;
    for (int df = 1; df <= PB_MAX_SAMPLES; df++) e->t95[df - 1] = pb_t_quantile(0.95, df);
    if (!e->quiet) {
        pb_progress_begin(&e->progress, e->plan->name, "samples",
                          (uint64_t)(todo * (1 + (long)e->timing.samples)), 0);
        pb_progress_note(&e->progress, e->earlier);
    }
    (void)pb_sweep_ref_start(e); /* without one the sweep runs unguarded, and says so */
    for (long i = 0; i < e->plan->njobs && !pb_interrupted && !w->write_failed;)
        i = run_block(e, w, i);
    if (!e->quiet) pb_progress_end(&e->progress);
}
