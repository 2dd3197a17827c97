/* test_learn_levers.c — the `learn` engine's search levers beyond its core (tiers of
 * learnt clauses, on by default in the engine; switching between focused and stable
 * mode, failed-literal probing, shrinking learnt clauses and vivification, off; and
 * learn-alldiff's all-different groups inside the search, on pigeonhole here): each
 * keeps the solver's answers right (pigeonhole stays UNSAT, random 3-SAT models
 * satisfy every clause, a sudoku's solution keeps the rules and its givens, counts
 * match brute force) and its search is reproducible to the conflict: the exact counts
 * below pin it. */
#include "check.h"

#include <stdlib.h>
#include <string.h>

#include "core/engine.h"
#include "core/limiter.h"
#include "core/rng.h"
#include "learn/sat.h"
#include "oracles.h"
#include "registry/registry.h"
#include "sudoku/sudoku.h"

/* The settings under test: the defaults, then each lever, then both; then probing
 * alone, shrinking alone, and vivification alone. */
enum { SETTINGS = 7 };

static void setting(int k, pb_sat_options *o)
{
    pb_sat_default_options(o);
    if (k >= 4) {
        o->probe = k == 4 ? 100 : 0;
        o->shrink = k == 5;
        o->vivify = k == 6 ? 100 : 0;
        return;
    }
    if (k & 1) o->tier2_glue = 6;
    if (k & 2) o->mode_switch = 100;
}

/* PHP(p, n) with native at-most-one lists: p pigeons, n holes. */
static pb_sat *pigeonhole(int p, int n)
{
    pb_sat *s = pb_sat_new(p * n, 3);
    int c[16];
    for (int i = 0; i < p; i++) {
        for (int h = 0; h < n; h++) c[h] = i * n + h + 1;
        CHECK(pb_sat_add_clause(s, c, n) == 0);
    }
    for (int h = 0; h < n; h++) {
        for (int i = 0; i < p; i++) c[i] = i * n + h + 1;
        CHECK(pb_sat_add_amo(s, c, p) == 0);
    }
    return s;
}

/* PHP(9, 8) under each setting: UNSAT, in exactly these many conflicts, with
 * reductions on the way (so the tiers have clauses to spare). */
static void test_pigeonhole(void)
{
    static const uint64_t want[SETTINGS] = {10083, 8165, 6223, 5488, 8243, 38949, 9598};
    for (int k = 0; k < SETTINGS; k++) {
        pb_sat_options o;
        setting(k, &o);
        pb_sat *s = pigeonhole(9, 8);
        pb_sat_set_options(s, &o);
        CHECK(pb_sat_solve(s, NULL, NULL) == PB_SAT_UNSAT);
        const pb_sat_stats *st = pb_sat_get_stats(s);
        CHECK_EQ_U64(st->conflicts, want[k]);
        CHECK_EQ_U64(st->failed, k == 4 ? 1 : 0);
        CHECK((st->vivified > 0) == (k == 6));
        CHECK(st->deleted > 0);
        pb_sat_free(s);
    }
}

/* Random 3-SAT near the threshold (150 variables, 4.2 clauses each, seeds 1-8) under
 * each setting: every model satisfies every clause, the answers agree across the
 * settings, and the conflicts over the 8 formulas sum to these. */
/* With PHP's pigeons as an all-different group over the holes, the core sees that
 * n + 1 pigeons have n holes at once: UNSAT before any decision, in one conflict,
 * where the clauses alone take more than 5,000 steps from PHP(10, 9) on
 * (test_learn.c's test_core_limit); PHP(n, n) is SAT. Under that step limit, so a group that
 * stopped working fails here and does not hang. */
