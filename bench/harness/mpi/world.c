/* world.c — the MPI world the harness runs in (world.h): MPI_COMM_WORLD when an MPI
 * launcher started the process, else a world of one rank that makes no MPI call. The
 * one piece of process-wide state in the harness: MPI itself is process-wide. */
#include "world.h"
#include "harness/base/exit.h"
#include "harness/base/say.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#ifdef PB_HAVE_MPI
#include <pthread.h>
#include <stdint.h>
#include <time.h>
#endif

#ifdef PB_HAVE_MPI
#include <mpi.h>
#endif

static pb_world world = {.rank = 0, .size = 1};

/* The launchers' environment: Open MPI's mpirun, PMIx (srun, mpirun), and PMI-1/2
 * (MPICH, srun --mpi=pmi2). */
static int started_by_launcher(void)
{
    static const char *const vars[] = {"OMPI_COMM_WORLD_SIZE", "PMIX_RANK", "PMI_RANK", "PMI_SIZE",
                                       NULL};
    for (int i = 0; vars[i]; i++)
        if (getenv(vars[i])) return 1;
    return 0;
}

int pb_world_init(int *argc, char ***argv)
{
    if (gethostname(world.host, sizeof world.host - 1)) strcpy(world.host, "unknown");
#ifdef PB_HAVE_MPI
    if (!started_by_launcher()) return 0;
    int provided = 0;
    if (MPI_Init_thread(argc, argv, MPI_THREAD_MULTIPLE, &provided) != MPI_SUCCESS) {
        pb_say("MPI failed to start");
        return -1;
    }
    world.mpi = 1;
    world.thread_level = provided;
    MPI_Comm_rank(MPI_COMM_WORLD, &world.rank);
    MPI_Comm_size(MPI_COMM_WORLD, &world.size);
    /* Errors come back as codes, so a rank can say what failed before it aborts. */
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
#else
    (void)argc, (void)argv;
    (void)started_by_launcher;
#endif
    return 0;
}

const pb_world *pb_world_get(void)
{
    return &world;
}

void pb_world_finalize(void)
{
#ifdef PB_HAVE_MPI
    if (world.mpi) MPI_Finalize();
    world.mpi = 0;
#endif
}

void pb_world_abort(int status)
{
#ifdef PB_HAVE_MPI
    if (world.mpi) MPI_Abort(MPI_COMM_WORLD, status);
#endif
    exit(status);
}

int pb_world_built_with_mpi(const char **what)
{
#ifdef PB_HAVE_MPI
    static char version[MPI_MAX_LIBRARY_VERSION_STRING];
    int len = 0;
    MPI_Get_library_version(version, &len);
    version[strcspn(version, ",\n")] = '\0'; /* the first part: "Open MPI v4.1.4" */
    *what = version;
    return 1;
#else
    *what = "not built with MPI (no MPI found at configure time: Debian libopenmpi-dev)";
    return 0;
#endif
}

int pb_world_send(int dest, int tag, const void *buf, size_t len)
{
#ifdef PB_HAVE_MPI
    if (!world.mpi || len > (size_t)0x7fffffff) return -1;
    return MPI_Send(buf, (int)len, MPI_BYTE, dest, tag, MPI_COMM_WORLD) == MPI_SUCCESS ? 0 : -1;
#else
    (void)dest, (void)tag, (void)buf, (void)len;
    return -1;
#endif
}

int pb_world_recv(int source, int tag, int *from, int *tag_out, void **buf, size_t *len)
{
    *buf = NULL, *len = 0;
#ifdef PB_HAVE_MPI
    if (!world.mpi) return -1;
    MPI_Status st;
    int n = 0;
    if (MPI_Probe(source < 0 ? MPI_ANY_SOURCE : source, tag < 0 ? MPI_ANY_TAG : tag, MPI_COMM_WORLD,
                  &st) != MPI_SUCCESS ||
        MPI_Get_count(&st, MPI_BYTE, &n) != MPI_SUCCESS)
        return -1;
    if (n > 0 && !(*buf = malloc((size_t)n))) return -1;
    if (MPI_Recv(*buf, n, MPI_BYTE, st.MPI_SOURCE, st.MPI_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE) !=
        MPI_SUCCESS) {
        free(*buf);
        *buf = NULL;
        return -1;
    }
    *len = (size_t)n;
    if (from) *from = st.MPI_SOURCE;
    if (tag_out) *tag_out = st.MPI_TAG;
    return 0;
#else
    (void)source, (void)tag, (void)from, (void)tag_out;
    return -1;
#endif
}

int pb_world_probe(int source, int tag)
{
#ifdef PB_HAVE_MPI
    int flag = 0;
    if (!world.mpi) return 0;
    MPI_Iprobe(source < 0 ? MPI_ANY_SOURCE : source, tag < 0 ? MPI_ANY_TAG : tag, MPI_COMM_WORLD,
               &flag, MPI_STATUS_IGNORE);
    return flag;
#else
    (void)source, (void)tag;
    return 0;
#endif
}

