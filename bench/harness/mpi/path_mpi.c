/* path_mpi.c — `path-dp`'s count with its layers sharded over the ranks (path_mpi.h).
 *
 * Rank r holds a contiguous range of each layer's index words and the rows of the
 * sets they store (its shard): the ranges are cut so that every shard holds about
 * 1/R of the layer's bytes, index and rows together. Each rank marks 1/R of a
 * layer's blocks of words; the stored sets per block, summed over the ranks, give
 * every rank the same cuts and each shard's first row, and the marked words then go
 * to the ranks whose shards hold them (one all-to-all).
 * Layer k is built in R rounds: in round t the rank holds the shard of rank r + t
 * of layer k - 1 (its own first, then each passed on around the ring) and adds to
 * its own rows the terms that come from it (pd_shard_fill). In the first round a
 * rank works out, from the cuts, which rank holds each of its lookups, and keeps it
 * in a byte per count (the hint), so that each later round looks up only the counts
 * whose rows it is shown: twice the work of its share, where looking up every count
 * in every round would take R times. Two buffers per rank, each the largest shard,
 * hold its own shard of the layer being built and the shard passing through (whose
 * index words travel with its rows). The join keeps a hint the same way (a byte per
 * set of an even board, per middle cell of an odd one), and joins each split from
 * one of its two halves only (pd_shard_join).
 *
 * The join: an even board builds one layer more (n/2 cells, its steps not counted:
 * one process does not build it), so that each set's row and its partner's are
 * stored rows; the rank's own rows are copied to the second buffer, which goes
 * around the ring again, and each set is joined when its partner's shard passes.
 * The steps and candidates of one process's join are then counted apart
 * (pd_shard_tally): the steps are one process's exactly.
 *
 * After each round the ranks agree on how it ended (the worst status of any rank,
 * and any signal), so that a limit or a signal on one rank stops every rank at the
 * same round. A step limit is split among the ranks; a time limit is each rank's
 * own, from its start. */
#include "path_mpi.h"

#include <stdlib.h>
#include <string.h>

#include "core/limiter.h"
#include "harness/base/exit.h"
#include "harness/base/say.h"
#include "harness/measure/usage.h"
#include "registry/path_dp_shard.h"
#include "world.h"

int pb_path_mpi_applies(const pb_batch *b)
{
    const pb_world *w = pb_world_get();
    const pb_model *m = b->set->count == 1 ? b->set->puzzle[0].model : NULL;
    const char *why;
    return w->size > 1 && m && b->how.mode == PB_MODE_COUNT && !b->how.trace &&
           !b->how.limits.max_solutions && !strcmp(b->engine->about.name, "path-dp") &&
           (!b->engine->accepts || b->engine->accepts(m, &why)) && m->ncells >= 4;
}

typedef struct ring {
    pd_ctx *c;
    int rank, size;
    int top;        /* the layer the join reads */
    uint64_t shard; /* the bytes of each buffer: the largest shard */
    uint64_t hints; /* the bytes of the hint: which rank holds each count's row */
    uint64_t nblocks;
    uint64_t *count;           /* the stored sets per block of the layer being marked */
    uint64_t scratches;        /* the bytes of the scratch past the hint's */
    pd_word *scratch;          /* the rank's share of the marking: the hint when it fits */
    uint64_t *scount, *rcount; /* the bytes of marked words to and from each rank */
    uint64_t *cut[2], *row[2]; /* each slot's cuts (pd_shard_cut), size + 1 each */
    uint8_t *hint;
    uint8_t *buf[2];
    uint64_t sent; /* the bytes this rank sent */
} ring;

static void fail(const ring *g)
{
    pb_say("count: rank %d: MPI failed", g->rank);
    pb_world_abort(PB_EXIT_FAILED);
}

/* The world's status after a round: the worst of every rank's (and a signal on any
 * rank stops every rank). The run's context stops with it. */
static pb_status agree(ring *g, pb_status mine)
{
    uint64_t v[2] = {(uint64_t)mine, (uint64_t)pb_interrupted};
    if (pd_stopped(g->c) && mine == PB_DONE) v[0] = (uint64_t)g->c->status;
    if (pb_world_allreduce_u64(v, 2, PB_WORLD_MAX)) fail(g);
    if (v[1] && !pb_interrupted) pb_interrupted = (sig_atomic_t)v[1];
    pb_status st = (pb_status)v[0];
    if (st == PB_DONE && v[1]) st = PB_INTERRUPTED;
    if (st != PB_DONE) pd_stop(g->c, st);
    return st;
}

/* Rank r's shard of layer l (in slot l->k % 2's cuts), in buf. */
static pd_shard shard_of(const ring *g, const pd_layer *l, int r, uint8_t *buf)
{
    return pd_shard_at(g->cut[l->k % 2], g->row[l->k % 2], r, g->size, buf);
}

