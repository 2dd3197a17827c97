/* test_alldiff.c — the `alldiff` engine (engines/search/alldiff.c): its filtering
 * against a brute-force domain-consistency oracle on random groups (plain and with a
 * sum, wipe-outs included); solutions and counts against an independent brute force
 * on random small sudoku 4x4, Latin squares of order 3-5 with holes, kakuro-like sum
 * grids and a model with min-difference pairs, under every cell order, every
 * reported solution checked with pb_model_check; fewer backtracks than `propagate`
 * with equal counts on harder Latin squares and a 9x9 sudoku; and the limits. */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "core/engine.h"
#include "core/limiter.h"
#include "core/rng.h"
#include "engines.h"
#include "latin/latin.h"
#include "search/alldiff.h"
#include "sudoku/sudoku.h"
#include "oracles.h"

/* ---- the domain-consistency oracle ---- */

/* Every assignment of distinct values to cells i.. of a group (values from d,
 * adding up to `need` when sum > 0): ORs each cell's value into support. */
static void oracle_rec(const pb_mask *d, int k, int i, pb_mask used, int *val, int sum, int need,
                       pb_mask *support, int *found)
{
    if (i == k) {
        if (sum && need != 0) return;
        *found = 1;
        for (int j = 0; j < k; j++) support[j] |= PB_BIT(val[j]);
        return;
    }
    for (int v = 1; v <= 64; v++) {
        if (!(d[i] & PB_BIT(v)) || (used & PB_BIT(v))) continue;
        if (sum && v > need) break;
        val[i] = v;
        oracle_rec(d, k, i + 1, used | PB_BIT(v), val, sum, need - v, support, found);
    }
}

/* support[i]: the values of d[i] in some solution of the group; 0 when none. */
static int oracle(const pb_mask *d, int k, int sum, pb_mask *support)
{
    int val[64], found = 0;
    memset(support, 0, (size_t)k * sizeof *support);
    oracle_rec(d, k, 0, 0, val, sum, sum, support, &found);
    return found;
}

static void test_filter_random(void)
{
    pb_rng r;
    pb_rng_seed(&r, 16);
    int wiped = 0, narrowed = 0, sums_wiped = 0, sums_narrowed = 0;
    for (int t = 0; t < 20000; t++) {
        const int k = 1 + (int)pb_rng_below(&r, 7), nv = 1 + (int)pb_rng_below(&r, 9);
        const int with_sum = t % 3 == 2 && k <= nv;
        /* Dense and sparse domains; now and then an empty one. */
        const uint32_t density = 20 + pb_rng_below(&r, 75);
        pb_mask d[7], want[7], got[7];
        for (int i = 0; i < k; i++) {
            d[i] = 0;
            for (int v = 1; v <= nv; v++)
                if (pb_rng_below(&r, 100) < density) d[i] |= PB_BIT(v);
            if (pb_rng_below(&r, 50) == 0) d[i] = 0;
        }
        int sum = 0;
        if (with_sum) { /* a reachable total of k distinct values of 1..nv */
            int lo = k * (k + 1) / 2, hi = k * (2 * nv - k + 1) / 2;
            sum = lo + (int)pb_rng_below(&r, (uint32_t)(hi - lo + 1));
        }
        const int ok = oracle(d, k, sum, want);

        if (!with_sum) { /* the matching filter alone */
            int f = pb_alldiff_filter(d, k, got);
            CHECK(f == ok);
            if (f && ok)
                for (int i = 0; i < k; i++) CHECK(got[i] == want[i]);
        }

        /* The engine's fixpoint on a model of this one group. */
        pb_model *m = pb_model_new(k, nv);
        int cells[7];
        for (int i = 0; i < k; i++) cells[i] = i;
        if (!m ||
            (with_sum ? pb_model_add_sum_group(m, cells, k, sum)
                      : pb_model_add_group(m, cells, k)) ||
            pb_model_finish(m)) {
            fprintf(stderr, "model of %d cells, %d values failed\n", k, nv);
            exit(2);
        }
        pb_mask dom[7];
        memcpy(dom, d, sizeof dom);
        int s = pb_alldiff_settle(m, dom);
        CHECK(s == ok);
        if (s == 1 && ok) {
            int narrow = 0;
            for (int i = 0; i < k; i++) {
                CHECK(dom[i] == want[i]);
                narrow |= dom[i] != d[i];
            }
            if (with_sum)
                sums_narrowed += narrow;
            else
                narrowed += narrow;
        }
        if (!ok) with_sum ? sums_wiped++ : wiped++;
        pb_model_free(m);
    }
    /* The random groups met every case. */
    CHECK(wiped > 100 && narrowed > 100 && sums_wiped > 100 && sums_narrowed > 100);
}

