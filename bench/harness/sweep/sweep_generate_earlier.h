/* sweep_generate_earlier.h — a generation sweep and the files of its earlier run that
 * this run does not write (sweep_generate_earlier.c). */
#ifndef PB_SWEEP_GENERATE_EARLIER_H
#define PB_SWEEP_GENERATE_EARLIER_H

#include "sweep.h"
#include "sweep_lines.h"
#include "sweep_spec.h"

/* Before any method is made, the earlier methods' files in the output folder that this
 * run (its methods m) does not write (only files whose .meta says this sweep's method
 * wrote them): with --force, removes each one's records, naming them on standard
 * error, or refuses a method's folder (puzzles folder) in one line; without it (a new
 * run, --resume) refuses the run in one line naming the first. Every rank of an MPI
 * world calls it (rank 0 looks). 0, or the exit status after saying why. */
int pb_sweep_generate_earlier(const pb_sweep_spec *s, const pb_sweep_opts *o,
                              const pb_sweep_lines *m);

#endif
