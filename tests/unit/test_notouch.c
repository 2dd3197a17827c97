/* test_notouch.c — the notouch figures: seed 000's step counts, solution counts under
 * every engine and order, enumeration sizes, rule-checked solutions, step counts
 * that do not depend on the thread count, and the vectorised enumerations against
 * their first versions. */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "notouch_named.h"
#include "oracles.h"
#include "engines.h"
#include "core/engine.h"
#include "core/limiter.h"
#include "family.h"
#include "notouch/board.h"
#include "harness/io/readfile.h"
#include "harness/sweep/sweep_spec.h"

static pb_model *board(const char *name)
{
    return notouch_named(name, 2, NOTOUCH_KING);
}

static pb_result run(const pb_model *m, const char *engine, const char *order, pb_mode mode,
                     int threads, int *first)
{
    pb_run how = {.mode = mode, .order = pb_order_find(order), .threads = threads};
    pb_result r = {.first = first};
    const pb_engine *e = pb_model_engine_find(engine);
    if (!e || !how.order) {
        fprintf(stderr, "no engine %s or order %s\n", engine, order);
        exit(2);
    }
    pb_engine_run(e, m, &how, &r);
    return r;
}

typedef struct step_log {
    uint64_t first_a2, first_a3; /* steps at which cell a first holds 2, then 3 */
    uint64_t events;
} step_log;

static void log_step(void *ctx, const pb_model *m, const int *values, int cell, pb_event ev,
                     uint64_t step)
{
    step_log *l = ctx;
    (void)m, (void)cell;
    l->events++;
    if (ev == PB_EV_PLACE && values[0] == 2 && !l->first_a2) l->first_a2 = step;
    if (ev == PB_EV_PLACE && values[0] == 3 && !l->first_a3) l->first_a3 = step;
}

static void test_seed_backtrack(void)
{
    pb_model *m = board("cross8");
    CHECK_EQ_U64(m->npairs, 17);
    int first[8];
    step_log log = {0};
    pb_run how = {.mode = PB_MODE_FIRST, .trace = log_step, .trace_ctx = &log};
    pb_result r = {.first = first};
    pb_engine_run(pb_model_engine_find("backtrack"), m, &how, &r);
    CHECK(r.status == PB_DONE);
    CHECK_EQ_U64(r.stats.steps, 540);
    CHECK_EQ_U64(r.stats.solutions, 1);
    static const int seed_solution[8] = {3, 5, 7, 1, 8, 2, 4, 6};
    CHECK(memcmp(first, seed_solution, sizeof first) == 0);
    /* 338 steps with 1 in cell a, the next 114 with 2, then 3 leads to the solution. */
    CHECK_EQ_U64(log.first_a2, 338 + 1);
    CHECK_EQ_U64(log.first_a3, 338 + 114 + 1);
    CHECK_EQ_U64(log.events, 1 + 540 + 1); /* start, every step, solved */
    pb_model_free(m);
}

/* Every engine over the shared model that takes a notouch board (the others refuse
 * it through pb_engine_check, with a reason), under every order it honours. */
static void test_cross8_every_engine(void)
{
    pb_model *m = board("cross8");
    for (const pb_engine *const *e = model_engines(); *e; e++) {
        const pb_order *order;
        for (int o = 0; (order = engine_order(*e, o)); o++) {
            pb_run count = {.mode = PB_MODE_COUNT, .order = order},
                   first = {.mode = PB_MODE_FIRST, .order = order};
            if (engine_takes(*e, m, &count)) {
                pb_result r = run(m, (*e)->about.name, order->name, PB_MODE_COUNT, 1, NULL);
                CHECK(r.status == PB_DONE);
                CHECK_EQ_U64(r.stats.solutions, 4);
                engine_ran(*e);
            }
            if (engine_takes(*e, m, &first)) {
                int sol[8] = {0};
                pb_result r = run(m, (*e)->about.name, order->name, PB_MODE_FIRST, 1, sol);
                CHECK(r.status == PB_DONE);
                CHECK_EQ_U64(r.stats.solutions, 1);
                CHECK(pb_model_check(m, sol));
                engine_ran(*e);
            }
        }
    }
    pb_result r = run(m, "enum-perm", "row", PB_MODE_COUNT, 1, NULL);
    CHECK_EQ_U64(r.stats.candidates, 40320);
    r = run(m, "enum-all", "row", PB_MODE_COUNT, 1, NULL);
    CHECK_EQ_U64(r.stats.candidates, 16777216);
    /* Both walk the whole unpruned tree: sum of 8^k placements, k = 1..8. */
    CHECK_EQ_U64(r.stats.placements, 19173960);
    pb_model_free(m);
}

