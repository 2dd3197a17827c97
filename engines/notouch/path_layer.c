/* path_layer.c — the layers of `path-dp` (path_dp.h) and the run's limits. A layer
 * is built in two passes over the colex ranks of its sets, each split into chunks
 * that OpenMP threads take in turn: the first marks the sets stored (the least of
 * their orbit) and counts them per 64 ranks; the second fills each stored set's row
 * from the layer below. Each row entry pulls from stored rows (the set minus its
 * last cell, mapped to its stored form), so a row is written by one thread alone and
 * the counts do not depend on the thread count. The pulls of one row are staged:
 * every rank and index word first, then every row, then the sums, so that the
 * memory reads of a row overlap rather than wait one after another. */
#define _DEFAULT_SOURCE /* madvise */
#include "path_dp.h"

#include <stdlib.h>
#include <sys/mman.h>

/* Ranks per chunk: the first pass's, and the second's (whose sets cost a row each). */
enum { INDEX_CHUNK_WORDS = 256, ROW_CHUNK_WORDS = 32 };

void pd_stop(pd_ctx *c, pb_status st)
{
#pragma omp critical(pd_stop)
    if (!c->stop) {
        c->status = st;
        __atomic_store_n(&c->stop, 1, __ATOMIC_RELEASE);
    }
}

int pd_stopped(const pd_ctx *c)
{
    return __atomic_load_n(&c->stop, __ATOMIC_ACQUIRE);
}

void pd_worker_begin(pd_ctx *c, pd_worker *wk)
{
    wk->steps = wk->candidates = 0;
    wk->overflow = 0;
    pb_limiter_fork(&wk->lim, &c->lim);
    if (wk->lim.timed) wk->lim.last_t = pb_now_s();
}

void pd_worker_end(pd_ctx *c, pd_worker *wk)
{
    pb_limiter_end(&wk->lim, wk->steps);
    __atomic_fetch_add(&c->placements, wk->steps, __ATOMIC_RELAXED);
    __atomic_fetch_add(&c->candidates, wk->candidates, __ATOMIC_RELAXED);
    if (wk->overflow) __atomic_store_n(&c->overflow, 1, __ATOMIC_RELAXED);
}

int pd_poll(pd_ctx *c, pd_worker *wk)
{
    pb_status st = pb_limiter_poll(&wk->lim, wk->steps);
    if (st != PB_DONE) pd_stop(c, st);
    return st == PB_DONE && !pd_stopped(c);
}

int pd_clock_ok(pd_ctx *c)
{
    const pb_limits *lim = &c->how->limits;
    if (lim->cancel && *lim->cancel)
        pd_stop(c, PB_INTERRUPTED);
    else if (c->lim.deadline > 0 && pb_now_s() >= c->lim.deadline)
        pd_stop(c, PB_LIMIT);
    return !pd_stopped(c);
}

uint64_t pd_unrank(const pd_ctx *c, uint64_t r, int k)
{
    uint64_t s = 0;
    for (int i = k; i >= 1; i--) {
        int x = i - 1; /* the largest x with C(x, i) <= r */
        while (x + 1 < c->n && c->binom[i][x + 1] <= r) x++;
        s |= 1ull << x;
        r -= c->binom[i][x];
    }
    return s;
}

/* A layer's array. The lookups land anywhere in it, so a large one asks for huge
 * pages: with 4 KiB pages nearly every lookup would also miss the TLB. */
static void *layer_alloc(uint64_t bytes)
{
    const uint64_t huge = 2u << 20;
    if (bytes < huge) return malloc(bytes ? bytes : 1);
    bytes = (bytes + huge - 1) / huge * huge;
    void *p = aligned_alloc(huge, bytes);
#ifdef MADV_HUGEPAGE
    if (p) madvise(p, bytes, MADV_HUGEPAGE); /* a hint: without it the pages are small */
#endif
    return p;
}

