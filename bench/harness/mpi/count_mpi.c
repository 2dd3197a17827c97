/* count_mpi.c — one tree count spread over the MPI world (count_mpi.h).
 *
 * Rank 0 lists the paths to the shallowest depth that has PATHS_PER_RANK paths per
 * rank (each subtree costs a setup) and broadcasts them. Then every rank counts
 * subtrees, on its --threads: rank 0's main thread takes chunks of paths straight from the shared
 * queue, and a manager thread on rank 0 answers the other ranks, which ask for a
 * chunk while handing in the counts of their last one. Chunks shrink as the queue
 * empties (an eighth of what is left per rank), so the ranks end close together.
 * Rank 0 keeps every subtree's stats by its path index and sums them in that
 * order at the end: the counts do not depend on who counted what.
 *
 * Stopping: every rank's engine polls a cancel flag of the rank. On the other ranks a
 * monitor thread sets it when the rank gets a signal or rank 0 sends HALT; rank 0
 * halts everyone when its own signal flag is set or any rank reports a subtree that
 * stopped (a limit, a signal). Every thread that waits sleeps between probes (at
 * most 1 ms on rank 0, 5 ms in a monitor) rather than spinning on a core that
 * counts.
 *
 * Step limit: rank 0 holds the world's budget (a pb_step_pool); the other ranks'
 * pools start empty and refill from it by message when they run dry, and give back
 * what they hold with each chunk's counts. Time limit: rank 0's manager halts the
 * world at rank 0's deadline (from the start of its count); each other rank also
 * stops at its own, no earlier, measured from the broadcast. The wire format is raw structs:
 * the ranks are the same binary on machines of the same architecture. */
#include "count_mpi.h"

#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/limiter.h"
#include "harness/base/exit.h"
#include "search/subtree.h"
#include "world.h"
#include "harness/base/say.h"

/* Message tags of the count (a range no other command's messages use). */
enum { TAG_WANT = 1501, TAG_WORK, TAG_STEPS_REQ, TAG_STEPS, TAG_HALT };

/* The split is the shallowest depth with at least this many paths per rank. */
enum { PATHS_PER_RANK = 256 };

/* One counted subtree, as recorded on rank 0 and sent to it. */
typedef struct piece {
    uint64_t index;
    int32_t status, ran;
    pb_stats stats;
} piece;

/* Heads a WANT message (then n pieces): why the sender stopped (PB_DONE: it did
 * not), the signal it got, and the steps it gives back. Aligned as a piece is (a
 * pb_count is 16 bytes), so that the pieces after it can be written in place. */
typedef struct want_head {
    _Alignas(piece) uint64_t n;
    uint64_t give_back;
    int32_t stop, signal;
} want_head;
_Static_assert(sizeof(want_head) % _Alignof(piece) == 0, "pieces follow the head aligned");

typedef struct halt_msg {
    int32_t status, signal;
} halt_msg;

typedef struct job {
    const pb_batch *b;
    const pb_model *m;
    const pb_world *w;
    pb_prefixes pre;
    double deadline;                /* 0: no time limit */
    volatile sig_atomic_t cancel;   /* the engine's cancel flag on this rank */
    pb_step_pool *steps;            /* this rank's step pool; NULL: no step limit */
    pb_step_pool local;             /* the other ranks' pool, refilled from rank 0 */
    volatile sig_atomic_t finished; /* the other ranks: the monitor may end */
    /* Rank 0: the queue, the counts, the budget and the halt, under mu. */
    pthread_mutex_t mu;
    size_t next;
    piece *done; /* per path */
    pb_step_pool global;
    int halted, halt_status, halt_signal;
    int own_done; /* rank 0's main thread counted its last chunk */
} job;

static void sleep_s(double s)
{
    struct timespec ts = {(time_t)s, (long)((s - (double)(time_t)s) * 1e9)};
    nanosleep(&ts, NULL);
}

/* Rank 0, under mu: stops the world for `status` (the first reason wins). */
static void halt_locked(job *j, int status, int signal)
{
    if (!j->halted) {
        j->halted = 1;
        j->halt_status = status;
        j->halt_signal = signal;
    }
    j->cancel = 1;
}

