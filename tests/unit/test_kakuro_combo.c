/* test_kakuro_combo.c — the `combo` kakuro engine: on random kakuro-like models
 * built by hand (random black/white grids, random fills, sums derived; variants with
 * a changed sum or with givens, right or wrong) its counts must equal an independent
 * brute force, capped counts and first-solution runs must agree with it, first and
 * last solutions must pass the rules and differ when there are two or more, step
 * counts must repeat (also from many threads at once), one small grid must take
 * exactly the steps worked out by hand, and the limits must stop it. argv[1]: the
 * source directory (unused). */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "engines.h"
#include "core/engine.h"
#include "core/limiter.h"
#include "core/rng.h"

#define MAXR 8
#define MAXN (MAXR * MAXR)
/* Brute-force nodes allowed per model: larger ones are skipped (counted below). */
#define BRUTE_BUDGET 100000

static const pb_engine *combo;

/* A model kept outside pb_model, so the brute force reads nothing the engine
 * computes: cells, domains, runs (cell lists and sums). */
typedef struct spec {
    int ncells;
    pb_mask domain[MAXN];
    int nruns, rstart[2 * MAXN + 1], rcells[4 * MAXN], rsum[2 * MAXN];
} spec;

static pb_model *spec_model(const spec *sp)
{
    pb_model *m = pb_model_new(sp->ncells, 9);
    if (!m) return NULL;
    for (int c = 0; c < sp->ncells; c++) m->domain[c] = sp->domain[c];
    for (int r = 0; r < sp->nruns; r++)
        if (pb_model_add_sum_group(m, sp->rcells + sp->rstart[r], sp->rstart[r + 1] - sp->rstart[r],
                                   sp->rsum[r])) {
            pb_model_free(m);
            return NULL;
        }
    if (pb_model_finish(m)) {
        pb_model_free(m);
        return NULL;
    }
    return m;
}

/* ---- brute force: cells in index order, each run checked for repeats and for a
 * sum still reachable by its unfilled cells ---- */
typedef struct brute {
    const spec *sp;
    int runs_of[MAXN][4], nruns_of[MAXN];
    int val[MAXN];
    uint64_t count, nodes;
} brute;

static int run_ok(const brute *bf, int r)
{
    const spec *sp = bf->sp;
    int sum = 0, open = 0;
    unsigned seen = 0;
    for (int i = sp->rstart[r]; i < sp->rstart[r + 1]; i++) {
        const int v = bf->val[sp->rcells[i]];
        if (!v) {
            open++;
            continue;
        }
        if (seen >> v & 1) return 0;
        seen |= 1u << v;
        sum += v;
    }
    return sum + open <= sp->rsum[r] && sum + 9 * open >= sp->rsum[r];
}

static void brute_cell(brute *bf, int c)
{
    if (bf->nodes++ > BRUTE_BUDGET) return;
    if (c == bf->sp->ncells) {
        bf->count++;
        return;
    }
    for (int v = 1; v <= 9; v++) {
        if (!(bf->sp->domain[c] & PB_BIT(v))) continue;
        bf->val[c] = v;
        int ok = 1;
        for (int k = 0; k < bf->nruns_of[c] && ok; k++) ok = run_ok(bf, bf->runs_of[c][k]);
        if (ok) brute_cell(bf, c + 1);
    }
    bf->val[c] = 0;
}

/* The number of solutions, or -1 when the brute force ran past its budget. */
static int64_t brute_count(const spec *sp)
{
    brute *bf = calloc(1, sizeof *bf);
    bf->sp = sp;
    for (int r = 0; r < sp->nruns; r++)
        for (int i = sp->rstart[r]; i < sp->rstart[r + 1]; i++) {
            const int c = sp->rcells[i];
            bf->runs_of[c][bf->nruns_of[c]++] = r;
        }
    brute_cell(bf, 0);
    const int64_t n = bf->nodes > BRUTE_BUDGET ? -1 : (int64_t)bf->count;
    free(bf);
    return n;
}