static uint64_t index_words(uint64_t nsets)
{
    return (nsets + 63) / 64;
}

uint64_t pd_store_plan(const pd_ctx *c, int top, pd_store *st)
{
    *st = (pd_store){{0, 0}, {0, 0}, {NULL, NULL}, {NULL, NULL}};
    for (int k = 1; k <= top; k++) {
        uint64_t words = index_words(c->binom[k][c->n]);
        uint64_t bytes = pd_sym_orbits(&c->sym, c->n, k) * pd_row_bytes(k) + 8;
        if (words > st->words[k % 2]) st->words[k % 2] = words;
        if (bytes > st->bytes[k % 2]) st->bytes[k % 2] = bytes;
    }
    return (st->words[0] + st->words[1]) * sizeof(pd_word) + st->bytes[0] + st->bytes[1];
}

int pd_store_alloc(pd_store *st)
{
    for (int i = 0; i < 2; i++) {
        st->index[i] = layer_alloc(st->words[i] * sizeof(pd_word));
        st->rows[i] = layer_alloc(st->bytes[i]);
        if (!st->index[i] || !st->rows[i]) return -1;
    }
    return 0;
}

void pd_store_free(pd_store *st)
{
    for (int i = 0; i < 2; i++) {
        free(st->index[i]);
        free(st->rows[i]);
        st->index[i] = NULL;
        st->rows[i] = NULL;
    }
}

/* The first pass over words [w0, w1) of layer l's index, into out (word w0 first):
 * which sets are stored; base holds the count of each word until the prefix sums. */
static void mark_words(const pd_ctx *c, const pd_layer *l, uint64_t w0, uint64_t w1, pd_word *out)
{
    uint64_t r = w0 * 64, end = w1 * 64 < l->nsets ? w1 * 64 : l->nsets;
    uint64_t s = pd_unrank(c, r, l->k);
    for (uint64_t w = w0; w < w1; w++) {
        uint64_t bits = 0;
        for (int j = 0; j < 64 && r < end; j++) {
            int g;
            if (pd_least(&c->sym, s, &g) == s) bits |= 1ull << j;
            if (++r < end) s = pd_next_set(s);
        }
        out[w - w0].bits = bits;
        out[w - w0].base = (uint64_t)__builtin_popcountll(bits);
    }
}

pb_status pd_mark_range(pd_ctx *c, const pd_layer *l, uint64_t w0, uint64_t w1, uint64_t row0,
                        pd_word *out, uint64_t *row1)
{
    const uint64_t nwords = w1 - w0;
    const int64_t nchunks = (int64_t)((nwords + INDEX_CHUNK_WORDS - 1) / INDEX_CHUNK_WORDS);
#pragma omp parallel for schedule(dynamic, 1) num_threads(c->threads) if (nchunks > 1)
    for (int64_t i = 0; i < nchunks; i++) {
        if (!pd_clock_ok(c)) continue;
        uint64_t a = (uint64_t)i * INDEX_CHUNK_WORDS, b = a + INDEX_CHUNK_WORDS;
        mark_words(c, l, w0 + a, w0 + (b < nwords ? b : nwords), out + a);
    }
    if (pd_stopped(c)) return c->status;
    uint64_t sum = row0;
    for (uint64_t w = 0; w < nwords; w++) {
        uint64_t n = out[w].base;
        out[w].base = sum;
        sum += n;
    }
    *row1 = sum;
    return PB_DONE;
}

