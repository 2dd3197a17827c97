/* tenpair_ranks.c — `count tenpair` over the ranks of the world (mpirun -np N), or
 * level by level in one process for --levels: the library's count_levels pieces
 * driven a written length at a time. Each rank searches the written sequences it
 * owns; the children bound for other ranks are exchanged once per level with one
 * MPI_Alltoallv (pb_world_alltoallv); the level's figures are gathered from every
 * rank in one MPI_Allgather and summed (or their maxima taken), so every rank ends
 * with the same wins, steps and status, and knows the next length some rank holds:
 * the lengths no sequence reached are skipped. Memory limits are per rank; a step limit is shared
 * out between the ranks at each level; a time limit or a signal stops each rank within its level,
 * and the ranks agree on the status at the level's end. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/limiter.h"
#include "harness/base/exit.h"
#include "harness/mpi/world.h"
#include "tenpair/count_levels.h"
#include "tenpair_ranks.h"
#include "harness/base/say.h"

/* A level's figures on one rank, gathered from every rank in one collective: those
 * summed over the ranks, then those whose maximum is taken. */
enum {
    S_NODES,
    S_STATES,
    S_EXPANDED,
    S_WINS,
    S_CHILDREN,
    S_KEPT,
    S_SENT,
    S_STORED,
    S_PEAK,
    S_SEARCH_NS,
    S_COUNT
};
enum {
    M_STATUS = S_COUNT,
    M_SIGNAL,
    M_EXPANDED,
    M_SENT,
    M_RECV,
    M_PEAK,
    M_SEARCH_NS,
    M_EXCHANGE_NS,
    M_NEXT,
    M_NODE_MAX,
    M_LEVEL_PEAK,
    M_NODE_WIDTH,
    M_REFUSED_TOTAL,
    F_COUNT_MAX,
    /* Not combined: the rank whose refused growth was largest gives both. */
    X_REFUSED_USED = F_COUNT_MAX,
    F_COUNT
};

/* all[rank * F_COUNT ..]: every rank's figures; s[] and m[] get their sums and maxima. */
static void combine(const uint64_t *all, int ranks, uint64_t *s, uint64_t *m)
{
    memset(s, 0, S_COUNT * sizeof *s);
    memset(m, 0, F_COUNT * sizeof *m);
    for (int k = 0; k < ranks; k++) {
        const uint64_t *f = all + (size_t)k * F_COUNT;
        for (int i = 0; i < S_COUNT; i++) s[i] += f[i];
        for (int i = M_STATUS; i < F_COUNT_MAX; i++)
            if (f[i] > m[i]) m[i] = f[i];
    }
}

static uint64_t ns_since(double t0)
{
    return (uint64_t)((pb_now_s() - t0) * 1e9);
}

/* An MPI call failed: nothing sensible is left to do on any rank. */
static void world_failed(const char *what)
{
    pb_say("count tenpair: rank %d: %s failed", pb_world_get()->rank, what);
    pb_world_abort(PB_EXIT_FAILED);
}

/* This rank's figures of level lv for the allgather (combine() says which are summed
 * and which maxed). M_NEXT is L + 1 less the next length this rank holds, so that the
 * largest gives the next length any rank holds. */
static void level_figures(const tp_level *lv, pb_status mine, uint64_t search_ns,
                          uint64_t exchange_ns, uint64_t next_len_back, uint64_t *out)
{
    const uint64_t f[F_COUNT] = {
        [S_NODES] = lv->nodes,
        [S_STATES] = lv->states,
        [S_EXPANDED] = lv->expanded,
        [S_WINS] = lv->wins,
        [S_CHILDREN] = lv->children,
        [S_KEPT] = lv->kept_bytes,
        [S_SENT] = lv->sent_bytes,
        [S_STORED] = lv->stored,
        [S_PEAK] = lv->peak_bytes,
        [S_SEARCH_NS] = search_ns,
        [M_STATUS] = mine,
        [M_SIGNAL] = (uint64_t)pb_interrupted,
        [M_EXPANDED] = lv->expanded,
        [M_SENT] = lv->sent_bytes,
        [M_RECV] = lv->recv_bytes,
        [M_PEAK] = lv->peak_bytes,
        [M_SEARCH_NS] = search_ns,
        [M_EXCHANGE_NS] = exchange_ns,
        [M_NEXT] = next_len_back,
        [M_NODE_MAX] = lv->node_expanded_max,
        [M_LEVEL_PEAK] = lv->level_peak_bytes,
        [M_NODE_WIDTH] = lv->node_width_max,
        [M_REFUSED_TOTAL] = lv->refused_total,
        [X_REFUSED_USED] = lv->refused_used,
    };
    memcpy(out, f, sizeof f);
}

