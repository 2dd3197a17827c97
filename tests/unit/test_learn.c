/* test_learn.c — the `learn` engine: its CDCL core against brute force (random 3-SAT,
 * pigeonhole, at-most-one lists), then it and learn-alldiff over the shared model: solution
 * counts against a brute-force count on small random sudoku, latin, kakuro and
 * notouch instances, every solution checked with pb_model_check, reproducible stats,
 * and limits. */
#include "check.h"

#include <stdlib.h>
#include <string.h>

#include "core/engine.h"
#include "engines.h"
#include "core/limiter.h"
#include "core/rng.h"
#include "cnf/cnf.h"
#include "core/model.h"
#include "latin/latin.h"
#include "learn/sat.h"
#include "registry/registry.h"
#include "sudoku/sudoku.h"
#include "oracles.h"

/* The engine under test, from the registry as the CLI finds it. */
static const pb_engine *learn_engine(void)
{
    return pb_model_engine_find("learn");
}

/* ---- the core ---- */

/* Brute force: whether some assignment of nvars (<= 20) satisfies every clause and
 * every at-most-one list. Clauses: CSR over DIMACS literals. */
static int brute_sat(int nvars, int nclauses, const int *start, const int *lits, int namo,
                     const int *astart, const int *alits)
{
    for (uint32_t a = 0; a < (1u << nvars); a++) {
        int ok = 1;
        for (int c = 0; c < nclauses && ok; c++) {
            int sat = 0;
            for (int i = start[c]; i < start[c + 1]; i++) {
                int l = lits[i], v = abs(l) - 1;
                if (((a >> v) & 1) == (l > 0)) sat = 1;
            }
            ok = sat;
        }
        for (int g = 0; g < namo && ok; g++) {
            int t = 0;
            for (int i = astart[g]; i < astart[g + 1]; i++) {
                int l = alits[i], v = abs(l) - 1;
                t += ((a >> v) & 1) == (l > 0);
            }
            ok = t <= 1;
        }
        if (ok) return 1;
    }
    return 0;
}

static int model_ok(const pb_sat *s, int nclauses, const int *start, const int *lits, int namo,
                    const int *astart, const int *alits)
{
    for (int c = 0; c < nclauses; c++) {
        int sat = 0;
        for (int i = start[c]; i < start[c + 1]; i++)
            if (pb_sat_model(s, abs(lits[i])) == (lits[i] > 0)) sat = 1;
        if (!sat) return 0;
    }
    for (int g = 0; g < namo; g++) {
        int t = 0;
        for (int i = astart[g]; i < astart[g + 1]; i++)
            t += pb_sat_model(s, abs(alits[i])) == (alits[i] > 0);
        if (t > 1) return 0;
    }
    return 1;
}

/* Random 3-SAT near the threshold (and a few at-most-one lists), against brute force. */
static void test_random_3sat(void)
{
    pb_rng rng;
    pb_rng_seed(&rng, 16);
    int nsat = 0, nunsat = 0;
    for (int t = 0; t < 400; t++) {
        int nvars = 5 + (int)pb_rng_below(&rng, 12);
        int nclauses = (int)(nvars * (3.6 + 1.4 * (double)pb_rng_below(&rng, 100) / 100.0));
        int namo = t % 2 ? (int)pb_rng_below(&rng, 3) : 0;
        int start[200], lits[600], astart[8], alits[40];
        start[0] = 0;
        for (int c = 0; c < nclauses; c++) {
            for (int k = 0; k < 3; k++) {
                int v = 1 + (int)pb_rng_below(&rng, (uint32_t)nvars);
                lits[3 * c + k] = pb_rng_below(&rng, 2) ? v : -v;
            }
            start[c + 1] = 3 * c + 3;
        }
        astart[0] = 0;
        for (int g = 0; g < namo; g++) {
            /* Distinct variables (the encodings never repeat one in a list). */
            int n = 2 + (int)pb_rng_below(&rng, 4), perm[16];
            for (int v = 0; v < nvars; v++) perm[v] = v + 1;
            pb_rng_shuffle(&rng, perm, nvars);
            for (int i = 0; i < n; i++)
                alits[astart[g] + i] = pb_rng_below(&rng, 4) ? perm[i] : -perm[i];
            astart[g + 1] = astart[g] + n;
        }
        pb_sat *s = pb_sat_new(nvars, (uint64_t)t);
        CHECK(s != NULL);
        if (!s) return;
        for (int c = 0; c < nclauses; c++) pb_sat_add_clause(s, lits + start[c], 3);
        for (int g = 0; g < namo; g++)
            pb_sat_add_amo(s, alits + astart[g], astart[g + 1] - astart[g]);
        pb_sat_result r = pb_sat_solve(s, NULL, NULL);
        int want = brute_sat(nvars, nclauses, start, lits, namo, astart, alits);
        CHECK(r == (want ? PB_SAT_SAT : PB_SAT_UNSAT));
        if (r == PB_SAT_SAT) CHECK(model_ok(s, nclauses, start, lits, namo, astart, alits));
        nsat += want;
        nunsat += !want;
        pb_sat_free(s);
    }
    /* Both answers must be exercised. */
    CHECK(nsat > 50);
    CHECK(nunsat > 50);
}