/* Every engine that can finish agrees on every board of up to 12 cells in the default
 * sweep, and with an independent brute force where that is quick. */
static void test_default_sweep_boards_agree(const char *src)
{
    char path[4096], err[512];
    snprintf(path, sizeof path, "%s/bench/families/notouch/notouch.sweep", src);
    size_t len;
    char *text = pb_read_file(path, &len, err, sizeof err);
    pb_sweep_spec spec;
    pb_error pe;
    CHECK(pb_sweep_spec_init(&spec) == 0);
    CHECK(text && pb_sweep_spec_parse(&spec, text, len, &pe) == 0 &&
          pb_sweep_spec_resolve(&spec, &pe) == 0);
    free(text);
    const pb_family *fam = pb_family_find("notouch");
    int boards = 0;
    for (int i = 0; i < spec.instances.n; i++) {
        const char *inst = spec.instances.item[i];
        char file[4096];
        if (strchr(inst, '/')) { /* relative to the sweep file */
            snprintf(file, sizeof file, "%s/bench/families/notouch/%s", src, inst);
            inst = file;
        }
        pb_set set;
        pb_instance instance = {inst, 0, NULL};
        int loaded = fam->load(&instance, spec.params, &set, err, sizeof err) == 0;
        CHECK(loaded && set.count == 1);
        if (!loaded) continue;
        pb_model *m = set.puzzle[0].model;
        if (m->ncells > 12) {
            fam->free_set(&set);
            continue;
        }
        boards++;
        uint64_t want = run(m, "path-dp", "row", PB_MODE_COUNT, 1, NULL).stats.solutions;
        if (m->ncells <= 10) CHECK_EQ_U64(oracle_count(m, UINT64_MAX), want);
        for (const pb_engine *const *e = model_engines(); *e; e++) {
            /* The enumerations only where they finish in a moment (8^8, 10!). */
            const char *name = (*e)->about.name;
            if (!strncmp(name, "enum-all", 8) && m->ncells > 8) continue;
            if (!strncmp(name, "enum-perm", 9) && m->ncells > 10) continue;
            /* Not the 10^5 solutions of 12 cells a clause at a time. */
            if (counts_by_clauses(*e) && m->ncells > 10) continue;
            /* An engine that cannot count (restart) finds a solution where there is one. */
            if (!engine_takes(*e, m, &(pb_run){.mode = PB_MODE_COUNT}) &&
                engine_takes(*e, m, &(pb_run){.mode = PB_MODE_FIRST})) {
                int *first = calloc((size_t)m->ncells, sizeof *first);
                pb_result r = run(m, (*e)->about.name, "row", PB_MODE_FIRST, 1, first);
                CHECK(r.status == PB_DONE);
                CHECK_EQ_U64(r.stats.solutions, want > 0);
                CHECK(!want || pb_model_check(m, first));
                free(first);
                engine_ran(*e);
            }
            const pb_order *order;
            for (int o = 0; (order = engine_order(*e, o)); o++) {
                if (!engine_takes(*e, m, &(pb_run){.mode = PB_MODE_COUNT, .order = order}))
                    continue;
                pb_result r = run(m, (*e)->about.name, order->name, PB_MODE_COUNT, 1, NULL);
                if (r.stats.solutions != want)
                    fprintf(stderr, "board %s engine %s order %s\n", inst, (*e)->about.name,
                            order->name);
                CHECK(r.status == PB_DONE);
                CHECK_EQ_U64(r.stats.solutions, want);
                engine_ran(*e);
            }
        }
        fam->free_set(&set);
    }
    CHECK(boards >= 10);
    pb_sweep_spec_free(&spec);
}

