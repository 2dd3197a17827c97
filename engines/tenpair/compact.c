/* compact.c — the `compact` engine, tenpair's strongest search.
 *
 * A state keeps only what its future depends on: the live digits and where they
 * sit. Crossed cells are 0, four bits a cell, and leading rows that are wholly
 * crossed are dropped (the rows below keep their columns).
 *
 * Shortest win: best first, one bucket per written length, each compact state kept
 * once with the shortest length that reaches it (a later, shorter arrival moves it
 * to its earlier bucket).
 *
 * Every win up to a length: a win is its written digit sequence, and the written
 * sequence changes only when the live digits are appended. So the search walks
 * written prefixes ("nodes"): a node is the set of compact states its prefix can
 * stand in right after its last append. Expanding a node explores every crossing
 * from those states (its closure, deduplicated in a small per-thread set); an
 * all-crossed state makes the prefix a win, and each state with no move left
 * (any state, with append_any) appends its live digits, giving the child prefix
 * for those digits. Prefixes whose node holds the same states have the same
 * futures, so nodes are merged by their state sets within each length and carry
 * how many prefixes they stand for. Lengths are taken in order and the nodes of
 * one length are expanded in parallel (OpenMP); the counts do not depend on the
 * thread count or the order. */
#include "tenpair.h"

#include <omp.h>
#include <stdlib.h>

#include "../core/limiter.h"
#include "keyset.h"

static void pack(const uint8_t *cell, int m, uint8_t *out)
{
    for (int i = 0; i + 1 < m; i += 2) out[i / 2] = (uint8_t)(cell[i] | cell[i + 1] << 4);
    if (m & 1) out[m / 2] = cell[m - 1];
}

static void unpack(const uint8_t *in, int m, uint8_t *cell)
{
    for (int i = 0; i < m; i++) cell[i] = (uint8_t)(in[i / 2] >> (4 * (i & 1)) & 15);
}

/* Leading rows wholly crossed (complete rows only). */
static int crossed_rows(const uint8_t *cell, int m, int w)
{
    int rows = 0;
    for (int at = 0; at + w <= m; at += w, rows++)
        for (int i = at; i < at + w; i++)
            if (cell[i]) return rows;
    return rows;
}

static int grow(void **p, size_t *cap, size_t need, size_t elem)
{
    if (need <= *cap) return 0;
    size_t n = *cap ? *cap : 1024;
    while (n < need) n *= 2;
    void *q = realloc(*p, n * elem);
    if (!q) return -1;
    *p = q, *cap = n;
    return 0;
}

/* ------------------------------------------------------------------ shortest */

typedef struct shortest {
    tp_keyset seen; /* [cells:u16][packed cells] */
    uint32_t *parent;
    tp_step *step; /* in written positions */
    uint16_t *length, *drop;
    size_t cap;
    uint32_t **bucket; /* per written length: states to expand */
    size_t *bucket_n, *bucket_cap;
} shortest;

static uint64_t shortest_bytes(const shortest *s, int nb)
{
    uint64_t b = tp_keyset_bytes(&s->seen) + s->cap * (4 + sizeof(tp_step) + 4);
    for (int i = 0; i < nb; i++) b += s->bucket_cap[i] * 4;
    return b;
}

static int grow_states(shortest *s, uint32_t i)
{
    if (i < s->cap) return 0;
    size_t n = s->cap ? 2 * s->cap : 4096;
    uint32_t *parent = realloc(s->parent, n * sizeof *parent);
    if (parent) s->parent = parent;
    tp_step *step = realloc(s->step, n * sizeof *step);
    if (step) s->step = step;
    uint16_t *length = realloc(s->length, n * sizeof *length);
    if (length) s->length = length;
    uint16_t *drop = realloc(s->drop, n * sizeof *drop);
    if (drop) s->drop = drop;
    if (!parent || !step || !length || !drop) return -1;
    s->cap = n;
    return 0;
}

/* Keeps the state board[0..m), whose row 0 is written row `drop`, reached at
 * written length len from `from` by st. Returns 1 when it is new or reached
 * shorter than before (its number in *index), 0 when not, -1 out of memory. */