/* All models of a random formula by blocking clauses: the count equals brute force. */
static void test_enumerate(void)
{
    pb_rng rng;
    pb_rng_seed(&rng, 7);
    for (int t = 0; t < 100; t++) {
        int nvars = 4 + (int)pb_rng_below(&rng, 8);
        int nclauses = nvars * 2;
        int lits[128];
        for (int i = 0; i < 3 * nclauses; i++) {
            int v = 1 + (int)pb_rng_below(&rng, (uint32_t)nvars);
            lits[i] = pb_rng_below(&rng, 2) ? v : -v;
        }
        int want = 0;
        for (uint32_t a = 0; a < (1u << nvars); a++) {
            int ok = 1;
            for (int c = 0; c < nclauses && ok; c++) {
                int sat = 0;
                for (int k = 0; k < 3; k++) {
                    int l = lits[3 * c + k];
                    if (((a >> (abs(l) - 1)) & 1) == (l > 0)) sat = 1;
                }
                ok = sat;
            }
            want += ok;
        }
        pb_sat *s = pb_sat_new(nvars, 1);
        for (int c = 0; c < nclauses; c++) pb_sat_add_clause(s, lits + 3 * c, 3);
        int got = 0;
        while (pb_sat_solve(s, NULL, NULL) == PB_SAT_SAT && got <= want) {
            got++;
            int block[16];
            for (int v = 1; v <= nvars; v++) block[v - 1] = pb_sat_model(s, v) ? -v : v;
            pb_sat_add_clause(s, block, nvars);
        }
        CHECK_EQ_U64(got, want);
        pb_sat_free(s);
    }
}

/* A new solver holding pigeonhole PHP(p, n): p pigeons, n holes (variable i * n + h + 1:
 * pigeon i in hole h); each pigeon in some hole, at most one pigeon per hole (natively,
 * or pairwise). */
/* The search without reason-side bumping: the core's other defaults. */
static void plain_search(pb_sat *s)
{
    pb_sat_options o;
    pb_sat_default_options(&o);
    o.bump_reason = 0;
    pb_sat_set_options(s, &o);
}

static pb_sat *pigeonhole(int p, int n, int native)
{
    pb_sat *s = pb_sat_new(p * n, 3);
    int c[16];
    for (int i = 0; i < p; i++) {
        for (int h = 0; h < n; h++) c[h] = i * n + h + 1;
        pb_sat_add_clause(s, c, n);
    }
    for (int h = 0; h < n; h++) {
        if (native) {
            for (int i = 0; i < p; i++) c[i] = i * n + h + 1;
            pb_sat_add_amo(s, c, p);
        } else {
            for (int i = 0; i < p; i++)
                for (int j = i + 1; j < p; j++) {
                    int b[2] = {-(i * n + h + 1), -(j * n + h + 1)};
                    pb_sat_add_clause(s, b, 2);
                }
        }
    }
    return s;
}

/* Pigeonhole PHP(n+1, n): n + 1 pigeons, n holes; each pigeon in some hole, at most
 * one pigeon per hole (natively, or pairwise). UNSAT; PHP(n, n) is SAT. */
static void test_pigeonhole(void)
{
    for (int native = 0; native <= 1; native++)
        for (int n = 2; n <= 6; n++)
            for (int extra = 0; extra <= 1; extra++) {
                int p = n + extra;
                pb_sat *s = pigeonhole(p, n, native);
                pb_sat_result r = pb_sat_solve(s, NULL, NULL);
                CHECK(r == (extra ? PB_SAT_UNSAT : PB_SAT_SAT));
                if (r == PB_SAT_SAT) {
                    for (int h = 0; h < n; h++) {
                        int t = 0;
                        for (int i = 0; i < p; i++) t += pb_sat_model(s, i * n + h + 1);
                        CHECK(t == 1);
                    }
                }
                pb_sat_free(s);
            }
}

/* At-most-one lists: exactly-one over k variables has k models; a true unit in a
 * list added later forces the rest false; two true units in one list: UNSAT. */
