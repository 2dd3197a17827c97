/* measure.h — the one timing method of every measured run (sweep rows, solve and
 * count on sets, generate, outside tools): runs not recorded until a warm-up time has
 * passed (a first run that ran that long is a sample itself: a long count is not
 * run twice),
 * then samples that each last at least a minimum time, short runs repeated back to
 * back within a sample (as Google Benchmark's min_time does) and the time per run
 * recorded. Every run must end as the first did: its caller checks the step counts.
 * A sample records the round it was taken in, so that runs sampled in the same
 * rounds (a sweep's) can be compared round by round. */
#ifndef PB_MEASURE_H
#define PB_MEASURE_H

#include <stddef.h>
#include <stdint.h>

#include "stats/summary.h"

enum { PB_MAX_SAMPLES = 100 };

typedef struct pb_timing_opts {
    int samples;         /* timed samples at least (1..PB_MAX_SAMPLES) */
    int max_samples;     /* at most, where a caller wants more (a sweep's pairs); 0: samples */
    double min_sample_s; /* each sample lasts at least this long (0: one run each) */
    double warmup_s;     /* runs before the samples, not recorded, for at least this long */
    double budget_s;     /* > 0: no further sample once the samples took this long */
    /* > 1: each timed run is followed by (slowdown - 1) times its own time of busy
     * waiting, inside the timing: slower work of a known size, to check that a
     * comparison sees it (the report's method section). 0 or 1: none. */
    double slowdown;
    /* 1: no calibration, one run a sample until the caller sets the runs (sweep
     * --against's helper processes take their first worker's: one calibration a run,
     * not one a process). */
    int no_calibration;
    /* Whose CPU time a run's is (pb_cpu_clock). */
    int cpu_clock;
    /* Whose resident high-water mark is the first run's peak memory (pb_peak_source). */
    int peak_memory;
} pb_timing_opts;

/* Whose CPU time a run's is: this process's threads and the children it waited for (a
 * run that has the process to itself); the calling thread's (a one-thread run measured
 * beside others in the same process); the waited-for children's alone (an outside
 * command, without what this process spends starting it). */
typedef enum pb_cpu_clock { PB_CPU_PROCESS, PB_CPU_THREAD, PB_CPU_CHILDREN } pb_cpu_clock;

/* Whose peak memory a run's is: none read; the process's, reset before the first run
 * and read after it, or a waited-for child's where that is higher (a run that has the
 * process to itself); the children's alone that the calling thread waited for (a run
 * beside others in the process: an engine that runs an outside solver has the
 * solver's, one of puzzlebench's own none). */
typedef enum pb_peak_source { PB_PEAK_NONE, PB_PEAK_PROCESS, PB_PEAK_CHILDREN } pb_peak_source;

/* 5 samples of at least 10 ms, after 50 ms of warm-up; no budget. */
#define PB_TIMING_DEFAULTS                                                                         \
    {                                                                                              \
        .samples = 5, .min_sample_s = 0.010, .warmup_s = 0.050                                     \
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
    int round[PB_MAX_SAMPLES];       /* the round each sample was taken in; -1: none */
    int process[PB_MAX_SAMPLES];     /* which worker process of the build took it (sweep
                                        --against); 0: the one that keeps the samples */
    pb_summary sum;                  /* of sample_s */
    double ref_s; /* the machine's speed then (speed_guard.h's reference loop); 0: not read */
    double cpu_s[PB_MAX_SAMPLES]; /* each sample's CPU time per run (user + system); NAN:
                                     not known (a sample another process took) */
    double cpu_median_s;          /* the median of the known cpu_s; NAN: none known */
    uint64_t peak_rss_bytes;      /* resident high-water mark of the first run; 0: unknown */
    int stop;                     /* why the first run ended: a pb_stop (stop.h), set by
                                     the caller, which knows the limits */
    double time_limit_s;          /* the run's time limit (0: none), set by the caller */
} pb_timing;

/* Measures run by the method above. PB_RUN_SAME: t holds the samples.
 * PB_RUN_STOPPED: a run stopped short; t holds the samples taken before it, or,
 * with none, the first run's time as the one sample (a lower bound when the first
 * run itself stopped). PB_RUN_ERROR: a run failed; t is not filled in. */
pb_run_end pb_measure(const pb_timing_opts *o, pb_run_once run, void *ctx, pb_timing *t);

/* The same method in steps, so that a sweep can interleave the samples of its runs
 * in rounds (every run's sample of round k before any of round k + 1), in a fresh
 * order each round: drift and bursts of load on a shared machine then fall on every
 * run alike, and runs sampled in the same rounds pair up. pb_measure is begin, then
 * sample while wants_sample, then end. */
typedef struct pb_measurer {
    const pb_timing_opts *o;
    pb_run_once run;
    void *ctx;
    pb_timing *t;
    long runs; /* per sample */
    int recorded;
    int first_kept; /* the first run is sample 0 (it was as long as a sample) */
    double first_s, first_cpu_s, spent;
    pb_run_end end; /* how the last run ended */
} pb_measurer;

/* The first run, the warm-up and the calibration. PB_RUN_SAME: samples to take;
 * otherwise as pb_measure (PB_RUN_STOPPED: t is filled in already). */
pb_run_end pb_measure_begin(pb_measurer *m, const pb_timing_opts *o, pb_run_once run, void *ctx,
                            pb_timing *t);
/* 1 while the samples asked for are due (fewer than o->samples, the budget not spent,
 * no run stopped). */
int pb_measure_wants_sample(const pb_measurer *m);
/* 1 while a further sample may be taken (fewer than o->max_samples, the budget not
 * spent, no run stopped), for a caller that wants more than o->samples. */
int pb_measure_can_sample(const pb_measurer *m);
/* Takes one sample, recorded as taken in `round` (-1: none); how its last run ended. */
pb_run_end pb_measure_sample(pb_measurer *m, int round);
/* Records a sample that worker process `process` (1 or more: sweep --against's
 * helpers) took of the same run in `round`, its time per run `seconds` and its CPU
 * time per run `cpu_s` (NAN: not known). */
void pb_measure_take(pb_measurer *m, int round, int process, double seconds, double cpu_s);
/* Fills t in from the samples taken (the first run's time when there are none);
 * PB_RUN_SAME, PB_RUN_STOPPED if a run stopped short, or PB_RUN_ERROR. */
pb_run_end pb_measure_end(pb_measurer *m);
/* Keeps only the first keep samples, to take the rest again (the first run and
 * the calibration stand); nothing when a run stopped short or failed. */
void pb_measure_keep(pb_measurer *m, int keep);

/* Checks o (samples in range, times not negative, max_samples 0 or at least samples,
 * slowdown 0 or at least 1); 0, or -1 with a message in why. */
int pb_timing_check(const pb_timing_opts *o, char *why, size_t whylen);

#endif
