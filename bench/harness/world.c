/* world.c — the MPI world the harness runs in (world.h): MPI_COMM_WORLD when an MPI
 * launcher started the process, else a world of one rank that makes no MPI call. The
 * one piece of process-wide state in the harness: MPI itself is process-wide. */
#include "world.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

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
        fprintf(stderr, "puzzlebench: MPI failed to start\n");
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

/* ---- added for the MPI count (part COUNT of issue 15) ---- */

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