/* Tiny boards, including degenerate ones, against the brute force. */
static void test_tiny_boards(void)
{
    static const char *boards[] = {"1x1", "1x2", "1x3", "1x7", "2x2", "2x3", "3x3", NULL};
    for (const char **b = boards; *b; b++) {
        pb_model *m = board(*b);
        uint64_t want = oracle_count(m, UINT64_MAX);
        for (const pb_engine *const *e = model_engines(); *e; e++) {
            const pb_order *order;
            for (int o = 0; (order = engine_order(*e, o)); o++) {
                if (!engine_takes(*e, m, &(pb_run){.mode = PB_MODE_COUNT, .order = order}))
                    continue;
                pb_result r = run(m, (*e)->about.name, order->name, PB_MODE_COUNT, 1, NULL);
                CHECK(r.status == PB_DONE);
                CHECK_EQ_U64(r.stats.solutions, want);
            }
            /* An engine that cannot count finds one solution where there is one. */
            if (!engine_takes(*e, m, &(pb_run){.mode = PB_MODE_COUNT}) &&
                engine_takes(*e, m, &(pb_run){.mode = PB_MODE_FIRST}))
                CHECK_EQ_U64(
                    run(m, (*e)->about.name, "row", PB_MODE_FIRST, 1, NULL).stats.solutions,
                    want > 0);
        }
        pb_model_free(m);
    }
}

static void test_published_counts(void)
{
    pb_model *m = board("2x5");
    CHECK_EQ_U64(run(m, "backtrack", "row", PB_MODE_COUNT, 1, NULL).stats.solutions, 9024);
    pb_model_free(m);
    m = board("3x4");
    CHECK_EQ_U64(run(m, "propagate", "mrv", PB_MODE_COUNT, 1, NULL).stats.solutions, 272836);
    CHECK_EQ_U64(run(m, "path-dp", "row", PB_MODE_COUNT, 1, NULL).stats.solutions, 272836);
    pb_model_free(m);
}

static void test_threads_do_not_change_counts(void)
{
    pb_model *m = board("2x5");
    for (int e = 0; e < 2; e++) {
        const char *engine = e ? "propagate" : "backtrack";
        for (int o = 0; o < 3; o++) {
            pb_result one = run(m, engine, pb_orders[o]->name, PB_MODE_COUNT, 1, NULL);
            for (int t = 2; t <= 4; t++) {
                pb_result many = run(m, engine, pb_orders[o]->name, PB_MODE_COUNT, t, NULL);
                CHECK(many.status == PB_DONE);
                CHECK_EQ_U64(many.stats.solutions, one.stats.solutions);
                CHECK_EQ_U64(many.stats.steps, one.stats.steps);
                CHECK_EQ_U64(many.stats.placements, one.stats.placements);
                CHECK_EQ_U64(many.stats.candidates, one.stats.candidates);
                CHECK_EQ_U64(many.stats.guesses, one.stats.guesses);
            }
        }
    }
    pb_model_free(m);
    m = board("3x4");
    pb_result one = run(m, "backtrack", "row", PB_MODE_COUNT, 1, NULL);
    pb_result three = run(m, "backtrack", "row", PB_MODE_COUNT, 3, NULL);
    CHECK_EQ_U64(three.stats.steps, one.stats.steps);
    CHECK_EQ_U64(three.stats.solutions, 272836);
    pb_model_free(m);
}

static void count_thread(void *ctx, int thread)
{
    (void)thread;
#pragma omp atomic update
    (*(int *)ctx)++;
}

