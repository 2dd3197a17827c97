/* path_dp.h — the layered path count behind `path-dp` (path_count.c), shared by its
 * files: the board's symmetries (path_sym.c), the layers of counts and the run's
 * limits (path_layer.c), the join of two half paths (path_join.c), and the layers
 * held in shards for a count over MPI ranks (path_shard.c).
 *
 * With values 1..n each used once and min-diff 2, a solution is an order of the cells
 * (the cell of 1, of 2, ...) in which consecutive cells never touch. f[S][a] counts
 * the orders of the cell set S that end in a. A layer holds f for every set of one
 * size k, ranked by the combinatorial number system (colex rank of the set's cells),
 * and only for the sets that are the least (as a mask) of their orbit under the
 * board's symmetries: f[g S][g a] = f[S][a] for every symmetry g. */
#ifndef PB_PATH_DP_H
#define PB_PATH_DP_H

#include <stdint.h>
#include <string.h>

#include "../core/engine.h"
#include "../core/limiter.h"

#define PD_MAX_CELLS 64
#define PD_MAX_SYM   8 /* the maps of a square onto itself */

/* The board's symmetries: cell permutations that keep the touching pairs, the first
 * the identity. A mask's image is the OR of one table entry per byte of the mask. */
typedef struct pd_sym {
    int nsym, nbytes;
    int8_t perm[PD_MAX_SYM][PD_MAX_CELLS];
    uint64_t tab[PD_MAX_SYM][PD_MAX_CELLS / 8][256]; /* tab[g][j][b]: image of byte j = b */
} pd_sym;

static inline uint64_t pd_image(const pd_sym *y, int g, uint64_t s)
{
    uint64_t r = 0;
    for (int j = 0; j < y->nbytes; j++) r |= y->tab[g][j][(s >> (8 * j)) & 255];
    return r;
}

/* The least image of s, and in *g a symmetry that gives it. */
static inline uint64_t pd_least(const pd_sym *y, uint64_t s, int *g)
{
    uint64_t best = s;
    *g = 0;
    for (int k = 1; k < y->nsym; k++) {
        uint64_t t = pd_image(y, k, s);
        if (t < best) best = t, *g = k;
    }
    return best;
}

/* Finds the symmetries among the eight maps of the layout's rectangle (four when it is
 * not square): those that map cells to cells and touching pairs to touching pairs. */
void pd_sym_find(const pb_model *m, const uint64_t *touch, pd_sym *y);

/* How many k-sets of the n cells are the least of their orbit (Burnside's count). */
uint64_t pd_sym_orbits(const pd_sym *y, int n, int k);

/* Per 64 ranks of a layer: which sets are stored, and how many are stored before. */
typedef struct pd_word {
    uint64_t bits, base;
} pd_word;

/* A stored count f[S][a] of a k-set counts orders of the k-1 other cells, so it is at
 * most (k-1)!: a layer keeps each count in the bits that bound needs (pd_width), and
 * a row of k counts in whole bytes, so that the rows of two threads share no byte. A
 * count is read with one unaligned 8-byte load (little-endian), so a width past 57
 * bits is kept as a whole word, and each slot has 8 bytes to spare at its end. */
static inline int pd_width(int k)
{
    uint64_t f = 1;
    for (uint64_t i = 2; i < (uint64_t)k; i++)
        if (__builtin_mul_overflow(f, i, &f)) return 64;
    int w = 64 - __builtin_clzll(f);
    return w > 57 ? 64 : w;
}

static inline uint64_t pd_row_bytes(int k)
{
    return ((uint64_t)k * (uint64_t)pd_width(k) + 7) / 8;
}

/* Count j of a row of w-bit counts. */
static inline uint64_t pd_get(const uint8_t *row, int w, int j)
{
    uint64_t bit = (uint64_t)j * (uint64_t)w, v;
    memcpy(&v, row + (bit >> 3), sizeof v);
    return w == 64 ? v : (v >> (bit & 7)) & ((1ull << w) - 1);
}

/* Packs the k counts v[] into row (pd_row_bytes(k) bytes, exactly); *ov set when one
 * does not fit its width (past the bound: never, but checked). */
static inline void pd_put_row(uint8_t *row, int k, const uint64_t *v, int *ov)
{
    const int w = pd_width(k);
    unsigned __int128 acc = 0;
    int have = 0;
    for (int j = 0; j < k; j++) {
        uint64_t x = v[j];
        if (w < 64 && x >> w) *ov = 1, x &= (1ull << w) - 1;
        acc |= (unsigned __int128)x << have;
        for (have += w; have >= 8; have -= 8) *row++ = (uint8_t)acc, acc >>= 8;
    }
    if (have) *row = (uint8_t)acc;
}

