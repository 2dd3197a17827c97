/* alldiff.c — the `alldiff` engine: backtracking search that keeps every
 * all-different group domain-consistent (Régin's matching-based filtering).
 *
 * For a group, a maximum matching between its cells and the values of their domains
 * is found by augmenting paths (the previous matching of the group, kept per group,
 * is repaired rather than rebuilt: most of it survives a placement). A value v in
 * cell i's domain belongs to some maximum matching iff (i, v) is matched, or v and
 * i's matched value lie in one strongly connected component of the residual graph,
 * or v is reachable from a free value. With the matched edges pointing cell -> value
 * and the others value -> cell, every cell has one out-edge (to its mate), so the
 * graph collapses to one over values: v -> mate(i) for every cell i that has v but
 * is not matched to it. Values are bits of a pb_mask (at most 64), so adjacency,
 * reachability and the components are all masks.
 *
 * Sum groups (kakuro's runs) are made domain-consistent for the sum too: a value
 * stays when some value set that fills the group exactly (model.h's sum_set) has a
 * perfect matching with the cells that uses it, i.e. the union over those sets of
 * Régin's filtering restricted to the set. That subsumes `propagate`'s bound check
 * and its narrowing to the sets' values.
 *
 * Minimum-difference pairs are forward-checked as `propagate` does: once a cell is
 * down to one value, its neighbours lose the values too near it.
 *
 * Filtering runs to a fixpoint over a queue of the groups whose cells changed, once
 * before the search and after every placement; every domain change is trailed and
 * undone on backtracking. Steps are counted as in search.c (engine.h): the tree has
 * one level per open cell (a cell the filtering reduced to one value is still
 * placed, as a placement that is not a guess); givens (single-value domains) are not
 * steps. One thread. */
#include "../core/engine.h"
#include "../core/limiter.h"
#include "../registry/engine_list.h"
#include "alldiff.h"

#include <stdlib.h>
#include <string.h>

typedef struct trail_entry {
    int cell;
    pb_mask old;
} trail_entry;

typedef struct alldiff {
    const pb_model *m;
    const pb_run *how;
    int nopen;               /* cells the search fills (the tree's depth) */
    const int *static_order; /* the open cells in the order's sequence, or NULL */
    pb_mask *dom;            /* dom[c]: the values cell c may still take */
    pb_mask *eff;            /* dynamic orders: dom of the unassigned cells, 0 elsewhere */
    int *values;             /* values[c]: 0 unassigned, else the value placed */
    int *cell_at;            /* cell_at[d]: the cell assigned at depth d */
    int *mark;               /* mark[d]: trail length before depth d's placement */
    trail_entry *trail;      /* each entry removes a bit, so ncells * nvalues suffice */
    int trail_len;
    /* Queues of groups to filter and of single-value cells whose pairs to check; a
     * flag keeps each item in its queue once, so the rings need one slot an item. */
    int *gq, gq_head, gq_len;
    int *cq, cq_head, cq_len;
    unsigned char *gqueued, *cqueued;
    signed char *mate; /* mate[group_start[g] + i]: last matched value bit of cell i, or -1 */
    pb_stats st;
    pb_limiter lim;
    pb_status status;
    int stopped;
    int *first, *last;
} alldiff;

/* ---- Régin's filtering of one group ---- */

typedef struct regin {
    const pb_mask *d; /* the cells' domains (bit v-1 for value v) */
    signed char *mate;
    signed char mv[64]; /* mv[b]: the cell matched to value bit b, or -1 */
    pb_mask adj[64];    /* the value graph: adj[b] holds the mates reachable from b */
    pb_mask seen;
    /* Tarjan's state. */
    signed char index[64], low[64], stack[64];
    int sp, counter;
    pb_mask onstack, comp[64]; /* comp[b]: the component of value bit b, as a mask */
} regin;

/* Kuhn's augmenting path from cell i; 1 when i got matched. */
static int augment(regin *r, int i)
{
    pb_mask free = 0, left = r->d[i] & ~r->seen;
    for (pb_mask t = left; t; t &= t - 1)
        if (r->mv[__builtin_ctzll(t)] < 0) free |= t & -t;
    if (free) { /* a free value: no path needed */
        int b = __builtin_ctzll(free);
        r->seen |= (pb_mask)1 << b;
        r->mate[i] = (signed char)b, r->mv[b] = (signed char)i;
        return 1;
    }
    r->seen |= left;
    for (; left; left &= left - 1) {
        int b = __builtin_ctzll(left);
        if (augment(r, r->mv[b])) {
            r->mate[i] = (signed char)b, r->mv[b] = (signed char)i;
            return 1;
        }
    }
    return 0;
}