/* Trees shallower than the split depth use the threads asked for too (every thread
 * of the run starts, and counts and steps are those of one thread), never silently
 * one. */
static void test_small_trees_use_their_threads(void)
{
    static const char *boards[] = {"1x2", "1x3", "2x2", "2x3", "1x6", "cross8", NULL};
    for (const char **b = boards; *b; b++) {
        pb_model *m = board(*b);
        for (int e = 0; e < 2; e++) {
            const pb_engine *eng = pb_model_engine_find(e ? "propagate" : "backtrack");
            pb_result one = run(m, eng->about.name, "row", PB_MODE_COUNT, 1, NULL);
            int started = 0;
            pb_run how = {.mode = PB_MODE_COUNT,
                          .order = pb_order_find("mrv"),
                          .threads = 3,
                          .thread_start = count_thread,
                          .thread_ctx = &started};
            pb_result three = {0}, mrv_one = {0};
            pb_engine_run(eng, m, &how, &three);
            how.threads = 1;
            pb_engine_run(eng, m, &how, &mrv_one);
            CHECK(three.status == PB_DONE && started == 3);
            CHECK_EQ_U64(three.stats.solutions, one.stats.solutions);
            CHECK_EQ_U64(three.stats.steps, mrv_one.stats.steps);
        }
        pb_model_free(m);
    }
}

static void test_limits(void)
{
    pb_model *m = board("2x6");
    pb_run how = {.mode = PB_MODE_COUNT, .limits = {.max_steps = 1000}};
    pb_result r = {0};
    pb_engine_run(pb_model_engine_find("backtrack"), m, &how, &r);
    CHECK(r.status == PB_LIMIT);
    CHECK_EQ_U64(r.stats.steps, 1000);
    pb_engine_run(pb_model_engine_find("enum-all"), m, &how, &r);
    CHECK(r.status == PB_LIMIT);
    CHECK_EQ_U64(r.stats.steps, 1000);
    how.limits.max_steps = 0;
    how.limits.max_solutions = 2;
    pb_engine_run(pb_model_engine_find("propagate"), m, &how, &r);
    CHECK(r.status == PB_LIMIT);
    CHECK_EQ_U64(r.stats.solutions, 2);
    /* A parallel count shares its step limit: its tasks reserve steps from one pool,
     * so it never passes the limit, and stops short of it by at most what the
     * running tasks hold (threads x PB_POLL_STEPS). */
    pb_model *big = board("3x5");
    pb_run par = {.mode = PB_MODE_COUNT, .threads = 3, .limits = {.max_steps = 1000000}};
    pb_engine_run(pb_model_engine_find("backtrack"), big, &par, &r);
    CHECK(r.status == PB_LIMIT);
    CHECK(r.stats.steps <= 1000000 && r.stats.steps >= 1000000 - 3 * PB_POLL_STEPS);
    pb_model_free(big);
    volatile sig_atomic_t cancel = 1;
    how.limits.max_solutions = 0;
    how.limits.cancel = &cancel;
    pb_engine_run(pb_model_engine_find("backtrack"), m, &how, &r);
    CHECK(r.status == PB_INTERRUPTED);
    pb_model_free(m);
}

/* One enumeration run with its first and last solutions. */
static pb_result enum_run(const pb_model *m, const pb_engine *e, pb_mode mode, uint64_t max_steps,
                          uint64_t max_solutions, int *first, int *last)
{
    pb_run how = {.mode = mode, .limits = {.max_steps = max_steps, .max_solutions = max_solutions}};
    pb_result r = {.first = first, .last = last};
    memset(first, 0, (size_t)m->ncells * sizeof *first);
    memset(last, 0, (size_t)m->ncells * sizeof *last);
    pb_engine_run(e, m, &how, &r);
    return r;
}

/* The vectorised enumerations take exactly the steps of their first versions and
 * stop where those stop: whole counts, first solutions, step limits (a block that
 * crosses a poll is walked step by step; 81 steps are one 8x8 block of cross8)
 * and solution caps, with the same first and last solutions. */
