/* test_path_dp.c — path-dp, the layered path count: its counts against the two
 * independent counts of the oracles (oracles.h: the plain table, Karp's inclusion-
 * exclusion) on boards of every shape, first solutions checked against the rules,
 * counts and steps that do not depend on the thread count, and its limits (steps,
 * memory before anything is allocated, time, cancel), and the packed rows of its
 * layers (each count in the bits its bound needs).
 * Usage: test_path_dp SOURCE_DIR [big-oracles|big-counts]: the boards of 18 to 25
 * cells, seconds each (Release builds only). */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "notouch_named.h"
#include "engines.h"
#include "core/engine.h"
#include "core/limiter.h"
#include "harness/io/readfile.h"
#include "notouch/board.h"
#include "notouch/path_dp.h"
#include "oracles.h"

static const char *srcdir = ".";

static pb_model *named(const char *name, notouch_adj adj)
{
    return notouch_named(name, 2, adj);
}

/* A mask board of data/boards/. */
static pb_model *board_file(const char *file)
{
    char path[4096], err[256];
    size_t len;
    snprintf(path, sizeof path, "%s/data/boards/%s", srcdir, file);
    char *text = pb_read_file(path, &len, err, sizeof err);
    notouch_board b;
    pb_error e;
    if (!text || notouch_board_parse(text, len, &b, &e)) {
        fprintf(stderr, "%s: cannot read\n", path);
        exit(2);
    }
    free(text);
    return notouch_model(&b, 2, NOTOUCH_KING);
}

static pb_result path_dp(const pb_model *m, pb_mode mode, int threads, const pb_limits *lim,
                         int *first)
{
    pb_run how = {.mode = mode, .threads = threads};
    if (lim) how.limits = *lim;
    pb_result r = {.first = first};
    pb_engine_run(engine_named("path-dp"), m, &how, &r);
    return r;
}

static int same_count(pb_count got, pb_count want, const char *what)
{
    if (got == want) return 1;
    char g[PB_COUNT_CHARS], w[PB_COUNT_CHARS];
    fprintf(stderr, "%s: path-dp %s, expected %s\n", what, pb_count_format(got, g),
            pb_count_format(want, w));
    return 0;
}

/* The count against both oracles, and a first solution that keeps the rules. */
static void check_board(const pb_model *m, const char *what)
{
    pb_result r = path_dp(m, PB_MODE_COUNT, 1, NULL, NULL);
    pb_count table = 0;
    CHECK(r.status == PB_DONE);
    CHECK(oracle_table(m, &table));
    CHECK(same_count(r.stats.solutions, table, what));
    CHECK(same_count(oracle_karp(m, 1), table, what));
    int *first = calloc((size_t)m->ncells, sizeof *first);
    pb_result f = path_dp(m, PB_MODE_FIRST, 1, NULL, first);
    CHECK(f.status == PB_DONE);
    CHECK_EQ_U64(f.stats.solutions, table ? 1 : 0);
    if (table && !pb_model_check(m, first)) {
        fprintf(stderr, "%s: the first solution breaks the rules\n", what);
        CHECK(0);
    }
    free(first);
}

/* Every rectangle up to 16 cells, king and orthogonal (whose symmetries differ from
 * the king's on no board, but whose counts do), and the mask boards (no symmetry,
 * or some). */
static void test_against_oracles(void)
{
    for (int rows = 1; rows <= 4; rows++)
        for (int cols = rows; cols <= 16 / rows && cols <= 9; cols++)
            for (int adj = 0; adj < 2; adj++) {
                char name[16], what[32];
                snprintf(name, sizeof name, "%dx%d", rows, cols);
                snprintf(what, sizeof what, "%s %s", name, adj ? "orth" : "king");
                pb_model *m = named(name, adj ? NOTOUCH_ORTH : NOTOUCH_KING);
                check_board(m, what);
                pb_model_free(m);
            }
    static const char *files[] = {"ell5.txt", "ring8.txt", "stairs10.txt", "diamond13.txt", NULL};
    for (const char **f = files; *f; f++) {
        pb_model *m = board_file(*f);
        check_board(m, *f);
        pb_model_free(m);
    }
    pb_model *m = named("cross8", NOTOUCH_KING);
    check_board(m, "cross8");
    CHECK_EQ_U64(path_dp(m, PB_MODE_COUNT, 1, NULL, NULL).stats.solutions, 4);
    pb_model_free(m);
}

