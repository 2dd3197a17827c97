/* thesis.c — `thesis`, seed 001's kakuro uniqueness checker as an engine: cells in
 * row order (kakuro_model_new numbers them so), digits tried 9 down to 1, a run's
 * cells share the set of digits already used in it, and a digit is rejected when one
 * of its cell's runs could no longer reach its sum: what the run's remaining cells
 * can add lies between the sums of the smallest and of the largest that many
 * distinct unused digits. Before the search the cells of every run whose clue is a
 * unique sum (exactly one digit set for its length, length 8 included) are
 * restricted to that set. The seed checks uniqueness by stopping at the second
 * solution: a count with max_solutions 2. A run without a clue (a plain group of a
 * kakuro model) only keeps its digits distinct; a run of more than 9 cells has no
 * solution.
 *
 * Steps are counted as by every engine: a placement is a digit written into a cell,
 * a backtrack a cell left with no further digit; candidates are the digits of a
 * cell's narrowed domain it went through, guesses the placements made where more
 * than one digit was left. Givens (cells whose domain is one digit; the seed's
 * puzzles have none) are filled first and are not steps; a run whose givens already
 * miss its sum leaves nothing to search. The seed's order is its own, so the engine
 * has no PB_CAP_ORDER and ignores pb_run.order. */
#include "kakuro.h"
#include "../core/limiter.h"
#include "../registry/engine_list.h"

#include <stdlib.h>
#include <string.h>

typedef struct thesis {
    const pb_model *m;
    pb_run_state rs;
    int *last;
    int *values; /* values[c]: 0 empty, else 1..9 */
    int *open;   /* the cells to fill, in row order */
    int nopen;
    pb_mask *dom;  /* dom[c]: the cell's domain, narrowed to its unique sums' digits */
    pb_mask *used; /* used[g]: digits placed in run g */
    int *psum;     /* psum[g]: their total */
} thesis;

/* Digits 1-9, no pairs, every group a run with a sum, or a kakuro model (whose plain
 * groups are runs without a clue: distinct digits, any sum). */
static int thesis_accepts(const pb_model *m, const char **why)
{
    *why = "thesis needs a kakuro model: digits 1-9, every group a run with a sum, no pairs";
    const int kakuro = m->kind && !strcmp(m->kind, "kakuro");
    return m->nvalues == 9 && (m->nsums == m->ngroups || kakuro) && !m->npairs;
}

/* Whether run g can still reach its sum once digit d (0: none) joins it; a run
 * without a sum only needs its digits distinct, which taken() sees to. */
static int run_ok(const thesis *t, int g, int d)
{
    const pb_model *m = t->m;
    if (!m->group_sum || !m->group_sum[g]) return 1;
    pb_mask used = t->used[g] | (d ? PB_BIT(d) : 0);
    int left = m->group_start[g + 1] - m->group_start[g] - __builtin_popcountll(used);
    return pb_sum_reachable(PB_FULL(9) & ~used, left, m->group_sum[g] - t->psum[g] - d);
}

static pb_mask taken(const thesis *t, int c)
{
    const pb_model *m = t->m;
    pb_mask x = 0;
    for (int k = m->cgroup_start[c]; k < m->cgroup_start[c + 1]; k++) x |= t->used[m->cgroup[k]];
    return x;
}

static void set_digit(thesis *t, int c, int d, int on)
{
    const pb_model *m = t->m;
    for (int k = m->cgroup_start[c]; k < m->cgroup_start[c + 1]; k++) {
        int g = m->cgroup[k];
        t->used[g] ^= PB_BIT(d);
        t->psum[g] += on ? d : -d;
    }
    t->values[c] = on ? d : 0;
}

static int digit_fits(const thesis *t, int c, int d)
{
    const pb_model *m = t->m;
    for (int k = m->cgroup_start[c]; k < m->cgroup_start[c + 1]; k++)
        if (!run_ok(t, m->cgroup[k], d)) return 0;
    return 1;
}

static void trace(thesis *t, int cell, pb_event ev)
{
    pb_run_trace(t->rs.how, t->m, t->values, cell, ev, &t->rs.st);
}

