/* batch_measure.c — timing a batch by the one method, checking that every run
 * repeats the first run's counts. */
#include "batch_measure.h"

#include <stdio.h>
#include <string.h>

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
        return res.status == PB_DONE ? PB_RUN_SAME : PB_RUN_STOPPED;
    }
    pb_run_end end = PB_RUN_SAME;
    pb_count x, y;
    const char *count = differing_count(&m->first_total, &res.total, &x, &y);
    if (res.status != PB_DONE) {
        end = PB_RUN_STOPPED; /* a later run can still meet a time limit or Ctrl-C */
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

/* Readies bm for b: no result yet, messages to why. */
static void start(pb_batch_measurer *bm, const pb_batch *b, pb_batch_result *first, char *why,
                  size_t whylen)
{
    *bm = (pb_batch_measurer){.b = b, .first = first, .why = why, .whylen = whylen};
    memset(first, 0, sizeof *first);
}

pb_run_end pb_batch_measure_begin(pb_batch_measurer *bm, const pb_batch *b, const pb_timing_opts *o,
                                  pb_batch_result *first, pb_timing *t, char *why, size_t whylen)
{
    start(bm, b, first, why, whylen);
    pb_run_end end = pb_measure_begin(&bm->m, o, run_once, bm, t);
    if (end == PB_RUN_ERROR && first->puzzle) pb_batch_free(first);
    return end;
}

pb_run_end pb_batch_measure(const pb_batch *b, const pb_timing_opts *o, pb_batch_result *first,
                            pb_timing *t, char *why, size_t whylen)
{
    pb_batch_measurer bm;
    start(&bm, b, first, why, whylen);
    pb_run_end end = pb_measure(o, run_once, &bm, t);
    if (end == PB_RUN_ERROR && first->puzzle) pb_batch_free(first);
    return end;
}