static int shortest_add(shortest *s, const uint8_t *board, int m, int drop, int len, uint32_t from,
                        tp_step st, int w, uint32_t *index)
{
    uint8_t key[2 + TP_MAX_LENGTH / 2 + 1];
    int d = crossed_rows(board, m, w), cells = m - d * w;
    key[0] = (uint8_t)cells, key[1] = (uint8_t)(cells >> 8);
    pack(board + d * w, cells, key + 2);
    int added = tp_keyset_add(&s->seen, key, 2 + (size_t)(cells + 1) / 2, index);
    if (added < 0 || (added && grow_states(s, *index))) return -1;
    uint32_t i = *index;
    if (!added && s->length[i] <= len) return 0;
    s->parent[i] = from, s->step[i] = st;
    s->length[i] = (uint16_t)len, s->drop[i] = (uint16_t)(drop + d);
    if (grow((void **)&s->bucket[len], &s->bucket_cap[len], s->bucket_n[len] + 1, 4)) return -1;
    s->bucket[len][s->bucket_n[len]++] = i;
    return 1;
}

static pb_status run_shortest(const tp_rules *r, const tp_run *how, tp_result *out)
{
    const int w = r->width, cap = how->max_length ? how->max_length : TP_MAX_LENGTH;
    shortest s = {0};
    tp_keyset_init(&s.seen);
    s.bucket = calloc((size_t)cap + 1, sizeof *s.bucket);
    s.bucket_n = calloc((size_t)cap + 1, sizeof *s.bucket_n);
    s.bucket_cap = calloc((size_t)cap + 1, sizeof *s.bucket_cap);
    uint8_t *board = malloc(2 * TP_MAX_LENGTH), *child = malloc(2 * TP_MAX_LENGTH);
    tp_step *moves = malloc(4 * TP_MAX_LENGTH * sizeof *moves);
    pb_status st = PB_NOMEM;
    uint64_t peak = 0;
    long win = -1;
    pb_limiter lim;
    pb_limiter_init(&lim, &how->limits, 0);
    if (!s.bucket || !s.bucket_n || !s.bucket_cap || !board || !child || !moves) goto done;
    uint32_t index;
    if (shortest_add(&s, r->start, r->nstart, 0, r->nstart, 0, (tp_step){-1, -1}, w, &index) < 0)
        goto done;
    st = PB_DONE;
    for (int len = r->nstart; len <= cap && win < 0; len++) {
        for (size_t q = 0; q < s.bucket_n[len] && win < 0; q++) {
            uint32_t at = s.bucket[len][q];
            if (s.length[at] != len) continue; /* moved to an earlier bucket */
            size_t klen;
            const uint8_t *key = tp_keyset_key(&s.seen, at, &klen);
            int m = key[0] | key[1] << 8, drop = s.drop[at], off = drop * w;
            unpack(key + 2, m, board);
            if (++out->stats.expanded >= lim.next &&
                (st = pb_limiter_poll(&lim, out->stats.expanded)))
                goto done;
            int live = tp_live_count(board, m), nm = tp_moves(r, board, m, moves);
            for (int k = 0; k < nm && win < 0; k++) {
                memcpy(child, board, (size_t)m);
                child[moves[k].a] = child[moves[k].b] = 0;
                tp_step step = {(int16_t)(moves[k].a + off), (int16_t)(moves[k].b + off)};
                int added = shortest_add(&s, child, m, drop, len, at, step, w, &index);
                if (added < 0) goto nomem;
                if (added && live == 2) win = index; /* the first win met is a shortest */
            }
            if (win >= 0 || (nm && !r->append_any) || len + live > cap) continue;
            int n = m;
            memcpy(child, board, (size_t)m);
            for (int i = 0; i < m; i++)
                if (board[i]) child[n++] = board[i];
            if (shortest_add(&s, child, n, drop, len + live, at, (tp_step){-1, -1}, w, &index) < 0)
                goto nomem;
            uint64_t b = shortest_bytes(&s, cap + 1);
            if (b > peak) peak = b;
            if (how->max_bytes && b > how->max_bytes) goto nomem;
        }
    }
    if (win >= 0) {
        int k = 0;
        for (uint32_t i = (uint32_t)win; i != 0; i = s.parent[i]) k++;
        out->path = malloc((size_t)(k ? k : 1) * sizeof *out->path);
        if (!out->path) goto nomem;
        out->npath = k;
        for (uint32_t i = (uint32_t)win; i != 0; i = s.parent[i]) out->path[--k] = s.step[i];
        out->length = s.length[win];
        out->stats.wins = 1;
    }
    goto done;
nomem:
    st = PB_NOMEM;
done:
    if (s.bucket) {
        uint64_t b = shortest_bytes(&s, cap + 1);
        out->stats.peak_bytes = b > peak ? b : peak;
        for (int i = 0; i <= cap; i++) free(s.bucket[i]);
    }
    out->stats.stored = s.seen.count;
    tp_keyset_free(&s.seen);
    free(s.parent), free(s.step), free(s.length), free(s.drop);
    free(s.bucket), free(s.bucket_n), free(s.bucket_cap);
    free(board), free(child), free(moves);
    return st;
}

