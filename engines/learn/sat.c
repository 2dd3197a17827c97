/* sat.c — the CDCL solver of sat.h: its creation, the search loop (propagate; on a
 * conflict analyse, backjump and learn; else restart or reduce when due, and
 * decide), and what the caller reads after a solve. The concerns the loop calls on
 * have a file each (see sat_internal.h). */
#include <stdlib.h>
#include <string.h>

#include "../core/rng.h"
#include "sat_internal.h"

pb_sat *pb_sat_new(int nvars, uint64_t seed)
{
    if (nvars < 0) return NULL;
    pb_sat *s = calloc(1, sizeof *s);
    if (!s) return NULL;
    size_t n = (size_t)nvars + 1, nl = 2 * n;
    s->nvars = nvars;
    /* One zeroed block, the widest types first so that each array is aligned. */
    size_t size = nl * (sizeof *s->watches + sizeof *s->amo_occ) +
                  n * (sizeof *s->act + sizeof *s->heap) + (n + 1) * sizeof *s->lbd_stamp +
                  n * (sizeof *s->level + sizeof *s->reason + sizeof *s->heap_pos +
                       sizeof *s->trail + sizeof *s->trail_lim) +
                  nl + 4 * n;
    char *b = s->block = calloc(1, size);
    if (!b) {
        pb_sat_free(s);
        return NULL;
    }
    pb_advise_huge(b, size);
    s->watches = (wvec *)b, b += nl * sizeof *s->watches;
    s->amo_occ = (ivec *)b, b += nl * sizeof *s->amo_occ;
    s->act = (double *)b, b += n * sizeof *s->act;
    s->heap = (hent *)b, b += n * sizeof *s->heap;
    s->lbd_stamp = (uint64_t *)b, b += (n + 1) * sizeof *s->lbd_stamp;
    s->level = (int *)b, b += n * sizeof *s->level;
    s->reason = (uint32_t *)b, b += n * sizeof *s->reason;
    s->heap_pos = (int *)b, b += n * sizeof *s->heap_pos;
    s->trail = (int *)b, b += n * sizeof *s->trail;
    s->trail_lim = (int *)b, b += n * sizeof *s->trail_lim;
    s->val = (signed char *)b, b += nl;
    s->target = (unsigned char *)b, b += n;
    s->best = (unsigned char *)b, b += n;
    s->saved = (unsigned char *)b, b += n;
    s->seen = (unsigned char *)b;
    s->var_inc = 1.0;
    s->seed = seed;
    pb_sat_default_options(&s->opt);
    s->next_restart = LUBY_UNIT;
    s->next_reduce = REDUCE_FIRST;
    s->next_rephase = UINT64_MAX;
    s->next_switch = UINT64_MAX;
    return s;
}

void pb_sat_default_options(pb_sat_options *o)
{
    *o = (pb_sat_options){LUBY_UNIT, KEEP_GLUE, 1, 0, 0, 0, 0, 0, 0, 0};
}

void pb_sat_set_options(pb_sat *s, const pb_sat_options *o)
{
    s->opt = *o;
    if (s->opt.luby_unit < 1) s->opt.luby_unit = 1;
    s->next_restart = (uint64_t)s->opt.luby_unit;
    s->next_rephase = s->opt.rephase > 0 ? (uint64_t)s->opt.rephase : UINT64_MAX;
    s->next_vivify = s->opt.vivify > 0 ? (uint64_t)s->opt.vivify : UINT64_MAX;
    if (s->opt.mode_switch < 0) s->opt.mode_switch = 0;
    s->focused = s->opt.mode_switch > 0;
    s->next_switch = s->focused ? (uint64_t)s->opt.mode_switch : UINT64_MAX;
}

pb_status sat_ready(pb_sat *s)
{
    pb_rng rng;
    pb_rng_seed(&rng, s->seed);
    const int nvars = s->nvars;
    for (int v = 0; v < nvars; v++) {
        s->reason[v] = NO_REASON;
        /* True first (target is 0): one decision places a value, and the at-most-one
         * lists clear it from its cell and groups at once. Tiny starting activities
         * order the first decisions, nothing more (a conflict's bump is 1): without a
         * seed the variables in their own order, so an encoding's cells are filled in
         * reading order. A seed shuffles them. */
        s->act[v] = s->seed ? (double)(pb_rng_next(&rng) >> 11) * 0x1.0p-53 * 1e-5
                            : (double)(nvars - v) / nvars * 1e-5;
        s->heap_pos[v] = -1;
        sat_heap_insert(s, v);
        pb_status st = sat_work(s, 1);
        if (st != PB_DONE) return st;
    }
    s->ready = 1;
    return PB_DONE;
}

