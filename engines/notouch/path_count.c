/* path_count.c — `path-dp`: counts notouch solutions without listing them.
 *
 * With values 1..n each used once and min-diff 2, the only rule is that v and v+1
 * never sit on touching cells, so a solution is an order of the cells (the cell of
 * 1, of 2, ...) whose consecutive cells never touch. ways[S][c] counts the orders of
 * the cell set S that end in c; adding a cell is one placement. Memory is
 * 2^n * n counts, so boards of up to PATH_MAX_CELLS cells. */
#include "../core/engine.h"
#include "../core/limiter.h"

#include <stdlib.h>

#define PATH_MAX_CELLS 22

static int accepts(const pb_model *m, const char **why)
{
    *why = "path-dp needs values 1..cells all different, min-diff 2, full domains, "
           "at most 22 cells, no sum groups";
    if (m->nsums || !pb_model_is_permutation(m) || m->min_diff != 2 || m->ncells > PATH_MAX_CELLS)
        return 0;
    for (int c = 0; c < m->ncells; c++)
        if (m->domain[c] != PB_FULL(m->nvalues)) return 0;
    return 1;
}

/* Walks back from the full set to write one solution. */
static void reconstruct(const pb_model *m, const uint64_t *ways, const uint32_t *touch, int *values)
{
    const int n = m->ncells;
    uint32_t set = (1u << n) - 1;
    int last = -1;
    for (int v = n; v >= 1; v--) {
        int pick = -1;
        for (int c = 0; c < n && pick < 0; c++)
            if ((set >> c & 1) && ways[(size_t)set * n + c] &&
                (last < 0 || !(touch[last] >> c & 1)))
                pick = c;
        values[pick] = v;
        set &= ~(1u << pick);
        last = pick;
    }
}

static pb_status run(const pb_model *m, int config, const pb_run *how, pb_result *out)
{
    (void)config;
    const int n = m->ncells;
    const size_t nsets = (size_t)1 << n;
    uint32_t touch[PATH_MAX_CELLS] = {0};
    for (int i = 0; i < m->npairs; i++) {
        touch[m->pairs[i][0]] |= 1u << m->pairs[i][1];
        touch[m->pairs[i][1]] |= 1u << m->pairs[i][0];
    }
    uint64_t *ways = calloc(nsets * (size_t)n, sizeof *ways);
    if (!ways) return PB_NOMEM;
    pb_limiter lim;
    pb_limiter_init(&lim, &how->limits, 0);
    pb_status status = PB_DONE;
    int overflow = 0; /* some count passed 2^64 - 1: it is held there, a lower bound */
    uint64_t placements = 0, candidates = 0;
    for (int c = 0; c < n; c++) ways[((size_t)1 << c) * n + c] = 1;
    placements = (uint64_t)n;
    for (size_t set = 1; set < nsets && status == PB_DONE; set++) {
        const uint64_t *from = ways + set * n;
        for (int last = 0; last < n && status == PB_DONE; last++) {
            uint64_t w = from[last];
            if (!w) continue;
            uint32_t unused = (uint32_t)(~set & (nsets - 1));
            uint32_t free_cells = unused & ~touch[last];
            candidates += (uint64_t)__builtin_popcount(unused);
            while (free_cells) {
                /* Polled before each placement, so a step limit is met exactly. */
                if (placements >= lim.next && (status = pb_limiter_poll(&lim, placements))) break;
                int c = __builtin_ctz(free_cells);
                free_cells &= free_cells - 1;
                uint64_t *to = &ways[(set | (1u << c)) * n + c];
                if (__builtin_add_overflow(*to, w, to)) *to = UINT64_MAX, overflow = 1;
                placements++;
            }
        }
    }
    pb_count total = 0;
    for (int c = 0; status == PB_DONE && c < n; c++) total += ways[(nsets - 1) * n + c];
    if (status == PB_DONE && overflow) status = PB_OVERFLOW;
    if (status == PB_DONE && total && out->first) reconstruct(m, ways, touch, out->first);
    free(ways);
    out->stats.placements = placements;
    out->stats.candidates = candidates;
    /* Overflow: the sum of counts held at 2^64 - 1, a lower bound of the count. */
    out->stats.solutions = status == PB_DONE || status == PB_OVERFLOW
                               ? (how->mode == PB_MODE_FIRST && total ? 1 : total)
                               : 0;
    return status;
}

const pb_engine pb_engine_path_count = {
    {"path-dp", "counts without listing: DP over (cells used, last cell); min-diff 2 only",
     PB_CAP_FIRST | PB_CAP_COUNT, pb_cap_names},
    0,
    accepts,
    run,
};
