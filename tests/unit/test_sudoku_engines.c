/* test_sudoku_engines.c — every engine of the registry that takes a sudoku (seed and
 * logic, and the placement engines), under every order it honours: solutions checked
 * against the rules and the givens, exact solution counts (4x4 by an independent
 * brute force, 9x9 by construction), counts that agree across engines, the seed's
 * deduction, grading, limits, and 16x16 / 25x25 puzzles solved by logic. */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "engines.h"
#include "core/engine.h"
#include "sudoku/sudoku.h"
#include "oracles.h"

static pb_model *shapes[SUDOKU_MAX_BOX + 1];

static sudoku_grid parse(const char *text)
{
    sudoku_reader r;
    sudoku_grid g;
    sudoku_format fmt;
    int line;
    pb_error e;
    sudoku_reader_init(&r, text, strlen(text));
    if (sudoku_read(&r, &g, &fmt, &line, &e) != 1) {
        fprintf(stderr, "bad test puzzle %s: %s\n", text, e.msg);
        exit(2);
    }
    return g;
}

/* A view of g; dom must outlive it. */
static pb_model view_of(const sudoku_grid *g, pb_mask *dom)
{
    pb_model v;
    if (!shapes[g->box] && !(shapes[g->box] = sudoku_model_new(g->box))) exit(2);
    sudoku_model_view(shapes[g->box], g, dom, &v);
    return v;
}

static pb_result run_engine(const pb_engine *e, const char *order, const sudoku_grid *g,
                            pb_mode mode, uint64_t max_solutions, uint64_t max_steps, int *first)
{
    pb_mask dom[SUDOKU_MAX_CELLS];
    pb_model m = view_of(g, dom);
    pb_run how = {.mode = mode, .order = order ? pb_order_find(order) : NULL};
    how.limits.max_solutions = max_solutions;
    how.limits.max_steps = max_steps;
    pb_result r = {.first = first};
    pb_engine_run(e, &m, &how, &r);
    CHECK_EQ_U64(r.stats.steps, r.stats.placements + r.stats.backtracks);
    CHECK(r.stats.guesses <= r.stats.placements);
    return r;
}

/* run_engine with the registry's engine called engine. */
static pb_result run(const char *engine, const char *order, const sudoku_grid *g, pb_mode mode,
                     uint64_t max_solutions, uint64_t max_steps, int *first)
{
    return run_engine(engine_named(engine), order, g, mode, max_solutions, max_steps, first);
}

/* run() on a model (a view whose domains the caller may have cut); propagate runs
 * with mrv. */
static pb_result run_model(const char *engine, const pb_model *m, pb_mode mode,
                           uint64_t max_solutions, int *first)
{
    pb_run how = {.mode = mode, .order = strcmp(engine, "propagate") ? NULL : pb_order_find("mrv")};
    how.limits.max_solutions = max_solutions;
    pb_result r = {.first = first};
    pb_engine_run(pb_model_engine_find(engine), m, &how, &r);
    CHECK_EQ_U64(r.stats.steps, r.stats.placements + r.stats.backtracks);
    return r;
}

/* Independent of grid.c: every row, column and box holds 1..N once, givens kept. */
static int valid_solution(const sudoku_grid *puzzle, const int *v)
{
    const int n = puzzle->box, N = puzzle->size;
    for (int u = 0; u < N; u++) {
        unsigned row = 0, col = 0, box = 0;
        for (int i = 0; i < N; i++) {
            int r = (u / n) * n + i / n, c = (u % n) * n + i % n;
            if (v[u * N + i] < 1 || v[u * N + i] > N) return 0;
            row |= 1u << v[u * N + i], col |= 1u << v[i * N + u], box |= 1u << v[r * N + c];
        }
        unsigned all = ((1u << N) - 1) << 1;
        if (row != all || col != all || box != all) return 0;
    }
    for (int c = 0; c < puzzle->ncells; c++)
        if (puzzle->cell[c] && puzzle->cell[c] != v[c]) return 0;
    return 1;
}

