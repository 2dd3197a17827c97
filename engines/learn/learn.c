/* learn.c — the `learn` engine: conflict-driven clause learning (sat.h) over the
 * direct encoding of the shared model (cnf.h, with native at-most-one lists).
 *
 * Before the encoding, narrow places what unit propagation would at the first level
 * (naked and hidden singles, on the domains): a puzzle that it fills needs no solver,
 * and the cells it fixes enter the encoding as constants (PB_CNF_OMIT_FIXED), so the
 * solver holds only the open cells.
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
 * learn-alldiff (config 1) also hands the model's groups to the solver
 * (pb_sat_add_alldiff): Régin's filtering inside the search, each removal explained
 * by a Hall set's clause, where the clauses alone see one value or one cell at a time.
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
#include "../registry/engine_list.h"
#include "sat.h"

/* The solver's seed: 0, no shuffle. The first decisions then place values cell by
 * cell in reading order, as a person fills a grid, where a shuffled order scatters
 * them over the grid and leaves quasigroup completion far harder. Fixed either way,
 * so runs repeat exactly. */
#define LEARN_SEED 0

/* The parameters' defaults: the search's levers as the engine runs them. */
enum {
    LEARN_LUBY = 100,
    LEARN_KEEP_GLUE = 2,
    LEARN_BUMP_REASON = 1,
    LEARN_REPHASE = 2000,
    LEARN_RESTARTS = 0,
    LEARN_TIER2_GLUE = 6,
    LEARN_MODE_SWITCH = 0,
    LEARN_PROBE = 0,
    LEARN_SHRINK = 0,
    LEARN_VIVIFY = 0
};

/* s: the solver, NULL when none was needed. */
static void copy_stats(pb_stats *st, const pb_sat *s, pb_count solutions)
{
    static const pb_sat_stats none;
    const pb_sat_stats *ss = s ? pb_sat_get_stats(s) : &none;
    st->placements = ss->propagations;
    st->backtracks = ss->conflicts;
    st->steps = st->placements + st->backtracks;
    st->guesses = ss->decisions;
    st->candidates = ss->decisions;
    st->learnts = ss->learnts;
    st->restarts = ss->restarts;
    st->solutions = solutions;
}

/* narrow's state: the domains, and the cells whose domain became one value, to take
 * it from their peers. */
typedef struct narrowing {
    const pb_model *m;
    pb_mask *dom;
    int *queue, head, tail;
    unsigned char *queued; /* per cell: ever queued */
} narrowing;

/* Sets cell c's domain to d, a subset of it. */
static inline void shrink(narrowing *w, int c, pb_mask d)
{
    w->dom[c] = d;
    if (__builtin_popcountll(d) == 1 && !w->queued[c]) w->queue[w->tail++] = c, w->queued[c] = 1;
}

/* Takes drop from the domains of the cells a..e. */
static inline void take_from(narrowing *w, const int *a, const int *e, pb_mask drop)
{
    for (; a < e; a++)
        if (w->dom[*a] & drop) shrink(w, *a, w->dom[*a] & ~drop);
}

/* The hidden singles of the plain groups of nvalues cells, which must hold each value
 * once: a value left in one cell's domain alone becomes that cell's, and a value left
 * in none empties a cell, so that the encoding says "no solution" at once (its
 * pigeonhole form is exponential for resolution). Every group is looked at each
 * time: marking the groups a change touches costs more than it saves. 1 when a
 * domain changed. */