static void test_amo(void)
{
    for (int k = 1; k <= 12; k++) {
        pb_sat *s = pb_sat_new(k, 5);
        int c[12];
        for (int i = 0; i < k; i++) c[i] = i + 1;
        pb_sat_add_clause(s, c, k);
        pb_sat_add_amo(s, c, k);
        int got = 0;
        while (pb_sat_solve(s, NULL, NULL) == PB_SAT_SAT && got <= k) {
            got++;
            int t = 0;
            for (int i = 0; i < k; i++) t += pb_sat_model(s, i + 1);
            CHECK(t == 1);
            int b[12];
            for (int i = 0; i < k; i++) b[i] = pb_sat_model(s, i + 1) ? -(i + 1) : i + 1;
            pb_sat_add_clause(s, b, k);
        }
        CHECK_EQ_U64(got, k);
        pb_sat_free(s);
    }
    pb_sat *s = pb_sat_new(4, 0);
    int u = 2;
    pb_sat_add_clause(s, &u, 1);
    int a[4] = {1, 2, 3, 4};
    pb_sat_add_amo(s, a, 4);
    CHECK(pb_sat_solve(s, NULL, NULL) == PB_SAT_SAT);
    CHECK(pb_sat_model(s, 2) && !pb_sat_model(s, 1) && !pb_sat_model(s, 3) && !pb_sat_model(s, 4));
    u = 3;
    pb_sat_add_clause(s, &u, 1);
    CHECK(pb_sat_solve(s, NULL, NULL) == PB_SAT_UNSAT);
    pb_sat_free(s);
}

/* A step limit stops a hard pigeonhole with PB_LIMIT, near the limit. */
static void test_core_limit(void)
{
    int n = 9;
    pb_sat *s = pigeonhole(n + 1, n, 1);
    pb_limits lims = {0};
    lims.max_steps = 5000;
    pb_limiter lim;
    pb_limiter_init(&lim, &lims, 0);
    pb_status st = PB_DONE;
    CHECK(pb_sat_solve(s, &lim, &st) == PB_SAT_UNKNOWN);
    CHECK(st == PB_LIMIT);
    const pb_sat_stats *ss = pb_sat_get_stats(s);
    CHECK_EQ_U64(ss->propagations + ss->conflicts, 5000);
    pb_sat_free(s);
}

/* PHP(p, n) (n < 16) loaded (clauses, then lists) under a work limiter `lim`: the
 * status of each call in order into got (up to the first that is not PB_DONE), and
 * how many. */
static int load_php(pb_sat *s, int p, int n, pb_limiter *lim, pb_status *got)
{
    int c[16], k = 0;
    if ((got[k++] = pb_sat_load_begin(s, 0, 0, lim, 0)) != PB_DONE) return k;
    for (int i = 0; i < p; i++) {
        for (int h = 0; h < n; h++) c[h] = i * n + h + 1;
        if ((got[k++] = pb_sat_load_clause(s, c, n)) != PB_DONE) return k;
    }
    for (int h = 0; h < n; h++) {
        for (int i = 0; i < p; i++) c[i] = i * n + h + 1;
        if ((got[k++] = pb_sat_load_amo(s, c, p)) != PB_DONE) return k;
    }
    got[k++] = pb_sat_load_end(s);
    return k;
}

/* Loading polls its limiter by work done, a unit per variable made ready and per
 * literal: with a limit of K units, the call whose work reaches K stops with
 * PB_LIMIT, and past all of them pb_sat_load_end, which has work of its own (the
 * watch and occurrence lists). A deadline already passed stops the first call.
 * Without a limit the loaded solver is the one built clause by clause. */
static void test_load_limit(void)
{
    /* The calls: begin (30 variables), 6 clauses of 5 literals, 5 lists of 6, end. */
    const int calls = 13, work = 30 + 6 * 5 + 5 * 6;
    pb_status got[16];
    for (uint64_t k = 1; k <= (uint64_t)work + 1; k++) {
        pb_limits lims = {0};
        lims.max_steps = k;
        pb_limiter lim;
        pb_limiter_init(&lim, &lims, 0);
        pb_sat *s = pb_sat_new(30, 3);
        int n = load_php(s, 6, 5, &lim, got);
        /* The call that reaches k, by its place: begin (0) brings the work to 30,
         * clause i (1 + i) to 30 + 5 (i + 1), list j (7 + j) to 60 + 6 (j + 1); end
         * is 12. */
        int want = k <= 30   ? 0
                   : k <= 60 ? (int)((k - 26) / 5)
                   : k <= 90 ? 6 + (int)((k - 55) / 6)
                             : 12;
        CHECK_EQ_U64((uint64_t)n, (uint64_t)want + 1);
        CHECK(got[n - 1] == PB_LIMIT);
        for (int i = 0; i < n - 1; i++) CHECK(got[i] == PB_DONE);
        pb_sat_free(s);
    }
    pb_limits past = {0};
    past.max_seconds = 1e-9;
    pb_limiter lim;
    pb_limiter_init(&lim, &past, 0);
    pb_sat *s = pb_sat_new(30, 3);
    CHECK_EQ_U64((uint64_t)load_php(s, 6, 5, &lim, got), 1);
    CHECK(got[0] == PB_LIMIT);
    pb_sat_free(s);
    s = pb_sat_new(30, 3);
    CHECK_EQ_U64((uint64_t)load_php(s, 6, 5, NULL, got), (uint64_t)calls);
    for (int i = 0; i < calls; i++) CHECK(got[i] == PB_DONE);
    CHECK(pb_sat_solve(s, NULL, NULL) == PB_SAT_UNSAT);
    pb_sat *t = pigeonhole(6, 5, 1);
    CHECK(pb_sat_solve(t, NULL, NULL) == PB_SAT_UNSAT);
    CHECK_EQ_U64(pb_sat_get_stats(s)->conflicts, pb_sat_get_stats(t)->conflicts);
    CHECK_EQ_U64(pb_sat_get_stats(s)->propagations, pb_sat_get_stats(t)->propagations);
    pb_sat_free(s);
    pb_sat_free(t);
}