/* Counts of 0, 1 and many solutions met by the instance tests. */
static int seen_none, seen_one, seen_many;

/* alldiff on m under every order, count and first modes, against the brute force;
 * every solution reported is checked against the rules. */
static void check_instance(const pb_model *m)
{
    const uint64_t want = oracle_count(m, UINT64_MAX);
    seen_none += want == 0, seen_one += want == 1, seen_many += want > 1;
    const pb_engine *e = engine_named("alldiff");
    int first[64], last[64];
    for (int o = 0; pb_orders[o]; o++) {
        pb_run how = {.mode = PB_MODE_COUNT, .order = pb_orders[o]};
        pb_result r = {.first = first, .last = last};
        CHECK(pb_engine_run(e, m, &how, &r) == PB_DONE);
        CHECK_EQ_U64((uint64_t)r.stats.solutions, want);
        CHECK_EQ_U64(r.stats.steps, r.stats.placements + r.stats.backtracks);
        CHECK(r.stats.guesses <= r.stats.placements);
        if (want) CHECK(pb_model_check(m, first) && pb_model_check(m, last));
        if (want > 1) CHECK(memcmp(first, last, (size_t)m->ncells * sizeof *first));

        how.mode = PB_MODE_FIRST;
        pb_result f = {.first = first};
        CHECK(pb_engine_run(e, m, &how, &f) == PB_DONE);
        CHECK_EQ_U64((uint64_t)f.stats.solutions, want > 0);
        if (want) CHECK(pb_model_check(m, first));

        /* The uniqueness check the generators make: stop at 2. */
        how.mode = PB_MODE_COUNT;
        how.limits.max_solutions = 2;
        pb_result u = {.first = first, .last = last};
        pb_status st = pb_engine_run(e, m, &how, &u);
        CHECK(st == (want >= 2 ? PB_LIMIT : PB_DONE));
        CHECK_EQ_U64((uint64_t)u.stats.solutions, want < 2 ? want : 2);
        if (want >= 2) CHECK(memcmp(first, last, (size_t)m->ncells * sizeof *first));
    }
    /* The root filtering loses no solution: every solution's values stay. */
    pb_mask dom[64];
    memcpy(dom, m->domain, (size_t)m->ncells * sizeof *dom);
    int s = pb_alldiff_settle(m, dom);
    CHECK(s >= 0);
    if (want) {
        CHECK(s == 1);
        pb_run how = {.mode = PB_MODE_COUNT};
        pb_result r = {.first = first, .last = last};
        pb_engine_run(e, m, &how, &r);
        for (int c = 0; c < m->ncells; c++)
            CHECK((dom[c] & PB_BIT(first[c])) && (dom[c] & PB_BIT(last[c])));
    }
}

/* ---- sudoku 4x4 ---- */

static pb_model *sudoku4;

static void sudoku_instance(const sudoku_grid *g)
{
    pb_mask dom[16];
    pb_model view;
    sudoku_model_view(sudoku4, g, dom, &view);
    check_instance(&view);
}