static int solved_by(const char *engine, const char *order, const sudoku_grid *g)
{
    int first[SUDOKU_MAX_CELLS];
    pb_result r = run(engine, order, g, PB_MODE_FIRST, 0, 0, first);
    sudoku_grid s;
    pb_mask dom[SUDOKU_MAX_CELLS];
    pb_model m = view_of(g, dom);
    sudoku_grid_from(&m, first, &s);
    return r.status == PB_DONE && r.stats.solutions == 1 && valid_solution(g, first) &&
           sudoku_is_solution_of(g, &s);
}

/* All 288 4x4 grids by plain recursion, to count a 4x4 puzzle's solutions without
 * the engines. */
static uint64_t brute_4x4(const sudoku_grid *g, int *v, int c)
{
    if (c == 16) return valid_solution(g, v);
    uint64_t count = 0;
    for (v[c] = 1; v[c] <= 4; v[c]++) {
        int ok = !g->cell[c] || g->cell[c] == v[c];
        for (int p = 0; ok && p < c; p++) {
            int same =
                p / 4 == c / 4 || p % 4 == c % 4 || (p / 8 == c / 8 && p % 4 / 2 == c % 4 / 2);
            ok = !(same && v[p] == v[c]);
        }
        if (ok) count += brute_4x4(g, v, c + 1);
    }
    return count;
}

/* A run that walks this many steps is let off: an engine that
 * checks vectors only when complete cannot walk a 9x9's tree, nor row order some of
 * the boards below, in a test. A step limit, not a time: the same runs each time. */
enum { STEP_BUDGET = 1000000 };

/* e's first solution of g (model m) under order o, checked against the rules (a run
 * let off at the step budget checks nothing). */
static void first_solution(const pb_engine *e, const pb_order *o, const sudoku_grid *g,
                           const pb_model *m)
{
    int first[SUDOKU_MAX_CELLS];
    pb_result r = run(e->about.name, o->name, g, PB_MODE_FIRST, 0, STEP_BUDGET, first);
    if (r.status == PB_LIMIT && r.stats.steps >= STEP_BUDGET) return;
    sudoku_grid s;
    sudoku_grid_from(m, first, &s);
    CHECK(r.status == PB_DONE && r.stats.solutions == 1 && valid_solution(g, first) &&
          sudoku_is_solution_of(g, &s));
    engine_ran(e);
}

/* Every engine that takes g's model and can count, under every order it honours,
 * counts want solutions and finds a valid first one; the refusals are pb_engine_check's. */
