/* test_kakuro_cases.c — the engines on hand-made sum-group cases: one grid whose step
 * counts are worked out by hand, the trace and the limits, run shapes, and the
 * puzzles of tests/data/kakuro, whose solution counts are written beside them
 * (`; solutions: N`). Checked as test_kakuro_engines.c checks the random grids
 * (kakuro_engines_check.h).
 *
 * usage: test_kakuro_cases [SOURCE_DIR] */
#include "kakuro_engines_check.h"

/* The grid below, counted by hand. Runs: across a b = 3, c d = 4; down a c = 4,
 * b d = 3. Its one solution is a=1 b=2 c=3 d=1.
 *     .  4\  3\
 *    \3  a   b
 *    \4  c   d
 * thesis: every run is a unique sum ({1,2} or {1,3}), so a is {1}, b {1,2}, c {1,3},
 * d {1}. It places a=1, b=2 (1 is used), c=3, d=1: the solution; then d, c, b and a
 * have no smaller digit left: 4 placements, 4 backtracks.
 * backtrack (digits upward): a=1, b=2, c=2 fails (down a c would need 1 more with no
 * cell left), c=3, d=1: solution; d 4..9, c 4..9, b 3..9 all overshoot: 3
 * backtracks; a=2, b=1, c: 1 leaves a c at 3, 3.. overshoot: backtrack; b 3..9
 * overshoot a b: backtrack; a 3 leaves a b needing 0 from one cell: backtrack. 6
 * placements, 6 backtracks. First solution: both 4 placements. */
static void test_hand_grid(void)
{
    spec sp;
    spec_init(&sp, 4, 9);
    sp.rows = 2, sp.cols = 2;
    for (int c = 0; c < 4; c++) sp.row[c] = c / 2, sp.col[c] = c % 2;
    spec_group(&sp, (int[]){0, 1}, 2, 3);
    spec_group(&sp, (int[]){2, 3}, 2, 4);
    spec_group(&sp, (int[]){0, 2}, 2, 4);
    spec_group(&sp, (int[]){1, 3}, 2, 3);
    pb_model *m = spec_model(&sp);
    CHECK(m != NULL);
    if (!m) return;
    /* The hand counts above: a count's placements and backtracks, a first solution's steps. */
    static const struct {
        const char *engine;
        uint64_t placements, backtracks, first_steps;
    } hand[] = {{"thesis", 4, 4, 4}, {"backtrack", 6, 6, 4}};
    const int want[4] = {1, 2, 3, 1};
    for (size_t i = 0; i < sizeof hand / sizeof *hand; i++) {
        const pb_engine *e = pb_model_engine_find(hand[i].engine);
        CHECK(e != NULL);
        if (!e) continue;
        int first[4], last[4];
        pb_stats st;
        CHECK(run(e, m, PB_MODE_COUNT, NULL, 0, 1, first, last, &st) == PB_DONE);
        CHECK_EQ_U64(st.placements, hand[i].placements);
        CHECK_EQ_U64(st.backtracks, hand[i].backtracks);
        CHECK_EQ_U64(st.steps, hand[i].placements + hand[i].backtracks);
        CHECK_EQ_U64(st.solutions, 1);
        CHECK(same(first, want, 4) && same(last, want, 4));
        CHECK(run(e, m, PB_MODE_FIRST, NULL, 0, 1, first, NULL, &st) == PB_DONE);
        CHECK_EQ_U64(st.steps, hand[i].first_steps);
    }
    /* The reference searches agree with the hand count. */
    ref r;
    ref_run(&sp, 1, 0, &r);
    CHECK_EQ_U64(r.placements + r.backtracks, 8);
    ref_run(&sp, 0, 0, &r);
    CHECK_EQ_U64(r.placements + r.backtracks, 12);
    pb_model_free(m);
}

/* A 5x5 all-white grid, every run of 5 adding up to 25: hundreds of thousands of
 * solutions, for traces, limits, cancellation and the parallel count. */