/* design.md's counts, and 4x5's (the old full table's largest board). */
static void test_published_counts(void)
{
    static const struct {
        const char *board;
        uint64_t count;
    } want[] = {{"2x5", 9024}, {"3x4", 272836}, {"4x5", 2519619726250060ull}};
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        pb_model *m = named(want[i].board, NOTOUCH_KING);
        pb_result r = path_dp(m, PB_MODE_COUNT, 1, NULL, NULL);
        CHECK(r.status == PB_DONE);
        CHECK(same_count(r.stats.solutions, want[i].count, want[i].board));
        pb_model_free(m);
    }
}

/* Counts, steps and candidates of 1, 2 and 3 threads are the same. */
static void check_threads(const char *board)
{
    pb_model *m = named(board, NOTOUCH_KING);
    pb_result one = path_dp(m, PB_MODE_COUNT, 1, NULL, NULL);
    CHECK(one.status == PB_DONE);
    for (int t = 2; t <= 3; t++) {
        pb_result many = path_dp(m, PB_MODE_COUNT, t, NULL, NULL);
        CHECK(many.status == PB_DONE);
        CHECK(same_count(many.stats.solutions, one.stats.solutions, board));
        CHECK_EQ_U64(many.stats.steps, one.stats.steps);
        CHECK_EQ_U64(many.stats.candidates, one.stats.candidates);
    }
    pb_model_free(m);
}

static void test_threads(void)
{
    static const char *boards[] = {"1x1", "2x2", "3x5", "4x4", "3x6", "4x5", NULL};
    for (const char **b = boards; *b; b++) check_threads(*b);
}

/* A step limit stops one thread at exactly the limit; in parallel the chunks draw
 * from one pool: never past it, short of it by at most threads x PB_POLL_STEPS. */
static void test_step_limits(void)
{
    pb_model *m = named("4x5", NOTOUCH_KING);
    static const uint64_t limits[] = {1, 2, 777, 12345, 1000000};
    for (size_t i = 0; i < sizeof limits / sizeof limits[0]; i++) {
        pb_limits lim = {.max_steps = limits[i]};
        pb_result r = path_dp(m, PB_MODE_COUNT, 1, &lim, NULL);
        CHECK(r.status == PB_LIMIT);
        CHECK_EQ_U64(r.stats.steps, limits[i]);
        CHECK_EQ_U64(r.stats.solutions, 0);
        r = path_dp(m, PB_MODE_COUNT, 3, &lim, NULL);
        CHECK(r.status == PB_LIMIT);
        CHECK(r.stats.steps <= limits[i] && r.stats.steps + 3 * PB_POLL_STEPS >= limits[i]);
    }
    /* A limit the run does not pass changes nothing: on one thread a limit of exactly
     * its steps; in parallel one the chunks' reserved slices cannot reach. */
    pb_result all = path_dp(m, PB_MODE_COUNT, 1, NULL, NULL);
    pb_limits lim = {.max_steps = all.stats.steps};
    pb_result r = path_dp(m, PB_MODE_COUNT, 1, &lim, NULL);
    CHECK(r.status == PB_DONE);
    CHECK_EQ_U64(r.stats.steps, all.stats.steps);
    lim.max_steps = all.stats.steps + 3 * PB_POLL_STEPS;
    r = path_dp(m, PB_MODE_COUNT, 3, &lim, NULL);
    CHECK(r.status == PB_DONE);
    CHECK_EQ_U64(r.stats.steps, all.stats.steps);
    CHECK(same_count(r.stats.solutions, all.stats.solutions, "4x5 under a step limit"));
    pb_model_free(m);
}

