/* sweep_rounds.c — the one-process scheduler of a sweep: runs begun a block at a
 * time, then their samples in rounds (sample k of every run before sample k + 1 of
 * any), in a fresh seeded order every round, so that drift and bursts of load fall on
 * every run alike and the runs a comparison pairs can be compared round by round. The
 * runs of a pair whose time ratio is known less well than ci-target take further
 * rounds, up to max-samples. */
#include <math.h>
#include <omp.h>
#include <stdint.h>

#include "harness/base/exit.h"
#include "stats/paired.h"
#include "sweep_ctx.h"

uint64_t pb_sweep_mix(uint64_t x)
{
    x += 0x9e3779b97f4a7c15ull;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    return x ^ (x >> 31);
}

/* c->order: the runs first .. end - 1 in round `round`'s order (Fisher-Yates, from
 * the sweep's seed and the round: the same seed gives the same orders). */
static void shuffle_round(sweep_ctx *c, long first, long end, int round)
{
    const long n = end - first;
    uint64_t state = pb_sweep_mix((uint64_t)c->spec->seed ^ pb_sweep_mix((uint64_t)round + 1));
    for (long i = 0; i < n; i++) c->order[i] = first + i;
    for (long i = n - 1; i > 0; i--) {
        state = pb_sweep_mix(state);
        const long j = (long)(state % (uint64_t)(i + 1));
        const long t = c->order[i];
        c->order[i] = c->order[j], c->order[j] = t;
    }
}

/* Calls step for the runs first .. end - 1 (in c->order when shuffled) whose rows are
 * not in the files yet, while no signal came: the 1-thread runs `workers` at a time,
 * then the runs with more threads alone, so that their times are their own. */
static void for_range(sweep_ctx *c, long first, long end, int shuffled,
                      void (*step)(sweep_ctx *, long))
{
#pragma omp parallel num_threads(c->workers)
    {
        pb_binder_bind_thread(c->binder, omp_get_thread_num());
#pragma omp for schedule(dynamic, 1)
        for (long k = first; k < end; k++) {
            const long i = shuffled ? c->order[k - first] : k;
            if (c->jobs[i].threads == 1 && !c->done[i] && !pb_interrupted) step(c, i);
        }
    }
    for (long k = first; k < end; k++) {
        const long i = shuffled ? c->order[k - first] : k;
        if (c->jobs[i].threads > 1 && !c->done[i] && !pb_interrupted) step(c, i);
    }
}