static void expect_count(const sudoku_grid *g, uint64_t want, int with_enum)
{
    pb_mask dom[SUDOKU_MAX_CELLS];
    pb_model m = view_of(g, dom);
    for (const pb_engine *const *e = model_engines(); *e; e++) {
        const pb_order *o;
        for (int k = 0; (o = engine_order(*e, k)); k++) {
            const char *name = (*e)->about.name;
            if (!((*e)->about.caps & PB_CAP_COUNT)) {
                /* An engine that cannot count (restart): a valid first solution. */
                if (want && engine_takes(*e, &m, &(pb_run){.mode = PB_MODE_FIRST, .order = o}))
                    first_solution(*e, o, g, &m);
                continue;
            }
            if (!engine_takes(*e, &m, &(pb_run){.mode = PB_MODE_COUNT, .order = o})) continue;
            pb_result r = run(name, o->name, g, PB_MODE_COUNT, 0, STEP_BUDGET, NULL);
            if (r.status == PB_LIMIT && r.stats.steps >= STEP_BUDGET) {
                continue;
            }
            CHECK(r.status == PB_DONE);
            if (r.stats.solutions != want) fprintf(stderr, "  engine %s %s\n", name, o->name);
            CHECK_EQ_U64(r.stats.solutions, want);
            engine_ran(*e);
            if (!want || !engine_takes(*e, &m, &(pb_run){.mode = PB_MODE_FIRST, .order = o}))
                continue;
            int first[SUDOKU_MAX_CELLS];
            r = run(name, o->name, g, PB_MODE_FIRST, 0, STEP_BUDGET, first);
            if (r.status == PB_LIMIT && r.stats.steps >= STEP_BUDGET) {
                continue;
            }
            sudoku_grid s;
            sudoku_grid_from(&m, first, &s);
            CHECK(r.status == PB_DONE && r.stats.solutions == 1 && valid_solution(g, first) &&
                  sudoku_is_solution_of(g, &s));
        }
    }
    if (with_enum) { /* and with the steps of its first version, givens and all */
        pb_result r = run("enum-all", "row", g, PB_MODE_COUNT, 0, 0, NULL);
        pb_result v0 = run_engine(&oracle_enum_all_v0, "row", g, PB_MODE_COUNT, 0, 0, NULL);
        CHECK_EQ_U64(r.stats.solutions, want);
        CHECK_EQ_U64(v0.stats.solutions, want);
        CHECK_EQ_U64(r.stats.steps, v0.stats.steps);
        CHECK_EQ_U64(r.stats.candidates, v0.stats.candidates);
    }
}

static void test_4x4(void)
{
    static const char *puzzles[] = {
        "................", /* empty: 288 */
        "1...............", "12..34..........", "1..2.34..21.....", "1.........2...3.",
        "12..............", "1234............", "1...2...3...4...", "12........3...4.", /* none */
        "12....3...4.....", "...1.2....3.4...", "1.......2.......",
    };
    int v[16];
    for (size_t i = 0; i < sizeof puzzles / sizeof *puzzles; i++) {
        sudoku_grid g = parse(puzzles[i]);
        uint64_t want = brute_4x4(&g, v, 0);
        if (i == 0) CHECK_EQ_U64(want, 288);
        int open = 0;
        for (int c = 0; c < 16; c++) open += !g.cell[c];
        expect_count(&g, want, open <= 10); /* enum-all walks 4^open vectors */
    }
    /* A count capped at 2 is the uniqueness check. */
    sudoku_grid empty = parse("................");
    pb_mask dom[16];
    pb_model m = view_of(&empty, dom);
    for (const pb_engine *const *e = model_engines(); *e; e++) {
        const pb_order *o;
        for (int k = 0; (o = engine_order(*e, k)); k++) {
            pb_run how = {.mode = PB_MODE_COUNT, .order = o, .limits.max_solutions = 2};
            if (!engine_takes(*e, &m, &how)) continue;
            pb_result r =
                run((*e)->about.name, o->name, &empty, PB_MODE_COUNT, 2, STEP_BUDGET, NULL);
            if (r.stats.solutions < 2 && r.stats.steps >= STEP_BUDGET) {
                continue;
            }
            CHECK(r.status == PB_LIMIT);
            CHECK_EQ_U64(r.stats.solutions, 2);
        }
    }
}

static const char *unique9[] = {
    ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...",
    "98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6",
    "..96.3....31..75..7...5...4....3.169..4...7............279..4.6.......1..5......2",
};

/* Blanks the four cells of a unique rectangle of solution s (two rows of one band,
 * two columns of different stacks, values a b / b a) not yet blank in g: g then has
 * exactly twice the solutions. 0 when there is none left. */
static int blank_rectangle(sudoku_grid *g, const int *s)
{
    for (int r1 = 0; r1 < 9; r1++)
        for (int r2 = r1 + 1; r2 < r1 / 3 * 3 + 3; r2++)
            for (int c1 = 0; c1 < 9; c1++)
                for (int c2 = c1 / 3 * 3 + 3; c2 < 9; c2++) {
                    int a = r1 * 9 + c1, b = r1 * 9 + c2, c = r2 * 9 + c1, d = r2 * 9 + c2;
                    if (s[a] != s[d] || s[b] != s[c] || !g->cell[a] || !g->cell[b] || !g->cell[c] ||
                        !g->cell[d])
                        continue;
                    g->cell[a] = g->cell[b] = g->cell[c] = g->cell[d] = 0;
                    return 1;
                }
    return 0;
}

