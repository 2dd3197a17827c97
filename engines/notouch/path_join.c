/* path_join.c — `path-dp`'s meet in the middle (path_dp.h): a solution's order split
 * in two halves, each counted from the one layer kept.
 *
 * Even n = 2h: the first h cells form a set S ending in a, the last h the rest R of
 * the cells, read backwards ending in b, and a may be followed by b. So the count is
 * the sum over h-sets S of J(S) = sum over a in S of f[S][a] times the sum of f[R][b]
 * over the b in R that may follow a, where f of an h-set is pulled from the kept
 * layer of h-1 cells. Odd n = 2h+1: the middle cell m splits the rest into the h-set
 * B before it and the h-set B' after it, and the count is the sum over m and B of
 * J = G(B) G(B'), G(B) the orders of B ending in a cell that may precede m, read from
 * the kept layer of h cells.
 *
 * Reversing the order (value v to n+1-v) swaps the halves: J(S) = J(R), and
 * J(B) = J(B'); the board's symmetries keep J too. So only the sets that are the
 * least of their orbit under both are joined, each weighted by its orbit's size. */
#include "path_dp.h"

#include <stdlib.h>
#include <string.h>

enum { JOIN_CHUNK = 4096 }; /* sets per chunk of the join */

uint64_t pd_join_weight(const pd_sym *y, uint64_t s, uint64_t room, uint64_t fixed)
{
    uint64_t rest = room & ~s, group = 0, stab = 0;
    for (int g = 0; g < y->nsym; g++) {
        if (fixed && pd_image(y, g, fixed) != fixed) continue;
        uint64_t a = pd_image(y, g, s), b = pd_image(y, g, rest);
        if (a < s || b < s) return 0;
        group += 2;
        stab += (a == s) + (b == s);
    }
    return group / stab;
}

/* J(S) of an even board: S and the rest R, h cells each. 2h steps. */
static pb_count join_even(pd_ctx *c, pd_worker *wk, const pd_layer *p, uint64_t s, int *ok)
{
    uint64_t fs[PD_MAX_CELLS], fr[PD_MAX_CELLS], rest = c->all & ~s;
    *ok = pd_fill_row(c, wk, p, s, fs) && pd_fill_row(c, wk, p, rest, fr);
    if (!*ok) return 0;
    pb_count j = 0;
    int i = 0;
    for (uint64_t x = s; x; x &= x - 1, i++) {
        if (!fs[i]) continue;
        uint64_t want = c->next[__builtin_ctzll(x)];
        wk->candidates += (uint64_t)__builtin_popcountll(rest & want);
        uint64_t after = pd_row_sum(fr, rest, want, &wk->overflow);
        wk->overflow |= pd_add_count(&j, (pb_count)fs[i] * after);
    }
    return j;
}

/* Where a join found its first solution (PB_MODE_FIRST). */
typedef struct join_pick {
    int found, m;
    uint64_t s;
} join_pick;

enum { ODD_BATCH = 32 }; /* sets of an odd join whose lookups overlap */

/* The odd join of the sets s[0..n) around m, weighted by w[]: J = G(B) G(B'), G(B)
 * the orders of B (an h-set; empty: 1) that end in a cell that may precede m. One
 * step per G. 0 when the run must stop. */
static int join_odd(pd_ctx *c, pd_worker *wk, const pd_layer *p, int m, const uint64_t *s,
                    const uint64_t *w, int n, pb_count *sum, join_pick *pick)
{
    const uint64_t room = c->all & ~(1ull << m);
    pd_look look[2 * ODD_BATCH];
    for (int i = 0; i < 2 * n; i++) {
        if (!pd_step(c, wk)) return 0;
        if (p) pd_look_start(c, p, i % 2 ? room & ~s[i / 2] : s[i / 2], m, &look[i]);
    }
    if (p)
        for (int i = 0; i < 2 * n; i++) pd_look_row(p, &look[i]);
    for (int i = 0; i < n; i++) {
        uint64_t g[2] = {1, 1};
        for (int e = 0; e < 2 && p; e++)
            g[e] = pd_look_sum(c, p, &look[2 * i + e], &wk->candidates, &wk->overflow);
        pb_count j = (pb_count)g[0] * g[1];
        if (j && c->how->mode == PB_MODE_FIRST) {
            *pick = (join_pick){1, m, s[i]};
            pd_stop(c, PB_DONE);
            return 0;
        }
        if (j > PB_COUNT_MAX / w[i]) wk->overflow = 1, j = PB_COUNT_MAX;
        wk->overflow |= pd_add_count(sum, j * w[i]);
    }
    return 1;
}