/* The search's work that steps do not count (restarts, learnt-clause reductions,
 * analysis, the decision heap) polls the loading's limiter too, by its units
 * (stats.work), not seconds: with a limit of K units, PHP(8, 7) stops with PB_LIMIT
 * within one loop's work past K, or the sort of the learnt clauses (a reduction's one
 * piece not polled by the clause). One loop's work is a few passes over the trail
 * (V = 56 entries) and the reasons of its literals (at most V literals each): at most
 * 2 V^2 + 5 V units. A reduction's moves and watches are polled clause by clause: on
 * this run each reduction is many times that bound, and the limits below fall inside
 * reductions as well as between them. The search runs without reason-side bumping
 * (plain_search), which solves PHP(8, 7) before its first reduction. */
static void test_search_work_limit(void)
{
    const int p = 8, n = 7, v = p * n;
    const uint64_t loop = 2 * (uint64_t)v * v + 5 * (uint64_t)v;
    pb_status got[32];
    pb_sat *s = pb_sat_new(v, 3);
    plain_search(s);
    load_php(s, p, n, NULL, got);
    const uint64_t loaded = pb_sat_get_stats(s)->work;
    CHECK(pb_sat_solve(s, NULL, NULL) == PB_SAT_UNSAT);
    const pb_sat_stats whole = *pb_sat_get_stats(s);
    CHECK(whole.deleted > 0 && whole.work > loaded + 50 * loop);
    pb_sat_free(s);
    uint64_t most = 0;
    for (uint64_t i = 1; i < 400; i++) {
        pb_limits lims = {0};
        lims.max_steps = loaded + (whole.work - loaded) * i / 400 + i % 7;
        pb_limiter lim;
        pb_limiter_init(&lim, &lims, 0);
        s = pb_sat_new(v, 3);
        plain_search(s);
        CHECK(load_php(s, p, n, &lim, got) == 2 + p + n && got[1 + p + n] == PB_DONE);
        pb_status st = PB_DONE;
        CHECK(pb_sat_solve(s, NULL, &st) == PB_SAT_UNKNOWN);
        CHECK(st == PB_LIMIT);
        const pb_sat_stats *ss = pb_sat_get_stats(s);
        CHECK(ss->work >= lims.max_steps);
        uint64_t past = ss->work - lims.max_steps, sorted = ss->learnts - ss->deleted;
        CHECK(past <= loop + sorted);
        if (past > most) most = past;
        pb_sat_free(s);
    }
    if (getenv("LEARN_VERBOSE"))
        fprintf(stderr, "work %llu, most past %llu\n", (unsigned long long)whole.work,
                (unsigned long long)most);
}

/* ---- the engine over the model ---- */

/* Every solution through the core directly (encode, solve, check, block): the count,
 * each solution checked with pb_model_check and against repeats of the one before. */
