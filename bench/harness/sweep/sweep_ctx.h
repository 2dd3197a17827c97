/* sweep_ctx.h — what the parts of the sweep runner share (internal to sweep*.c): a
 * run of the matrix (job), its measurement in progress, and the sweep's context;
 * sweep_jobs.c expands the matrix, sweep.c measures it and writes the rows. */
#ifndef PB_SWEEP_CTX_H
#define PB_SWEEP_CTX_H

#include <stddef.h>
#include <stdint.h>

#include "harness/measure/batch.h"
#include "harness/measure/batch_measure.h"
#include "harness/meta/meta.h"
#include "harness/io/progress.h"
#include "harness/measure/speed_guard.h"
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
    int pset;   /* the set of the params key it runs with; -1: its defaults */
    int seeded; /* it runs with the engine seed `seed` (an engine marked 'random') */
    uint64_t seed;
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
    char **world;      /* an MPI sweep: the .meta's lines on its ranks, NULL-ended; else NULL */
    /* One process's sweep: the guard on the machine's speed, and the run it reads
     * that speed by (ref_job -1: none fit; the sweep is not guarded), once
     * ref_tried. */
    pb_speed_guard speed;
    int ref_tried;
    long ref_job;
    job_state ref;
    pb_timing ref_timing;
    pb_timing_opts ref_opts;
    /* The rounds of samples: the one being taken (-1: none, as for the lone runs of an
     * MPI rank), the rounds of earlier blocks (a round's number is the sweep's own),
     * a block's runs in this round's order, the runs that take a further round (a
     * pair of theirs is known less well than ci-target), and the t factors of the
     * ratios' 95% intervals by degrees of freedom. */
    int round, rounds_before;
    long *order;
    unsigned char *more;
    double t95[PB_MAX_SAMPLES];
    double start_s;    /* monotonic, when the sweep began: the .meta's elapsed_s */
    char earlier[128]; /* what the earlier run's time says of this one's, for the progress */
    /* A worker of --against: its own command line (the .meta's command= is the
     * parent's, the one a user reruns); "" otherwise. */
    char worker_command[sizeof(((pb_meta *)0)->command)];
} sweep_ctx;
/* "first", "count" or "unique". */
const char *pb_sweep_mode_name(const job *j);
/* The set a job runs: the instance's, or a view of one of its puzzles. */
pb_set pb_sweep_job_set(const sweep_ctx *c, const job *j);
/* The batch of a job on set, with the sweep's limits. */
pb_batch pb_sweep_job_batch(const sweep_ctx *c, const job *j, const pb_set *set);
/* A job's parameter setting and engine seed as its row shows them ("-": none). */
void pb_sweep_job_setting(const sweep_ctx *c, const job *j, char *params, size_t plen, char *seed,
                          size_t slen);
/* A row's instance: the instance's name, or NAME#INDEX (or the puzzle's own name). */
void pb_sweep_row_instance(const sweep_ctx *c, const job *j, char *out, size_t len);
/* Loads every instance (a puzzle that cannot be read stops the sweep): 0 or the status. */
int pb_sweep_load_instances(sweep_ctx *c);
/* Expands the matrix into c->jobs (the combinations the engines run). 0, or -1. */
int pb_sweep_add_jobs(sweep_ctx *c);
/* A hash of every run's key, in order: two builds that expand a sweep alike agree on it. */
uint64_t pb_sweep_jobs_hash(const sweep_ctx *c);
/* Prints the runs (--list). */
void pb_sweep_list_jobs(const sweep_ctx *c);
/* Prints what an earlier run of this sweep in the output folder took, as an estimate
 * of this one's time (--list; sweep_estimate.c). */
void pb_sweep_list_estimate(const sweep_ctx *c);
/* The same estimate, short, into c->earlier ("" when none), for the progress line; read
 * before --force removes the earlier run's files. */
void pb_sweep_note_earlier(sweep_ctx *c);
/* A run's key as its CSV row starts (pb_sweep_key_fn; ctx is the sweep_ctx). */
void pb_sweep_job_key(void *ctx, long i, char *out, size_t len);

/* The steps of measuring run i (sweep_run.c): the first run and the calibration, one
 * sample (when due), the row's timing from the samples; and the finished rows of runs
 * first .. end - 1 appended to the files (a failed write sets write_failed). */
void pb_sweep_begin_job(sweep_ctx *c, long i);
/* 1 when run i is to take a sample in this round: its samples are due, or a pair of
 * it wants more (c->more). */
int pb_sweep_job_due(const sweep_ctx *c, long i);
void pb_sweep_sample_job(sweep_ctx *c, long i);
void pb_sweep_end_job(sweep_ctx *c, long i);
void pb_sweep_write_rows(sweep_ctx *c, long first, long end);

/* The sweep in one process (sweep_rounds.c): every run, block by block, sampled in
 * rounds; the rows written as each block ends. */
void pb_sweep_rounds_run(sweep_ctx *c);

/* One build's side of sweep --against (sweep_serve.c): the runs measured step by step
 * as the comparing process asks over stdin. 0, or -1 after a command it cannot read. */
int pb_sweep_serve(sweep_ctx *c);
/* The comparing process of sweep --against (sweep_against.c): starts this build and
 * the other as two pb_sweep_serve workers and feeds them the runs, interleaved round
 * by round. Returns the exit status. */
int pb_sweep_against_run(sweep_ctx *c);
/* splitmix64's output function: a well-spread 64-bit hash of x (the rounds' orders). */
uint64_t pb_sweep_mix(uint64_t x);

/* The reference run (sweep_ref.c): picks and begins it and starts c->speed with it.
 * 0, or -1 when no run fits (ref_job is -1). Its .meta line ("ref_run=..."). */
int pb_sweep_ref_start(sweep_ctx *c);
void pb_sweep_ref_line(const sweep_ctx *c, char *out, size_t len);

/* The sweep over the ranks of an MPI world (sweep_world.c). Rank 0, before its files
 * are opened: gathers every rank's host, cores and binding into c->world (0, or -1
 * out of memory); then runs the matrix, handing the runs out and writing the rows as
 * they come; at the very end (or after an error) tells the other ranks to stop. The
 * other ranks: run what rank 0 hands them until it says stop; returns the exit status. */
int pb_sweep_world_gather(sweep_ctx *c);
void pb_sweep_world_run(sweep_ctx *c);
void pb_sweep_world_stop(sweep_ctx *c);
int pb_sweep_world_work(sweep_ctx *c);
/* The .meta line of this rank: "rank.R=host H, cores N, bind B" (malloc'd, or NULL). */
char *pb_sweep_world_line(const sweep_ctx *c);

#endif
