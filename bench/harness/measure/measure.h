/* measure.h — the one timing method of every measured run (sweep rows, solve and
 * count on sets, generate, outside tools): one warm-up run that is not recorded,
 * then samples that each last at least a minimum time, short runs repeated back to
 * back within a sample (as Google Benchmark's min_time does) and the time per run
 * recorded. Every run must end as the first did: its caller checks the step counts. */
#ifndef PB_MEASURE_H
#define PB_MEASURE_H

#include <stddef.h>

#include "stats/summary.h"

enum { PB_MAX_SAMPLES = 100 };

typedef struct pb_timing_opts {
    int samples;         /* timed samples (1..PB_MAX_SAMPLES) */
    double min_sample_s; /* each sample lasts at least this long (0: one run each) */
    int warmup;          /* 1: one run first, not recorded */
    double budget_s;     /* > 0: no further sample once the samples took this long */
} pb_timing_opts;

/* 5 samples of at least 10 ms, after one warm-up run; no budget. */
#define PB_TIMING_DEFAULTS                                                                         \
    {                                                                                              \
        5, 0.010, 1, 0                                                                             \
    }

/* What one run of the measured thing says. */
typedef enum pb_run_end {
    PB_RUN_SAME,    /* finished, with the same outcome (steps) as the first run */
    PB_RUN_STOPPED, /* stopped short (a limit, an interruption): not repeated */
    PB_RUN_ERROR,   /* out of memory, or an outcome that differs from the first run's */
} pb_run_end;

/* Runs the measured thing once; ctx is the caller's. */
typedef pb_run_end (*pb_run_once)(void *ctx);

typedef struct pb_timing {
    int samples;                     /* recorded samples (1 when the first run stopped short) */
    int runs_per_sample;             /* runs in each sample */
    double sample_s[PB_MAX_SAMPLES]; /* each sample's time per run, in seconds */
    pb_summary sum;                  /* of sample_s */
    double ref_s; /* the machine's speed then (speed_guard.h's reference loop); 0: not read */
} pb_timing;

/* Measures run by the method above. PB_RUN_SAME: t holds the samples.
 * PB_RUN_STOPPED: a run stopped short; t holds the samples taken before it, or,
 * with none, the first run's time as the one sample (a lower bound when the first
 * run itself stopped). PB_RUN_ERROR: a run failed; t is not filled in. */
pb_run_end pb_measure(const pb_timing_opts *o, pb_run_once run, void *ctx, pb_timing *t);

/* The same method in steps, so that a sweep can interleave the samples of its runs
 * (sample k of every run before sample k + 1 of any): drift and bursts of load on
 * a shared machine then spread over every run's samples instead of shifting some
 * runs whole. pb_measure is begin, then sample while wants_sample, then end. */
typedef struct pb_measurer {
    const pb_timing_opts *o;
    pb_run_once run;
    void *ctx;
    pb_timing *t;
    long runs; /* per sample */
    int recorded;
    double first_s, spent;
    pb_run_end end; /* how the last run ended */
} pb_measurer;

/* The first run and the calibration. PB_RUN_SAME: samples to take; otherwise as
 * pb_measure (PB_RUN_STOPPED: t is filled in already). */
pb_run_end pb_measure_begin(pb_measurer *m, const pb_timing_opts *o, pb_run_once run, void *ctx,
                            pb_timing *t);
/* 1 while samples are due (fewer than asked, the budget not spent, no run stopped). */
int pb_measure_wants_sample(const pb_measurer *m);
/* Takes one sample; how its last run ended. */
pb_run_end pb_measure_sample(pb_measurer *m);
/* Fills t in from the samples taken (the first run's time when there are none);
 * PB_RUN_SAME, PB_RUN_STOPPED if a run stopped short, or PB_RUN_ERROR. */
pb_run_end pb_measure_end(pb_measurer *m);
/* Keeps only the first keep samples, to take the rest again (the first run and
 * the calibration stand); nothing when a run stopped short or failed. */
void pb_measure_keep(pb_measurer *m, int keep);

/* Checks o (samples in range, times not negative); 0, or -1 with a message in why. */
int pb_timing_check(const pb_timing_opts *o, char *why, size_t whylen);

#endif
