/* batch_measure.h — a batch run timed by the one timing method (measure.h): the
 * first run's result is kept, and every later run must repeat its counts. */
#ifndef PB_BATCH_MEASURE_H
#define PB_BATCH_MEASURE_H

#include "batch.h"
#include "measure.h"

/* Runs b by o's method. The first run's result goes to *first (free it with
 * pb_batch_free unless PB_RUN_ERROR is returned) and the timing to *t.
 * PB_RUN_SAME: every run finished alike. PB_RUN_STOPPED: a run stopped short
 * (limit or interruption; *first says which when it was the first). PB_RUN_ERROR:
 * out of memory, or a run's counts differed from the first's, said in why. */
pb_run_end pb_batch_measure(const pb_batch *b, const pb_timing_opts *o, pb_batch_result *first,
                            pb_timing *t, char *why, size_t whylen);

/* The same in steps (measure.h's pb_measurer), for interleaved samples: begin,
 * then pb_measure_wants_sample / pb_measure_sample / pb_measure_end on &bm->m.
 * bm must stay where it is until the end; *first may be freed after begin. */
typedef struct pb_batch_measurer {
    const pb_batch *b;
    pb_batch_result *first;
    pb_stats first_total; /* what every later run must count again */
    long first_lengths;   /* and the solutions' lengths, summed (engines marked 'length') */
    int runs;
    char *why;
    size_t whylen;
    pb_timing_opts opts; /* the caller's, with the CPU clock and peak memory for b */
    pb_measurer m;
} pb_batch_measurer;

pb_run_end pb_batch_measure_begin(pb_batch_measurer *bm, const pb_batch *b, const pb_timing_opts *o,
                                  pb_batch_result *first, pb_timing *t, char *why, size_t whylen);

#endif