/* g (unique, solution s) with one more given that breaks no rule but differs from s. */
static sudoku_grid wrong_given(const sudoku_grid *g, const int *s)
{
    sudoku_grid bad = *g;
    for (int c = 0; c < g->ncells; c++) {
        if (g->cell[c]) continue;
        for (int v = 1; v <= g->size; v++) {
            bad.cell[c] = (unsigned char)v;
            if (v != s[c] && sudoku_check_rules(&bad, NULL, 0) == 0) return bad;
        }
        bad.cell[c] = 0;
    }
    return bad;
}

static void test_9x9_counts(void)
{
    for (size_t i = 0; i < sizeof unique9 / sizeof *unique9; i++) {
        sudoku_grid g = parse(unique9[i]);
        int s[81];
        CHECK(solved_by("logic", NULL, &g));
        CHECK(solved_by("seed", NULL, &g));
        CHECK(solved_by("propagate", "mrv", &g));
        pb_result r = run("logic", NULL, &g, PB_MODE_COUNT, 0, 0, s);
        CHECK_EQ_U64(r.stats.solutions, 1);
        CHECK_EQ_U64(run("seed", NULL, &g, PB_MODE_COUNT, 0, 0, NULL).stats.solutions, 1);
        CHECK_EQ_U64(run("propagate", "mrv", &g, PB_MODE_COUNT, 0, 0, NULL).stats.solutions, 1);

        /* A wrong given that breaks no rule directly: no solution, found deep. */
        sudoku_grid bad = wrong_given(&g, s);
        CHECK(sudoku_check_rules(&bad, NULL, 0) == 0);
        CHECK_EQ_U64(run("logic", NULL, &bad, PB_MODE_COUNT, 0, 0, NULL).stats.solutions, 0);
        CHECK_EQ_U64(run("seed", NULL, &bad, PB_MODE_COUNT, 0, 0, NULL).stats.solutions, 0);
        CHECK_EQ_U64(run("propagate", "mrv", &bad, PB_MODE_COUNT, 0, 0, NULL).stats.solutions, 0);
        pb_result f = run("logic", NULL, &bad, PB_MODE_FIRST, 0, 0, NULL);
        CHECK(f.status == PB_DONE && f.stats.solutions == 0 && f.stats.backtracks > 0);

        /* The full grid with k unique rectangles blanked has 2^k solutions. */
        sudoku_grid multi = parse(unique9[i]);
        for (int c = 0; c < 81; c++) multi.cell[c] = (unsigned char)s[c];
        uint64_t want = 1;
        for (int k = 0; k < 3 && blank_rectangle(&multi, s); k++) {
            want *= 2;
            expect_count(&multi, want, 0);
        }
        CHECK(want >= 4);
    }
    /* Counts agree across engines on a puzzle with many solutions. */
    sudoku_grid g = parse(unique9[2]);
    for (int c = 0, k = 0; c < 81 && k < 3; c++)
        if (g.cell[c]) g.cell[c] = 0, k++;
    uint64_t want = run("logic", NULL, &g, PB_MODE_COUNT, 0, 0, NULL).stats.solutions;
    CHECK(want > 2);
    expect_count(&g, want, 0);
}

/* Counts of logic against propagate (mrv), an engine that shares no code with it, on
 * boards cut from the unique puzzles' solutions by a fixed LCG: blanks enough to give
 * one or many solutions, a wrong given for none, and some cells whose domain is cut
 * to a few values (the 9x9 core's path for domains that are neither full nor one
 * value). Counts capped by --limit must agree too, status included. */
