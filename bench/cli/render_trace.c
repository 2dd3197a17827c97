/* render_trace.c — `render --trace`: records the trace of one puzzle's search by the
 * family's default engine or --engine's (row order, first solution: the run `solve
 * --trace` prints) as the steps that the family's render_trace hook animates. */
#include <stdlib.h>

#include "commands.h"
#include "harness/measure/batch.h"
#include "render_trace.h"
#include "harness/measure/stop.h"
#include "harness/base/say.h"

typedef struct recorder {
    pb_trace_step *steps;
    int n, cap, full;
} recorder;

static void record(void *ctx, const pb_model *m, const int *values, int cell, pb_event ev,
                   uint64_t step)
{
    recorder *r = ctx;
    (void)m, (void)step;
    if (ev != PB_EV_PLACE && ev != PB_EV_BACKTRACK) return;
    if (r->n == r->cap) {
        r->full = 1;
        return;
    }
    r->steps[r->n++] = (pb_trace_step){cell, ev == PB_EV_PLACE ? values[cell] : 0};
}

int pb_render_trace_record(const pb_family *fam, const char *engine, const pb_limits *lim,
                           const pb_set *set, int k, pb_trace_step **steps, int *n)
{
    char why[600];
    int which = 0, rc = 0;
    recorder r = {malloc(PB_RENDER_TRACE_MAX * sizeof *r.steps), 0, PB_RENDER_TRACE_MAX, 0};
    const pb_engine *eng = pb_family_engine(fam, engine);
    pb_set one = {.count = 1, .puzzle = &set->puzzle[k], .priv = set->priv};
    /* The trace's own cap stops the search unless the user's step limit comes first. */
    pb_limits limits = *lim;
    int capped = !limits.max_steps || limits.max_steps > PB_RENDER_TRACE_MAX;
    if (capped) limits.max_steps = PB_RENDER_TRACE_MAX + 1;
    pb_batch b = {.set = &one,
                  .engine = eng,
                  .how = {.mode = PB_MODE_FIRST,
                          .order = pb_order_find("row"),
                          .limits = limits,
                          .trace = record,
                          .trace_ctx = &r},
                  .threads = 1};
    pb_batch_result res;
    if (!r.steps) return pb_say("render: out of memory"), PB_EXIT_FAILED;
    if (!eng || pb_batch_check(&b, &which, why, sizeof why) != PB_RUNS)
        rc = (pb_say("render --trace: %s", eng ? why : "no engine"), PB_EXIT_USAGE);
    else if (pb_batch_run(&b, &res))
        rc = (pb_say("render: out of memory"), PB_EXIT_FAILED);
    else {
        pb_status st = res.puzzle[0].status;
        double wall_s = res.puzzle[0].stats.wall_s;
        if (r.full ||
            (st != PB_DONE && capped && pb_stop_of(st, &limits, 0, wall_s) == PB_STOP_STEPS))
            rc = (pb_say("render --trace: the search passes %d steps", PB_RENDER_TRACE_MAX),
                  PB_EXIT_LIMIT);
        else if (st != PB_DONE)
            rc = pb_render_stopped(" --trace", "a solution", st, &limits, wall_s);
        else if (!res.puzzle[0].stats.solutions) /* as --solution and --win: no picture */
            rc = (pb_say("render --trace: the puzzle has no solution"), PB_EXIT_NONE);
        pb_batch_free(&res);
    }
    if (rc) free(r.steps), r.steps = NULL, r.n = 0;
    *steps = r.steps, *n = r.n;
    return rc;
}
