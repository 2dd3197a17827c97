/* sat_load.c — pb_sat_load and its streaming form: a new solver's clauses and lists
 * stored as they come, their watch and occurrence lists made at the end in a few
 * allocations, the same solver that adding them one by one would make. */
#include <string.h>

#include "sat_internal.h"

int pb_sat_load_begin(pb_sat *s, size_t lits_hint, size_t amo_hint)
{
    s->loading = 2;
    if (s->arena_n || s->amo_n || s->trail_n || s->unsat || s->wpool || s->opool) return 0;
    s->loading = 1;
    if (sat_arena_reserve(s, lits_hint)) return -1;
    if (amo_hint > s->amo_cap && amo_hint < 0x7FFFFFFFu) {
        int *a = realloc(s->amo_lits, amo_hint * sizeof *a);
        if (!a) return -1;
        s->amo_lits = a;
        s->amo_cap = amo_hint;
    }
    return 0;
}

int pb_sat_load_clause(pb_sat *s, const int *lits, int n)
{
    if (s->loading != 1) return pb_sat_add_clause(s, lits, n);
    if (s->unsat) return 0;
    /* Simplified as pb_sat_add_clause does (with no variable twice in a clause, there
     * is no duplicate or tautology to find), straight into the arena; the watch lists
     * are made at the end, their lengths counted in n meanwhile. */
    if (sat_arena_reserve(s, 2 + (size_t)n)) return -1;
    size_t c = s->arena_n;
    int *out = (int *)&s->arena[c + 2], k = 0;
    for (int j = 0; j < n; j++) {
        int l = lit_of(lits[j]);
        if (s->val[l] == 1) return 0; /* satisfied at level 0 */
        out[k] = l;
        k += s->val[l] == 0;
    }
    if (k == 0) {
        s->unsat = 1;
    } else if (k == 1) {
        assign(s, out[0], NO_REASON);
    } else {
        s->arena[c] = (uint32_t)k;
        s->arena[c + 1] = 0;
        s->arena_n = c + 2 + (size_t)k;
        s->watches[neg(out[0])].n++;
        s->watches[neg(out[1])].n++;
    }
    return 0;
}

int pb_sat_load_amo(pb_sat *s, const int *lits, int n)
{
    if (s->loading != 1) return pb_sat_add_amo(s, lits, n);
    if (n < 2) return 0;
    /* Stored as pb_sat_add_amo stores it; the occurrence lists are made at the end,
     * their lengths counted in n meanwhile. */
    if (sat_amo_reserve(s, 1 + (size_t)n)) return -1;
    s->amo_lits[s->amo_n++] = n;
    for (int i = 0; i < n; i++) {
        int l = lit_of(lits[i]);
        s->amo_lits[s->amo_n++] = l;
        s->amo_occ[l].n += amo_entry_count(n);
    }
    return 0;
}

int pb_sat_load_end(pb_sat *s)
{
    int mode = s->loading;
    s->loading = 0;
    if (mode != 1) return 0;
    const int nl = 2 * s->nvars;
    /* The watch lists, in one array with room to grow, filled in clause order as
     * attach would have. */
    size_t nw = 0;
    for (int l = 0; l < nl; l++) nw += (size_t)s->watches[l].n + WATCH_SLACK;
    if (nl && !(s->wpool = malloc(nw * sizeof *s->wpool))) return -1;
    s->wpool_n = nw;
    nw = 0;
    for (int l = 0; l < nl; l++) {
        wvec *v = &s->watches[l];
        v->w = s->wpool + nw;
        v->cap = v->n + WATCH_SLACK;
        v->n = 0;
        nw += (size_t)v->cap;
    }
    for (size_t c = 0; c < s->arena_n; c += 2 + s->arena[c]) sat_attach(s, (uint32_t)c);
    if (!s->amo_n) return 0;
    /* Each literal's entries in one array, in list order. */
    size_t na = 0;
    for (int l = 0; l < nl; l++) na += (size_t)s->amo_occ[l].n;
    if (!(s->opool = malloc(na * sizeof *s->opool))) return -1;
    s->opool_n = na;
    na = 0;
    for (int l = 0; l < nl; l++) {
        ivec *v = &s->amo_occ[l];
        v->a = v->n ? s->opool + na : NULL;
        v->cap = v->n;
        na += (size_t)v->n;
        v->n = 0;
    }
    for (size_t o = 0; o < s->amo_n; o += 1 + (size_t)s->amo_lits[o]) {
        const int n = s->amo_lits[o], *list = s->amo_lits + o + 1;
        for (int i = 0; i < n; i++) {
            ivec *v = &s->amo_occ[list[i]];
            v->n += sat_amo_entries(list, n, i, (int)o, v->a + v->n);
        }
    }
    /* As pb_sat_add_amo: the queue is seen again for the lists. */
    s->qhead = 0;
    return 0;
}

int pb_sat_load(pb_sat *s, size_t nclauses, const size_t *start, const int *lits, size_t namo,
                const size_t *amo_start, const int *amo_lits)
{
    size_t nlits = nclauses ? start[nclauses] - start[0] + 2 * nclauses : 0;
    size_t namolits = namo ? amo_start[namo] - amo_start[0] + namo : 0;
    if (pb_sat_load_begin(s, nlits, namolits)) return -1;
    for (size_t i = 0; i < nclauses; i++)
        if (pb_sat_load_clause(s, lits + start[i], (int)(start[i + 1] - start[i]))) return -1;
    for (size_t i = 0; i < namo; i++)
        if (pb_sat_load_amo(s, amo_lits + amo_start[i], (int)(amo_start[i + 1] - amo_start[i])))
            return -1;
    return pb_sat_load_end(s);
}
