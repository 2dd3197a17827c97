/* path_shard.c — `path-dp`'s layers held in shards (path_dp.h): each part holds a
 * contiguous range of a layer's index words and the rows of the sets they store,
 * and sees the shards of the layer below one at a time; where a lookup lands is
 * known from the cuts alone, its row from the index words of the shard shown. A part builds its own
 * rows by adding, for each shard it is shown, the terms whose row lies in that shard; after every
 * shard each count is pd_layer_build's. The join pairs each of its own sets with its partner half
 * when the partner's shard is shown. Moving the shards between the parts is the caller's (the MPI
 * harness); this file only reads and writes the shards it is given. */
#include "path_dp.h"

#include <omp.h>

enum { SHARD_CHUNK = 1024 }; /* own rows per chunk that the threads take in turn */

static int stored(const pd_shard *h, uint64_t r)
{
    return h->index[(r >> 6) - h->w0].bits >> (r & 63) & 1;
}

/* The colex rank of the set of row g, one of h's. */
static uint64_t row_rank(const pd_shard *h, uint64_t g)
{
    uint64_t lo = 0, hi = h->w1 - h->w0; /* the last word whose base <= g */
    while (hi - lo > 1) {
        uint64_t mid = lo + (hi - lo) / 2;
        if (h->index[mid].base <= g)
            lo = mid;
        else
            hi = mid;
    }
    uint64_t bits = h->index[lo].bits;
    for (uint64_t skip = g - h->index[lo].base; skip; skip--) bits &= bits - 1;
    return (h->w0 + lo) * 64 + (uint64_t)__builtin_ctzll(bits);
}

/* The part whose words hold colex rank r (cut: pd_shard_cut's). */
static int owner(const uint64_t *cut, int parts, uint64_t r)
{
    uint64_t w = r >> 6;
    int lo = 0, hi = parts; /* the last part whose first word <= w */
    while (hi - lo > 1) {
        int mid = lo + (hi - lo) / 2;
        if (cut[mid] <= w)
            lo = mid;
        else
            hi = mid;
    }
    return lo;
}

/* The bytes of the row of colex rank r (a stored set) when h holds it, else NULL. */
static const uint8_t *held_row(const pd_layer *l, const pd_shard *h, uint64_t r)
{
    uint64_t w = r >> 6;
    if (w < h->w0 || w >= h->w1) return NULL;
    const pd_word *x = &h->index[w - h->w0];
    uint64_t g = x->base + (uint64_t)__builtin_popcountll(x->bits & ((2ull << (r & 63)) - 1)) - 1;
    return h->rows + (g - h->row0) * l->row_bytes;
}

static void unpack(const uint8_t *row, int k, int w, uint64_t *v)
{
    for (int j = 0; j < k; j++) v[j] = pd_get(row, w, j);
}

/* Walks own's rows [g0, g1) of layer l: fn gets each set and its row, and adds what
 * it sums to *sum. */
typedef void (*row_fn)(pd_ctx *c, pd_worker *wk, const void *arg, uint64_t s, uint8_t *row,
                       pb_count *sum);

static void walk(pd_ctx *c, pd_worker *wk, const pd_layer *l, const pd_shard *own, uint64_t g0,
                 uint64_t g1, row_fn fn, const void *arg, pb_count *sum)
{
    uint64_t r = row_rank(own, g0), s = pd_unrank(c, r, l->k);
    for (uint64_t g = g0; g < g1 && !pd_stopped(c); g++) {
        fn(c, wk, arg, s, own->rows + (g - own->row0) * l->row_bytes, sum);
        if (g + 1 == g1) break;
        r++, s = pd_next_set(s);
        while (!stored(own, r)) r++, s = pd_next_set(s);
    }
}

/* Every own row over the threads, by chunks; what fn sums is added to *total. */
static void walk_all(pd_ctx *c, const pd_layer *l, const pd_shard *own, row_fn fn, const void *arg,
                     pb_count *total)
{
    const uint64_t n = own->row1 - own->row0;
    const int64_t nchunks = (int64_t)((n + SHARD_CHUNK - 1) / SHARD_CHUNK);
#pragma omp parallel num_threads(c->threads) if (nchunks > 1)
    {
        pd_worker wk;
        pd_worker_begin(c, &wk);
        pb_count sum = 0;
#pragma omp for schedule(dynamic, 1)
        for (int64_t i = 0; i < nchunks; i++) {
            if (!pd_clock_ok(c)) continue;
            uint64_t g0 = own->row0 + (uint64_t)i * SHARD_CHUNK, g1 = g0 + SHARD_CHUNK;
            walk(c, &wk, l, own, g0, g1 < own->row1 ? g1 : own->row1, fn, arg, &sum);
        }
#pragma omp critical(pd_shard_total)
        wk.overflow |= pd_add_count(total, sum);
        pd_worker_end(c, &wk);
    }
}