static void open_grid(spec *sp, int sum)
{
    spec_init(sp, 25, 9);
    sp->rows = sp->cols = 5;
    for (int c = 0; c < 25; c++) sp->row[c] = c / 5, sp->col[c] = c % 5;
    for (int dir = 0; dir < 2; dir++)
        for (int a = 0; a < 5; a++) {
            int cells[5];
            for (int b = 0; b < 5; b++) cells[b] = dir ? b * 5 + a : a * 5 + b;
            spec_group(sp, cells, 5, sum);
        }
}

static void test_trace_and_limits(void)
{
    spec sp;
    open_grid(&sp, 25);
    pb_model *m = spec_model(&sp);
    if (!m) return;
    for (int which = 0; which < 2; which++) {
        const pb_engine *e = pb_model_engine_find(which ? "thesis" : "backtrack");
        /* A trace sees every step. */
        trace_count tc = {0, 0, 0, 0};
        pb_run how = {.mode = PB_MODE_COUNT, .trace = count_events, .trace_ctx = &tc};
        how.limits.max_solutions = 3;
        pb_result res = {0};
        CHECK(pb_engine_run(e, m, &how, &res) == PB_LIMIT);
        CHECK_EQ_U64(res.stats.solutions, 3);
        CHECK_EQ_U64(tc.start, 1);
        CHECK_EQ_U64(tc.place, res.stats.placements);
        CHECK_EQ_U64(tc.back, res.stats.backtracks);
        CHECK_EQ_U64(tc.sol, 3);
        ref r;
        ref_run(&sp, which, 3, &r);
        CHECK_EQ_U64(res.stats.steps, r.placements + r.backtracks);

        /* The step limit stops exactly there. */
        pb_run lim = {.mode = PB_MODE_COUNT};
        lim.limits.max_steps = 5000;
        CHECK(pb_engine_run(e, m, &lim, &res) == PB_LIMIT);
        CHECK_EQ_U64(res.stats.steps, 5000);

        /* A raised cancel flag stops at the first poll, after the first step (a
         * timed run polls at once: its steps may be slow). */
        volatile sig_atomic_t cancel = 1;
        pb_run can = {.mode = PB_MODE_COUNT};
        can.limits.cancel = &cancel;
        CHECK(pb_engine_run(e, m, &can, &res) == PB_INTERRUPTED);
        CHECK_EQ_U64(res.stats.steps, 1);
    }
    pb_model_free(m);

    /* Parallel counts: the sequential counts, steps, first and last solutions. */
    open_grid(&sp, 25);
    static const int given[10] = {3, 4, 5, 6, 7, 5, 6, 7, 3, 4}; /* two rows of 25 */
    for (int c = 0; c < 10; c++) sp.domain[c] = PB_BIT(given[c]);
    m = spec_model(&sp);
    static brute b;
    CHECK(brute_count(&sp, UINT64_MAX, &b));
    CHECK(b.count > 100);
    for (int which = 0; which < 2; which++) {
        const pb_engine *e = pb_model_engine_find(which ? "propagate" : "backtrack");
        int f1[MAXC], l1[MAXC], f4[MAXC], l4[MAXC];
        pb_stats s1, s4;
        CHECK(run(e, m, PB_MODE_COUNT, NULL, 0, 1, f1, l1, &s1) == PB_DONE);
        CHECK(run(e, m, PB_MODE_COUNT, NULL, 0, 4, f4, l4, &s4) == PB_DONE);
        CHECK_EQ_U64(s1.solutions, b.count);
        CHECK_EQ_U64(s4.solutions, b.count);
        CHECK_EQ_U64(s4.steps, s1.steps);
        CHECK_EQ_U64(s4.candidates, s1.candidates);
        CHECK(same(f1, b.first, 25) && same(l1, b.last, 25));
        CHECK(same(f4, b.first, 25) && same(l4, b.last, 25));
    }
    pb_model_free(m);
}

