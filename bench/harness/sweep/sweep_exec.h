/* sweep_exec.h — measuring a sweep's runs (internal to sweep*.c): each run's
 * measurement in progress and the executor's state, which holds the plan and what
 * measuring takes from the spec and the options, copied once. Below it the schedulers:
 * rounds in one process (sweep_rounds.c), a worker of --against (sweep_serve.c), the
 * ranks of an MPI world (through sweep.h), and the comparing process of --against. */
#ifndef PB_SWEEP_EXEC_H
#define PB_SWEEP_EXEC_H

#include <stddef.h>
#include <stdint.h>

#include "harness/io/progress.h"
#include "harness/measure/batch.h"
#include "harness/measure/batch_measure.h"
#include "harness/measure/speed_guard.h"
#include "sweep.h"
#include "sweep_plan.h"
#include "sweep_write.h"

/* Where a run is: begun (first run and calibration), sampling, finished; or left out
 * (failed), or skipped by the stop rule of its series of bounds (why says why). */
enum { JOB_NEW, JOB_SAMPLING, JOB_FINISHED, JOB_LEFT_OUT, JOB_SKIPPED };

/* A run's measurement in progress; it stays in place (the batch points at the set,
 * the measurer at the batch) from the first run to the last sample. */
typedef struct job_state {
    pb_set set;
    pb_batch batch;
    pb_batch_measurer bm;
    int phase;
    char why[300];
} job_state;

struct pb_sweep_exec {
    const sweep_plan *plan;
    /* From the spec and the options: the timing, the ci-target pairs sample on to,
     * the seed of the rounds' orders, the speed guard's settle-time and tolerance, runs
     * at a time, no progress line (quiet), runs measured together at most (block). */
    pb_timing_opts timing;
    double ci_target;
    int seed;
    double settle_s, speed_tolerance;
    int workers, quiet, block;
    pb_binder *binder;
    pb_row *rows;
    job_state *state;
    const unsigned char *done; /* the writer's: the run's row is in the files */
    unsigned char *take;       /* the run's row is finished, to be written with its block */
    char **levels;             /* with levels, a count run's rows per length (sweep_levels.c) */
    int failed;                /* a run's counts varied, or memory ran out */
    pb_progress progress;
    char earlier[128]; /* what the earlier run's time says of this one's, for the progress */
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
};

/* The steps of measuring run i (sweep_run.c): the first run and the calibration, one
 * sample (when due), the row's timing from the samples. */
void pb_sweep_begin_job(pb_sweep_exec *e, long i);
/* 1 when run i is to take a sample in this round: its samples are due, or a pair of
 * it wants more (e->more). */
int pb_sweep_job_due(const pb_sweep_exec *e, long i);
void pb_sweep_sample_job(pb_sweep_exec *e, long i);
void pb_sweep_end_job(pb_sweep_exec *e, long i);

/* The levels side table (sweep_levels.c): run i's rows per length, when the plan asks
 * for them and i is a count, by a run of the family's count_ranks (0, or -1 with
 * e->state[i].why); and NAME.levels.csv beside csv (DIR/NAME.csv) from the runs whose
 * rows are in the files (done), each line behind its row and before run_id. 0, or -1
 * with err. */
int pb_sweep_levels_run(pb_sweep_exec *e, long i);
int pb_sweep_levels_write(const pb_sweep_exec *e, const unsigned char *done, const char *csv,
                          const char *run_id, char *err, size_t errlen);

/* The sweep in one process (sweep_rounds.c): every run, block by block, sampled in
 * rounds; the rows written by w as each block ends. */
void pb_sweep_rounds_run(pb_sweep_exec *e, pb_sweep_writer *w);

/* One build's side of sweep --against (sweep_serve.c): the runs measured step by step
 * as the comparing process asks over stdin, the rows written by w. 0, or -1 after a
 * command it cannot read. */
int pb_sweep_serve(pb_sweep_exec *e, pb_sweep_writer *w);
/* The comparing process of sweep --against (sweep_against.c): starts this build and
 * the other as two pb_sweep_serve workers and feeds them the runs, interleaved round
 * by round. Returns the exit status. */
int pb_sweep_against_run(pb_sweep_exec *e, const pb_sweep_opts *opts);
/* splitmix64's output function: a well-spread 64-bit hash of x (the rounds' orders). */
uint64_t pb_sweep_mix(uint64_t x);

/* The reference run (sweep_ref.c): picks and begins it and starts e->speed with it.
 * 0, or -1 when no run fits (ref_job is -1). The .meta's lines of the guard, once it
 * was tried: "ref_run=..." into ref (PB_SWEEP_REF_LINE bytes hold it whole), the
 * readings into lines (3 of them); how many lines in all (0: not tried). */
enum { PB_SWEEP_KEY_MAX = 512, PB_SWEEP_REF_LINE = PB_SWEEP_KEY_MAX + 32 };
int pb_sweep_ref_start(pb_sweep_exec *e);
int pb_sweep_ref_lines(const pb_sweep_exec *e, char *ref, size_t reflen, char (*lines)[160]);

#endif
