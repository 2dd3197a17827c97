/* sat_alldiff.c — all-different groups as a propagator inside the search (lazy clause
 * generation, with eager explanations): at each fixpoint of unit propagation, every
 * group one of whose cells lost a value since is made domain-consistent (Régin's
 * filtering, on masks), each value it removes asserted false with a clause that
 * explains it, and a group with no matching left gives the conflict's clause. So
 * analysis learns across Hall sets, which the clauses alone never see.
 *
 * Explanations are Hall sets. A cell that no augmenting path can match: the values
 * its failed search visited (V) and the cells holding them with it (C) are one cell
 * more than the values, and every other value of C's cells is false: the clause of
 * those false literals is falsified. A value v removed from cell d: the values
 * reachable from v (a value leads to those its holder may take) form a closed set S
 * holding neither d's matched value nor a free one, so S's holders H take S between
 * them: (not d=v) or some cell of H takes a value outside S. Literals false at level
 * 0 are left out. An explanation is a reason and nothing more: it is not watched,
 * since the group finds the same removal again whenever it holds, and the next
 * reduction deletes it once it is no reason (F_THEORY). */
#include <string.h>

#include "sat_internal.h"

/* Kuhn's augmenting path from cell i over the values not yet visited. */
static int augment(const uint64_t *dom, int i, signed char *mate, signed char *holder,
                   uint64_t *visited)
{
    uint64_t c = dom[i] & ~*visited;
    while (c) {
        int v = __builtin_ctzll(c);
        c &= c - 1;
        *visited |= 1ull << v;
        if (holder[v] < 0 || augment(dom, holder[v], mate, holder, visited)) {
            mate[i] = (signed char)v;
            holder[v] = (signed char)i;
            return 1;
        }
    }
    return 0;
}

/* The values reachable from those of `from` (a value leads to its holder's). */
static uint64_t closure(const uint64_t *dom, const signed char *holder, uint64_t from)
{
    uint64_t seen = from, frontier = from;
    while (frontier) {
        uint64_t next = 0;
        for (; frontier; frontier &= frontier - 1) next |= dom[holder[__builtin_ctzll(frontier)]];
        frontier = next & ~seen;
        seen |= frontier;
    }
    return seen;
}

/* The explanation's literals into s->learnt, `implied` first (LIT_UNDEF: none, a
 * conflict): "cell takes w" for every group cell i in `cells` and value w outside
 * `vals`, less those false at level 0. -1 when out of memory. */
static int explain(pb_sat *s, const sat_group *g, uint64_t cells, uint64_t vals, int implied)
{
    ivec *out = &s->learnt;
    out->n = 0;
    if (implied != LIT_UNDEF && ivec_push(out, implied)) return -1;
    for (; cells; cells &= cells - 1) {
        const int *row =
            s->ad_row + (size_t)s->ad_cells[g->cells + __builtin_ctzll(cells)] * s->ad_nv;
        for (int w = 0; w < s->ad_nv; w++)
            if (row[w] >= 0 && !(vals >> w & 1) && s->level[var_of(row[w])] > 0 &&
                ivec_push(out, row[w]))
                return -1;
    }
    return 0;
}

/* Swaps the literal of the highest level among s->learnt's from `from` on into place. */
static void highest_to(pb_sat *s, int from)
{
    int *a = s->learnt.a, best = from;
    for (int i = from + 1; i < s->learnt.n; i++)
        if (s->level[var_of(a[i])] > s->level[var_of(a[best])]) best = i;
    int t = a[from];
    a[from] = a[best];
    a[best] = t;
}

/* s->learnt stored as a theory clause (its LBD taken, unwatched): its offset, or -1
 * when out of memory. */
static int64_t store(pb_sat *s)
{
    ivec *out = &s->learnt;
    const uint32_t lbd = sat_lbd(s, out->a, out->n);
    int64_t c = sat_arena_alloc(s, out->n, F_LEARNT | F_THEORY | lbd << LBD_SHIFT);
    if (c < 0 || ivec_push(&s->learnts, (int)c)) return -1;
    memcpy(C_LITS(s, c), out->a, (size_t)out->n * sizeof(int));
    s->st.explained++;
    return c;
}

