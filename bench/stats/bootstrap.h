/* bootstrap.h — a percentile bootstrap confidence interval of the ratio of two
 * medians, median(b) / median(a), from the raw samples of each side. */
#ifndef PB_BOOTSTRAP_H
#define PB_BOOTSTRAP_H

#include <stdint.h>

/* A point estimate and its interval. */
typedef struct pb_interval {
    double point, lo, hi;
} pb_interval;

/* The resamples `puzzlebench compare` draws: enough that the 2.5% and 97.5%
 * percentiles move by well under 1% between seeds. */
enum { PB_BOOTSTRAP_RESAMPLES = 10000 };

/* The ratio median(b) / median(a) of a[0..na) and b[0..nb) (na, nb >= 1, every
 * value > 0; neither is changed) and its percentile bootstrap interval at the
 * given two-sided level (e.g. 0.95): each side is resampled with replacement,
 * independently, `resamples` times (>= 1) from the stream `seed`, and lo and hi are
 * the ratios of ranks floor(B (1 - level) / 2) and B - 1 - that (0-based) among the
 * B sorted resampled ratios. The same inputs and seed always give the same
 * interval. 0, or -1 when out of memory or given bad sizes. */
int pb_bootstrap_median_ratio(const double *a, int na, const double *b, int nb, double level,
                              int resamples, uint64_t seed, pb_interval *out);

/* A seed derived from the samples themselves (their bits, in order), so that a
 * pair's interval is reproducible without anyone choosing seeds. */
uint64_t pb_bootstrap_seed(const double *a, int na, const double *b, int nb);

#endif
