/* sat_propagate.c — unit propagation: at-most-one lists first (a true literal
 * falsifies the others), then the two-watched-literal clauses with blockers. The
 * limiter is polled here, before each propagated literal. */
#include "sat_internal.h"

/* p is true and shares an at-most-one list with y: y is made false, or, when it is
 * true, the pair is the conflict (1). */
static inline int amo_falsify(pb_sat *s, int p, int y)
{
    if (s->val[y] == 1) {
        s->confl = AMO_TAG;
        s->confl_pair[0] = neg(p);
        s->confl_pair[1] = neg(y);
        s->qhead = s->trail_n;
        return 1;
    }
    if (s->val[y] == 0) assign(s, neg(y), AMO_TAG | (uint32_t)p);
    return 0;
}

int sat_propagate(pb_sat *s)
{
    while (s->qhead < s->trail_n) {
        /* Polled before each propagation, so a step limit stops at the step exactly. */
        uint64_t steps = s->st.propagations + s->st.conflicts;
        if (s->lim && steps >= s->lim->next &&
            (s->stop = pb_limiter_poll(s->lim, steps)) != PB_DONE)
            return 0;
        int p = s->trail[s->qhead++];
        s->st.propagations++;
        /* At-most-one lists: p true makes every other literal false. */
        ivec *occ = &s->amo_occ[p];
        for (int k = 0; k < occ->n; k++) {
            int y = occ->a[k];
            if (y >= 0) {
                if (amo_falsify(s, p, y)) return 1;
                continue;
            }
            const int *a = s->amo_lits + ~y;
            const int *e = a + 1 + *a;
            for (a++; a < e; a++)
                if (*a != p && amo_falsify(s, p, *a)) return 1;
        }
        /* Clauses watching -p. */
        int fl = neg(p);
        wvec *ws = &s->watches[p];
        watch *i = ws->w, *j = ws->w, *end = ws->w + ws->n;
        while (i < end) {
            if (s->val[i->blocker] == 1) {
                *j++ = *i++;
                continue;
            }
            uint32_t c = i->cref;
            int *l = C_LITS(s, c);
            /* The next watch's clause is most of the time far off in the arena, its
             * fetch the visit's main cost: asked for now, it arrives during this visit.
             * A hint alone: the search is the same. */
            if (i + 1 < end) __builtin_prefetch(C_LITS(s, i[1].cref));
            if (l[0] == fl) {
                l[0] = l[1];
                l[1] = fl;
            }
            int first = l[0];
            watch w = {c, first};
            int old_blocker = i->blocker;
            i++;
            if (first != old_blocker && s->val[first] == 1) {
                *j++ = w;
                continue;
            }
            int n = (int)C_SIZE(s, c), k;
            for (k = 2; k < n; k++)
                if (s->val[l[k]] != -1) break;
            if (k < n) {
                l[1] = l[k];
                l[k] = fl;
                if (wvec_push(s, &s->watches[neg(l[1])], c, first)) {
                    s->nomem = 1;
                    *j++ = w;
                    while (i < end) *j++ = *i++;
                    ws->n = (int)(j - ws->w);
                    return 0;
                }
                continue;
            }
            *j++ = w;
            if (s->val[first] == -1) {
                s->confl = c;
                s->qhead = s->trail_n;
                while (i < end) *j++ = *i++;
                ws->n = (int)(j - ws->w);
                return 1;
            }
            assign(s, first, c);
        }
        ws->n = (int)(j - ws->w);
    }
    return 0;
}