/* Cell i of group g has no value left that a matching could give it: the conflict,
 * found by i's failed search (`visited`, with `holder`). 1 literals asserted (a fact
 * of level 0), 2 a conflict, -1 out of memory. */
static int conflict(pb_sat *s, const sat_group *g, int i, uint64_t visited,
                    const signed char *holder)
{
    uint64_t cells = 1ull << i;
    for (uint64_t m = visited; m; m &= m - 1) cells |= 1ull << holder[__builtin_ctzll(m)];
    if (explain(s, g, cells, visited, LIT_UNDEF)) return -1;
    if (s->learnt.n <= 1) {
        /* Level 0's facts alone: the formula is unsatisfiable, or its one literal
         * left is a fact of level 0, asserted there as a learnt unit would be. */
        sat_backtrack(s, 0);
        if (s->learnt.n == 0) {
            s->unsat = 1;
            return 2;
        }
        s->st.explained++;
        assign(s, s->learnt.a[0], NO_REASON);
        return 1;
    }
    highest_to(s, 0);
    highest_to(s, 1);
    /* Analysis wants the conflict at the current level. */
    sat_backtrack(s, s->level[var_of(s->learnt.a[0])]);
    int64_t c = store(s);
    if (c < 0) return -1;
    s->confl = (uint32_t)c;
    s->qhead = s->trail_n;
    return 2;
}

/* `to` and the values of `among` that reach it (a value leads to those its holder may
 * take): the closure backwards. */
static uint64_t reaching(const uint64_t *dom, const signed char *holder, uint64_t among,
                         uint64_t to)
{
    for (int changed = to != 0; changed;) {
        changed = 0;
        for (uint64_t m = among & ~to; m; m &= m - 1) {
            int v = __builtin_ctzll(m);
            if (dom[holder[v]] & to) {
                to |= 1ull << v;
                changed = 1;
            }
        }
    }
    return to;
}

/* comp[v]: the strongly connected component of each value of `bad` (0 for the other
 * matched values), which decides: an edge (i, v) stays iff v lies in the component
 * of i's matched value. A cell down to one value is left with 0, a component of its
 * own with no edge in (unit propagation took the value from the others). */
static void components(const uint64_t *dom, const signed char *holder, uint64_t matched,
                       uint64_t bad, uint64_t *comp)
{
    uint64_t left = bad;
    for (uint64_t m = matched; m; m &= m - 1) {
        int v = __builtin_ctzll(m);
        comp[v] = 0;
        if (dom[holder[v]] == 1ull << v) left &= ~(1ull << v);
    }
    while (left) {
        int v0 = __builtin_ctzll(left);
        const uint64_t fwd = closure(dom, holder, 1ull << v0) & left,
                       bwd = reaching(dom, holder, fwd, 1ull << v0);
        for (uint64_t m = bwd; m; m &= m - 1) comp[__builtin_ctzll(m)] = bwd;
        left &= ~bwd;
    }
}

/* Group g made domain-consistent: 0 nothing to do, 1 literals asserted, 2 a conflict
 * (in s->confl), -1 out of memory. */
