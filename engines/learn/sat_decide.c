/* sat_decide.c — the decisions: the trail's undo, EVSIDS activities on a binary
 * max-heap, and target phases.
 *
 * Phases are target phases (CaDiCaL's stable mode): a decision takes its variable's
 * sign in the longest conflict-free assignment met so far, not the sign it had when
 * last undone, so each descent heads back to the fullest partial solution and
 * extends it. On quasigroup completion that found models that MiniSat-style phase
 * saving did not. */
#include <string.h>

#include "sat_internal.h"

/* ---- the activity heap ---- */

static void heap_up(pb_sat *s, int i)
{
    hent e = s->heap[i];
    while (i > 0) {
        int p = (i - 1) / 2;
        if (s->heap[p].act >= e.act) break;
        s->heap[i] = s->heap[p];
        s->heap_pos[s->heap[i].var] = i;
        i = p;
    }
    s->heap[i] = e;
    s->heap_pos[e.var] = i;
}

/* Sifts entry i down: the hole goes down the larger child's path (the right child
 * only when strictly larger) as long as that child is larger than the entry. The
 * child is picked without a branch: the comparisons are a coin toss to the predictor. */
static void heap_down(pb_sat *s, int i)
{
    hent e = s->heap[i], *h = s->heap;
    const int n = s->heap_n;
    for (;;) {
        int c = 2 * i + 1;
        if (c + 1 < n) {
            c += h[c + 1].act > h[c].act;
        } else if (c >= n) {
            break;
        }
        if (h[c].act <= e.act) break;
        h[i] = h[c];
        s->heap_pos[h[i].var] = i;
        i = c;
    }
    h[i] = e;
    s->heap_pos[e.var] = i;
}

void sat_heap_insert(pb_sat *s, int v)
{
    if (s->heap_pos[v] >= 0) return;
    s->heap[s->heap_n] = (hent){s->act[v], v};
    s->heap_pos[v] = s->heap_n++;
    heap_up(s, s->heap_n - 1);
}

static int heap_pop(pb_sat *s)
{
    int v = s->heap[0].var;
    s->heap_pos[v] = -1;
    if (--s->heap_n > 0) {
        s->heap[0] = s->heap[s->heap_n];
        s->heap_pos[s->heap[0].var] = 0;
        heap_down(s, 0);
    }
    return v;
}

/* The heap holds every variable not assigned at level 0, which stays assigned: the
 * ones that propagation at level 0 assigned since the last call are taken out at once,
 * with a rebuild in linear time, not popped one by one at the decisions. The pops come
 * in the same order (by activity), so the search is the same. */
static void heap_drop_level0(pb_sat *s)
{
    if (s->nlevels || s->trail_n == s->heap_trail) return;
    s->heap_trail = s->trail_n;
    s->st.work += (uint64_t)s->heap_n;
    int n = 0;
    for (int i = 0; i < s->heap_n; i++) {
        hent e = s->heap[i];
        if (s->val[2 * e.var]) {
            s->heap_pos[e.var] = -1;
            continue;
        }
        s->heap[n] = e;
        s->heap_pos[e.var] = n++;
    }
    s->heap_n = n;
    for (int i = n / 2 - 1; i >= 0; i--) heap_down(s, i);
}

void sat_bump(pb_sat *s, int v)
{
    if ((s->act[v] += s->var_inc) > 1e100) {
        for (int i = 0; i < s->nvars; i++) s->act[i] *= 1e-100;
        for (int i = 0; i < s->heap_n; i++) s->heap[i].act *= 1e-100;
        s->var_inc *= 1e-100;
    }
    int i = s->heap_pos[v];
    if (i >= 0) {
        s->heap[i].act = s->act[v];
        heap_up(s, i);
    }
}

/* ---- the trail and the phases ---- */

void sat_backtrack(pb_sat *s, int lvl)
{
    if (s->nlevels <= lvl) return;
    int stop = s->trail_lim[lvl];
    s->st.work += (uint64_t)(s->trail_n - stop);
    for (int i = s->trail_n - 1; i >= stop; i--) {
        int l = s->trail[i], v = var_of(l);
        s->val[l] = s->val[neg(l)] = 0;
        s->reason[v] = NO_REASON;
        s->saved[v] = (unsigned char)(l & 1);
        sat_heap_insert(s, v);
    }
    s->trail_n = stop;
    s->qhead = stop;
    s->nlevels = lvl;
    if (s->ad_n) sat_alldiff_backtracked(s);
}

/* At a conflict, the levels below the last one were propagated without one. */
void sat_save_target(pb_sat *s)
{
    int k = s->trail_lim[s->nlevels - 1];
    if (k <= s->target_n) return;
    s->st.work += (uint64_t)k;
    for (int i = 0; i < k; i++) s->target[var_of(s->trail[i])] = (unsigned char)(s->trail[i] & 1);
    s->target_n = k;
    if (k <= s->best_n || !s->opt.rephase) return;
    for (int i = 0; i < k; i++) s->best[var_of(s->trail[i])] = (unsigned char)(s->trail[i] & 1);
    s->best_n = k;
}

void sat_rephase(pb_sat *s)
{
    s->st.work += (uint64_t)s->nvars;
    memcpy(s->target, s->best, (size_t)s->nvars);
    s->target_n = 0;
}

int sat_decide(pb_sat *s)
{
    if (s->trail_n == s->nvars) {
        /* Every variable is set: a model. Popping the rest of the heap would find
         * nothing to decide; emptying it at once leaves the same state. */
        for (int i = 0; i < s->heap_n; i++) s->heap_pos[s->heap[i].var] = -1;
        s->heap_n = 0;
    }
    heap_drop_level0(s);
    while (s->heap_n > 0) {
        int u = heap_pop(s);
        s->st.work++;
        if (!s->val[2 * u]) return u;
    }
    return -1;
}