static void found(thesis *t)
{
    const size_t n = (size_t)t->m->ncells;
    pb_status st;
    if (++t->rs.st.solutions == 1 && t->rs.first) memcpy(t->rs.first, t->values, n * sizeof(int));
    if (t->last) memcpy(t->last, t->values, n * sizeof(int));
    trace(t, -1, PB_EV_SOLUTION);
    if (pb_solution_stops(t->rs.how, t->rs.st.solutions, &st)) pb_run_state_stop(&t->rs, st);
}

/* Places the givens, restricts the unique sums' cells and checks every run; 0 when
 * nothing can be a solution. */
static int prepare(thesis *t)
{
    const pb_model *m = t->m;
    memcpy(t->dom, m->domain, (size_t)m->ncells * sizeof *t->dom);
    for (int g = 0; g < m->ngroups; g++)
        if (m->group_start[g + 1] - m->group_start[g] > 9) return 0; /* never distinct */
    for (int g = 0; g < m->ngroups; g++) {
        if (m->sum_set_start[g + 1] - m->sum_set_start[g] != 1) continue;
        for (int i = m->group_start[g]; i < m->group_start[g + 1]; i++)
            t->dom[m->group_cells[i]] &= m->sum_set[m->sum_set_start[g]];
    }
    for (int c = 0; c < m->ncells; c++) {
        pb_mask d = m->domain[c];
        if (!d || (d & (d - 1))) {
            t->open[t->nopen++] = c;
            continue;
        }
        if (taken(t, c) & d) return 0;
        set_digit(t, c, __builtin_ctzll(d) + 1, 1);
    }
    for (int g = 0; g < m->ngroups; g++)
        if (!run_ok(t, g, 0)) return 0;
    return 1;
}

static void search(thesis *t)
{
    int depth = 0;
    for (;;) {
        const int c = t->open[depth], cur = t->values[c];
        if (cur) set_digit(t, c, cur, 0);
        const pb_mask options = t->dom[c] & ~taken(t, c);
        const pb_mask below = cur ? PB_FULL(cur - 1) : PB_FULL(9);
        pb_mask left = options & below;
        int d = 0;
        while (left) {
            int u = 64 - __builtin_clzll(left);
            if (digit_fits(t, c, u)) {
                d = u;
                break;
            }
            left &= ~PB_BIT(u);
        }
        t->rs.st.candidates += __builtin_popcountll(t->dom[c] & below & ~PB_FULL(d ? d - 1 : 0));
        if (d) {
            set_digit(t, c, d, 1);
            t->rs.st.placements++;
            t->rs.st.guesses += __builtin_popcountll(options) > 1;
            trace(t, c, PB_EV_PLACE);
            if (depth + 1 == t->nopen)
                found(t);
            else
                depth++;
        } else {
            pb_run_backtrack(t->rs.how, t->m, t->values, c, &t->rs.st);
            if (depth-- == 0) return;
        }
        if (t->rs.stopped || !pb_run_state_tick(&t->rs)) return;
    }
}

static pb_status thesis_run(const pb_model *m, int config, const pb_run *how, pb_result *out)
{
    (void)config;
    const size_t n = (size_t)m->ncells, ng = (size_t)m->ngroups;
    thesis t = {.m = m, .last = out->last};
    pb_run_state_init(&t.rs, how, out->first);
    t.values = calloc(n, sizeof *t.values);
    t.open = malloc(n * sizeof *t.open);
    t.dom = malloc(n * sizeof *t.dom);
    t.used = calloc(ng + 1, sizeof *t.used);
    t.psum = calloc(ng + 1, sizeof *t.psum);
    pb_status st = PB_NOMEM;
    if (t.values && t.open && t.dom && t.used && t.psum) {
        int ok = prepare(&t);
        trace(&t, -1, PB_EV_START);
        if (ok && t.nopen == 0)
            found(&t);
        else if (ok)
            search(&t);
        out->stats = t.rs.st;
        st = t.rs.status;
    }
    free(t.values);
    free(t.open);
    free(t.dom);
    free(t.used);
    free(t.psum);
    return st;
}

const pb_engine pb_engine_kakuro_thesis = {
    {"thesis",
     "kakuro as seed 001's checker: row order, digits 9 to 1, sum bounds, unique sums first",
     PB_CAP_FIRST | PB_CAP_COUNT | PB_CAP_TRACE | PB_CAP_LAST, pb_cap_names, NULL},
    0,
    thesis_accepts,
    thesis_run,
};