typedef struct pd_layer {
    int k, width;
    uint64_t nsets, nrows; /* C(n, k); the sets stored, one per orbit */
    uint64_t row_bytes;    /* pd_row_bytes(k) */
    pd_word *index;        /* nsets / 64 rounded up */
    uint8_t *rows;         /* row i at rows + i * row_bytes: its count j, the orders of stored set
                              i ending in its j-th cell */
} pd_layer;

typedef struct pd_ctx {
    int n;
    uint64_t all;
    uint64_t next[PD_MAX_CELLS]; /* next[c]: the cells that may follow c (touch it not) */
    uint64_t binom[PD_MAX_CELLS + 1][PD_MAX_CELLS + 1]; /* binom[i][c] = C(c, i) */
    pd_sym sym;
    const pb_run *how;
    int threads;
    pb_limiter lim;    /* the run's: each worker forks its own from it */
    pb_step_pool pool; /* the step limit, shared by the workers (when there is one) */
    /* Summed by the workers with atomics. */
    int stop;         /* some worker stopped the run, with `status` */
    pb_status status; /* set once, under the critical section of pd_stop */
    uint64_t placements, candidates;
    int overflow; /* a count passed what its counter holds */
} pd_ctx;

/* One thread's share of one parallel pass (a layer's rows, or the join): its limiter
 * and counts. Its steps are drawn from the run's pool as it takes them, not when it
 * starts, so that a worker left without work holds none. */
typedef struct pd_worker {
    pb_limiter lim;
    uint64_t steps, candidates;
    int overflow;
} pd_worker;

/* Stops the run with st (the first reason wins). */
void pd_stop(pd_ctx *c, pb_status st);
int pd_stopped(const pd_ctx *c);
/* Starts a worker: its first step polls the limits. */
void pd_worker_begin(pd_ctx *c, pd_worker *wk);
/* Ends a worker: its steps and counts join the run's, its unused steps the pool. */
void pd_worker_end(pd_ctx *c, pd_worker *wk);
/* Polls the limits when a worker's steps reached its limiter's next check; 0: stop. */
int pd_poll(pd_ctx *c, pd_worker *wk);
/* Before each step (a count f[S][a] made): 0 when the run must stop. */
static inline int pd_step(pd_ctx *c, pd_worker *wk)
{
    if (wk->steps >= wk->lim.next && !pd_poll(c, wk)) return 0;
    wk->steps++;
    return 1;
}
/* The clock and the cancel flag alone, for work that takes no steps; 0: stop. */
int pd_clock_ok(pd_ctx *c);

/* a += b, 1 on overflow (a is then held at PB_COUNT_MAX). */
static inline int pd_add_count(pb_count *a, pb_count b)
{
    pb_count s = *a + b;
    if (s < *a) return *a = PB_COUNT_MAX, 1;
    *a = s;
    return 0;
}

/* The colex rank of set s among the sets of its size. */
static inline uint64_t pd_rank(const pd_ctx *c, uint64_t s)
{
    uint64_t r = 0;
    for (int i = 1; s; s &= s - 1, i++) r += c->binom[i][__builtin_ctzll(s)];
    return r;
}
/* The k-set of colex rank r. */
uint64_t pd_unrank(const pd_ctx *c, uint64_t r, int k);
/* The next k-set in colex order (Gosper's): s must not be the last. */
static inline uint64_t pd_next_set(uint64_t s)
{
    uint64_t low = s & -s, r = s + low;
    return r | (((s ^ r) >> 2) >> __builtin_ctzll(s));
}

/* A stored row looked up in stages, so that the memory reads of many lookups overlap
 * rather than wait one after another: the set's stored form and rank (then its index
 * word is fetched), its row (then fetched), and the sum over the row. */
typedef struct pd_look {
    uint64_t least, rank; /* the set's stored form (the least of its orbit), its rank */
    const uint8_t *row;
    int to; /* the cell looked up by (whose row entries are summed), in the stored form */
} pd_look;

/* After least, rank and to are set: fetches the index word. */
static inline void pd_look_index(const pd_layer *l, const pd_look *k)
{
    __builtin_prefetch(&l->index[k->rank >> 6]);
}

/* Stage one for set t (of layer l's size) and the cell `cell` that follows it. */
static inline void pd_look_start(const pd_ctx *c, const pd_layer *l, uint64_t t, int cell,
                                 pd_look *k)
{
    int g;
    k->least = pd_least(&c->sym, t, &g);
    k->to = c->sym.perm[g][cell];
    k->rank = pd_rank(c, k->least);
    pd_look_index(l, k);
}

/* Stage two: the row (the stored set's place among the stored sets of its layer). */
static inline void pd_look_row(const pd_layer *l, pd_look *k)
{
    const pd_word *w = &l->index[k->rank >> 6];
    uint64_t below = w->bits & ((2ull << (k->rank & 63)) - 1);
    k->row = l->rows + (w->base + (uint64_t)__builtin_popcountll(below) - 1) * l->row_bytes;
    __builtin_prefetch(k->row);
    __builtin_prefetch(k->row + l->row_bytes - 1);
}