/* The bytes of the largest shard of layer l, as every rank passes it on. */
static uint64_t shard_bytes(const ring *g, const pd_layer *l)
{
    uint64_t most = 0;
    const uint64_t *cut = g->cut[l->k % 2], *row = g->row[l->k % 2];
    for (int r = 0; r < g->size; r++) {
        pd_shard h = {.w0 = cut[r], .w1 = cut[r + 1], .row0 = row[r], .row1 = row[r + 1]};
        uint64_t b = pd_shard_bytes(l, &h);
        if (b > most) most = b;
    }
    return most;
}

/* Passes the buffer on around the ring. */
static void pass_on(ring *g, uint8_t *buf, uint64_t bytes)
{
    if (pb_world_ring_shift(buf, bytes)) fail(g);
    g->sent += bytes;
}

/* Rank r's share of the marking of a layer of `words` index words in nb blocks of bw
 * words, among R ranks: blocks [nb r / R, nb (r + 1) / R), as words [*w0, *w1) (the
 * last block ends with the layer). Returns its blocks. */
static uint64_t marking_share(uint64_t nb, uint64_t bw, uint64_t words, int R, int r, uint64_t *w0,
                              uint64_t *w1)
{
    const uint64_t n = (uint64_t)R, b0 = nb * (uint64_t)r / n, b1 = nb * (uint64_t)(r + 1) / n;
    *w0 = b0 * bw < words ? b0 * bw : words;
    *w1 = b1 * bw < words ? b1 * bw : words;
    return b1 - b0;
}

/* The bytes of one rank's share of the marking of any layer 1..top: the words of its
 * blocks, whole blocks. */
static uint64_t marking_bytes(const ring *g)
{
    uint64_t most = 0;
    for (int k = 1; k <= g->top; k++) {
        const uint64_t nsets = g->c->binom[k][g->c->n], words = (nsets + 63) / 64;
        const uint64_t bw = pd_shard_block(nsets, g->size), nb = (words + bw - 1) / bw;
        for (int r = 0; r < g->size; r++) {
            uint64_t w0, w1, b = marking_share(nb, bw, words, g->size, r, &w0, &w1);
            if (b * bw * sizeof(pd_word) > most) most = b * bw * sizeof(pd_word);
        }
    }
    return most;
}

/* The words of [a0, a1) in [b0, b1), in bytes. */
static uint64_t overlap(uint64_t a0, uint64_t a1, uint64_t b0, uint64_t b1)
{
    uint64_t lo = a0 > b0 ? a0 : b0, hi = a1 < b1 ? a1 : b1;
    return hi > lo ? (hi - lo) * sizeof(pd_word) : 0;
}

/* Marks layer k into the rank's own shard: every rank marks 1/R of the layer's
 * blocks of words (into the scratch), the stored sets per block are summed over the
 * ranks (which gives every rank the same cuts and each shard's first row), and the
 * marked words go to the ranks whose shards hold them. */
static pb_status mark(ring *g, int k, pd_layer *l)
{
    pd_ctx *c = g->c;
    pd_layer_shape(c, k, l);
    const uint64_t words = (l->nsets + 63) / 64, bw = pd_shard_block(l->nsets, g->size);
    const uint64_t nb = (words + bw - 1) / bw;
    uint64_t w0, w1, end;
    const uint64_t blocks = marking_share(nb, bw, words, g->size, g->rank, &w0, &w1);
    const uint64_t b0 = w0 / bw, b1 = b0 + blocks; /* a share starts on a block */
    pb_status st = agree(g, pd_mark_range(c, l, w0, w1, 0, g->scratch, &end));
    if (st != PB_DONE) return st;
    memset(g->count, 0, nb * sizeof *g->count);
    for (uint64_t b = b0; b < b1; b++) {
        uint64_t next = b + 1 < b1 ? g->scratch[(b + 1) * bw - w0].base : end;
        g->count[b] = next - g->scratch[b * bw - w0].base;
    }
    if (pb_world_allreduce_u64(g->count, (int)nb, PB_WORLD_SUM)) fail(g);
    const uint64_t *cut = g->cut[k % 2];
    pd_shard_cut(l, g->count, nb, bw, g->size, g->cut[k % 2], g->row[k % 2]);
    l->nrows = g->row[k % 2][g->size];
    pd_shard own = shard_of(g, l, g->rank, g->buf[k % 2]);
    for (int r = 0; r < g->size; r++) {
        uint64_t r0, r1;
        marking_share(nb, bw, words, g->size, r, &r0, &r1);
        g->scount[r] = overlap(w0, w1, cut[r], cut[r + 1]);
        g->rcount[r] = overlap(r0, r1, own.w0, own.w1);
    }
    if (pb_world_alltoallv(g->scratch, g->scount, own.index, g->rcount)) fail(g);
    for (uint64_t w = 0, row = own.row0; w < own.w1 - own.w0; w++) { /* the layer's rows */
        own.index[w].base = row;
        row += (uint64_t)__builtin_popcountll(own.index[w].bits);
    }
    return PB_DONE;
}