/* Adds length len's combined figures (s summed, m maxed; all: every rank's) to the
 * run's stats and totals. */
static void add_level(pb_result *out, pb_tenpair_ranks_total *total, const uint64_t *all, int n,
                      const uint64_t *s, const uint64_t *m, int len)
{
    out->figure[TP_FIG_NODES] += s[S_NODES];
    out->stats.placements += s[S_EXPANDED];
    out->stats.steps += s[S_EXPANDED];
    out->stats.solutions += s[S_WINS];
    if (out->by_length) out->by_length[len] = s[S_WINS];
    if (s[S_STORED] > out->figure[TP_FIG_STORED]) out->figure[TP_FIG_STORED] = s[S_STORED];
    if (m[M_PEAK] > out->stats.bytes) out->stats.bytes = m[M_PEAK];
    for (int k = 0; k < n; k++) /* the growth refused: the largest, with its rank's use */
        if (all[(size_t)k * F_COUNT + M_REFUSED_TOTAL] > out->refused_total) {
            out->refused_total = all[(size_t)k * F_COUNT + M_REFUSED_TOTAL];
            out->refused_used = all[(size_t)k * F_COUNT + X_REFUSED_USED];
        }
    total->sent_bytes += s[S_SENT];
    total->peak_bytes_sum = s[S_PEAK];
    total->levels++;
}

/* Delivers the outbox (nothing when this rank stopped: its outbox may be partial)
 * and merges what the others sent. PB_DONE or PB_NOMEM. */
static pb_status exchange(tp_count *t, int send, tp_level *lv, uint64_t *send_n, uint64_t *recv_n)
{
    const int n = pb_world_get()->size;
    const uint8_t *out;
    tp_count_outbox(t, &out, send_n);
    if (!send) memset(send_n, 0, (size_t)n * sizeof *send_n);
    if (pb_world_alltoall_u64(send_n, recv_n)) world_failed("MPI_Alltoall");
    uint64_t total = 0;
    for (int k = 0; k < n; k++) total += recv_n[k];
    uint8_t *in = tp_count_inbox(t, (size_t)total);
    /* A rank that cannot hold what it is sent still takes part in the exchange, into
     * nothing, and stops with the others at the level's end. */
    uint64_t nomem = !in;
    if (pb_world_allreduce_u64(&nomem, 1, PB_WORLD_MAX)) world_failed("MPI_Allreduce");
    if (nomem) {
        tp_count_merge(t, 0, lv);
        return PB_NOMEM;
    }
    if (pb_world_alltoallv(out, send_n, in, recv_n)) world_failed("MPI_Alltoallv");
    int rc = tp_count_merge(t, (size_t)total, lv);
    if (rc == -2) {
        pb_say("internal error: count tenpair: rank %d received a record it does not own",
               pb_world_get()->rank);
        pb_world_abort(PB_EXIT_FAILED);
    }
    return rc ? PB_NOMEM : PB_DONE;
}

static void levels_header(FILE *f)
{
    fprintf(f, "length,ranks,nodes,states,expanded,expanded_max,wins,children,kept_bytes,"
               "sent_bytes,sent_bytes_max,recv_bytes_max,stored,peak_bytes_max,peak_bytes_sum,"
               "search_s_max,search_s_sum,exchange_s_max,level_s,node_expanded_max,"
               "node_width_max,level_peak_bytes_max\n");
}

static void levels_row(FILE *f, int len, int ranks, const uint64_t *s, const uint64_t *m,
                       double level_s)
{
    fprintf(f,
            "%d,%d,%llu,%llu,%llu,%llu,%llu,%llu,%llu,%llu,%llu,%llu,%llu,%llu,%llu,%.6f,%.6f,"
            "%.6f,%.6f,%llu,%llu,%llu\n",
            len, ranks, (unsigned long long)s[S_NODES], (unsigned long long)s[S_STATES],
            (unsigned long long)s[S_EXPANDED], (unsigned long long)m[M_EXPANDED],
            (unsigned long long)s[S_WINS], (unsigned long long)s[S_CHILDREN],
            (unsigned long long)s[S_KEPT], (unsigned long long)s[S_SENT],
            (unsigned long long)m[M_SENT], (unsigned long long)m[M_RECV],
            (unsigned long long)s[S_STORED], (unsigned long long)m[M_PEAK],
            (unsigned long long)s[S_PEAK], 1e-9 * (double)m[M_SEARCH_NS],
            1e-9 * (double)s[S_SEARCH_NS], 1e-9 * (double)m[M_EXCHANGE_NS], level_s,
            (unsigned long long)m[M_NODE_MAX], (unsigned long long)m[M_NODE_WIDTH],
            (unsigned long long)m[M_LEVEL_PEAK]);
    fflush(f);
}

