/* solve_ranks.h — count by a family's own split (pb_family.count_ranks): over the
 * MPI ranks, or level by level with --levels FILE (solve_ranks.c). */
#ifndef PB_SOLVE_RANKS_H
#define PB_SOLVE_RANKS_H

#include "harness/measure/batch.h"

/* Whether count cmd of b's one puzzle goes to fam's own split: the family has one,
 * and the run is over several ranks or asks for levels. */
int pb_solve_ranks_apply(const char *cmd, const pb_family *fam, const char *levels);

/* Runs it on every rank into r (one puzzle, as pb_batch_run leaves it), writing
 * levels ("-": stderr) and, for a file, FILE.meta on rank 0. 0, or the exit status
 * after saying why not. */
int pb_solve_ranks_run(const char *cmd, const pb_family *fam, const pb_batch *b, const char *levels,
                       pb_batch_result *r);

#endif