typedef struct fill_arg {
    const pd_layer *prev, *l;
    const pd_shard *held, *own;
    uint8_t *hint;
} fill_arg;

/* Whether row s needs a lookup in this call: some count not yet placed, or placed
 * in the shard held. */
static int wanted(const uint8_t *h, int k, uint8_t mark)
{
    for (int j = 0; j < k; j++)
        if (!h[j] || h[j] == mark) return 1;
    return 0;
}

/* A count's lookup in the shard held, staged as pd_fill_row's are: every index word
 * first, then every row, then the sums, so that their memory reads overlap. */
static void fill_one(pd_ctx *c, pd_worker *wk, const void *arg, uint64_t s, uint8_t *row,
                     pb_count *sum)
{
    (void)sum;
    const fill_arg *fa = arg;
    const int k = fa->l->k;
    uint64_t add[PD_MAX_CELLS], img[PD_MAX_SYM];
    pd_look look[PD_MAX_CELLS];
    int at[PD_MAX_CELLS], n = 0;
    if (!fa->held) { /* layer 1: one order each */
        if (!pd_step(c, wk)) return;
        add[0] = 1, n = 1;
    } else {
        const pd_shard *held = fa->held;
        const uint8_t mark = (uint8_t)(held->part + 1);
        uint8_t *h = NULL;
        if (fa->hint) {
            h = fa->hint + (uint64_t)(row - fa->own->rows) / fa->l->row_bytes * (uint64_t)k;
            if (!wanted(h, k, mark)) return;
        }
        for (int g = 0; g < c->sym.nsym; g++) img[g] = pd_image(&c->sym, g, s);
        int j = 0;
        for (uint64_t x = s; x; x &= x - 1, j++) {
            add[j] = 0;
            if (h && h[j] && h[j] != mark) continue;
            int a = __builtin_ctzll(x), best = 0;
            uint64_t least = img[0] & ~(1ull << a);
            for (int g = 1; g < c->sym.nsym; g++) {
                uint64_t t = img[g] & ~(1ull << c->sym.perm[g][a]);
                if (t < least) least = t, best = g;
            }
            uint64_t r = pd_rank(c, least);
            if (h && !h[j]) h[j] = (uint8_t)(owner(held->cut, held->parts, r) + 1);
            if (r >> 6 < held->w0 || r >> 6 >= held->w1) continue;
            if (!pd_step(c, wk)) return;
            look[n] = (pd_look){least, r, NULL, c->sym.perm[best][a]};
            __builtin_prefetch(&held->index[(r >> 6) - held->w0]);
            at[n++] = j;
        }
        for (int i = 0; i < n; i++) {
            look[i].row = held_row(fa->prev, held, look[i].rank);
            __builtin_prefetch(look[i].row);
            __builtin_prefetch(look[i].row + fa->prev->row_bytes - 1);
        }
        for (int i = 0; i < n; i++)
            add[at[i]] = pd_look_sum(c, fa->prev, &look[i], &wk->candidates, &wk->overflow);
    }
    if (!n) return;
    uint64_t v[PD_MAX_CELLS];
    unpack(row, k, fa->l->width, v);
    for (int j = 0; j < k; j++) wk->overflow |= __builtin_add_overflow(v[j], add[j], &v[j]);
    pd_put_row(row, k, v, &wk->overflow);
}

void pd_shard_fill(pd_ctx *c, const pd_layer *prev, const pd_shard *held, const pd_layer *l,
                   const pd_shard *own, uint8_t *hint)
{
    fill_arg fa = {prev, l, held, own, held && held->parts <= PD_HINT_PARTS ? hint : NULL};
    pb_count none = 0;
    walk_all(c, l, own, fill_one, &fa, &none);
}

/* ---- the join ----
 * Each split of the board into two halves (around a middle cell m for an odd board)
 * is seen twice, once from each half's stored form, and the two terms are equal (the
 * order read backwards): so it is joined from one side only, with weight 2 (1 when
 * both halves have one stored form). The side is picked from the two stored forms
 * alone, so that each rank joins about half of its splits whatever the cuts. */

typedef struct join_arg {
    const pd_layer *l;
    const pd_shard *held, *own;
    uint8_t *hint;
    int width; /* hint bytes per row */
} join_arg;

