/* sweep_world.c — a sweep over the ranks of an MPI world (`mpirun -np N puzzlebench
 * sweep FILE`). Every rank expands the same matrix; rank 0 hands the runs out one at
 * a time, the largest expected first (more cells, then count before first), to the
 * first rank that is free, itself included: a thread of rank 0 is the manager while
 * its main thread measures runs like any other rank. Each rank measures a run whole
 * (first run, calibration, samples, by the one timing method) and sends rank 0 the
 * finished row with its samples; rank 0 appends it to the files as it comes, with the
 * writer of the one-process sweep (sweep_out.h), so --resume and --force work as
 * there. A signal to any rank stops the sweep: no run is handed out after it, the
 * rows finished are kept, and rank 0 ends the files as interrupted. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "harness/measure/bind.h"
#include "harness/base/exit.h"
#include "harness/sweep/sweep_ctx.h"
#include "world.h"
#include "harness/base/say.h"

/* Message tags (any number MPI allows; these name the sweep's messages). */
enum {
    TAG_HELLO = 1501, /* worker -> 0: its .meta line */
    TAG_JOB,          /* 0 -> worker: a run's index (long) */
    TAG_ROW,          /* worker -> 0: a finished run (row_msg) */
    TAG_HALT,         /* 0 -> worker: a signal stopped the sweep; the signal (int) */
    TAG_STOP,         /* 0 -> worker: the sweep is over; empty */
};

/* A finished run as sent to rank 0. The ranks run the one binary, so the row is sent
 * as its bytes; its pointers (names) are set again from rank 0's own matrix. */
typedef struct row_msg {
    long i;
    int take;        /* the row is kept (finished, all its samples taken) */
    int failed;      /* its counts varied, or memory ran out */
    int interrupted; /* the signal that stopped the worker, or 0 */
    pb_row row;
} row_msg;

static void pause_ms(long ms)
{
    const struct timespec t = {ms / 1000, (ms % 1000) * 1000000L};
    nanosleep(&t, NULL);
}

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

char *pb_sweep_world_line(const sweep_ctx *c)
{
    const pb_world *w = pb_world_get();
    hwloc_topology_t topo;
    int cores = 0, pus = 0;
    char bind[64], line[600];
    if (!pb_topology_load(&topo)) {
        cores = pb_topology_count(topo, HWLOC_OBJ_CORE);
        pus = pb_topology_count(topo, HWLOC_OBJ_PU);
        hwloc_topology_destroy(topo);
    }
    pb_binder_describe(c->binder, bind, sizeof bind);
    snprintf(line, sizeof line, "rank.%d=host %s, cores %d, pus %d, bind %s, runs at once %d",
             w->rank, w->host, cores, pus, bind, c->workers);
    return strdup(line);
}

/* A run measured whole on this rank: the first run and calibration, every sample
 * due, then the row's timing. */
static void measure(sweep_ctx *c, long i)
{
    pb_sweep_begin_job(c, i);
    while (!pb_interrupted && c->state[i].phase == JOB_SAMPLING &&
           pb_measure_wants_sample(&c->state[i].bm.m))
        pb_sweep_sample_job(c, i);
    pb_sweep_end_job(c, i);
}

/* ---- rank 0 ---- */

int pb_sweep_world_gather(sweep_ctx *c)
{
    const int size = pb_world_get()->size;
    c->world = calloc((size_t)size + 2, sizeof *c->world);
    if (!c->world) return -1;
    char ranks[40];
    snprintf(ranks, sizeof ranks, "ranks=%d", size);
    if (!(c->world[0] = strdup(ranks)) || !(c->world[1] = pb_sweep_world_line(c))) return -1;
    for (int k = 1; k < size; k++) {
        void *buf;
        size_t len;
        int from;
        if (pb_world_recv(-1, TAG_HELLO, &from, NULL, &buf, &len)) return -1;
        char *line = realloc(buf, len + 1);
        if (!line) return free(buf), -1;
        line[len] = '\0';
        c->world[1 + from] = line; /* rank order, whatever the arrival order */
    }
    return 0;
}