/* --------------------------------------------------------------------- count */

/* A node's key: [cells:u16][states:u16] then each state's packed cells, sorted. All
 * its states have the same number of cells, starting at the same row. */

typedef struct worker {
    tp_keyset closure; /* the node's states, packed */
    uint32_t *stack;   /* states still to expand */
    size_t stack_cap;
    uint8_t *kids; /* [live:u16][cells:u16][cells] per state that appends */
    size_t kids_len, kids_cap;
    const uint8_t **kid; /* the records above, to sort */
    size_t kid_cap;
    uint8_t *emit; /* [length:u16][prefixes:u64][key bytes:u32][key] */
    size_t emit_len, emit_cap;
    uint8_t *keybuf;
    size_t keybuf_cap;
    uint8_t board[2 * TP_MAX_LENGTH], child[2 * TP_MAX_LENGTH];
    tp_step moves[4 * TP_MAX_LENGTH];
    uint64_t expanded, peak_bytes;
    int failed; /* out of memory */
} worker;

typedef struct layer {
    tp_keyset nodes;
    uint64_t *prefixes; /* per node: written prefixes it stands for */
    size_t cap;
} layer;

static int kid_cmp(const void *pa, const void *pb)
{
    const uint8_t *a = *(const uint8_t *const *)pa, *b = *(const uint8_t *const *)pb;
    int la = a[0] | a[1] << 8, lb = b[0] | b[1] << 8;
    if (la != lb) return la < lb ? -1 : 1;
    int ma = a[2] | a[3] << 8, mb = b[2] | b[3] << 8;             /* equal: same node, same live */
    int c = memcmp(a + 4 + ma - la, b + 4 + mb - lb, (size_t)la); /* the appended digits */
    if (c) return c;
    return memcmp(a + 4, b + 4, (size_t)ma);
}

static int emit_record(worker *wk, int length, uint64_t prefixes, const uint8_t *key, size_t klen)
{
    if (grow((void **)&wk->emit, &wk->emit_cap, wk->emit_len + 14 + klen, 1)) return -1;
    uint8_t *p = wk->emit + wk->emit_len;
    uint16_t l16 = (uint16_t)length;
    uint32_t k32 = (uint32_t)klen;
    memcpy(p, &l16, 2), memcpy(p + 2, &prefixes, 8), memcpy(p + 10, &k32, 4);
    memcpy(p + 14, key, klen);
    wk->emit_len += 14 + klen;
    return 0;
}

/* Groups the appending states by their appended digits: one child node each. */
static int emit_children(worker *wk, int length, uint64_t prefixes, int w)
{
    size_t nk = 0;
    for (size_t at = 0; at < wk->kids_len; nk++) {
        const uint8_t *p = wk->kids + at;
        if (grow((void **)&wk->kid, &wk->kid_cap, nk + 1, sizeof *wk->kid)) return -1;
        wk->kid[nk] = p;
        at += 4 + (size_t)(p[2] | p[3] << 8);
    }
    qsort(wk->kid, nk, sizeof *wk->kid, kid_cmp);
    for (size_t g = 0, e; g < nk; g = e) {
        const uint8_t *first = wk->kid[g];
        int live = first[0] | first[1] << 8, m = first[2] | first[3] << 8;
        int drop = m / w;
        for (e = g; e < nk; e++) {
            const uint8_t *p = wk->kid[e];
            if ((p[0] | p[1] << 8) != live ||
                memcmp(p + 4 + m - live, first + 4 + m - live, (size_t)live))
                break;
            int d = crossed_rows(p + 4, m, w);
            if (d < drop) drop = d;
        }
        int cells = m - drop * w, bytes = (cells + 1) / 2;
        size_t klen = 4 + (size_t)(e - g) * (size_t)bytes;
        if (grow((void **)&wk->keybuf, &wk->keybuf_cap, klen, 1)) return -1;
        uint8_t *key = wk->keybuf;
        key[0] = (uint8_t)cells, key[1] = (uint8_t)(cells >> 8);
        key[2] = (uint8_t)(e - g), key[3] = (uint8_t)((e - g) >> 8);
        for (size_t i = g; i < e; i++)
            pack(wk->kid[i] + 4 + drop * w, cells, key + 4 + (i - g) * (size_t)bytes);
        /* Sorted by their cells (the dropped rows are crossed in all of them), the
         * states are in one order whatever order the closure met them in. */
        if (emit_record(wk, length + live, prefixes, key, klen)) return -1;
    }
    return 0;
}