static void tarjan(regin *r, int v)
{
    r->index[v] = r->low[v] = (signed char)r->counter++;
    r->stack[r->sp++] = (signed char)v;
    r->onstack |= (pb_mask)1 << v;
    for (pb_mask nb = r->adj[v]; nb; nb &= nb - 1) {
        int w = __builtin_ctzll(nb);
        if (r->index[w] < 0) {
            tarjan(r, w);
            if (r->low[w] < r->low[v]) r->low[v] = r->low[w];
        } else if ((r->onstack >> w) & 1) {
            if (r->index[w] < r->low[v]) r->low[v] = r->index[w];
        }
    }
    if (r->low[v] != r->index[v]) return;
    pb_mask comp = 0;
    int top = r->sp;
    do comp |= (pb_mask)1 << r->stack[--r->sp];
    while (r->stack[r->sp] != v);
    r->onstack &= ~comp;
    for (int k = r->sp; k < top; k++) r->comp[r->stack[k]] = comp;
}

/* Régin's filtering of k cells (k <= 64) with domains d: out[i] = the values of
 * d[i] that some matching covering every cell gives cell i. mate (k entries) holds
 * a previous matching as a hint (entries no longer valid are dropped) and the new
 * matching on return. 0 when no matching covers every cell. */
static int regin_filter(const pb_mask *d, int k, signed char *mate, pb_mask *out)
{
    regin r;
    r.d = d;
    r.mate = mate;
    memset(r.mv, -1, sizeof r.mv);
    for (int i = 0; i < k; i++) {
        int b = mate[i];
        if (b >= 0 && ((d[i] >> b) & 1) && r.mv[b] < 0)
            r.mv[b] = (signed char)i;
        else
            mate[i] = -1;
    }
    for (int i = 0; i < k; i++) {
        if (mate[i] >= 0) continue;
        r.seen = 0;
        if (!augment(&r, i)) return 0;
    }
    pb_mask all = 0, matched = 0;
    for (int i = 0; i < k; i++) all |= d[i], matched |= (pb_mask)1 << mate[i];
    for (pb_mask t = all; t; t &= t - 1) r.adj[__builtin_ctzll(t)] = 0;
    for (int i = 0; i < k; i++) {
        const pb_mask to = (pb_mask)1 << mate[i];
        for (pb_mask t = d[i] & ~to; t; t &= t - 1) r.adj[__builtin_ctzll(t)] |= to;
    }
    /* Values reachable from a free value: an edge into one of them lies on an even
     * alternating path from a free value. */
    pb_mask reach = all & ~matched, todo = reach;
    while (todo) {
        int v = __builtin_ctzll(todo);
        todo &= todo - 1;
        pb_mask nw = r.adj[v] & ~reach;
        reach |= nw, todo |= nw;
    }
    /* Components among the matched values not already reached (free values have no
     * in-edges: each is a component of its own). */
    pb_mask rest = matched & ~reach;
    memset(r.index, -1, sizeof r.index);
    r.sp = r.counter = 0;
    r.onstack = 0;
    for (pb_mask t = rest; t; t &= t - 1) r.adj[__builtin_ctzll(t)] &= rest;
    for (pb_mask t = rest; t; t &= t - 1)
        if (r.index[__builtin_ctzll(t)] < 0) tarjan(&r, __builtin_ctzll(t));
    for (int i = 0; i < k; i++) {
        const int b = mate[i];
        const pb_mask keep = ((rest >> b) & 1) ? r.comp[b] : 0;
        out[i] = ((pb_mask)1 << b) | (d[i] & (reach | keep));
    }
    return 1;
}

/* ---- the domains, the trail and the queues ---- */

static void undo_to(alldiff *s, int len)
{
    while (s->trail_len > len) {
        trail_entry *t = &s->trail[--s->trail_len];
        s->dom[t->cell] = t->old;
    }
}

/* Narrows cell c to d (a subset of its domain), queueing its groups other than
 * `skip` and, once it holds one value, its pairs. 0 when d is empty. */
