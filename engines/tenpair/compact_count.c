/* compact_count.c — the compact engine's count of every win up to a length: the
 * search of one length's written sequences on a rank's threads (the levels, and the
 * routing of children between ranks, are in count_levels.c).
 *
 * A win is its written digit sequence, and that sequence grows only when the live
 * digits are appended. So the search walks written prefixes ("nodes"), shortest
 * first: a node is a written sequence and the set of states it can stand in right
 * after the append that completed it (by any history of moves and appends).
 * Searching a node explores every crossing from those states; an all-crossed state
 * makes the sequence a win, and each state with no move left (any state, with
 * append_any) appends its live digits, which gives a state of the longer sequence.
 * Each written sequence is searched once, whatever the histories that wrote it.
 *
 * A node's search goes level by level: a move crosses two digits, so a state only
 * ever appears at the level of its live count, and a level's set is all the
 * duplicate detection it needs (the levels before it are dropped). States are kept
 * packed with the node's common wholly crossed rows dropped. The nodes of one
 * length are searched in parallel, a node a thread, largest first. The counts and
 * the states expanded do not depend on the thread count.
 */
#include <omp.h>
#include <string.h>

#include "count_internal.h"

/* Expands one state of a node at written length `length` into the next level; a
 * state that appends within the bound is kept in me->kids. */
static void expand_state(const counter *c, worker *me, const uint8_t *packed, int m, size_t bytes,
                         int length)
{
    const tp_rules *r = c->r;
    tp_unpack(packed, m, me->board);
    me->expanded++;
    int live = tp_live_count(me->board, m);
    if (live == 0) {
        me->won = 1;
        return;
    }
    int nm = tp_moves(r, me->board, m, me->moves);
    if (tp_grow_charged(me->budget, (void **)&me->kidkeys, &me->kidkeys_cap, (size_t)nm * bytes, 1))
        goto nomem;
    /* The children are the state with two nibbles cleared; all are hashed (and
     * their slots prefetched) before any is looked up. */
    uint8_t *kid = me->kidkeys;
    uint32_t idx;
    for (int j = 0; j < nm; j++, kid += bytes) {
        memcpy(kid, packed, bytes);
        tp_packed_cross(kid, me->moves[j].a);
        tp_packed_cross(kid, me->moves[j].b);
        me->hash[j] = tp_hash_bytes(kid, bytes);
        tp_keyset_prefetch(&me->lv.next, me->hash[j]);
    }
    kid = me->kidkeys;
    for (int j = 0; j < nm; j++, kid += bytes)
        if (tp_keyset_add_hashed(&me->lv.next, kid, bytes, me->hash[j], &idx) < 0) goto nomem;
    if ((nm && !r->append_any) || length + live > c->L) return;
    size_t need = me->kids_len + 4 + (size_t)(m + live);
    if (tp_grow_charged(me->budget, (void **)&me->kids, &me->kids_cap, need, 1)) goto nomem;
    uint8_t *p = me->kids + me->kids_len;
    p[0] = (uint8_t)live, p[1] = (uint8_t)(live >> 8);
    p[2] = (uint8_t)(m + live), p[3] = (uint8_t)((m + live) >> 8);
    memcpy(p + 4, me->board, (size_t)m);
    for (int i = 0, n = m; i < m; i++)
        if (me->board[i]) p[4 + n++] = me->board[i];
    me->kids_len = need;
    return;
nomem:
    me->failed = 1;
}

int tp_cc_emit_state(worker *wk, const uint8_t *seq, int n, const uint8_t *board, int m, int drop,
                     int w, const uint8_t *appended, int live)
{
    int n2 = n + live, half = (n2 + 1) / 2;
    size_t size = 2 + 2 * (size_t)half;
    if (tp_grow_charged(wk->budget, (void **)&wk->emit, &wk->emit_cap, wk->emit_len + size, 1) ||
        tp_grow_charged(wk->budget, (void **)&wk->keybuf, &wk->keybuf_cap, (size_t)n2, 1))
        return -1;
    uint8_t *p = wk->emit + wk->emit_len, *cells = wk->keybuf;
    p[0] = (uint8_t)n2, p[1] = (uint8_t)(n2 >> 8);
    tp_unpack(seq, n, cells);
    memcpy(cells + n, appended, (size_t)live);
    tp_pack(cells, n2, p + 2);
    memset(cells, 0, (size_t)drop * (size_t)w);
    memcpy(cells + drop * w, board, (size_t)m);
    memcpy(cells + n, appended, (size_t)live);
    tp_pack(cells, n2, p + 2 + half);
    wk->emit_len += size;
    return 0;
}

