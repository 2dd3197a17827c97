/* sweep.h — running an experiment matrix: every combination of a sweep's instances,
 * engines, orders, modes and thread counts, each repeated, with OpenMP, one CSV row
 * per run plus the run's metadata. */
#ifndef PB_SWEEP_H
#define PB_SWEEP_H

#include "sweep_spec.h"

typedef struct pb_sweep_opts {
    const char *out_dir; /* where NAME.csv and NAME.meta go */
    const char *bind;    /* "none" or "core" */
    const char *source;  /* the sweep file, or "(options)", for the metadata */
    int list_only;       /* print the runs and stop */
    int quiet;           /* no progress line, no "wrote" line */
} pb_sweep_opts;

/* Loads the spec's instances, expands and runs the matrix (or lists it), and writes
 * the results. Returns the exit status; errors are printed, one line each. */
int pb_sweep_run(pb_sweep_spec *spec, const pb_sweep_opts *opts);

#endif
