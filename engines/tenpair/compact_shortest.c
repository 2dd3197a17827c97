/* compact_shortest.c — the compact engine's shortest win: best first, one bucket
 * per written length, each compact state (crossed rows dropped) kept once with the
 * shortest length that reaches it; a later, shorter arrival moves it to its earlier
 * bucket. */
#include "compact.h"

#include "../core/limiter.h"
#include "child_clock.h"
#include "keyset.h"

typedef struct shortest {
    tp_keyset seen; /* [cells:u16][packed cells] */
    uint32_t *parent;
    tp_step *step; /* in written positions */
    uint16_t *length, *drop;
    size_t cap;
    uint32_t **bucket; /* per written length: states to expand */
    size_t *bucket_n, *bucket_cap;
    tp_budget budget; /* the set, the arrays and the buckets */
} shortest;

static int grow_states(shortest *s, uint32_t i)
{
    if (i < s->cap) return 0;
    size_t n = s->cap ? 2 * s->cap : 4096;
    if (tp_budget_charge(&s->budget, (int64_t)((n - s->cap) * (4 + sizeof(tp_step) + 4))))
        return -1;
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
    int d = tp_crossed_rows(board, m, w), cells = m - d * w;
    key[0] = (uint8_t)cells, key[1] = (uint8_t)(cells >> 8);
    tp_pack(board + d * w, cells, key + 2);
    int added = tp_keyset_add(&s->seen, key, 2 + (size_t)(cells + 1) / 2, index);
    if (added < 0 || (added && grow_states(s, *index))) return -1;
    uint32_t i = *index;
    if (!added && s->length[i] <= len) return 0;
    s->parent[i] = from, s->step[i] = st;
    s->length[i] = (uint16_t)len, s->drop[i] = (uint16_t)(drop + d);
    if (tp_grow_charged(&s->budget, (void **)&s->bucket[len], &s->bucket_cap[len],
                        s->bucket_n[len] + 1, 4))
        return -1;
    s->bucket[len][s->bucket_n[len]++] = i;
    return 1;
}

pb_status tp_compact_shortest(const tp_rules *r, const pb_run *how, pb_result *out)
{
    const int w = r->width, cap = how->max_length ? how->max_length : TP_MAX_LENGTH;
    shortest s = {.budget = {.limit = how->limits.max_bytes}};
    tp_keyset_init(&s.seen, &s.budget);
    s.bucket = calloc((size_t)cap + 1, sizeof *s.bucket);
    s.bucket_n = calloc((size_t)cap + 1, sizeof *s.bucket_n);
    s.bucket_cap = calloc((size_t)cap + 1, sizeof *s.bucket_cap);
    uint8_t *board = malloc(2 * TP_MAX_LENGTH), *child = malloc(2 * TP_MAX_LENGTH);
    tp_step *moves = malloc(4 * TP_MAX_LENGTH * sizeof *moves);
    pb_status st = PB_NOMEM;
    long win = -1;
    pb_limiter lim;
    pb_limiter_init(&lim, &how->limits, 0);
    tp_child_clock clock;
    tp_child_clock_init(&clock, &how->limits);
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
            tp_unpack(key + 2, m, board);
            /* Polled before each expansion: a step limit of N expands exactly N. */
            if (out->stats.placements >= lim.next &&
                (st = pb_limiter_poll(&lim, out->stats.placements)))
                goto done;
            out->stats.placements++;
            int live = tp_live_count(board, m), nm = tp_moves(r, board, m, moves);
            for (int k = 0; k < nm && win < 0; k++) {
                if ((st = tp_child_clock_tick(&clock))) goto done;
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
        }
    }
    if (win >= 0) {
        out->path = tp_path_back(s.parent, s.step, (uint32_t)win, &out->npath);
        if (!out->path) goto nomem;
        out->length = s.length[win];
        out->stats.solutions = 1;
    }
    goto done;
nomem:
    st = PB_NOMEM;
done:
    tp_budget_report(&s.budget, out);
    if (s.bucket)
        for (int i = 0; i <= cap; i++) free(s.bucket[i]);
    out->figure[TP_FIG_STORED] = s.seen.count;
    tp_keyset_free(&s.seen);
    free(s.parent), free(s.step), free(s.length), free(s.drop);
    free(s.bucket), free(s.bucket_n), free(s.bucket_cap);
    free(board), free(child), free(moves);
    return st;
}
