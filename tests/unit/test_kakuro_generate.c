/* test_kakuro_generate.c — kakuro outline and puzzle generation: outlines are valid,
 * symmetric when asked and the same for a given (options, index); every generated
 * puzzle has exactly one solution, counted by an engine other than the generator's
 * checker, its reported unique-sum share matches its clues, and generation is
 * deterministic whatever the refill mode, thread or order of making. */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "engines.h"
#include "core/limiter.h"
#include "kakuro/kakuro.h"

static int same_grid(const kakuro_grid *a, const kakuro_grid *b)
{
    if (a->rows != b->rows || a->cols != b->cols) return 0;
    const size_t n = (size_t)a->rows * (size_t)a->cols;
    return !memcmp(a->white, b->white, n) && !memcmp(a->digit, b->digit, n) &&
           !memcmp(a->down, b->down, n) && !memcmp(a->right, b->right, n);
}

/* A grid on the heap, empty, and its end. */
static kakuro_grid *grid_new(void)
{
    return calloc(1, sizeof(kakuro_grid));
}

static void grid_del(kakuro_grid *g)
{
    if (g) kakuro_grid_free(g);
    free(g);
}

static int whites(const kakuro_grid *g)
{
    int n = 0;
    for (int i = 0; i < g->rows * g->cols; i++) n += g->white[i] != 0;
    return n;
}

static void test_levels(void)
{
    CHECK(!strcmp(kakuro_level_names[KAKURO_EASY], "easy"));
    CHECK(!strcmp(kakuro_level_names[KAKURO_HARD], "hard"));
    CHECK(kakuro_level_find("easy") == KAKURO_EASY);
    CHECK(kakuro_level_find("medium") == KAKURO_MEDIUM);
    CHECK(kakuro_level_find("hard") == KAKURO_HARD);
    CHECK(kakuro_level_find("expert") == -1);
    CHECK(kakuro_level_share[KAKURO_EASY] == 0.8 && kakuro_level_share[KAKURO_MEDIUM] == 0.6 &&
          kakuro_level_share[KAKURO_HARD] == 0.4);
}

static void test_outlines(void)
{
    static const int sizes[][2] = {{3, 3}, {5, 7}, {9, 9}, {11, 11}, {16, 12}, {30, 30}, {64, 64}};
    static const double densities[] = {0, 0.55, 0.7, 0.8};
    kakuro_grid *a = grid_new(), *b = grid_new();
    char msg[160];
    for (size_t s = 0; s < sizeof sizes / sizeof *sizes; s++)
        for (size_t d = 0; d < sizeof densities / sizeof *densities; d++)
            for (int sym = 0; sym < 2; sym++) {
                kakuro_outline_opts o = {.rows = sizes[s][0],
                                         .cols = sizes[s][1],
                                         .density = densities[d],
                                         .symmetric = sym,
                                         .seed = 7};
                /* The largest grid once: it takes milliseconds, and far more with
                 * sanitizers. */
                const int big = sizes[s][0] > 30, count = big ? d == 0 : 4;
                for (int i = 0; i < count; i++) {
                    CHECK(kakuro_outline_generate(&o, (uint64_t)i, a) == 0);
                    CHECK(a->rows == o.rows && a->cols == o.cols);
                    if (kakuro_outline_check(a, msg, sizeof msg)) {
                        CHECK(!"outline valid");
                        fprintf(stderr, "  %dx%d density %.2f sym %d index %d: %s\n", o.rows,
                                o.cols, o.density, sym, i, msg);
                    }
                    for (int c = 0; c < a->cols; c++) CHECK(!a->white[c]);
                    for (int r = 0; r < a->rows; r++) CHECK(!a->white[r * a->cols]);
                    if (sym)
                        for (int r = 1; r < a->rows; r++)
                            for (int c = 1; c < a->cols; c++)
                                CHECK(a->white[r * a->cols + c] ==
                                      a->white[(a->rows - r) * a->cols + (a->cols - c)]);
                    /* Density near its target where the rules allow it: small grids
                     * have few valid outlines, larger ones reach 0.55 to 0.8. */
                    const double got = (double)whites(a) / ((double)(a->rows - 1) * (a->cols - 1));
                    const double want = densities[d] ? densities[d] : 0.6;
                    if (a->rows >= 11 && a->cols >= 11)
                        CHECK(got > want - 0.08 && got < want + 0.08);
                    CHECK(kakuro_outline_generate(&o, (uint64_t)i, b) == 0);
                    CHECK(same_grid(a, b));
                    if (a->rows >= 9) {
                        CHECK(kakuro_outline_generate(&o, (uint64_t)i + 1, b) == 0);
                        CHECK(!same_grid(a, b));
                    }
                }
            }
    kakuro_outline_opts bad = {.rows = 2, .cols = 9, .seed = 1};
    CHECK(kakuro_outline_generate(&bad, 0, a) == -1);
    /* A large outline stops at once when cancelled, or past its deadline: 1, not a
     * failure (-1) and not an outline (0). */
    const volatile sig_atomic_t cancelled = 1;
    kakuro_outline_opts big = {.rows = 1024, .cols = 1024, .seed = 1, .cancel = &cancelled};
    CHECK(kakuro_outline_generate(&big, 0, a) == 1);
    big.cancel = NULL, big.deadline = pb_now_s() - 1;
    CHECK(kakuro_outline_generate(&big, 0, a) == 1);
    bad.rows = KAKURO_MAX_DIM + 1;
    CHECK(kakuro_outline_generate(&bad, 0, a) == -1);
    grid_del(a);
    grid_del(b);
}

