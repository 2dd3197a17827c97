/* mann_whitney.c — the U statistic from midranks, its exact null distribution by
 * dynamic programming, and the normal approximation with tie and continuity
 * corrections. */
#include "mann_whitney.h"

#include <math.h>
#include <stdlib.h>

typedef struct labelled {
    double v;
    int from_x;
} labelled;

static int by_value(const void *p, const void *q)
{
    const double a = ((const labelled *)p)->v, b = ((const labelled *)q)->v;
    return (a > b) - (a < b);
}

/* U of x from the rank sum of x (midranks for ties); *ties gets sum(t^3 - t) over
 * the groups of t tied values, which the normal approximation's variance needs. */
static int u_statistic(const double *x, int nx, const double *y, int ny, double *u, double *ties)
{
    const int n = nx + ny;
    labelled *all = malloc((size_t)n * sizeof *all);
    if (!all) return -1;
    for (int i = 0; i < nx; i++) all[i] = (labelled){x[i], 1};
    for (int j = 0; j < ny; j++) all[nx + j] = (labelled){y[j], 0};
    qsort(all, (size_t)n, sizeof *all, by_value);
    double rank_sum = 0;
    *ties = 0;
    for (int i = 0, end; i < n; i = end) {
        int in_x = 0;
        for (end = i; end < n && all[end].v == all[i].v; end++) in_x += all[end].from_x;
        const double t = end - i, midrank = (i + 1 + end) / 2.0; /* ranks i+1 .. end */
        rank_sum += in_x * midrank;
        *ties += t * t * t - t;
    }
    free(all);
    *u = rank_sum - nx * (nx + 1) / 2.0;
    return 0;
}

/* count[u] for u = 0 .. nx ny: how many of the C(nx + ny, nx) orderings of nx x's
 * and ny y's give U = u. With i x's and j y's, the largest value is an x (it beats
 * all j y's: U grows by j) or a y (U unchanged), so
 *     f(i, j)(u) = f(i - 1, j)(u - j) + f(i, j - 1)(u),  f(i, 0) = f(0, j) = [u == 0].
 * Row f(i, .) is built over row f(i - 1, .) in place: f[j] holds one polynomial. */
static double *exact_counts(int nx, int ny)
{
    const int width = nx * ny + 1;
    double *f = calloc((size_t)(ny + 1) * (size_t)width, sizeof *f);
    if (!f) return NULL;
    for (int j = 0; j <= ny; j++) f[(size_t)j * width] = 1; /* f(0, j) */
    for (int i = 1; i <= nx; i++)
        for (int j = 1; j <= ny; j++) {
            double *cur = f + (size_t)j * width, *left = cur - width; /* f(i, j - 1) */
            for (int u = width - 1; u >= 0; u--) /* downwards: cur[u - j] is still f(i-1, j) */
                cur[u] = (u >= j ? cur[u - j] : 0) + left[u];
        }
    return f;
}

static int exact_p(int nx, int ny, double u, double *p)
{
    double *f = exact_counts(nx, ny);
    if (!f) return -1;
    const double *count = f + (size_t)ny * (size_t)(nx * ny + 1);
    double below = 0, above = 0, total = 0; /* P(U <= u), P(U >= u), all, in counts */
    for (int k = 0; k <= nx * ny; k++) {
        total += count[k];
        if (k <= u) below += count[k];
        if (k >= u) above += count[k];
    }
    free(f);
    *p = fmin(1, 2 * fmin(below, above) / total);
    return 0;
}

/* z = (|U - mean| - 1/2) / sd, the 1/2 correcting for U's discreteness; the
 * variance shrinks with ties (each group of t shares one midrank). */
static double normal_p(int nx, int ny, double u, double ties)
{
    const double n = nx + ny, mean = nx * (double)ny / 2;
    const double var = nx * (double)ny / 12 * ((n + 1) - ties / (n * (n - 1)));
    if (!(var > 0)) return 1; /* every value equal: no evidence either way */
    const double z = fmax(0, fabs(u - mean) - 0.5) / sqrt(var);
    return fmin(1, erfc(z / sqrt(2)));
}

int pb_mann_whitney(const double *x, int nx, const double *y, int ny, pb_mwu_method method,
                    pb_mwu *out)
{
    double ties;
    if (nx < 1 || ny < 1 || u_statistic(x, nx, y, ny, &out->u, &ties)) return -1;
    const int small = nx + ny <= PB_MWU_EXACT_MAX;
    out->exact = ties == 0 && (method == PB_MWU_EXACT || (method == PB_MWU_AUTO && small));
    if (out->exact) return exact_p(nx, ny, out->u, &out->p);
    out->p = normal_p(nx, ny, out->u, ties);
    return 0;
}
