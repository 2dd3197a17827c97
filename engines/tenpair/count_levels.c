/* count_levels.c — the compact count level by level (count_levels.h): the layers of
 * records each rank owns, the children of a level routed to their owners (kept, or
 * bucketed in the outbox by owner), the records received merged in; and the compact
 * engine's own count, which is the same with one rank.
 *
 * Which rank owns a written sequence depends on nothing but the sequence, so all the
 * records of one sequence meet on one rank whichever ranks wrote them, and the
 * sequence is searched there once, as one process searches it. */
#include <stdlib.h>
#include <string.h>

#include "count_internal.h"

int tp_count_owner(const uint8_t *seq, int n, int ranks)
{
    if (ranks <= 1) return 0;
    /* The high half: the keysets' slots use the low bits of the same hash. */
    uint64_t h = tp_hash_bytes(seq, (size_t)(n + 1) / 2) ^ 0x5851F42D4C957F2Dull;
    return (int)((h >> 32) % (uint64_t)ranks);
}

static size_t record_size(int n)
{
    return 2 + 2 * (size_t)((n + 1) / 2);
}

static int append(tp_count *t, const uint8_t *p, int n, size_t size)
{
    layer *l = &t->lay[n];
    if (tp_grow_charged(&t->c.budget, (void **)&l->rec, &l->cap, l->len + size, 1)) return -1;
    memcpy(l->rec + l->len, p, size);
    l->len += size;
    return 0;
}

/* Moves the records the workers emitted to their owners: this rank's into its
 * layers, the others' into the outbox, by owner. PB_DONE or PB_NOMEM. */
static pb_status route(tp_count *t, tp_level *lv)
{
    counter *c = &t->c;
    uint64_t *fill = t->out_bytes + t->ranks, total = 0;
    memset(t->out_bytes, 0, (size_t)t->ranks * sizeof *t->out_bytes);
    for (int k = 0; k < c->threads; k++) {
        worker *wk = &c->wk[k];
        if (wk->failed) return PB_NOMEM;
        for (size_t at = 0; at < wk->emit_len;) {
            const uint8_t *p = wk->emit + at;
            int n = p[0] | p[1] << 8, owner = tp_count_owner(p + 2, n, t->ranks);
            size_t size = record_size(n);
            lv->children++;
            if (owner == t->rank) {
                if (append(t, p, n, size)) return PB_NOMEM;
                lv->kept_bytes += size;
            } else {
                t->out_bytes[owner] += size;
            }
            at += size;
        }
    }
    for (int k = 0; k < t->ranks; k++) fill[k] = total, total += t->out_bytes[k];
    lv->sent_bytes += total;
    if (total && tp_grow_charged(&c->budget, (void **)&t->out, &t->out_cap, total, 1))
        return PB_NOMEM;
    /* A second pass copies the others' records, each to its owner's bucket. */
    for (int k = 0; k < c->threads; k++) {
        worker *wk = &c->wk[k];
        for (size_t at = 0; total && at < wk->emit_len;) {
            const uint8_t *p = wk->emit + at;
            int n = p[0] | p[1] << 8, owner = tp_count_owner(p + 2, n, t->ranks);
            size_t size = record_size(n);
            if (owner != t->rank) memcpy(t->out + fill[owner], p, size), fill[owner] += size;
            at += size;
        }
        wk->emit_len = 0;
    }
    return PB_DONE;
}

tp_count *tp_count_new(const tp_rules *r, const pb_run *how, int rank, int ranks, pb_result *why)
{
    const int L = how->max_length, threads = how->threads > 0 ? how->threads : 1;
    if (ranks < 1 || rank < 0 || rank >= ranks || L < r->nstart || L > TP_MAX_LENGTH) return NULL;
    tp_count *t = calloc(1, sizeof *t);
    if (!t) return NULL;
    counter *c = &t->c;
    *c = (counter){
        .r = r, .how = how, .L = L, .threads = threads, .budget = {.limit = how->limits.max_bytes}};
    t->rank = rank, t->ranks = ranks;
    t->lay = calloc((size_t)L + 1, sizeof *t->lay);
    t->cells = malloc(TP_MAX_LENGTH);
    t->out_bytes = calloc(2 * (size_t)ranks, sizeof *t->out_bytes);
    c->wk = calloc((size_t)threads, sizeof *c->wk);
    pb_limiter_init(&c->lim, &how->limits, 0);
    if (how->limits.max_steps) {
        pb_step_pool_init(&c->pool, how->limits.max_steps, threads);
        pb_limiter_use_pool(&c->lim, &c->pool);
    }
    if (!t->lay || !t->cells || !t->out_bytes || !c->wk) {
        tp_count_free(t, NULL);
        return NULL;
    }
    for (int k = 0; k < threads; k++) {
        c->wk[k].budget = &c->budget;
        tp_keyset_init(&c->wk[k].lv.cur, &c->budget);
        tp_keyset_init(&c->wk[k].lv.next, &c->budget);
    }
    /* Rank 0 writes the start, and routes it to its owner like any child. */
    tp_level lv = {0};
    if ((rank == 0 && tp_cc_emit_state(&c->wk[0], (const uint8_t *)"", 0, r->start, 0, 0, r->width,
                                       r->start, r->nstart)) ||
        route(t, &lv) != PB_DONE) {
        tp_count_free(t, why); /* a start over the memory limit says so */
        return NULL;
    }
    return t;
}

void tp_count_allow_steps(tp_count *t, uint64_t steps)
{
    /* Between levels no worker holds steps, so what the pool has taken is what this
     * rank expanded. */
    if (t->c.how->limits.max_steps) t->c.pool.max = t->c.pool.taken + steps;
}