/* The sum of row[j] over the cells j-th of `set` that lie in `want`; *ov set on
 * overflow. */
static inline uint64_t pd_row_sum(const uint64_t *row, uint64_t set, uint64_t want, int *ov)
{
    uint64_t sum = 0;
    for (int j = 0; set; set &= set - 1, j++) {
        uint64_t take = -(uint64_t)((want >> __builtin_ctzll(set)) & 1);
        *ov |= __builtin_add_overflow(sum, row[j] & take, &sum);
    }
    return sum;
}

/* pd_row_sum over a stored row of w-bit counts. */
static inline uint64_t pd_packed_sum(const uint8_t *row, int w, uint64_t set, uint64_t want,
                                     int *ov)
{
    uint64_t sum = 0;
    for (int j = 0; set; set &= set - 1, j++) {
        uint64_t take = -(uint64_t)((want >> __builtin_ctzll(set)) & 1);
        *ov |= __builtin_add_overflow(sum, pd_get(row, w, j) & take, &sum);
    }
    return sum;
}

/* Stage three: the orders of the looked-up set that end in a cell that may precede
 * (or follow) the cell looked up by; *cand counts the terms. */
static inline uint64_t pd_look_sum(const pd_ctx *c, const pd_layer *l, const pd_look *k,
                                   uint64_t *cand, int *ov)
{
    uint64_t want = c->next[k->to];
    *cand += (uint64_t)__builtin_popcountll(k->least & want);
    return pd_packed_sum(k->row, l->width, k->least, want, ov);
}

/* The memory of the layers: two slots, the odd layers in one and the even in the
 * other, each as large as the largest layer it holds, allocated once. */
typedef struct pd_store {
    uint64_t words[2], bytes[2]; /* index words and row bytes of each slot */
    pd_word *index[2];
    uint8_t *rows[2];
} pd_store;

/* Sizes the slots for layers 1..top; returns their bytes. */
uint64_t pd_store_plan(const pd_ctx *c, int top, pd_store *st);
/* Allocates the planned slots: 0, or -1 out of memory. */
int pd_store_alloc(pd_store *st);
void pd_store_free(pd_store *st);

/* Sets up layer k's sizes (no index, no rows, nrows 0). */
void pd_layer_shape(const pd_ctx *c, int k, pd_layer *l);

/* Marks words [w0, w1) of layer l's index into out (word w0 first), their bases
 * counted from row0; *row1 gets the row after the last. PB_DONE, or the status the
 * run stopped with. */
pb_status pd_mark_range(pd_ctx *c, const pd_layer *l, uint64_t w0, uint64_t w1, uint64_t row0,
                        pd_word *out, uint64_t *row1);

/* Sets up layer k over the index words `index` and marks which of its sets are
 * stored (their rows are not filled, l->rows is NULL). PB_DONE, or the status the
 * run stopped with. */
pb_status pd_layer_mark(pd_ctx *c, int k, pd_word *index, pd_layer *l);

/* Builds layer k (>= 1) into its slot of st, from `prev` (layer k-1; unused for
 * k = 1). PB_DONE, or the status the run stopped with. */
pb_status pd_layer_build(pd_ctx *c, const pd_layer *prev, int k, const pd_store *st, pd_layer *l);

/* f[s][a] for every cell a of s, in cell order, into out (one step each), from layer
 * p of the sets one smaller (for |s| = 1: 1). 0 when the run must stop. */
int pd_fill_row(pd_ctx *c, pd_worker *wk, const pd_layer *p, uint64_t s, uint64_t *out);

/* The run's context for board m (its cells, touching pairs, symmetries, limits). */
void pd_ctx_init(pd_ctx *c, const pb_model *m, const pb_run *how);

/* The size of the sets of the layer the join reads (0: none). */
int pd_kept_size(int n);

/* The orbit weight of set s (the cells `room`, whose rest is s's other half) under
 * the symmetries that fix `fixed` (a cell mask, 0: all) and the swap of the halves:
 * 0 when s is not the least of its orbit (path_join.c). */
uint64_t pd_join_weight(const pd_sym *y, uint64_t s, uint64_t room, uint64_t fixed);

/* Whether cell m is the least of its orbit; its orbit's size in *size. */
int pd_cell_rep(const pd_sym *y, int m, uint64_t *size);

/* The count of the run's board from layer p (path_join.c): for an even n the sets of
 * n/2 - 1 cells, for an odd n those of (n-1)/2 (NULL when that is 0). In
 * PB_MODE_FIRST it stops at the first solution and writes it to first (when not
 * NULL). */