/* Builds layers 1..top; *top_layer gets the last. */
static pb_status build(ring *g, pd_layer *top_layer)
{
    pd_ctx *c = g->c;
    pd_layer below = {0}, here = {0};
    for (int k = 1; k <= g->top; k++) {
        const uint64_t placements = c->placements, candidates = c->candidates;
        pb_status st = mark(g, k, &here);
        if (st != PB_DONE) return st;
        pd_shard own = shard_of(g, &here, g->rank, g->buf[k % 2]);
        memset(own.rows, 0, (own.row1 - own.row0) * here.row_bytes + 8);
        if (g->hint) memset(g->hint, 0, (own.row1 - own.row0) * (uint64_t)k);
        if (k == 1) {
            pd_shard_fill(c, NULL, NULL, &here, &own, NULL);
            if ((st = agree(g, PB_DONE)) != PB_DONE) return st;
        }
        for (int t = 0; k > 1 && t < g->size; t++) {
            uint8_t *buf = g->buf[(k - 1) % 2];
            pd_shard held = shard_of(g, &below, (g->rank + t) % g->size, buf);
            pd_shard_fill(c, &below, &held, &here, &own, g->hint);
            if ((st = agree(g, PB_DONE)) != PB_DONE) return st;
            if (t + 1 < g->size) pass_on(g, buf, shard_bytes(g, &below));
        }
        if (k > pd_kept_size(c->n)) /* the even board's layer more: not one process's */
            c->placements = placements, c->candidates = candidates;
        below = here;
    }
    *top_layer = below;
    return PB_DONE;
}

/* Joins the rank's own sets of the top layer with every shard of it in turn. */
static pb_status join(ring *g, const pd_layer *l, pb_count *total)
{
    pd_ctx *c = g->c;
    pd_shard own = shard_of(g, l, g->rank, g->buf[l->k % 2]);
    uint8_t *buf = g->buf[(l->k + 1) % 2];
    memcpy(buf, g->buf[l->k % 2], pd_shard_bytes(l, &own));
    if (g->hint)
        memset(g->hint, 0, (own.row1 - own.row0) * (uint64_t)pd_join_hint_width(c->n, l->k));
    for (int t = 0; t < g->size; t++) {
        pd_shard held = shard_of(g, l, (g->rank + t) % g->size, buf);
        pd_shard_join(c, l, &own, &held, g->hint, total);
        pb_status st = agree(g, PB_DONE);
        if (st != PB_DONE) return st;
        if (t + 1 < g->size) pass_on(g, buf, shard_bytes(g, l));
    }
    pd_shard_tally(c, l, &own, g->rank, g->size);
    return agree(g, PB_DONE);
}

/* This rank's share of a step limit: the world's split evenly, none left out. */
static uint64_t step_share(uint64_t max, const ring *g)
{
    uint64_t n = (uint64_t)g->size, share = max / n + ((uint64_t)g->rank < max % n);
    return max && !share ? 1 : share;
}

/* The world's sums and extremes of one rank's figures: placements, candidates,
 * overflow, the count (two words), the peak and the bytes sent. */
enum { F_PLACE, F_CAND, F_OVER, F_LO, F_HI, F_PEAK, F_SENT, NF };

static pb_status sum_up(const ring *g, uint64_t *mine, pb_status st, pb_stats *s, uint64_t *all)
{
    if (pb_world_allgather_u64(mine, NF, all)) fail(g);
    pb_count total = 0;
    int over = 0;
    for (int r = 0; r < g->size; r++) {
        const uint64_t *f = all + (size_t)r * NF;
        s->placements += f[F_PLACE], s->candidates += f[F_CAND];
        pb_count x = ((pb_count)f[F_HI] << 64) | f[F_LO];
        if (total + x < total) over = 1;
        total = over ? PB_COUNT_MAX : total + x;
        over |= f[F_OVER] != 0;
    }
    s->steps = s->placements;
    if (st == PB_DONE && over) st = PB_OVERFLOW;
    s->solutions = st == PB_DONE || st == PB_OVERFLOW ? total : 0;
    return st;
}

/* Rank 0 says what each rank planned, held at its peak and sent. */
static void report(const ring *g, uint64_t plan, const uint64_t *all)
{
    if (g->rank) return;
    pb_say("path-dp: %d ranks: %llu bytes planned per rank, %llu in all", g->size,
           (unsigned long long)plan, (unsigned long long)plan * (unsigned long long)g->size);
    for (int r = 0; r < g->size; r++)
        pb_say("path-dp: rank %d: peak %llu bytes, sent %llu bytes", r,
               (unsigned long long)all[(size_t)r * NF + F_PEAK],
               (unsigned long long)all[(size_t)r * NF + F_SENT]);
}

