/* test_limits.c — run limits and counts: the limiter polls by the clock
 * whatever one step costs, step limits are exact on one thread and never passed in
 * parallel, tenpair's time and memory limits each stop it alone, counts are
 * 128 bits and a count past even that reports PB_OVERFLOW.
 * Usage: test_limits SOURCE_DIR */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "notouch_named.h"
#include "engines.h"
#include "core/engine.h"
#include "core/limiter.h"
#include "harness/measure/batch.h"
#include "harness/io/readfile.h"
#include "kakuro/kakuro.h"
#include "notouch/board.h"
#include "sudoku/sudoku.h"

static const char *srcdir = ".";

static int count_is(pb_count v, const char *want)
{
    char buf[PB_COUNT_CHARS];
    pb_count_format(v, buf);
    if (!strcmp(buf, want)) return 1;
    fprintf(stderr, "count %s, expected %s\n", buf, want);
    return 0;
}

static void test_count_format(void)
{
    CHECK(count_is(0, "0"));
    CHECK(count_is(7, "7"));
    CHECK(count_is(UINT64_MAX, "18446744073709551615"));
    CHECK(count_is((pb_count)UINT64_MAX + 1, "18446744073709551616"));
    CHECK(count_is(PB_COUNT_MAX, "340282366920938463463374607431768211455"));
    CHECK(pb_count_add(PB_COUNT_MAX - 1, 1) == PB_COUNT_MAX);
    CHECK(pb_count_add(PB_COUNT_MAX - 1, 2) == PB_COUNT_MAX); /* held, not wrapped */
    pb_stats a = {.solutions = PB_COUNT_MAX}, b = {.solutions = 5};
    pb_stats_add(&a, &b);
    CHECK(a.solutions == PB_COUNT_MAX);
}

/* Busy for `s` seconds: one slow step. */
static void spin(double s)
{
    double end = pb_now_s() + s;
    while (pb_now_s() < end) {
    }
}

/* A loop of steps that each cost `step_s` seconds, polled as the engines poll, cut
 * off at 1 s. Returns how many steps ended at or after `at_s` from the limiter's start
 * (its deadline's time, for a time limit) before the loop stopped: the overshoot, in
 * steps. With `raise`, the flag is raised by the first of those steps. */
static uint64_t steps_after(const pb_limits *lim, double step_s, double at_s, pb_status *st,
                            volatile sig_atomic_t *raise)
{
    pb_limiter l;
    pb_limiter_init(&l, lim, 0);
    double t0 = l.last_t; /* the clock the deadline was set from */
    *st = PB_DONE;
    uint64_t late = 0;
    for (uint64_t steps = 0; pb_now_s() - t0 < 1.0;) {
        spin(step_s);
        steps++;
        if (pb_now_s() - t0 >= at_s) {
            late++;
            if (raise) *raise = 1;
        }
        if (steps >= l.next && (*st = pb_limiter_poll(&l, steps)) != PB_DONE) break;
    }
    return late;
}

/* Slow steps (1 ms, 3 ms: a long tenpair state) are polled every step or so: a time
 * limit and the cancel flag are seen within PB_POLL_TARGET_S of work, not after
 * 65,536 steps. Counted in steps, not seconds: a step takes at least step_s however
 * loaded the machine is, so the poll interval never holds more steps than fit in
 * PB_POLL_TARGET_S (at least one), and the overshoot is that many steps at most. */
static void test_limiter_slow_steps(void)
{
    const double costs[] = {0.001, 0.003};
    for (size_t i = 0; i < sizeof costs / sizeof costs[0]; i++) {
        uint64_t most = (uint64_t)(PB_POLL_TARGET_S / costs[i]);
        if (most < 1) most = 1;
        pb_limits lim = {.max_seconds = 0.05};
        pb_status st;
        uint64_t late = steps_after(&lim, costs[i], 0.05, &st, NULL);
        CHECK(st == PB_LIMIT);
        CHECK(late >= 1 && late <= most);
        volatile sig_atomic_t cancel = 0;
        pb_limits can = {.cancel = &cancel};
        late = steps_after(&can, costs[i], 0.03, &st, &cancel);
        CHECK(st == PB_INTERRUPTED);
        CHECK(late >= 1 && late <= most);
    }
    /* Fast steps widen the interval up to PB_POLL_STEPS, not beyond. */
    pb_limits lim = {.max_seconds = 100};
    pb_limiter l;
    pb_limiter_init(&l, &lim, 0);
    uint64_t steps = 0, polls = 0;
    while (steps < 2000000) {
        steps++;
        if (steps >= l.next) {
            polls++;
            CHECK(pb_limiter_poll(&l, steps) == PB_DONE);
            CHECK(l.next - steps <= PB_POLL_STEPS);
        }
    }
    CHECK(l.quantum == PB_POLL_STEPS);
    CHECK(polls < 2000000 / PB_POLL_STEPS + 40);
}

