/* sweep_world.h — a sweep over the ranks of an MPI world (sweep_world.c), a scheduler
 * of the sweep room driven through the executor's interface (sweep.h). */
#ifndef PB_SWEEP_WORLD_H
#define PB_SWEEP_WORLD_H

#include "sweep.h"

/* Rank 0, before its files are opened: every rank's host, cores and binding, the
 * .meta's lines "ranks=N" and "rank.R=host H, cores N, bind B", NULL-ended (malloc'd,
 * each line too), or NULL out of memory. */
char **pb_sweep_world_gather(const pb_sweep_exec *e);
/* Rank 0: runs the sweep, handing the runs out and writing the rows by w as they come.
 * 0, or -1 (said) when it could not run. */
int pb_sweep_world_run(pb_sweep_exec *e, pb_sweep_writer *w);
/* Rank 0, at the very end (or after an error): tells the other ranks to stop. */
void pb_sweep_world_stop(void);
/* The other ranks: run what rank 0 hands them until it says stop; the exit status. */
int pb_sweep_world_work(pb_sweep_exec *e);

#endif
