/* path_mpi.h — `path-dp`'s count of one board (`puzzlebench count` of one notouch
 * board with -e path-dp) over the ranks of an MPI world, its layer tables sharded:
 * each rank holds a contiguous range of every layer's stored rows, and the shards of
 * the layer below travel around the ring of ranks while a layer is built. The count,
 * steps and candidates are one process's; the memory limit, and the stats line's
 * bytes, are per rank. */
#ifndef PB_PATH_MPI_H
#define PB_PATH_MPI_H

#include "harness/measure/batch.h"

/* 1 when this batch's count runs sharded: more than one rank, one board of at least
 * four cells that path-dp accepts, a count with no trace and no --limit N. */
int pb_path_mpi_applies(const pb_batch *b);

/* Runs the count on every rank (each calls it); every rank's r then holds the
 * world's result, as pb_count_mpi_run's does. Before anything is allocated each
 * rank plans its memory, and after the run rank 0 prints every rank's measured peak
 * and the bytes it sent. Returns 0; when out of memory or MPI fails, a rank prints
 * why and ends the world (pb_world_abort). */
int pb_path_mpi_run(const pb_batch *b, pb_batch_result *r);

#endif