static void test_enumerations_match_v0(void)
{
    static const char *boards[] = {"1x4", "1x6", "2x3", "2x4", "cross8", NULL};
    const pb_engine *pairs[][2] = {{engine_named("enum-all"), &oracle_enum_all_v0},
                                   {engine_named("enum-perm"), &oracle_enum_perm_v0}};
    static const uint64_t limits[][2] = {{0, 0},    {1, 0},     {80, 0},     {81, 0}, {82, 0},
                                         {1000, 0}, {65537, 0}, {123457, 0}, {0, 2},  {0, 3}};
    for (const char **b = boards; *b; b++) {
        pb_model *m = board(*b);
        int f[2][16], l[2][16];
        for (int p = 0; p < 2; p++)
            for (int mode = 0; mode < 2; mode++)
                for (size_t i = 0; i < sizeof limits / sizeof limits[0]; i++) {
                    pb_mode md = mode ? PB_MODE_COUNT : PB_MODE_FIRST;
                    if (!mode && limits[i][1]) continue;
                    pb_result r[2];
                    for (int k = 0; k < 2; k++)
                        r[k] = enum_run(m, pairs[p][k], md, limits[i][0], limits[i][1], f[k], l[k]);
                    if (r[0].status != r[1].status || r[0].stats.steps != r[1].stats.steps)
                        fprintf(stderr, "%s on %s, %s, limits %llu %llu\n", pairs[p][0]->about.name,
                                *b, mode ? "count" : "first", (unsigned long long)limits[i][0],
                                (unsigned long long)limits[i][1]);
                    CHECK(r[0].status == r[1].status);
                    CHECK_EQ_U64(r[0].stats.steps, r[1].stats.steps);
                    CHECK_EQ_U64(r[0].stats.placements, r[1].stats.placements);
                    CHECK_EQ_U64(r[0].stats.backtracks, r[1].stats.backtracks);
                    CHECK_EQ_U64(r[0].stats.candidates, r[1].stats.candidates);
                    CHECK_EQ_U64(r[0].stats.solutions, r[1].stats.solutions);
                    CHECK(!memcmp(f[0], f[1], (size_t)m->ncells * sizeof f[0][0]));
                    CHECK(!memcmp(l[0], l[1], (size_t)m->ncells * sizeof l[0][0]));
                }
        pb_model_free(m);
    }
}

static void test_no_solution_and_options(void)
{
    notouch_board b;
    pb_error e;
    CHECK(notouch_board_named("2x2", &b, &e) == 0);
    pb_model *m = notouch_model(&b, 3, NOTOUCH_KING); /* 4 mutually touching cells */
    pb_result r = run(m, "backtrack", "row", PB_MODE_FIRST, 1, NULL);
    CHECK(r.status == PB_DONE);
    CHECK_EQ_U64(r.stats.solutions, 0);
    CHECK(!pb_model_engine_find("path-dp")->accepts(m, &(const char *){0}));
    pb_model_free(m);
    /* Orthogonal 2x2 with diff 2: 1 3 / 4 2 style — brute force decides. */
    m = notouch_model(&b, 2, NOTOUCH_ORTH);
    CHECK_EQ_U64(m->npairs, 4);
    CHECK_EQ_U64(run(m, "propagate", "mrv", PB_MODE_COUNT, 1, NULL).stats.solutions,
                 oracle_count(m, UINT64_MAX));
    pb_model_free(m);
}

int main(int argc, char **argv)
{
    const char *src = argc > 1 ? argv[1] : ".";
    test_seed_backtrack();
    test_cross8_every_engine();
    test_default_sweep_boards_agree(src);
    test_tiny_boards();
    test_published_counts();
    test_threads_do_not_change_counts();
    test_small_trees_use_their_threads();
    test_limits();
    test_enumerations_match_v0();
    test_no_solution_and_options();
    engines_all_ran("notouch");
    return check_report("test_notouch");
}
