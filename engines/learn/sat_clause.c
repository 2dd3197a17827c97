/* sat_clause.c — the solver's clauses and at-most-one lists one at a time
 * (pb_sat_add_clause, pb_sat_add_amo), and the storage they share with loading: the
 * clause arena, the at-most-one lists, and the growth of watch and occurrence lists
 * that may start in loading's pools. */
#include <string.h>

#include "../core/grow.h"
#include "sat_internal.h"

int sat_wvec_grow(pb_sat *s, wvec *v)
{
    int cap = v->cap ? 2 * v->cap : 4;
    watch *w;
    if (in_wpool(s, v->w)) {
        if ((w = malloc((size_t)cap * sizeof *w))) memcpy(w, v->w, (size_t)v->n * sizeof *w);
    } else {
        w = realloc(v->w, (size_t)cap * sizeof *w);
    }
    if (!w) return -1;
    if (!v->cap || in_wpool(s, v->w)) s->owned++;
    v->w = w;
    v->cap = cap;
    return 0;
}

/* ivec_push for an at-most-one occurrence list, which may start in opool. */
static int occ_push(pb_sat *s, ivec *v, int x)
{
    if (v->n == v->cap && in_opool(s, v->a)) {
        int cap = 2 * v->cap + 8;
        int *a = malloc((size_t)cap * sizeof *a);
        if (!a) return -1;
        memcpy(a, v->a, (size_t)v->n * sizeof *a);
        v->a = a;
        v->cap = cap;
        s->owned++;
    } else if (!v->a) {
        s->owned++; /* ivec_push allocates it (counting one too many is harmless) */
    }
    return ivec_push(v, x);
}

int sat_arena_reserve(pb_sat *s, size_t n)
{
    size_t need = s->arena_n + n;
    if (need > 0x7FFFFFFFu) return -1;
    if (need <= s->arena_cap) return 0;
    uint32_t *a = pb_grow(s->arena, &s->arena_cap, need, sizeof *a, 1024);
    if (!a) return -1;
    s->arena = a;
    return 0;
}

int sat_amo_reserve(pb_sat *s, size_t n)
{
    size_t need = s->amo_n + n;
    if (need > 0x7FFFFFFFu) return -1;
    if (need <= s->amo_cap) return 0;
    int *a = pb_grow(s->amo_lits, &s->amo_cap, need, sizeof *a, 256);
    if (!a) return -1;
    s->amo_lits = a;
    return 0;
}

int64_t sat_arena_alloc(pb_sat *s, int n, uint32_t flags)
{
    if (sat_arena_reserve(s, 2 + (size_t)n)) return -1;
    uint32_t c = (uint32_t)s->arena_n;
    s->arena_n += 2 + (size_t)n;
    s->arena[c] = (uint32_t)n;
    s->arena[c + 1] = flags;
    return c;
}

int sat_attach(pb_sat *s, uint32_t c)
{
    int *l = C_LITS(s, c);
    if (wvec_push(s, &s->watches[neg(l[0])], c, l[1])) return -1;
    return wvec_push(s, &s->watches[neg(l[1])], c, l[0]);
}

int pb_sat_add_clause(pb_sat *s, const int *lits, int n)
{
    if (!s->ready) sat_ready(s);
    if (s->unsat) return 0;
    sat_backtrack(s, 0);
    ivec *b = &s->learnt;
    b->n = 0;
    for (int i = 0; i < n; i++) {
        int l = lit_of(lits[i]);
        if (s->val[l] == -1 || s->seen[var_of(l)] == 1 + (l & 1)) continue;
        if (s->val[l] == 1 || s->seen[var_of(l)]) { /* satisfied at level 0, or l and -l */
            for (int j = 0; j < b->n; j++) s->seen[var_of(b->a[j])] = 0;
            return 0;
        }
        s->seen[var_of(l)] = (unsigned char)(1 + (l & 1));
        if (ivec_push(b, l)) return -1;
    }
    for (int j = 0; j < b->n; j++) s->seen[var_of(b->a[j])] = 0;
    if (b->n == 0) {
        s->unsat = 1;
        return 0;
    }
    if (b->n == 1) {
        assign(s, b->a[0], NO_REASON);
        return 0;
    }
    int64_t c = sat_arena_alloc(s, b->n, 0);
    if (c < 0) return -1;
    memcpy(C_LITS(s, c), b->a, (size_t)b->n * sizeof(int));
    return sat_attach(s, (uint32_t)c);
}

int sat_amo_entries(const int *list, int n, int i, int id, int *out)
{
    if (n > AMO_FLAT) {
        out[0] = ~id;
        return 1;
    }
    int k = 0;
    for (int j = 0; j < n; j++)
        if (j != i) out[k++] = list[j];
    return k;
}

int pb_sat_add_amo(pb_sat *s, const int *lits, int n)
{
    if (!s->ready) sat_ready(s);
    if (n < 2) return 0;
    sat_backtrack(s, 0);
    if (sat_amo_reserve(s, 1 + (size_t)n)) return -1;
    int id = (int)s->amo_n;
    s->amo_lits[s->amo_n++] = n;
    for (int i = 0; i < n; i++) s->amo_lits[s->amo_n++] = lit_of(lits[i]);
    const int *list = s->amo_lits + id + 1;
    for (int i = 0; i < n; i++) {
        int e[AMO_FLAT];
        for (int k = 0, ne = sat_amo_entries(list, n, i, id, e); k < ne; k++)
            if (occ_push(s, &s->amo_occ[list[i]], e[k])) return -1;
    }
    /* A literal already true at level 0 falsifies the others at the next propagation:
     * the queue is rewound to the start so that it is seen again. */
    s->qhead = 0;
    return 0;
}
