/* count_mpi.h — one tree count (`puzzlebench count` of one puzzle with backtrack or
 * propagate) spread over the ranks of an MPI world: rank 0 lists the paths to the
 * split depth (engines/search/subtree.h), hands them out in chunks to whichever rank
 * asks first (itself included), and sums the subtrees' counts in path order, so the
 * totals and steps are those of one process. Step and time limits hold for the
 * whole world and a signal to any rank stops every rank; the partial count is then
 * reported with its status (limit, interrupted). */
#ifndef PB_COUNT_MPI_H
#define PB_COUNT_MPI_H

#include "harness/measure/batch.h"

/* 1 when this batch's count runs over the MPI world: more than one rank, one
 * puzzle, an engine that splits its count, no trace and no --limit N. */
int pb_count_mpi_applies(const pb_batch *b);

/* Runs the count on every rank (each calls it); every rank's r then holds the
 * world's result, as pb_batch_run would fill it in one process (the signal that
 * stopped any rank is set in pb_interrupted on every rank). Returns 0; when out of
 * memory or MPI fails, a rank prints why and ends the world (pb_world_abort). */
int pb_count_mpi_run(const pb_batch *b, pb_batch_result *r);

#endif