static uint64_t core_count(const pb_model *m, int *bad)
{
    pb_cnf *f = pb_cnf_encode(m, PB_CNF_NATIVE_AMO);
    pb_sat *s = pb_sat_new(f->nvars, 16);
    for (size_t i = 0; i < f->nclauses; i++)
        pb_sat_add_clause(s, f->lits + f->clause_start[i],
                          (int)(f->clause_start[i + 1] - f->clause_start[i]));
    for (size_t i = 0; i < f->namo; i++)
        pb_sat_add_amo(s, f->amo_lits + f->amo_start[i],
                       (int)(f->amo_start[i + 1] - f->amo_start[i]));
    unsigned char *truth = calloc((size_t)f->nvars + 1, 1);
    int *values = calloc((size_t)m->ncells + 1, sizeof *values);
    int *block = calloc((size_t)m->ncells + 1, sizeof *block);
    uint64_t n = 0;
    while (pb_sat_solve(s, NULL, NULL) == PB_SAT_SAT && n < 100000) {
        for (int v = 1; v <= f->nvars; v++) truth[v] = (unsigned char)pb_sat_model(s, v);
        if (pb_cnf_decode(f, truth, values) || !pb_model_check(m, values)) ++*bad;
        n++;
        for (int c = 0; c < m->ncells; c++) block[c] = -pb_cnf_var(f, c, values[c]);
        pb_sat_add_clause(s, block, m->ncells);
    }
    free(truth);
    free(values);
    free(block);
    pb_sat_free(s);
    pb_cnf_free(f);
    return n;
}

static pb_result run_engine(const pb_engine *e, const pb_model *m, pb_mode mode,
                            uint64_t max_solutions, uint64_t max_steps, int *first, int *last)
{
    pb_run how = {0};
    how.mode = mode;
    how.threads = 1;
    how.limits.max_solutions = max_solutions;
    how.limits.max_steps = max_steps;
    pb_result r = {.first = first, .last = last};
    pb_engine_run(e, m, &how, &r);
    return r;
}

/* The most solutions a random instance may have. */
#define MAX_ENUM 3000

static int counts_checked, counts_zero, counts_one, counts_many;

/* m's count by each engine of learn's (count mode; first mode; count --limit 2), by
 * the core (every solution checked) and by brute force, all equal. */
static void check_counts(const pb_model *m)
{
    uint64_t want = oracle_count(m, UINT64_MAX);
    if (getenv("LEARN_VERBOSE")) fprintf(stderr, "count %llu\n", (unsigned long long)want);
    int bad = 0;
    CHECK_EQ_U64(core_count(m, &bad), want);
    CHECK(bad == 0);
    int *first = calloc((size_t)m->ncells + 1, sizeof *first);
    int *last = calloc((size_t)m->ncells + 1, sizeof *last);
    const pb_engine *const *learns = engines_sharing_run(learn_engine());
    CHECK(learns[0] == learn_engine() && learns[1] != NULL); /* learn-alldiff too */
    for (const pb_engine *const *e = learns; *e; e++) {
        pb_result r = run_engine(*e, m, PB_MODE_COUNT, 0, 0, first, last);
        CHECK(r.status == PB_DONE);
        CHECK_EQ_U64((uint64_t)r.stats.solutions, want);
        CHECK_EQ_U64(r.stats.steps, r.stats.placements + r.stats.backtracks);
        if (want) CHECK(pb_model_check(m, first) && pb_model_check(m, last));
        if (want > 1) CHECK(memcmp(first, last, (size_t)m->ncells * sizeof *first) != 0);
        r = run_engine(*e, m, PB_MODE_FIRST, 0, 0, first, NULL);
        CHECK(r.status == PB_DONE);
        CHECK_EQ_U64((uint64_t)r.stats.solutions, want ? 1 : 0);
        if (want) CHECK(pb_model_check(m, first));
        /* The uniqueness check: count --limit 2. */
        r = run_engine(*e, m, PB_MODE_COUNT, 2, 0, first, last);
        CHECK_EQ_U64((uint64_t)r.stats.solutions, want < 2 ? want : 2);
        CHECK(r.status == (want >= 2 ? PB_LIMIT : PB_DONE));
        if (want >= 2) CHECK(memcmp(first, last, (size_t)m->ncells * sizeof *first) != 0);
    }
    free(first);
    free(last);
    counts_checked++;
    counts_zero += want == 0;
    counts_one += want == 1;
    counts_many += want > 1;
}

/* A copy of shape whose domains are dom: holes punched into a random solution (the
 * givens kept as one-value domains), now and then a hole's domain cut to a random
 * subset (learn's narrowing then finds hidden singles, or none of a value), and now
 * and then a given changed (most often no solution). */
