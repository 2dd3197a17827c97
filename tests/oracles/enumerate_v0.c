/* enumerate_v0.c — the first naive enumerations, enum-all-v0 and enum-perm-v0, kept
 * as the oracle of the vectorised ones (engines/search/enumerate.c), which must take
 * exactly their steps. Every complete vector is generated and only then checked
 * against the rules, one vector at a time: enum-all-v0 walks every vector of the
 * domains' product (repeats allowed), enum-perm-v0 every permutation of 1..n. Both
 * walk the search tree in reading order without pruning, so placements and
 * backtracks count exactly the nodes that `backtrack` would visit without its checks.
 * As there, cells whose domain is one value from the start (givens) are filled first
 * and are not steps. The complete-vector check is pb_model_check, sums included, so
 * both also count the solutions of models with sum groups (kakuro). */
#include "core/engine.h"
#include "core/limiter.h"
#include "oracles.h"

#include <stdlib.h>
#include <string.h>

enum { CONFIG_ALL = 0, CONFIG_PERM = 1 };

/* The full rule check of a complete vector, cheapest-to-fail first. */
static inline int complete_ok(const pb_model *m, const int *v)
{
    const int d = m->min_diff;
    for (int i = 0; i < m->npairs; i++) {
        int x = v[m->check_pairs[i][0]] - v[m->check_pairs[i][1]];
        if (x < d && -x < d) return 0;
    }
    return pb_model_check(m, v);
}

static inline pb_status enumerate(const pb_model *m, const pb_run *how, pb_result *out,
                                  const int perm)
{
    const int ncells = m->ncells;
    const pb_mask all = PB_FULL(m->nvalues);
    int *v = calloc((size_t)ncells, sizeof *v);
    int *open = malloc((size_t)ncells * sizeof *open); /* the cells enumerated, in order */
    if (!v || !open) return free(v), free(open), PB_NOMEM;
    pb_limiter lim;
    pb_limiter_init(&lim, &how->limits, 0);
    uint64_t placements = 0, backtracks = 0, candidates = 0, solutions = 0;
    pb_mask used = 0; /* enum-perm: values held by fixed cells and open cells 0..i-1 */
    pb_status status = PB_DONE;
    int n = 0;
    for (int c = 0; c < ncells; c++) {
        pb_mask d = m->domain[c];
        if (d && !(d & (d - 1))) {
            v[c] = __builtin_ctzll(d) + 1;
            used |= d;
        } else {
            open[n++] = c;
        }
    }
    if (n == 0) { /* one vector: the fixed cells */
        candidates = 1;
        if (complete_ok(m, v)) {
            solutions = 1;
            if (out->first) memcpy(out->first, v, (size_t)ncells * sizeof *v);
            if (out->last) memcpy(out->last, v, (size_t)ncells * sizeof *v);
        }
    }
    int i = 0;
    while (n > 0) {
        const int c = open[i];
        int cur = v[c];
        pb_mask left;
        if (perm) {
            if (cur) used &= ~PB_BIT(cur);
            left = all & ~used & ~PB_FULL(cur);
        } else {
            left = m->domain[c] & ~PB_FULL(cur);
        }
        if (left) {
            int x = __builtin_ctzll(left) + 1;
            v[c] = x;
            placements++;
            if (i + 1 < n) {
                if (perm) used |= PB_BIT(x);
                i++;
            } else {
                candidates++;
                if (complete_ok(m, v)) {
                    if (!solutions++ && out->first)
                        memcpy(out->first, v, (size_t)ncells * sizeof *v);
                    if (out->last) memcpy(out->last, v, (size_t)ncells * sizeof *v);
                    if (pb_solution_stops(how, solutions, &status)) break;
                }
            }
        } else {
            v[c] = 0;
            backtracks++;
            if (i == 0) break;
            i--;
        }
        if (placements + backtracks >= lim.next &&
            (status = pb_limiter_poll(&lim, placements + backtracks)) != PB_DONE)
            break;
    }
    out->stats.placements = placements;
    out->stats.backtracks = backtracks;
    out->stats.candidates = candidates;
    out->stats.solutions = solutions;
    free(v);
    free(open);
    return status;
}

static pb_status run_enum(const pb_model *m, int config, const pb_run *how, pb_result *out)
{
    return config == CONFIG_PERM ? enumerate(m, how, out, 1) : enumerate(m, how, out, 0);
}

static int accepts_perm(const pb_model *m, const char **why)
{
    *why = "enum-perm-v0 needs one all-different group over all cells and values 1..cells";
    return pb_model_is_permutation(m);
}

/* The two share their capabilities and their entry point (the config picks the tree). */
#define ENUM_CAPS (PB_CAP_FIRST | PB_CAP_COUNT | PB_CAP_LAST)

const pb_engine oracle_enum_all_v0 = {
    {"enum-all-v0", "enum-all as first written: each vector checked alone, pairs then the rules",
     ENUM_CAPS, pb_cap_names, NULL},
    CONFIG_ALL,
    NULL,
    run_enum};

const pb_engine oracle_enum_perm_v0 = {
    {"enum-perm-v0", "enum-perm as first written: each permutation checked alone", ENUM_CAPS,
     pb_cap_names, NULL},
    CONFIG_PERM,
    accepts_perm,
    run_enum};
