/* geomean.h — the geometric mean, the average that suits ratios: the mean of
 * twice and half is the ratio 1, where the plain mean would say 1.25. */
#ifndef PB_GEOMEAN_H
#define PB_GEOMEAN_H

/* exp(mean(log v[i])) over v[0..n); NAN when n < 1 or a value is not > 0. */
double pb_geomean(const double *v, int n);

#endif