static void test_pigeonhole_group(void)
{
    for (int n = 2; n <= 12; n++)
        for (int extra = 0; extra <= 1; extra++) {
            int p = n + extra, vars[13 * 12];
            pb_sat *s = pigeonhole(p, n);
            for (int i = 0; i < p * n; i++) vars[i] = i + 1;
            CHECK(pb_sat_add_alldiff(s, vars, p, n) == 0);
            pb_limits lims = {0};
            lims.max_steps = 5000;
            pb_limiter lim;
            pb_limiter_init(&lim, &lims, 0);
            pb_sat_result r = pb_sat_solve(s, &lim, NULL);
            CHECK(r == (extra ? PB_SAT_UNSAT : PB_SAT_SAT));
            if (extra) CHECK_EQ_U64(pb_sat_get_stats(s)->decisions, 0);
            if (extra) CHECK_EQ_U64(pb_sat_get_stats(s)->conflicts, 1);
            for (int h = 0; h < n && r == PB_SAT_SAT; h++) {
                int t = 0;
                for (int i = 0; i < p; i++) t += pb_sat_model(s, i * n + h + 1);
                CHECK(t == 1);
            }
            pb_sat_free(s);
        }
    /* A pair at level 0: cells 0 and 1 lose value 3, so they take 1 and 2 between
     * them, and cell 2 loses both before any decision: two removals, each a fact of
     * level 0 (its explanation's literals are all false there). */
    pb_sat *pair = pigeonhole(3, 3);
    int no3[2][1] = {{-3}, {-6}}, all[9] = {1, 2, 3, 4, 5, 6, 7, 8, 9};
    CHECK(pb_sat_add_clause(pair, no3[0], 1) == 0 && pb_sat_add_clause(pair, no3[1], 1) == 0);
    CHECK(pb_sat_add_alldiff(pair, all, 3, 3) == 0);
    CHECK(pb_sat_solve(pair, NULL, NULL) == PB_SAT_SAT);
    CHECK(pb_sat_model(pair, 9) && !pb_sat_model(pair, 7) && !pb_sat_model(pair, 8));
    CHECK_EQ_U64(pb_sat_get_stats(pair)->explained, 2);
    pb_sat_free(pair);
    /* A group whose cell shares a variable with another cell's row is refused. */
    pb_sat *s = pb_sat_new(4, 0);
    int rows[4] = {1, 2, 2, 3};
    CHECK(pb_sat_add_alldiff(s, rows, 2, 2) == -1);
    pb_sat_free(s);
}

static void test_random_3sat(void)
{
    static const uint64_t want[SETTINGS] = {7860, 7895, 10572, 10820, 12202, 8747, 8276};
    enum { NV = 150, NC = 630, T = 8 };
    static int lits[3 * NC];
    pb_sat_result answer[T];
    for (int k = 0; k < SETTINGS; k++) {
        uint64_t conflicts = 0;
        for (int t = 0; t < T; t++) {
            pb_rng rng;
            pb_rng_seed(&rng, (uint64_t)t + 1);
            for (int i = 0; i < 3 * NC; i++) {
                int v = 1 + (int)pb_rng_below(&rng, NV);
                lits[i] = pb_rng_below(&rng, 2) ? v : -v;
            }
            pb_sat_options o;
            setting(k, &o);
            pb_sat *s = pb_sat_new(NV, (uint64_t)t + 1);
            pb_sat_set_options(s, &o);
            for (int c = 0; c < NC; c++) CHECK(pb_sat_add_clause(s, lits + 3 * c, 3) == 0);
            pb_sat_result r = pb_sat_solve(s, NULL, NULL);
            CHECK(r == PB_SAT_SAT || r == PB_SAT_UNSAT);
            if (k == 0) answer[t] = r;
            CHECK(r == answer[t]);
            if (r == PB_SAT_SAT)
                for (int c = 0; c < NC; c++) {
                    int ok = 0;
                    for (int j = 0; j < 3; j++) {
                        int l = lits[3 * c + j];
                        ok |= pb_sat_model(s, abs(l)) == (l > 0);
                    }
                    CHECK(ok);
                }
            conflicts += pb_sat_get_stats(s)->conflicts;
            pb_sat_free(s);
        }
        CHECK_EQ_U64(conflicts, want[k]);
    }
}

