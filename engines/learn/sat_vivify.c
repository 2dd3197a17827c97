/* sat_vivify.c — vivification of learnt clauses at level 0 (pb_sat_options.vivify).
 *
 * A learnt clause of low LBD (at most VIVIFY_GLUE) is tried once: its literals'
 * negations are decided one by one, each propagated. When a literal of the clause
 * turns out true, the decided literals and it already form a clause the formula
 * implies; when one turns out false, it can be left out (resolving the clause with
 * the implication that made it false); when the decisions end in a conflict, the
 * decided literals alone form one. Either way the clause may shrink: a shorter copy
 * replaces it, and the round ends with a collection of the arena. A learnt clause is
 * then stronger for propagation and analysis alike, which is what CaDiCaL's
 * inprocessing gains most by on hard instances. Rounds come at a restart, every
 * `vivify` conflicts, and look only at the clauses learnt since the last, so that
 * their cost stays a share of the search's. */
#include <string.h>

#include "sat_internal.h"

/* The clause at c, less its literals false at level 0, into s->viv; 1 when one of
 * its literals is true at level 0 (nothing to gain: the clause is satisfied). */
static int load_clause(pb_sat *s, uint32_t c)
{
    const int n = (int)C_SIZE(s, c);
    s->viv.n = 0;
    for (int i = 0; i < n; i++) {
        int l = C_LITS(s, c)[i];
        if (s->val[l] == 1 && s->level[var_of(l)] == 0) return 1;
        if (s->val[l] == -1 && s->level[var_of(l)] == 0) continue;
        if (ivec_push(&s->viv, l)) return -1;
    }
    return 0;
}

/* Marks variable v for decisions_behind when it is above level 0. */
static inline void mark(pb_sat *s, int v)
{
    if (s->level[v] > 0) s->seen[v] = 1;
}

/* The decisions behind the marked variables (those the implication graph leads back
 * to from them), negated, into s->learnt after the literal it holds (if any): they
 * alone imply what the marks stand for. Clears the marks. 0, or -1 when out of
 * memory. */
static int decisions_behind(pb_sat *s)
{
    const int bottom = s->trail_lim[0];
    s->st.work += (uint64_t)(s->trail_n - bottom);
    for (int i = s->trail_n - 1; i >= bottom; i--) {
        int p = s->trail[i], v = var_of(p);
        if (!s->seen[v]) continue;
        s->seen[v] = 0;
        uint32_t r = s->reason[v];
        if (r == NO_REASON) {
            if (ivec_push(&s->learnt, neg(p))) return -1;
        } else if (r & AMO_TAG) {
            mark(s, var_of((int)(r & ~AMO_TAG)));
        } else {
            const int *l = C_LITS(s, r);
            for (int k = 1, n = (int)C_SIZE(s, r); k < n; k++) mark(s, var_of(l[k]));
        }
    }
    return 0;
}

/* Decides the negations of s->viv's literals in turn: the literals of the shorter
 * clause into s->learnt. A literal implied false is left out; one implied true ends
 * it, as does a conflict, and the clause is then that literal (if any) and the
 * decisions it, or the conflict, follows from. 0, or -1 when out of memory; s->stop
 * when a limit said stop (s->learnt is then to be ignored). Leaves the trail at
 * level 0. */
static int strengthen(pb_sat *s)
{
    ivec *out = &s->learnt;
    out->n = 0;
    for (int i = 0; i < s->viv.n; i++) {
        int l = s->viv.a[i];
        if (s->val[l] == -1) continue; /* implied false: left out */
        if (s->val[l] == 1) {          /* implied true */
            out->n = 0;
            if (ivec_push(out, l)) return -1;
            mark(s, var_of(l));
            if (decisions_behind(s)) return -1;
            break;
        }
        if (ivec_push(out, l)) return -1;
        s->trail_lim[s->nlevels++] = s->trail_n;
        assign(s, neg(l), NO_REASON);
        int conflict = sat_propagate(s);
        if (s->nomem) return -1;
        if (s->stop != PB_DONE) break;
        if (conflict) {
            out->n = 0;
            if (s->confl == AMO_TAG) {
                mark(s, var_of(s->confl_pair[0]));
                mark(s, var_of(s->confl_pair[1]));
            } else {
                const int *c = C_LITS(s, s->confl);
                for (int k = 0, n = (int)C_SIZE(s, s->confl); k < n; k++) mark(s, var_of(c[k]));
            }
            if (decisions_behind(s)) return -1;
            break;
        }
    }
    sat_backtrack(s, 0);
    return 0;
}

/* Puts s->learnt, a subset of clause c's literals that the formula implies, in c's
 * place: c is marked deleted (the round's collection removes it), a unit is assigned
 * at level 0 and propagated. 0, or -1 when out of memory; s->unsat when the formula
 * has no model. */
static int replace(pb_sat *s, uint32_t c)
{
    ivec *out = &s->learnt;
    uint32_t lbd = C_LBD(s, c);
    C_FLAGS(s, c) |= F_DELETED;
    s->st.vivified++;
    if (out->n == 0) {
        s->unsat = 1;
        return 0;
    }
    if (out->n == 1) {
        assign(s, out->a[0], NO_REASON);
        if (sat_propagate(s)) s->unsat = 1;
        return s->nomem ? -1 : 0;
    }
    if (lbd > (uint32_t)out->n) lbd = (uint32_t)out->n;
    int64_t d = sat_arena_alloc(s, out->n, F_LEARNT | F_VIVIFIED | lbd << LBD_SHIFT);
    if (d < 0) return -1;
    memcpy(C_LITS(s, d), out->a, (size_t)out->n * sizeof(int));
    if (sat_attach(s, (uint32_t)d) || ivec_push(&s->learnts, (int)d)) return -1;
    return 0;
}

/* Tries clause c: 1 when it was replaced by a shorter one, 0 when not, -1 when out
 * of memory. */
static int vivify_clause(pb_sat *s, uint32_t c)
{
    C_FLAGS(s, c) |= F_VIVIFIED;
    const int n = (int)C_SIZE(s, c);
    int r = load_clause(s, c);
    if (r) return r < 0 ? -1 : 0;
    if (strengthen(s)) return -1;
    if (s->stop != PB_DONE || s->learnt.n == n) return 0;
    return replace(s, c) ? -1 : 1;
}

int sat_maybe_vivify(pb_sat *s)
{
    if (!s->opt.vivify || s->nlevels || s->st.conflicts < s->next_vivify) return 0;
    s->next_vivify = s->st.conflicts + (uint64_t)s->opt.vivify;
    const int n = s->learnts.n; /* the clauses a round makes come after these */
    int replaced = 0;
    for (int i = 0; i < n; i++) {
        uint32_t c = (uint32_t)s->learnts.a[i];
        uint32_t f = C_FLAGS(s, c);
        if ((f & (F_DELETED | F_VIVIFIED | F_THEORY)) || C_LBD(s, c) > VIVIFY_GLUE ||
            C_SIZE(s, c) < 3)
            continue;
        int r = vivify_clause(s, c);
        if (r < 0) return -1;
        replaced |= r;
        if (s->unsat || s->stop != PB_DONE) return 0;
        if ((s->stop = sat_work(s, C_SIZE(s, c))) != PB_DONE) return 0;
    }
    return replaced && sat_collect(s) < 0 ? -1 : 0;
}