static int narrow(alldiff *s, int c, pb_mask d, int skip)
{
    const pb_model *m = s->m;
    if (d == s->dom[c]) return 1;
    s->trail[s->trail_len].cell = c;
    s->trail[s->trail_len].old = s->dom[c];
    s->trail_len++;
    s->dom[c] = d;
    if (!d) return 0;
    for (int k = m->cgroup_start[c]; k < m->cgroup_start[c + 1]; k++) {
        int g = m->cgroup[k];
        if (g == skip || s->gqueued[g]) continue;
        s->gqueued[g] = 1;
        s->gq[(s->gq_head + s->gq_len++) % m->ngroups] = g;
    }
    if (!(d & (d - 1)) && m->nbr_start[c + 1] > m->nbr_start[c] && !s->cqueued[c]) {
        s->cqueued[c] = 1;
        s->cq[(s->cq_head + s->cq_len++) % m->ncells] = c;
    }
    return 1;
}

/* Filters group g; 0 on a wipe-out. */
static int filter_group(alldiff *s, int g)
{
    const pb_model *m = s->m;
    const int start = m->group_start[g], k = m->group_start[g + 1] - start;
    const int *cells = m->group_cells + start;
    if (k <= 0) return 1;
    if (k > m->nvalues) return 0; /* more cells than values: never all different */
    pb_mask d[64], out[64], all = 0;
    for (int i = 0; i < k; i++) all |= d[i] = s->dom[cells[i]];
    if (__builtin_popcountll(all) < k) return 0;
    if (!m->group_sum || !m->group_sum[g]) {
        /* Cells down to one value take it (two with the same value: a wipe-out), so
         * only the others go through the matching, without those values: the same
         * filtering on a smaller graph (most of a nearly filled group is fixed). */
        /* od zeroed: gcc cannot see that the loop below writes every entry read. */
        pb_mask fixed = 0, od[64] = {0}, oout[64];
        signed char omate[64];
        int idx[64], open = 0;
        for (int i = 0; i < k; i++) {
            if (d[i] & (d[i] - 1)) {
                idx[open++] = i;
                continue;
            }
            if (fixed & d[i]) return 0;
            fixed |= d[i];
        }
        for (int j = 0; j < open; j++) {
            od[j] = d[idx[j]] & ~fixed;
            omate[j] = s->mate[start + idx[j]];
        }
        if (open && !regin_filter(od, open, omate, oout)) return 0;
        memcpy(out, d, (size_t)k * sizeof *out);
        for (int j = 0; j < open; j++) {
            out[idx[j]] = oout[j];
            s->mate[start + idx[j]] = omate[j];
        }
    } else {
        /* Domain consistency for the sum as well: the union, over the value sets that
         * fill the group, of the filtering restricted to the set. */
        pb_mask ds[64], part[64];
        signed char mate[64];
        memset(out, 0, (size_t)k * sizeof *out);
        int found = 0;
        for (int j = m->sum_set_start[g]; j < m->sum_set_start[g + 1]; j++) {
            const pb_mask set = m->sum_set[j];
            if ((set & all) != set) continue;
            int ok = 1;
            for (int i = 0; i < k && ok; i++) ok = (ds[i] = d[i] & set) != 0;
            if (!ok) continue;
            memset(mate, -1, sizeof mate);
            if (!regin_filter(ds, k, mate, part)) continue;
            found = 1;
            for (int i = 0; i < k; i++) out[i] |= part[i];
        }
        if (!found) return 0;
    }
    for (int i = 0; i < k; i++)
        if (out[i] != d[i] && !narrow(s, cells[i], out[i], g)) return 0;
    return 1;
}

static void clear_queues(alldiff *s)
{
    const pb_model *m = s->m;
    for (; s->gq_len; s->gq_len--, s->gq_head = (s->gq_head + 1) % m->ngroups)
        s->gqueued[s->gq[s->gq_head]] = 0;
    for (; s->cq_len; s->cq_len--, s->cq_head = (s->cq_head + 1) % m->ncells)
        s->cqueued[s->cq[s->cq_head]] = 0;
}

/* Runs the queues to a fixpoint; 0 on a wipe-out (the queues are then emptied; the
 * caller undoes the trail). */
