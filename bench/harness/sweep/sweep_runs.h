/* sweep_runs.h — a runs sweep's plan: its `run` lines expanded into the runs they
 * make (series unrolled, 'cores' replaced, every value checked against the family's
 * options and solve's and count's), in the order they run (sweep_runs_plan.c), for
 * sweep_runs.c. */
#ifndef PB_SWEEP_RUNS_H
#define PB_SWEEP_RUNS_H

#include "core/error.h"
#include "sweep_lines.h"

enum { PB_RUNS_MAX = 2048 };

/* One planned run: line `line` of the key with, where the line lists values, word
 * `word` replaced by `value` (the whole word: "--threads=4" or "4"). */
typedef struct pb_planned_run {
    int line, series; /* series: runs of one series share it; -1: none */
    int word;         /* the replaced word's index in the lines' words, or -1 */
    char value[80];
} pb_planned_run;

typedef struct pb_runs_plan {
    pb_sweep_lines lines;
    pb_planned_run *run;
    int n, cores;
    char *owned[PB_LINES_MAX_WORDS]; /* words made from 'cores' (lines.words point here) */
    int nowned;
    pb_option *options; /* solve's and count's options, then the family's, ended */
} pb_runs_plan;

/* The family's commands that a run line may name. */
extern const char *const pb_run_commands[];

/* Reads s's run key (quick_run's in a --quick spec) against the options of solve and
 * count with family f's, and expands it, every line `repeat` times over. 0, or -1
 * with err (err->line: the key's line). pb_runs_plan_free either way. */
int pb_runs_plan_make(const pb_sweep_spec *s, const pb_family *f, pb_runs_plan *p, pb_error *err);
void pb_runs_plan_free(pb_runs_plan *p);

/* Run r's words, the command first ("count", "--engine", "bfs", ...), into argv (at
 * most max, NULL-ended). The number of words. */
int pb_runs_plan_words(const pb_runs_plan *p, int r, char **argv, int max);

#endif
