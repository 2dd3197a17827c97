/* test_cnf.c — the direct encoding (engines/cnf): the number of models of the clauses,
 * counted by a small DPLL counter written here, equals the model's number of
 * solutions, counted by the oracles' backtracking brute force, on the empty 4x4
 * sudoku (288), one with a given (72), the order-4 Latin squares (576), notouch
 * boards, kakuro blocks and an unsatisfiable sum; every model decodes to a solution
 * that pb_model_check accepts; pairwise and native at-most-one give the same counts
 * and the native one holds the same constraints; a sink hears of the numbering's
 * work and can stop it. */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "cnf/cnf.h"
#include "latin/latin.h"
#include "notouch/board.h"
#include "oracles.h"
#include "sudoku/sudoku.h"

/* ---- the clauses' models, by DPLL with unit propagation (no learning) ---- */

typedef struct counter {
    const pb_cnf *f;
    const pb_model *m;
    signed char *val; /* [nvars + 1]: 1 true, -1 false, 0 unset */
    int *values;
    long models, bad; /* bad: models whose decoded cells break the rules */
} counter;

static int lit_val(const counter *k, int lit)
{
    int v = k->val[abs(lit)];
    return lit > 0 ? v : -v;
}

/* Propagates to a fixed point: 0, or -1 on a conflict. Assigned variables are pushed
 * on trail. */
static int propagate(counter *k, int *trail, int *ntrail)
{
    const pb_cnf *f = k->f;
    for (int changed = 1; changed;) {
        changed = 0;
        for (size_t i = 0; i < f->nclauses; i++) {
            int unset = 0, last = 0, sat = 0;
            for (size_t j = f->clause_start[i]; j < f->clause_start[i + 1] && !sat; j++) {
                int lv = lit_val(k, f->lits[j]);
                if (lv > 0)
                    sat = 1;
                else if (lv == 0)
                    unset++, last = f->lits[j];
            }
            if (sat) continue;
            if (!unset) return -1;
            if (unset == 1) {
                k->val[abs(last)] = last > 0 ? 1 : -1;
                trail[(*ntrail)++] = abs(last);
                changed = 1;
            }
        }
        for (size_t i = 0; i < f->namo; i++) {
            int ntrue = 0;
            for (size_t j = f->amo_start[i]; j < f->amo_start[i + 1]; j++)
                ntrue += lit_val(k, f->amo_lits[j]) > 0;
            if (ntrue > 1) return -1;
            if (!ntrue) continue;
            for (size_t j = f->amo_start[i]; j < f->amo_start[i + 1]; j++) {
                int x = f->amo_lits[j];
                if (lit_val(k, x) == 0) {
                    k->val[x] = -1;
                    trail[(*ntrail)++] = x;
                    changed = 1;
                }
            }
        }
    }
    return 0;
}

static void dpll(counter *k)
{
    int *trail = malloc(((size_t)k->f->nvars + 1) * sizeof *trail), ntrail = 0;
    if (propagate(k, trail, &ntrail) == 0) {
        int x = 1;
        while (x <= k->f->nvars && k->val[x]) x++;
        if (x > k->f->nvars) {
            unsigned char *truth = malloc((size_t)k->f->nvars + 1);
            for (int y = 1; y <= k->f->nvars; y++) truth[y] = k->val[y] > 0;
            k->models++;
            if (pb_cnf_decode(k->f, truth, k->values) || !pb_model_check(k->m, k->values)) k->bad++;
            free(truth);
        } else {
            for (int s = 1; s >= -1; s -= 2) {
                k->val[x] = (signed char)s;
                dpll(k);
                k->val[x] = 0;
            }
        }
    }
    while (ntrail) k->val[trail[--ntrail]] = 0;
    free(trail);
}

/* The encoding's models under flags; every one must decode to a solution. */
static long cnf_models(const pb_model *m, int flags)
{
    pb_cnf *f = pb_cnf_encode(m, flags);
    CHECK(f != NULL);
    if (!f) return -1;
    counter k = {.f = f, .m = m};
    k.val = calloc((size_t)f->nvars + 1, 1);
    k.values = malloc((size_t)m->ncells * sizeof *k.values);
    dpll(&k);
    CHECK_EQ_U64((uint64_t)k.bad, 0);
    CHECK((flags & PB_CNF_NATIVE_AMO) || f->namo == 0);
    /* Without the fixed cells: no variable of theirs, and their values decoded. */
    for (int c = 0; c < m->ncells; c++)
        if ((flags & PB_CNF_OMIT_FIXED) && __builtin_popcountll(m->domain[c]) == 1) {
            CHECK(f->fixed_value[c] == __builtin_ctzll(m->domain[c]) + 1);
            for (int v = 1; v <= m->nvalues; v++) CHECK(pb_cnf_var(f, c, v) == 0);
        }
    free(k.val);
    free(k.values);
    pb_cnf_free(f);
    return k.models;
}

/* The encodings (pairwise, native, native without the fixed cells) against brute
 * force, and against `want` when it is not -1. */