static int filter(pb_sat *s, sat_group *g)
{
    const int k = g->k;
    const int *cell = s->ad_cells + g->cells;
    signed char *mate = s->ad_mate + g->cells;
    uint64_t dom[64], comp[64]; /* comp: per value, its component (0: none) */
    signed char holder[64];
    if (k < 1) return 0; /* an empty group: nothing to filter, nor dom to read */
    memset(holder, -1, sizeof holder);
    for (int i = 0; i < k; i++) {
        dom[i] = s->ad_dom[cell[i]];
        if (mate[i] >= 0 && (dom[i] >> mate[i] & 1) && holder[mate[i]] < 0)
            holder[mate[i]] = (signed char)i;
        else
            mate[i] = -1;
    }
    for (int i = 0; i < k; i++) {
        uint64_t visited = 0;
        if (mate[i] < 0 && !augment(dom, i, mate, holder, &visited))
            return conflict(s, g, i, visited, holder);
    }
    /* (An augmenting path may move cells matched before, so the sets come after.) */
    uint64_t matched = 0, all = 0;
    for (int i = 0; i < k; i++) {
        matched |= 1ull << mate[i];
        all |= dom[i];
    }
    /* Only values that reach no free one can be removed from a cell. */
    const uint64_t bad = matched & ~reaching(dom, holder, matched, all & ~matched);
    components(dom, holder, matched, bad, comp);
    int done = 0;
    for (int i = 0; i < k; i++) {
        if (!(dom[i] & (dom[i] - 1))) continue;
        for (uint64_t cand = dom[i] & bad & ~comp[mate[i]]; cand; cand &= cand - 1) {
            int v = __builtin_ctzll(cand);
            uint64_t vals = closure(dom, holder, 1ull << v), cells = 0;
            for (uint64_t m = vals; m; m &= m - 1) cells |= 1ull << holder[__builtin_ctzll(m)];
            int lit = neg(s->ad_row[(size_t)cell[i] * s->ad_nv + v]);
            if (explain(s, g, cells, vals, lit)) return -1;
            if (s->learnt.n == 1) {
                if (s->nlevels > 0) continue; /* a fact of level 0 found late: left */
                s->st.explained++;
                assign(s, lit, NO_REASON);
            } else {
                highest_to(s, 1);
                int64_t c = store(s);
                if (c < 0) return -1;
                assign(s, lit, (uint32_t)c);
            }
            done = 1;
        }
    }
    return done;
}

/* Each cell's groups, its values not false, and every group queued: at the first
 * solve, once all groups are in. 0, or -1 when out of memory. */
static int index_groups(pb_sat *s)
{
    const int nc = s->ad_ncells;
    s->ad_index = calloc((size_t)nc + 1, sizeof *s->ad_index);
    s->ad_occ = malloc((s->ad_cells_n + 1) * sizeof *s->ad_occ);
    s->ad_queue = malloc((size_t)s->ad_n * sizeof *s->ad_queue);
    s->ad_dom = malloc(((size_t)nc + 1) * sizeof *s->ad_dom);
    int *fill = malloc(((size_t)nc + 1) * sizeof *fill);
    if (!s->ad_index || !s->ad_occ || !s->ad_queue || !s->ad_dom || !fill) {
        free(fill);
        return -1;
    }
    for (size_t j = 0; j < s->ad_cells_n; j++) s->ad_index[s->ad_cells[j] + 1]++;
    for (int c = 0; c < nc; c++) s->ad_index[c + 1] += s->ad_index[c];
    memcpy(fill, s->ad_index, (size_t)nc * sizeof *fill);
    for (int g = 0; g < s->ad_n; g++) {
        const sat_group *gr = &s->ad[g];
        for (int i = 0; i < gr->k; i++) s->ad_occ[fill[s->ad_cells[gr->cells + i]]++] = g;
        s->ad[g].queued = 1;
        s->ad_queue[g] = g;
    }
    free(fill);
    s->ad_qn = s->ad_n;
    for (int c = 0; c < nc; c++) {
        uint64_t m = 0;
        for (int v = 0; v < s->ad_nv; v++) {
            int l = s->ad_row[(size_t)c * s->ad_nv + v];
            if (l >= 0 && s->val[l] != -1) m |= 1ull << v;
        }
        s->ad_dom[c] = m;
    }
    s->ad_head = s->trail_n;
    return 0;
}

int sat_alldiff_propagate(pb_sat *s)
{
    if (!s->ad_index && index_groups(s)) return -1;
    /* The cells that lost a value since the last call queue their groups. */
    for (; s->ad_head < s->trail_n; s->ad_head++) {
        int p = s->trail[s->ad_head], x = var_of(p), c = s->ad_var_cell[x];
        if (!(p & 1) || c < 0) continue;
        s->ad_dom[c] &= ~(1ull << s->ad_var_value[x]);
        for (int j = s->ad_index[c]; j < s->ad_index[c + 1]; j++) {
            sat_group *gr = &s->ad[s->ad_occ[j]];
            if (!gr->queued) {
                gr->queued = 1;
                s->ad_queue[s->ad_qn++] = s->ad_occ[j];
            }
        }
    }
    while (s->ad_qn > 0) {
        int g = s->ad_queue[--s->ad_qn];
        s->ad[g].queued = 0;
        s->st.work += (uint64_t)s->ad[g].k;
        int r = filter(s, &s->ad[g]);
        if (r) return r;
    }
    return 0;
}

