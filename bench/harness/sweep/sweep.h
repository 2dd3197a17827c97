/* sweep.h — running an experiment matrix: every combination of a sweep's instances,
 * engines, orders, modes and thread counts, each repeated, with OpenMP, one CSV row
 * per run plus the run's metadata. */
#ifndef PB_SWEEP_H
#define PB_SWEEP_H

#include "sweep_spec.h"

typedef struct pb_sweep_opts {
    const char *out_dir;     /* where NAME.csv and NAME.meta go */
    int out_new;             /* out_dir is a new folder of its own (no --out given) */
    const char *bind;        /* "none" or "core" */
    const char *source;      /* the sweep file, or "(options)", for the metadata */
    const char *source_hash; /* the sweep file's content hash (pb_sweep_hash_text), or "none" */
    int list_only;           /* print the runs and stop */
    int quiet;               /* no progress line, no "wrote" line */
    int force;               /* remove the sweep's files and start over */
    int resume;              /* continue the sweep whose files are there */
    int block;               /* runs measured together at most before their rows are written */
    /* sweep --against: the other build's binary, and the arguments after "sweep" that
     * both builds' workers get (NULL-ended); NULL: one build. */
    const char *against;
    char *const *worker_args;
    int pairing;                  /* with against (and serve): PB_PAIR_AUTO, _DUET or _ALTERNATE */
    const char *against_slowdown; /* with against: the other build's slowdown key, or NULL */
    int processes;                /* with against (and serve): worker processes per build */
    const char *serve;  /* sweep --serve: a worker of --against; the other build's binary */
    int serve_helper;   /* with serve: measure only, write nothing (another worker does) */
    const char *run_id; /* the run_id to take (both workers of one --against); NULL: new */
} pb_sweep_opts;

/* How sweep --against takes a run's samples in the two builds: both at the same time,
 * one core each (duet); one after the other (alternate); or duet where the machine
 * has two cores and the runs one thread each, else alternate (auto). */
enum { PB_PAIR_AUTO, PB_PAIR_DUET, PB_PAIR_ALTERNATE };
extern const char *const pb_pairings[]; /* their names, NULL-ended */

/* Worker processes per build of sweep --against: by default six, the rounds spread
 * over them two at a time, so that an effect that holds for the life of one process
 * (where its memory lies) varies from round to round rather than biasing a pair, and
 * a pair's interval can come from its processes' means (stats/nested.h). */
enum { PB_AGAINST_PROCESSES = 6, PB_AGAINST_MAX_PROCESSES = 8 };

/* A block of runs also ends once its samples are expected to take this long. */
#define PB_SWEEP_BLOCK_S    30.0
#define PB_SWEEP_BLOCK_RUNS 64

/* Loads the spec's instances, expands and runs the matrix (or lists it), and writes
 * the results: the .meta first (status=running), then the rows of each block of runs
 * as it ends (sweep_out.h), then the files renamed into place and the .meta completed.
 * Returns the exit status; errors are printed, one line each. */
int pb_sweep_run(pb_sweep_spec *spec, const pb_sweep_opts *opts);

/* Runs a generation sweep (spec->generator set): every method of its generate key,
 * as `generate NAME` would (sweep_generate.c). The exit status. */
int pb_sweep_generate(const pb_sweep_spec *spec, const pb_sweep_opts *opts);

/* Runs a tool sweep (spec->tool set): the family's outside tool timed beside
 * puzzlebench on the same work (sweep_tool.c). The exit status. */
int pb_sweep_tool(const pb_sweep_spec *spec, const pb_sweep_opts *opts);

/* Runs a runs sweep (spec->run set): every run of its run key, each a process of
 * the family's own solve or count, their rows joined (sweep_runs.c). The exit status. */
int pb_sweep_runs(const pb_sweep_spec *spec, const pb_sweep_opts *opts);

#endif
