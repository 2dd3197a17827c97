/* summary.h — the spread of a run's timed samples: min, median, mean, standard
 * deviation, coefficient of variation, and a distribution-free confidence interval
 * of the median from order statistics. The one place these are computed. */
#ifndef PB_SUMMARY_H
#define PB_SUMMARY_H

typedef struct pb_summary {
    int n;
    double min, median, mean;
    double stddev;    /* sample standard deviation (n - 1); NAN when n < 2 */
    double cv;        /* stddev / mean; NAN when n < 2 or mean is 0 */
    double median_lo; /* the median's confidence interval; NAN when n < 2 */
    double median_hi;
    double coverage; /* the interval's exact coverage (>= 0.95 from n = 6 on) */
} pb_summary;

/* Summarises v[0..n-1] (n >= 1; v is not changed). 0, or -1 when out of memory. */
int pb_summarize(const double *v, int n, pb_summary *s);

/* The median of v[0..n-1] (n >= 1), sorting v in place. */
double pb_median_sort(double *v, int n);

/* The 1-based ranks [k, n + 1 - k] of the order statistics that bound the median
 * with at least the given two-sided coverage (e.g. 0.95); when even [1, n] falls
 * short (n < 6 at 0.95), k = 1. Returns k and sets *coverage to the exact coverage
 * 1 - 2 P(Binomial(n, 1/2) < k). */
int pb_median_ci_rank(int n, double level, double *coverage);

#endif
