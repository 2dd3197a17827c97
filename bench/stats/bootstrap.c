/* bootstrap.c — the percentile bootstrap of a ratio of medians. */
#include "bootstrap.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/rng.h"
#include "stats/summary.h"

static int by_value(const void *p, const void *q)
{
    const double x = *(const double *)p, y = *(const double *)q;
    return (x > y) - (x < y);
}

/* The median of one resample of the sorted s[0..n): n indices drawn with
 * replacement are tallied in count[], and the tally is walked to the middle order
 * statistic(s). Since s is sorted, this is the resample's median in O(n), with no
 * sort per resample. */
static double resample_median(const double *s, int n, int *count, pb_rng *r)
{
    memset(count, 0, (size_t)n * sizeof *count);
    for (int i = 0; i < n; i++) count[pb_rng_below(r, (uint32_t)n)]++;
    const int lo_rank = (n - 1) / 2, hi_rank = n / 2; /* equal when n is odd */
    double lo = 0;
    int seen = 0;
    for (int j = 0; j < n; j++) {
        if (seen <= lo_rank && seen + count[j] > lo_rank) lo = s[j];
        seen += count[j];
        if (seen > hi_rank) return (lo + s[j]) / 2; /* (x + x) / 2 == x exactly */
    }
    return lo; /* not reached: the counts add up to n */
}

/* The k-th smallest (0-based) of v[0..n), moving v's values (Hoare's quickselect):
 * sorting all the resampled ratios just to read two of them would cost more than
 * the resampling. */
static double select_kth(double *v, int n, int k)
{
    int lo = 0, hi = n - 1;
    while (lo < hi) {
        const double pivot = v[lo + (hi - lo) / 2];
        int i = lo, j = hi;
        while (i <= j) {
            while (v[i] < pivot) i++;
            while (v[j] > pivot) j--;
            if (i <= j) {
                double t = v[i];
                v[i++] = v[j], v[j--] = t;
            }
        }
        if (k <= j)
            hi = j;
        else if (k >= i)
            lo = i;
        else
            return v[k];
    }
    return v[k];
}

static double *sorted_copy(const double *v, int n)
{
    double *s = malloc((size_t)n * sizeof *s);
    if (!s) return NULL;
    memcpy(s, v, (size_t)n * sizeof *s);
    qsort(s, (size_t)n, sizeof *s, by_value);
    return s;
}

int pb_bootstrap_median_ratio(const double *a, int na, const double *b, int nb, double level,
                              int resamples, uint64_t seed, pb_interval *out)
{
    if (na < 1 || nb < 1 || resamples < 1 || !(level > 0 && level < 1)) return -1;
    double *sa = sorted_copy(a, na), *sb = sorted_copy(b, nb);
    double *ratio = malloc((size_t)resamples * sizeof *ratio);
    int *count = malloc((size_t)(na > nb ? na : nb) * sizeof *count);
    int rc = -1;
    if (sa && sb && ratio && count) {
        /* The point estimate is computed as the resamples are, so that constant
         * samples give an interval of exactly the point. */
        out->point = pb_median_sort(sb, nb) / pb_median_sort(sa, na);
        pb_rng r;
        pb_rng_seed(&r, seed);
        for (int i = 0; i < resamples; i++) {
            double ma = resample_median(sa, na, count, &r);
            ratio[i] = resample_median(sb, nb, count, &r) / ma;
        }
        int k = (int)floor(resamples * (1 - level) / 2);
        out->lo = select_kth(ratio, resamples, k);
        out->hi = select_kth(ratio, resamples, resamples - 1 - k);
        rc = 0;
    }
    free(sa), free(sb), free(ratio), free(count);
    return rc;
}

static uint64_t mix_values(uint64_t h, const double *v, int n)
{
    for (int i = 0; i < n; i++) {
        uint64_t bits;
        memcpy(&bits, &v[i], sizeof bits);
        h ^= bits;
        h = pb_splitmix64(&h);
    }
    return h;
}

uint64_t pb_bootstrap_seed(const double *a, int na, const double *b, int nb)
{
    /* The sizes go in too, so that moving a value from one side to the other
     * changes the seed. */
    uint64_t h = (uint64_t)na << 32 | (uint32_t)nb;
    return mix_values(mix_values(pb_splitmix64(&h), a, na), b, nb);
}
