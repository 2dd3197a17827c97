/* value_order.c — `value-order`: the dual search. Instead of giving each cell a value
 * it gives each value a cell: 1, then 2, ..., each in a free cell that touches no
 * cell of the previous min_diff-1 values (the only values it could clash with
 * among those placed). Cell sets are 64-bit masks, so a level is a few ANDs.
 * Placements and backtracks count as everywhere else; the tree is another one. */
#include "../core/engine.h"
#include "../core/limiter.h"
#include "../registry/engine_list.h"

#include <stdlib.h>
#include <string.h>

static int accepts(const pb_model *m, const char **why)
{
    *why = "value-order needs values 1..cells all different, full domains (at most 64 cells) "
           "and no sum groups";
    if (m->nsums || !pb_model_is_permutation(m) || m->ncells > 64) return 0;
    for (int c = 0; c < m->ncells; c++)
        if (m->domain[c] != PB_FULL(m->nvalues)) return 0;
    return 1;
}

static pb_status run(const pb_model *m, int config, const pb_run *how, pb_result *out)
{
    (void)config;
    const int n = m->ncells, d = m->min_diff;
    const uint64_t all = n == 64 ? ~(uint64_t)0 : ((uint64_t)1 << n) - 1;
    uint64_t *touch = calloc((size_t)n, sizeof *touch);
    uint64_t *left = calloc((size_t)n + 2, sizeof *left); /* left[v]: cells still to try */
    char *choice = calloc((size_t)n + 2, 1); /* choice[v]: value v had more than one cell */
    int *cell = malloc(((size_t)n + 2) * sizeof *cell); /* cell[v]: cell of value v, or -1 */
    if (!touch || !left || !cell || !choice) {
        free(touch), free(left), free(cell), free(choice);
        return PB_NOMEM;
    }
    for (int i = 0; i < m->npairs; i++) {
        touch[m->pairs[i][0]] |= (uint64_t)1 << m->pairs[i][1];
        touch[m->pairs[i][1]] |= (uint64_t)1 << m->pairs[i][0];
    }
    pb_limiter lim;
    pb_limiter_init(&lim, &how->limits, 0);
    pb_status status = PB_DONE;
    uint64_t used = 0, placements = 0, backtracks = 0, candidates = 0, solutions = 0, guesses = 0;
    int v = 1;
    left[1] = all;
    cell[1] = -1;
    choice[1] = n > 1;
    candidates += (uint64_t)n;
    for (;;) {
        if (cell[v] >= 0) used &= ~((uint64_t)1 << cell[v]), cell[v] = -1;
        if (left[v]) {
            int c = __builtin_ctzll(left[v]);
            left[v] &= left[v] - 1;
            cell[v] = c;
            used |= (uint64_t)1 << c;
            placements++;
            guesses += (uint64_t)choice[v];
            if (v == n) {
                if (!solutions++ && out->first)
                    for (int u = 1; u <= n; u++) out->first[cell[u]] = u;
                if (pb_solution_stops(how, solutions, &status)) break;
            } else {
                uint64_t near = 0;
                for (int u = v; u > 0 && u > v + 1 - d; u--) near |= touch[cell[u]];
                v++;
                left[v] = all & ~used & ~near;
                cell[v] = -1;
                choice[v] = __builtin_popcountll(left[v]) > 1;
                candidates += (uint64_t)__builtin_popcountll(all & ~used);
            }
        } else {
            backtracks++;
            if (v == 1) break;
            v--;
        }
        if (placements + backtracks >= lim.next &&
            (status = pb_limiter_poll(&lim, placements + backtracks)) != PB_DONE)
            break;
    }
    out->stats = (pb_stats){.placements = placements,
                            .backtracks = backtracks,
                            .candidates = candidates,
                            .guesses = guesses,
                            .solutions = solutions};
    free(touch), free(left), free(cell), free(choice);
    return status;
}

const pb_engine pb_engine_value_order = {
    {"value-order",
     "dual search: values 1, 2, ... each get a free cell not touching the last d-1 values",
     PB_CAP_FIRST | PB_CAP_COUNT, pb_cap_names, NULL},
    0,
    accepts,
    run,
};
