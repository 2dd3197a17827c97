/* geomean.c — the geometric mean, summed in logs so that long products of ratios
 * neither overflow nor underflow. */
#include "geomean.h"

#include <math.h>

double pb_geomean(const double *v, int n)
{
    if (n < 1) return NAN;
    double logs = 0;
    for (int i = 0; i < n; i++) {
        if (!(v[i] > 0)) return NAN;
        logs += log(v[i]);
    }
    return exp(logs / n);
}
