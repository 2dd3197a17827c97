/* test_params.c — engine parameters and engine seeds: what pb_engine_check refuses,
 * the parameter setting as a row shows it, and the `restart` engine (random cell
 * order with restarts): exact steps for a fixed seed, the solution checked against
 * the rules, other seeds other steps, the same seed the same steps. */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "engines.h"
#include "notouch_named.h"
#include "core/engine.h"
#include "sudoku/sudoku.h"

/* restart's steps on the seed-000 board (cross8) and an easy 9x9 (9x9-easy.txt's
 * first): a change to the engine or its random stream shows here. */
#define CROSS8_SEED1_STEPS    94
#define CROSS8_SHORT_STEPS    218
#define CROSS8_SHORT_RESTARTS 13
#define CROSS8_FEWEST_STEPS   1342
#define CROSS8_NONE_STEPS     816
#define SUDOKU_SEED1_STEPS    458
#define SUDOKU_SEED2_STEPS    88

static pb_result run_with(const pb_model *m, const char *engine, pb_mode mode,
                          const pb_param_value *params, int nparams, int seeded, uint64_t seed,
                          int *first)
{
    pb_run how = {.mode = mode,
                  .order = pb_orders[0],
                  .threads = 1,
                  .params = params,
                  .nparams = nparams,
                  .seed = seed,
                  .seeded = seeded};
    pb_result r = {.first = first};
    pb_engine_run(engine_named(engine), m, &how, &r);
    return r;
}

static void test_refusals(void)
{
    pb_model *m = notouch_named("cross8", 2, NOTOUCH_KING);
    const pb_param_value typo[] = {{"restart-step", "10"}};
    pb_result r = run_with(m, "restart", PB_MODE_FIRST, typo, 1, 0, 0, NULL);
    CHECK(r.status == PB_UNSUPPORTED && r.refusal == PB_REFUSE_REQUEST);
    CHECK_STR(r.why, "engine restart has no parameter restart-step (its parameters: "
                     "restart-steps, restart-schedule, cell-choice)");
    const pb_param_value low[] = {{"restart-steps", "0"}};
    r = run_with(m, "restart", PB_MODE_FIRST, low, 1, 0, 0, NULL);
    CHECK(r.refusal == PB_REFUSE_REQUEST);
    CHECK_STR(r.why, "engine restart: parameter restart-steps expects a whole number from 1 to "
                     "1099511627776, got '0'");
    const pb_param_value word[] = {{"restart-schedule", "fast"}};
    r = run_with(m, "restart", PB_MODE_FIRST, word, 1, 0, 0, NULL);
    CHECK_STR(r.why, "engine restart: parameter restart-schedule expects one of: luby, "
                     "geometric, none, got 'fast'");
    const pb_param_value twice[] = {{"restart-steps", "5"}, {"restart-steps", "6"}};
    r = run_with(m, "restart", PB_MODE_FIRST, twice, 2, 0, 0, NULL);
    CHECK_STR(r.why, "engine restart: parameter restart-steps is given twice");
    r = run_with(m, "backtrack", PB_MODE_FIRST, low, 1, 0, 0, NULL);
    CHECK(r.refusal == PB_REFUSE_REQUEST);
    CHECK_STR(r.why, "engine backtrack takes no parameters (not restart-steps)");
    r = run_with(m, "backtrack", PB_MODE_FIRST, NULL, 0, 1, 7, NULL);
    CHECK(r.refusal == PB_REFUSE_REQUEST);
    CHECK_STR(r.why, "engine backtrack makes no random choices: it takes no engine seed");
    /* Restarts and an exact count do not mix: count mode is refused. */
    r = run_with(m, "restart", PB_MODE_COUNT, NULL, 0, 1, 7, NULL);
    CHECK(r.refusal == PB_REFUSE_MODE);
    pb_model_free(m);
}

static void test_texts(void)
{
    const pb_engine *e = engine_named("restart");
    const pb_param_value given[] = {{"cell-choice", "fewest"}, {"restart-steps", "50"}};
    pb_run how = {.params = given, .nparams = 2};
    char buf[200];
    CHECK_STR(pb_params_text(&e->about, &how, buf, sizeof buf),
              "restart-steps=50;restart-schedule=luby;cell-choice=fewest");
    CHECK_STR(pb_seed_text(&e->about, &how, buf, sizeof buf), "1"); /* the default seed */
    how.seeded = 1, how.seed = 18446744073709551615ull;
    CHECK_STR(pb_seed_text(&e->about, &how, buf, sizeof buf), "18446744073709551615");
    CHECK(pb_param_get(&e->about, &how, "restart-steps") == 50);
    CHECK(pb_param_get(&e->about, &how, "restart-schedule") == 0);
    const pb_engine *b = engine_named("backtrack");
    CHECK_STR(pb_params_text(&b->about, &how, buf, sizeof buf), "-");
    CHECK_STR(pb_seed_text(&b->about, &how, buf, sizeof buf), "-");
    /* Every declared parameter's default is one of its values. */
    for (const pb_engine *const *x = model_engines(); *x; x++)
        for (const pb_param *p = (*x)->about.params; p && p->name; p++) {
            CHECK(p->meaning && p->min <= p->def && p->def <= p->max);
            if (p->choices) {
                int n = 0;
                while (p->choices[n]) n++;
                CHECK(p->min == 0 && p->max == n - 1);
            }
        }
}