/* The step pool: never hands out more than its budget, and what a task gives back
 * can be taken again. */
static void test_step_pool(void)
{
    pb_step_pool p;
    pb_step_pool_init(&p, 1000, 2);
    uint64_t got = 0, n;
    while ((n = pb_step_pool_take(&p, 300))) {
        CHECK(n <= 300);
        got += n;
    }
    CHECK_EQ_U64(got, 1000);
    pb_step_pool_give(&p, 10);
    CHECK_EQ_U64(pb_step_pool_take(&p, 300), 2); /* a share of what is left */
    for (got = 2; (n = pb_step_pool_take(&p, 300));) got += n;
    CHECK_EQ_U64(got, 10);
}

static pb_model *notouch(const char *name)
{
    return notouch_named(name, 2, NOTOUCH_KING);
}

static pb_model *kakuro_file(const char *rel)
{
    char path[1024], err[256];
    snprintf(path, sizeof path, "%s/%s", srcdir, rel);
    size_t len;
    char *text = pb_read_file(path, &len, err, sizeof err);
    if (!text) {
        fprintf(stderr, "%s\n", err);
        exit(2);
    }
    kakuro_reader r;
    kakuro_grid g = {0};
    int line;
    pb_error e;
    kakuro_reader_init(&r, text, len);
    if (kakuro_read(&r, &g, &line, &e) != 1) exit(2);
    pb_model *m = kakuro_model_new(&g, &e);
    kakuro_grid_free(&g);
    free(text);
    if (!m) exit(2);
    return m;
}

/* One thread: every engine stops at exactly its step limit. The engines whose step
 * is a propagation (logic, seed, combo, thesis) poll after it: they may pass the
 * limit by what one propagation places, at most a cell each. */
static void test_exact_step_limits(void)
{
    pb_model *models[] = {notouch("3x4"), sudoku_model_new(3),
                          kakuro_file("tests/data/kakuro/overflow.kak")};
    const uint64_t limits[] = {1, 777, 12345};
    for (size_t k = 0; k < sizeof models / sizeof models[0]; k++) {
        const pb_model *m = models[k];
        for (const pb_engine *const *e = model_engines(); *e; e++)
            for (size_t i = 0; i < sizeof limits / sizeof limits[0]; i++) {
                pb_run how = {.mode = PB_MODE_COUNT, .limits = {.max_steps = limits[i]}};
                if (pb_engine_check(*e, m, &how, NULL, 0) != PB_RUNS) continue;
                if (m->ncells > 40 && !strncmp((*e)->about.name, "enum", 4)) continue;
                pb_result r;
                memset(&r, 0, sizeof r);
                pb_status st = pb_engine_run(*e, m, &how, &r);
                const char *n = (*e)->about.name;
                /* path-dp counts 3x4 in fewer steps than the largest limit: then it
                 * must have taken the steps of a run without one. */
                if (!strcmp(n, "path-dp") && st == PB_DONE && r.stats.steps < limits[i]) {
                    pb_run free_run = {.mode = PB_MODE_COUNT};
                    pb_result all;
                    memset(&all, 0, sizeof all);
                    pb_engine_run(*e, m, &free_run, &all);
                    CHECK_EQ_U64(r.stats.steps, all.stats.steps);
                    continue;
                }
                int poll_per_step = strcmp(n, "logic") && strcmp(n, "seed") && strcmp(n, "combo") &&
                                    strcmp(n, "thesis");
                if (st != PB_LIMIT ||
                    (poll_per_step ? r.stats.steps != limits[i]
                                   : r.stats.steps < limits[i] ||
                                         r.stats.steps > limits[i] + (uint64_t)m->ncells + 1)) {
                    fprintf(stderr, "%s on model %zu, limit %llu: %s after %llu steps\n", n, k,
                            (unsigned long long)limits[i], pb_status_name(st),
                            (unsigned long long)r.stats.steps);
                    CHECK(0);
                }
            }
    }
    for (size_t k = 0; k < sizeof models / sizeof models[0]; k++) pb_model_free(models[k]);
}