/* ---- random kakuro-like grids ---- */

/* A random grid of white cells (rows, cols 2..MAXR): horizontal and vertical blocks
 * of 2..9 white cells are runs; a lone white cell in a direction has no run there,
 * so a cell lies in 0, 1 or 2 runs. Cells are numbered row by row. Returns the
 * number of cells (0: none). */
static int random_shape(pb_rng *rng, spec *sp, int *id, int *rows, int *cols)
{
    const int R = 2 + (int)pb_rng_below(rng, MAXR - 1), C = 2 + (int)pb_rng_below(rng, MAXR - 1);
    const uint32_t white = 55 + pb_rng_below(rng, 35);
    memset(sp, 0, sizeof *sp);
    int n = 0;
    for (int i = 0; i < R * C; i++) id[i] = pb_rng_below(rng, 100) < white ? n++ : -1;
    /* Mostly kakuro-like: a cell alone in a direction usually turns black. */
    for (int i = 0; i < R * C; i++) {
        const int r = i / C, c = i % C;
        const int across = (c > 0 && id[i - 1] >= 0) || (c + 1 < C && id[i + 1] >= 0);
        const int down = (r > 0 && id[i - C] >= 0) || (r + 1 < R && id[i + C] >= 0);
        if (id[i] >= 0 && (!across || !down) && pb_rng_below(rng, 4)) id[i] = -1;
    }
    n = 0;
    for (int i = 0; i < R * C; i++)
        if (id[i] >= 0 && ++n > 24) id[i] = -1; /* keeps the brute force small */
    n = 0;
    for (int i = 0; i < R * C; i++)
        if (id[i] >= 0) id[i] = n++;
    sp->ncells = n;
    for (int c = 0; c < n; c++) sp->domain[c] = PB_FULL(9);
    for (int dir = 0; dir < 2; dir++) {
        const int lines = dir ? C : R, len = dir ? R : C;
        for (int l = 0; l < lines; l++)
            for (int k = 0; k < len;) {
                int e = k;
                while (e < len && id[dir ? e * C + l : l * C + e] >= 0) e++;
                if (e - k >= 2) {
                    const int at = sp->rstart[sp->nruns];
                    for (int j = k; j < e; j++)
                        sp->rcells[at + j - k] = id[dir ? j * C + l : l * C + j];
                    sp->rstart[++sp->nruns] = at + e - k;
                }
                k = e + 1;
            }
    }
    *rows = R, *cols = C;
    return n;
}

/* Fills val[] with digits, distinct within every run (randomised backtracking). */
static int fill_cell(pb_rng *rng, const spec *sp, int runs_of[][2], const int *nruns_of,
                     unsigned *used, int *val, int c)
{
    if (c == sp->ncells) return 1;
    int digits[9];
    for (int d = 0; d < 9; d++) digits[d] = d + 1;
    for (int i = 8; i > 0; i--) {
        const int j = (int)pb_rng_below(rng, (uint32_t)i + 1), t = digits[i];
        digits[i] = digits[j], digits[j] = t;
    }
    for (int i = 0; i < 9; i++) {
        const unsigned bit = 1u << digits[i];
        int free_here = 1;
        for (int k = 0; k < nruns_of[c]; k++) free_here &= !(used[runs_of[c][k]] & bit);
        if (!free_here) continue;
        for (int k = 0; k < nruns_of[c]; k++) used[runs_of[c][k]] |= bit;
        val[c] = digits[i];
        if (fill_cell(rng, sp, runs_of, nruns_of, used, val, c + 1)) return 1;
        for (int k = 0; k < nruns_of[c]; k++) used[runs_of[c][k]] &= ~bit;
    }
    return 0;
}

