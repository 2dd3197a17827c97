/* batch_measure.c — timing a batch by the one method, checking that every run
 * repeats the first run's counts. */
#include "batch_measure.h"

#include <omp.h>
#include <stdio.h>
#include <string.h>

#include "stop.h"

/* Names the first count that differs between two runs' totals; NULL when none. */
static const char *differing_count(const pb_stats *a, const pb_stats *b, pb_count *x, pb_count *y)
{
    const struct {
        const char *name;
        pb_count a, b; /* solutions need all 128 bits */
    } counts[] = {
        {"solutions", a->solutions, b->solutions},    {"steps", a->steps, b->steps},
        {"placements", a->placements, b->placements}, {"backtracks", a->backtracks, b->backtracks},
        {"candidates", a->candidates, b->candidates}, {"guesses", a->guesses, b->guesses},
        {"learnts", a->learnts, b->learnts},          {"restarts", a->restarts, b->restarts}};
    for (size_t i = 0; i < sizeof counts / sizeof counts[0]; i++)
        if (counts[i].a != counts[i].b) {
            *x = counts[i].a, *y = counts[i].b;
            return counts[i].name;
        }
    return NULL;
}

/* The solutions' lengths of r, summed over its puzzles (engines marked 'length'). */
static long lengths_of(const pb_batch_result *r)
{
    long sum = 0;
    for (int i = 0; i < r->npuzzles; i++) sum += r->puzzle[i].length;
    return sum;
}

static pb_run_end run_once(void *ctx)
{
    pb_batch_measurer *m = ctx;
    pb_batch_result res;
    if (pb_batch_run(m->b, &res)) {
        snprintf(m->why, m->whylen, "out of memory");
        return PB_RUN_ERROR;
    }
    if (res.failed) {
        snprintf(m->why, m->whylen, "%s", res.failure);
        pb_batch_free(&res);
        return PB_RUN_ERROR;
    }
    if (m->runs++ == 0) {
        *m->first = res;
        m->first_total = res.total;
        m->first_lengths = lengths_of(&res);
        return res.status == PB_DONE ? PB_RUN_SAME : PB_RUN_STOPPED;
    }
    pb_run_end end = PB_RUN_SAME;
    pb_count x, y;
    const char *count = differing_count(&m->first_total, &res.total, &x, &y);
    if (res.status != PB_DONE) {
        end = PB_RUN_STOPPED; /* a later run can still meet a time limit or Ctrl-C */
    } else if (lengths_of(&res) != m->first_lengths) {
        snprintf(m->why, m->whylen, "run %d found solutions of other lengths than the first run",
                 m->runs);
        end = PB_RUN_ERROR;
    } else if (count) {
        /* Counts are deterministic by design: a difference is a bug, not noise. */
        char got[PB_COUNT_CHARS], first[PB_COUNT_CHARS];
        snprintf(m->why, m->whylen, "run %d counted %s=%s where the first run counted %s", m->runs,
                 count, pb_count_format(y, got), pb_count_format(x, first));
        end = PB_RUN_ERROR;
    }
    pb_batch_free(&res);
    return end;
}

/* Readies bm for b measured by o: no result yet, messages to why. A one-thread batch
 * runs on the calling thread, so its CPU time is that thread's whatever runs beside
 * it; the process's peak memory is the run's only when no other run shares the
 * process (the caller is in no parallel region of several threads), else the run has
 * the peak of the children its thread waited for (an outside solver's) or none. */
static void start(pb_batch_measurer *bm, const pb_batch *b, const pb_timing_opts *o,
                  pb_batch_result *first, char *why, size_t whylen)
{
    *bm = (pb_batch_measurer){.b = b, .first = first, .why = why, .whylen = whylen, .opts = *o};
    bm->opts.cpu_clock = b->threads == 1 ? PB_CPU_THREAD : PB_CPU_PROCESS;
    bm->opts.peak_memory = omp_in_parallel() ? PB_PEAK_CHILDREN : PB_PEAK_PROCESS;
    memset(first, 0, sizeof *first);
}

/* Why the first run ended: the reason of the puzzle that gave the batch its status
 * (a shared limit is the whole set's, timed by the batch's clock). */
static pb_stop batch_stop(const pb_batch *b, const pb_batch_result *r)
{
    if (r->failed) return PB_STOP_ERROR;
    const int n = r->puzzle ? b->set->count : 0;
    for (int i = 0; i < n; i++) {
        const pb_outcome *p = &r->puzzle[i];
        if (p->ran && p->status == r->status)
            return pb_stop_of(r->status, &b->how.limits, p->stats.solutions,
                              b->shared_limits ? r->elapsed_s : p->stats.wall_s);
    }
    return pb_stop_of(r->status, &b->how.limits, r->total.solutions, r->elapsed_s);
}

/* The first run's reason and limit into t, once a first run is in *first. */
static void note_stop(const pb_batch_measurer *bm, pb_timing *t)
{
    t->time_limit_s = bm->b->how.limits.max_seconds;
    t->stop = bm->runs ? (int)batch_stop(bm->b, bm->first) : PB_STOP_UNKNOWN;
}

pb_run_end pb_batch_measure_begin(pb_batch_measurer *bm, const pb_batch *b, const pb_timing_opts *o,
                                  pb_batch_result *first, pb_timing *t, char *why, size_t whylen)
{
    start(bm, b, o, first, why, whylen);
    pb_run_end end = pb_measure_begin(&bm->m, &bm->opts, run_once, bm, t);
    note_stop(bm, t);
    if (end == PB_RUN_ERROR && first->puzzle) pb_batch_free(first);
    return end;
}

pb_run_end pb_batch_measure(const pb_batch *b, const pb_timing_opts *o, pb_batch_result *first,
                            pb_timing *t, char *why, size_t whylen)
{
    pb_batch_measurer bm;
    start(&bm, b, o, first, why, whylen);
    pb_run_end end = pb_measure(&bm.opts, run_once, &bm, t);
    note_stop(&bm, t);
    if (end == PB_RUN_ERROR && first->puzzle) pb_batch_free(first);
    return end;
}