int pd_fill_row(pd_ctx *c, pd_worker *wk, const pd_layer *p, uint64_t s, uint64_t *out)
{
    const int k = __builtin_popcountll(s);
    pd_look look[PD_MAX_CELLS];
    uint64_t img[PD_MAX_SYM];
    if (k == 1) {
        if (!pd_step(c, wk)) return 0;
        out[0] = 1;
        return 1;
    }
    /* The images of s minus a cell are those of s minus the cell's image. */
    for (int g = 0; g < c->sym.nsym; g++) img[g] = pd_image(&c->sym, g, s);
    int j = 0;
    for (uint64_t x = s; x; x &= x - 1, j++) {
        if (!pd_step(c, wk)) return 0;
        int a = __builtin_ctzll(x), best = 0;
        uint64_t least = img[0] & ~(1ull << a);
        for (int g = 1; g < c->sym.nsym; g++) {
            uint64_t t = img[g] & ~(1ull << c->sym.perm[g][a]);
            if (t < least) least = t, best = g;
        }
        look[j] = (pd_look){least, pd_rank(c, least), NULL, c->sym.perm[best][a]};
        pd_look_index(p, &look[j]);
    }
    for (int i = 0; i < k; i++) pd_look_row(p, &look[i]);
    for (int i = 0; i < k; i++)
        out[i] = pd_look_sum(c, p, &look[i], &wk->candidates, &wk->overflow);
    return 1;
}

/* The second pass over words [w0, w1): the rows of the stored sets. */
static void fill_words(pd_ctx *c, pd_worker *wk, const pd_layer *p, pd_layer *l, uint64_t w0,
                       uint64_t w1)
{
    uint64_t r = w0 * 64, end = w1 * 64 < l->nsets ? w1 * 64 : l->nsets;
    uint64_t s = pd_unrank(c, r, l->k);
    uint8_t *out = l->rows + l->index[w0].base * l->row_bytes;
    uint64_t row[PD_MAX_CELLS];
    for (uint64_t w = w0; w < w1; w++) {
        uint64_t bits = l->index[w].bits;
        for (int j = 0; j < 64 && r < end; j++) {
            if (bits >> j & 1) {
                if (!pd_fill_row(c, wk, p, s, row)) return;
                pd_put_row(out, l->k, row, &wk->overflow);
                out += l->row_bytes;
            }
            if (++r < end) s = pd_next_set(s);
        }
    }
}

static void fill_layer(pd_ctx *c, const pd_layer *p, pd_layer *l)
{
    const uint64_t nwords = index_words(l->nsets);
    const int64_t nchunks = (int64_t)((nwords + ROW_CHUNK_WORDS - 1) / ROW_CHUNK_WORDS);
#pragma omp parallel num_threads(c->threads) if (nchunks > 1)
    {
        pd_worker wk;
        pd_worker_begin(c, &wk);
#pragma omp for schedule(dynamic, 1)
        for (int64_t i = 0; i < nchunks; i++) {
            if (pd_stopped(c)) continue;
            uint64_t w0 = (uint64_t)i * ROW_CHUNK_WORDS, w1 = w0 + ROW_CHUNK_WORDS;
            fill_words(c, &wk, p, l, w0, w1 < nwords ? w1 : nwords);
        }
        pd_worker_end(c, &wk);
    }
}

void pd_layer_shape(const pd_ctx *c, int k, pd_layer *l)
{
    l->k = k;
    l->width = pd_width(k);
    l->row_bytes = pd_row_bytes(k);
    l->nsets = c->binom[k][c->n];
    l->nrows = 0;
    l->index = NULL;
    l->rows = NULL;
}

pb_status pd_layer_mark(pd_ctx *c, int k, pd_word *index, pd_layer *l)
{
    pd_layer_shape(c, k, l);
    l->index = index;
    return pd_mark_range(c, l, 0, index_words(l->nsets), 0, index, &l->nrows);
}

pb_status pd_layer_build(pd_ctx *c, const pd_layer *prev, int k, const pd_store *st, pd_layer *l)
{
    pb_status status = pd_layer_mark(c, k, st->index[k % 2], l);
    l->rows = st->rows[k % 2];
    if (status != PB_DONE) return status;
    fill_layer(c, prev, l);
    return pd_stopped(c) ? c->status : PB_DONE;
}
