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

#include "harness/base/exit.h"
#include "harness/base/say.h"
#include "harness/measure/bind.h"
#include "harness/mpi/world.h"
#include "sweep_world.h"

/* Message tags (any number MPI allows; these name the sweep's messages). */
enum {
    TAG_HELLO = 1501, /* worker -> 0: its .meta line */
    TAG_JOB,          /* 0 -> worker: a run's index (long) */
    TAG_ROW,          /* worker -> 0: a finished run (row_msg) */
    TAG_HALT,         /* 0 -> worker: a signal stopped the sweep; the signal (int) */
    TAG_STOP,         /* 0 -> worker: the sweep is over; empty */
};

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

/* The .meta line of this rank: "rank.R=host H, cores N, bind B" (malloc'd, or NULL). */
static char *world_line(const pb_sweep_exec *e)
{
    const pb_world *w = pb_world_get();
    hwloc_topology_t topo;
    int cores = 0, pus = 0;
    char bind[64], line[600];
    int workers;
    if (!pb_topology_load(&topo)) {
        cores = pb_topology_count(topo, HWLOC_OBJ_CORE);
        pus = pb_topology_count(topo, HWLOC_OBJ_PU);
        hwloc_topology_destroy(topo);
    }
    pb_sweep_exec_describe(e, bind, sizeof bind, &workers);
    snprintf(line, sizeof line, "rank.%d=host %s, cores %d, pus %d, bind %s, runs at once %d",
             w->rank, w->host, cores, pus, bind, workers);
    return strdup(line);
}

/* ---- rank 0 ---- */

/* The lines gathered so far, freed. NULL. */
static char **drop_lines(char **lines, int n)
{
    for (int k = 0; k < n; k++) free(lines[k]);
    free(lines);
    return NULL;
}

char **pb_sweep_world_gather(const pb_sweep_exec *e)
{
    const int size = pb_world_get()->size;
    char **lines = calloc((size_t)size + 2, sizeof *lines);
    if (!lines) return NULL;
    char ranks[40];
    snprintf(ranks, sizeof ranks, "ranks=%d", size);
    if (!(lines[0] = strdup(ranks)) || !(lines[1] = world_line(e)))
        return drop_lines(lines, size + 1);
    for (int k = 1; k < size; k++) {
        void *buf;
        size_t len;
        int from;
        if (pb_world_recv(-1, TAG_HELLO, &from, NULL, &buf, &len))
            return drop_lines(lines, size + 1);
        char *line = realloc(buf, len + 1);
        if (!line) return free(buf), drop_lines(lines, size + 1);
        line[len] = '\0';
        lines[1 + from] = line; /* rank order, whatever the arrival order */
    }
    return lines;
}

void pb_sweep_world_stop(void)
{
    for (int r = 1; r < pb_world_get()->size; r++) pb_world_send(r, TAG_STOP, NULL, 0);
}

typedef struct manager {
    pb_sweep_exec *e;
    pb_sweep_writer *w;
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

/* The runs whose rows are not in the files yet, largest expected first. */
static int make_order(manager *m)
{
    const long runs = pb_sweep_exec_runs(m->e);
    m->order = calloc((size_t)runs + 1, sizeof *m->order);
    if (!m->order) return -1;
    m->norder = pb_sweep_exec_todo(m->e, m->order);
    return m->norder < 0 ? -1 : 0;
}

/* Hands rank r its next run, or nothing once the runs are out or the sweep stops. */
static void hand_out(manager *m, int r)
{
    long i = -1;
    if (!pb_interrupted && !pb_sweep_write_failed(m->w) && m->next < m->norder)
        i = m->order[m->next++];
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
    pb_sweep_exec_finished(m->e, m->w, i, r != 0);
    m->busy--;
    hand_out(m, r);
}

/* A row from another rank: its bytes, its names set from this rank's matrix. */
static void take_row(manager *m, int from, const pb_sweep_outcome *msg)
{
    if (msg->i < 0 || msg->i >= pb_sweep_exec_runs(m->e) || m->running[from] != msg->i) {
        pb_say("sweep: rank %d sent a row of run %ld, not of its run %ld", from, msg->i,
               m->running[from]);
        pb_world_abort(PB_EXIT_USAGE);
    }
    pb_sweep_exec_accept(m->e, msg);
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
            if (pb_world_recv(-1, TAG_ROW, &from, NULL, &buf, &len) ||
                len != sizeof(pb_sweep_outcome)) {
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
int pb_sweep_world_run(pb_sweep_exec *e, pb_sweep_writer *w)
{
    manager m = {.e = e, .w = w, .size = pb_world_get()->size, .local_job = -1, .local_done = -1};
    pthread_t t;
    int rc = 0;
    pb_world_follow_launcher();
    m.running = calloc((size_t)m.size, sizeof *m.running);
    if (!m.running || make_order(&m)) {
        pb_say("sweep: out of memory");
        rc = -1;
        goto out;
    }
    pthread_mutex_init(&m.mu, NULL);
    pthread_cond_init(&m.cv, NULL);
    pb_sweep_exec_progress_begin(e, m.norder);
    pb_sweep_exec_bind(e);
    if (pb_thread_start(&t, manage, &m)) {
        pb_say("sweep: cannot start the manager thread");
        rc = -1;
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
        pb_sweep_exec_measure(e, i, NULL);
        pthread_mutex_lock(&m.mu);
        m.local_done = i;
        pthread_mutex_unlock(&m.mu);
    }
    pthread_join(t, NULL);
    pb_sweep_exec_progress_end(e);
    pthread_cond_destroy(&m.cv);
    pthread_mutex_destroy(&m.mu);
out:
    free(m.order);
    free(m.running);
    return rc;
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

int pb_sweep_world_work(pb_sweep_exec *e)
{
    volatile int end = 0;
    pthread_t listener;
    int listening = 0, rc = 0;
    pb_install_interrupt_handler();
    pb_world_follow_launcher();
    pb_sweep_exec_bind(e);
    char *line = world_line(e);
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
        pb_sweep_outcome msg;
        long i;
        memset(&msg, 0, sizeof msg);
        if (len != sizeof i) pb_world_abort(PB_EXIT_USAGE);
        memcpy(&i, buf, sizeof i);
        free(buf);
        if (i < 0 || i >= pb_sweep_exec_runs(e)) pb_world_abort(PB_EXIT_USAGE);
        pb_sweep_exec_measure(e, i, &msg);
        if (pb_world_send(0, TAG_ROW, &msg, sizeof msg)) {
            rc = PB_EXIT_USAGE;
            break;
        }
    }
    end = 1;
    if (listening) pthread_join(listener, NULL);
    if (rc) return rc;
    return pb_interrupted ? pb_interrupt_exit() : pb_sweep_exec_failed(e) ? PB_EXIT_FAILED : 0;
}