static pb_status run(ring *g, const pb_batch *b, pb_stats *s, uint64_t **all)
{
    pd_ctx *c = g->c;
    const int n = c->n;
    g->top = n % 2 ? pd_kept_size(n) : n / 2;
    g->shard = pd_shard_plan(c, g->top, g->size, &g->hints, &g->nblocks);
    /* The piece of a shard that MPI copies while it passes it on, too. */
    const uint64_t piece = g->shard < PB_WORLD_RING_CHUNK ? g->shard : PB_WORLD_RING_CHUNK;
    /* The counts per block, and the copy MPI may make of them while it sums them. */
    const uint64_t counts = 2 * g->nblocks * sizeof(uint64_t);
    const uint64_t cuts = 6 * ((uint64_t)g->size + 1) * sizeof(uint64_t);
    const uint64_t marking = marking_bytes(g);
    g->scratches = marking > g->hints ? marking : 0;
    const uint64_t plan =
        sizeof *c + 2 * g->shard + piece + g->hints + g->scratches + counts + cuts;
    const uint64_t max = b->how.limits.max_bytes;
    s->bytes = plan;
    pb_status st = PB_DONE;
    pb_count total = 0;
    if (max && plan > max) {
        st = PB_NOMEM; /* the same plan on every rank: every rank refuses */
    } else {
        int short_of = 0;
        for (int i = 0; i < 2; i++) {
            g->buf[i] = malloc(g->shard);
            g->cut[i] = malloc(((size_t)g->size + 1) * sizeof(uint64_t));
            g->row[i] = malloc(((size_t)g->size + 1) * sizeof(uint64_t));
            short_of |= !g->buf[i] || !g->cut[i] || !g->row[i];
        }
        g->count = malloc(g->nblocks * sizeof(uint64_t) + 1);
        g->scount = malloc(2 * (size_t)g->size * sizeof(uint64_t));
        g->rcount = g->scount ? g->scount + g->size : NULL;
        g->hint = g->hints ? malloc(g->hints) : NULL;
        /* The hint is free while a layer is marked: the scratch is the hint when it fits. */
        g->scratch = g->scratches ? malloc(g->scratches) : (pd_word *)(void *)g->hint;
        short_of |=
            !g->count || !g->scount || (g->hints && !g->hint) || (g->scratches && !g->scratch);
        st = agree(g, short_of ? PB_NOMEM : PB_DONE);
        pd_layer top;
        if (st == PB_DONE) st = build(g, &top);
        if (st == PB_DONE) st = join(g, &top, &total);
    }
    uint64_t mine[NF] = {c->placements,   c->candidates,           (uint64_t)c->overflow,
                         (uint64_t)total, (uint64_t)(total >> 64), pb_peak_read(),
                         g->sent};
    *all = malloc((size_t)g->size * NF * sizeof **all);
    if (!*all) pb_world_abort(PB_EXIT_FAILED);
    st = sum_up(g, mine, st, s, *all);
    report(g, plan, *all);
    for (int i = 0; i < 2; i++) free(g->buf[i]), free(g->cut[i]), free(g->row[i]);
    if (g->scratches) free(g->scratch);
    free(g->count);
    free(g->scount);
    free(g->hint);
    return st;
}

int pb_path_mpi_run(const pb_batch *b, pb_batch_result *r)
{
    const double t0 = pb_now_s();
    const pb_world *w = pb_world_get();
    memset(r, 0, sizeof *r);
    r->puzzle = calloc(2, sizeof *r->puzzle);
    r->solution_at = calloc(2, sizeof *r->solution_at);
    ring g = {.rank = w->rank, .size = w->size};
    g.c = calloc(1, sizeof *g.c);
    if (!r->puzzle || !r->solution_at || !g.c) pb_world_abort(PB_EXIT_FAILED);
    pb_run how = b->how;
    how.threads = b->threads > 1 ? b->threads : 1;
    how.limits.max_steps = step_share(how.limits.max_steps, &g);
    pd_ctx_init(g.c, b->set->puzzle[0].model, &how);
    pb_stats s = {0};
    uint64_t *all = NULL;
    pb_status st = run(&g, b, &s, &all);
    free(all);
    free(g.c);
    s.wall_s = pb_now_s() - t0;
    r->puzzle[0] = (pb_outcome){.ran = 1, .status = st, .stats = s};
    r->total = s;
    r->status = st;
    r->finished = st == PB_DONE;
    r->elapsed_s = s.wall_s;
    return 0;
}