/* Special shapes: a permutation with a sum (enum-perm's kind of model) and a 4x4
 * sudoku whose groups carry sums (the sudoku engines must refuse it). */
static void test_shapes(void)
{
    uint64_t counts[3] = {0, 0, 0};
    spec sp;
    for (int sum = 9; sum <= 11; sum++) {
        spec_init(&sp, 4, 4);
        spec_group(&sp, (int[]){0, 1, 2, 3}, 4, sum);
        pb_model *m = spec_model(&sp);
        const pb_engine *perm = pb_model_engine_find("enum-perm");
        const char *why;
        CHECK(perm->accepts(m, &why));
        pb_stats st;
        CHECK(run(perm, m, PB_MODE_COUNT, NULL, 0, 1, NULL, NULL, &st) == PB_DONE);
        CHECK_EQ_U64(st.solutions, sum == 10 ? 24 : 0);
        pb_model_free(m);
        check_model(&sp, 0, counts);
    }

    pb_model *shape = sudoku_model_new(2);
    CHECK(shape != NULL);
    if (!shape) return;
    for (int variant = 0; variant < 2; variant++) {
        spec_init(&sp, 16, 4);
        sp.rows = sp.cols = 4;
        for (int c = 0; c < 16; c++) sp.row[c] = c / 4, sp.col[c] = c % 4;
        for (int g = 0; g < shape->ngroups; g++)
            spec_group(&sp, shape->group_cells + shape->group_start[g], 4,
                       variant && g == 5 ? 9 : 10);
        sp.domain[0] = PB_BIT(1);
        pb_model *m = spec_model(&sp);
        const char *why;
        CHECK(!pb_model_engine_find("logic")->accepts(m, &why));
        CHECK(!pb_model_engine_find("seed")->accepts(m, &why));
        CHECK(sudoku_model_box(m) == 2); /* without its sums it is a sudoku */
        static brute b;
        CHECK(brute_count(&sp, UINT64_MAX, &b));
        CHECK_EQ_U64(b.count, variant ? 0 : 72);
        pb_model_free(m);
        check_model(&sp, 0, counts);
    }
    pb_model_free(shape);

    /* The notouch engines refuse a permutation model once it has a sum. */
    spec_init(&sp, 6, 6);
    sp.min_diff = 2;
    spec_group(&sp, (int[]){0, 1, 2, 3, 4, 5}, 6, 21);
    for (int c = 0; c + 1 < 6; c++) sp.pairs[sp.npairs][0] = c, sp.pairs[sp.npairs++][1] = c + 1;
    pb_model *m = spec_model(&sp);
    const char *why;
    CHECK(!pb_model_engine_find("value-order")->accepts(m, &why));
    CHECK(!pb_model_engine_find("path-dp")->accepts(m, &why));
    CHECK(!pb_model_engine_find("thesis")->accepts(m, &why) && strstr(why, "kakuro"));
    pb_model_free(m);
    check_model(&sp, 0, counts);
}

/* ---- the puzzle files: `; solutions: N` before each puzzle ---- */
static char *read_text(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap);
    for (size_t k; buf && (k = fread(buf + n, 1, cap - n, f)) > 0;) {
        n += k;
        if (n == cap) buf = realloc(buf, cap *= 2);
    }
    fclose(f);
    if (buf) *len = n;
    return buf;
}

/* The N of the last "; solutions: N" comment on a line before `line` and after
 * `after`; -1 when there is none. */
static long solutions_note(const char *text, size_t len, int after, int line)
{
    long n = -1;
    int at = 1;
    for (size_t i = 0; i < len; at++) {
        const char *s = text + i, *nl = memchr(s, '\n', len - i);
        size_t end = nl ? (size_t)(nl - text) + 1 : len;
        if (at > after && at < line && !strncmp(s, "; solutions:", 12))
            n = strtol(s + 12, NULL, 10);
        i = end;
    }
    return n;
}