/* The size of s's orbit under the board's symmetries. */
static uint64_t orbit_size(const pd_sym *y, uint64_t s)
{
    uint64_t stab = 0;
    for (int g = 0; g < y->nsym; g++) stab += pd_image(y, g, s) == s;
    return (uint64_t)y->nsym / stab;
}

/* The index of cell x among the cells of set s. */
static int index_in(uint64_t s, int x)
{
    return __builtin_popcountll(s & ((1ull << x) - 1));
}

/* The weight of the split whose halves have the stored forms s (this side) and p:
 * 2, 1 or 0, antisymmetric in s and p so that one side of each pair joins it. */
static unsigned join_side(uint64_t s, uint64_t p)
{
    if (s == p) return 1;
    return ((s < p) ^ (unsigned)(__builtin_popcountll(s & p) & 1)) ? 2 : 0;
}

/* The hint byte of a split whose side is not this one, or that is joined. */
enum { HINT_DONE = 255 };

/* Looks up the stored form p of the half `half` (joined across from s): its row when
 * held and this side joins the split, with its weight in *w and the symmetry in *g.
 * h (NULL: no hint) keeps the owner of p's row once found, or HINT_DONE. */
static const uint8_t *join_look(pd_ctx *c, const join_arg *ja, uint64_t s, uint64_t half,
                                uint8_t *h, uint64_t *p, int *g, unsigned *w)
{
    *p = pd_least(&c->sym, half, g);
    *w = join_side(s, *p);
    if (!*w) {
        if (h) *h = HINT_DONE;
        return NULL;
    }
    const uint64_t at = pd_rank(c, *p);
    if (h && !*h) *h = (uint8_t)(owner(ja->held->cut, ja->held->parts, at) + 1);
    return held_row(ja->l, ja->held, at);
}

/* J of the even split (s, the rest), when this side joins it and the rest's row is
 * held: 0 otherwise. */
static pb_count join_even(pd_ctx *c, pd_worker *wk, const join_arg *ja, uint64_t s,
                          const uint64_t *fs, uint8_t *h)
{
    const pd_layer *l = ja->l;
    uint64_t rest = c->all & ~s, fr[PD_MAX_CELLS], least;
    int g;
    unsigned w;
    const uint8_t *p = join_look(c, ja, s, rest, h, &least, &g, &w);
    if (!p) return 0;
    for (uint64_t x = rest; x; x &= x - 1) { /* f[rest][b], by cell b */
        int b = __builtin_ctzll(x);
        fr[b] = pd_get(p, l->width, index_in(least, c->sym.perm[g][b]));
    }
    pb_count j = 0;
    int i = 0;
    for (uint64_t x = s; x; x &= x - 1, i++) {
        if (!fs[i]) continue;
        uint64_t after = 0;
        for (uint64_t y = rest & c->next[__builtin_ctzll(x)]; y; y &= y - 1)
            wk->overflow |= __builtin_add_overflow(after, fr[__builtin_ctzll(y)], &after);
        for (unsigned e = 0; e < w; e++) wk->overflow |= pd_add_count(&j, (pb_count)fs[i] * after);
    }
    return j;
}

/* The odd splits around every cell m not in s (s, m, the rest) that this side joins
 * and whose rest's row is held; h: a hint byte per such m. The lookups are staged
 * as fill_one's are. */
static pb_count join_odd(pd_ctx *c, pd_worker *wk, const join_arg *ja, uint64_t s,
                         const uint64_t *fs, uint8_t *h, uint8_t mark)
{
    const pd_layer *l = ja->l;
    const pd_shard *held = ja->held;
    pd_look look[PD_MAX_CELLS];
    uint64_t before[PD_MAX_CELLS];
    unsigned weight[PD_MAX_CELLS];
    int n = 0, i = 0;
    for (uint64_t ms = c->all & ~s; ms; ms &= ms - 1, i++) {
        if (h && h[i] && h[i] != mark) continue;
        int m = __builtin_ctzll(ms), g, e = 0;
        uint64_t b = 0, least;
        for (uint64_t x = s; x; x &= x - 1, e++)
            if (c->next[m] >> __builtin_ctzll(x) & 1)
                wk->overflow |= __builtin_add_overflow(b, fs[e], &b);
        if (!b) {
            if (h) h[i] = HINT_DONE;
            continue;
        }
        least = pd_least(&c->sym, c->all & ~s & ~(1ull << m), &g);
        unsigned w = join_side(s, least);
        if (!w) {
            if (h) h[i] = HINT_DONE;
            continue;
        }
        const uint64_t at = pd_rank(c, least);
        if (h && !h[i]) h[i] = (uint8_t)(owner(held->cut, held->parts, at) + 1);
        if (at >> 6 < held->w0 || at >> 6 >= held->w1) continue;
        look[n] = (pd_look){least, at, NULL, c->sym.perm[g][m]};
        __builtin_prefetch(&held->index[(at >> 6) - held->w0]);
        before[n] = b, weight[n++] = w;
    }
    for (int j = 0; j < n; j++) {
        look[j].row = held_row(l, held, look[j].rank);
        __builtin_prefetch(look[j].row);
        __builtin_prefetch(look[j].row + l->row_bytes - 1);
    }
    pb_count sum = 0;
    for (int j = 0; j < n; j++) {
        uint64_t dummy = 0, after = pd_look_sum(c, l, &look[j], &dummy, &wk->overflow);
        for (unsigned x = 0; x < weight[j]; x++)
            wk->overflow |= pd_add_count(&sum, (pb_count)before[j] * after);
    }
    return sum;
}

