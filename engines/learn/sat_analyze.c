/* sat_analyze.c — conflict analysis: first-UIP learning with recursive
 * minimisation, the clause's LBD, and storing the learnt clause. */
#include <string.h>

#include "sat_internal.h"

/* The false literals of reason r other than the implied one: for a clause its
 * literals from position 1, for an at-most-one reason the one literal -x held in *tmp. */
static inline const int *reason_lits(pb_sat *s, uint32_t r, int *tmp, int *n)
{
    if (r & AMO_TAG) {
        *tmp = neg((int)(r & ~AMO_TAG));
        *n = 1;
        return tmp;
    }
    *n = (int)C_SIZE(s, r) - 1;
    return C_LITS(s, r) + 1;
}

static inline uint32_t abstract_level(const pb_sat *s, int v)
{
    return 1u << (s->level[v] & 31);
}

/* Whether literal p of the learnt clause follows from the clause's other literals
 * (every path back through reasons ends in a seen literal or level 0). */
static int redundant(pb_sat *s, int p, uint32_t levels)
{
    s->stack.n = 0;
    if (ivec_push(&s->stack, p)) return 0;
    int top = s->toclear.n;
    while (s->stack.n > 0) {
        int q = s->stack.a[--s->stack.n];
        int tmp, n;
        const int *l = reason_lits(s, s->reason[var_of(q)], &tmp, &n);
        s->st.work += (uint64_t)n;
        for (int i = 0; i < n; i++) {
            int v = var_of(l[i]);
            if (s->seen[v] || s->level[v] == 0) continue;
            if (s->reason[v] != NO_REASON && (abstract_level(s, v) & levels)) {
                s->seen[v] = 1;
                if (ivec_push(&s->stack, l[i]) || ivec_push(&s->toclear, l[i])) return 0;
            } else {
                for (int j = top; j < s->toclear.n; j++) s->seen[var_of(s->toclear.a[j])] = 0;
                s->toclear.n = top;
                return 0;
            }
        }
    }
    return 1;
}

/* A learnt clause c takes part in the analysis (pb_sat_options.tier2_glue): its LBD is
 * taken again, now that its literals may sit on fewer levels, and it is kept through
 * the next reduction, or the next two when its LBD is at most tier2_glue. */
static void note_used(pb_sat *s, uint32_t c)
{
    if (!(C_FLAGS(s, c) & F_LEARNT)) return;
    uint32_t lbd = C_LBD(s, c);
    if (lbd > (uint32_t)s->opt.keep_glue) {
        const int *l = C_LITS(s, c);
        const int n = (int)C_SIZE(s, c);
        s->lbd_time++;
        uint32_t g = 0;
        for (int i = 0; i < n && g < lbd; i++) {
            int lv = s->level[var_of(l[i])];
            if (s->lbd_stamp[lv] != s->lbd_time) {
                s->lbd_stamp[lv] = s->lbd_time;
                g++;
            }
        }
        s->st.work += (uint64_t)n;
        if (g < lbd) lbd = g;
    }
    uint32_t used = lbd <= (uint32_t)s->opt.tier2_glue ? 2u : 1u;
    C_FLAGS(s, c) = (C_FLAGS(s, c) & (F_LEARNT | F_DELETED | F_VIVIFIED | F_THEORY)) | used << 2 |
                    lbd << LBD_SHIFT;
}

/* The first-UIP clause of the conflict into s->learnt, its asserting literal first,
 * every variable met bumped. 0, or -1 when out of memory. */
static int first_uip(pb_sat *s)
{
    ivec *out = &s->learnt;
    out->n = 0;
    if (ivec_push(out, LIT_UNDEF)) return -1;
    int path = 0, p = LIT_UNDEF, index = s->trail_n - 1;
    const int *l;
    int n, tmp;
    if (s->confl == AMO_TAG) {
        l = s->confl_pair;
        n = 2;
    } else {
        l = C_LITS(s, s->confl);
        n = (int)C_SIZE(s, s->confl);
        if (s->opt.tier2_glue) note_used(s, s->confl);
    }
    for (;;) {
        s->st.work += (uint64_t)n;
        for (int i = 0; i < n; i++) {
            int q = l[i], v = var_of(q);
            if (s->seen[v] || s->level[v] == 0) continue;
            sat_bump(s, v);
            s->seen[v] = 1;
            if (s->level[v] >= s->nlevels)
                path++;
            else if (ivec_push(out, q))
                return -1;
        }
        while (!s->seen[var_of(s->trail[index--])]) {
        }
        p = s->trail[index + 1];
        s->seen[var_of(p)] = 0;
        if (--path == 0) break;
        uint32_t r = s->reason[var_of(p)];
        if (s->opt.tier2_glue && !(r & AMO_TAG)) note_used(s, r);
        l = reason_lits(s, r, &tmp, &n);
    }
    out->a[0] = neg(p);
    s->st.work += (uint64_t)(s->trail_n - 1 - index); /* the trail scanned */
    return 0;
}