/* The sets of join ranks [r0, r1) (h-sets of the cells, or of the cells but m),
 * weighted and summed into *sum. */
static void join_range(pd_ctx *c, pd_worker *wk, const pd_layer *p, int m, uint64_t r0, uint64_t r1,
                       pb_count *sum, join_pick *pick)
{
    const int h = m < 0 ? c->n / 2 : (c->n - 1) / 2;
    const uint64_t fixed = m < 0 ? 0 : 1ull << m, room = c->all & ~fixed;
    const uint64_t low = fixed - 1;
    uint64_t x = pd_unrank(c, r0, h), batch[ODD_BATCH], weight[ODD_BATCH];
    int nb = 0;
    for (uint64_t r = r0; r < r1; r++) {
        /* x ranks the h-sets of n (even) or n-1 cells; s skips cell m (odd). */
        uint64_t s = m < 0 ? x : (x & low) | ((x & ~low) << 1);
        if (r + 1 < r1) x = pd_next_set(x);
        uint64_t w = h ? pd_join_weight(&c->sym, s, room, fixed) : 1;
        if (!w) continue;
        if (m >= 0) {
            batch[nb] = s, weight[nb++] = w;
            if (nb == ODD_BATCH && !join_odd(c, wk, p, m, batch, weight, nb, sum, pick)) return;
            nb %= ODD_BATCH;
            continue;
        }
        int ok;
        pb_count j = join_even(c, wk, p, s, &ok);
        if (!ok) return;
        if (j && c->how->mode == PB_MODE_FIRST) {
            *pick = (join_pick){1, m, s};
            pd_stop(c, PB_DONE);
            return;
        }
        if (j > PB_COUNT_MAX / w) wk->overflow = 1, j = PB_COUNT_MAX;
        wk->overflow |= pd_add_count(sum, j * w);
    }
    if (nb) join_odd(c, wk, p, m, batch, weight, nb, sum, pick);
}

/* Joins every set of one split (m < 0: even; else the odd split at cell m, each
 * weighted by m's orbit) over the threads, into *total. */
static void join_split(pd_ctx *c, const pd_layer *p, int m, uint64_t weight, pb_count *total,
                       join_pick *pick)
{
    const int h = m < 0 ? c->n / 2 : (c->n - 1) / 2;
    const uint64_t nsets = c->binom[h][m < 0 ? c->n : c->n - 1];
    const int64_t nchunks = (int64_t)((nsets + JOIN_CHUNK - 1) / JOIN_CHUNK);
#pragma omp parallel num_threads(c->threads) if (nchunks > 1)
    {
        pd_worker wk;
        pd_worker_begin(c, &wk);
        pb_count sum = 0;
#pragma omp for schedule(dynamic, 1)
        for (int64_t i = 0; i < nchunks; i++) {
            if (pd_stopped(c)) continue;
            uint64_t r0 = (uint64_t)i * JOIN_CHUNK, r1 = r0 + JOIN_CHUNK;
            join_range(c, &wk, p, m, r0, r1 < nsets ? r1 : nsets, &sum, pick);
        }
        if (sum > PB_COUNT_MAX / weight) wk.overflow = 1, sum = PB_COUNT_MAX;
#pragma omp critical(pd_join_total)
        wk.overflow |= pd_add_count(total, sum * weight);
        pd_worker_end(c, &wk);
    }
}

int pd_cell_rep(const pd_sym *y, int m, uint64_t *size)
{
    uint64_t seen = 0;
    for (int g = 0; g < y->nsym; g++) {
        if (y->perm[g][m] < m) return 0;
        seen |= 1ull << y->perm[g][m];
    }
    *size = (uint64_t)__builtin_popcountll(seen);
    return 1;
}

/* ---- the first solution: each half's order rebuilt by a small DP over its subsets ---- */

/* ends[T] (T a subset of the half's cells, as bits of their indices): the cells,
 * as indices, in which an order of T may end. */
typedef struct half {
    int k, cell[PD_MAX_CELLS];
    uint32_t *ends;
} half;

