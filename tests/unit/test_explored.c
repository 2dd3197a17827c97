/* test_explored.c — the part of the search tree walked (pb_run.explored, search/explored.h),
 * which a count's progress report turns into its time left: a count that walks its whole
 * tree reports exactly PB_EXPLORED_WHOLE, on one thread or split into tasks, for backtrack
 * and propagate under a static and a dynamic order, on notouch boards, Latin squares and a
 * sudoku; a count stopped at a step limit reports a part strictly between 0 and the
 * whole, which grows with the limit; a first-solution run and the subtree pieces of the
 * MPI count report nothing they did not walk. */
#include <stdlib.h>

#include "check.h"
#include "notouch_named.h"
#include "core/engine.h"
#include "engines.h"
#include "family.h"
#include "latin/latin.h"
#include "notouch/board.h"
#include "search/subtree.h"
#include "sudoku/sudoku.h"

static pb_model *board(const char *name)
{
    return notouch_named(name, 2, NOTOUCH_KING);
}

/* Runs e on m and returns what it reported walked; *st gets the status. */
static uint64_t walked(const pb_model *m, const char *engine, const char *order, int threads,
                       uint64_t max_steps, pb_mode mode, pb_status *st)
{
    uint64_t explored = 0;
    pb_run how = {
        .mode = mode, .order = pb_order_find(order), .threads = threads, .explored = &explored};
    how.limits.max_steps = max_steps;
    pb_result r = {0};
    *st = pb_engine_run(pb_model_engine_find(engine), m, &how, &r);
    return explored;
}

static void check_whole(const pb_model *m, const char *what)
{
    static const char *const engines[] = {"backtrack", "propagate", NULL};
    static const char *const orders[] = {"row", "mrv", NULL};
    for (int e = 0; engines[e]; e++)
        for (int o = 0; orders[o]; o++)
            for (int t = 1; t <= 2; t++) {
                pb_status st;
                uint64_t x = walked(m, engines[e], orders[o], t, 0, PB_MODE_COUNT, &st);
                CHECK(st == PB_DONE);
                if (x != PB_EXPLORED_WHOLE)
                    fprintf(stderr, "%s %s %s -t %d: walked %llu of %llu\n", what, engines[e],
                            orders[o], t, (unsigned long long)x,
                            (unsigned long long)PB_EXPLORED_WHOLE);
                CHECK_EQ_U64(x, PB_EXPLORED_WHOLE);
            }
}

int main(void)
{
    static const char *const boards[] = {"2x4", "2x5", "3x4", "cross8", NULL};
    for (int b = 0; boards[b]; b++) {
        pb_model *m = board(boards[b]);
        check_whole(m, boards[b]);
        pb_model_free(m);
    }
    pb_model *latin = latin_model_new(4), *sudoku = sudoku_model_new(2);
    check_whole(latin, "latin 4");
    check_whole(sudoku, "sudoku 4x4");
    pb_model_free(latin);
    pb_model_free(sudoku);

    /* 3x4 takes 6,268,237 steps; without a clock a poll comes every 65,536 steps, so
     * a limit a few polls in stops the walk with a part reported. */
    pb_model *m = board("3x4");
    pb_status st;
    uint64_t before = 0;
    for (int polls = 2; polls <= 64; polls *= 2) {
        uint64_t x =
            walked(m, "backtrack", "row", 1, (uint64_t)polls * 65536 + 100, PB_MODE_COUNT, &st);
        CHECK(st == PB_LIMIT);
        CHECK(x > before && x < PB_EXPLORED_WHOLE);
        before = x;
    }
    uint64_t x = walked(m, "propagate", "mrv", 2, 2000000, PB_MODE_COUNT, &st);
    CHECK(st == PB_LIMIT);
    CHECK(x < PB_EXPLORED_WHOLE);
    /* The first solution comes early in a tree with many: far from all of it walked. */
    x = walked(m, "backtrack", "row", 1, 0, PB_MODE_FIRST, &st);
    CHECK(st == PB_DONE);
    CHECK(x < PB_EXPLORED_WHOLE / 2);

    /* The MPI count's pieces are not shares of this run's tree: nothing reported. */
    uint64_t sink = 0;
    const pb_engine *bt = pb_model_engine_find("backtrack");
    pb_run how = {
        .mode = PB_MODE_COUNT, .order = pb_order_find("row"), .threads = 1, .explored = &sink};
    pb_prefixes p;
    CHECK(pb_search_prefixes(bt, m, &how, 3, &p) == PB_DONE);
    for (size_t i = 0; i < p.count; i++) {
        pb_result r = {0};
        CHECK(pb_search_subtree(bt, m, &how, &p, i, &r) == PB_DONE);
    }
    CHECK_EQ_U64(sink, 0);
    pb_prefixes_free(&p);
    pb_model_free(m);
    return check_report("test_explored");
}