/* Expands one node at written length `length`: returns 1 when its prefixes win. */
static int expand_node(worker *wk, const tp_rules *r, const uint8_t *key, int length,
                       uint64_t prefixes, int max_length)
{
    const int w = r->width, m = key[0] | key[1] << 8, k = key[2] | key[3] << 8;
    const size_t bytes = (size_t)(m + 1) / 2;
    int won = 0;
    size_t sp = 0;
    uint32_t idx;
    tp_keyset_clear(&wk->closure);
    wk->kids_len = 0;
    for (int i = 0; i < k; i++) {
        if (tp_keyset_add(&wk->closure, key + 4 + (size_t)i * bytes, bytes, &idx) < 0) goto nomem;
        if (grow((void **)&wk->stack, &wk->stack_cap, sp + 1, 4)) goto nomem;
        wk->stack[sp++] = idx;
    }
    while (sp) {
        size_t klen;
        uint32_t at = wk->stack[--sp];
        unpack(tp_keyset_key(&wk->closure, at, &klen), m, wk->board);
        wk->expanded++;
        int live = tp_live_count(wk->board, m);
        if (live == 0) {
            won = 1;
            continue;
        }
        int nm = tp_moves(r, wk->board, m, wk->moves);
        for (int j = 0; j < nm; j++) {
            uint8_t packed[TP_MAX_LENGTH / 2 + 1];
            memcpy(wk->child, wk->board, (size_t)m);
            wk->child[wk->moves[j].a] = wk->child[wk->moves[j].b] = 0;
            pack(wk->child, m, packed);
            int added = tp_keyset_add(&wk->closure, packed, bytes, &idx);
            if (added < 0) goto nomem;
            if (!added) continue;
            if (grow((void **)&wk->stack, &wk->stack_cap, sp + 1, 4)) goto nomem;
            wk->stack[sp++] = idx;
        }
        if ((nm && !r->append_any) || length + live > max_length) continue;
        size_t need = wk->kids_len + 4 + (size_t)(m + live);
        if (grow((void **)&wk->kids, &wk->kids_cap, need, 1)) goto nomem;
        uint8_t *p = wk->kids + wk->kids_len;
        p[0] = (uint8_t)live, p[1] = (uint8_t)(live >> 8);
        p[2] = (uint8_t)(m + live), p[3] = (uint8_t)((m + live) >> 8);
        memcpy(p + 4, wk->board, (size_t)m);
        for (int i = 0, n = m; i < m; i++)
            if (wk->board[i]) p[4 + n++] = wk->board[i];
        wk->kids_len = need;
    }
    uint64_t b = tp_keyset_bytes(&wk->closure) + wk->stack_cap * 4 + wk->kids_cap +
                 wk->kid_cap * 8 + wk->emit_cap + wk->keybuf_cap;
    if (b > wk->peak_bytes) wk->peak_bytes = b;
    if (emit_children(wk, length, prefixes, w)) goto nomem;
    return won;
nomem:
    wk->failed = 1;
    return 0;
}

static int layer_add(layer *l, const uint8_t *key, size_t klen, uint64_t prefixes)
{
    uint32_t i;
    int added = tp_keyset_add(&l->nodes, key, klen, &i);
    if (added < 0 || grow((void **)&l->prefixes, &l->cap, (size_t)i + 1, 8)) return -1;
    if (added) l->prefixes[i] = 0;
    if (__builtin_add_overflow(l->prefixes[i], prefixes, &l->prefixes[i])) return -2;
    return 0;
}

