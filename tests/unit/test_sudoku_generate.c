/* test_sudoku_generate.c — the sudoku generator: every puzzle has exactly one solution
 * (counted by an engine other than the generator's own check), hits its difficulty
 * class or clue target, and is the same for a given (options, index) whatever the
 * order puzzles are made in; plus the PRNG it draws from. */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "engines.h"
#include "core/rng.h"
#include "sudoku/sudoku.h"

/* Solutions of g, counted up to 2 by propagate with the mrv order: the generator
 * checks with the logic engine when it is built in. */
static uint64_t count_solutions(const pb_model *shape, const sudoku_grid *g)
{
    pb_mask dom[SUDOKU_MAX_CELLS];
    pb_model view;
    sudoku_model_view(shape, g, dom, &view);
    pb_run how = {.mode = PB_MODE_COUNT, .order = pb_order_find("mrv"), .threads = 1};
    how.limits.max_solutions = 2;
    pb_result res;
    memset(&res, 0, sizeof res);
    pb_engine_run(pb_model_engine_find("propagate"), &view, &how, &res);
    CHECK(res.status == PB_DONE || res.status == PB_LIMIT);
    return res.stats.solutions;
}

static int grade_of(const pb_model *shape, const sudoku_grid *g)
{
    pb_mask dom[SUDOKU_MAX_CELLS];
    pb_model view;
    sudoku_grade_info info;
    sudoku_model_view(shape, g, dom, &view);
    if (sudoku_grade(&view, &info)) return -1;
    return (int)info.level;
}

static int givens(const sudoku_grid *g)
{
    int n = 0;
    for (int c = 0; c < g->ncells; c++) n += g->cell[c] != 0;
    return n;
}

/* Makes puzzles 0..count-1 of o and checks each; minimal: also check that removing
 * any given leaves more than one solution. */
static void check_puzzles(const sudoku_gen_opts *o, int count, int minimal)
{
    pb_model *shape = sudoku_model_new(o->box);
    CHECK(shape != NULL);
    if (!shape) return;
    for (int i = 0; i < count; i++) {
        sudoku_grid p, s;
        sudoku_gen_stats st;
        int rc = sudoku_generate(o, (uint64_t)i, &p, &s, &st);
        CHECK(rc == 0);
        if (rc) continue;
        CHECK(p.box == o->box && s.box == o->box);
        CHECK(sudoku_is_solution_of(&p, &s));
        CHECK(sudoku_check_rules(&p, NULL, 0) == 0);
        CHECK_EQ_U64(count_solutions(shape, &p), 1);
        CHECK_EQ_U64(st.clues, givens(&p));
        CHECK(st.tries >= 1 && st.wall_s >= 0);
        int lv = grade_of(shape, &p);
        CHECK(lv == (int)st.level);
        if (o->level >= 0) CHECK(lv == o->level);
        if (o->clues > 0) CHECK_EQ_U64(givens(&p), o->clues);
        for (int c = 0; minimal && c < p.ncells; c++) {
            if (!p.cell[c]) continue;
            sudoku_grid q = p;
            q.cell[c] = 0;
            CHECK_EQ_U64(count_solutions(shape, &q), 2);
        }
    }
    pb_model_free(shape);
}

static int same_grid(const sudoku_grid *a, const sudoku_grid *b)
{
    return a->box == b->box && !memcmp(a->cell, b->cell, (size_t)a->ncells);
}

/* Puzzle i is the same whether made first, last or twice; different i differ. */
static void check_deterministic(void)
{
    enum { K = 6 };
    sudoku_gen_opts o = {.box = 3, .level = -1, .seed = 42};
    sudoku_grid fwd[K], back[K], sol;
    sudoku_gen_stats st;
    for (int i = 0; i < K; i++) CHECK(sudoku_generate(&o, (uint64_t)i, &fwd[i], &sol, &st) == 0);
    for (int i = K - 1; i >= 0; i--)
        CHECK(sudoku_generate(&o, (uint64_t)i, &back[i], &sol, &st) == 0);
    for (int i = 0; i < K; i++) CHECK(same_grid(&fwd[i], &back[i]));
    for (int i = 1; i < K; i++) CHECK(!same_grid(&fwd[0], &fwd[i]));
    /* Another seed, another stream. */
    sudoku_grid other;
    o.seed = 43;
    CHECK(sudoku_generate(&o, 0, &other, &sol, &st) == 0);
    CHECK(!same_grid(&fwd[0], &other));
}

static void check_limits(void)
{
    sudoku_grid p, s;
    sudoku_gen_stats st;
    /* 17 givens is the known minimum: one grid almost never gets there. */
    sudoku_gen_opts o = {.box = 3, .clues = 17, .level = -1, .seed = 1, .max_tries = 2};
    CHECK(sudoku_generate(&o, 0, &p, &s, &st) == -1);
    CHECK_EQ_U64(st.tries, 2);
    sudoku_gen_opts bad = {.box = 6, .level = -1};
    CHECK(sudoku_generate(&bad, 0, &p, &s, &st) == -1);
    bad.box = 3, bad.level = SUDOKU_LEVELS;
    CHECK(sudoku_generate(&bad, 0, &p, &s, &st) == -1);
}

static void check_rng(void)
{
    pb_rng a, b;
    pb_rng_seed_stream(&a, 7, 3);
    pb_rng_seed_stream(&b, 7, 3);
    for (int i = 0; i < 100; i++) CHECK(pb_rng_next(&a) == pb_rng_next(&b));
    pb_rng_seed_stream(&b, 7, 4);
    CHECK(pb_rng_next(&a) != pb_rng_next(&b));

    /* Bounded draws stay in range and hit every value about equally often. */
    int hist[7] = {0};
    for (int i = 0; i < 70000; i++) {
        uint32_t v = pb_rng_below(&a, 7);
        CHECK(v < 7);
        if (v < 7) hist[v]++;
    }
    for (int v = 0; v < 7; v++) CHECK(hist[v] > 9000 && hist[v] < 11000);
    CHECK(pb_rng_below(&a, 1) == 0);

    /* A shuffle is a permutation. */
    int x[50], seen[50] = {0};
    for (int i = 0; i < 50; i++) x[i] = i;
    pb_rng_shuffle(&a, x, 50);
    for (int i = 0; i < 50; i++) seen[x[i]]++;
    for (int i = 0; i < 50; i++) CHECK(seen[i] == 1);
}

int main(void)
{
    check_rng();

    sudoku_gen_opts o = {.box = 2, .level = -1, .seed = 1};
    check_puzzles(&o, 20, 1);
    o.box = 3;
    check_puzzles(&o, 4, 1);
    for (int lv = 0; lv < SUDOKU_LEVELS; lv++) {
        o.level = lv;
        check_puzzles(&o, 3, 0);
    }
    o.level = -1, o.clues = 30;
    check_puzzles(&o, 3, 0);
    o.box = 4, o.clues = 150;
    check_puzzles(&o, 1, 0);

    check_deterministic();
    check_limits();
    return check_report("sudoku_generate");
}