static void random_fill(pb_rng *rng, spec *sp, int *val)
{
    int runs_of[MAXN][2], nruns_of[MAXN] = {0};
    unsigned used[2 * MAXN] = {0};
    for (int r = 0; r < sp->nruns; r++)
        for (int i = sp->rstart[r]; i < sp->rstart[r + 1]; i++) {
            const int c = sp->rcells[i];
            runs_of[c][nruns_of[c]++] = r;
        }
    /* Some fill exists: digit (row + column) mod 9 + 1 repeats in no run of at most
     * 8 cells; the backtracking finds one. */
    const int filled = fill_cell(rng, sp, runs_of, nruns_of, used, val, 0);
    CHECK(filled);
    for (int r = 0; r < sp->nruns; r++) {
        sp->rsum[r] = 0;
        for (int i = sp->rstart[r]; i < sp->rstart[r + 1]; i++) sp->rsum[r] += val[sp->rcells[i]];
    }
}

/* ---- running the engine ---- */
typedef struct outcome {
    pb_status status;
    pb_stats st;
    int first[MAXN], last[MAXN];
} outcome;

static void run_combo(const pb_model *m, pb_mode mode, uint64_t max_solutions, uint64_t max_steps,
                      outcome *o)
{
    pb_run how;
    memset(&how, 0, sizeof how);
    how.mode = mode;
    how.limits.max_solutions = max_solutions;
    how.limits.max_steps = max_steps;
    pb_result res;
    memset(&res, 0, sizeof res);
    memset(o, 0, sizeof *o);
    res.first = o->first;
    res.last = o->last;
    o->status = pb_engine_run(combo, m, &how, &res);
    o->st = res.stats;
}

static int same_values(const int *a, const int *b, int n)
{
    return !memcmp(a, b, (size_t)n * sizeof *a);
}

static int same_work(const pb_stats *a, const pb_stats *b)
{
    return a->steps == b->steps && a->placements == b->placements &&
           a->backtracks == b->backtracks && a->guesses == b->guesses &&
           a->candidates == b->candidates && a->solutions == b->solutions;
}

/* Every check that needs only the model and its true count. */
static void check_model(const pb_model *m, int64_t want)
{
    const int n = m->ncells;
    outcome all, again, two, first;
    /* An unknown count may be huge: then count only to a thousand. */
    const uint64_t cap = want < 0 ? 1000 : 0;
    run_combo(m, PB_MODE_COUNT, cap, 0, &all);
    CHECK(all.status == (want >= 0 ? PB_DONE : all.st.solutions < 1000 ? PB_DONE : PB_LIMIT));
    if (want >= 0) CHECK_EQ_U64(all.st.solutions, (uint64_t)want);
    const uint64_t count = all.st.solutions;
    CHECK_EQ_U64(all.st.steps, all.st.placements + all.st.backtracks);
    CHECK(all.st.guesses == all.st.candidates);
    if (count) {
        CHECK(pb_model_check(m, all.first));
        CHECK(pb_model_check(m, all.last));
        CHECK((count >= 2) == !same_values(all.first, all.last, n));
    }
    run_combo(m, PB_MODE_COUNT, 2, 0, &two);
    CHECK_EQ_U64(two.st.solutions, count < 2 ? count : 2);
    CHECK(two.status == (count >= 2 ? PB_LIMIT : PB_DONE));
    if (count) {
        CHECK(pb_model_check(m, two.first));
        CHECK(pb_model_check(m, two.last));
        CHECK((count >= 2) == !same_values(two.first, two.last, n));
    }
    /* The same work and the same solutions when run again. */
    run_combo(m, PB_MODE_COUNT, 2, 0, &again);
    CHECK(same_work(&two.st, &again.st));
    CHECK(!count ||
          (same_values(two.first, again.first, n) && same_values(two.last, again.last, n)));

    run_combo(m, PB_MODE_FIRST, 0, 0, &first);
    CHECK(first.status == PB_DONE);
    CHECK_EQ_U64(first.st.solutions, count ? 1 : 0);
    if (count) CHECK(pb_model_check(m, first.first));
}

