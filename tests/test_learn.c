/* test_learn.c — the `learn` engine: its CDCL core against brute force (random 3-SAT,
 * pigeonhole, at-most-one lists), then the engine over the shared model: solution
 * counts against a brute-force count on small random sudoku, latin, kakuro and
 * notouch instances, every solution checked with pb_model_check, reproducible stats,
 * and limits. */
#include "check.h"

#include <stdlib.h>
#include <string.h>

#include "core/engine.h"
#include "core/limiter.h"
#include "core/rng.h"
#include "learn/sat.h"

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

/* Pigeonhole PHP(n+1, n): n + 1 pigeons, n holes; each pigeon in some hole, at most
 * one pigeon per hole (natively, or pairwise). UNSAT; PHP(n, n) is SAT. */
static void test_pigeonhole(void)
{
    for (int native = 0; native <= 1; native++)
        for (int n = 2; n <= 6; n++)
            for (int extra = 0; extra <= 1; extra++) {
                int p = n + extra;
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
    pb_sat *s = pb_sat_new((n + 1) * n, 3);
    int c[16];
    for (int i = 0; i <= n; i++) {
        for (int h = 0; h < n; h++) c[h] = i * n + h + 1;
        pb_sat_add_clause(s, c, n);
    }
    for (int h = 0; h < n; h++) {
        for (int i = 0; i <= n; i++) c[i] = i * n + h + 1;
        pb_sat_add_amo(s, c, n + 1);
    }
    pb_limits lims = {0};
    lims.max_steps = 5000;
    pb_limiter lim;
    pb_limiter_init(&lim, &lims, 0);
    pb_status st = PB_DONE;
    CHECK(pb_sat_solve(s, &lim, &st) == PB_SAT_UNKNOWN);
    CHECK(st == PB_LIMIT);
    const pb_sat_stats *ss = pb_sat_get_stats(s);
    CHECK(ss->propagations + ss->conflicts >= 5000);
    CHECK(ss->propagations + ss->conflicts < 5000 + 200);
    pb_sat_free(s);
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
    }
    return check_report("test_learn");
}
