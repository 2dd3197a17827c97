/* nested.h — a paired ratio whose rounds are nested in worker processes (sweep
 * --against with several workers per build): what holds for one process for its
 * whole life, such as where its memory lies, moves all of its rounds together, so
 * the rounds alone understate how well the ratio is known. The between-process
 * variance of the log-ratios comes from a one-way analysis of variance of each pair
 * (method of moments), pooled over the pairs of a comparison, and widens each pair's
 * interval by its share; from three processes on, a pair's interval comes from its
 * processes' means (Kalibera and Jones, ISMM 2013: the variance at each level of
 * repetition). */
#ifndef PB_NESTED_H
#define PB_NESTED_H

#include "paired.h"

/* One pair's log(b / a) split by the process (group[i]) that took pair i. */
typedef struct pb_nested {
    int n, groups;
    double between; /* the estimate of the between-process variance (may be < 0 by chance);
                       NAN when there are fewer than 2 groups or no round to spare */
    double weight2; /* sum over the groups of (rounds / n)^2: the between-process
                       variance's factor in the variance of the mean */
} pb_nested;

/* From the pairs (a[i], b[i]), i < n, of times > 0 (others skipped). 0, or -1 when
 * fewer than one pair is left. */
int pb_nested_split(const double *a, const double *b, const int *group, int n, pb_nested *out);

/* With two processes, one pair's own between-process estimate has a single degree
 * of freedom: the pair's interval then comes from pb_paired_from_logs with extra_var =
 * the between-process variance pooled over a comparison's pairs, times weight2.
 * From PB_NESTED_MIN_GROUPS processes on, the pair's own processes carry it: each
 * process's mean log-ratio is one observation (pb_nested_logs), so that a bias that
 * strikes a few pairs hard is not diluted by the pairs it spares. */
enum { PB_NESTED_MIN_GROUPS = 3 };

/* The log stats of the process means of log(b / a): n = the processes, mean = their
 * mean, se = their standard deviation over sqrt(n) (NAN below 2 processes), for
 * pb_paired_from_logs with no extra variance (a t-interval with n - 1 degrees of
 * freedom). Pairs as in pb_nested_split. */
pb_paired_logs pb_nested_logs(const double *a, const double *b, const int *group, int n);

/* The log stats a pair's interval comes from, for compare and for sweep --against's
 * stopping rule alike: its processes' means (pb_nested_logs) from
 * PB_NESTED_MIN_GROUPS processes on, else its rounds' (pb_paired_log_stats). The
 * processes in *groups. */
pb_paired_logs pb_nested_pair_logs(const double *a, const double *b, const int *group, int n,
                                   int *groups);

#endif