/* Steps of restart on m with seed and params; the solution checked by the rules. */
static uint64_t restart_steps(const pb_model *m, uint64_t seed, const pb_param_value *params,
                              int nparams, uint64_t *restarts)
{
    int *first = calloc((size_t)m->ncells, sizeof *first);
    pb_result r = run_with(m, "restart", PB_MODE_FIRST, params, nparams, 1, seed, first);
    CHECK(r.status == PB_DONE);
    CHECK_EQ_U64(r.stats.solutions, 1);
    CHECK(pb_model_check(m, first));
    CHECK_EQ_U64(r.stats.steps, r.stats.placements + r.stats.backtracks);
    free(first);
    if (restarts) *restarts = r.stats.restarts;
    return r.stats.steps;
}

static void test_restart_cross8(void)
{
    pb_model *m = notouch_named("cross8", 2, NOTOUCH_KING);
    uint64_t restarts;
    CHECK_EQ_U64(restart_steps(m, 1, NULL, 0, &restarts), CROSS8_SEED1_STEPS);
    CHECK_EQ_U64(restarts, 0); /* found within the first 100 steps */
    const pb_param_value shorter[] = {{"restart-steps", "10"}};
    CHECK_EQ_U64(restart_steps(m, 1, shorter, 1, &restarts), CROSS8_SHORT_STEPS);
    CHECK_EQ_U64(restarts, CROSS8_SHORT_RESTARTS);
    CHECK_EQ_U64(restart_steps(m, 1, NULL, 0, NULL), CROSS8_SEED1_STEPS); /* the same again */
    /* Seeds 1..10 do not all take the same steps. */
    uint64_t first = restart_steps(m, 1, NULL, 0, NULL);
    int differ = 0;
    for (uint64_t s = 2; s <= 10; s++) differ += restart_steps(m, s, NULL, 0, NULL) != first;
    CHECK(differ > 0);
    /* A seed not given is PB_ENGINE_SEED_DEFAULT. */
    pb_result r = run_with(m, "restart", PB_MODE_FIRST, NULL, 0, 0, 0, NULL);
    CHECK_EQ_U64(r.stats.steps, CROSS8_SEED1_STEPS);
    const pb_param_value fewest[] = {
        {"cell-choice", "fewest"}, {"restart-schedule", "geometric"}, {"restart-steps", "10"}};
    CHECK_EQ_U64(restart_steps(m, 3, fewest, 3, NULL), CROSS8_FEWEST_STEPS);
    const pb_param_value none[] = {{"restart-schedule", "none"}};
    CHECK_EQ_U64(restart_steps(m, 3, none, 1, &restarts), CROSS8_NONE_STEPS);
    CHECK_EQ_U64(restarts, 0);
    pb_model_free(m);
    /* A board without a solution: some attempt walks its whole tree and says so. */
    m = notouch_named("2x2", 2, NOTOUCH_KING);
    pb_result n = run_with(m, "restart", PB_MODE_FIRST, NULL, 0, 1, 5, NULL);
    CHECK(n.status == PB_DONE);
    CHECK_EQ_U64(n.stats.solutions, 0);
    pb_model_free(m);
}

static void test_restart_sudoku(void)
{
    const char *text =
        "............157.....4.8..674.5.28.............1...9.58..34..7.5.6.....3.8..."
        "1....";
    sudoku_reader rd;
    sudoku_grid g;
    sudoku_format fmt;
    int line;
    pb_error e;
    sudoku_reader_init(&rd, text, strlen(text));
    CHECK(sudoku_read(&rd, &g, &fmt, &line, &e) == 1);
    pb_model *shape = sudoku_model_new(g.box);
    pb_mask dom[81];
    pb_model v;
    sudoku_model_view(shape, &g, dom, &v);
    const pb_param_value fewest[] = {{"cell-choice", "fewest"}};
    uint64_t s1 = restart_steps(&v, 1, fewest, 1, NULL);
    CHECK_EQ_U64(s1, SUDOKU_SEED1_STEPS);
    CHECK_EQ_U64(restart_steps(&v, 1, fewest, 1, NULL), s1);
    CHECK_EQ_U64(restart_steps(&v, 2, fewest, 1, NULL), SUDOKU_SEED2_STEPS);
    int *first = calloc(81, sizeof *first);
    pb_result r = run_with(&v, "restart", PB_MODE_FIRST, fewest, 1, 1, 1, first);
    sudoku_grid sol;
    sudoku_grid_from(&v, first, &sol);
    CHECK(sudoku_is_solution_of(&g, &sol));
    CHECK(r.status == PB_DONE);
    free(first);
    pb_model_free(shape);
}

int main(void)
{
    test_refusals();
    test_texts();
    test_restart_cross8();
    test_restart_sudoku();
    return check_report("params");
}