/* Recursive minimisation of s->learnt: drops the literals implied by the others, and
 * clears every seen mark. 0, or -1 when out of memory. */
static int minimise(pb_sat *s)
{
    ivec *out = &s->learnt;
    s->toclear.n = 0;
    for (int i = 1; i < out->n; i++)
        if (ivec_push(&s->toclear, out->a[i])) return -1;
    uint32_t levels = 0;
    for (int i = 1; i < out->n; i++) levels |= abstract_level(s, var_of(out->a[i]));
    int j = 1;
    for (int i = 1; i < out->n; i++) {
        int v = var_of(out->a[i]);
        if (s->reason[v] == NO_REASON || !redundant(s, out->a[i], levels)) out->a[j++] = out->a[i];
    }
    out->n = j;
    for (int i = 0; i < s->toclear.n; i++) s->seen[var_of(s->toclear.a[i])] = 0;
    return 0;
}

/* Bumps the variables of the reasons of the learnt clause's literals (but the
 * asserting one's), those not in the clause and not at level 0: they made the
 * clause's literals false, and deciding them sooner finds the conflict sooner. 0,
 * or -1 when out of memory. */
static int bump_reasons(pb_sat *s)
{
    ivec *out = &s->learnt;
    s->toclear.n = 0;
    for (int i = 0; i < out->n; i++) {
        s->seen[var_of(out->a[i])] = 1;
        if (ivec_push(&s->toclear, out->a[i])) return -1;
    }
    for (int i = 1; i < out->n; i++) {
        uint32_t r = s->reason[var_of(out->a[i])];
        if (r == NO_REASON) continue;
        int tmp, n;
        const int *l = reason_lits(s, r, &tmp, &n);
        s->st.work += (uint64_t)n;
        for (int j = 0; j < n; j++) {
            int v = var_of(l[j]);
            if (s->seen[v] || s->level[v] == 0) continue;
            s->seen[v] = 1;
            if (ivec_push(&s->toclear, l[j])) return -1;
            sat_bump(s, v);
        }
    }
    for (int i = 0; i < s->toclear.n; i++) s->seen[var_of(s->toclear.a[i])] = 0;
    return 0;
}

int sat_analyze(pb_sat *s, int *lbd)
{
    if (first_uip(s) || minimise(s)) return -1;
    if (s->opt.shrink && sat_shrink(s)) return -1;
    if (s->opt.bump_reason && bump_reasons(s)) return -1;
    ivec *out = &s->learnt;
    /* The backjump level: the highest among the rest, its literal moved to slot 1. */
    int bt = 0;
    if (out->n > 1) {
        int mi = 1;
        for (int i = 2; i < out->n; i++)
            if (s->level[var_of(out->a[i])] > s->level[var_of(out->a[mi])]) mi = i;
        int t = out->a[1];
        out->a[1] = out->a[mi];
        out->a[mi] = t;
        bt = s->level[var_of(out->a[1])];
    }
    *lbd = (int)sat_lbd(s, out->a, out->n);
    return bt;
}

int sat_learn_clause(pb_sat *s, int lbd)
{
    ivec *out = &s->learnt;
    s->st.learnts++;
    if (out->n == 1) {
        assign(s, out->a[0], NO_REASON);
        return 0;
    }
    int64_t c = sat_arena_alloc(s, out->n, F_LEARNT | (uint32_t)lbd << LBD_SHIFT);
    if (c < 0) return -1;
    memcpy(C_LITS(s, c), out->a, (size_t)out->n * sizeof(int));
    if (sat_attach(s, (uint32_t)c) || ivec_push(&s->learnts, (int)c)) return -1;
    assign(s, out->a[0], (uint32_t)c);
    return 0;
}