/* Random grids, their variants, and the brute force. */
static void random_models(void)
{
    pb_rng rng;
    pb_rng_seed(&rng, 20240611);
    int compared = 0, skipped = 0, zero = 0, many = 0;
    for (int t = 0; t < 400; t++) {
        spec sp;
        int id[MAXN], val[MAXN], rows, cols;
        if (!random_shape(&rng, &sp, id, &rows, &cols)) continue;
        random_fill(&rng, &sp, val);
        switch (t % 4) {
        case 1: /* one sum moved: often no solution, sometimes several */
            if (sp.nruns) {
                const int r = (int)pb_rng_below(&rng, (uint32_t)sp.nruns);
                const int len = sp.rstart[r + 1] - sp.rstart[r];
                const int lo = len * (len + 1) / 2, hi = 45 - (9 - len) * (10 - len) / 2;
                int s = sp.rsum[r] +
                        (pb_rng_below(&rng, 2) ? 1 : -1) * (1 + (int)pb_rng_below(&rng, 3));
                sp.rsum[r] = s < lo ? lo : s > hi ? hi : s;
            }
            break;
        case 2: /* givens from the fill */
            for (int c = 0; c < sp.ncells; c++)
                if (pb_rng_below(&rng, 3) == 0) sp.domain[c] = PB_BIT(val[c]);
            break;
        case 3: /* a few givens, one of them possibly wrong, and a narrowed domain */
            for (int k = 0; k < 2 && sp.ncells; k++) {
                const int c = (int)pb_rng_below(&rng, (uint32_t)sp.ncells);
                sp.domain[c] = PB_BIT(k ? 1 + (int)pb_rng_below(&rng, 9) : val[c]);
            }
            if (sp.ncells) sp.domain[pb_rng_below(&rng, (uint32_t)sp.ncells)] &= 0x0f5;
            break;
        }
        pb_model *m = spec_model(&sp);
        CHECK(m != NULL);
        if (!m) continue;
        const int64_t want = brute_count(&sp);
        if (want < 0) {
            skipped++;
        } else {
            compared++;
            zero += want == 0;
            many += want >= 2;
        }
        check_model(m, want);
        pb_model_free(m);
    }
    /* The sample must exercise every kind of answer. */
    CHECK(compared >= 250);
    CHECK(zero >= 20);
    CHECK(many >= 50);
    CHECK(compared - zero - many >= 20);
    (void)skipped;
}

/* A 2x2 block: runs across {0,1} = 3 and {2,3} = 3, down {0,2} = 3 and {1,3} = 3.
 * Two solutions, 1 2 / 2 1 and 2 1 / 1 2. The steps, worked out by hand:
 *   - root: every run's only set is {1,2}; all cells can take both digits, so every
 *     domain becomes {1,2} and nothing is placed;
 *   - the four cells form one component; each has two digits and weight 1 + 1, so
 *     the guess goes to the first, cell 0; both digits lie in the one set of each of
 *     its runs, so the lower one, 1, is tried: 1 placement, 1 guess;
 *   - propagating it places cell 1 (2) and cell 2 (2), then cell 3 (1): 3 more
 *     placements, and the child board is a solution;
 *   - 1 is then ruled out of cell 0 on the root board: cell 0 is placed (2), and
 *     propagation places cells 1, 2, 3: 4 placements, the second solution.
 * So 8 placements, no backtracks: 8 steps, whether the count stops at 2 or runs to
 * the end. First-solution mode stops after the first child: 4 steps. */