static int hidden_singles(narrowing *w)
{
    const pb_model *m = w->m;
    const pb_mask full = PB_FULL(m->nvalues);
    pb_mask *dom = w->dom;
    int changed = 0;
    for (int g = 0; g < m->ngroups; g++) {
        const int *a = m->group_cells + m->group_start[g];
        const int *e = m->group_cells + m->group_start[g + 1];
        if (e - a != m->nvalues || (m->group_sum && m->group_sum[g])) continue;
        pb_mask once = 0, twice = 0, placed = 0;
        for (const int *c = a; c < e; c++) {
            pb_mask d = dom[*c];
            twice |= once & d;
            once |= d;
            placed |= d & (d - 1) ? 0 : d; /* a cmov: one value or not is a coin toss */
        }
        if (once != full) {
            if (dom[*a]) shrink(w, *a, 0), changed = 1;
            continue;
        }
        pb_mask lone = once & ~twice & ~placed;
        for (const int *c = a; lone && c < e; c++) {
            pb_mask hit = dom[*c] & lone;
            if (!hit) continue;
            /* Two lone values in one cell: no solution, and the cell keeps both. */
            lone &= ~hit;
            if (hit != dom[*c]) shrink(w, *c, hit), changed = 1;
        }
    }
    return changed;
}

/* The givens' consequences at once: each group's given values leave its other cells
 * (one mask per group, a pass over the groups and one over the cells, where taking
 * them from each peer in turn would branch on every peer), two givens of one value in
 * a group empty one of them, and each given's neighbours lose the values near it. The
 * cells this makes single are queued. placed: room for a mask per group. */
static void givens_in_bulk(narrowing *w, pb_mask *placed)
{
    const pb_model *m = w->m;
    pb_mask *dom = w->dom;
    for (int g = 0; g < m->ngroups; g++) {
        pb_mask seen = 0;
        for (int i = m->group_start[g]; i < m->group_start[g + 1]; i++) {
            int c = m->group_cells[i];
            pb_mask d = dom[c] & -(pb_mask)w->queued[c]; /* givens only, without a branch */
            if (seen & d) dom[c] = 0;
            seen |= d;
        }
        placed[g] = seen;
    }
    for (int c = 0; c < m->ncells; c++) {
        if (w->queued[c]) continue;
        pb_mask out = 0;
        for (int k = m->cgroup_start[c]; k < m->cgroup_start[c + 1]; k++)
            out |= placed[m->cgroup[k]];
        if (dom[c] & out) shrink(w, c, dom[c] & ~out);
    }
    for (int c = 0; c < m->ncells && m->npairs; c++)
        if (w->queued[c] && dom[c] && __builtin_popcountll(m->domain[c]) == 1)
            take_from(w, m->nbr + m->nbr_start[c], m->nbr + m->nbr_start[c + 1],
                      m->near[__builtin_ctzll(dom[c]) + 1]);
}

/* dom: m's domains less what unit propagation of the encoding would rule out at level
 * 0, found on the domains themselves, to a fixed point: a cell whose domain is one
 * value takes it from its peers and, with min-difference pairs, the values near it
 * from its neighbours (naked singles), and hidden_singles. The encoding then has no
 * variable that propagation would make false before the first decision, which is
 * most of a sudoku's: building and propagating them would be most of the work. The
 * same inferences, so the solver starts from the same level 0. Not steps: the
 * solver's work is, from there. 0, or -1 when out of memory. */
static int narrow(const pb_model *m, pb_mask *dom)
{
    const int n = m->ncells;
    size_t qbytes = ((size_t)n + 1) * sizeof(int), masks = (size_t)m->ngroups + 1;
    char *block = malloc(masks * sizeof(pb_mask) + qbytes + (size_t)n + 1);
    if (!block) return -1;
    pb_mask *placed = (pb_mask *)block;
    narrowing w = {m, dom, (int *)(block + masks * sizeof(pb_mask)), 0, 0, NULL};
    w.queued = (unsigned char *)block + masks * sizeof(pb_mask) + qbytes;
    for (int c = 0; c < n; c++) {
        dom[c] = m->domain[c];
        w.queued[c] = __builtin_popcountll(dom[c]) == 1;
    }
    givens_in_bulk(&w, placed);
    do {
        while (w.head < w.tail) {
            int c = w.queue[w.head++];
            if (!dom[c]) continue;
            int v = __builtin_ctzll(dom[c]) + 1;
            take_from(&w, m->peer + m->peer_start[c], m->peer + m->peer_start[c + 1], PB_BIT(v));
            take_from(&w, m->nbr + m->nbr_start[c], m->nbr + m->nbr_start[c + 1], m->near[v]);
        }
    } while (hidden_singles(&w));
    free(block);
    return 0;
}