static void test_9x9_random_counts(void)
{
    uint64_t seed = 20240611u, outcomes[3] = {0, 0, 0};
    for (size_t i = 0; i < sizeof unique9 / sizeof *unique9; i++) {
        sudoku_grid g = parse(unique9[i]);
        int s[81];
        run("logic", NULL, &g, PB_MODE_FIRST, 0, 0, s);
        for (int t = 0; t < 40; t++) {
            sudoku_grid h = g;
            for (int c = 0; c < 81; c++) h.cell[c] = (unsigned char)s[c];
            const int blanks = 40 + t % 36;
            for (int k = 0; k < blanks; k++) {
                seed = seed * 6364136223846793005u + 1442695040888963407u;
                h.cell[(seed >> 33) % 81] = 0;
            }
            if (t % 4 == 3) h = wrong_given(&h, s);
            pb_mask dom[81];
            pb_model m = view_of(&h, dom);
            for (int c = 0; t % 3 == 1 && c < 81; c += 7) {
                seed = seed * 6364136223846793005u + 1442695040888963407u;
                if (!h.cell[c]) dom[c] &= (pb_mask)((seed >> 40) | PB_BIT(1 + (int)(seed % 9)));
            }
            static const uint64_t limits[] = {0, 1, 2, 7, 100};
            for (int l = blanks > 50; l < 5; l++) {
                pb_result a = run_model("logic", &m, PB_MODE_COUNT, limits[l], NULL);
                pb_result b = run_model("propagate", &m, PB_MODE_COUNT, limits[l], NULL);
                CHECK(a.status == b.status);
                CHECK_EQ_U64(a.stats.solutions, b.stats.solutions);
                outcomes[a.stats.solutions == 0 ? 0 : a.stats.solutions == 1 ? 1 : 2]++;
            }
            int first[81];
            pb_result f = run_model("logic", &m, PB_MODE_FIRST, 0, first);
            if (!f.stats.solutions) continue;
            CHECK(valid_solution(&h, first));
            for (int c = 0; c < 81; c++) CHECK(dom[c] & PB_BIT(first[c]));
        }
    }
    CHECK(outcomes[0] > 0 && outcomes[1] > 0 && outcomes[2] > 0);
}

static void test_stats_and_limits(void)
{
    sudoku_grid hard = parse(unique9[1]);
    pb_mask hard_dom[81];
    pb_model hard_model = view_of(&hard, hard_dom);
    for (const pb_engine *const *e = model_engines(); *e; e++) {
        if (!engine_takes(*e, &hard_model, &(pb_run){.mode = PB_MODE_FIRST})) continue;
        pb_result r = run((*e)->about.name, "row", &hard, PB_MODE_FIRST, 0, 10, NULL);
        CHECK(r.status == PB_LIMIT);
        CHECK(r.stats.solutions == 0);
        CHECK(r.stats.steps >= 10);
    }
    pb_result r = run("logic", NULL, &hard, PB_MODE_FIRST, 0, 0, NULL);
    CHECK(r.stats.guesses > 0 && r.stats.backtracks > 0);
    CHECK_EQ_U64(r.stats.candidates, r.stats.guesses);
    pb_result again = run("logic", NULL, &hard, PB_MODE_FIRST, 0, 0, NULL);
    CHECK_EQ_U64(again.stats.steps, r.stats.steps); /* deterministic */
    pb_result s = run("seed", NULL, &hard, PB_MODE_FIRST, 0, 0, NULL);
    CHECK(s.stats.guesses > 0 && s.stats.candidates == s.stats.guesses);

    /* Placements count filled cells, not givens: a puzzle of naked singles only. */
    sudoku_grid easy = parse(unique9[2]);
    int givens = 0;
    for (int c = 0; c < 81; c++) givens += easy.cell[c] != 0;
    CHECK_EQ_U64(run("logic", NULL, &easy, PB_MODE_FIRST, 0, 0, NULL).stats.placements,
                 81 - givens);
    CHECK_EQ_U64(run("seed", NULL, &easy, PB_MODE_FIRST, 0, 0, NULL).stats.placements, 81 - givens);

    /* The engines refuse models that are not sudokus. */
    pb_model *m = pb_model_new(16, 4);
    pb_model_finish(m);
    pb_run how = {.mode = PB_MODE_FIRST};
    pb_result out = {0};
    for (const pb_registered *r = pb_registry; r->about; r++)
        if (r->model && !strcmp(r->family, "sudoku")) {
            CHECK(pb_engine_run(r->model, m, &how, &out) == PB_UNSUPPORTED);
            CHECK(out.refusal == PB_REFUSE_INSTANCE && out.why[0]);
        }
    pb_model_free(m);
}