static int settle(alldiff *s)
{
    const pb_model *m = s->m;
    for (;;) {
        if (s->cq_len) { /* pairs first: they are cheap */
            int c = s->cq[s->cq_head];
            s->cq_head = (s->cq_head + 1) % m->ncells, s->cq_len--;
            s->cqueued[c] = 0;
            const pb_mask near = m->near[__builtin_ctzll(s->dom[c]) + 1];
            for (int i = m->nbr_start[c]; i < m->nbr_start[c + 1]; i++) {
                int q = m->nbr[i];
                if ((s->dom[q] & near) && !narrow(s, q, s->dom[q] & ~near, -1)) goto wiped;
            }
        } else if (s->gq_len) {
            int g = s->gq[s->gq_head];
            s->gq_head = (s->gq_head + 1) % m->ngroups, s->gq_len--;
            s->gqueued[g] = 0;
            if (!filter_group(s, g)) goto wiped;
        } else {
            return 1;
        }
    }
wiped:
    clear_queues(s);
    return 0;
}

/* ---- the search ---- */

static void trace(alldiff *s, int cell, pb_event ev)
{
    pb_run_trace(s->how, s->m, s->values, cell, ev, &s->st);
}

static void enter(alldiff *s, int depth)
{
    int c;
    if (s->static_order) {
        c = s->static_order[depth];
    } else {
        for (int q = 0; q < s->m->ncells; q++) s->eff[q] = s->values[q] ? 0 : s->dom[q];
        c = s->how->order->pick(s->m, s->eff, s->values);
    }
    s->cell_at[depth] = c;
    s->mark[depth] = s->trail_len;
}

/* Places v in cell c at depth d and filters; 0 (everything undone) on a wipe-out. */
static int place(alldiff *s, int d, int c, int v)
{
    s->values[c] = v;
    if (narrow(s, c, PB_BIT(v), -1) && settle(s)) return 1;
    clear_queues(s);
    undo_to(s, s->mark[d]);
    s->values[c] = 0;
    return 0;
}

static void found_solution(alldiff *s)
{
    const size_t n = (size_t)s->m->ncells;
    s->st.solutions++;
    if (s->st.solutions == 1 && s->first) memcpy(s->first, s->values, n * sizeof *s->first);
    if (s->last) memcpy(s->last, s->values, n * sizeof *s->last);
    trace(s, -1, PB_EV_SOLUTION);
    pb_status st;
    if (pb_solution_stops(s->how, s->st.solutions, &st)) s->stopped = 1, s->status = st;
}

static void run_search(alldiff *s)
{
    const pb_model *m = s->m;
    int depth = 0;
    enter(s, 0);
    for (;;) {
        const int c = s->cell_at[depth], cur = s->values[c];
        if (cur) {
            undo_to(s, s->mark[depth]);
            s->values[c] = 0;
        }
        const pb_mask options = s->dom[c];
        pb_mask left = options & ~PB_FULL(cur);
        int v = 0;
        for (; left; left &= left - 1) {
            int u = __builtin_ctzll(left) + 1;
            if (place(s, depth, c, u)) {
                v = u;
                break;
            }
        }
        pb_stats_tried(&s->st, m->domain[c], m->nvalues, cur, v, options);
        if (v) {
            trace(s, c, PB_EV_PLACE);
            if (depth + 1 == s->nopen)
                found_solution(s);
            else
                enter(s, ++depth);
        } else {
            pb_run_backtrack(s->how, m, s->values, c, &s->st);
            if (depth == 0) return;
            depth--;
        }
        if (s->stopped) return;
        uint64_t steps = s->st.placements + s->st.backtracks;
        if (steps >= s->lim.next) {
            pb_status st = pb_limiter_poll(&s->lim, steps);
            if (st != PB_DONE) {
                s->status = st;
                return;
            }
        }
    }
}

static alldiff *alldiff_new(const pb_model *m)
{
    const size_t n = (size_t)m->ncells, ng = (size_t)m->ngroups;
    const size_t ntrail = n * (size_t)m->nvalues + n + 1;
    const size_t nmate = (size_t)m->group_start[m->ngroups];
    alldiff *s = calloc(1, sizeof *s);
    if (!s) return NULL;
    s->dom = malloc(2 * n * sizeof *s->dom + 1);
    s->trail = malloc(ntrail * sizeof *s->trail);
    s->values = calloc(4 * n + 1 + ng + 1, sizeof *s->values);
    s->gqueued = calloc(ng + n + 1, 1);
    s->mate = malloc(nmate + 1);
    if (!s->dom || !s->trail || !s->values || !s->gqueued || !s->mate) {
        free(s->dom), free(s->trail), free(s->values), free(s->gqueued), free(s->mate), free(s);
        return NULL;
    }
    s->m = m;
    s->eff = s->dom + n;
    s->cell_at = s->values + n;
    s->mark = s->cell_at + n;
    s->cq = s->mark + n + 1;
    s->gq = s->cq + n;
    s->cqueued = s->gqueued + ng;
    memset(s->mate, -1, nmate + 1);
    memcpy(s->dom, m->domain, n * sizeof *s->dom);
    s->status = PB_DONE;
    return s;
}