static void random_view(pb_rng *rng, const pb_model *shape, pb_model *view, pb_mask *dom,
                        int holes_pct)
{
    *view = *shape;
    view->domain = dom;
    int n = shape->ncells;
    int *sol = calloc((size_t)n, sizeof *sol);
    for (int c = 0; c < n; c++) dom[c] = shape->domain[c];
    pb_result r = run_engine(learn_engine(), view, PB_MODE_FIRST, 0, 0, sol, NULL);
    CHECK(r.stats.solutions == 1);
    for (int c = 0; c < n; c++)
        if ((int)pb_rng_below(rng, 100) >= holes_pct) dom[c] = PB_BIT(sol[c]);
    if (pb_rng_below(rng, 3) == 0) {
        int c = (int)pb_rng_below(rng, (uint32_t)n);
        pb_mask cut = dom[c] & (pb_mask)pb_rng_next(rng);
        if (cut) dom[c] = cut;
    }
    if (pb_rng_below(rng, 4) == 0) {
        int c = (int)pb_rng_below(rng, (uint32_t)n);
        dom[c] = PB_BIT(1 + (int)pb_rng_below(rng, (uint32_t)shape->nvalues));
    }
    /* Keep counts small enough to enumerate one by one: give back givens until so. */
    while (oracle_count(view, MAX_ENUM + 1) > MAX_ENUM) {
        int c = (int)pb_rng_below(rng, (uint32_t)n);
        dom[c] = PB_BIT(sol[c]);
    }
    free(sol);
}

static void test_sudoku_latin(void)
{
    pb_model *sq = sudoku_model_new(2);
    CHECK_EQ_U64(oracle_count(sq, UINT64_MAX), 288);
    check_counts(sq);
    pb_model *l4 = latin_model_new(4);
    CHECK_EQ_U64(oracle_count(l4, UINT64_MAX), 576);
    check_counts(l4);
    pb_rng rng;
    pb_rng_seed(&rng, 1616);
    pb_mask dom[25];
    pb_model view;
    for (int t = 0; t < 40; t++) {
        random_view(&rng, sq, &view, dom, 40 + (int)pb_rng_below(&rng, 50));
        check_counts(&view);
    }
    for (int n = 3; n <= 5; n++) {
        pb_model *l = latin_model_new(n);
        for (int t = 0; t < 25; t++) {
            random_view(&rng, l, &view, dom, 40 + (int)pb_rng_below(&rng, 45));
            check_counts(&view);
        }
        pb_model_free(l);
    }
    pb_model_free(sq);
    pb_model_free(l4);
}

/* Kakuro-like blocks: a rows x cols block of cells, every row and column a sum
 * group (sums from a random fill, sometimes nudged), digits 1-9. */
static void test_kakuro_blocks(void)
{
    pb_rng rng;
    pb_rng_seed(&rng, 99);
    for (int t = 0; t < 40; t++) {
        int rows = 2 + (int)pb_rng_below(&rng, 2), cols = 2 + (int)pb_rng_below(&rng, 2);
        if (rows * cols > 6) cols = 2;
        int n = rows * cols, fill[9];
        pb_model *m = pb_model_new(n, 9);
        /* A random fill with distinct digits per row and column. */
        for (;;) {
            for (int c = 0; c < n; c++) fill[c] = 1 + (int)pb_rng_below(&rng, 9);
            int ok = 1;
            for (int a = 0; a < n; a++)
                for (int b = a + 1; b < n; b++)
                    if (fill[a] == fill[b] && (a / cols == b / cols || a % cols == b % cols))
                        ok = 0;
            if (ok) break;
        }
        int cells[3];
        for (int r = 0; r < rows; r++) {
            int sum = 0;
            for (int c = 0; c < cols; c++) sum += fill[cells[c] = r * cols + c];
            if (pb_rng_below(&rng, 6) == 0) sum += 1 + (int)pb_rng_below(&rng, 3);
            pb_model_add_sum_group(m, cells, cols, sum);
        }
        for (int c = 0; c < cols; c++) {
            int sum = 0;
            for (int r = 0; r < rows; r++) sum += fill[cells[r] = r * cols + c];
            pb_model_add_sum_group(m, cells, rows, sum);
        }
        CHECK(pb_model_finish(m) == 0);
        check_counts(m);
        pb_model_free(m);
    }
}

/* Notouch-like boards: a few all-different groups and min-difference pairs over a
 * small set of cells, values 1..k, random givens. */
static void test_notouch_boards(void)
{
    pb_rng rng;
    pb_rng_seed(&rng, 5);
    for (int t = 0; t < 60; t++) {
        int side = 3 + (int)pb_rng_below(&rng, 2), n = side * side;
        int k = side + (int)pb_rng_below(&rng, 3);
        pb_model *m = pb_model_new(n, k);
        m->min_diff = 2;
        int cells[4];
        for (int r = 0; r < side; r++) {
            for (int c = 0; c < side; c++) cells[c] = r * side + c;
            pb_model_add_group(m, cells, side);
        }
        /* Diagonal neighbours must differ by at least 2. */
        for (int r = 0; r + 1 < side; r++)
            for (int c = 0; c < side; c++) {
                if (c + 1 < side) pb_model_add_pair(m, r * side + c, (r + 1) * side + c + 1);
                if (c > 0) pb_model_add_pair(m, r * side + c, (r + 1) * side + c - 1);
            }
        int ngiven = (int)pb_rng_below(&rng, 4);
        for (int g = 0; g < ngiven; g++)
            m->domain[pb_rng_below(&rng, (uint32_t)n)] = PB_BIT(1 + (int)pb_rng_below(&rng, k));
        CHECK(pb_model_finish(m) == 0);
        while (oracle_count(m, MAX_ENUM + 1) > MAX_ENUM)
            m->domain[pb_rng_below(&rng, (uint32_t)n)] = PB_BIT(1 + (int)pb_rng_below(&rng, k));
        check_counts(m);
        pb_model_free(m);
    }
}

