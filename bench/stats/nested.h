/* nested.h — a paired ratio whose rounds are nested in worker processes (sweep
 * --against with several workers per build): what holds for one process for its
 * whole life, such as where its memory lies, moves all of its rounds together, so
 * the rounds alone understate how well the ratio is known. The between-process
 * variance of the log-ratios comes from a one-way analysis of variance of each pair
 * (method of moments), pooled over the pairs of a comparison, and widens each pair's
 * interval by its share (Kalibera and Jones, ISMM 2013: the variance at each level of
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

/* The pair's interval then comes from pb_paired_from_logs with extra_var = the
 * pooled between-process variance times weight2. */

#endif