/* Rank 0, under mu: the next chunk of paths, [*lo, *hi); empty when none is left. */
static void take_chunk(job *j, size_t *lo, size_t *hi)
{
    size_t left = j->pre.count - j->next;
    size_t n = left / (8 * (size_t)j->w->size);
    if (n < 1) n = 1;
    if (j->halted || !left) n = 0;
    *lo = j->next;
    *hi = j->next += n;
}

/* Rank 0, under mu: files counted pieces by their path index. */
static void record(job *j, const piece *p, size_t n)
{
    for (size_t k = 0; k < n; k++)
        if (p[k].ran && p[k].index < j->pre.count) j->done[p[k].index] = p[k];
}

/* Counts the subtree of path i into *out. */
static pb_status count_one(job *j, size_t i, piece *out)
{
    *out = (piece){i, PB_DONE, 0, {0}};
    if (j->cancel) return PB_INTERRUPTED;
    pb_run how = j->b->how;
    how.threads = 1;
    how.limits.cancel = &j->cancel;
    pb_step_share share = {j->steps, 0};
    if (j->steps) how.limits.max_steps = 0, how.limits.share = &share;
    if (j->deadline > 0) {
        how.limits.max_seconds = j->deadline - pb_now_s();
        if (how.limits.max_seconds <= 0) return PB_LIMIT;
    }
    pb_result res;
    res.first = res.last = NULL;
    pb_search_subtree(j->b->engine, j->m, &how, &j->pre, i, &res);
    if (j->steps) pb_step_pool_settle(j->steps, share.reserved, res.stats.steps);
    *out = (piece){i, (int32_t)res.status, 1, res.stats};
    return res.status;
}

/* Counts the subtrees of paths [lo, hi) into out[0 .. hi-lo) (ran: 0 for those not
 * counted once one stopped), on the rank's --threads: the subtrees are independent
 * and the rank's step pool is shared with atomics. *n = hi - lo. Returns PB_DONE,
 * or the status of a subtree that stopped (the others then stop). */
static pb_status count_chunk(job *j, size_t lo, size_t hi, piece *out, size_t *n)
{
    pb_status stop = PB_DONE;
    const int threads = j->b->threads > 1 ? j->b->threads : 1;
    *n = hi - lo;
#pragma omp parallel for schedule(dynamic, 1) num_threads(threads) if (threads > 1)
    for (size_t i = lo; i < hi; i++) {
        pb_status st = count_one(j, i, &out[i - lo]);
        if (st != PB_DONE) {
#pragma omp critical(pb_count_mpi_stop)
            if (stop == PB_DONE) stop = st;
            j->cancel = 1; /* this rank's other subtrees stop too */
        }
    }
    return stop;
}

/* ---- the other ranks ---- */

/* The monitor: the rank's signal flag or rank 0's HALT cancels the rank's count. */
static void *monitor(void *arg)
{
    job *j = arg;
    while (!j->finished) {
        if (pb_interrupted) j->cancel = 1;
        if (pb_world_probe(0, TAG_HALT)) {
            void *buf;
            size_t len;
            if (!pb_world_recv(0, TAG_HALT, NULL, NULL, &buf, &len)) free(buf);
            j->cancel = 1;
        }
        sleep_s(0.005);
    }
    return NULL;
}

/* The local pool's refill: asks rank 0 for steps (a round trip per slice). With
 * --threads several threads may ask at once: every answer is one number of the same
 * size and every one goes to the same pool, so which thread takes which answer does
 * not matter. */
static uint64_t refill(void *ctx, uint64_t want)
{
    (void)ctx;
    uint64_t ask = want < 65536 ? 65536 : want, got = 0;
    void *buf;
    size_t len;
    if (pb_world_send(0, TAG_STEPS_REQ, &ask, sizeof ask) ||
        pb_world_recv(0, TAG_STEPS, NULL, NULL, &buf, &len))
        return 0;
    if (len == sizeof got) memcpy(&got, buf, sizeof got);
    free(buf);
    return got;
}

