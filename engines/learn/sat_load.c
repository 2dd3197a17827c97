/* sat_load.c — loading a new solver: its clauses and lists stored as they come,
 * their watch and occurrence lists made at the end in a few allocations, the same
 * solver that adding them one by one would make. The work is polled on the limiter
 * given to pb_sat_load_begin, a unit per literal or list entry handled, so that a
 * time limit holds while a large encoding loads. */
#include <string.h>

#include "sat_internal.h"

pb_status pb_sat_load_begin(pb_sat *s, size_t lits_hint, size_t amo_hint, pb_limiter *work,
                            uint64_t done)
{
    s->work_lim = work;
    s->st.work = done;
    if (!s->ready) {
        pb_status st = sat_ready(s);
        if (st != PB_DONE) return st;
    }
    s->loading = 2;
    if (s->arena_n || s->amo_n || s->trail_n || s->unsat || s->wpool || s->opool) return PB_DONE;
    s->loading = 1;
    if (sat_arena_reserve(s, lits_hint)) return PB_NOMEM;
    if (amo_hint > s->amo_cap && amo_hint < 0x7FFFFFFFu) {
        int *a = realloc(s->amo_lits, amo_hint * sizeof *a);
        if (!a) return PB_NOMEM;
        s->amo_lits = a;
        s->amo_cap = amo_hint;
    }
    return PB_DONE;
}

pb_status pb_sat_load_clause(pb_sat *s, const int *lits, int n)
{
    if (s->loading != 1) return pb_sat_add_clause(s, lits, n) ? PB_NOMEM : sat_work(s, (size_t)n);
    if (s->unsat) return PB_DONE;
    /* Simplified as pb_sat_add_clause does (with no variable twice in a clause, there
     * is no duplicate or tautology to find), straight into the arena; the watch lists
     * are made at the end, their lengths counted in n meanwhile. */
    if (sat_arena_reserve(s, 2 + (size_t)n)) return PB_NOMEM;
    size_t c = s->arena_n;
    int *out = (int *)&s->arena[c + 2], k = 0;
    for (int j = 0; j < n; j++) {
        int l = lit_of(lits[j]);
        if (s->val[l] == 1) return sat_work(s, (size_t)n); /* satisfied at level 0 */
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
    return sat_work(s, (size_t)n);
}

pb_status pb_sat_load_amo(pb_sat *s, const int *lits, int n)
{
    if (s->loading != 1) return pb_sat_add_amo(s, lits, n) ? PB_NOMEM : sat_work(s, (size_t)n);
    if (n < 2) return PB_DONE;
    /* Stored as pb_sat_add_amo stores it; the occurrence lists are made at the end,
     * their lengths counted in n meanwhile. */
    if (sat_amo_reserve(s, 1 + (size_t)n)) return PB_NOMEM;
    s->amo_lits[s->amo_n++] = n;
    for (int i = 0; i < n; i++) {
        int l = lit_of(lits[i]);
        s->amo_lits[s->amo_n++] = l;
        s->amo_occ[l].n += amo_entry_count(n);
    }
    return sat_work(s, (size_t)n);
}

/* The watch lists, in one array with room to grow, filled in clause order as attach
 * would have. */
static pb_status load_watches(pb_sat *s)
{
    const int nl = 2 * s->nvars;
    pb_status st = PB_DONE;
    size_t nw = 0;
    for (int l = 0; l < nl; l++) nw += (size_t)s->watches[l].n + WATCH_SLACK;
    if (nl && !(s->wpool = malloc(nw * sizeof *s->wpool))) return PB_NOMEM;
    pb_advise_huge(s->wpool, nw * sizeof *s->wpool);
    s->wpool_n = nw;
    nw = 0;
    for (int l = 0; l < nl && st == PB_DONE; l++) {
        wvec *v = &s->watches[l];
        v->w = s->wpool + nw;
        v->cap = v->n + WATCH_SLACK;
        v->n = 0;
        nw += (size_t)v->cap;
        st = sat_work(s, 1);
    }
    /* The pool has room for every clause's two watches: attach cannot fail. */
    for (size_t c = 0; c < s->arena_n && st == PB_DONE; c += 2 + s->arena[c]) {
        sat_attach(s, (uint32_t)c);
        st = sat_work(s, 2);
    }
    return st;
}

/* Each literal's at-most-one entries in one array, in list order. */
static pb_status load_occurrences(pb_sat *s)
{
    const int nl = 2 * s->nvars;
    pb_status st = PB_DONE;
    size_t na = 0;
    for (int l = 0; l < nl; l++) na += (size_t)s->amo_occ[l].n;
    if (!(s->opool = malloc(na * sizeof *s->opool))) return PB_NOMEM;
    pb_advise_huge(s->opool, na * sizeof *s->opool);
    s->opool_n = na;
    na = 0;
    for (int l = 0; l < nl && st == PB_DONE; l++) {
        ivec *v = &s->amo_occ[l];
        v->a = v->n ? s->opool + na : NULL;
        v->cap = v->n;
        na += (size_t)v->n;
        v->n = 0;
        st = sat_work(s, 1);
    }
    for (size_t o = 0; o < s->amo_n && st == PB_DONE; o += 1 + (size_t)s->amo_lits[o]) {
        const int n = s->amo_lits[o], *list = s->amo_lits + o + 1;
        size_t made = 0;
        for (int i = 0; i < n; i++) {
            ivec *v = &s->amo_occ[list[i]];
            int k = sat_amo_entries(list, n, i, (int)o, v->a + v->n);
            v->n += k;
            made += (size_t)k;
        }
        st = sat_work(s, made);
    }
    return st;
}

pb_status pb_sat_load_work(pb_sat *s, size_t n)
{
    return sat_work(s, n);
}

pb_status pb_sat_load_end(pb_sat *s)
{
    int mode = s->loading;
    s->loading = 0;
    if (mode != 1) return PB_DONE;
    pb_status st = load_watches(s);
    if (st == PB_DONE && s->amo_n) st = load_occurrences(s);
    /* As pb_sat_add_amo: the queue is seen again for the lists. */
    s->qhead = 0;
    return st;
}
