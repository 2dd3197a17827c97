/* learn.c — the `learn` engine: conflict-driven clause learning (sat.c) over the
 * direct encoding of the shared model (cnf.h, with native at-most-one lists).
 *
 * First mode decodes the first model. Count mode adds, after each model, the clause
 * that forbids its cell values (the negation of its true "cell = value" literals;
 * the selectors of sum groups follow from the cells, so blocking the cells blocks
 * the model) and solves again, keeping what was learnt, until the formula is
 * unsatisfiable or the solution cap is reached: `count --limit 2`, the generators'
 * uniqueness check, is two solves at most.
 *
 * Kakuro's run sums come in through the encoding's selectors (one per admissible
 * value set, exactly one true, each keeping the run's cells in its set): the sets
 * of a run of 1-9 are few, and clauses over them propagate as a sum propagator's
 * set reasoning would, without an explanation procedure of our own.
 *
 * Stats: decisions are guesses (and candidates), propagated literals placements,
 * conflicts backtracks, so steps = propagations + conflicts; learnt clauses made and
 * restarts have columns of their own. One thread, and a fixed seed: a run's steps
 * depend on the instance alone. */
#include <stdlib.h>
#include <string.h>

#include "../cnf/cnf.h"
#include "../core/engine.h"
#include "../core/limiter.h"
#include "sat.h"

/* The seed of the initial activity perturbation: fixed, so runs repeat exactly. */
#define LEARN_SEED 16

static void copy_stats(pb_stats *st, const pb_sat *s, pb_count solutions)
{
    const pb_sat_stats *ss = pb_sat_get_stats(s);
    st->placements = ss->propagations;
    st->backtracks = ss->conflicts;
    st->steps = st->placements + st->backtracks;
    st->guesses = ss->decisions;
    st->candidates = ss->decisions;
    st->learnts = ss->learnts;
    st->restarts = ss->restarts;
    st->solutions = solutions;
}

static int load(pb_sat *s, const pb_cnf *f)
{
    for (size_t i = 0; i < f->nclauses; i++) {
        size_t a = f->clause_start[i], b = f->clause_start[i + 1];
        if (pb_sat_add_clause(s, f->lits + a, (int)(b - a))) return -1;
    }
    for (size_t i = 0; i < f->namo; i++) {
        size_t a = f->amo_start[i], b = f->amo_start[i + 1];
        if (pb_sat_add_amo(s, f->amo_lits + a, (int)(b - a))) return -1;
    }
    return 0;
}

static pb_status learn_run(const pb_model *m, int config, const pb_run *how, pb_result *out)
{
    (void)config;
    const int n = m->ncells;
    pb_status status = PB_DONE;
    pb_count count = 0;
    pb_cnf *f = pb_cnf_encode(m, PB_CNF_NATIVE_AMO);
    pb_sat *s = f ? pb_sat_new(f->nvars, LEARN_SEED) : NULL;
    unsigned char *truth = f ? calloc((size_t)f->nvars + 1, 1) : NULL;
    int *values = malloc(((size_t)n + 1) * sizeof *values);
    int *block = malloc(((size_t)n + 1) * sizeof *block);
    if (!f || !s || !truth || !values || !block || load(s, f)) {
        status = PB_NOMEM;
        goto out;
    }
    pb_limiter lim;
    pb_limiter_init(&lim, &how->limits, 0);
    for (;;) {
        pb_status stop = PB_DONE;
        pb_sat_result r = pb_sat_solve(s, &lim, &stop);
        if (r == PB_SAT_UNKNOWN) {
            status = stop;
            break;
        }
        if (r == PB_SAT_UNSAT) break;
        for (int v = 1; v <= f->nvars; v++) truth[v] = (unsigned char)pb_sat_model(s, v);
        if (pb_cnf_decode(f, truth, values)) { /* cannot happen: the encoding's own model */
            status = PB_NOMEM;
            break;
        }
        count++;
        if (count == 1 && out->first) memcpy(out->first, values, (size_t)n * sizeof *values);
        if (out->last) memcpy(out->last, values, (size_t)n * sizeof *values);
        if (pb_solution_stops(how, count, &status)) break;
        for (int c = 0; c < n; c++) block[c] = -pb_cnf_var(f, c, values[c]);
        if (pb_sat_add_clause(s, block, n)) {
            status = PB_NOMEM;
            break;
        }
    }
    copy_stats(&out->stats, s, count);
out:
    if (status == PB_NOMEM) out->stats.solutions = count;
    pb_sat_free(s);
    pb_cnf_free(f);
    free(truth);
    free(values);
    free(block);
    return status;
}

const pb_engine pb_engine_learn = {
    {"learn",
     "conflict-driven clause learning on the direct encoding (cell = value literals, native "
     "at-most-one, LBD-managed learnt clauses, Luby restarts)",
     PB_CAP_FIRST | PB_CAP_COUNT | PB_CAP_LAST, pb_cap_names},
    0,
    NULL,
    learn_run,
};