static void check_counts(const char *name, const pb_model *m, long want)
{
    long sols = (long)oracle_count(m, UINT64_MAX);
    long pair = cnf_models(m, PB_CNF_PAIRWISE), native = cnf_models(m, PB_CNF_NATIVE_AMO);
    long omit = cnf_models(m, PB_CNF_NATIVE_AMO | PB_CNF_OMIT_FIXED);
    printf("%-32s solutions %ld, models pairwise %ld, native %ld, fixed omitted %ld\n", name, sols,
           pair, native, omit);
    if (want >= 0) CHECK_EQ_U64((uint64_t)sols, (uint64_t)want);
    CHECK_EQ_U64((uint64_t)pair, (uint64_t)sols);
    CHECK_EQ_U64((uint64_t)native, (uint64_t)sols);
    CHECK_EQ_U64((uint64_t)omit, (uint64_t)sols);
}

/* The variables and the decoder on a model with a given. */
static void check_vars(void)
{
    pb_model *m = sudoku_model_new(2);
    m->domain[5] = PB_BIT(3);
    pb_cnf *f = pb_cnf_encode(m, PB_CNF_PAIRWISE);
    CHECK_EQ_U64((uint64_t)f->nvars, 15 * 4 + 1);
    CHECK_EQ_U64((uint64_t)f->ncell_vars, (uint64_t)f->nvars);
    CHECK(pb_cnf_var(f, 5, 1) == 0 && pb_cnf_var(f, 5, 3) != 0 && pb_cnf_var(f, 5, 4) == 0);
    CHECK(pb_cnf_var(f, 0, 1) == 1 && pb_cnf_var(f, 0, 4) == 4 && pb_cnf_var(f, 6, 1) == 22);
    int x = pb_cnf_var(f, 5, 3);
    CHECK(f->var_cell[x] == 5 && f->var_value[x] == 3);
    /* the given's at-least-one clause is the unit [x] */
    int unit = 0;
    for (size_t i = 0; i < f->nclauses; i++)
        if (f->clause_start[i + 1] - f->clause_start[i] == 1 && f->lits[f->clause_start[i]] == x)
            unit = 1;
    CHECK(unit);
    unsigned char *truth = calloc((size_t)f->nvars + 1, 1);
    int values[16];
    CHECK(pb_cnf_decode(f, truth, values) == -1 && values[0] == 0);
    for (int c = 0; c < 16; c++) truth[pb_cnf_var(f, c, c == 5 ? 3 : 1)] = 1;
    CHECK(pb_cnf_decode(f, truth, values) == 0 && values[5] == 3 && values[0] == 1);
    truth[pb_cnf_var(f, 0, 2)] = 1;
    CHECK(pb_cnf_decode(f, truth, values) == -1 && values[0] == -1);
    free(truth);
    pb_cnf_free(f);
    pb_model_free(m);
}

/* A rows x cols block of kakuro cells, each row and column a run with the sums given. */
static pb_model *kakuro_block(int rows, int cols, const int *rsum, const int *csum)
{
    pb_model *m = pb_model_new(rows * cols, 9);
    int cells[16];
    for (int r = 0; r < rows; r++) {
        for (int c = 0; c < cols; c++) cells[c] = r * cols + c;
        pb_model_add_sum_group(m, cells, cols, rsum[r]);
    }
    for (int c = 0; c < cols; c++) {
        for (int r = 0; r < rows; r++) cells[r] = r * cols + c;
        pb_model_add_sum_group(m, cells, rows, csum[c]);
    }
    pb_model_finish(m);
    return m;
}

static void check_kakuro(void)
{
    const int r1[2] = {12, 13}, c1[3] = {8, 9, 8};
    pb_model *m = kakuro_block(2, 3, r1, c1);
    check_counts("kakuro 2x3", m, -1);
    /* selectors: one per admissible set of each run, after the cell variables */
    pb_cnf *f = pb_cnf_encode(m, PB_CNF_PAIRWISE);
    CHECK_EQ_U64((uint64_t)f->ncell_vars, 6 * 9);
    CHECK_EQ_U64((uint64_t)(f->nvars - f->ncell_vars), (uint64_t)m->sum_set_start[m->ngroups]);
    CHECK(f->var_cell[f->ncell_vars + 1] == -1 && f->var_value[f->ncell_vars + 1] == 0);
    CHECK(f->var_value[f->nvars] == m->ngroups - 1);
    pb_cnf_free(f);
    int sol[6];
    CHECK(oracle_first(m, sol));
    m->domain[0] = PB_BIT(sol[0]); /* a given */
    check_counts("kakuro 2x3, a given", m, -1);
    m->domain[1] = PB_BIT(9); /* with the first row's 12: in no set of that row */
    check_counts("kakuro 2x3, a given off the sets", m, 0);
    m->domain[1] = PB_BIT(sol[1]);
    m->domain[2] = PB_BIT(sol[2]);
    check_counts("kakuro 2x3, a row given", m, -1);
    pb_model_free(m);

    const int r2[3] = {6, 24, 7}, c2[3] = {10, 14, 13};
    m = kakuro_block(3, 3, r2, c2);
    check_counts("kakuro 3x3", m, -1);
    pb_model_free(m);

    const int r3[1] = {18}, c3[2] = {9, 9};
    m = kakuro_block(1, 2, r3, c3); /* two cells adding up to 18: no value set */
    check_counts("kakuro, no value set", m, 0);
    pb_model_free(m);
}