/* learn's narrowing before the encoding: a group of nvalues cells where a value has no
 * place is no solution at once (in the encoding alone it is a pigeonhole, out of
 * reach of resolution at this size); a cell left two values that only it holds is
 * no solution either, and narrowing still ends; a square that singles fill takes no
 * step. */
static void test_narrowing(void)
{
    pb_model *l = latin_model_new(12);
    pb_mask saved[144];
    memcpy(saved, l->domain, sizeof saved);
    for (int c = 0; c < 12; c++) l->domain[c] = PB_FULL(11); /* row 0 lacks 12 */
    pb_result r = run_engine(learn_engine(), l, PB_MODE_COUNT, 0, 1000000, NULL, NULL);
    CHECK(r.status == PB_DONE);
    CHECK_EQ_U64((uint64_t)r.stats.solutions, 0);
    CHECK_EQ_U64(r.stats.steps, 0);
    /* Every cell given but one per row, in different columns: singles fill it. */
    for (int c = 0; c < 144; c++)
        l->domain[c] = c / 12 == c % 12 ? saved[c] : PB_BIT(1 + (c / 12 + c % 12) % 12);
    int sol[144];
    r = run_engine(learn_engine(), l, PB_MODE_COUNT, 0, 0, sol, NULL);
    CHECK(r.status == PB_DONE);
    CHECK_EQ_U64((uint64_t)r.stats.solutions, 1);
    CHECK_EQ_U64(r.stats.steps, 0);
    CHECK(pb_model_check(l, sol) && sol[0] == 1 && sol[13] == 3);
    memcpy(l->domain, saved, sizeof saved);
    pb_model_free(l);

    pb_model *q = latin_model_new(4);
    q->domain[0] = PB_BIT(3) | PB_BIT(4); /* 3 and 4 only here in row 0 */
    for (int c = 1; c < 4; c++) q->domain[c] = PB_BIT(1) | PB_BIT(2);
    r = run_engine(learn_engine(), q, PB_MODE_COUNT, 0, 0, NULL, NULL);
    CHECK(r.status == PB_DONE);
    CHECK_EQ_U64((uint64_t)r.stats.solutions, 0);
    pb_model_free(q);
}

/* The limits count from the start of a run, and the work before the search polls
 * them: a deadline already passed, or the cancel flag already set, stops the run in
 * its setup, before the first step (an empty order-40 square, whose encoding is most
 * of the work of a short run). */
static void test_setup_limits(void)
{
    static volatile sig_atomic_t cancel = 1;
    pb_model *l = latin_model_new(40);
    for (int k = 0; k < 2; k++) {
        pb_run how = {0};
        how.mode = PB_MODE_FIRST;
        how.threads = 1;
        if (k)
            how.limits.cancel = &cancel;
        else
            how.limits.max_seconds = 1e-9;
        pb_result r;
        memset(&r, 0, sizeof r);
        CHECK(pb_engine_run(learn_engine(), l, &how, &r) == (k ? PB_INTERRUPTED : PB_LIMIT));
        CHECK_EQ_U64(r.stats.steps, 0);
        CHECK_EQ_U64((uint64_t)r.stats.solutions, 0);
    }
    pb_model_free(l);
}