/* The memory limit is checked against the run's whole need before anything large is
 * allocated: a run past it does no step, and says what it would need. 6x6 would
 * need a hundred GB and more (a sanitizer build aborts on such an allocation rather
 * than failing it). */
static void test_memory_limit(void)
{
    pb_model *m = named("4x5", NOTOUCH_KING);
    pb_limits lim = {.max_bytes = 1u << 20};
    pb_result r = path_dp(m, PB_MODE_COUNT, 2, &lim, NULL);
    CHECK(r.status == PB_NOMEM);
    CHECK_EQ_U64(r.stats.steps, 0);
    CHECK_EQ_U64(r.stats.solutions, 0);
    lim.max_bytes = 256u << 20;
    r = path_dp(m, PB_MODE_COUNT, 2, &lim, NULL);
    CHECK(r.status == PB_DONE);
    CHECK(same_count(r.stats.solutions, 2519619726250060ull, "4x5 in 256M"));
    pb_model_free(m);
    m = named("6x6", NOTOUCH_KING);
    lim.max_bytes = 16ull << 30;
    r = path_dp(m, PB_MODE_COUNT, 2, &lim, NULL);
    CHECK(r.status == PB_NOMEM);
    CHECK_EQ_U64(r.stats.steps, 0);
    pb_model_free(m);
    /* The plans of the packed layout, the same under both rules (the same orbits). */
    static const struct {
        const char *board;
        uint64_t bytes;
    } plan[] = {{"5x6", 3613079494ull}, {"4x8", 16995917144ull}, {"6x6", 182061952204ull}};
    lim.max_bytes = 1024;
    for (size_t i = 0; i < sizeof plan / sizeof plan[0]; i++)
        for (int adj = 0; adj < 2; adj++) {
            m = named(plan[i].board, adj ? NOTOUCH_ORTH : NOTOUCH_KING);
            r = path_dp(m, PB_MODE_COUNT, 1, &lim, NULL);
            CHECK(r.status == PB_NOMEM);
            CHECK_EQ_U64(r.stats.bytes, plan[i].bytes);
            pb_model_free(m);
        }
}

/* A time limit alone, and a cancel flag alone, stop a count too long to finish in
 * their time (5x5: seconds). */
static void test_time_and_cancel(void)
{
    pb_model *m = named("5x5", NOTOUCH_KING);
    pb_limits lim = {.max_seconds = 0.05};
    pb_result r = path_dp(m, PB_MODE_COUNT, 2, &lim, NULL);
    CHECK(r.status == PB_LIMIT);
    CHECK_EQ_U64(r.stats.solutions, 0);
    volatile sig_atomic_t cancel = 1;
    lim = (pb_limits){.cancel = &cancel};
    r = path_dp(m, PB_MODE_COUNT, 2, &lim, NULL);
    CHECK(r.status == PB_INTERRUPTED);
    pb_model_free(m);
}

/* A board and its transpose (another numbering of the same cells) count the same. */
static void test_transposed(void)
{
    static const char *pairs[][2] = {{"3x5", "5x3"}, {"2x7", "7x2"}, {"4x5", "5x4"}};
    for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++) {
        pb_model *a = named(pairs[i][0], NOTOUCH_KING), *b = named(pairs[i][1], NOTOUCH_KING);
        CHECK(same_count(path_dp(a, PB_MODE_COUNT, 1, NULL, NULL).stats.solutions,
                         path_dp(b, PB_MODE_COUNT, 1, NULL, NULL).stats.solutions, pairs[i][1]));
        pb_model_free(a);
        pb_model_free(b);
    }
}

/* 4x5 and 3x6 (20 and 18 cells) against the plain table. */
static void test_big_oracles(void)
{
    static const char *boards[] = {"4x5", "3x6", NULL};
    for (const char **b = boards; *b; b++) {
        pb_model *m = named(*b, NOTOUCH_KING);
        pb_count table = 0;
        CHECK(oracle_table(m, &table));
        CHECK(same_count(path_dp(m, PB_MODE_COUNT, 2, NULL, NULL).stats.solutions, table, *b));
        pb_model_free(m);
    }
}