/* In parallel the tasks share the limit: the run never passes it, and stops short of
 * it by at most threads x PB_POLL_STEPS (the steps running tasks hold). */
static void test_parallel_step_limits(void)
{
    pb_model *m = notouch("2x7");
    const uint64_t limits[] = {10000, 1000000};
    const char *engines[] = {"backtrack", "propagate"};
    for (size_t e = 0; e < 2; e++)
        for (size_t i = 0; i < 2; i++)
            for (int threads = 2; threads <= 3; threads++) {
                pb_run how = {
                    .mode = PB_MODE_COUNT, .threads = threads, .limits = {.max_steps = limits[i]}};
                pb_result r;
                memset(&r, 0, sizeof r);
                CHECK(pb_engine_run(pb_model_engine_find(engines[e]), m, &how, &r) == PB_LIMIT);
                uint64_t low = limits[i] > threads * (uint64_t)PB_POLL_STEPS
                                   ? limits[i] - threads * (uint64_t)PB_POLL_STEPS
                                   : 0;
                if (r.stats.steps > limits[i] || r.stats.steps < low) {
                    fprintf(stderr, "%s -t %d, limit %llu: %llu steps\n", engines[e], threads,
                            (unsigned long long)limits[i], (unsigned long long)r.stats.steps);
                    CHECK(0);
                }
            }
    pb_model_free(m);
}

/* A set's step limit shared by puzzles on several threads (a sweep row): together
 * they pass it by at most a step each, where each given "what the others left"
 * passed it threads-fold. Steps of the puzzles that finish are exact either way. */
static void test_batch_step_limits(void)
{
    enum { PUZZLES = 6 };
    pb_puzzle puzzle[PUZZLES];
    for (int i = 0; i < PUZZLES; i++) puzzle[i] = (pb_puzzle){.model = notouch("2x7")};
    pb_set set = {PUZZLES, 0, puzzle, NULL};
    const uint64_t limits[] = {1000, 100000, 3000000};
    for (size_t i = 0; i < 3; i++)
        for (int threads = 1; threads <= 3; threads++) {
            pb_batch b = {.set = &set,
                          .engine = pb_model_engine_find("backtrack"),
                          .how = {.mode = PB_MODE_COUNT, .limits = {.max_steps = limits[i]}},
                          .threads = threads,
                          .shared_limits = 1};
            pb_batch_result r;
            CHECK(pb_batch_run(&b, &r) == 0);
            CHECK(r.status == PB_LIMIT);
            uint64_t low = threads == 1 ? limits[i]
                           : limits[i] > threads * (uint64_t)PB_POLL_STEPS
                               ? limits[i] - threads * (uint64_t)PB_POLL_STEPS
                               : 0;
            if (r.total.steps > limits[i] + (threads > 1 ? (uint64_t)threads : 0) ||
                r.total.steps < low) {
                fprintf(stderr, "batch of %d, %d threads, limit %llu: %llu steps\n", PUZZLES,
                        threads, (unsigned long long)limits[i], (unsigned long long)r.total.steps);
                CHECK(0);
            }
            pb_batch_free(&r);
        }
    for (int i = 0; i < PUZZLES; i++) pb_model_free(puzzle[i].model);
}

static pb_result tenpair(const char *engine, const tp_rules *r, pb_run how)
{
    pb_result res;
    memset(&res, 0, sizeof res);
    tp_run_rules(tenpair_engine(engine), r, &how, &res);
    free(res.path);
    return res;
}

/* Tenpair: a step limit of N expands exactly N states (one thread), never more than
 * N (threads); a time limit is met within a state or so even when states cost
 * milliseconds; the memory limit alone gives nomem, and the growth it refused. */
