/* sweep_ctx.h — what the parts of the sweep runner share (internal to sweep*.c): a
 * run of the matrix (job), its measurement in progress, and the sweep's context;
 * sweep_jobs.c expands the matrix, sweep.c measures it and writes the rows. */
#ifndef PB_SWEEP_CTX_H
#define PB_SWEEP_CTX_H

#include <stddef.h>

#include "batch.h"
#include "batch_measure.h"
#include "meta.h"
#include "progress.h"
#include "sweep.h"
#include "sweep_meta.h"
#include "sweep_out.h"

typedef struct job {
    int instance, puzzle; /* puzzle: -1 for the whole set, else one puzzle (rows per-puzzle) */
    int threads;
    const pb_engine *engine;
    const pb_order *order;
    pb_mode mode;
    int unique; /* count mode stopped at the second solution */
} job;

/* Where a run is: begun (first run and calibration), sampling, finished. */
enum { JOB_NEW, JOB_SAMPLING, JOB_FINISHED, JOB_LEFT_OUT };

/* A run's measurement in progress; it stays in place (the batch points at the set,
 * the measurer at the batch) from the first run to the last sample. */
typedef struct job_state {
    pb_set set;
    pb_batch batch;
    pb_batch_measurer bm;
    int phase;
    char why[300];
} job_state;

typedef struct sweep_ctx {
    pb_sweep_spec *spec;
    const pb_family *fam;
    const pb_sweep_opts *opts;
    pb_set *sets;
    char (*names)[96];
    job *jobs;
    long njobs; /* one row each */
    pb_row *rows;
    job_state *state;
    unsigned char *done; /* the run's row is in the files (written, or kept by --resume) */
    unsigned char *take; /* the run's row is finished, to be written with its block */
    long written;        /* rows in the files */
    pb_binder *binder;
    pb_progress progress;
    int workers;
    int failed;       /* a run's counts varied, or memory ran out */
    int write_failed; /* the files could not be written: stop */
    pb_meta meta;     /* begun before the runs, ended after them */
    pb_sweep_out out; /* the files */
    pb_sweep_settings settings;
    char refused[300]; /* why the last combination refused was, for a sweep of none */
} sweep_ctx;
/* "first", "count" or "unique". */
const char *pb_sweep_mode_name(const job *j);
/* The set a job runs: the instance's, or a view of one of its puzzles. */
pb_set pb_sweep_job_set(const sweep_ctx *c, const job *j);
/* The batch of a job on set, with the sweep's limits. */
pb_batch pb_sweep_job_batch(const sweep_ctx *c, const job *j, const pb_set *set);
/* A row's instance: the instance's name, or NAME#INDEX (or the puzzle's own name). */
void pb_sweep_row_instance(const sweep_ctx *c, const job *j, char *out, size_t len);
/* Loads every instance (a puzzle that cannot be read stops the sweep): 0 or the status. */
int pb_sweep_load_instances(sweep_ctx *c);
/* Expands the matrix into c->jobs (the combinations the engines run). 0, or -1. */
int pb_sweep_add_jobs(sweep_ctx *c);
/* Prints the runs (--list). */
void pb_sweep_list_jobs(const sweep_ctx *c);
/* A run's key as its CSV row starts (pb_sweep_key_fn; ctx is the sweep_ctx). */
void pb_sweep_job_key(void *ctx, long i, char *out, size_t len);

#endif