/* A 16x16 puzzle (the second of data/sudoku/16x16-minimal.txt) through the engine with
 * each lever as a parameter (tiers as each setting names, the rest the engine's defaults): the
 * one solution, by the rules, in exactly these many conflicts (backtracks). It is
 * solved before the first reduction, so the tiers leave the search as it was. */
static void test_sudoku(void)
{
    const char *text = ".4B.1....2.7..C....F.....E....9...519D..A.F.4..BEA...7.2.69B.F.3.C.D.5...B1"
                       "...E6.59.......7EC.8A....2.EA.......4.2.6.......DB7....43..6....C5B..7.1.4."
                       "...GA6...E6...B3..5.....GC...E....B3.....D.G....CB.F..9..8....DE.....5..7.F"
                       "....95G......A.59C.6.273.4.....";
    static const pb_param_value params[SETTINGS][2] = {
        {{"tier2-glue", "0"}, {"mode-switch", "0"}},  {{"tier2-glue", "6"}, {"mode-switch", "0"}},
        {{"tier2-glue", "0"}, {"mode-switch", "50"}}, {{"tier2-glue", "6"}, {"mode-switch", "50"}},
        {{"probe", "100"}, {"tier2-glue", "0"}},      {{"shrink", "on"}, {"tier2-glue", "0"}},
        {{"vivify", "100"}, {"tier2-glue", "0"}},
    };
    static const uint64_t want[SETTINGS] = {206, 206, 114, 114, 237, 154, 241};
    sudoku_reader rd;
    sudoku_grid g, sol;
    sudoku_format fmt;
    int line;
    pb_error err;
    sudoku_reader_init(&rd, text, strlen(text));
    CHECK(sudoku_read(&rd, &g, &fmt, &line, &err) == 1);
    pb_model *shape = sudoku_model_new(4);
    pb_mask dom[256];
    pb_model view;
    sudoku_model_view(shape, &g, dom, &view);
    const pb_engine *e = pb_model_engine_find("learn");
    for (int k = 0; k < SETTINGS; k++) {
        pb_run how = {.mode = PB_MODE_FIRST, .threads = 1, .params = params[k], .nparams = 2};
        how.limits.max_solutions = 1;
        int values[256];
        pb_result r;
        memset(&r, 0, sizeof r);
        r.first = values;
        CHECK(pb_engine_run(e, &view, &how, &r) == PB_DONE);
        CHECK_EQ_U64(r.stats.solutions, 1);
        sudoku_grid_from(&view, values, &sol);
        CHECK(sudoku_is_solution_of(&g, &sol));
        CHECK_EQ_U64(r.stats.backtracks, want[k]);
    }
    pb_model_free(shape);
}

/* A solver for the clauses (each ended by 0) over nvars variables, probing on. */
static pb_sat *probing(int nvars, const int *cnf, int n)
{
    pb_sat *s = pb_sat_new(nvars, 0);
    pb_sat_options o;
    pb_sat_default_options(&o);
    o.probe = 100;
    pb_sat_set_options(s, &o);
    for (int i = 0, j = 0; j < n; j++)
        if (!cnf[j]) {
            CHECK(pb_sat_add_clause(s, cnf + i, j - i) == 0);
            i = j + 1;
        }
    return s;
}

/* Probing by hand: x1 implies x2 and x3, which exclude each other, so x1 fails
 * before the first decision, and its negation implies x4. With x2 and x3 forced both
 * ways by -x1 instead, that one failed literal proves the formula unsatisfiable
 * without a decision. */
