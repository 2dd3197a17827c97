/* sat_shrink.c — shrinking the learnt clause (pb_sat_options.shrink), after CaDiCaL.
 *
 * The literals the clause holds on one lower decision level are all false because of
 * the trail of that level: walking it backwards from them through their reasons, as
 * first-UIP does on the conflict level, may reach one literal that implies them all
 * (the level's UIP, its decision at the latest). They are then replaced by that one
 * literal's negation, provided that every reason on the way has its other literals on
 * that level, at level 0, or in the clause already: the clause stays implied by the
 * formula, keeps its levels (so its LBD), and loses literals. */
#include "sat_internal.h"

/* Shrinks the clause's literals of level lvl (k of them) to the level's UIP. 0, or -1
 * when out of memory. Clause literals are marked 2 in seen, the level's others met 1. */
static int shrink_level(pb_sat *s, int lvl, int k)
{
    ivec *out = &s->learnt;
    int top = s->toclear.n, open = k, uip = LIT_UNDEF, fail = 0;
    const int start = s->trail_lim[lvl - 1];
    const int end = lvl < s->nlevels ? s->trail_lim[lvl] : s->trail_n;
    int i = end - 1;
    for (; i >= start && !fail; i--) {
        int p = s->trail[i], v = var_of(p);
        if (!s->seen[v]) continue;
        if (open == 1) {
            uip = p;
            break;
        }
        open--;
        uint32_t r = s->reason[v];
        int tmp, n;
        const int *l;
        if (r & AMO_TAG) {
            tmp = neg((int)(r & ~AMO_TAG));
            l = &tmp, n = 1;
        } else {
            l = C_LITS(s, r) + 1, n = (int)C_SIZE(s, r) - 1;
        }
        s->st.work += (uint64_t)n;
        for (int j = 0; j < n; j++) {
            int w = var_of(l[j]);
            if (s->seen[w] || s->level[w] == 0) continue;
            if (s->level[w] != lvl) { /* a literal the clause lacks: no shrinking */
                fail = 1;
                break;
            }
            s->seen[w] = 1;
            open++;
            if (ivec_push(&s->toclear, w)) return -1;
        }
    }
    s->st.work += (uint64_t)(end - i);
    for (int j = top; j < s->toclear.n; j++) s->seen[s->toclear.a[j]] = 0;
    s->toclear.n = top;
    if (uip == LIT_UNDEF) return 0;
    /* The level's literals out, the UIP's negation in. */
    int w = 1;
    for (int j = 1; j < out->n; j++) {
        int v = var_of(out->a[j]);
        if (s->level[v] == lvl) {
            s->seen[v] = 0;
            continue;
        }
        out->a[w++] = out->a[j];
    }
    out->n = w;
    s->seen[var_of(uip)] = 2;
    return ivec_push(out, neg(uip));
}

int sat_shrink(pb_sat *s)
{
    ivec *out = &s->learnt;
    for (int i = 0; i < out->n; i++) s->seen[var_of(out->a[i])] = 2;
    s->toclear.n = 0;
    s->lbd_time++;
    int rc = 0;
    for (int i = 1; i < out->n && !rc; i++) {
        int lvl = s->level[var_of(out->a[i])];
        if (s->lbd_stamp[lvl] == s->lbd_time) continue;
        s->lbd_stamp[lvl] = s->lbd_time;
        int k = 0;
        for (int j = 1; j < out->n; j++) k += s->level[var_of(out->a[j])] == lvl;
        if (k > 1) {
            rc = shrink_level(s, lvl, k);
            i = 0; /* the clause changed: its levels are looked at again, done ones skipped */
        }
    }
    for (int i = 0; i < out->n; i++) s->seen[var_of(out->a[i])] = 0;
    return rc;
}
