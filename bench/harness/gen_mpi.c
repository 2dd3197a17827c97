/* gen_mpi.c — a generator's indices spread over the MPI world (gen_mpi.h). Every
 * message of another rank to rank 0 both hands in its last item (if any) and asks
 * for the next index; rank 0 answers with an index, or -1 when there is nothing more
 * to make. Rank 0 polls for these messages between the items it makes itself, so it
 * needs no thread, and sleeps a little when it has nothing to make. */
#include "gen_mpi.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "exit.h"
#include "world.h"

/* Message tags of generation (a range no other command's messages use). */
enum { TAG_GEN_WANT = 1601, TAG_GEN_INDEX };

/* Heads a WANT message; the record's bytes follow. */
typedef struct want_head {
    int32_t index;  /* the item handed in; -1: none (the first message) */
    int32_t made;   /* make's answer for it */
    int32_t signal; /* the signal the sender got, or 0 */
    int32_t pad;
} want_head;

static void nap(void)
{
    struct timespec ts = {0, 200000};
    nanosleep(&ts, NULL);
}

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

static int root(const pb_gen_mpi *g)
{
    const int size = pb_world_get()->size;
    int next = g->from, active = size - 1, rc = 0;
    while (active > 0 || (next < g->count && !g->stopped(g->ctx) && !pb_interrupted && !rc)) {
        const int open = next < g->count && !g->stopped(g->ctx) && !pb_interrupted && !rc;
        if (pb_world_probe(-1, TAG_GEN_WANT)) {
            int from;
            void *buf;
            size_t len;
            if (pb_world_recv(-1, TAG_GEN_WANT, &from, NULL, &buf, &len) || len < sizeof(want_head))
                return free(buf), -1;
            want_head h;
            memcpy(&h, buf, sizeof h);
            if (h.signal && !pb_interrupted) pb_interrupted = h.signal;
            if (h.index >= 0)
                g->take(g->ctx, h.index, h.made, (char *)buf + sizeof h, len - sizeof h);
            free(buf);
            int32_t give = -1;
            if (next < g->count && !g->stopped(g->ctx) && !pb_interrupted && !rc) give = next++;
            if (give < 0) active--;
            if (pb_world_send(from, TAG_GEN_INDEX, &give, sizeof give)) return -1;
        } else if (open) { /* nobody waiting: rank 0 makes one itself */
            int i = next++;
            void *rec = NULL;
            size_t len = 0;
            int made = g->make(g->ctx, i, &rec, &len);
            if (made < 0)
                rc = -1;
            else
                g->take(g->ctx, i, made, rec, len);
            free(rec);
        } else {
            nap();
        }
    }
    return rc;
}

int pb_gen_mpi_run(const pb_gen_mpi *g)
{
    return pb_world_get()->rank ? worker(g) : root(g);
}