/* Every state of the node that appends gives a state of a longer sequence. */
static int emit_children(worker *wk, const uint8_t *seq, int n, int drop, int w)
{
    for (size_t at = 0; at < wk->kids_len;) {
        const uint8_t *p = wk->kids + at;
        int live = p[0] | p[1] << 8, cells = p[2] | p[3] << 8, m = cells - live;
        if (tp_cc_emit_state(wk, seq, n, p + 4, m, drop, w, p + 4 + m, live)) return -1;
        at += 4 + (size_t)cells;
    }
    wk->kids_len = 0;
    return 0;
}

int tp_cc_stopped(counter *c)
{
    return __atomic_load_n(&c->stop, __ATOMIC_RELAXED);
}

void tp_cc_stop_with(counter *c, pb_status why)
{
    int none = 0;
    __atomic_compare_exchange_n(&c->stop, &none, (int)why, 0, __ATOMIC_RELAXED, __ATOMIC_RELAXED);
}

void tp_cc_poll(counter *c)
{
    if (c->how->limits.cancel && *c->how->limits.cancel)
        tp_cc_stop_with(c, PB_INTERRUPTED);
    else if (c->lim.deadline > 0 && pb_now_s() >= c->lim.deadline)
        tp_cc_stop_with(c, PB_LIMIT);
}

/* A worker's poll, before it expands a state once its steps reach lim.next: its
 * share of the step limit, the deadline and the cancel flag; 0 when the run stops. */
static int worker_poll(counter *c, worker *me)
{
    pb_status st = pb_limiter_poll(&me->lim, me->expanded);
    if (st != PB_DONE) tp_cc_stop_with(c, st);
    return st == PB_DONE && !tp_cc_stopped(c);
}

/* Searches one node, level by level. Its expanded states, win and appending states
 * are left in the worker. The limits are polled between states, so a step limit is
 * met exactly (one thread) and a time limit within a poll interval. */
static void search_node(counter *c, worker *me, const uint8_t *key, int length)
{
    const int m = key[0] | key[1] << 8, k = key[2] | key[3] << 8;
    const size_t bytes = (size_t)(m + 1) / 2;
    levels *lv = &me->lv;
    uint32_t idx;
    tp_keyset_clear(&lv->cur, bytes);
    tp_keyset_clear(&lv->next, bytes);
    for (int i = 0; i < k; i++)
        if (tp_keyset_add(&lv->next, key + 4 + (size_t)i * bytes, bytes, &idx) < 0) me->failed = 1;
    while (lv->next.count && !me->failed) {
        tp_keyset t = lv->cur; /* the next level becomes the current one */
        lv->cur = lv->next;
        lv->next = t;
        tp_keyset_clear(&lv->next, bytes);
        if (lv->cur.count > me->width_max) me->width_max = lv->cur.count;
        for (uint32_t i = 0; i < lv->cur.count; i++) {
            if (me->expanded >= me->lim.next && !worker_poll(c, me)) return;
            expand_state(c, me, lv->cur.arena + (size_t)i * bytes, m, bytes, length);
        }
    }
}

static int record_cmp(const void *pa, const void *pb)
{
    const uint8_t *a = *(const uint8_t *const *)pa, *b = *(const uint8_t *const *)pb;
    int n = a[0] | a[1] << 8;
    return memcmp(a + 2, b + 2, 2 * (size_t)((n + 1) / 2));
}