static int run_worker(job *j)
{
    if (j->steps) {
        pb_step_pool_init(&j->local, 0, 1);
        j->local.refill = refill;
    }
    pthread_t mon;
    if (pb_thread_start(&mon, monitor, j)) return -1;
    size_t cap = 1024, n = 0;
    char *msg = malloc(sizeof(want_head) + cap * sizeof(piece));
    int rc = msg ? 0 : -1;
    pb_status stop = PB_DONE;
    while (!rc) {
        want_head h = {n, 0, (int32_t)stop, (int32_t)pb_interrupted};
        if (j->steps && j->local.max > j->local.taken) { /* nothing draws between chunks */
            h.give_back = j->local.max - j->local.taken;
            j->local.max = j->local.taken;
        }
        memcpy(msg, &h, sizeof h);
        void *buf;
        size_t len;
        uint64_t range[2] = {0, 0};
        if (pb_world_send(0, TAG_WANT, msg, sizeof h + n * sizeof(piece)) ||
            pb_world_recv(0, TAG_WORK, NULL, NULL, &buf, &len)) {
            rc = -1;
            break;
        }
        if (len == sizeof range) memcpy(range, buf, sizeof range);
        free(buf);
        if (range[0] >= range[1]) break;
        if (range[1] - range[0] > cap) {
            cap = range[1] - range[0];
            char *grown = realloc(msg, sizeof(want_head) + cap * sizeof(piece));
            if (!grown) {
                rc = -1;
                break;
            }
            msg = grown;
        }
        stop = count_chunk(j, range[0], range[1], (piece *)(msg + sizeof h), &n);
    }
    j->finished = 1;
    pthread_join(mon, NULL);
    /* A HALT sent just before the last WORK is still to be taken. */
    while (pb_world_probe(0, TAG_HALT)) {
        void *buf;
        size_t len;
        if (pb_world_recv(0, TAG_HALT, NULL, NULL, &buf, &len)) break;
        free(buf);
    }
    free(msg);
    return rc;
}

/* ---- rank 0 ---- */

/* Answers one message from another rank; *active counts the ranks still working. */
static int serve(job *j, int from, int tag, const void *buf, size_t len, int *active,
                 unsigned char *gone)
{
    if (tag == TAG_STEPS_REQ) {
        uint64_t want = 0, got = 0;
        if (len == sizeof want) memcpy(&want, buf, sizeof want);
        pthread_mutex_lock(&j->mu);
        if (!j->halted && want) got = pb_step_pool_take(&j->global, want);
        pthread_mutex_unlock(&j->mu);
        return pb_world_send(from, TAG_STEPS, &got, sizeof got);
    }
    if (tag != TAG_WANT || len < sizeof(want_head)) return 0;
    want_head h;
    memcpy(&h, buf, sizeof h);
    if (len < sizeof h + h.n * sizeof(piece)) return -1;
    uint64_t range[2];
    size_t lo, hi;
    pthread_mutex_lock(&j->mu);
    record(j, (const piece *)((const char *)buf + sizeof h), (size_t)h.n);
    if (h.give_back) pb_step_pool_give(&j->global, h.give_back);
    if (h.stop != PB_DONE) halt_locked(j, h.stop, h.signal);
    take_chunk(j, &lo, &hi);
    pthread_mutex_unlock(&j->mu);
    range[0] = lo, range[1] = hi;
    if (lo == hi) gone[from] = 1, (*active)--;
    return pb_world_send(from, TAG_WORK, range, sizeof range);
}

typedef struct manager_arg {
    job *j;
    int rc;
} manager_arg;

/* Rank 0's manager thread: serves the other ranks until every one of them and rank
 * 0's own counting are done, halting the world on a signal or a stopped subtree. */