pb_status tp_count_search(tp_count *t, int len, tp_level *lv)
{
    counter *c = &t->c;
    memset(lv, 0, sizeof *lv);
    lv->length = len;
    t->searched = len;
    /* The level's own peak: the budget's peak restarts here, and the larger of the
     * two is put back at the level's end (tp_count_end_level). */
    t->peak_before = c->budget.peak;
    c->budget.peak = c->budget.used;
    if (len < c->r->nstart || len > c->L ||
        tp_cc_make_nodes(&t->lay[len], len, c->r->width, &t->ns, t->cells, &c->budget))
        return PB_NOMEM;
    lv->nodes = (uint64_t)t->ns.n;
    for (long i = 0; i < t->ns.n; i++) {
        const uint8_t *key = t->ns.keys + t->ns.node[i].key;
        lv->states += (uint64_t)(key[2] | key[3] << 8);
    }
    lv->wins = tp_cc_search_layer(c, &t->ns, len);
    for (int k = 0; k < c->threads; k++) {
        lv->expanded += c->wk[k].expanded;
        c->wk[k].expanded = 0;
        if (c->wk[k].node_max > lv->node_expanded_max) lv->node_expanded_max = c->wk[k].node_max;
        c->wk[k].node_max = 0;
        if (c->wk[k].width_max > lv->node_width_max) lv->node_width_max = c->wk[k].width_max;
        c->wk[k].width_max = 0;
    }
    pb_status st = route(t, lv);
    if (st == PB_DONE && tp_cc_stopped(c)) st = (pb_status)tp_cc_stopped(c);
    return st;
}

void tp_count_outbox(const tp_count *t, const uint8_t **buf, uint64_t *bytes)
{
    *buf = t->out;
    memcpy(bytes, t->out_bytes, (size_t)t->ranks * sizeof *bytes);
}

uint8_t *tp_count_inbox(tp_count *t, size_t len)
{
    if (tp_grow_charged(&t->c.budget, (void **)&t->in, &t->in_cap, len ? len : 1, 1)) return NULL;
    return t->in;
}

/* Frees a buffer charged to the count's budget. */
static void release(tp_count *t, uint8_t **p, size_t *cap)
{
    tp_budget_charge(&t->c.budget, -(int64_t)*cap);
    free(*p);
    *p = NULL, *cap = 0;
}

int tp_count_merge(tp_count *t, size_t len, tp_level *lv)
{
    int rc = 0;
    for (size_t at = 0; at < len && !rc;) {
        const uint8_t *p = t->in + at;
        int n = len - at >= 2 ? p[0] | p[1] << 8 : 0;
        size_t size = record_size(n);
        if (n <= t->searched || n > t->c.L || size > len - at ||
            tp_count_owner(p + 2, n, t->ranks) != t->rank)
            rc = -2;
        else if (append(t, p, n, size))
            rc = -1;
        at += size;
    }
    if (lv) lv->recv_bytes += len;
    release(t, &t->out, &t->out_cap);
    release(t, &t->in, &t->in_cap);
    memset(t->out_bytes, 0, (size_t)t->ranks * sizeof *t->out_bytes);
    return rc;
}

pb_status tp_count_end_level(tp_count *t, int len, tp_level *lv)
{
    counter *c = &t->c;
    lv->stored = 0;
    for (int i = len; i <= c->L; i++) lv->stored += t->lay[i].len / record_size(i);
    layer *l = &t->lay[len];
    tp_budget_charge(&c->budget, -(int64_t)l->cap);
    free(l->rec);
    l->rec = NULL, l->len = l->cap = 0;
    lv->level_peak_bytes = c->budget.peak;
    if (c->budget.peak < t->peak_before) c->budget.peak = t->peak_before;
    lv->peak_bytes = c->budget.peak;
    lv->refused_used = c->budget.refused_used;
    lv->refused_total = c->budget.refused_total;
    tp_cc_poll(c);
    return (pb_status)tp_cc_stopped(c);
}

int tp_count_next_length(const tp_count *t, int len)
{
    int n = len + 1;
    while (n <= t->c.L && !t->lay[n].len) n++;
    return n;
}

void tp_count_free(tp_count *t, pb_result *out)
{
    if (!t) return;
    counter *c = &t->c;
    if (out) tp_budget_report(&c->budget, out);
    if (t->lay)
        for (int i = 0; i <= c->L; i++) free(t->lay[i].rec);
    if (c->wk)
        for (int k = 0; k < c->threads; k++) {
            worker *wk = &c->wk[k];
            tp_keyset_free(&wk->lv.cur);
            tp_keyset_free(&wk->lv.next);
            free(wk->kids), free(wk->emit), free(wk->keybuf), free(wk->kidkeys);
        }
    free(t->lay), free(c->wk), free(t->cells), free(t->out_bytes), free(t->out), free(t->in);
    free(t->ns.node), free(t->ns.keys), free(t->ns.rec);
    free(t);
}

pb_status tp_compact_count(const tp_rules *r, const pb_run *how, pb_result *out)
{
    tp_count *t = tp_count_new(r, how, 0, 1, out);
    if (!t) return PB_NOMEM;
    pb_status st = PB_DONE;
    for (int len = r->nstart; len <= how->max_length && st == PB_DONE; len++) {
        tp_level lv;
        st = tp_count_search(t, len, &lv);
        out->figure[TP_FIG_NODES] += lv.nodes;
        out->stats.solutions += lv.wins;
        out->stats.placements += lv.expanded;
        if (out->by_length) out->by_length[len] = lv.wins;
        pb_status end = tp_count_end_level(t, len, &lv);
        if (lv.stored > out->figure[TP_FIG_STORED]) out->figure[TP_FIG_STORED] = lv.stored;
        if (st == PB_DONE) st = end;
    }
    tp_count_free(t, out);
    return st;
}
