/* world.h — the MPI world the harness runs in. Started by mpirun (or srun), the
 * program is one rank of MPI_COMM_WORLD; started as a plain process, or built
 * without MPI, it is a world of one rank and makes no MPI call at all. Commands ask
 * pb_world_get() who they are; the MPI-aware ones (sweep, generate, count) share work
 * through the messages below. */
#ifndef PB_WORLD_H
#define PB_WORLD_H

#include <stddef.h>

typedef struct pb_world {
    int rank, size;   /* 0 and 1 in a one-rank world */
    int mpi;          /* 1: MPI is initialised (started by an MPI launcher) */
    int thread_level; /* MPI_THREAD_* provided; 0 without MPI */
    char host[256];   /* this rank's host name */
} pb_world;

/* Starts the world: MPI_Init_thread (MPI_THREAD_MULTIPLE asked) when an MPI
 * launcher started the process, else a one-rank world. Call once, first thing in
 * main. 0, or -1 after printing why (MPI failed to start). */
int pb_world_init(int *argc, char ***argv);

/* The world (a one-rank world before pb_world_init). */
const pb_world *pb_world_get(void);

/* Ends the world: MPI_Finalize when it was started. Call once, last thing in main. */
void pb_world_finalize(void);

/* Ends every rank at once with this exit status (MPI_Abort), after a rank failed in
 * a way the others cannot learn otherwise; a plain exit in a one-rank world. */
void pb_world_abort(int status);

/* 1 when the binary was built with MPI; *what names the library ("Open MPI
 * v4.1.4, ...") or says why not. */
int pb_world_built_with_mpi(const char **what);

/* ---- messages between ranks (MPI only; a one-rank world has nobody to talk to) ---- */

/* Sends len bytes to rank dest with tag (blocking). 0, or -1 on an MPI error. */
int pb_world_send(int dest, int tag, const void *buf, size_t len);

/* Receives the next message from source (-1: any) with tag (-1: any), blocking; the
 * bytes are malloc'd (*buf, *len; NULL and 0 for an empty message) and *from, *tag_out
 * say where it came from. 0, or -1 on an MPI error or out of memory. */
int pb_world_recv(int source, int tag, int *from, int *tag_out, void **buf, size_t *len);

/* 1 when a message from source (-1: any) with tag (-1: any) is waiting. */
int pb_world_probe(int source, int tag);

/* Every rank waits here until all arrive. */
void pb_world_barrier(void);

/* ---- added for the MPI count (part COUNT of issue 15) ---- */

/* Every rank gets root's len bytes in buf (MPI_Bcast); nothing in a one-rank world.
 * 0, or -1 on an MPI error. */
int pb_world_bcast(void *buf, size_t len, int root);

/* A command that runs on rank 0 alone: the other ranks call pb_world_idle, which
 * sleeps (polling every 10 ms, not spinning in a barrier on a core rank 0 needs)
 * until rank 0 calls pb_world_release(status), and returns that status. Both do
 * nothing (idle returns 0) in a one-rank world. */
int pb_world_idle(void);
void pb_world_release(int status);

#endif
