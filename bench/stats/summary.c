/* summary.c — min, median, mean, spread and the median's order-statistic interval. */
#include "summary.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static int by_value(const void *a, const void *b)
{
    const double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

double pb_median_sort(double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, by_value);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* P(Binomial(n, 1/2) <= j), summed in logs so that large n does not overflow. */
static double binom_half_cdf(int n, int j)
{
    double p = 0;
    for (int i = 0; i <= j; i++)
        p += exp(lgamma(n + 1.0) - lgamma(i + 1.0) - lgamma(n - i + 1.0) - n * log(2.0));
    return p;
}

int pb_median_ci_rank(int n, double level, double *coverage)
{
    /* The interval [x(k), x(n+1-k)] misses the median when fewer than k values lie
     * below it or fewer than k above: probability 2 P(B < k), B ~ Binomial(n, 1/2). */
    int k = 1;
    while (k + 1 <= (n + 1) / 2 && 1 - 2 * binom_half_cdf(n, k) >= level) k++;
    *coverage = 1 - 2 * binom_half_cdf(n, k - 1);
    return k;
}

int pb_summarize(const double *v, int n, pb_summary *s)
{
    double *w = malloc((size_t)n * sizeof *w);
    if (!w) return -1;
    memcpy(w, v, (size_t)n * sizeof *w);
    s->n = n;
    s->median = pb_median_sort(w, n);
    s->min = w[0];
    double sum = 0;
    for (int i = 0; i < n; i++) sum += w[i];
    s->mean = sum / n;
    s->stddev = s->cv = s->median_lo = s->median_hi = NAN;
    s->coverage = 0;
    if (n >= 2) {
        double ss = 0;
        for (int i = 0; i < n; i++) ss += (w[i] - s->mean) * (w[i] - s->mean);
        s->stddev = sqrt(ss / (n - 1));
        s->cv = s->mean > 0 ? s->stddev / s->mean : NAN;
        int k = pb_median_ci_rank(n, 0.95, &s->coverage);
        s->median_lo = w[k - 1];
        s->median_hi = w[n - k];
    }
    free(w);
    return 0;
}