void pb_world_barrier(void)
{
#ifdef PB_HAVE_MPI
    if (world.mpi) MPI_Barrier(MPI_COMM_WORLD);
#endif
}

/* ---- where a rank runs: its machine, its launcher, its threads ---- */

void pb_world_node(int *local_rank, int *local_size)
{
    *local_rank = 0, *local_size = 1;
#ifdef PB_HAVE_MPI
    MPI_Comm node;
    if (!world.mpi || MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL,
                                          &node) != MPI_SUCCESS)
        return;
    MPI_Comm_rank(node, local_rank);
    MPI_Comm_size(node, local_size);
    MPI_Comm_free(&node);
#endif
}

#ifdef PB_HAVE_MPI
/* Polls the parent process: once it changes, the launcher is gone. */
static void *watch_launcher(void *arg)
{
    const pid_t parent = (pid_t)(intptr_t)arg;
    const struct timespec tick = {0, 100 * 1000 * 1000};
    while (getppid() == parent) nanosleep(&tick, NULL);
    _exit(137);
    return NULL;
}
#endif

void pb_world_follow_launcher(void)
{
#ifdef PB_HAVE_MPI
    static int started;
    pthread_t t;
    if (!world.mpi || started) return;
    if (!pb_thread_start(&t, watch_launcher, (void *)(intptr_t)getppid())) {
        pthread_detach(t);
        started = 1;
    }
#endif
}

int pb_world_thread_multiple(void)
{
#ifdef PB_HAVE_MPI
    return world.mpi && world.thread_level >= MPI_THREAD_MULTIPLE;
#else
    return 0;
#endif
}

/* ---- collectives ---- */

int pb_world_allreduce_u64(uint64_t *v, int n, pb_world_op op)
{
#ifdef PB_HAVE_MPI
    if (!world.mpi || world.size == 1) return 0;
    return MPI_Allreduce(MPI_IN_PLACE, v, n, MPI_UINT64_T, op == PB_WORLD_MAX ? MPI_MAX : MPI_SUM,
                         MPI_COMM_WORLD) == MPI_SUCCESS
               ? 0
               : -1;
#else
    (void)v, (void)n, (void)op;
    return 0;
#endif
}

int pb_world_allgather_u64(const uint64_t *mine, int n, uint64_t *all)
{
#ifdef PB_HAVE_MPI
    if (world.mpi && world.size > 1)
        return MPI_Allgather(mine, n, MPI_UINT64_T, all, n, MPI_UINT64_T, MPI_COMM_WORLD) ==
                       MPI_SUCCESS
                   ? 0
                   : -1;
#endif
    memmove(all, mine, (size_t)n * sizeof *all);
    return 0;
}

int pb_world_alltoall_u64(const uint64_t *send, uint64_t *recv)
{
#ifdef PB_HAVE_MPI
    if (world.mpi && world.size > 1)
        return MPI_Alltoall(send, 1, MPI_UINT64_T, recv, 1, MPI_UINT64_T, MPI_COMM_WORLD) ==
                       MPI_SUCCESS
                   ? 0
                   : -1;
#endif
    recv[0] = send[0];
    return 0;
}

#ifdef PB_HAVE_MPI
/* The bytes one MPI_Alltoallv may move per rank, and the most one message of the
 * pairwise exchange carries. */
static uint64_t alltoallv_max(void)
{
    const char *e = getenv("PB_WORLD_ALLTOALLV_MAX");
    long long v = e ? atoll(e) : 0;
    return v > 0 && v < 0x7fffffff ? (uint64_t)v : 0x7fffffff;
}

/* Past int counts: for k = 1 .. size - 1, send to rank + k and receive from rank - k,
 * in messages of at most `max` bytes (one pair's messages arrive in order). */
static int alltoallv_pairwise(const uint8_t *send, const uint64_t *scount, uint8_t *recv,
                              const uint64_t *rcount, uint64_t max)
{
    const int me = world.rank, n = world.size, tag = 0x7e9a;
    uint64_t soff = 0, roff = 0;
    for (int k = 0; k < me; k++) soff += scount[k], roff += rcount[k];
    if (scount[me]) memcpy(recv + roff, send + soff, scount[me]);
    for (int k = 1; k < n; k++) {
        int dst = (me + k) % n, src = (me - k + n) % n;
        uint64_t so = 0, ro = 0;
        for (int i = 0; i < dst; i++) so += scount[i];
        for (int i = 0; i < src; i++) ro += rcount[i];
        uint64_t sent = 0, got = 0;
        while (sent < scount[dst] || got < rcount[src]) {
            MPI_Request req[2];
            int nreq = 0;
            if (got < rcount[src]) {
                uint64_t len = rcount[src] - got < max ? rcount[src] - got : max;
                if (MPI_Irecv(recv + ro + got, (int)len, MPI_BYTE, src, tag, MPI_COMM_WORLD,
                              &req[nreq++]) != MPI_SUCCESS)
                    return -1;
                got += len;
            }
            if (sent < scount[dst]) {
                uint64_t len = scount[dst] - sent < max ? scount[dst] - sent : max;
                if (MPI_Isend(send + so + sent, (int)len, MPI_BYTE, dst, tag, MPI_COMM_WORLD,
                              &req[nreq++]) != MPI_SUCCESS)
                    return -1;
                sent += len;
            }
            if (MPI_Waitall(nreq, req, MPI_STATUSES_IGNORE) != MPI_SUCCESS) return -1;
        }
    }
    return 0;
}
#endif