static void hand_model(void)
{
    static const int runs[4][2] = {{0, 1}, {2, 3}, {0, 2}, {1, 3}};
    pb_model *m = pb_model_new(4, 9);
    for (int r = 0; r < 4; r++) pb_model_add_sum_group(m, runs[r], 2, 3);
    pb_model_finish(m);
    static const int sol1[4] = {1, 2, 2, 1}, sol2[4] = {2, 1, 1, 2};
    outcome o;
    run_combo(m, PB_MODE_COUNT, 0, 0, &o);
    CHECK(o.status == PB_DONE);
    CHECK_EQ_U64(o.st.solutions, 2);
    CHECK_EQ_U64(o.st.steps, 8);
    CHECK_EQ_U64(o.st.placements, 8);
    CHECK_EQ_U64(o.st.backtracks, 0);
    CHECK_EQ_U64(o.st.guesses, 1);
    CHECK(same_values(o.first, sol1, 4) && same_values(o.last, sol2, 4));
    run_combo(m, PB_MODE_COUNT, 2, 0, &o);
    CHECK(o.status == PB_LIMIT);
    CHECK_EQ_U64(o.st.solutions, 2);
    CHECK_EQ_U64(o.st.steps, 8);
    CHECK(same_values(o.first, sol1, 4) && same_values(o.last, sol2, 4));
    run_combo(m, PB_MODE_FIRST, 0, 0, &o);
    CHECK(o.status == PB_DONE);
    CHECK_EQ_U64(o.st.solutions, 1);
    CHECK_EQ_U64(o.st.steps, 4);
    CHECK(same_values(o.first, sol1, 4));
    /* max_steps 2: the guess and its propagation (4 placements) overshoot the limit
     * by one propagation, and the run stops there. */
    run_combo(m, PB_MODE_COUNT, 0, 2, &o);
    CHECK(o.status == PB_LIMIT);
    CHECK(o.st.steps >= 2 && o.st.steps < 8);
    pb_model_free(m);

    /* Across {0,1} = 3, {2,3} = 4, down {0,2} = 4, {1,3} = 3: one solution, 1 2 / 3 1,
     * found by the root propagation alone (cell 0 lies in {1,2} and {1,3}, so it is
     * 1, and the rest follows): 4 placements, no guess. */
    static const int sums[4] = {3, 4, 4, 3}, sol[4] = {1, 2, 3, 1};
    m = pb_model_new(4, 9);
    for (int r = 0; r < 4; r++) pb_model_add_sum_group(m, runs[r], 2, sums[r]);
    pb_model_finish(m);
    run_combo(m, PB_MODE_COUNT, 2, 0, &o);
    CHECK(o.status == PB_DONE);
    CHECK_EQ_U64(o.st.solutions, 1);
    CHECK_EQ_U64(o.st.steps, 4);
    CHECK_EQ_U64(o.st.guesses, 0);
    CHECK(same_values(o.first, sol, 4) && same_values(o.last, sol, 4));
    pb_model_free(m);
}

/* Models outside kakuro's shape: free cells (no run), a run too long for distinct
 * digits, a cell in three runs, and models the engine must refuse. */