static void test_sudoku4(void)
{
    if (!(sudoku4 = sudoku_model_new(2))) exit(2);
    sudoku_grid g;
    sudoku_grid_init(&g, 2);
    /* The empty grid: 288, under every order. */
    pb_mask dom[16];
    pb_model view;
    sudoku_model_view(sudoku4, &g, dom, &view);
    CHECK_EQ_U64(oracle_count(&view, UINT64_MAX), 288);
    check_instance(&view);

    /* Grids with givens from a solution (one or many solutions), some with a given
     * changed (often none). */
    int first[16];
    pb_run how = {.mode = PB_MODE_FIRST};
    pb_result r = {.first = first};
    pb_engine_run(engine_named("alldiff"), &view, &how, &r);
    pb_rng rng;
    pb_rng_seed(&rng, 4);
    for (int t = 0; t < 300; t++) {
        /* A random solution: relabel the values and swap rows within bands. */
        int perm[4] = {1, 2, 3, 4};
        pb_rng_shuffle(&rng, perm, 4);
        int keep = 3 + (int)pb_rng_below(&rng, 10);
        for (int c = 0; c < 16; c++) {
            int rr = c / 4, cc = c % 4;
            if (t & 1) rr ^= 1;
            if (t & 2) cc ^= 2;
            g.cell[c] = pb_rng_below(&rng, 16) < (uint32_t)keep
                            ? (unsigned char)perm[first[rr * 4 + cc] - 1]
                            : 0;
        }
        if (pb_rng_below(&rng, 4) == 0)
            g.cell[pb_rng_below(&rng, 16)] = (unsigned char)(1 + pb_rng_below(&rng, 4));
        sudoku_instance(&g);
    }
}

/* ---- Latin squares ---- */

static void test_latin(void)
{
    /* The order-4 Latin squares: 576. */
    latin_square sq;
    latin_square_init(&sq, 4);
    pb_model *m = latin_model_of(&sq);
    CHECK_EQ_U64(oracle_count(m, UINT64_MAX), 576);
    check_instance(m);
    pb_model_free(m);

    pb_rng rng;
    pb_rng_seed(&rng, 5);
    for (int t = 0; t < 240; t++) {
        /* Order 5 up to 60% holes: an empty one has 161,280 completions. */
        const int n = 3 + t % 3;
        const double holes = 0.3 + 0.1 * (double)(t / 3 % (n == 5 ? 4 : 8));
        latin_gen_opts o = {.n = n, .holes = holes, .seed = 7};
        latin_square p;
        CHECK(latin_generate(&o, (uint64_t)t, &p, NULL) == 0);
        if (pb_rng_below(&rng, 4) == 0) /* a given changed, or a hole filled: often none */
            p.cell[pb_rng_below(&rng, (uint32_t)p.ncells)] =
                (unsigned char)(1 + pb_rng_below(&rng, (uint32_t)p.n));
        if (!(m = latin_model_of(&p))) exit(2);
        check_instance(m);
        pb_model_free(m);
    }
}

/* ---- kakuro-like sum grids ---- */

/* A rows x cols block of white cells, each row and column a sum group of digits
 * 1..9 whose totals come from a random filling (some changed by one: often no
 * solution), with a few givens. */
static void test_sum_grids(void)
{
    pb_rng rng;
    pb_rng_seed(&rng, 9);
    for (int t = 0; t < 150; t++) {
        const int rows = 2 + (int)pb_rng_below(&rng, 2), cols = 2 + (int)pb_rng_below(&rng, 2);
        const int n = rows * cols;
        int fill[9];
        for (int c = 0; c < n; c++) { /* distinct within its row and column */
            int v;
            do {
                v = 1 + (int)pb_rng_below(&rng, 9);
                int clash = 0;
                for (int q = 0; q < c; q++)
                    clash |= fill[q] == v && (q / cols == c / cols || q % cols == c % cols);
                if (!clash) break;
            } while (1);
            fill[c] = v;
        }
        pb_model *m = pb_model_new(n, 9);
        if (!m) exit(2);
        int cells[3];
        for (int r = 0; r < rows; r++) {
            int sum = 0;
            for (int c = 0; c < cols; c++) sum += fill[cells[c] = r * cols + c];
            if (pb_rng_below(&rng, 8) == 0) sum += 1;
            if (pb_model_add_sum_group(m, cells, cols, sum)) exit(2);
        }
        for (int c = 0; c < cols; c++) {
            int sum = 0;
            for (int r = 0; r < rows; r++) sum += fill[cells[r] = r * cols + c];
            if (pb_rng_below(&rng, 8) == 0) sum -= 1;
            if (pb_model_add_sum_group(m, cells, rows, sum)) exit(2);
        }
        if (t % 3 == 0) m->domain[pb_rng_below(&rng, (uint32_t)n)] = PB_BIT(fill[0]);
        if (pb_model_finish(m)) exit(2);
        check_instance(m);
        pb_model_free(m);
    }
}

