/* fdr.c — the Benjamini-Hochberg q-values (step-up, from the largest p down). */
#include "stats/fdr.h"

#include <math.h>
#include <stdlib.h>

typedef struct ranked {
    double p;
    long at;
} ranked;

static int by_p(const void *a, const void *b)
{
    const ranked *x = a, *y = b;
    if (x->p != y->p) return x->p < y->p ? -1 : 1;
    return (x->at > y->at) - (x->at < y->at);
}

int pb_bh_adjust(const double *p, long n, double *q)
{
    ranked *r = malloc((size_t)(n > 0 ? n : 1) * sizeof *r);
    if (!r) return -1;
    long m = 0;
    for (long i = 0; i < n; i++) {
        if (isnan(p[i]))
            q[i] = NAN;
        else
            r[m++] = (ranked){p[i], i};
    }
    qsort(r, (size_t)m, sizeof *r, by_p);
    double least = 1;
    for (long j = m; j >= 1; j--) {
        const double v = r[j - 1].p * (double)m / (double)j;
        if (v < least) least = v;
        q[r[j - 1].at] = least;
    }
    free(r);
    return 0;
}
