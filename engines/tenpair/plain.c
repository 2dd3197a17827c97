/* plain.c — the plain engines: `bfs` (breadth first over moves) and `best-first`
 * (the seed's: a priority queue by written length, crossed digits included), both
 * over whole configurations — the written digits and which are crossed — with a set
 * of the configurations already seen. Keeping the digits under the crosses tells
 * two wins of the same length apart, as the seed needed to. */
#include "search.h"

#include <stdlib.h>

#include "../core/limiter.h"
#include "child_clock.h"
#include "keyset.h"

typedef struct plain {
    const tp_rules *r;
    const pb_run *how;
    int best_first;
    tp_keyset seen;
    uint32_t *parent; /* per configuration: the one it came from, and the step */
    tp_step *step;
    size_t parent_cap, step_cap;
    uint64_t *heap; /* best-first: (length << 32 | index), a binary min-heap */
    size_t heap_n, heap_cap;
    uint32_t cursor;  /* bfs: the queue is the configurations in the order seen */
    tp_budget budget; /* the set, the arrays and the heap */
} plain;

static int heap_push(plain *p, uint64_t key)
{
    if (tp_grow_charged(&p->budget, (void **)&p->heap, &p->heap_cap, p->heap_n + 1,
                        sizeof *p->heap))
        return -1;
    size_t i = p->heap_n++;
    while (i > 0 && p->heap[(i - 1) / 2] > key) {
        p->heap[i] = p->heap[(i - 1) / 2];
        i = (i - 1) / 2;
    }
    p->heap[i] = key;
    return 0;
}

static uint64_t heap_pop(plain *p)
{
    uint64_t top = p->heap[0], last = p->heap[--p->heap_n];
    size_t i = 0;
    for (;;) {
        size_t c = 2 * i + 1;
        if (c >= p->heap_n) break;
        if (c + 1 < p->heap_n && p->heap[c + 1] < p->heap[c]) c++;
        if (p->heap[c] >= last) break;
        p->heap[i] = p->heap[c];
        i = c;
    }
    if (p->heap_n) p->heap[i] = last;
    return top;
}

/* Adds a configuration reached from `from` by s. 1 new, 0 seen, -1 out of memory. */
static int add(plain *p, const uint8_t *board, int n, uint32_t from, tp_step s, uint32_t *index)
{
    int added = tp_keyset_add(&p->seen, board, (size_t)n, index);
    if (added != 1) return added;
    if (tp_grow_charged(&p->budget, (void **)&p->parent, &p->parent_cap, (size_t)*index + 1,
                        sizeof *p->parent) ||
        tp_grow_charged(&p->budget, (void **)&p->step, &p->step_cap, (size_t)*index + 1,
                        sizeof *p->step))
        return -1;
    p->parent[*index] = from;
    p->step[*index] = s;
    if (p->best_first && heap_push(p, (uint64_t)n << 32 | *index)) return -1;
    return 1;
}

/* The next state to expand into *at: the cheapest (best first) or the oldest (breadth
 * first). 0, or 1 when none is left. */
static int next_state(plain *p, uint32_t *at)
{
    if (p->best_first) {
        if (!p->heap_n) return 1;
        *at = (uint32_t)heap_pop(p);
    } else {
        if (p->cursor == p->seen.count) return 1;
        *at = p->cursor++;
    }
    return 0;
}

/* Counts the win found as state index (of length n), and hands its moves to the
 * caller's on_path. 0, or -1 out of memory. */
static int count_win(plain *p, pb_result *out, uint32_t index, int n)
{
    out->stats.solutions++;
    if (out->by_length) out->by_length[n]++;
    if (!p->how->on_path) return 0;
    int np;
    tp_step *path = tp_path_back(p->parent, p->step, index, &np);
    if (!path) return -1;
    p->how->on_path(p->how->path_ctx, path, np, n);
    free(path);
    return 0;
}

static pb_status search(plain *p, pb_result *out)
{
    const tp_rules *r = p->r;
    const pb_run *how = p->how;
    const int count = how->mode == PB_MODE_COUNT;
    const int cap = how->max_length ? how->max_length : TP_MAX_LENGTH;
    uint8_t *board = malloc(2 * TP_MAX_LENGTH), *child = malloc(2 * TP_MAX_LENGTH);
    tp_step *moves = malloc(4 * TP_MAX_LENGTH * sizeof *moves);
    pb_status st = PB_NOMEM;
    int best = 0; /* shortest: the shortest win's length so far */
    uint32_t best_at = 0, index;
    pb_limiter lim;
    pb_limiter_init(&lim, &how->limits, 0);
    tp_child_clock clock;
    tp_child_clock_init(&clock, &how->limits);
    if (!board || !child || !moves) goto done;
    if (add(p, r->start, r->nstart, 0, (tp_step){-1, -1}, &index) < 0) goto done;
    for (;;) {
        uint32_t at;
        if (next_state(p, &at)) break;
        size_t len;
        const uint8_t *key = tp_keyset_key(&p->seen, at, &len);
        int n = (int)len, live = tp_live_count(key, n);
        if (live == 0) continue; /* a win: counted when found */
        if (best && n >= best) continue;
        memcpy(board, key, len);
        /* Polled before each expansion: a step limit of N expands exactly N states,
         * and the adaptive interval polls every state when states are slow. */
        if (out->stats.placements >= lim.next &&
            (st = pb_limiter_poll(&lim, out->stats.placements)))
            goto done;
        out->stats.placements++;
        int nm = tp_moves(r, board, n, moves);
        for (int m = 0; m < nm; m++) {
            if ((st = tp_child_clock_tick(&clock))) goto done;
            memcpy(child, board, len);
            child[moves[m].a] += TP_CROSSED;
            child[moves[m].b] += TP_CROSSED;
            int added = add(p, child, n, at, moves[m], &index);
            if (added < 0) goto nomem;
            if (!added || live > 2) continue;
            if (count) {
                if (count_win(p, out, index, n)) goto nomem;
            } else if (!best || n < best) {
                best = n, best_at = index;
                if (p->best_first) goto found;
            }
        }
        if (nm == 0 || r->append_any) {
            int m = n;
            if (n + live > cap || (best && n + live >= best)) continue;
            memcpy(child, board, len);
            for (int i = 0; i < n; i++)
                if (tp_live(board[i])) child[m++] = board[i];
            if (add(p, child, m, at, (tp_step){-1, -1}, &index) < 0) goto nomem;
        }
    }
found:
    st = PB_DONE;
    if (best) {
        out->length = best;
        out->stats.solutions = 1;
        out->path = tp_path_back(p->parent, p->step, best_at, &out->npath);
        if (!out->path) st = PB_NOMEM;
    }
    goto done;
nomem:
    st = PB_NOMEM;
done:
    out->figure[TP_FIG_STORED] = p->seen.count;
    tp_budget_report(&p->budget, out);
    free(board);
    free(child);
    free(moves);
    return st;
}

pb_status tp_plain_search(const tp_rules *r, const pb_run *how, pb_result *out, int best_first)
{
    plain p = {
        .r = r, .how = how, .best_first = best_first, .budget = {.limit = how->limits.max_bytes}};
    tp_keyset_init(&p.seen, &p.budget);
    pb_status st = search(&p, out);
    tp_keyset_free(&p.seen);
    free(p.parent);
    free(p.step);
    free(p.heap);
    return st;
}