/* Hall sets inside the search: a puzzle QQwing grades intermediate (data/sudoku's
 * 9x9-intermediate.txt, the first), whose singles stop short, is filled by
 * learn-alldiff's groups at level 0 without a guess; learn's clauses guess. Exact
 * steps, each solution checked. */
static void test_hall_sets(void)
{
    sudoku_grid g =
        parse("769..31............1..9..27..1...6.....867..2...3.1.....46.9..8......3....31...9.");
    int first[81];
    pb_result r = run("learn-alldiff", NULL, &g, PB_MODE_FIRST, 0, 0, first);
    CHECK(r.status == PB_DONE && valid_solution(&g, first));
    CHECK_EQ_U64(r.stats.guesses, 0);
    CHECK_EQ_U64(r.stats.backtracks, 0);
    CHECK_EQ_U64(r.stats.steps, 149);
    r = run("learn", NULL, &g, PB_MODE_FIRST, 0, 0, first);
    CHECK(r.status == PB_DONE && valid_solution(&g, first));
    CHECK_EQ_U64(r.stats.guesses, 5);
    CHECK_EQ_U64(r.stats.steps, 242);
}

static void test_seed_deduce(void)
{
    sudoku_grid g = parse(unique9[2]); /* naked singles solve it */
    pb_mask dom[81], cand[81];
    int values[81];
    pb_model m = view_of(&g, dom);
    int passes = sudoku_seed_deduce(&m, values, cand);
    CHECK(passes >= 2);
    CHECK(valid_solution(&g, values));
    for (int c = 0; c < 81; c++) CHECK(cand[c] == PB_BIT(values[c]));

    g = parse(unique9[0]); /* a 17: deduction stops with open cells */
    m = view_of(&g, dom);
    CHECK(sudoku_seed_deduce(&m, values, cand) >= 1);
    int open = 0;
    for (int c = 0; c < 81; c++) {
        if (values[c]) continue;
        open++;
        CHECK(__builtin_popcountll(cand[c]) >= 2);
    }
    CHECK(open > 0);

    g = parse("12........3...4."); /* cell 2 can hold neither 3 nor 4 */
    m = view_of(&g, dom);
    CHECK(sudoku_seed_deduce(&m, values, cand) == -1);
}