static void alldiff_free(alldiff *s)
{
    free(s->dom), free(s->trail), free(s->values), free(s->gqueued), free(s->mate);
    free((int *)s->static_order);
    free(s);
}

/* Queues every group, and every single-value cell that has pairs. */
static void queue_all(alldiff *s)
{
    const pb_model *m = s->m;
    for (int c = 0; c < m->ncells; c++) {
        pb_mask d = s->dom[c];
        if (d && !(d & (d - 1)) && m->nbr_start[c + 1] > m->nbr_start[c]) {
            s->cqueued[c] = 1;
            s->cq[s->cq_len++] = c;
        }
    }
    for (int g = 0; g < m->ngroups; g++) {
        s->gqueued[g] = 1;
        s->gq[s->gq_len++] = g;
    }
}

/* Places the givens, filters every group once (never undone) and fixes the order.
 * s->nopen: the open cells, or -1 when the filtering already finds no solution.
 * 0 when out of memory. */
static int setup(alldiff *s)
{
    const pb_model *m = s->m;
    int open = 0, empty = 0;
    for (int c = 0; c < m->ncells; c++) {
        pb_mask d = m->domain[c];
        if (d && !(d & (d - 1)))
            s->values[c] = __builtin_ctzll(d) + 1;
        else
            open++;
        empty |= !d; /* an empty domain: no solution */
    }
    queue_all(s);
    s->nopen = !empty && settle(s) ? open : -1;
    clear_queues(s);
    s->trail_len = 0;
    if (s->nopen > 0 && s->how->order->fill) {
        int *order = malloc((size_t)m->ncells * sizeof *order);
        if (!order) return 0;
        s->how->order->fill(m, order);
        int k = 0;
        for (int i = 0; i < m->ncells; i++)
            if (!s->values[order[i]]) order[k++] = order[i];
        s->static_order = order;
    }
    return 1;
}

static pb_status alldiff_run(const pb_model *m, int config, const pb_run *how, pb_result *out)
{
    (void)config;
    pb_run run = *how;
    run.order = how->order ? how->order : pb_orders[0];
    alldiff *s = alldiff_new(m);
    if (!s) return out->status = PB_NOMEM;
    s->how = &run;
    s->first = out->first;
    s->last = out->last;
    pb_limiter_init(&s->lim, &how->limits, 0);
    if (!setup(s)) {
        alldiff_free(s);
        return out->status = PB_NOMEM;
    }
    trace(s, -1, PB_EV_START);
    if (s->nopen == 0) /* the givens are the solution */
        found_solution(s);
    else if (s->nopen > 0)
        run_search(s);
    out->stats = s->st;
    out->status = s->status;
    alldiff_free(s);
    return out->status;
}

int pb_alldiff_filter(const pb_mask *d, int k, pb_mask *out)
{
    signed char mate[64];
    if (k < 0 || k > 64) return 0;
    memset(mate, -1, sizeof mate);
    return regin_filter(d, k, mate, out);
}

int pb_alldiff_settle(const pb_model *m, pb_mask *dom)
{
    alldiff *s = alldiff_new(m);
    if (!s) return -1;
    int ok = 1;
    for (int c = 0; c < m->ncells; c++) ok &= (s->dom[c] = dom[c]) != 0;
    queue_all(s);
    ok = ok && settle(s);
    clear_queues(s);
    memcpy(dom, s->dom, (size_t)m->ncells * sizeof *dom);
    alldiff_free(s);
    return ok;
}

const pb_engine pb_engine_alldiff = {
    {"alldiff",
     "domain-consistent all-different filtering (Regin's matching and components), sums too",
     PB_CAP_FIRST | PB_CAP_COUNT | PB_CAP_TRACE | PB_CAP_ORDER | PB_CAP_LAST, pb_cap_names, NULL},
    0,
    NULL,
    alldiff_run,
};