pb_status pd_join(pd_ctx *c, const pd_layer *p, pb_count *total, int *first);

/* ---- layers in shards (path_shard.c) ----
 * A layer's index split into contiguous ranges of words, one per part (an MPI rank:
 * the caller moves the shards between them): a part holds its words and the rows of
 * the sets they store, and one other part's at a time. The cuts are drawn from the
 * stored sets counted per block of words so that every part holds about as many
 * bytes (index and rows), for the stored sets crowd the low colex ranks. */

typedef struct pd_shard {
    uint64_t w0, w1;     /* the layer's index words held, [w0, w1) */
    uint64_t row0, row1; /* the layer's rows held, [row0, row1) */
    pd_word *index;      /* word w0 first, its bases the layer's rows */
    uint8_t *rows;       /* row row0 first, row_bytes each */
    int part, parts;     /* whose words and rows they are */
    const uint64_t *cut; /* cut[p]: part p's first word (parts + 1 of them) */
} pd_shard;

/* The index words per block of a layer of nsets sets in parts: blocks are the grain
 * of the cuts, a few thousand per part. */
static inline uint64_t pd_shard_block(uint64_t nsets, int parts)
{
    uint64_t words = (nsets + 63) / 64, n = 4096 * (uint64_t)parts;
    return words > n ? (words + n - 1) / n : 1;
}

/* The cuts of layer l in parts from count[] (its stored sets per block of bw words,
 * nblocks of them): cut[p] part p's first word, row[p] its first row (parts + 1 of
 * each, the last the layer's end). Every part's bytes are under 1/parts of the
 * layer's plus one block's. */
void pd_shard_cut(const pd_layer *l, const uint64_t *count, uint64_t nblocks, uint64_t bw,
                  int parts, uint64_t *cut, uint64_t *row);

/* Part `part`'s shard of a layer cut at cut[] and row[], in buf: its index words,
 * then its rows. */
pd_shard pd_shard_at(const uint64_t *cut, const uint64_t *row, int part, int parts, uint8_t *buf);

/* A shard's bytes in its buffer (8 to spare). */
static inline uint64_t pd_shard_bytes(const pd_layer *l, const pd_shard *h)
{
    return (h->w1 - h->w0) * sizeof(pd_word) + (h->row1 - h->row0) * l->row_bytes + 8;
}

/* The most parts whose owners a hint byte holds. */
#define PD_HINT_PARTS 254

/* The hint bytes per row of the join of layer k (the top layer) of an n-cell board:
 * one per middle cell of an odd board, one per set of an even one. */
static inline int pd_join_hint_width(int n, int k)
{
    return n % 2 ? n - k : 1;
}

/* The bytes of the largest shard (index and rows) of any layer 1..top in `parts`,
 * as bounded by pd_shard_cut, in *hint the bytes of the largest hint of
 * pd_shard_fill (a byte per count) or of pd_shard_join (layer top), and in *blocks
 * the most blocks of a layer. */
uint64_t pd_shard_plan(const pd_ctx *c, int top, int parts, uint64_t *hint, uint64_t *blocks);

/* Adds to own's rows of layer l (zero before the first call) every term that comes
 * from the rows of layer l - 1 in `held` (NULL: l is layer 1, whose counts are 1).
 * Each count f[S][a] comes from one row below, so it takes its step in the one call
 * whose shard holds that row; over every shard the rows are pd_layer_build's. hint
 * (NULL: none; else a byte per count of own, zero before the first call, at most
 * PD_HINT_PARTS parts) keeps which part holds each count's row once it is found, so
 * that later calls look up only the counts whose row they are given. */
void pd_shard_fill(pd_ctx *c, const pd_layer *prev, const pd_shard *held, const pd_layer *l,
                   const pd_shard *own, uint8_t *hint);

/* Adds to *total the join terms of own's sets (rows of the top layer l: n/2 cells
 * for an even board, (n-1)/2 for an odd one) whose partner half is stored in
 * `held` (rows of the same layer), each set weighted by its orbit, each split joined
 * from one of its two halves: over every shard, the board's count. hint (NULL:
 * none; else pd_join_hint_width bytes per row of own, zero before the first call)
 * keeps which part holds each partner once it is found, as pd_shard_fill's does.
 * Takes no steps: see pd_shard_tally. */
void pd_shard_join(pd_ctx *c, const pd_layer *l, const pd_shard *own, const pd_shard *held,
                   uint8_t *hint, pb_count *total);

/* The steps and candidates pd_join takes in one process, this part's share of them:
 * for an even board from own's rows (l: the layer of n/2 cells), for an odd one
 * from the join's sets (part of parts). */
void pd_shard_tally(pd_ctx *c, const pd_layer *l, const pd_shard *own, int part, int parts);

#endif