static void test_grade(void)
{
    /* Rated by QQwing with singles, hidden singles and one pointing pair only. */
    static const struct {
        const char *puzzle;
        sudoku_level level;
    } cases[] = {
        {"..96.3....31..75..7...5...4....3.169..4...7............279..4.6.......1..5......2",
         SUDOKU_SIMPLE},
        {"572...9.449....81......6.........1...........7...514.9...51.6..9..6.47.....798..2",
         SUDOKU_SIMPLE},
        {"9.......7......5...8.....6.7....5....9.....8.64827...1..29..6....45..1...7.4...28",
         SUDOKU_EASY},
        {".9...1.2.4.7...5..5.......1....2...584.9...6...2...87......6...1.6..479..89......",
         SUDOKU_EASY},
        {"43.29.1.7...8............3..9.7.16..7....8......4....8....37..4.2.....9...86..3..",
         SUDOKU_INTERMEDIATE},
        {".8....2.4.......9.....5.....3.982.4....7..1...7.3..8..34.......7...2..5.5....4.71",
         SUDOKU_EXPERT},
        {"98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6",
         SUDOKU_EXPERT},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        sudoku_grid g = parse(cases[i].puzzle);
        pb_mask dom[81];
        pb_model m = view_of(&g, dom);
        sudoku_grade_info info;
        CHECK(sudoku_grade(&m, &info) == 0);
        if (info.level != cases[i].level)
            fprintf(stderr, "  puzzle %zu graded %s\n", i, sudoku_level_names[info.level]);
        CHECK(info.level == cases[i].level);
        CHECK((info.guesses > 0) == (info.level == SUDOKU_EXPERT));
        CHECK((info.locked_eliminations > 0) == (info.level >= SUDOKU_INTERMEDIATE) ||
              info.level == SUDOKU_EXPERT);
    }
    sudoku_grid g = parse(unique9[2]);
    pb_mask dom[81];
    pb_model m = view_of(&g, dom);
    sudoku_grade_info info;
    CHECK(sudoku_grade(&m, &info) == 0);
    CHECK(info.naked_singles == 81 - 24);

    g = parse("12........3...4."); /* cell 2 can hold neither 3 nor 4 */
    m = view_of(&g, dom);
    CHECK(sudoku_grade(&m, &info) == -1);
    int sol[81];
    g = parse(unique9[1]);
    run("logic", NULL, &g, PB_MODE_FIRST, 0, 0, sol);
    g = wrong_given(&g, sol); /* no solution, but only a search finds out */
    m = view_of(&g, dom);
    CHECK(sudoku_grade(&m, &info) == -1);

    CHECK(sudoku_level_find("intermediate") == SUDOKU_INTERMEDIATE);
    CHECK(sudoku_level_find("hard") == -1);
}

/* A full grid of box n by the shifted-rows pattern, with about `blank` percent of its
 * cells blanked by a fixed LCG. */
static sudoku_grid pattern_puzzle(int n, int blank, uint64_t seed)
{
    sudoku_grid g;
    sudoku_grid_init(&g, n);
    const int N = n * n;
    for (int r = 0; r < N; r++)
        for (int c = 0; c < N; c++)
            g.cell[r * N + c] = (unsigned char)((n * (r % n) + r / n + c) % N + 1);
    for (int c = 0; c < g.ncells; c++) {
        seed = seed * 6364136223846793005u + 1442695040888963407u;
        if ((int)((seed >> 33) % 100) < blank) g.cell[c] = 0;
    }
    return g;
}

static void test_big(void)
{
    for (int n = 4; n <= 5; n++) {
        for (int k = 0; k < 3; k++) {
            sudoku_grid g = pattern_puzzle(n, 40 + 5 * k, 12345u + (uint64_t)k);
            CHECK(solved_by("logic", NULL, &g));
            if (n == 4) CHECK(solved_by("propagate", "mrv", &g));
        }
    }
    /* The uniqueness check on a big board. */
    sudoku_grid g = pattern_puzzle(4, 30, 7);
    pb_result r = run("logic", NULL, &g, PB_MODE_COUNT, 2, 0, NULL);
    CHECK(r.stats.solutions >= 1);
    CHECK(r.status == (r.stats.solutions == 2 ? PB_LIMIT : PB_DONE));
}

int main(void)
{
    test_4x4();
    test_9x9_counts();
    test_9x9_random_counts();
    test_stats_and_limits();
    test_hall_sets();
    test_seed_deduce();
    test_grade();
    test_big();
    engines_all_ran("sudoku");
    for (int n = 0; n <= SUDOKU_MAX_BOX; n++) pb_model_free(shapes[n]);
    return check_report("sudoku_engines");
}