/* ---- pairs beside groups ---- */

static void test_pairs(void)
{
    pb_rng rng;
    pb_rng_seed(&rng, 11);
    for (int t = 0; t < 150; t++) {
        const int n = 4 + (int)pb_rng_below(&rng, 4), nv = 3 + (int)pb_rng_below(&rng, 4);
        pb_model *m = pb_model_new(n, nv);
        if (!m) exit(2);
        m->min_diff = 2;
        int cells[3] = {0, 1, 2};
        if (pb_model_add_group(m, cells, 3)) exit(2);
        for (int k = 0; k < n / 2; k++) {
            int a = (int)pb_rng_below(&rng, (uint32_t)n), b = (int)pb_rng_below(&rng, (uint32_t)n);
            if (a != b && pb_model_add_pair(m, a, b)) exit(2);
        }
        if (t % 2) m->domain[n - 1] = PB_BIT(1 + pb_rng_below(&rng, (uint32_t)nv));
        if (pb_model_finish(m)) exit(2);
        check_instance(m);
        pb_model_free(m);
    }
}

/* ---- harder instances: alldiff beside propagate ---- */

static pb_result run_on(const char *engine, const pb_model *m, pb_mode mode, const char *order,
                        int *first)
{
    pb_run how = {.mode = mode, .order = order ? pb_order_find(order) : NULL};
    pb_result r = {.first = first};
    CHECK(pb_engine_run(engine_named(engine), m, &how, &r) == PB_DONE);
    return r;
}

static void compare(const pb_model *m, pb_mode mode, const char *order)
{
    int first[LATIN_MAX_CELLS];
    pb_result p = run_on("propagate", m, mode, order, first);
    pb_result a = run_on("alldiff", m, mode, order, first);
    CHECK(a.stats.solutions == p.stats.solutions);
    CHECK(a.stats.backtracks <= p.stats.backtracks);
    if (a.stats.solutions) CHECK(pb_model_check(m, first));
}

static void test_harder(void)
{
    /* QWH of order 12 near the peak: counts (3 to ~100 solutions) under two orders. */
    for (uint64_t i = 0; i < 3; i++) {
        latin_gen_opts o = {.n = 12, .holes = 0.42, .seed = 7};
        latin_square p;
        CHECK(latin_generate(&o, i, &p, NULL) == 0);
        pb_model *m = latin_model_of(&p);
        compare(m, PB_MODE_COUNT, "row");
        compare(m, PB_MODE_COUNT, "mrv");
        pb_model_free(m);
    }
    /* Order 15, first solution. */
    latin_gen_opts o = {.n = 15, .holes = 0.42, .seed = 3};
    latin_square p;
    CHECK(latin_generate(&o, 0, &p, NULL) == 0);
    pb_model *m = latin_model_of(&p);
    compare(m, PB_MODE_FIRST, "row");
    pb_model_free(m);

    /* A 9x9 sudoku (the first of data/sudoku/9x9-expert.txt): one solution. */
    const char *text =
        "..139......25.8..45..1..9..2.8..3....7...........8.17......45....3....928.5....3.";
    sudoku_reader rd;
    sudoku_grid g;
    sudoku_format fmt;
    int line;
    pb_error err;
    sudoku_reader_init(&rd, text, strlen(text));
    if (sudoku_read(&rd, &g, &fmt, &line, &err) != 1) exit(2);
    pb_model *shape = sudoku_model_new(3);
    pb_mask dom[81];
    pb_model view;
    sudoku_model_view(shape, &g, dom, &view);
    compare(&view, PB_MODE_COUNT, "row");
    int first[81];
    pb_result a = run_on("alldiff", &view, PB_MODE_COUNT, NULL, first);
    CHECK_EQ_U64((uint64_t)a.stats.solutions, 1);
    pb_model_free(shape);
}

/* ---- limits ---- */