static void check_notouch(void)
{
    notouch_board b;
    pb_error err;
    const struct {
        const char *board;
        int diff;
        notouch_adj adj;
    } cases[] = {{"cross8", 2, NOTOUCH_KING},
                 {"2x3", 2, NOTOUCH_KING},
                 {"3x3", 2, NOTOUCH_ORTH},
                 {"2x4", 3, NOTOUCH_ORTH}};
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        CHECK(notouch_board_named(cases[i].board, &b, &err) == 0);
        pb_model *m = notouch_model(&b, cases[i].diff, cases[i].adj);
        char name[64];
        snprintf(name, sizeof name, "notouch %s d%d %s", cases[i].board, cases[i].diff,
                 cases[i].adj == NOTOUCH_KING ? "king" : "orth");
        check_counts(name, m, -1);
        /* Fixed ends of a pair, taken from a solution: one end (its neighbour's near
         * values become units), then both, then the second too near the first. */
        int a = m->pairs[0][0], c = m->pairs[0][1], sol[64];
        if (oracle_first(m, sol)) {
            m->domain[a] = PB_BIT(sol[a]);
            check_counts("  one end of a pair given", m, -1);
            m->domain[c] = PB_BIT(sol[c]);
            check_counts("  both ends", m, -1);
            m->domain[c] = PB_BIT(sol[a]);
            check_counts("  both ends, too near", m, 0);
        }
        pb_model_free(m);
    }
}

/* A sink that counts what comes and stops when its work reaches `stop_at` (0: never). */
typedef struct counting_sink {
    size_t units, stop_at;
    int begun, clauses, amos;
} counting_sink;

static int cs_begin(void *ctx, const pb_cnf *f)
{
    (void)f;
    ((counting_sink *)ctx)->begun++;
    return 0;
}

static int cs_clause(void *ctx, const int *lits, int n)
{
    (void)lits, (void)n;
    ((counting_sink *)ctx)->clauses++;
    return 0;
}

static int cs_amo(void *ctx, const int *lits, int n)
{
    (void)lits, (void)n;
    ((counting_sink *)ctx)->amos++;
    return 0;
}

static int cs_work(void *ctx, size_t n)
{
    counting_sink *c = ctx;
    c->units += n;
    return c->stop_at && c->units >= c->stop_at;
}

/* The sink hears of the numbering's work, a unit per cell value in each of its two
 * passes, before begin; a work hook that says stop ends the encoding there, with no
 * begin and no clause. With a sink, the clauses and lists are those pb_cnf_encode
 * stores. */
static void check_sink(void)
{
    pb_model *m = latin_model_new(5);
    pb_cnf *whole = pb_cnf_encode(m, PB_CNF_NATIVE_AMO);
    counting_sink c = {0};
    pb_cnf_sink sink = {&c, cs_begin, cs_clause, cs_amo, cs_work};
    pb_cnf *f = pb_cnf_encode_into(m, PB_CNF_NATIVE_AMO, &sink);
    CHECK(f != NULL && whole != NULL);
    CHECK_EQ_U64(c.units, 2 * 125);
    CHECK(c.begun == 1);
    CHECK_EQ_U64((uint64_t)c.clauses, whole->nclauses);
    CHECK_EQ_U64((uint64_t)c.amos, whole->namo);
    pb_cnf_free(f);
    for (size_t stop = 1; stop <= 2 * 125; stop += 49) {
        counting_sink d = {0};
        d.stop_at = stop;
        sink.ctx = &d;
        CHECK(pb_cnf_encode_into(m, PB_CNF_NATIVE_AMO, &sink) == NULL);
        CHECK(d.begun == 0 && d.clauses == 0 && d.amos == 0);
        CHECK_EQ_U64(d.units, (stop + 4) / 5 * 5); /* a cell's 5 values at a time */
    }
    pb_cnf_free(whole);
    pb_model_free(m);
}

int main(void)
{
    check_vars();
    pb_model *m = sudoku_model_new(2);
    check_counts("sudoku 4x4 empty", m, 288);
    m->domain[5] = PB_BIT(3);
    check_counts("sudoku 4x4, one given", m, 72);
    m->domain[6] = PB_BIT(3); /* the same value twice in a row */
    check_counts("sudoku 4x4, clashing givens", m, 0);
    pb_model_free(m);
    m = latin_model_new(4);
    check_counts("latin 4 empty", m, 576);
    pb_model_free(m);
    check_notouch();
    check_kakuro();
    check_sink();
    return check_report("cnf");
}
