/* learn.c — the `learn` engine: conflict-driven clause learning (sat.c) over the
 * direct encoding of the shared model (cnf.h, with native at-most-one lists).
 *
 * First mode decodes the first model. Count mode adds, after each model, the clause
 * that negates the model's decisions (unit propagation made the rest of the model
 * from them, so the clause forbids that model and no other; every variable, the
 * sum groups' selectors included, follows from the cells, so models and solutions
 * are one to one) and solves again, keeping what was learnt, until the formula is
 * unsatisfiable or the solution cap is reached: `count --limit 2`, the generators'
 * uniqueness check, is two solves at most. A blocking clause is as long as the
 * decisions were (a few literals), not the cells, but there is one per solution:
 * counts of millions are for the searches.
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

/* The solver's seed: 0, no shuffle. The first decisions then place values cell by
 * cell in reading order, as a person fills a grid; the shuffled order of the earlier
 * seed (16) scattered them. QWH n = 50 with 80% holes, Luby restarts, saved phases,
 * true first: unsolved in 10 s shuffled, 514 conflicts in order (621 with the target
 * phases sat.c now uses). Fixed either way, so runs repeat exactly. */
#define LEARN_SEED 0

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

/* dom: m's domains less what the fixed cells rule out, to a fixed point (a cell whose
 * domain is one value takes it from its peers and, with min-difference pairs, the
 * values near it from its neighbours), as a puzzle's givens are filled before a
 * search. The encoding then has no variable the givens already make false, which is
 * most of a sudoku's: building and propagating them would be most of the work. */
static int narrow(const pb_model *m, pb_mask *dom)
{
    int n = m->ncells, head = 0, tail = 0;
    int *queue = malloc(((size_t)n + 1) * (sizeof *queue + 1));
    if (!queue) return -1;
    unsigned char *queued = (unsigned char *)(queue + n + 1);
    memset(queued, 0, (size_t)n + 1);
    for (int c = 0; c < n; c++) {
        dom[c] = m->domain[c];
        if (__builtin_popcountll(dom[c]) == 1) queue[tail++] = c, queued[c] = 1;
    }
    while (head < tail) {
        int c = queue[head++];
        if (!dom[c]) continue;
        int v = __builtin_ctzll(dom[c]) + 1;
        for (int pass = 0; pass < 2; pass++) {
            const int *a = pass ? m->nbr + m->nbr_start[c] : m->peer + m->peer_start[c];
            const int *e = pass ? m->nbr + m->nbr_start[c + 1] : m->peer + m->peer_start[c + 1];
            pb_mask drop = pass ? m->near[v] : PB_BIT(v);
            for (; a < e; a++) {
                int p = *a;
                if (!(dom[p] & drop)) continue;
                dom[p] &= ~drop;
                if (__builtin_popcountll(dom[p]) == 1 && !queued[p])
                    queue[tail++] = p, queued[p] = 1;
            }
        }
    }
    free(queue);
    return 0;
}

/* pb_cnf_decode of the model, read off the cell variables alone: 0, or -1 when a cell
 * has no true variable or more than one. */
static int decode(const pb_sat *s, const pb_cnf *f, int *values)
{
    memset(values, 0, (size_t)f->ncells * sizeof *values);
    for (int x = 1; x <= f->ncell_vars; x++)
        if (pb_sat_model(s, x)) {
            int *got = &values[f->var_cell[x]];
            *got = *got ? -1 : f->var_value[x];
        }
    for (int c = 0; c < f->ncells; c++)
        if (values[c] <= 0) return -1;
    return 0;
}

/* The encoding goes straight into the solver (a pb_cnf_sink): the solver is made once
 * the variables are numbered, and no copy of the clauses is kept on the side. */
static int sink_begin(void *ctx, const pb_cnf *f)
{
    pb_sat **s = ctx;
    if (!(*s = pb_sat_new(f->nvars, LEARN_SEED))) return -1;
    /* About a sudoku's: four lists and a few clauses per cell variable. */
    size_t k = (size_t)f->ncell_vars;
    return pb_sat_load_begin(*s, 8 * k + 64, 5 * k + 64);
}

static int sink_clause(void *ctx, const int *lits, int n)
{
    return pb_sat_load_clause(*(pb_sat **)ctx, lits, n);
}

static int sink_amo(void *ctx, const int *lits, int n)
{
    return pb_sat_load_amo(*(pb_sat **)ctx, lits, n);
}

static pb_status learn_run(const pb_model *m, int config, const pb_run *how, pb_result *out)
{
    (void)config;
    const int n = m->ncells;
    pb_status status = PB_DONE;
    pb_count count = 0;
    pb_mask *dom = malloc(((size_t)n + 1) * sizeof *dom);
    pb_model view = *m; /* m with narrowed domains: the same solutions */
    view.domain = dom;
    pb_sat *s = NULL;
    const pb_cnf_sink sink = {&s, sink_begin, sink_clause, sink_amo};
    pb_cnf *f = dom && !narrow(m, dom) ? pb_cnf_encode_into(&view, PB_CNF_NATIVE_AMO, &sink) : NULL;
    int *values = malloc(((size_t)n + 1) * sizeof *values);
    if (!f || !s || !values || pb_sat_load_end(s)) {
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
        /* Cannot fail: a model of the encoding is a solution. */
        if (decode(s, f, values) || !pb_model_check(m, values)) {
            status = PB_NOMEM;
            break;
        }
        count++;
        if (count == 1 && out->first) memcpy(out->first, values, (size_t)n * sizeof *values);
        if (out->last) memcpy(out->last, values, (size_t)n * sizeof *values);
        if (pb_solution_stops(how, count, &status)) break;
        if (pb_sat_block_decisions(s)) {
            status = PB_NOMEM;
            break;
        }
    }
    copy_stats(&out->stats, s, count);
out:
    if (status == PB_NOMEM) out->stats.solutions = count;
    pb_sat_free(s);
    pb_cnf_free(f);
    free(dom);
    free(values);
    return status;
}

const pb_engine pb_engine_learn = {
    {"learn",
     "conflict-driven clause learning on the direct encoding (cell = value literals, native "
     "at-most-one, target phases, LBD-managed learnt clauses, Luby restarts)",
     PB_CAP_FIRST | PB_CAP_COUNT | PB_CAP_LAST, pb_cap_names},
    0,
    NULL,
    learn_run,
};