static void *manager(void *arg)
{
    manager_arg *ma = arg;
    job *j = ma->j;
    int active = j->w->size - 1, told = 0;
    unsigned char *gone = calloc((size_t)j->w->size, 1);
    double nap = 20e-6;
    if (!gone) return ma->rc = -1, NULL;
    for (;;) {
        pthread_mutex_lock(&j->mu);
        if (pb_interrupted) halt_locked(j, PB_INTERRUPTED, pb_interrupted);
        /* The world's clock is rank 0's: a rank that joined late stops with it. */
        if (j->deadline > 0 && pb_now_s() >= j->deadline) halt_locked(j, PB_LIMIT, 0);
        int halted = j->halted, own_done = j->own_done;
        pthread_mutex_unlock(&j->mu);
        if (halted && !told) { /* once: the ranks still counting stop */
            halt_msg hm = {j->halt_status, j->halt_signal};
            for (int r = 1; r < j->w->size; r++)
                if (!gone[r]) pb_world_send(r, TAG_HALT, &hm, sizeof hm);
            told = 1;
        }
        if (!active && own_done) break;
        if (!pb_world_probe(-1, -1)) {
            sleep_s(nap);
            nap = nap * 2 > 1e-3 ? 1e-3 : nap * 2;
            continue;
        }
        nap = 20e-6;
        int from, tag;
        void *buf;
        size_t len;
        if (pb_world_recv(-1, -1, &from, &tag, &buf, &len) ||
            serve(j, from, tag, buf, len, &active, gone)) {
            free(buf);
            ma->rc = -1;
            break;
        }
        free(buf);
    }
    free(gone);
    return NULL;
}

static int run_root(job *j)
{
    manager_arg ma = {j, 0};
    pthread_t mgr;
    if (j->steps) j->steps = &j->global;
    piece *mine = malloc(j->pre.count * sizeof *mine + 1);
    if (!mine || pb_thread_start(&mgr, manager, &ma)) return free(mine), -1;
    for (;;) {
        size_t lo, hi, n;
        pthread_mutex_lock(&j->mu);
        take_chunk(j, &lo, &hi);
        pthread_mutex_unlock(&j->mu);
        if (lo == hi) break;
        pb_status st = count_chunk(j, lo, hi, mine, &n);
        pthread_mutex_lock(&j->mu);
        record(j, mine, n);
        if (st != PB_DONE) halt_locked(j, st, pb_interrupted);
        pthread_mutex_unlock(&j->mu);
        if (st != PB_DONE) break;
    }
    pthread_mutex_lock(&j->mu);
    j->own_done = 1;
    pthread_mutex_unlock(&j->mu);
    pthread_join(mgr, NULL);
    free(mine);
    return ma.rc;
}

/* Rank 0: the world's result, the subtrees summed in path order. */
static void sum_up(const job *j, pb_outcome *o)
{
    o->ran = 1;
    o->stats = j->pre.top;
    o->status = PB_DONE;
    int missing = 0;
    for (size_t i = 0; i < j->pre.count; i++) {
        const piece *p = &j->done[i];
        if (!p->ran) {
            missing = 1;
            continue;
        }
        pb_stats_add(&o->stats, &p->stats);
        if (p->status != PB_DONE && o->status == PB_DONE) o->status = p->status;
    }
    /* A halted world reports why it halted, whatever its subtrees then said. */
    if (j->halted)
        o->status = j->halt_status;
    else if (missing && o->status == PB_DONE)
        o->status = PB_INTERRUPTED;
}

int pb_count_mpi_applies(const pb_batch *b)
{
    const pb_world *w = pb_world_get();
    return w->size > 1 && w->thread_level >= 3 /* MPI_THREAD_MULTIPLE in Open MPI */ &&
           b->set->count == 1 && b->set->puzzle[0].model && b->how.mode == PB_MODE_COUNT &&
           !b->how.trace && !b->how.limits.max_solutions && pb_search_splits(b->engine);
}