int pb_world_alltoallv(const void *send, const uint64_t *scount, void *recv, const uint64_t *rcount)
{
#ifdef PB_HAVE_MPI
    if (world.mpi && world.size > 1) {
        const int n = world.size;
        uint64_t max = alltoallv_max(), stotal = 0, rtotal = 0;
        for (int k = 0; k < n; k++) stotal += scount[k], rtotal += rcount[k];
        /* Whether any rank is past int counts: all must take the same way. */
        uint64_t past = stotal > max || rtotal > max;
        if (pb_world_allreduce_u64(&past, 1, PB_WORLD_MAX)) return -1;
        if (past) return alltoallv_pairwise(send, scount, recv, rcount, max);
        int *v = malloc(4 * (size_t)n * sizeof *v), rc = -1;
        if (!v) return -1;
        int *sc = v, *sd = v + n, *rc_ = v + 2 * n, *rd = v + 3 * n;
        for (int k = 0, so = 0, ro = 0; k < n; k++) {
            sc[k] = (int)scount[k], sd[k] = so, so += sc[k];
            rc_[k] = (int)rcount[k], rd[k] = ro, ro += rc_[k];
        }
        if (MPI_Alltoallv(send, sc, sd, MPI_BYTE, recv, rc_, rd, MPI_BYTE, MPI_COMM_WORLD) ==
            MPI_SUCCESS)
            rc = 0;
        free(v);
        return rc;
    }
#endif
    if (scount[0]) memcpy(recv, send, scount[0]);
    (void)rcount;
    return 0;
}

/* ---- broadcast, and ranks that wait while rank 0 works alone ---- */

int pb_world_bcast(void *buf, size_t len, int root)
{
#ifdef PB_HAVE_MPI
    if (!world.mpi) return 0;
    if (len > (size_t)0x7fffffff) return -1;
    return MPI_Bcast(buf, (int)len, MPI_BYTE, root, MPI_COMM_WORLD) == MPI_SUCCESS ? 0 : -1;
#else
    (void)buf, (void)len, (void)root;
    return 0;
#endif
}

int pb_world_ring_shift(void *buf, size_t len)
{
#ifdef PB_HAVE_MPI
    if (!world.mpi || world.size == 1) return 0;
    const int to = (world.rank + world.size - 1) % world.size, from = (world.rank + 1) % world.size;
    enum { TAG_RING = 1698 };
    for (size_t at = 0; at < len; at += PB_WORLD_RING_CHUNK) {
        size_t n = len - at < PB_WORLD_RING_CHUNK ? len - at : PB_WORLD_RING_CHUNK;
        if (MPI_Sendrecv_replace((char *)buf + at, (int)n, MPI_BYTE, to, TAG_RING, from, TAG_RING,
                                 MPI_COMM_WORLD, MPI_STATUS_IGNORE) != MPI_SUCCESS)
            return -1;
    }
    return 0;
#else
    (void)buf, (void)len;
    return 0;
#endif
}

/* The tag of pb_world_release's message (a range no command's messages use). */
enum { TAG_RELEASE = 1699 };

int pb_world_idle(void)
{
    int status = 0;
#ifdef PB_HAVE_MPI
    if (!world.mpi || world.size < 2 || !world.rank) return 0;
    struct timespec nap = {0, 10000000};
    int flag = 0;
    while (MPI_Iprobe(0, TAG_RELEASE, MPI_COMM_WORLD, &flag, MPI_STATUS_IGNORE) == MPI_SUCCESS &&
           !flag)
        nanosleep(&nap, NULL);
    if (MPI_Recv(&status, 1, MPI_INT, 0, TAG_RELEASE, MPI_COMM_WORLD, MPI_STATUS_IGNORE) !=
        MPI_SUCCESS)
        status = 4;
#endif
    return status;
}

void pb_world_release(int status)
{
#ifdef PB_HAVE_MPI
    if (!world.mpi || world.rank) return;
    for (int r = 1; r < world.size; r++)
        MPI_Send(&status, 1, MPI_INT, r, TAG_RELEASE, MPI_COMM_WORLD);
#else
    (void)status;
#endif
}
