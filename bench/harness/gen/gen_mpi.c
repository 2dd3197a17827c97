/* gen_mpi.c — a generator's indices spread over the MPI world (gen_mpi.h). Every
 * message of another rank to rank 0 both hands in its last item (if any) and asks
 * for the next index; rank 0 answers with an index, or -1 when there is nothing more
 * to make. On rank 0 a server thread answers (sleeping between probes, at most 1 ms,
 * rather than spinning on a core that makes items) while the main thread makes
 * items too; both hand out indices and write (take) under one mutex. */
#include "gen_mpi.h"

#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "harness/base/exit.h"
#include "harness/mpi/world.h"

/* Message tags of generation (a range no other command's messages use). */
enum { TAG_GEN_WANT = 1601, TAG_GEN_INDEX };

/* Heads a WANT message; the record's bytes follow. */
typedef struct want_head {
    int32_t index;  /* the item handed in; -1: none (the first message) */
    int32_t made;   /* make's answer for it */
    int32_t signal; /* the signal the sender got, or 0 */
    int32_t pad;
} want_head;

static int worker(const pb_gen_mpi *g)
{
    want_head h = {-1, 0, 0, 0};
    void *rec = NULL;
    size_t len = 0;
    for (;;) {
        h.signal = pb_interrupted;
        char *msg = malloc(sizeof h + len + 1);
        if (!msg) return free(rec), -1;
        memcpy(msg, &h, sizeof h);
        if (len) memcpy(msg + sizeof h, rec, len);
        free(rec);
        rec = NULL;
        int bad = pb_world_send(0, TAG_GEN_WANT, msg, sizeof h + len);
        free(msg);
        void *buf;
        size_t blen;
        int32_t next = -1;
        if (bad || pb_world_recv(0, TAG_GEN_INDEX, NULL, NULL, &buf, &blen)) return -1;
        if (blen == sizeof next) memcpy(&next, buf, sizeof next);
        free(buf);
        if (next < 0) return 0;
        len = 0;
        h.index = next;
        h.made = g->make(g->ctx, next, &rec, &len);
        if (h.made < 0) return -1;
    }
}

/* Rank 0's state, shared by its main thread (which makes items) and its server
 * thread (which answers the other ranks), under mu. */
typedef struct root_state {
    const pb_gen_mpi *g;
    pthread_mutex_t mu;
    int next;     /* the next index to hand out */
    int failed;   /* MPI failed or out of memory */
    int own_done; /* the main thread made its last item */
} root_state;

/* Under mu: the next index to make, or -1 when nothing more is to be made. */
static int next_index(root_state *st)
{
    const pb_gen_mpi *g = st->g;
    if (st->failed || pb_interrupted || st->next >= g->count || g->stopped(g->ctx)) return -1;
    return st->next++;
}

/* The server thread: answers every other rank until each has been told -1. */
static void *serve(void *arg)
{
    root_state *st = arg;
    int active = pb_world_get()->size - 1;
    double nap_s = 20e-6;
    while (active > 0) {
        if (!pb_world_probe(-1, TAG_GEN_WANT)) {
            struct timespec ts = {0, (long)(nap_s * 1e9)};
            nanosleep(&ts, NULL);
            nap_s = nap_s * 2 > 1e-3 ? 1e-3 : nap_s * 2;
            continue;
        }
        nap_s = 20e-6;
        int from;
        void *buf;
        size_t len;
        want_head h;
        if (pb_world_recv(-1, TAG_GEN_WANT, &from, NULL, &buf, &len) || len < sizeof h) {
            free(buf);
            pthread_mutex_lock(&st->mu);
            st->failed = 1;
            pthread_mutex_unlock(&st->mu);
            return NULL;
        }
        memcpy(&h, buf, sizeof h);
        pthread_mutex_lock(&st->mu);
        if (h.signal && !pb_interrupted) pb_interrupted = h.signal;
        if (h.index >= 0)
            st->g->take(st->g->ctx, h.index, h.made, (char *)buf + sizeof h, len - sizeof h);
        int32_t give = next_index(st);
        pthread_mutex_unlock(&st->mu);
        free(buf);
        if (give < 0) active--;
        if (pb_world_send(from, TAG_GEN_INDEX, &give, sizeof give)) {
            pthread_mutex_lock(&st->mu);
            st->failed = 1;
            pthread_mutex_unlock(&st->mu);
            return NULL;
        }
    }
    return NULL;
}

/* Rank 0: a server thread answers the other ranks while this thread makes items
 * too, so a rank that asks never waits for an item rank 0 is making. */
static int root(const pb_gen_mpi *g)
{
    root_state st = {.g = g, .next = g->from};
    pthread_t server;
    pthread_mutex_init(&st.mu, NULL);
    if (pb_thread_start(&server, serve, &st)) return pthread_mutex_destroy(&st.mu), -1;
    for (;;) {
        pthread_mutex_lock(&st.mu);
        int i = next_index(&st);
        pthread_mutex_unlock(&st.mu);
        if (i < 0) break;
        void *rec = NULL;
        size_t len = 0;
        int made = g->make(g->ctx, i, &rec, &len);
        pthread_mutex_lock(&st.mu);
        if (made < 0)
            st.failed = 1;
        else
            g->take(g->ctx, i, made, rec, len);
        pthread_mutex_unlock(&st.mu);
        free(rec);
    }
    pthread_join(server, NULL);
    pthread_mutex_destroy(&st.mu);
    return st.failed ? -1 : 0;
}

int pb_gen_mpi_run(const pb_gen_mpi *g)
{
    return pb_world_get()->rank ? worker(g) : root(g);
}