/* The engine that re-checks uniqueness: not the generator's default (combo). */
static const pb_engine *recheck_engine(void)
{
    const pb_engine *e = pb_model_engine_find("thesis");
    return e ? e : pb_model_engine_find("propagate");
}

/* Runs of g whose clue is a unique sum under the table in use. */
static int unique_runs_of(const kakuro_grid *g, int seed_table, int *runs)
{
    kakuro_unique_sum us[64];
    const int nus = kakuro_unique_sums(us, 64, seed_table);
    int n = kakuro_find_runs(g, NULL, 0), u = 0;
    kakuro_run *rs = malloc(sizeof *rs * (size_t)(n ? n : 1));
    kakuro_find_runs(g, rs, n);
    for (int r = 0; r < n; r++)
        for (int k = 0; k < nus; k++) u += us[k].len == rs[r].len && us[k].sum == rs[r].sum;
    free(rs);
    *runs = n;
    return u;
}

/* Checks one generated puzzle: exactly one solution (counted to 2 by another
 * engine), the generator's, and the stats consistent with the clues. */
static void check_puzzle(const kakuro_gen_opts *o, const kakuro_grid *p, const kakuro_grid *s,
                         const kakuro_gen_stats *st)
{
    CHECK(kakuro_is_solution_of(p, s));
    for (int i = 0; i < p->rows * p->cols; i++) CHECK(!p->digit[i]);
    if (o->outline)
        for (int i = 0; i < p->rows * p->cols; i++) CHECK(!p->white[i] == !o->outline->white[i]);
    CHECK(kakuro_outline_check(p, NULL, 0) == 0);
    int runs;
    const int u = unique_runs_of(p, o->seed_table, &runs);
    CHECK(runs == st->runs && u == st->unique_runs);
    /* Unique sums on at least the target share, unless the outline cannot hold
     * that many (the generator then does what it can: small grids only). */
    if (p->rows >= 8) CHECK(st->unique_runs >= (int)(o->share * st->runs + 0.999) - 1);
    CHECK(st->attempts >= 1 && st->fills >= 1 && st->wall_s >= 0);
    CHECK(st->check.solutions >= st->attempts);

    pb_error err;
    pb_model *m = kakuro_model_new(p, &err);
    CHECK(m != NULL);
    if (!m) return;
    int *first = calloc((size_t)m->ncells, sizeof *first);
    pb_run how = {.mode = PB_MODE_COUNT, .threads = 1};
    how.limits.max_solutions = 2;
    pb_result res;
    memset(&res, 0, sizeof res);
    res.first = first;
    pb_status rs = pb_engine_run(recheck_engine(), m, &how, &res);
    CHECK(rs == PB_DONE);
    CHECK_EQ_U64(res.stats.solutions, 1);
    kakuro_grid back = {0};
    CHECK(kakuro_grid_fill(p, first, &back) == 0);
    for (int i = 0; i < p->rows * p->cols; i++)
        if (p->white[i]) CHECK(back.digit[i] == s->digit[i]);
    kakuro_grid_free(&back);
    free(first);
    pb_model_free(m);
}

