/* solve_progress.h — solve's and count's runs with a progress report: a file of
 * puzzles runs in chunks, a puzzle at a time done; one puzzle's steps are drawn from
 * a step pool whose refills tell the report how far the search got. */
#ifndef PB_SOLVE_PROGRESS_H
#define PB_SOLVE_PROGRESS_H

#include "harness/io/progress.h"
#include "harness/measure/batch.h"

/* Runs b as pb_batch_run does (the same results), reporting to p: puzzles done for
 * a set of several, steps for one (the engines that poll a step limit). 0, or -1
 * when out of memory. */
int pb_batch_run_reported(const pb_batch *b, pb_batch_result *r, pb_progress *p);

#endif