/* Rank 0 lists the paths and sends them, with the time left, to every rank. */
static int share_paths(job *j, double t0)
{
    struct {
        uint64_t count;
        int32_t depth, status;
        double seconds_left;
        pb_stats top;
    } head = {0};
    if (j->w->rank == 0) {
        pb_run how = j->b->how;
        how.threads = 1;
        how.limits.cancel = &pb_interrupted;
        /* The shallowest split with enough paths for every rank to take many
         * chunks: each path's subtree costs a setup, and deeper lists cost more. */
        for (int d = 1;; d++) {
            pb_prefixes_free(&j->pre);
            pb_search_prefixes(j->b->engine, j->m, &how, d, &j->pre);
            if (j->pre.status != PB_DONE || j->pre.depth < d ||
                j->pre.count >= PATHS_PER_RANK * (size_t)j->w->size)
                break;
        }
        head.count = j->pre.count, head.depth = j->pre.depth, head.status = j->pre.status;
        head.top = j->pre.top;
        head.seconds_left =
            how.limits.max_seconds > 0 ? how.limits.max_seconds - (pb_now_s() - t0) : 0;
    }
    if (pb_world_bcast(&head, sizeof head, 0)) return -1;
    if (j->w->rank) {
        j->pre.count = head.count, j->pre.depth = head.depth, j->pre.status = head.status;
        j->pre.top = head.top;
        j->pre.values = malloc(head.count * (size_t)head.depth * sizeof(int) + 1);
        if (!j->pre.values) pb_world_abort(PB_EXIT_FAILED);
    }
    if (head.status == PB_DONE &&
        pb_world_bcast(j->pre.values, head.count * (size_t)head.depth * sizeof(int), 0))
        return -1;
    /* Rank 0's deadline is the one that counts (its manager halts the world there);
     * the others' own, no earlier than it, only backs it up. A listing that reached
     * the deadline stopped as PB_LIMIT. */
    if (j->b->how.limits.max_seconds > 0)
        j->deadline = j->w->rank ? pb_now_s() + (head.seconds_left > 0 ? head.seconds_left : 1e-9)
                                 : t0 + j->b->how.limits.max_seconds;
    return 0;
}

int pb_count_mpi_run(const pb_batch *b, pb_batch_result *r)
{
    const double t0 = pb_now_s();
    memset(r, 0, sizeof *r);
    r->puzzle = calloc(2, sizeof *r->puzzle);
    r->solution_at = calloc(2, sizeof *r->solution_at);
    job *j = calloc(1, sizeof *j);
    if (!r->puzzle || !r->solution_at || !j) pb_world_abort(PB_EXIT_FAILED);
    j->b = b;
    j->m = b->set->puzzle[0].model;
    j->w = pb_world_get();
    pthread_mutex_init(&j->mu, NULL);
    int rc = share_paths(j, t0);
    if (!rc && j->pre.status == PB_DONE) {
        if (b->how.limits.max_steps) {
            j->steps = &j->local;
            /* The levels above the split spent their steps from the same budget. */
            pb_step_pool_init(&j->global, b->how.limits.max_steps, j->w->size);
            j->global.taken = j->pre.top.steps;
        }
        if (j->w->rank == 0) {
            j->done = calloc(j->pre.count + 1, sizeof *j->done);
            rc = j->done ? run_root(j) : -1;
        } else {
            rc = run_worker(j);
        }
    }
    if (rc) {
        pb_say("count: rank %d: MPI failed or out of memory", j->w->rank);
        pb_world_abort(PB_EXIT_FAILED);
    }
    /* Every rank learns the result (and the signal that stopped it, if any). */
    struct {
        pb_outcome o;
        int32_t signal;
    } res = {0};
    if (j->w->rank == 0) {
        if (j->pre.status != PB_DONE) {
            res.o = (pb_outcome){.ran = 1, .status = j->pre.status, .stats = j->pre.top};
        } else {
            sum_up(j, &res.o);
        }
        res.signal = pb_interrupted ? pb_interrupted : j->halted ? j->halt_signal : 0;
        res.o.stats.wall_s = pb_now_s() - t0;
    }
    if (pb_world_bcast(&res, sizeof res, 0)) pb_world_abort(PB_EXIT_FAILED);
    if (res.o.status == PB_INTERRUPTED && !pb_interrupted)
        pb_interrupted = res.signal ? res.signal : SIGINT;
    r->puzzle[0] = res.o;
    r->total = res.o.stats;
    r->status = res.o.status;
    r->finished = res.o.status == PB_DONE;
    r->elapsed_s = res.o.stats.wall_s;
    pb_prefixes_free(&j->pre);
    free(j->done);
    pthread_mutex_destroy(&j->mu);
    free(j);
    return 0;
}