void pb_sweep_world_stop(sweep_ctx *c)
{
    (void)c;
    for (int r = 1; r < pb_world_get()->size; r++) pb_world_send(r, TAG_STOP, NULL, 0);
}

typedef struct manager {
    sweep_ctx *c;
    int size;
    long *order, norder, next; /* the runs to do, largest first; the next to hand out */
    long *running;             /* per rank: its run, or -1 */
    int busy;                  /* ranks with a run */
    double halt_at;            /* when a signal stopped the sweep (0: none yet) */
    /* Rank 0's own worker (its main thread): the run handed to it, the run it
     * finished (-1: none), and the end. */
    pthread_mutex_t mu;
    pthread_cond_t cv;
    long local_job, local_done;
    int local_end;
} manager;

/* How big a run is expected to be, to hand out the largest first: its cells (times
 * the puzzles of a set), then count before unique before first, then more threads. */
typedef struct size_key {
    long i;
    double cells;
    int mode, threads;
} size_key;

static int larger_first(const void *a, const void *b)
{
    const size_key *x = a, *y = b;
    if (x->cells != y->cells) return x->cells > y->cells ? -1 : 1;
    if (x->mode != y->mode) return y->mode - x->mode;
    if (x->threads != y->threads) return y->threads - x->threads;
    return x->i < y->i ? -1 : x->i > y->i;
}

/* The runs whose rows are not in the files yet, largest expected first. */
static int make_order(manager *m)
{
    const sweep_ctx *c = m->c;
    size_key *k = calloc((size_t)c->njobs + 1, sizeof *k);
    m->order = calloc((size_t)c->njobs + 1, sizeof *m->order);
    if (!k || !m->order) return free(k), -1;
    m->norder = 0;
    for (long i = 0; i < c->njobs; i++) {
        if (c->done[i]) continue;
        const job *j = &c->jobs[i];
        const pb_set set = pb_sweep_job_set(c, j);
        k[m->norder++] = (size_key){i, (double)set.puzzle[0].model->ncells * set.count,
                                    j->mode == PB_MODE_FIRST ? 0
                                    : j->unique              ? 1
                                                             : 2,
                                    j->threads};
    }
    qsort(k, (size_t)m->norder, sizeof *k, larger_first);
    for (long n = 0; n < m->norder; n++) m->order[n] = k[n].i;
    free(k);
    return 0;
}

/* Hands rank r its next run, or nothing once the runs are out or the sweep stops. */
static void hand_out(manager *m, int r)
{
    sweep_ctx *c = m->c;
    long i = -1;
    if (!pb_interrupted && !c->write_failed && m->next < m->norder) i = m->order[m->next++];
    m->running[r] = i;
    if (i < 0) return;
    m->busy++;
    if (r == 0) {
        pthread_mutex_lock(&m->mu);
        m->local_job = i;
        pthread_cond_signal(&m->cv);
        pthread_mutex_unlock(&m->mu);
    } else if (pb_world_send(r, TAG_JOB, &i, sizeof i)) {
        pb_say("sweep: rank 0 cannot reach rank %d", r);
        pb_world_abort(PB_EXIT_USAGE);
    }
}

/* A run finished on rank r: its row goes to the files, r gets the next run. */
static void finished(manager *m, int r, long i)
{
    sweep_ctx *c = m->c;
    pb_sweep_write_rows(c, i, i + 1);
    for (int k = 0; k < (r ? 1 : 0) + c->spec->timing.samples && !c->opts->quiet; k++)
        pb_progress_step(&c->progress);
    m->busy--;
    hand_out(m, r);
}