static void test_limits(void)
{
    latin_square sq;
    latin_square_init(&sq, 6); /* 812,851,200 squares: no count finishes */
    pb_model *m = latin_model_of(&sq);
    const pb_engine *e = engine_named("alldiff");
    for (uint64_t max = 1; max <= 100000; max *= 7) {
        pb_run how = {.mode = PB_MODE_COUNT};
        how.limits.max_steps = max;
        pb_result r = {0};
        CHECK(pb_engine_run(e, m, &how, &r) == PB_LIMIT);
        CHECK_EQ_U64(r.stats.steps, max);
    }
    pb_run how = {.mode = PB_MODE_COUNT};
    how.limits.max_seconds = 0.05;
    pb_result r = {0};
    CHECK(pb_engine_run(e, m, &how, &r) == PB_LIMIT);
    CHECK(r.stats.wall_s < 2);
    static volatile sig_atomic_t cancel = 1;
    pb_run stop = {.mode = PB_MODE_COUNT};
    stop.limits.cancel = &cancel;
    CHECK(pb_engine_run(e, m, &stop, &r) == PB_INTERRUPTED);
    /* A step limit drawn from a shared pool (a batch's puzzles): the run stops when
     * the pool is spent, having drawn at least the steps it made. */
    pb_step_pool pool;
    pb_step_pool_init(&pool, 5000, 1);
    pb_step_share share = {&pool, 0};
    pb_run shared = {.mode = PB_MODE_COUNT};
    shared.limits.share = &share;
    CHECK(pb_engine_run(e, m, &shared, &r) == PB_LIMIT);
    CHECK(r.stats.steps <= 5000 && share.reserved >= r.stats.steps && r.stats.steps > 4000);
    /* Threads are refused: one thread only. */
    pb_run threads = {.mode = PB_MODE_COUNT, .threads = 2};
    CHECK(pb_engine_run(e, m, &threads, &r) == PB_UNSUPPORTED);
    pb_model_free(m);
}

/* ---- the trace ---- */

typedef struct tally {
    uint64_t place, back, sol, start, last_step;
    int ok;
} tally;

static void on_step(void *ctx, const pb_model *m, const int *values, int cell, pb_event ev,
                    uint64_t step)
{
    tally *t = ctx;
    if (ev == PB_EV_START) t->start++;
    if (ev == PB_EV_PLACE) t->place++, t->ok &= values[cell] >= 1 && values[cell] <= m->nvalues;
    if (ev == PB_EV_BACKTRACK) t->back++, t->ok &= values[cell] == -1;
    if (ev == PB_EV_SOLUTION) t->sol++, t->ok &= pb_model_check(m, values);
    t->ok &= step == t->place + t->back;
    t->last_step = step;
}

/* Every step is traced once, and the trace's step numbers are the stats'. */
static void test_trace(void)
{
    latin_square sq;
    latin_square_init(&sq, 4);
    sq.cell[0] = 2, sq.cell[5] = 2;
    pb_model *m = latin_model_of(&sq);
    tally t = {.ok = 1};
    pb_run how = {.mode = PB_MODE_COUNT, .trace = on_step, .trace_ctx = &t};
    pb_result r = {0};
    CHECK(pb_engine_run(engine_named("alldiff"), m, &how, &r) == PB_DONE);
    CHECK(t.ok && t.start == 1);
    CHECK_EQ_U64(t.place, r.stats.placements);
    CHECK_EQ_U64(t.back, r.stats.backtracks);
    CHECK_EQ_U64(t.sol, (uint64_t)r.stats.solutions);
    CHECK_EQ_U64((uint64_t)r.stats.solutions, oracle_count(m, UINT64_MAX));
    pb_model_free(m);
}

int main(void)
{
    test_filter_random();
    test_sudoku4();
    test_latin();
    test_sum_grids();
    test_pairs();
    CHECK(seen_none > 10 && seen_one > 10 && seen_many > 10);
    printf("instances: %d with no solution, %d with one, %d with many\n", seen_none, seen_one,
           seen_many);
    test_harder();
    test_limits();
    test_trace();
    pb_model_free(sudoku4);
    return check_report("alldiff");
}