pb_status pb_tenpair_count_ranks(const pb_model *model, const pb_run *how, pb_result *out,
                                 FILE *levels, pb_tenpair_ranks_total *total)
{
    const pb_world *w = pb_world_get();
    const int n = w->size;
    double t0 = pb_now_s();
    memset(&out->stats, 0, sizeof out->stats);
    memset(out->figure, 0, sizeof out->figure);
    out->refused_used = out->refused_total = 0;
    memset(total, 0, sizeof *total);
    if (out->by_length)
        memset(out->by_length, 0, ((size_t)how->max_length + 1) * sizeof *out->by_length);
    tp_rules rules;
    const tp_rules *r = &rules;
    tp_count *t = tp_rules_of(model, &rules, NULL) ? NULL : tp_count_new(r, how, w->rank, n, out);
    uint64_t *send_n = calloc(2 * (size_t)n, sizeof *send_n), *recv_n = send_n + n;
    uint64_t *all = calloc((size_t)n * F_COUNT, sizeof *all), s[S_COUNT], m[F_COUNT];
    uint64_t failed = !t || !send_n || !all; /* every rank learns that one failed */
    if (pb_world_allreduce_u64(&failed, 1, PB_WORLD_MAX)) world_failed("MPI_Allreduce");
    pb_status st = PB_NOMEM;
    if (failed) goto done;
    st = exchange(t, 1, NULL, send_n, recv_n); /* the start, to its owner */
    uint64_t sts = st;
    if (pb_world_allreduce_u64(&sts, 1, PB_WORLD_MAX)) world_failed("MPI_Allreduce");
    st = (pb_status)sts;
    if (levels) levels_header(levels);
    /* Lengths no rank holds are skipped: nothing to search, nothing to exchange. */
    for (int len = r->nstart, next; len <= how->max_length && st == PB_DONE; len = next) {
        double tl = pb_now_s();
        if (how->limits.max_steps) {
            /* This rank's share of the steps left: the ranks' shares add up to them. */
            uint64_t used = out->stats.steps, left = how->limits.max_steps;
            left = used < left ? left - used : 0;
            tp_count_allow_steps(t, left / (uint64_t)n + ((uint64_t)w->rank < left % (uint64_t)n));
        }
        tp_level lv;
        pb_status mine = tp_count_search(t, len, &lv);
        uint64_t search_ns = ns_since(tl);
        double tx = pb_now_s();
        pb_status ex = exchange(t, mine == PB_DONE, &lv, send_n, recv_n);
        uint64_t exchange_ns = ns_since(tx);
        pb_status end = tp_count_end_level(t, len, &lv);
        if (mine == PB_DONE) mine = ex;
        if (mine == PB_DONE) mine = end;
        uint64_t f[F_COUNT];
        level_figures(&lv, mine, search_ns, exchange_ns,
                      (uint64_t)(how->max_length + 1 - tp_count_next_length(t, len)), f);
        if (pb_world_allgather_u64(f, F_COUNT, all)) world_failed("MPI_Allgather");
        combine(all, n, s, m);
        next = how->max_length + 1 - (int)m[M_NEXT];
        /* The most serious reason any rank has to stop: nomem, then a signal, then a
         * limit (the order of pb_status). */
        st = (pb_status)m[M_STATUS];
        if (st == PB_INTERRUPTED && !pb_interrupted) pb_interrupted = (sig_atomic_t)m[M_SIGNAL];
        add_level(out, total, all, n, s, m, len);
        if (levels) levels_row(levels, len, n, s, m, pb_now_s() - tl);
    }
done:
    tp_count_free(t, NULL);
    free(send_n);
    free(all);
    out->stats.wall_s = pb_now_s() - t0;
    return out->status = st;
}