static void test_puzzles(void)
{
    static const int sizes[] = {6, 8, 10};
    kakuro_grid *p = grid_new(), *s = grid_new();
    kakuro_grid *p2 = grid_new(), *s2 = grid_new();
    for (int refill = 0; refill < 2; refill++)
        for (size_t z = 0; z < sizeof sizes / sizeof *sizes; z++)
            for (int level = 0; level < KAKURO_LEVELS; level++) {
                kakuro_gen_opts o;
                memset(&o, 0, sizeof o);
                o.shape.rows = o.shape.cols = sizes[z];
                o.shape.symmetric = level == KAKURO_MEDIUM;
                o.share = kakuro_level_share[level];
                o.refill = refill ? KAKURO_REFILL_DIFF : KAKURO_REFILL_ALL;
                o.seed = 2024;
                o.max_seconds = 20;
                for (int i = 0; i < 3; i++) {
                    kakuro_gen_stats st, st2;
                    int rc = kakuro_generate(&o, (uint64_t)i, p, s, &st);
                    CHECK(rc == 0);
                    if (rc) continue;
                    CHECK(p->rows == sizes[z] && p->cols == sizes[z]);
                    check_puzzle(&o, p, s, &st);
                    /* Deterministic: the same puzzle and the same counts again. */
                    CHECK(kakuro_generate(&o, (uint64_t)i, p2, s2, &st2) == 0);
                    CHECK(same_grid(p, p2) && same_grid(s, s2));
                    CHECK_EQ_U64(st2.attempts, st.attempts);
                    CHECK_EQ_U64(st2.fills, st.fills);
                    CHECK_EQ_U64(st2.check.steps, st.check.steps);
                }
            }
    grid_del(p), grid_del(s), grid_del(p2), grid_del(s2);
}

/* A fixed outline, the seed's table, another checker; and the first candidate of
 * kakuro_generate is kakuro_fill_candidate's. */
static void test_options(void)
{
    kakuro_grid *outline = grid_new(), *p = grid_new(), *s = grid_new(), *cp = grid_new(),
                *cs = grid_new();
    kakuro_outline_opts oo = {.rows = 9, .cols = 9, .density = 0.65, .symmetric = 1, .seed = 99};
    CHECK(kakuro_outline_generate(&oo, 3, outline) == 0);
    kakuro_gen_opts o;
    memset(&o, 0, sizeof o);
    o.outline = outline;
    o.share = 0.6;
    o.seed_table = 1;
    o.refill = KAKURO_REFILL_DIFF;
    o.checker = pb_model_engine_find("propagate");
    o.order = pb_order_find("mrv");
    o.seed = 5;
    o.max_seconds = 20;
    for (int i = 0; i < 4; i++) {
        kakuro_gen_stats st, cst;
        CHECK(kakuro_generate(&o, (uint64_t)i, p, s, &st) == 0);
        check_puzzle(&o, p, s, &st);
        /* The seed's table leaves out length 8: no run of 8 counts as unique. */
        CHECK(kakuro_fill_candidate(&o, (uint64_t)i, cp, cs, &cst) == 0);
        CHECK(kakuro_is_solution_of(cp, cs));
        CHECK(cst.attempts == 0 && cst.fills == 1);
        int runs;
        CHECK(unique_runs_of(cp, 1, &runs) == cst.unique_runs && runs == cst.runs);
        if (st.attempts == 1) CHECK(same_grid(p, cp) && same_grid(s, cs));
    }
    /* The first candidate is the generator's first: with one attempt allowed, either
     * it is unique and returned, or the limit is hit. */
    o.max_attempts = 1;
    int unique_first = 0;
    for (int i = 0; i < 8; i++) {
        kakuro_gen_stats st, cst;
        int rc = kakuro_generate(&o, (uint64_t)i, p, s, &st);
        CHECK(rc == 0 || rc == -1);
        CHECK_EQ_U64(st.attempts, 1);
        CHECK(kakuro_fill_candidate(&o, (uint64_t)i, cp, cs, &cst) == 0);
        if (rc == 0) {
            CHECK(same_grid(p, cp) && same_grid(s, cs));
            unique_first++;
        }
    }
    CHECK(unique_first > 0);
    grid_del(outline), grid_del(p), grid_del(s), grid_del(cp), grid_del(cs);
}