static void test_tenpair_limits(void)
{
    tp_rules r;
    pb_error e;
    tp_rules_default(&r);
    const char *engines[] = {"bfs", "best-first", "compact"};
    for (int k = 0; k < 3; k++) {
        pb_run count = {.mode = PB_MODE_COUNT, .max_length = 100, .threads = 1};
        count.limits.max_steps = 100000;
        pb_result res = tenpair(engines[k], &r, count);
        CHECK(res.status == PB_LIMIT);
        CHECK_EQ_U64(res.stats.steps, 100000);
        pb_run shortest = {.mode = PB_MODE_FIRST, .threads = 1};
        shortest.limits.max_steps = 5000;
        res = tenpair(engines[k], &r, shortest);
        CHECK(res.status == PB_LIMIT);
        CHECK_EQ_U64(res.stats.steps, 5000);
    }
    pb_run par = {.mode = PB_MODE_COUNT, .max_length = 100, .threads = 2};
    par.limits.max_steps = 100000;
    pb_result res = tenpair("compact", &r, par);
    CHECK(res.status == PB_LIMIT);
    CHECK(res.stats.steps <= 100000 && res.stats.steps > 0);

    char start[513];
    memset(start, '1', 512);
    start[512] = '\0';
    CHECK(tp_rules_set_start(&r, start, &e) == 0);
    for (int k = 0; k < 3; k++) { /* each state of this start costs milliseconds */
        /* The time limit alone can stop it: a memory bound that no machine reaches
         * before it (the run's sets grow by doubling, a few hundred MiB by then). */
        pb_run slow = {.mode = PB_MODE_FIRST, .threads = 1, .limits.max_bytes = 4ull << 30};
        slow.limits.max_seconds = 0.3;
        double t0 = pb_now_s();
        res = tenpair(engines[k], &r, slow);
        double t = pb_now_s() - t0;
        CHECK(res.status == PB_LIMIT);
        /* What those states cost on this machine right now (later states cost more
         * than the first): the same states again, under a step limit. */
        pb_run again = {.mode = PB_MODE_FIRST, .threads = 1};
        again.limits.max_steps = res.stats.steps;
        t0 = pb_now_s();
        res = tenpair(engines[k], &r, again);
        double per_state = (pb_now_s() - t0) / (double)again.limits.max_steps;
        CHECK(res.status == PB_LIMIT);
        /* Polled every state or so, it stops within a few states of its limit: far under
         * the tens of seconds that 65,536 states between polls would take. The slack is
         * for a loaded machine's scheduling, which the states measured above miss. */
        double bound = 0.3 + 2.0 + 20 * per_state;
        if (t >= bound)
            fprintf(stderr, "%s: time limit 0.3 s met after %.3f s (a state: %.4f s)\n", engines[k],
                    t, per_state);
        CHECK(t < bound);
    }
    /* The memory limit alone: no time limit that a slow machine could reach first. */
    pb_run small = {.mode = PB_MODE_FIRST, .threads = 1, .limits.max_bytes = 8u << 20};
    res = tenpair("compact", &r, small);
    CHECK(res.status == PB_NOMEM);
    CHECK(res.stats.bytes <= 8u << 20);
    /* It says why: the growth it refused passes the bound, from what it held. */
    CHECK(res.refused_total > 8u << 20);
    CHECK(res.refused_used <= 8u << 20 && res.refused_used < res.refused_total);
}

/* Kakuro counts: past 2^64 they are exact; past 2^128 - 1 the run says so. */
static void test_kakuro_counts(void)
{
    pb_model *m = kakuro_file("tests/data/kakuro/count128.kak");
    const pb_engine *combo = pb_model_engine_find("combo");
    pb_run how = {.mode = PB_MODE_COUNT};
    pb_result r;
    memset(&r, 0, sizeof r);
    CHECK(pb_engine_run(combo, m, &how, &r) == PB_DONE);
    CHECK(count_is(r.stats.solutions, "1806954599536363527848507473920"));
    pb_model_free(m);
    m = kakuro_file("tests/data/kakuro/overflow.kak");
    memset(&r, 0, sizeof r);
    CHECK(pb_engine_run(combo, m, &how, &r) == PB_OVERFLOW);
    CHECK(r.stats.solutions == PB_COUNT_MAX); /* held there: a lower bound */
    /* A capped count is an answer, whatever the full count. */
    how.limits.max_solutions = 2;
    memset(&r, 0, sizeof r);
    CHECK(pb_engine_run(combo, m, &how, &r) == PB_LIMIT);
    CHECK(r.stats.solutions == 2);
    pb_model_free(m);
}

int main(int argc, char **argv)
{
    if (argc > 1) srcdir = argv[1];
    test_count_format();
    test_limiter_slow_steps();
    test_step_pool();
    test_exact_step_limits();
    test_parallel_step_limits();
    test_batch_step_limits();
    test_tenpair_limits();
    test_kakuro_counts();
    return check_report("test_limits");
}