static pb_status run_count(const tp_rules *r, const tp_run *how, tp_result *out)
{
    const int L = how->max_length, threads = how->threads > 0 ? how->threads : 1;
    layer *lay = calloc((size_t)L + 1, sizeof *lay);
    worker *wk = calloc((size_t)threads, sizeof *wk);
    pb_status st = PB_NOMEM;
    uint64_t peak = 0;
    pb_limiter lim;
    pb_limiter_init(&lim, &how->limits, 0);
    if (!lay || !wk) goto done;
    for (int i = 0; i <= L; i++) tp_keyset_init(&lay[i].nodes);
    for (int t = 0; t < threads; t++) tp_keyset_init(&wk[t].closure);
    {
        uint8_t key[4 + TP_MAX_START / 2 + 1];
        int m = r->nstart;
        key[0] = (uint8_t)m, key[1] = (uint8_t)(m >> 8), key[2] = 1, key[3] = 0;
        pack(r->start, m, key + 4);
        if (layer_add(&lay[m], key, 4 + (size_t)(m + 1) / 2, 1)) goto done;
    }
    st = PB_DONE;
    for (int len = r->nstart; len <= L && st == PB_DONE; len++) {
        layer *l = &lay[len];
        long nn = (long)l->nodes.count;
        out->stats.nodes += (uint64_t)nn;
        uint64_t wins = 0;
#pragma omp parallel for schedule(dynamic, 1) num_threads(threads) reduction(+ : wins)
        for (long i = 0; i < nn; i++) {
            worker *me = &wk[omp_get_thread_num()];
            if (me->failed) continue;
            size_t klen;
            const uint8_t *key = tp_keyset_key(&l->nodes, (uint32_t)i, &klen);
            if (expand_node(me, r, key, len, l->prefixes[i], L)) wins += l->prefixes[i];
        }
        out->stats.wins += wins;
        if (out->wins_by_length) out->wins_by_length[len] = wins;
        uint64_t bytes = 0;
        for (int t = 0; t < threads; t++) {
            if (wk[t].failed) st = PB_NOMEM;
            bytes += wk[t].peak_bytes;
            out->stats.expanded += wk[t].expanded;
            wk[t].expanded = 0;
            for (size_t at = 0; at < wk[t].emit_len && st == PB_DONE;) {
                const uint8_t *p = wk[t].emit + at;
                uint16_t l16;
                uint64_t pre;
                uint32_t k32;
                memcpy(&l16, p, 2), memcpy(&pre, p + 2, 8), memcpy(&k32, p + 10, 4);
                int rc = layer_add(&lay[l16], p + 14, k32, pre);
                if (rc) st = rc == -2 ? PB_LIMIT : PB_NOMEM;
                at += 14 + k32;
            }
            wk[t].emit_len = 0;
        }
        for (int i = len; i <= L; i++) bytes += tp_keyset_bytes(&lay[i].nodes) + lay[i].cap * 8;
        if (bytes > peak) peak = bytes;
        uint64_t stored = 0;
        for (int i = len; i <= L; i++) stored += lay[i].nodes.count;
        if (stored > out->stats.stored) out->stats.stored = stored;
        tp_keyset_free(&l->nodes);
        free(l->prefixes);
        l->prefixes = NULL, l->cap = 0;
        if (how->max_bytes && bytes > how->max_bytes) st = PB_NOMEM;
        if (st == PB_DONE && (st = pb_limiter_poll(&lim, out->stats.expanded)) != PB_DONE) break;
    }
done:
    out->stats.peak_bytes = peak;
    if (lay)
        for (int i = 0; i <= L; i++) tp_keyset_free(&lay[i].nodes), free(lay[i].prefixes);
    if (wk)
        for (int t = 0; t < threads; t++) {
            tp_keyset_free(&wk[t].closure);
            free(wk[t].stack), free(wk[t].kids), free(wk[t].kid), free(wk[t].emit);
            free(wk[t].keybuf);
        }
    free(lay);
    free(wk);
    return st;
}

static pb_status run(const tp_rules *r, const tp_run *how, tp_result *out)
{
    return how->mode == TP_COUNT ? run_count(r, how, out) : run_shortest(r, how, out);
}

const tp_engine tp_engine_compact = {
    "compact",
    "4-bit states, crossed rows dropped; count: written prefixes merged by their "
    "states, OpenMP",
    TP_CAP_SHORTEST | TP_CAP_COUNT | TP_CAP_PARALLEL, run};