/* Limits: one attempt on a large hard grid is essentially never unique; an outline
 * that breaks the rules cannot be filled; a shape may have no valid outline. */
static void test_limits(void)
{
    kakuro_grid *p = grid_new(), *s = grid_new();
    kakuro_gen_opts o;
    memset(&o, 0, sizeof o);
    o.shape.rows = o.shape.cols = 25;
    o.share = kakuro_level_share[KAKURO_HARD];
    o.refill = KAKURO_REFILL_DIFF;
    o.seed = 1;
    o.max_attempts = 1;
    for (int i = 0; i < 3; i++) {
        kakuro_gen_stats st;
        CHECK(kakuro_generate(&o, (uint64_t)i, p, s, &st) == -1);
        CHECK_EQ_U64(st.attempts, 1);
        CHECK(st.runs > 0);
    }
    kakuro_grid *bad = grid_new();
    kakuro_grid_init(bad, 5, 5);
    bad->white[6] = 1; /* a lone white cell: no runs */
    o.outline = bad;
    kakuro_gen_stats st;
    CHECK(kakuro_generate(&o, 0, p, s, &st) == -2);
    CHECK(kakuro_fill_candidate(&o, 0, p, s, &st) == -2);
    /* A shape no valid outline has (two white rows of 29 cells need a black column,
     * which cuts the white cells apart) is not an outline that would not fill. */
    o.outline = NULL;
    o.shape.rows = 3, o.shape.cols = 30;
    CHECK(kakuro_generate(&o, 0, p, s, &st) == -3);
    CHECK(kakuro_fill_candidate(&o, 0, p, s, &st) == -3);
    grid_del(p), grid_del(s), grid_del(bad);
}

/* Puzzles made on several threads, in any order, equal those made one by one. */
static void test_threads(void)
{
    enum { N = 8 };
    kakuro_gen_opts o;
    memset(&o, 0, sizeof o);
    o.shape.rows = o.shape.cols = 9;
    o.share = kakuro_level_share[KAKURO_MEDIUM];
    o.refill = KAKURO_REFILL_DIFF;
    o.seed = 77;
    o.max_seconds = 20;
    kakuro_grid *seq = calloc(N, sizeof *seq), *par = calloc(N, sizeof *par);
    kakuro_grid *sol = calloc(N, sizeof *sol);
    int rc[N];
    for (int i = 0; i < N; i++) {
        kakuro_gen_stats st;
        CHECK(kakuro_generate(&o, (uint64_t)i, &seq[i], &sol[i], &st) == 0);
    }
#pragma omp parallel for num_threads(4) schedule(dynamic, 1)
    for (int i = N - 1; i >= 0; i--) {
        kakuro_gen_stats st;
        kakuro_grid s = {0};
        rc[i] = kakuro_generate(&o, (uint64_t)i, &par[i], &s, &st);
        kakuro_grid_free(&s);
    }
    for (int i = 0; i < N; i++) CHECK(rc[i] == 0 && same_grid(&seq[i], &par[i]));
    for (int i = 0; i < N; i++) {
        kakuro_grid_free(&seq[i]);
        kakuro_grid_free(&par[i]);
        kakuro_grid_free(&sol[i]);
    }
    free(seq), free(par), free(sol);
}

int main(int argc, char **argv)
{
    (void)argc, (void)argv;
    test_levels();
    test_outlines();
    test_puzzles();
    test_options();
    test_limits();
    test_threads();
    return check_report("kakuro_generate");
}