void sat_alldiff_backtracked(pb_sat *s)
{
    if (!s->ad_index) return;
    /* The undone entries are still in the trail's array, past its end. */
    for (int i = s->trail_n; i < s->ad_head; i++) {
        int p = s->trail[i], x = var_of(p), c = s->ad_var_cell[x];
        if ((p & 1) && c >= 0) s->ad_dom[c] |= 1ull << s->ad_var_value[x];
    }
    if (s->ad_head > s->trail_n) s->ad_head = s->trail_n;
    /* Below the conflict's level every group was at its fixpoint. */
    while (s->ad_qn > 0) s->ad[s->ad_queue[--s->ad_qn]].queued = 0;
}

/* The cell whose row is vars' (its first variable's, made when new): its id, or -1
 * when out of memory or when the row is not that cell's. */
static int cell_of(pb_sat *s, const int *vars)
{
    const int nv = s->ad_nv;
    int first = -1;
    for (int v = 0; v < nv && first < 0; v++)
        if (vars[v] > 0) first = vars[v] - 1;
    if (first >= 0 && s->ad_var_cell[first] >= 0) {
        int c = s->ad_var_cell[first];
        for (int v = 0; v < nv; v++)
            if (s->ad_row[(size_t)c * nv + v] != (vars[v] > 0 ? lit_of(vars[v]) : -1)) return -1;
        return c;
    }
    if ((size_t)s->ad_ncells == s->ad_row_cap) {
        int *row = pb_grow(s->ad_row, &s->ad_row_cap, s->ad_row_cap + 1, nv * sizeof *row, 64);
        if (!row) return -1;
        s->ad_row = row;
    }
    int c = s->ad_ncells++;
    for (int v = 0; v < nv; v++) {
        int x = vars[v];
        s->ad_row[(size_t)c * nv + v] = x > 0 ? lit_of(x) : -1;
        if (x <= 0) continue;
        if (x > s->nvars || s->ad_var_cell[x - 1] >= 0) return -1;
        s->ad_var_cell[x - 1] = c;
        s->ad_var_value[x - 1] = (signed char)v;
    }
    return c;
}

int pb_sat_add_alldiff(pb_sat *s, const int *vars, int k, int nv)
{
    if (k < 0 || k > 64 || nv < 1 || nv > 64 || (s->ad_nv && nv != s->ad_nv) || s->ad_index)
        return -1;
    if (!s->ad_nv) {
        s->ad_var_cell = malloc(((size_t)s->nvars + 1) * sizeof *s->ad_var_cell);
        s->ad_var_value = malloc((size_t)s->nvars + 1);
        if (!s->ad_var_cell || !s->ad_var_value) return -1;
        for (int x = 0; x < s->nvars; x++) s->ad_var_cell[x] = -1;
        s->ad_nv = nv;
    }
    if ((size_t)s->ad_n == s->ad_cap) {
        sat_group *a = pb_grow(s->ad, &s->ad_cap, s->ad_cap + 1, sizeof *a, 16);
        if (!a) return -1;
        s->ad = a;
    }
    const size_t need = s->ad_cells_n + (size_t)k;
    if (need > s->ad_cells_cap) {
        int *cells = pb_grow(s->ad_cells, &s->ad_cells_cap, need, sizeof *cells, 256);
        if (!cells) return -1;
        s->ad_cells = cells;
    }
    if (need > s->ad_mate_cap) {
        signed char *mate = pb_grow(s->ad_mate, &s->ad_mate_cap, need, 1, 256);
        if (!mate) return -1;
        s->ad_mate = mate;
    }
    for (int i = 0; i < k; i++) {
        int c = cell_of(s, vars + (size_t)i * nv);
        if (c < 0) return -1;
        s->ad_cells[s->ad_cells_n + (size_t)i] = c;
        s->ad_mate[s->ad_cells_n + (size_t)i] = -1;
    }
    s->ad[s->ad_n++] = (sat_group){k, (int)s->ad_cells_n, 0};
    s->ad_cells_n += (size_t)k;
    return 0;
}