/* A row from another rank: its bytes, its names set from this rank's matrix. */
static void take_row(manager *m, int from, const row_msg *msg)
{
    sweep_ctx *c = m->c;
    if (msg->i < 0 || msg->i >= c->njobs || m->running[from] != msg->i) {
        pb_say("sweep: rank %d sent a row of run %ld, not of its run %ld", from, msg->i,
               m->running[from]);
        pb_world_abort(PB_EXIT_USAGE);
    }
    const job *j = &c->jobs[msg->i];
    pb_row *r = &c->rows[msg->i];
    *r = msg->row;
    r->family = c->fam->name;
    r->engine = j->engine->about.name;
    r->order = j->engine->about.caps & PB_CAP_ORDER ? j->order->name : "-";
    r->mode = pb_sweep_mode_name(j);
    pb_sweep_job_setting(c, j, r->params, sizeof r->params, r->engine_seed, sizeof r->engine_seed);
    r->row = msg->i;
    c->take[msg->i] = (unsigned char)msg->take;
    if (msg->failed) c->failed = 1;
    /* A signal to any rank stops the whole sweep. */
    if (msg->interrupted && !pb_interrupted) pb_interrupted = msg->interrupted;
    finished(m, from, msg->i);
}

/* After a signal: each rank still running is told, so that its run stops now. */
static void halt_all(manager *m)
{
    const int sig = (int)pb_interrupted;
    for (int r = 1; r < m->size; r++)
        if (m->running[r] >= 0) pb_world_send(r, TAG_HALT, &sig, sizeof sig);
}

/* The manager's thread: hands out runs and takes the rows until every run is done,
 * or, after a signal, every rank stopped (or 10 s passed: a rank that was killed
 * never answers). */
static void *manage(void *arg)
{
    manager *m = arg;
    for (int r = 0; r < m->size; r++) hand_out(m, r);
    while (m->busy > 0) {
        int idle = 1;
        if (pb_world_probe(-1, TAG_ROW)) {
            void *buf;
            size_t len;
            int from;
            if (pb_world_recv(-1, TAG_ROW, &from, NULL, &buf, &len) || len != sizeof(row_msg)) {
                pb_say("sweep: a row from another rank was lost");
                pb_world_abort(PB_EXIT_USAGE);
            }
            take_row(m, from, buf);
            free(buf);
            idle = 0;
        }
        pthread_mutex_lock(&m->mu);
        const long done = m->local_done;
        m->local_done = -1;
        pthread_mutex_unlock(&m->mu);
        if (done >= 0) finished(m, 0, done), idle = 0;
        if (pb_interrupted && !m->halt_at) {
            m->halt_at = now_s();
            halt_all(m);
        }
        if (m->halt_at && now_s() - m->halt_at > 10) break;
        if (idle) pause_ms(1);
    }
    pthread_mutex_lock(&m->mu);
    m->local_end = 1;
    pthread_cond_signal(&m->cv);
    pthread_mutex_unlock(&m->mu);
    return NULL;
}

/* Only the manager thread calls MPI while the runs go on (MPI_THREAD_SERIALIZED
 * would do for rank 0; the other ranks' listener needs MPI_THREAD_MULTIPLE). */
