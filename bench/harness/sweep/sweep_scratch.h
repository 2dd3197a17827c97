/* sweep_scratch.h — what the sweeps that start processes (tool sweeps, --against)
 * need before their first one: no earlier result in the way, this program's path, the
 * output folder, and a fresh scratch folder for the processes' files, removed at the
 * end with everything in it. */
#ifndef PB_SWEEP_SCRATCH_H
#define PB_SWEEP_SCRATCH_H

#include <stddef.h>

#include "sweep.h"

/* Refuses an existing csv (without --force or --resume), finds this program (self),
 * creates o->out_dir and a scratch folder TMPDIR/pbNAME.XXXXXX (tmp; "" when none
 * was made). 0, or the exit status after a one-line message. */
int pb_sweep_scratch_make(const pb_sweep_opts *o, const char *csv, const char *name, char *self,
                          size_t selflen, char *tmp, size_t tmplen);

/* Creates a fresh scratch folder TMPDIR/pbNAME.XXXXXX alone (tmp; "" when none was
 * made). 0, or the exit status after a one-line message. */
int pb_sweep_scratch_dir(const char *name, char *tmp, size_t tmplen);

/* Removes the scratch folder dir and everything in it (nothing when dir is ""). */
void pb_sweep_scratch_remove(const char *dir);

#endif