static int half_open(const pd_ctx *c, uint64_t s, half *hf)
{
    hf->k = 0;
    for (uint64_t x = s; x; x &= x - 1) hf->cell[hf->k++] = __builtin_ctzll(x);
    if (hf->k > 24 || !(hf->ends = malloc(sizeof *hf->ends << hf->k))) return -1;
    uint32_t nx[32]; /* nx[i]: the indices that may follow index i */
    for (int i = 0; i < hf->k; i++) {
        nx[i] = 0;
        for (int j = 0; j < hf->k; j++)
            if (c->next[hf->cell[i]] >> hf->cell[j] & 1) nx[i] |= 1u << j;
    }
    hf->ends[0] = 0;
    for (uint32_t t = 1; t < (1u << hf->k); t++) {
        uint32_t e = 0;
        for (uint32_t x = t; x; x &= x - 1) {
            int i = __builtin_ctz(x);
            uint32_t rest = t & ~(1u << i);
            if (!rest || (hf->ends[rest] & nx[i])) e |= 1u << i;
        }
        hf->ends[t] = e;
    }
    return 0;
}

/* The cells in which an order of the whole half may end, as a cell mask. */
static uint64_t half_ends(const half *hf)
{
    uint64_t m = 0;
    for (uint32_t e = hf->ends[(1u << hf->k) - 1]; e; e &= e - 1)
        m |= 1ull << hf->cell[__builtin_ctz(e)];
    return m;
}

/* Writes values v0, v0 + dv, ... along an order of the half that ends in cell `end`,
 * from its last cell back: values[end] = v0. */
static void half_walk(const pd_ctx *c, const half *hf, int end, int v0, int dv, int *values)
{
    uint32_t t = (1u << hf->k) - 1;
    for (int v = v0; t; v += dv) {
        int i = 0;
        while (hf->cell[i] != end) i++;
        values[end] = v;
        t &= ~(1u << i);
        uint64_t may = c->next[end];
        for (uint32_t e = hf->ends[t]; e; e &= e - 1)
            if (may >> hf->cell[__builtin_ctz(e)] & 1) {
                end = hf->cell[__builtin_ctz(e)];
                break;
            }
    }
}

/* The solution of the joined pick: 0, or -1 out of memory. */
static int first_solution(const pd_ctx *c, const join_pick *pick, int *values)
{
    const int n = c->n;
    const uint64_t mid = pick->m < 0 ? 0 : 1ull << pick->m;
    half a = {0}, b = {0};
    int rc = -1;
    if (half_open(c, pick->s, &a) || half_open(c, c->all & ~pick->s & ~mid, &b)) goto done;
    uint64_t ea = half_ends(&a), eb = half_ends(&b);
    if (pick->m >= 0) { /* B, m, B': each half ends next to m */
        values[pick->m] = a.k + 1;
        ea &= c->next[pick->m], eb &= c->next[pick->m];
        if (a.k) half_walk(c, &a, __builtin_ctzll(ea), a.k, -1, values);
        if (b.k) half_walk(c, &b, __builtin_ctzll(eb), a.k + 2, 1, values);
    } else { /* S, then R backwards: a cell of S that may be followed by one of R */
        int end = 0;
        while (!(ea >> end & 1) || !(c->next[end] & eb)) end++;
        half_walk(c, &a, end, a.k, -1, values);
        half_walk(c, &b, __builtin_ctzll(c->next[end] & eb), a.k + 1, 1, values);
    }
    rc = n == a.k + b.k + (pick->m >= 0) ? 0 : -1;
done:
    free(a.ends);
    free(b.ends);
    return rc;
}

pb_status pd_join(pd_ctx *c, const pd_layer *p, pb_count *total, int *first)
{
    join_pick pick = {0, -1, 0};
    *total = 0;
    if (c->n % 2 == 0) {
        join_split(c, p, -1, 1, total, &pick);
    } else {
        for (int m = 0; m < c->n && !pd_stopped(c); m++) {
            uint64_t size;
            if (pd_cell_rep(&c->sym, m, &size)) join_split(c, p, m, size, total, &pick);
        }
    }
    if (pick.found) {
        *total = 1;
        if (first && first_solution(c, &pick, first)) return PB_NOMEM;
        return PB_DONE;
    }
    if (pd_stopped(c)) return c->status;
    return c->overflow ? PB_OVERFLOW : PB_DONE;
}
