/* path_count.c — `path-dp`: counts notouch solutions without listing them, by the
 * layered path DP of path_dp.h. With min-diff 2 a solution is an order of the cells
 * whose consecutive cells never touch, and f[S][a] counts the orders of the set S
 * that end in a. The layers of sets of 1, 2, ... cells are built in turn, each from
 * the one below, two held at a time and one row kept per orbit of the board's
 * symmetries; only the layers up to half the board are built, and the two halves of
 * an order are joined from the last (path_join.c).
 *
 * Steps: a placement is one count f[S][a] made: a row entry of a layer, or a half
 * counted in the join; candidates are the terms summed into them. Both follow from
 * the board alone, whatever the thread count. The step limit is polled before each
 * placement (exact on one thread; in parallel each thread draws its steps from one
 * pool as it takes them, as the tree searches' tasks do).
 *
 * Memory: two layers, each C(n, k) / 64 index words of 16 bytes and a row of k
 * counts per orbit of k-sets (Burnside's count, known before the run), each count
 * packed to the bits of its bound (k-1)! (path_dp.h), in two slots allocated once
 * (odd and even layers). The run's need is computed first and checked against the
 * memory limit before anything large is allocated. Stored counts are orders of at
 * most half the cells (k! < 2^64 up to k = 20, so exact up to 42 cells); every sum
 * is checked, and a count past its counter ends the run with PB_OVERFLOW. */
#include "path_dp.h"

#include <omp.h>
#include <stdlib.h>
#include <string.h>

#include "../registry/engine_list.h"

static int accepts(const pb_model *m, const char **why)
{
    *why = "path-dp needs values 1..cells all different, min-diff 2, full domains, "
           "at most 64 cells, no sum groups";
    if (m->nsums || !pb_model_is_permutation(m) || m->min_diff != 2 || m->ncells > PD_MAX_CELLS)
        return 0;
    for (int c = 0; c < m->ncells; c++)
        if (m->domain[c] != PB_FULL(m->nvalues)) return 0;
    return 1;
}

int pd_kept_size(int n)
{
    return n % 2 ? (n - 1) / 2 : n / 2 - 1;
}

void pd_ctx_init(pd_ctx *c, const pb_model *m, const pb_run *how)
{
    const int n = m->ncells;
    uint64_t touch[PD_MAX_CELLS] = {0};
    for (int i = 0; i < m->npairs; i++) {
        touch[m->pairs[i][0]] |= 1ull << m->pairs[i][1];
        touch[m->pairs[i][1]] |= 1ull << m->pairs[i][0];
    }
    c->n = n;
    c->all = n == 64 ? ~0ull : (1ull << n) - 1;
    for (int a = 0; a < n; a++) c->next[a] = c->all & ~touch[a] & ~(1ull << a);
    for (int x = 0; x <= PD_MAX_CELLS; x++)
        for (int i = 0; i <= PD_MAX_CELLS; i++)
            c->binom[i][x] = i == 0 ? 1 : x == 0 ? 0 : c->binom[i - 1][x - 1] + c->binom[i][x - 1];
    pd_sym_find(m, touch, &c->sym);
    c->how = how;
    c->threads = how->threads > 1 ? how->threads : 1;
    c->status = PB_DONE;
    pb_limiter_init(&c->lim, &how->limits, 0);
    if (how->limits.max_steps && !how->limits.share) {
        pb_step_pool_init(&c->pool, how->limits.max_steps, c->threads);
        pb_limiter_use_pool(&c->lim, &c->pool);
    }
}

/* The bytes of the first-solution mode's tables of the two halves (pd_join). */
static uint64_t first_bytes(const pd_ctx *c, pb_mode mode)
{
    uint64_t half = (uint64_t)c->n / 2;
    return mode == PB_MODE_FIRST && half <= 24 ? 2 * (sizeof(uint32_t) << half) : 0;
}

/* Builds the layers up to the kept one, in the two slots of st; *kept gets the last. */
static pb_status build_layers(pd_ctx *c, const pd_store *st, pd_layer *kept)
{
    pd_layer below = {0}, here = {0};
    pb_status status = PB_DONE;
    for (int k = 1; k <= pd_kept_size(c->n) && status == PB_DONE; k++) {
        status = pd_layer_build(c, k > 1 ? &below : NULL, k, st, &here);
        below = here;
    }
    *kept = below;
    return status;
}

static void thread_start(const pb_run *how)
{
    if (!how->thread_start) return;
#pragma omp parallel num_threads(how->threads)
    how->thread_start(how->thread_ctx, omp_get_thread_num());
}

static pb_status run(const pb_model *m, int config, const pb_run *how, pb_result *out)
{
    (void)config;
    pd_ctx *c = calloc(1, sizeof *c);
    if (!c) return PB_NOMEM;
    pd_ctx_init(c, m, how);
    pd_store store;
    uint64_t need =
        sizeof *c + pd_store_plan(c, pd_kept_size(c->n), &store) + first_bytes(c, how->mode);
    const uint64_t max = how->limits.max_bytes;
    pb_status st = max && need > max ? PB_NOMEM : pd_store_alloc(&store) ? PB_NOMEM : PB_DONE;
    pb_count total = 0;
    if (st == PB_DONE) {
        if (how->threads > 1) thread_start(how);
        pd_layer kept;
        st = build_layers(c, &store, &kept);
        if (st == PB_DONE) st = pd_join(c, pd_kept_size(c->n) ? &kept : NULL, &total, out->first);
    }
    pd_store_free(&store);
    out->stats.bytes = need; /* also when over the limit: what the board would take */
    out->stats.placements = c->placements;
    out->stats.candidates = c->candidates;
    /* Overflow: the count is held at the top of its counter, a lower bound. */
    out->stats.solutions = st == PB_DONE || st == PB_OVERFLOW ? total : 0;
    free(c);
    return st;
}

const pb_engine pb_engine_path_count = {
    {"path-dp",
     "counts without listing: layered DP over (cells used, last cell), one row per "
     "symmetry orbit, halves joined; min-diff 2 only",
     PB_CAP_FIRST | PB_CAP_COUNT | PB_CAP_PARALLEL, pb_cap_names, NULL},
    0,
    accepts,
    run,
};