static void join_one(pd_ctx *c, pd_worker *wk, const void *arg, uint64_t s, uint8_t *row,
                     pb_count *sum)
{
    const join_arg *ja = arg;
    const uint8_t mark = (uint8_t)(ja->held->part + 1);
    uint8_t *h = NULL;
    if (ja->hint) {
        h = ja->hint + (uint64_t)(row - ja->own->rows) / ja->l->row_bytes * (uint64_t)ja->width;
        if (!wanted(h, ja->width, mark)) return;
    }
    uint64_t fs[PD_MAX_CELLS];
    unpack(row, ja->l->k, ja->l->width, fs);
    pb_count j = c->n % 2 ? join_odd(c, wk, ja, s, fs, h, mark) : join_even(c, wk, ja, s, fs, h);
    if (!j) return;
    uint64_t w = orbit_size(&c->sym, s);
    if (j > PB_COUNT_MAX / w) wk->overflow = 1, j = PB_COUNT_MAX;
    wk->overflow |= pd_add_count(sum, j * w);
}

void pd_shard_join(pd_ctx *c, const pd_layer *l, const pd_shard *own, const pd_shard *held,
                   uint8_t *hint, pb_count *total)
{
    join_arg ja = {l, held, own, held->parts <= PD_HINT_PARTS ? hint : NULL,
                   pd_join_hint_width(c->n, l->k)};
    walk_all(c, l, own, join_one, &ja, total);
}

/* ---- the steps of one process's join ---- */

/* The candidates of pd_fill_row(s): the cells of s that may precede each cell. */
static uint64_t fill_candidates(const pd_ctx *c, uint64_t s)
{
    uint64_t n = 0;
    for (uint64_t x = s; x; x &= x - 1)
        n += (uint64_t)__builtin_popcountll(s & c->next[__builtin_ctzll(x)]);
    return n;
}

/* join_even's steps (in *sum) and candidates of set s, when it is one it joins. */
static void tally_even(pd_ctx *c, pd_worker *wk, const void *arg, uint64_t s, uint8_t *row,
                       pb_count *sum)
{
    const pd_layer *l = arg;
    if (!pd_join_weight(&c->sym, s, c->all, 0)) return;
    uint64_t fs[PD_MAX_CELLS], rest = c->all & ~s;
    unpack(row, l->k, l->width, fs);
    *sum += 2 * (uint64_t)l->k;
    wk->candidates += fill_candidates(c, s) + fill_candidates(c, rest);
    int i = 0;
    for (uint64_t x = s; x; x &= x - 1, i++)
        if (fs[i])
            wk->candidates += (uint64_t)__builtin_popcountll(rest & c->next[__builtin_ctzll(x)]);
}

enum { JOIN_CHUNK = 4096 }; /* pd_join's sets per chunk: the parts take chunks in turn */