void pb_sat_free(pb_sat *s)
{
    if (!s) return;
    if (s->block && s->owned)
        for (int l = 0; l < 2 * s->nvars; l++) {
            if (!in_wpool(s, s->watches[l].w)) free(s->watches[l].w);
            if (!in_opool(s, s->amo_occ[l].a)) free(s->amo_occ[l].a);
        }
    free(s->fwd);
    free(s->block);
    free(s->wpool);
    free(s->opool);
    free(s->arena);
    free(s->learnts.a);
    free(s->amo_lits);
    free(s->learnt.a);
    free(s->stack.a);
    free(s->toclear.a);
    free(s->viv.a);
    free(s->ad);
    free(s->ad_cells);
    free(s->ad_mate);
    free(s->ad_row);
    free(s->ad_var_cell);
    free(s->ad_var_value);
    free(s->ad_dom);
    free(s->ad_index);
    free(s->ad_occ);
    free(s->ad_queue);
    free(s);
}

pb_sat_result pb_sat_solve(pb_sat *s, pb_limiter *lim, pb_status *stopped)
{
    if (!s->ready) sat_ready(s);
    if (s->unsat) return PB_SAT_UNSAT;
    s->lim = lim;
    s->stop = PB_DONE;
    pb_sat_result res = PB_SAT_UNKNOWN;
    for (;;) {
        int conflict = sat_propagate(s);
        if (s->nomem) goto nomem;
        if (s->stop != PB_DONE) goto stopped;
        if (!conflict && s->ad_n) {
            int t = sat_alldiff_propagate(s);
            if (t < 0) goto nomem;
            if (t == 1) continue;
            conflict = t == 2;
        }
        if (conflict) {
            s->st.conflicts++;
            if (s->nlevels == 0) {
                s->unsat = 1;
                res = PB_SAT_UNSAT;
                goto out;
            }
            sat_save_target(s);
            int lbd, bt = sat_analyze(s, &lbd);
            if (bt < 0) goto nomem;
            sat_backtrack(s, bt);
            if (sat_learn_clause(s, lbd)) goto nomem;
            if (s->opt.glue_restarts || s->opt.mode_switch) sat_note_glue(s, lbd);
            s->var_inc /= VAR_DECAY;
        } else {
            sat_maybe_restart(s);
            if (sat_maybe_probe(s) || sat_maybe_vivify(s)) goto nomem;
            if (s->stop != PB_DONE) goto stopped;
            if (s->unsat) {
                res = PB_SAT_UNSAT;
                goto out;
            }
            int r = sat_maybe_reduce(s);
            if (r < 0) goto nomem;
            if (r > 0) goto stopped;
            int v = sat_decide(s);
            if (v < 0) {
                res = PB_SAT_SAT;
                goto out;
            }
            s->st.decisions++;
            s->trail_lim[s->nlevels++] = s->trail_n;
            assign(s, 2 * v + (s->focused ? s->saved[v] : s->target[v]), NO_REASON);
        }
        uint64_t steps = s->st.propagations + s->st.conflicts;
        if (lim && steps >= lim->next && (s->stop = pb_limiter_poll(lim, steps)) != PB_DONE)
            goto stopped;
        if ((s->stop = sat_work_poll(s)) != PB_DONE) goto stopped;
    }
nomem:
    s->stop = PB_NOMEM;
stopped:
    if (stopped) *stopped = s->stop;
out:
    s->lim = NULL;
    return res;
}

int pb_sat_block_decisions(pb_sat *s)
{
    /* The clause (-d_k v ... v -d_1), the last decision first: it is falsified with one
     * literal per level, so, as a learnt clause after a conflict, it asserts -d_k at
     * level k - 1 and the search goes on from there, not from the top. */
    int k = s->nlevels;
    if (k == 0) {
        s->unsat = 1;
        return 0;
    }
    int64_t c = k > 1 ? sat_arena_alloc(s, k, 0) : 0;
    if (c < 0) return -1;
    int first = neg(s->trail[s->trail_lim[k - 1]]);
    if (k > 1) {
        int *l = C_LITS(s, c);
        for (int i = 0; i < k; i++) l[i] = neg(s->trail[s->trail_lim[k - 1 - i]]);
        if (sat_attach(s, (uint32_t)c)) return -1;
    }
    sat_backtrack(s, k - 1);
    assign(s, first, k > 1 ? (uint32_t)c : NO_REASON);
    s->target_n = s->best_n = 0; /* the next model is a new target */
    return 0;
}

int pb_sat_model(const pb_sat *s, int var)
{
    return s->val[2 * (var - 1)] == 1;
}

const pb_sat_stats *pb_sat_get_stats(const pb_sat *s)
{
    return &s->st;
}