/* The counts of 4x6, 3x8 and 5x5 (24 and 25 cells; the plain table, 3 and 7 GB a
 * pass, and Karp's count agree with them: run notouch_oracle), and 5x5's steps on
 * two threads as on one. */
static void test_big_counts(void)
{
    static const struct {
        const char *board;
        uint64_t hi, lo; /* the count is hi * 10^19 + lo */
    } want[] = {{"4x6", 71, 5380761315453548348ull},
                {"3x8", 106, 5848461929080894180ull},
                {"5x5", 1657, 5195570956682598112ull}};
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        pb_model *m = named(want[i].board, NOTOUCH_KING);
        pb_count count = (pb_count)want[i].hi * 10000000000000000000ull + want[i].lo;
        pb_result two = path_dp(m, PB_MODE_COUNT, 2, NULL, NULL);
        CHECK(same_count(two.stats.solutions, count, want[i].board));
        if (!strcmp(want[i].board, "5x5")) {
            pb_result one = path_dp(m, PB_MODE_COUNT, 1, NULL, NULL);
            CHECK(same_count(one.stats.solutions, count, "5x5 on one thread"));
            CHECK_EQ_U64(one.stats.steps, two.stats.steps);
            CHECK_EQ_U64(one.stats.candidates, two.stats.candidates);
        }
        pb_model_free(m);
    }
}

/* A layer's counts are packed to the bits of their bound (k-1)!: the width is the
 * least that holds it, a row round-trips exactly, touches none of its neighbours'
 * bytes, and a count past its width is flagged rather than kept wrong. */
static void test_packed_rows(void)
{
    uint64_t fact = 1; /* (k-1)! */
    for (int k = 1; k <= PD_MAX_CELLS; k++) {
        if (k > 2) fact = fact > UINT64_MAX / (uint64_t)(k - 1) ? 0 : fact * (uint64_t)(k - 1);
        const int w = pd_width(k);
        if (fact && w < 64) {
            CHECK(fact <= (1ull << w) - 1);
            CHECK(w == 1 || fact >> (w - 1));
        }
        CHECK(w <= 57 || w == 64);
        CHECK(fact || w == 64);
        const uint64_t rb = pd_row_bytes(k), top = w == 64 ? UINT64_MAX : (1ull << w) - 1;
        CHECK_EQ_U64(rb, ((uint64_t)k * (uint64_t)w + 7) / 8);
        uint8_t buf[3 * PD_MAX_CELLS * 8 + 8];
        memset(buf, 0xA5, sizeof buf);
        uint64_t v[PD_MAX_CELLS];
        for (int j = 0; j < k; j++) /* the extremes and values between */
            v[j] = j % 3 == 0 ? top : j % 3 == 1 ? 0 : (top / 3 + (uint64_t)j) & top;
        int ov = 0;
        pd_put_row(buf + rb, k, v, &ov);
        CHECK(!ov);
        for (int j = 0; j < k; j++) CHECK_EQ_U64(pd_get(buf + rb, w, j), v[j]);
        for (uint64_t i = 0; i < rb; i++) CHECK(buf[i] == 0xA5 && buf[2 * rb + i] == 0xA5);
        if (w < 64) {
            v[k - 1] = top + 1;
            pd_put_row(buf + rb, k, v, &ov);
            CHECK(ov);
            CHECK(buf[2 * rb] == 0xA5);
        }
    }
}

int main(int argc, char **argv)
{
    srcdir = argc > 1 ? argv[1] : ".";
    const char *part = argc > 2 ? argv[2] : "";
    if (!strcmp(part, "big-oracles")) {
        test_big_oracles();
    } else if (!strcmp(part, "big-counts")) {
        test_big_counts();
    } else {
        test_packed_rows();
        test_against_oracles();
        test_published_counts();
        test_threads();
        test_step_limits();
        test_memory_limit();
        test_time_and_cancel();
        test_transposed();
    }
    return check_report("test_path_dp");
}