/* join_odd's steps and candidates over the chunks of part `part` of `parts`. */
static void tally_odd(pd_ctx *c, int part, int parts, uint64_t *steps, uint64_t *cand)
{
    const int h = (c->n - 1) / 2;
    const uint64_t nsets = c->binom[h][c->n - 1];
    const int64_t nchunks = (int64_t)((nsets + JOIN_CHUNK - 1) / JOIN_CHUNK);
    uint64_t st = 0, ca = 0;
    for (int m = 0; m < c->n; m++) {
        uint64_t size;
        if (!pd_cell_rep(&c->sym, m, &size)) continue;
        const uint64_t fixed = 1ull << m, room = c->all & ~fixed, low = fixed - 1;
#pragma omp parallel for schedule(dynamic, 1) num_threads(c->threads) reduction(+ : st, ca)
        for (int64_t i = part; i < nchunks; i += parts) {
            if (!pd_clock_ok(c)) continue;
            uint64_t r0 = (uint64_t)i * JOIN_CHUNK, r1 = r0 + JOIN_CHUNK;
            if (r1 > nsets) r1 = nsets;
            uint64_t x = pd_unrank(c, r0, h);
            for (uint64_t r = r0; r < r1; r++) {
                uint64_t s = (x & low) | ((x & ~low) << 1);
                if (r + 1 < r1) x = pd_next_set(x);
                if (!pd_join_weight(&c->sym, s, room, fixed)) continue;
                st += 2;
                ca += (uint64_t)__builtin_popcountll(s & c->next[m]) +
                      (uint64_t)__builtin_popcountll(room & ~s & c->next[m]);
            }
        }
    }
    *steps = st, *cand = ca;
}

void pd_shard_tally(pd_ctx *c, const pd_layer *l, const pd_shard *own, int part, int parts)
{
    uint64_t steps = 0, cand = 0;
    if (c->n % 2) {
        tally_odd(c, part, parts, &steps, &cand);
    } else {
        pb_count sum = 0;
        walk_all(c, l, own, tally_even, l, &sum);
        steps = (uint64_t)sum;
    }
    __atomic_fetch_add(&c->placements, steps, __ATOMIC_RELAXED);
    __atomic_fetch_add(&c->candidates, cand, __ATOMIC_RELAXED);
}

/* ---- the cuts ---- */

void pd_shard_cut(const pd_layer *l, const uint64_t *count, uint64_t nblocks, uint64_t bw,
                  int parts, uint64_t *cut, uint64_t *row)
{
    const uint64_t words = (l->nsets + 63) / 64;
    unsigned __int128 total = 0, sum = 0;
    for (uint64_t b = 0; b < nblocks; b++)
        total += (unsigned __int128)count[b] * l->row_bytes +
                 ((b + 1) * bw < words ? bw : words - b * bw) * sizeof(pd_word);
    uint64_t b = 0, rows = 0;
    for (int p = 0; p < parts; p++) { /* part p starts at the first block whose bytes
                                         before reach p / parts of the total */
        while (b < nblocks && sum * (unsigned)parts < total * (unsigned)p) {
            sum += (unsigned __int128)count[b] * l->row_bytes +
                   ((b + 1) * bw < words ? bw : words - b * bw) * sizeof(pd_word);
            rows += count[b++];
        }
        cut[p] = b * bw < words ? b * bw : words, row[p] = rows;
    }
    for (; b < nblocks; b++) rows += count[b];
    cut[parts] = words, row[parts] = rows;
}

pd_shard pd_shard_at(const uint64_t *cut, const uint64_t *row, int part, int parts, uint8_t *buf)
{
    pd_shard h = {cut[part], cut[part + 1], row[part], row[part + 1], (pd_word *)(void *)buf, NULL,
                  part,      parts,         cut};
    h.rows = buf + (h.w1 - h.w0) * sizeof(pd_word);
    return h;
}

uint64_t pd_shard_plan(const pd_ctx *c, int top, int parts, uint64_t *hint, uint64_t *blocks)
{
    uint64_t most = 0;
    *hint = 0, *blocks = 0;
    for (int k = 1; k <= top; k++) {
        const uint64_t nsets = c->binom[k][c->n], words = (nsets + 63) / 64;
        const uint64_t bw = pd_shard_block(nsets, parts), rb = pd_row_bytes(k);
        const uint64_t rows = pd_sym_orbits(&c->sym, c->n, k);
        const int jw = k == top ? pd_join_hint_width(c->n, k) : 0;
        const uint64_t per = (uint64_t)(jw > k ? jw : k); /* the top layer's: the join's too */
        const uint64_t all = words * sizeof(pd_word) + rows * rb;
        /* A part: under 1/parts of the layer plus one block, its every set stored. */
        uint64_t part = (all + (uint64_t)parts - 1) / (uint64_t)parts + bw * sizeof(pd_word) +
                        (bw * 64 < nsets ? bw * 64 : nsets) * rb;
        uint64_t own = part / rb < rows ? part / rb : rows;
        if (part + 8 > most) most = part + 8;
        if (parts <= PD_HINT_PARTS && own * per > *hint) *hint = own * per;
        if ((words + bw - 1) / bw > *blocks) *blocks = (words + bw - 1) / bw;
    }
    return most;
}
