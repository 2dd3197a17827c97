/* sat_probe.c — failed-literal probing at level 0 (pb_sat_options.probe).
 *
 * Each unassigned variable's true literal is decided alone and propagated; when that
 * ends in a conflict, the conflict's first-UIP clause is a unit (every literal but the
 * level-0 ones is at level 1), which is learnt at level 0 and propagated at once. On a
 * grid's direct encoding a true literal places a value, so a failed one is a candidate
 * that no completion of the level-0 assignment keeps: what singleton arc consistency
 * finds, and more as learnt clauses add to propagation. A round probes every
 * variable, at a restart, on a schedule of growing intervals (probe * k conflicts
 * after the k-th round), so its cost stays a share of the search's. */
#include "sat_internal.h"

/* Probes literal l (unassigned, at level 0): 0 when it propagates without a
 * conflict, 1 when it failed and its unit is learnt and propagated, -1 when out of
 * memory; s->stop or s->unsat say when the search must end. */
static int probe_literal(pb_sat *s, int l)
{
    s->trail_lim[s->nlevels++] = s->trail_n;
    assign(s, l, NO_REASON);
    int conflict = sat_propagate(s);
    if (s->nomem) return -1;
    if (!conflict || s->stop != PB_DONE) {
        sat_backtrack(s, 0);
        return 0;
    }
    s->st.conflicts++;
    s->st.failed++;
    int lbd;
    if (sat_analyze(s, &lbd) < 0) return -1;
    sat_backtrack(s, 0);
    if (sat_learn_clause(s, lbd)) return -1;
    if (sat_propagate(s)) s->unsat = 1;
    return s->nomem ? -1 : 1;
}

int sat_maybe_probe(pb_sat *s)
{
    if (!s->opt.probe || s->nlevels || s->st.conflicts < s->next_probe) return 0;
    s->next_probe = s->st.conflicts + (uint64_t)s->opt.probe * ++s->probe_n;
    for (int v = 0; v < s->nvars; v++) {
        if (s->val[2 * v]) continue;
        if (probe_literal(s, 2 * v) < 0) return -1;
        if (s->unsat || s->stop != PB_DONE) return 0;
        if ((s->stop = sat_work(s, 1)) != PB_DONE) return 0;
    }
    return 0;
}