/* 1 when narrowing left every cell one value and those values are a solution (a sum
 * may still be wrong): values then holds it. */
static int solved_by_narrowing(const pb_model *m, const pb_mask *dom, int *values)
{
    for (int c = 0; c < m->ncells; c++) {
        if (!dom[c] || (dom[c] & (dom[c] - 1))) return 0;
        values[c] = __builtin_ctzll(dom[c]) + 1;
    }
    return pb_model_check(m, values);
}

/* pb_cnf_decode of the model, read off the fixed cells and the cell variables: 0, or -1 when a cell
 * has no true variable or more than one. */
static int decode(const pb_sat *s, const pb_cnf *f, int *values)
{
    memcpy(values, f->fixed_value, (size_t)f->ncells * sizeof *values);
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
 * the variables are numbered, and no copy of the clauses is kept on the side. The
 * numbering and the loading poll `work` by the work done, counted in `units`, so
 * that a time limit holds through a large encoding too. */
typedef struct loader {
    pb_sat *s;
    const pb_sat_options *opt; /* the search's levers, from the run's parameters */
    pb_limiter *work;
    uint64_t units;
    pb_status stop; /* PB_DONE, or why the encoding or the loading stopped */
} loader;

static int sink_work(void *ctx, size_t n)
{
    loader *u = ctx;
    /* Once the solver is made, the loading counts its work in the solver's counter,
     * so the encoding's work goes there too: two counters polling one limiter would
     * each read the other's polls as a burst of work, and the interval would widen
     * far past the time it aims at. */
    if (u->s) return (u->stop = pb_sat_load_work(u->s, n)) != PB_DONE;
    u->units += n;
    if (u->units < u->work->next) return 0;
    return (u->stop = pb_limiter_poll(u->work, u->units)) != PB_DONE;
}

static int sink_begin(void *ctx, const pb_cnf *f)
{
    loader *u = ctx;
    if (!(u->s = pb_sat_new(f->nvars, LEARN_SEED))) {
        u->stop = PB_NOMEM;
        return -1;
    }
    pb_sat_set_options(u->s, u->opt);
    /* About a sudoku's: four lists and a few clauses per cell variable. */
    size_t k = (size_t)f->ncell_vars;
    u->stop = pb_sat_load_begin(u->s, 8 * k + 64, 5 * k + 64, u->work, u->units);
    return u->stop != PB_DONE;
}

static int sink_clause(void *ctx, const int *lits, int n)
{
    loader *u = ctx;
    return (u->stop = pb_sat_load_clause(u->s, lits, n)) != PB_DONE;
}

static int sink_amo(void *ctx, const int *lits, int n)
{
    loader *u = ctx;
    return (u->stop = pb_sat_load_amo(u->s, lits, n)) != PB_DONE;
}

/* The first or every solution of the loaded solver s, as how asks, into out; the
 * status to end with. */
static pb_status search(pb_sat *s, const pb_model *m, const pb_cnf *f, const pb_run *how,
                        pb_limiter *lim, int *values, pb_result *out)
{
    const int n = m->ncells;
    pb_status status = PB_DONE;
    pb_count count = 0;
    for (;;) {
        pb_status stop = PB_DONE;
        pb_sat_result r = pb_sat_solve(s, lim, &stop);
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
    return status;
}

static const char *const on_off[] = {"off", "on", NULL};
static const char *const restart_kinds[] = {"luby", "glue", NULL};

static const pb_param learn_params[] = {
    {"luby-unit", "conflicts per unit of the Luby restart schedule", NULL, 1, 1 << 24, LEARN_LUBY},
    {"keep-glue", "learnt clauses of at most this LBD are never deleted", NULL, 0, 1 << 20,
     LEARN_KEEP_GLUE},
    {"bump-reason",
     "on: a conflict also bumps the variables that implied the learnt clause's literals", on_off, 0,
     1, LEARN_BUMP_REASON},
    {"rephase",
     "every rephase * k conflicts the target phases go back to the best (longest) "
     "conflict-free assignment and the target is sought anew; 0: never",
     NULL, 0, 1 << 24, LEARN_REPHASE},
    {"restarts",
     "luby: on the Luby schedule; glue: when the recent learnt clauses' LBD rises above the "
     "long-run average",
     restart_kinds, 0, 1, LEARN_RESTARTS},
    {"tier2-glue",
     "> 0: a learnt clause used in a conflict's analysis is spared by the next reduction "
     "(the next two when its LBD is at most this); 0: ranked by LBD alone",
     NULL, 0, 1 << 20, LEARN_TIER2_GLUE},
    {"mode-switch",
     "> 0: focused mode (glue restarts, the phases last undone) and stable mode (luby-unit's "
     "schedule, target phases) take turns, the first two phases this many conflicts each, "
     "each later pair of double length; 0: one mode, as restarts says",
     NULL, 0, 1 << 24, LEARN_MODE_SWITCH},
    {"probe",
     "> 0: failed-literal probing: at level 0 each open variable's true literal is propagated "
     "alone, and one that conflicts is learnt false; before the first decision, then at the "
     "first restart this * k conflicts after the k-th round; 0: never",
     NULL, 0, 1 << 24, LEARN_PROBE},
    {"shrink",
     "on: a learnt clause's literals of one lower level that a single literal of that level "
     "implies are replaced by its negation",
     on_off, 0, 1, LEARN_SHRINK},
    {"vivify",
     "> 0: vivification: at the first restart every this many conflicts, each learnt clause "
     "of low LBD not tried before has its literals' negations decided in turn, and is "
     "shortened when a literal turns out implied true or false, or the decisions conflict; "
     "0: never",
     NULL, 0, 1 << 24, LEARN_VIVIFY},
    {NULL, NULL, NULL, 0, 0, 0},
};

static pb_status learn_run(const pb_model *m, int config, const pb_run *how, pb_result *out);

const pb_engine pb_engine_learn = {
    {"learn",
     "conflict-driven clause learning on the direct encoding (cell = value literals, native "
     "at-most-one, reason-side bumping, target phases, LBD-managed learnt clauses, Luby restarts)",
     PB_CAP_FIRST | PB_CAP_COUNT | PB_CAP_LAST, pb_cap_names, learn_params},
    0,
    NULL,
    learn_run,
};

const pb_engine pb_engine_learn_alldiff = {
    {"learn-alldiff",
     "learn with the all-different groups inside the search: each made domain-consistent "
     "(Regin) at every fixpoint of unit propagation, each value it removes explained by a Hall "
     "set's clause (lazy clause generation)",
     PB_CAP_FIRST | PB_CAP_COUNT | PB_CAP_LAST, pb_cap_names, learn_params},
    1,
    NULL,
    learn_run,
};

/* The solver's levers from the run's parameters. */
static void options(const pb_run *how, pb_sat_options *o)
{
    const pb_engine_about *a = &pb_engine_learn.about;
    pb_sat_default_options(o);
    o->luby_unit = (int)pb_param_get(a, how, "luby-unit");
    o->keep_glue = (int)pb_param_get(a, how, "keep-glue");
    o->bump_reason = (int)pb_param_get(a, how, "bump-reason");
    o->rephase = (int)pb_param_get(a, how, "rephase");
    o->glue_restarts = (int)pb_param_get(a, how, "restarts");
    o->tier2_glue = (int)pb_param_get(a, how, "tier2-glue");
    o->mode_switch = (int)pb_param_get(a, how, "mode-switch");
    o->probe = (int)pb_param_get(a, how, "probe");
    o->shrink = (int)pb_param_get(a, how, "shrink");
    o->vivify = (int)pb_param_get(a, how, "vivify");
}

/* m's groups as the solver's all-different groups, over their open cells (a sum
 * group too, all different as well: its sum stays with its selectors' clauses; past
 * 64 open cells, the first 64 of a group, itself all different). 0, or -1 when out
 * of memory. */
static int add_groups(pb_sat *s, const pb_model *m, const pb_cnf *f)
{
    int *vars = malloc((size_t)64 * PB_MAX_VALUES * sizeof *vars);
    if (!vars) return -1;
    for (int g = 0; g < m->ngroups; g++) {
        int k = 0;
        for (int j = m->group_start[g]; j < m->group_start[g + 1] && k < 64; j++) {
            int c = m->group_cells[j];
            if (f->fixed_value && f->fixed_value[c]) continue;
            for (int v = 1; v <= m->nvalues; v++)
                vars[k * m->nvalues + v - 1] = pb_cnf_var(f, c, v);
            k++;
        }
        if (k >= 2 && pb_sat_add_alldiff(s, vars, k, m->nvalues)) {
            free(vars);
            return -1;
        }
    }
    free(vars);
    return 0;
}

/* config 1: learn-alldiff, the groups inside the search too. */
static pb_status learn_run(const pb_model *m, int config, const pb_run *how, pb_result *out)
{
    const int n = m->ncells;
    /* The limits count from the start of the run: narrowing, the encoding and the
     * loading are part of it. A second limiter polls the clock by the work that steps
     * do not count (steps are the search's propagations and conflicts alone): the
     * encoding's and the loading's, then the search's restarts, reductions and
     * analysis (sat.h). */
    pb_limiter lim, work;
    pb_limiter_init(&lim, &how->limits, 0);
    const pb_limits clock = pb_limits_clock_only(&how->limits);
    pb_limiter_init(&work, &clock, 0);
    pb_status status = PB_DONE;
    pb_mask *dom = malloc(((size_t)n + 1) * sizeof *dom);
    pb_model view = *m; /* m with narrowed domains: the same solutions */
    view.domain = dom;
    pb_sat_options opt;
    options(how, &opt);
    loader u = {NULL, &opt, &work, 0, PB_DONE};
    pb_cnf *f = NULL;
    int *values = malloc(((size_t)n + 1) * sizeof *values);
    if (!dom || !values || narrow(m, dom)) {
        status = PB_NOMEM;
        goto out;
    }
    if (solved_by_narrowing(m, dom, values)) {
        /* The only solution, found before the search: no solver to build, and no
         * step taken. */
        if (out->first) memcpy(out->first, values, (size_t)n * sizeof *values);
        if (out->last) memcpy(out->last, values, (size_t)n * sizeof *values);
        pb_solution_stops(how, 1, &status);
        copy_stats(&out->stats, NULL, 1);
        goto out;
    }
    const pb_cnf_sink sink = {&u, sink_begin, sink_clause, sink_amo, sink_work};
    f = pb_cnf_encode_into(&view, PB_CNF_NATIVE_AMO | PB_CNF_OMIT_FIXED, &sink);
    if (u.stop == PB_DONE && u.s) u.stop = pb_sat_load_end(u.s);
    if (!f || !u.s || u.stop != PB_DONE) {
        status = u.stop != PB_DONE ? u.stop : PB_NOMEM;
        copy_stats(&out->stats, NULL, 0);
        goto out;
    }
    if (config && add_groups(u.s, &view, f)) {
        status = PB_NOMEM;
        copy_stats(&out->stats, NULL, 0);
        goto out;
    }
    status = search(u.s, m, f, how, &lim, values, out);
out:
    pb_sat_free(u.s);
    pb_cnf_free(f);
    free(dom);
    free(values);
    return status;
}