/* The same run twice gives the same stats; a step limit stops with PB_LIMIT. */
static void test_repeat_and_limits(void)
{
    pb_model *l = latin_model_new(7);
    pb_result a = run_engine(learn_engine(), l, PB_MODE_COUNT, 500, 0, NULL, NULL);
    pb_result b = run_engine(learn_engine(), l, PB_MODE_COUNT, 500, 0, NULL, NULL);
    CHECK(a.status == PB_LIMIT && b.status == PB_LIMIT);
    CHECK_EQ_U64((uint64_t)a.stats.solutions, 500);
    CHECK_EQ_U64(a.stats.steps, b.stats.steps);
    CHECK_EQ_U64(a.stats.guesses, b.stats.guesses);
    CHECK_EQ_U64(a.stats.backtracks, b.stats.backtracks);
    CHECK_EQ_U64(a.stats.learnts, b.stats.learnts);
    CHECK_EQ_U64(a.stats.restarts, b.stats.restarts);
    CHECK(a.stats.guesses > 0 && a.stats.candidates == a.stats.guesses);
    pb_result c = run_engine(learn_engine(), l, PB_MODE_COUNT, 0, 1000, NULL, NULL);
    CHECK(c.status == PB_LIMIT);
    CHECK_EQ_U64(c.stats.steps, 1000);
    /* A refusal: no cell order, no trace. */
    pb_run how = {0};
    how.mode = PB_MODE_FIRST;
    how.threads = 1;
    how.order = pb_order_find("mrv");
    pb_result r;
    memset(&r, 0, sizeof r);
    if (how.order) {
        CHECK(pb_engine_run(learn_engine(), l, &how, &r) == PB_UNSUPPORTED);
        CHECK(r.refusal == PB_REFUSE_ORDER);
    }
    pb_model_free(l);
}

/* Long runs that pass through restarts and learnt-clause reductions (the arena
 * compacted, reasons and watches rebuilt): PHP(8, 7) stays UNSAT (searched without
 * reason-side bumping, which proves it before the first reduction), and random 3-SAT
 * below the threshold gives models that satisfy every clause. */
static void test_core_long(void)
{
    int n = 7;
    pb_sat *s = pigeonhole(n + 1, n, 1);
    plain_search(s);
    CHECK(pb_sat_solve(s, NULL, NULL) == PB_SAT_UNSAT);
    const pb_sat_stats *ss = pb_sat_get_stats(s);
    CHECK(ss->restarts > 0 && ss->deleted > 0);
    pb_sat_free(s);

    pb_rng rng;
    pb_rng_seed(&rng, 42);
    int reduced = 0;
    for (int t = 0; t < 6; t++) {
        int nvars = 200, nclauses = (int)(nvars * 4.2);
        int *lits = malloc(sizeof *lits * 3 * (size_t)nclauses);
        int *start = malloc(sizeof *start * ((size_t)nclauses + 1));
        start[0] = 0;
        for (int k = 0; k < nclauses; k++) {
            for (int j = 0; j < 3; j++) {
                int v = 1 + (int)pb_rng_below(&rng, (uint32_t)nvars);
                lits[3 * k + j] = pb_rng_below(&rng, 2) ? v : -v;
            }
            start[k + 1] = 3 * k + 3;
        }
        s = pb_sat_new(nvars, (uint64_t)t + 1);
        for (int k = 0; k < nclauses; k++) pb_sat_add_clause(s, lits + 3 * k, 3);
        pb_sat_result r = pb_sat_solve(s, NULL, NULL);
        CHECK(r == PB_SAT_SAT || r == PB_SAT_UNSAT);
        if (r == PB_SAT_SAT) CHECK(model_ok(s, nclauses, start, lits, 0, NULL, NULL));
        reduced += pb_sat_get_stats(s)->deleted > 0;
        pb_sat_free(s);
        free(lits);
        free(start);
    }
    CHECK(reduced > 0);
}

/* Each lever of pb_sat_options away from its default: PHP(8, 7) stays UNSAT through
 * the restarts (and the rephasing) they bring. */
static void test_core_levers(void)
{
    for (int k = 0; k < 3; k++) {
        pb_sat_options o;
        pb_sat_default_options(&o);
        if (k == 0) o.bump_reason = 0, o.rephase = 20, o.keep_glue = 0;
        if (k == 1) o.glue_restarts = 1, o.rephase = 1;
        if (k == 2) o.luby_unit = 1;
        pb_sat *s = pigeonhole(8, 7, 1);
        pb_sat_set_options(s, &o);
        CHECK(pb_sat_solve(s, NULL, NULL) == PB_SAT_UNSAT);
        CHECK(pb_sat_get_stats(s)->restarts > 0);
        pb_sat_free(s);
    }
}

int main(int argc, char **argv)
{
    const char *only = argc > 1 ? argv[1] : "";
    if (!*only || !strcmp(only, "core")) {
        test_random_3sat();
        test_enumerate();
        test_pigeonhole();
        test_amo();
        test_core_limit();
        test_load_limit();
        test_search_work_limit();
        test_core_long();
        test_core_levers();
    }
    if (!*only || !strcmp(only, "model")) {
        test_sudoku_latin();
        test_kakuro_blocks();
        test_notouch_boards();
        test_repeat_and_limits();
        test_setup_limits();
        test_narrowing();
        printf("model counts: %d instances (%d none, %d one, %d many)\n", counts_checked,
               counts_zero, counts_one, counts_many);
        CHECK(counts_zero > 5 && counts_one > 5 && counts_many > 5);
    }
    return check_report("test_learn");
}