static void odd_models(void)
{
    /* Two free cells and a run of 2 adding up to 17 (8 + 9 or 9 + 8): 3 * 2 * 2. */
    pb_model *m = pb_model_new(4, 9);
    m->domain[0] = PB_BIT(1) | PB_BIT(2) | PB_BIT(3);
    m->domain[1] = PB_BIT(4) | PB_BIT(5);
    const int pair[2] = {2, 3};
    pb_model_add_sum_group(m, pair, 2, 17);
    pb_model_finish(m);
    check_model(m, 12);
    outcome o;
    run_combo(m, PB_MODE_COUNT, 5, 0, &o);
    CHECK(o.status == PB_LIMIT);
    CHECK_EQ_U64(o.st.solutions, 5);
    CHECK(pb_model_check(m, o.first) && pb_model_check(m, o.last));
    CHECK(!same_values(o.first, o.last, 4));
    pb_model_free(m);

    /* Ten cells in one run: no ten distinct digits. */
    m = pb_model_new(10, 9);
    int ten[10];
    for (int i = 0; i < 10; i++) ten[i] = i;
    pb_model_add_sum_group(m, ten, 10, 45);
    pb_model_finish(m);
    check_model(m, 0);
    pb_model_free(m);

    /* Cell 0 in three runs: {0,1} = 3, {0,2} = 4, {0,3,4} = 7. */
    spec sp;
    memset(&sp, 0, sizeof sp);
    sp.ncells = 5;
    for (int c = 0; c < 5; c++) sp.domain[c] = PB_FULL(9);
    static const int cells[] = {0, 1, 0, 2, 0, 3, 4};
    memcpy(sp.rcells, cells, sizeof cells);
    sp.nruns = 3;
    sp.rstart[1] = 2, sp.rstart[2] = 4, sp.rstart[3] = 7;
    sp.rsum[0] = 3, sp.rsum[1] = 4, sp.rsum[2] = 7;
    m = spec_model(&sp);
    const int64_t want = brute_count(&sp);
    CHECK(want > 0);
    check_model(m, want);
    pb_model_free(m);

    /* Refused: a plain all-different group; digits other than 1-9. */
    const char *why = NULL;
    m = pb_model_new(3, 9);
    const int three[3] = {0, 1, 2};
    pb_model_add_group(m, three, 3);
    pb_model_finish(m);
    CHECK(!combo->accepts(m, &why) && why);
    run_combo(m, PB_MODE_COUNT, 0, 0, &o);
    CHECK(o.status == PB_UNSUPPORTED);
    pb_model_free(m);
    m = pb_model_new(3, 8);
    pb_model_add_sum_group(m, three, 3, 6);
    pb_model_finish(m);
    CHECK(!combo->accepts(m, &why) && why);
    pb_model_free(m);
}

/* Limits on a model that needs search: max_steps stops it with PB_LIMIT; counting
 * a model with many solutions stops at max_solutions. Then the same model counted
 * from several threads at once must give the same work everywhere. */
static void limits_and_threads(void)
{
    pb_rng rng;
    pb_rng_seed(&rng, 7);
    pb_model *m = NULL;
    outcome full;
    for (int t = 0; t < 200; t++) { /* a grid whose full count takes some search */
        spec sp;
        int id[MAXN], val[MAXN], rows, cols;
        if (random_shape(&rng, &sp, id, &rows, &cols) < 20) continue;
        random_fill(&rng, &sp, val);
        m = spec_model(&sp);
        run_combo(m, PB_MODE_COUNT, 2001, 0, &full);
        if (full.status == PB_DONE && full.st.guesses >= 20 && full.st.solutions >= 10) break;
        pb_model_free(m);
        m = NULL;
    }
    CHECK(m != NULL);
    if (!m) return;
    run_combo(m, PB_MODE_COUNT, 0, 0, &full);
    outcome o;
    run_combo(m, PB_MODE_COUNT, 0, 5, &o);
    CHECK(o.status == PB_LIMIT);
    CHECK(o.st.steps >= 5 && o.st.steps < full.st.steps);
    run_combo(m, PB_MODE_COUNT, 3, 0, &o);
    CHECK(o.status == PB_LIMIT);
    CHECK_EQ_U64(o.st.solutions, 3);

    int differ = 0;
#pragma omp parallel for num_threads(4) schedule(dynamic, 1) reduction(+ : differ)
    for (int i = 0; i < 16; i++) {
        outcome *p = malloc(sizeof *p);
        run_combo(m, i % 2 ? PB_MODE_COUNT : PB_MODE_FIRST, 0, 0, p);
        if (i % 2) differ += !same_work(&p->st, &full.st);
        free(p);
    }
    CHECK(differ == 0);
    pb_model_free(m);
}

int main(int argc, char **argv)
{
    (void)argc, (void)argv;
    combo = pb_model_engine_find("combo");
    CHECK(combo != NULL);
    if (!combo) return check_report("kakuro_combo");
    CHECK(combo->about.caps & PB_CAP_FIRST);
    CHECK(combo->about.caps & PB_CAP_COUNT);
    CHECK(combo->about.caps & PB_CAP_LAST);
    hand_model();
    odd_models();
    random_models();
    limits_and_threads();
    return check_report("kakuro_combo");
}