/* The seconds a begun run's samples are expected to take. */
static double expected_s(const sweep_ctx *c, long i)
{
    const pb_measurer *m = &c->state[i].bm.m;
    if (c->done[i] || c->state[i].phase != JOB_SAMPLING) return 0;
    double s = (double)c->spec->timing.samples * (double)m->runs * m->first_s;
    if (c->spec->timing.budget_s > 0 && s > c->spec->timing.budget_s) s = c->spec->timing.budget_s;
    return c->jobs[i].threads == 1 ? s / c->workers : s;
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
static int round_stands(sweep_ctx *c, long first, long end, int again)
{
    if (!c->ref_tried || c->ref_job < 0) return 1;
    const double reading = pb_speed_guard_read(&c->speed);
    if (pb_speed_guard_steady(&c->speed, reading) || pb_interrupted) return 1;
    if (again == 2 || !(c->speed.settle_s > 0) ||
        !pb_speed_guard_settle(&c->speed, &pb_interrupted, c->opts->quiet)) {
        c->speed.unsteady++;
        return 1;
    }
    c->speed.resampled++;
    for (long i = first; i < end; i++)
        if (!c->done[i] && c->state[i].phase == JOB_SAMPLING) {
            pb_measurer *m = &c->state[i].bm.m;
            pb_measure_keep(m, samples_before(m, c->round));
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
static double pair_halfwidth(const sweep_ctx *c, const pb_measurer *a, const pb_measurer *b)
{
    double x[PB_MAX_SAMPLES], y[PB_MAX_SAMPLES];
    const int n = pb_pair_by_round(a->t->round, a->t->sample_s, a->recorded, b->t->round,
                                   b->t->sample_s, b->recorded, x, y);
    const pb_paired_logs l = pb_paired_log_stats(x, y, n);
    return l.n < 2 ? INFINITY : expm1(c->t95[l.n - 2] * l.se);
}

/* Marks in c->more the runs of first .. end - 1 that take a further round: both runs
 * of a pair whose ratio is known less well than ci-target, while both may sample on.
 * Returns whether any does. */
static int mark_more(sweep_ctx *c, long first, long end)
{
    int any = 0;
    for (long i = first; i < end; i++) c->more[i] = 0;
    if (!(c->spec->ci_target > 0)) return 0;
    for (long i = first; i < end; i++) {
        const pb_measurer *a = &c->state[i].bm.m;
        if (c->done[i] || c->state[i].phase != JOB_SAMPLING || !pb_measure_can_sample(a)) continue;
        for (long j = i + 1; j < end; j++) {
            const pb_measurer *b = &c->state[j].bm.m;
            if (c->done[j] || c->state[j].phase != JOB_SAMPLING || !pb_measure_can_sample(b) ||
                !same_group(&c->jobs[i], &c->jobs[j]))
                continue;
            if (!(pair_halfwidth(c, a, b) <= c->spec->ci_target))
                c->more[i] = c->more[j] = 1, any = 1;
        }
    }
    return any;
}

/* Samples of runs first .. end - 1 in rounds, each guarded (round_stands): the
 * rounds every run takes, then further rounds while a pair wants them. Returns the
 * median reading of the machine's speed after the rounds, which the block's rows
 * keep. */
static double sample_rounds(sweep_ctx *c, long first, long end)
{
    double reading[PB_MAX_SAMPLES];
    const pb_timing_opts *o = &c->spec->timing;
    const int most = o->max_samples > o->samples ? o->max_samples : o->samples;
    int n = 0;
    for (int k = 0; k < most && !pb_interrupted; k++) {
        if (k >= o->samples && !mark_more(c, first, end)) break;
        c->round = c->rounds_before + k;
        for (int again = 0;; again++) {
            shuffle_round(c, first, end, c->round);
            for_range(c, first, end, 1, pb_sweep_sample_job);
            if (round_stands(c, first, end, again)) break;
        }
        reading[n++] = c->speed.last_s;
        for (long i = first; !c->opts->quiet && k < o->samples && i < end; i++)
            if (!c->done[i]) pb_progress_step(&c->progress);
    }
    c->rounds_before += n;
    return n ? pb_median_sort(reading, n) : c->speed.last_s;
}

/* One block from run first: runs begun (first run and calibration) a few at a time
 * until the block holds opts->block runs or PB_SWEEP_BLOCK_S seconds of expected
 * samples, and then the rest of the last one's instance (so that the runs a
 * comparison pairs share their rounds); then its samples in rounds, then its rows
 * written. Returns the end of the block. */
static long run_block(sweep_ctx *c, long first)
{
    long end = first;
    double expect = 0;
    while (end < c->njobs && end - first < c->opts->block && expect < PB_SWEEP_BLOCK_S &&
           !pb_interrupted) {
        long wave = end + 2L * c->workers;
        if (wave > first + c->opts->block) wave = first + c->opts->block;
        if (wave > c->njobs) wave = c->njobs;
        for_range(c, end, wave, 0, pb_sweep_begin_job);
        for (long i = end; i < wave; i++) expect += expected_s(c, i);
        end = wave;
    }
    long rest = end;
    while (rest < c->njobs && c->jobs[rest].instance == c->jobs[end - 1].instance) rest++;
    if (rest > end && !pb_interrupted) for_range(c, end, rest, 0, pb_sweep_begin_job);
    end = rest;
    const double ref_s = sample_rounds(c, first, end);
    c->round = -1;
    for (long i = first; i < end; i++) {
        pb_sweep_end_job(c, i);
        c->rows[i].timing.ref_s = ref_s;
    }
    pb_sweep_write_rows(c, first, end);
    return end;
}

void pb_sweep_rounds_run(sweep_ctx *c)
{
    long todo = c->njobs - c->written;
    for (int df = 1; df <= PB_MAX_SAMPLES; df++) c->t95[df - 1] = pb_t_quantile(0.95, df);
    if (!c->opts->quiet) {
        pb_progress_begin(&c->progress, c->spec->name, "samples",
                          (uint64_t)(todo * (1 + (long)c->spec->timing.samples)), 0);
        pb_progress_note(&c->progress, c->earlier);
    }
    (void)pb_sweep_ref_start(c); /* without one the sweep runs unguarded, and says so */
    for (long i = 0; i < c->njobs && !pb_interrupted && !c->write_failed;) i = run_block(c, i);
    if (!c->opts->quiet) pb_progress_end(&c->progress);
}
