/* solve_options.h — the options of solve and count (their table and the struct they
 * fill, solve_options.c): the CLI parses them. */
#ifndef PB_SOLVE_OPTIONS_H
#define PB_SOLVE_OPTIONS_H

#include "harness/base/engine_args.h"
#include "harness/base/options.h"
#include "measure.h"

typedef struct pb_solve_opts {
    const char *engine, *order, *csv, *levels;
    int trace, threads, bind, keep_going, candidates, quiet, json, max_length, print_paths;
    pb_limits limits;
    pb_timing_opts timing;
    pb_engine_args eargs; /* --param, --engine-seed */
} pb_solve_opts;

extern const pb_option pb_solve_options[];
extern const pb_solve_opts pb_solve_defaults;

#endif
