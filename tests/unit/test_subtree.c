/* test_subtree.c — a count cut into subtrees (engines/search/subtree.h), as the MPI
 * count spreads it: the levels above the split plus every subtree give the
 * sequential count's solutions and steps, at split depths 0 (the default), 3, 5 and 7, for
 * backtrack and propagate under a static and a dynamic order; a subtree honours its step limit; a
 * path of another tree is refused. Needs no MPI. */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "notouch_named.h"
#include "core/engine.h"
#include "engines.h"
#include "family.h"
#include "notouch/board.h"
#include "search/subtree.h"

static pb_model *board(const char *name, int diff)
{
    return notouch_named(name, diff, NOTOUCH_KING);
}

/* The sums of the split count of m at depth d equal the sequential count. */
static void check_split(const pb_model *m, const char *engine, const char *order, int d,
                        const pb_result *seq)
{
    const pb_engine *e = pb_model_engine_find(engine);
    pb_run how = {.mode = PB_MODE_COUNT, .order = pb_order_find(order), .threads = 1};
    pb_prefixes p;
    CHECK(pb_search_prefixes(e, m, &how, d, &p) == PB_DONE);
    pb_stats sum = p.top;
    size_t done = 0;
    for (size_t i = 0; i < p.count; i++) {
        pb_result r = {0};
        done += pb_search_subtree(e, m, &how, &p, i, &r) == PB_DONE;
        pb_stats_add(&sum, &r.stats);
    }
    CHECK_EQ_U64(done, p.count);
    CHECK(sum.solutions == seq->stats.solutions);
    CHECK_EQ_U64(sum.steps, seq->stats.steps);
    CHECK_EQ_U64(sum.placements, seq->stats.placements);
    CHECK_EQ_U64(sum.backtracks, seq->stats.backtracks);
    CHECK_EQ_U64(sum.candidates, seq->stats.candidates);
    CHECK_EQ_U64(sum.guesses, seq->stats.guesses);
    CHECK(d == 0 || p.depth <= d);
    pb_prefixes_free(&p);
}

int main(void)
{
    static const char *const boards[] = {"2x5", "3x4", "cross8", NULL};
    static const char *const engines[] = {"backtrack", "propagate", NULL};
    static const char *const orders[] = {"row", "mrv", NULL};
    for (int b = 0; boards[b]; b++) {
        pb_model *m = board(boards[b], 2);
        for (int e = 0; engines[e]; e++)
            for (int o = 0; orders[o]; o++) {
                pb_run how = {.mode = PB_MODE_COUNT, .order = pb_order_find(orders[o])};
                pb_result seq = {0};
                pb_engine_run(pb_model_engine_find(engines[e]), m, &how, &seq);
                for (int d = 0; d <= 6; d += 2)
                    check_split(m, engines[e], orders[o], d + (d > 0), &seq);
            }
        pb_model_free(m);
    }

    /* A subtree stops at its step limit; a path of another tree is refused. */
    pb_model *m = board("3x4", 2), *other = board("2x5", 2);
    const pb_engine *e = pb_model_engine_find("backtrack");
    pb_run how = {.mode = PB_MODE_COUNT, .order = pb_order_find("row"), .threads = 1};
    pb_prefixes p, q;
    CHECK(pb_search_prefixes(e, m, &how, 1, &p) == PB_DONE);
    CHECK(p.depth == 1 && p.count == 12);
    pb_run capped = how;
    capped.limits.max_steps = 1000;
    pb_result r = {0};
    CHECK(pb_search_subtree(e, m, &capped, &p, 0, &r) == PB_LIMIT);
    CHECK_EQ_U64(r.stats.steps, 1000);
    CHECK(pb_search_prefixes(e, other, &how, 6, &q) == PB_DONE);
    CHECK(q.depth > 1);
    for (size_t i = 0; i < q.count; i++) q.values[i * (size_t)q.depth] = 99; /* no such value */
    CHECK(pb_search_subtree(e, other, &how, &q, 0, &r) == PB_UNSUPPORTED);
    pb_prefixes_free(&p);
    pb_prefixes_free(&q);
    pb_model_free(m);
    pb_model_free(other);
    return check_report("test_subtree");
}
