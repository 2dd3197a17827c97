/* geomean.h — the geometric mean, the average that suits ratios: the mean of
 * 2x and 1/2x is 1x, not 1.25x. */
#ifndef PB_GEOMEAN_H
#define PB_GEOMEAN_H

/* exp(mean(log v[i])) over v[0..n); NAN when n < 1 or a value is not > 0. */
double pb_geomean(const double *v, int n);

#endif