void pb_sweep_world_run(sweep_ctx *c)
{
    manager m = {.c = c, .size = pb_world_get()->size, .local_job = -1, .local_done = -1};
    pthread_t t;
    pb_world_follow_launcher();
    m.running = calloc((size_t)m.size, sizeof *m.running);
    if (!m.running || make_order(&m)) {
        pb_say("sweep: out of memory");
        c->write_failed = 1;
        goto out;
    }
    pthread_mutex_init(&m.mu, NULL);
    pthread_cond_init(&m.cv, NULL);
    if (!c->opts->quiet) {
        pb_progress_start(&c->progress, c->spec->name,
                          m.norder * (1 + (long)c->spec->timing.samples));
        pb_progress_note(&c->progress, c->earlier);
    }
    pb_binder_bind_thread(c->binder, 0);
    if (pb_thread_start(&t, manage, &m)) {
        pb_say("sweep: cannot start the manager thread");
        c->write_failed = 1;
        goto out;
    }
    /* This thread is rank 0's worker: it measures what the manager hands it. */
    for (;;) {
        pthread_mutex_lock(&m.mu);
        while (m.local_job < 0 && !m.local_end) pthread_cond_wait(&m.cv, &m.mu);
        const long i = m.local_job;
        m.local_job = -1;
        pthread_mutex_unlock(&m.mu);
        if (i < 0) break;
        measure(c, i);
        pthread_mutex_lock(&m.mu);
        m.local_done = i;
        pthread_mutex_unlock(&m.mu);
    }
    pthread_join(t, NULL);
    if (!c->opts->quiet) pb_progress_end(&c->progress);
    pthread_cond_destroy(&m.cv);
    pthread_mutex_destroy(&m.mu);
out:
    free(m.order);
    free(m.running);
}

/* ---- the other ranks ---- */

/* A worker's listener: a halt from rank 0 stops the run in progress at once. */
static void *listen_halt(void *arg)
{
    volatile int *end = arg;
    while (!*end) {
        if (pb_world_probe(0, TAG_HALT)) {
            void *buf;
            size_t len;
            int sig = SIGTERM;
            if (!pb_world_recv(0, TAG_HALT, NULL, NULL, &buf, &len) && len == sizeof sig)
                memcpy(&sig, buf, sizeof sig);
            free(buf);
            if (!pb_interrupted) pb_interrupted = sig;
        }
        pause_ms(5);
    }
    return NULL;
}

int pb_sweep_world_work(sweep_ctx *c)
{
    volatile int end = 0;
    pthread_t listener;
    int listening = 0, rc = 0;
    pb_install_interrupt_handler();
    pb_world_follow_launcher();
    pb_binder_bind_thread(c->binder, 0);
    char *line = pb_sweep_world_line(c);
    if (!line || pb_world_send(0, TAG_HELLO, line, strlen(line))) {
        pb_say("sweep: rank %d cannot reach rank 0", pb_world_get()->rank);
        pb_world_abort(PB_EXIT_USAGE);
    }
    free(line);
    /* The listener calls MPI beside this thread: only where MPI allows that. */
    listening =
        pb_world_thread_multiple() && !pb_thread_start(&listener, listen_halt, (void *)&end);
    for (;;) {
        /* Waiting sleeps between looks: a rank that waits leaves the cores to those
         * that measure. */
        int stop = 0, job = 0;
        while (!(stop = pb_world_probe(0, TAG_STOP)) && !(job = pb_world_probe(0, TAG_JOB)))
            pause_ms(1);
        void *buf;
        size_t len;
        if (pb_world_recv(0, job ? TAG_JOB : TAG_STOP, NULL, NULL, &buf, &len)) {
            rc = PB_EXIT_USAGE;
            break;
        }
        if (!job) {
            free(buf);
            break;
        }
        row_msg msg;
        memset(&msg, 0, sizeof msg);
        if (len != sizeof msg.i) pb_world_abort(PB_EXIT_USAGE);
        memcpy(&msg.i, buf, sizeof msg.i);
        free(buf);
        if (msg.i < 0 || msg.i >= c->njobs) pb_world_abort(PB_EXIT_USAGE);
        measure(c, msg.i);
        msg.take = c->take[msg.i];
        msg.failed = c->state[msg.i].phase == JOB_LEFT_OUT;
        msg.interrupted = (int)pb_interrupted;
        msg.row = c->rows[msg.i];
        if (pb_world_send(0, TAG_ROW, &msg, sizeof msg)) {
            rc = PB_EXIT_USAGE;
            break;
        }
    }
    end = 1;
    if (listening) pthread_join(listener, NULL);
    if (rc) return rc;
    return pb_interrupted ? pb_interrupt_exit() : c->failed ? PB_EXIT_FAILED : 0;
}
