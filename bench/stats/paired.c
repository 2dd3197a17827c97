/* paired.c — paired ratios of times, and the t distribution they need. */
#include "paired.h"

#include <math.h>
#include <stddef.h>

/* The continued fraction of the regularized incomplete beta function I_x(a, b),
 * evaluated by the modified Lentz method; converges fast for x < (a + 1) / (a + b + 2). */
static double beta_fraction(double a, double b, double x)
{
    const double tiny = 1e-300;
    double c = 1, d = 1 - (a + b) * x / (a + 1);
    if (fabs(d) < tiny) d = tiny;
    d = 1 / d;
    double h = d;
    for (int m = 1; m <= 300; m++) {
        const double m2 = 2.0 * m;
        double aa = m * (b - m) * x / ((a + m2 - 1) * (a + m2));
        d = 1 + aa * d, c = 1 + aa / c;
        if (fabs(d) < tiny) d = tiny;
        if (fabs(c) < tiny) c = tiny;
        d = 1 / d, h *= d * c;
        aa = -(a + m) * (a + b + m) * x / ((a + m2) * (a + m2 + 1));
        d = 1 + aa * d, c = 1 + aa / c;
        if (fabs(d) < tiny) d = tiny;
        if (fabs(c) < tiny) c = tiny;
        d = 1 / d;
        const double step = d * c;
        h *= step;
        if (fabs(step - 1) < 1e-15) break;
    }
    return h;
}

/* I_x(a, b), the regularized incomplete beta function. */
static double incomplete_beta(double a, double b, double x)
{
    if (x <= 0) return 0;
    if (x >= 1) return 1;
    const double front = exp(lgamma(a + b) - lgamma(a) - lgamma(b) + a * log(x) + b * log1p(-x));
    if (x < (a + 1) / (a + b + 2)) return front * beta_fraction(a, b, x) / a;
    return 1 - front * beta_fraction(b, a, 1 - x) / b;
}

double pb_t_two_sided_p(double t, int df)
{
    if (!isfinite(t)) return isnan(t) ? NAN : 0;
    const double nu = df;
    return incomplete_beta(nu / 2, 0.5, nu / (nu + t * t));
}

double pb_t_quantile(double level, int df)
{
    const double want = 1 - level; /* P(|T| >= t), falling as t grows */
    double lo = 0, hi = 1;
    while (pb_t_two_sided_p(hi, df) > want && hi < 1e9) hi *= 2;
    for (int i = 0; i < 200 && hi - lo > 1e-12 * hi; i++) {
        const double mid = (lo + hi) / 2;
        if (pb_t_two_sided_p(mid, df) > want)
            lo = mid;
        else
            hi = mid;
    }
    return (lo + hi) / 2;
}

pb_paired_logs pb_paired_log_stats(const double *a, const double *b, int n)
{
    double sum = 0, sum2 = 0;
    int k = 0;
    for (int i = 0; i < n; i++)
        if (a[i] > 0 && b[i] > 0 && isfinite(a[i]) && isfinite(b[i])) {
            const double d = log(b[i] / a[i]);
            sum += d, sum2 += d * d, k++;
        }
    pb_paired_logs l = {k, k ? sum / k : NAN, NAN};
    if (k >= 2) l.se = sqrt(fmax(0, (sum2 - sum * l.mean) / (k - 1)) / k);
    return l;
}

int pb_paired_ratio(const double *a, const double *b, int n, double level, pb_paired *out)
{
    return pb_paired_from_logs(pb_paired_log_stats(a, b, n), 0, level, out);
}

int pb_paired_from_logs(pb_paired_logs l, double extra_var, double level, pb_paired *out)
{
    *out = (pb_paired){.n = l.n, .ratio = NAN, .lo = NAN, .hi = NAN, .p = NAN, .halfwidth = NAN};
    if (l.n < 1) return -1;
    out->ratio = exp(l.mean);
    if (l.n < 2) return 0;
    const double se = extra_var > 0 ? sqrt(l.se * l.se + extra_var) : l.se;
    const double w = pb_t_quantile(level, l.n - 1) * se;
    out->lo = exp(l.mean - w), out->hi = exp(l.mean + w);
    out->halfwidth = expm1(w);
    out->p = se > 0 ? pb_t_two_sided_p(l.mean / se, l.n - 1) : l.mean == 0 ? 1 : 0;
    return 0;
}

int pb_pair_by_round(const int *ra, const double *ta, int na, const int *rb, const double *tb,
                     int nb, double *x, double *y)
{
    return pb_pair_by_round_at(ra, ta, na, rb, tb, nb, x, y, NULL, NULL);
}

int pb_pair_by_round_at(const int *ra, const double *ta, int na, const int *rb, const double *tb,
                        int nb, double *x, double *y, int *ia, int *ib)
{
    int n = 0;
    for (int i = 0; i < na; i++)
        for (int j = 0; ra[i] >= 0 && j < nb; j++)
            if (rb[j] == ra[i]) {
                if (ia) ia[n] = i, ib[n] = j;
                x[n] = ta[i], y[n++] = tb[j];
                break;
            }
    return n;
}