int tp_cc_make_nodes(const layer *l, int n, int w, nodes *ns, uint8_t *cells, tp_budget *budget)
{
    size_t half = (size_t)(n + 1) / 2, size = 2 + 2 * half, nrec = l->len / size, used = 0;
    if (tp_grow_charged(budget, (void **)&ns->rec, &ns->rec_cap, nrec + 1, sizeof *ns->rec) ||
        tp_grow_charged(budget, (void **)&ns->node, &ns->cap, nrec + 1, sizeof *ns->node))
        return -1;
    for (size_t i = 0; i < nrec; i++) ns->rec[i] = l->rec + i * size;
    qsort(ns->rec, nrec, sizeof *ns->rec, record_cmp);
    ns->n = 0;
    for (size_t g = 0, e; g < nrec; g = e) {
        const uint8_t *seq = ns->rec[g] + 2;
        int drop = n / w, k = 0;
        for (e = g; e < nrec && !memcmp(ns->rec[e] + 2, seq, half); e++) {
            tp_unpack(ns->rec[e] + 2 + half, n, cells);
            int d = tp_crossed_rows(cells, n, w);
            if (d < drop) drop = d;
        }
        int m = n - drop * w;
        size_t bytes = (size_t)(m + 1) / 2;
        if (tp_grow_charged(budget, (void **)&ns->keys, &ns->keys_cap, used + 4 + (e - g) * bytes,
                            1))
            return -1;
        uint8_t *key = ns->keys + used;
        for (size_t i = g; i < e; i++) {
            if (i > g && !memcmp(ns->rec[i] + 2 + half, ns->rec[i - 1] + 2 + half, half)) continue;
            tp_unpack(ns->rec[i] + 2 + half, n, cells);
            tp_pack(cells + drop * w, m, key + 4 + (size_t)k++ * bytes);
        }
        key[0] = (uint8_t)m, key[1] = (uint8_t)(m >> 8);
        key[2] = (uint8_t)k, key[3] = (uint8_t)(k >> 8);
        ns->node[ns->n++] = (node){seq, used, drop, tp_live_count(cells + drop * w, m)};
        used += 4 + (size_t)k * bytes;
    }
    return 0;
}

static int node_order_cmp(const void *pa, const void *pb)
{
    uint64_t x = *(const uint64_t *)pa, y = *(const uint64_t *)pb;
    return x < y ? -1 : x > y;
}

uint64_t tp_cc_search_layer(counter *c, const nodes *ns, int len)
{
    const int w = c->r->width;
    uint64_t wins = 0, *order = malloc((size_t)(ns->n ? ns->n : 1) * sizeof *order);
    if (!order) {
        tp_cc_stop_with(c, PB_NOMEM);
        return 0;
    }
    for (int t = 0; t < c->threads; t++) { /* steps reserved as each worker starts */
        pb_limiter_fork(&c->wk[t].lim, &c->lim);
        c->wk[t].begun = 0;
    }
    /* Most live digits first: a large node that started last would leave the other
     * threads idle at the end of the layer. */
    for (long i = 0; i < ns->n; i++)
        order[i] = (uint64_t)(0xFFFF - ns->node[i].live) << 32 | (uint64_t)i;
    qsort(order, (size_t)ns->n, sizeof *order, node_order_cmp);
#pragma omp parallel for schedule(dynamic, 1) num_threads(c->threads) reduction(+ : wins)
    for (long q = 0; q < ns->n; q++) {
        worker *me = &c->wk[omp_get_thread_num()];
        if (tp_cc_stopped(c) || me->failed) continue;
        if (!me->begun) {
            pb_status st = pb_limiter_begin(&me->lim);
            me->begun = 1;
            if (st != PB_DONE) {
                tp_cc_stop_with(c, st);
                continue;
            }
        }
        const node *nd = &ns->node[(uint32_t)order[q]];
        uint64_t before = me->expanded;
        search_node(c, me, ns->keys + nd->key, len);
        if (me->expanded - before > me->node_max) me->node_max = me->expanded - before;
        wins += (uint64_t)me->won;
        me->won = 0;
        if (emit_children(me, nd->seq, len, nd->drop, w)) me->failed = 1;
    }
    free(order);
    for (int t = 0; t < c->threads; t++) pb_limiter_end(&c->wk[t].lim, c->wk[t].expanded);
    return wins;
}
