/* sweep.h — running an experiment matrix: every combination of a sweep's instances,
 * engines, orders, modes and thread counts, each repeated, with OpenMP, one CSV row
 * per run plus the run's metadata. The sweep room's public header. Inside, a sweep
 * goes parse (sweep_spec.h) -> plan, a list of runs (sweep_plan.h) -> execute
 * (sweep_exec.h) -> write (sweep_write.h), each with its own state; only the first two
 * read the spec. */
#ifndef PB_SWEEP_H
#define PB_SWEEP_H

#include "harness/io/csv.h"
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
    int block_given;         /* --block was given (an engine sweep's alone to take) */
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

/* A sweep file's content hash, for the .meta (pb_sweep_opts.source_hash): "fnv1a64:HEX"
 * of len bytes of text, into out (at least 32 bytes). */
void pb_sweep_hash_text(const char *text, size_t len, char *out, size_t outlen);

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

/* A sweep being run, as a scheduler that hands its runs out sees it (sweep_world.c runs
 * one over the ranks of an MPI world): its runs by index, each measured whole, and the
 * files that take their rows. */
typedef struct pb_sweep_exec pb_sweep_exec;     /* the runs being measured */
typedef struct pb_sweep_writer pb_sweep_writer; /* the files */

/* A run's outcome as one process hands it to another of the same binary: the row goes
 * as its bytes, and its pointers (names) are set again from the receiver's own plan. */
typedef struct pb_sweep_outcome {
    long i;
    int take;        /* the row is kept (finished, all its samples taken) */
    int failed;      /* its counts varied, or memory ran out */
    int interrupted; /* the signal that stopped the process, or 0 */
    pb_row row;
} pb_sweep_outcome;

/* The runs of the sweep (one row each). */
long pb_sweep_exec_runs(const pb_sweep_exec *e);
/* The runs whose rows are not in the files yet, the largest expected first (more cells,
 * then count before unique before first, then more threads), into order (room for
 * every run). How many. */
long pb_sweep_exec_todo(const pb_sweep_exec *e, long *order);
/* Run i measured whole: the first run and calibration, every sample due, the row's
 * timing; its outcome into o (NULL: none wanted). */
void pb_sweep_exec_measure(pb_sweep_exec *e, long i, pb_sweep_outcome *o);
/* The outcome of a run measured elsewhere, taken as this process's own. */
void pb_sweep_exec_accept(pb_sweep_exec *e, const pb_sweep_outcome *o);
/* Run i is finished: its row written by w (when kept), the progress stepped (its first
 * run too when it was measured elsewhere). */
void pb_sweep_exec_finished(pb_sweep_exec *e, pb_sweep_writer *w, long i, int elsewhere);
/* 1 once the files could not be written: no further run is to be handed out. */
int pb_sweep_write_failed(const pb_sweep_writer *w);
/* The progress line over n runs (none when quiet), and its end. */
void pb_sweep_exec_progress_begin(pb_sweep_exec *e, long n);
void pb_sweep_exec_progress_end(pb_sweep_exec *e);
/* Binds the calling thread as e's first worker. */
void pb_sweep_exec_bind(const pb_sweep_exec *e);
/* e's binding ("none", "core ...") and its runs at once, for the .meta. */
void pb_sweep_exec_describe(const pb_sweep_exec *e, char *bind, size_t len, int *workers);
/* 1 when a run measured here failed a check (its counts varied, memory ran out). */
int pb_sweep_exec_failed(const pb_sweep_exec *e);

#endif