static void test_files(const char *src)
{
    /* impossible/: puzzles that read with a note (a clue no digits meet, a digit given
     * twice): the engines must find no solution by themselves. */
    static const char *const names[] = {"unique.kak",
                                        "none.kak",
                                        "many.kak",
                                        "impossible/clue-no-set.kak",
                                        "impossible/one-cell-over-nine.kak",
                                        "impossible/repeated-digit.kak",
                                        "impossible/run-over-nine.kak"};
    static const long expect_kind[] = {1, 0, 2, 0, 0, 0, 0}; /* exactly 1, 0, 2 or more */
    for (int k = 0; k < (int)(sizeof names / sizeof *names); k++) {
        char path[4096];
        snprintf(path, sizeof path, "%s/tests/data/kakuro/%s", src, names[k]);
        size_t len = 0;
        char *text = read_text(path, &len);
        CHECK(text != NULL);
        if (!text) {
            fprintf(stderr, "cannot read %s\n", path);
            continue;
        }
        kakuro_reader rd;
        kakuro_grid grid = {0}, *g = &grid;
        int line = 0, prev = 0, puzzles = 0, rc;
        pb_error err;
        kakuro_reader_init(&rd, text, len);
        while ((rc = kakuro_read(&rd, g, &line, &err)) != 0) {
            CHECK(rc == 1);
            if (rc != 1) {
                fprintf(stderr, "%s: line %d: %s\n", path, err.line, err.msg);
                continue;
            }
            long want = solutions_note(text, len, prev, line);
            prev = line;
            puzzles++;
            CHECK(want >= 0);
            CHECK(expect_kind[k] == 2 ? want >= 2 : want == expect_kind[k]);
            pb_model *m = kakuro_model_new(g, &err);
            CHECK(m != NULL);
            if (!m || want < 0) {
                pb_model_free(m);
                continue;
            }
            const pb_order *orders[] = {NULL, pb_order_find("mrv")};
            for (const pb_engine *const *ep = model_engines(); *ep; ep++) {
                const pb_engine *e = *ep;
                if (!engine_takes(e, m, &(pb_run){.mode = PB_MODE_COUNT})) continue;
                if (!strncmp(e->about.name, "enum-", 5)) continue; /* 9^cells vectors */
                for (int o = 0; o < (e->about.caps & PB_CAP_ORDER ? 2 : 1); o++) {
                    int *first = calloc((size_t)m->ncells, sizeof *first),
                        *last = calloc((size_t)m->ncells, sizeof *last);
                    pb_stats st;
                    /* An engine that cannot count finds one solution where there is one. */
                    const int counts = (e->about.caps & PB_CAP_COUNT) != 0;
                    const uint64_t n = counts ? (uint64_t)want : want > 0;
                    pb_status s = run(e, m, counts ? PB_MODE_COUNT : PB_MODE_FIRST, orders[o], 0, 1,
                                      first, e->about.caps & PB_CAP_LAST ? last : NULL, &st);
                    CHECK(s == PB_DONE);
                    CHECK_EQ_U64(st.solutions, n);
                    if (st.solutions != n)
                        fprintf(stderr, "  %s line %d: engine %s\n", path, line, e->about.name);
                    if (want) CHECK(pb_model_check(m, first));
                    if (want && (e->about.caps & PB_CAP_LAST)) CHECK(pb_model_check(m, last));
                    free(first);
                    free(last);
                }
            }
            pb_model_free(m);
        }
        CHECK(puzzles > 0);
        printf("%s: %d puzzles\n", names[k], puzzles);
        kakuro_grid_free(g);
        free(text);
    }
}

int main(int argc, char **argv)
{
    test_hand_grid();
    test_shapes();
    test_trace_and_limits();
    if (argc > 1) test_files(argv[1]);
    return check_report("test_kakuro_cases");
}
