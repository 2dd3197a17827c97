/* world.h — the MPI world the harness runs in. Started by mpirun (or srun), the
 * program is one rank of MPI_COMM_WORLD; started as a plain process, or built
 * without MPI, it is a world of one rank and makes no MPI call at all. Commands ask
 * pb_world_get() who they are; the MPI-aware ones (sweep, generate, count) share work
 * through the messages below. */
#ifndef PB_WORLD_H
#define PB_WORLD_H

#include <stddef.h>
#include <stdint.h>

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

/* ---- where a rank runs: its machine, its launcher, its threads ---- */

/* This rank's place among the ranks on its own machine (MPI_COMM_TYPE_SHARED):
 * *local_rank of *local_size. Collective: every rank calls it together. 0 and 1 in
 * a one-rank world. */
void pb_world_node(int *local_rank, int *local_size);

/* Ends this process (exit status 137, as a kill) within a moment of its launcher
 * (mpirun, srun's step daemon) dying, e.g. by SIGKILL: a rank left behind would go
 * on writing or waiting for ranks that are gone. Starts a watching thread; does
 * nothing in a one-rank world. */
void pb_world_follow_launcher(void);

/* 1 when several threads of this rank may call MPI at once (MPI_THREAD_MULTIPLE was
 * provided); 0 in a one-rank world. */
int pb_world_thread_multiple(void);

/* ---- collectives ----
 * Every rank calls them, in the same order; a one-rank world makes no MPI call. */

typedef enum pb_world_op { PB_WORLD_SUM, PB_WORLD_MAX } pb_world_op;

/* Combines v[0..n) over the ranks with op; every rank gets the result in v. 0, or -1
 * on an MPI error. */
int pb_world_allreduce_u64(uint64_t *v, int n, pb_world_op op);

/* Every rank's mine[0..n) into all[rank * n .. rank * n + n), on every rank. 0, or -1. */
int pb_world_allgather_u64(const uint64_t *mine, int n, uint64_t *all);

/* Rank i's send[k] becomes rank k's recv[i] (world size entries each). 0, or -1. */
int pb_world_alltoall_u64(const uint64_t *send, uint64_t *recv);

/* Each rank's send holds the bytes for rank 0, then for rank 1, ... (scount[k] for
 * rank k); recv gets the bytes from rank 0, then rank 1, ... (rcount[k], as
 * pb_world_alltoall_u64 of the counts says). One MPI_Alltoallv while every rank's
 * bytes sent and received fit its int counts and displacements; else (any rank past
 * them) pairwise messages of at most that many bytes each. The environment variable
 * PB_WORLD_ALLTOALLV_MAX lowers that bound (tests). 0, or -1 on an MPI error or out
 * of memory. */
int pb_world_alltoallv(const void *send, const uint64_t *scount, void *recv,
                       const uint64_t *rcount);

/* Every rank passes its len bytes of buf (the same len on every rank) to the rank
 * before it and gets those of the rank after it, in place (around the ring), in
 * messages of at most PB_WORLD_RING_CHUNK bytes: the copy MPI keeps in flight is one
 * message, not the whole buffer. Nothing in a one-rank world. 0, or -1 on an MPI
 * error. */
#define PB_WORLD_RING_CHUNK ((size_t)1 << 20)
int pb_world_ring_shift(void *buf, size_t len);

/* ---- broadcast, and ranks that wait while rank 0 works alone ---- */

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