static void test_probe_small(void)
{
    static const int sat[] = {-1, 2, 0, -1, 3, 0, -2, -3, 0, 1, 4, 0};
    pb_sat *s = probing(4, sat, (int)(sizeof sat / sizeof *sat));
    CHECK(pb_sat_solve(s, NULL, NULL) == PB_SAT_SAT);
    const pb_sat_stats *st = pb_sat_get_stats(s);
    CHECK_EQ_U64(st->failed, 1);
    CHECK_EQ_U64(st->conflicts, 1);
    CHECK_EQ_U64(st->decisions, 1);
    CHECK(!pb_sat_model(s, 1) && pb_sat_model(s, 4));
    CHECK(pb_sat_model(s, 2) != pb_sat_model(s, 3));
    pb_sat_free(s);
    static const int unsat[] = {-1, 2, 0, -1, -2, 0, 1, 3, 0, 1, -3, 0};
    s = probing(3, unsat, (int)(sizeof unsat / sizeof *unsat));
    CHECK(pb_sat_solve(s, NULL, NULL) == PB_SAT_UNSAT);
    st = pb_sat_get_stats(s);
    CHECK_EQ_U64(st->failed, 1);
    CHECK_EQ_U64(st->decisions, 0);
    pb_sat_free(s);
}

/* m's solutions counted by the engine with vivification at every restart and a
 * restart every few conflicts, so that rounds come often: the count is brute force's,
 * and the first and last solutions keep the rules. */
static uint64_t check_vivify_count(const pb_model *m)
{
    static const pb_param_value params[] = {{"vivify", "1"}, {"luby-unit", "1"}};
    pb_run how = {.mode = PB_MODE_COUNT, .threads = 1, .params = params, .nparams = 2};
    int *first = calloc((size_t)m->ncells + 1, sizeof *first);
    int *last = calloc((size_t)m->ncells + 1, sizeof *last);
    pb_result r;
    memset(&r, 0, sizeof r);
    r.first = first;
    r.last = last;
    CHECK(pb_engine_run(pb_model_engine_find("learn"), m, &how, &r) == PB_DONE);
    uint64_t want = oracle_count(m, UINT64_MAX);
    CHECK_EQ_U64((uint64_t)r.stats.solutions, want);
    if (want) CHECK(pb_model_check(m, first) && pb_model_check(m, last));
    free(first);
    free(last);
    return want;
}

/* Vivification in count mode, where blocking clauses join the formula between solves:
 * the empty 4x4 sudoku (288 solutions), then 9x9 puzzles made by punching holes into a
 * solution, givens given back until at most 500 solutions are left. */
static void test_vivify_counts(void)
{
    pb_model *sq = sudoku_model_new(2);
    CHECK_EQ_U64(oracle_count(sq, UINT64_MAX), 288);
    check_vivify_count(sq);
    pb_model_free(sq);
    pb_model *shape = sudoku_model_new(3);
    const pb_engine *e = pb_model_engine_find("learn");
    pb_rng rng;
    pb_rng_seed(&rng, 55);
    int many = 0;
    for (int t = 0; t < 12; t++) {
        pb_mask dom[81];
        pb_model view = *shape;
        view.domain = dom;
        int sol[81];
        for (int c = 0; c < 81; c++) dom[c] = shape->domain[c];
        /* A random solution: a few random givens, then the first solution. */
        for (int k = 0; k < 6; k++) {
            int c = (int)pb_rng_below(&rng, 81);
            dom[c] = PB_BIT(1 + (int)pb_rng_below(&rng, 9));
        }
        pb_run how = {.mode = PB_MODE_FIRST, .threads = 1};
        pb_result r;
        memset(&r, 0, sizeof r);
        r.first = sol;
        CHECK(pb_engine_run(e, &view, &how, &r) == PB_DONE);
        if (r.stats.solutions != 1) continue;
        for (int c = 0; c < 81; c++)
            dom[c] = pb_rng_below(&rng, 100) < 45 ? shape->domain[c] : PB_BIT(sol[c]);
        while (oracle_count(&view, 501) > 500) {
            int c = (int)pb_rng_below(&rng, 81);
            dom[c] = PB_BIT(sol[c]);
        }
        uint64_t got = check_vivify_count(&view);
        many += got > 1;
    }
    CHECK_EQ_U64((uint64_t)many, 4); /* several solutions: the blocking clauses' case */
    pb_model_free(shape);
}

int main(void)
{
    test_probe_small();
    test_pigeonhole();
    test_pigeonhole_group();
    test_random_3sat();
    test_sudoku();
    test_vivify_counts();
    return check_report("test_learn_levers");
}
