/* nested.c — the between-process variance of paired log-ratios, and the interval it
 * widens. */
#include "nested.h"

#include <math.h>

static int usable(double a, double b)
{
    return a > 0 && b > 0 && isfinite(a) && isfinite(b);
}

/* Whether usable pair i is the first usable pair of its group. */
static int opens_group(const double *a, const double *b, const int *group, int i)
{
    for (int j = 0; j < i; j++)
        if (group[j] == group[i] && usable(a[j], b[j])) return 0;
    return 1;
}

int pb_nested_split(const double *a, const double *b, const int *group, int n, pb_nested *out)
{
    *out = (pb_nested){.between = NAN, .weight2 = NAN};
    int used = 0, groups = 0;
    double sum = 0;
    for (int i = 0; i < n; i++)
        if (usable(a[i], b[i])) {
            sum += log(b[i] / a[i]), used++;
            groups += opens_group(a, b, group, i);
        }
    if (!used) return -1;
    out->n = used, out->groups = groups;
    const double mean = sum / used;
    double ss_between = 0, ss_within = 0, sum_n2 = 0;
    for (int i = 0; i < n; i++) {
        if (!usable(a[i], b[i]) || !opens_group(a, b, group, i)) continue;
        int ng = 0;
        double gsum = 0;
        for (int j = i; j < n; j++)
            if (group[j] == group[i] && usable(a[j], b[j])) gsum += log(b[j] / a[j]), ng++;
        const double gmean = gsum / ng;
        for (int j = i; j < n; j++)
            if (group[j] == group[i] && usable(a[j], b[j])) {
                const double r = log(b[j] / a[j]) - gmean;
                ss_within += r * r;
            }
        ss_between += ng * (gmean - mean) * (gmean - mean);
        sum_n2 += (double)ng * ng;
    }
    out->weight2 = sum_n2 / ((double)used * used);
    if (groups < 2 || used <= groups) return 0;
    /* E[MS_between] = var_w + n0 var_b, E[MS_within] = var_w (unbalanced one-way). */
    const double n0 = (used - sum_n2 / used) / (groups - 1);
    const double ms_between = ss_between / (groups - 1), ms_within = ss_within / (used - groups);
    out->between = (ms_between - ms_within) / n0;
    return 0;
}

int pb_paired_ratio_nested(const double *a, const double *b, int n, double var_b, double weight2,
                           double level, pb_paired *out)
{
    if (pb_paired_ratio(a, b, n, level, out)) return -1;
    if (out->n < 2 || !(var_b > 0) || !(weight2 > 0)) return 0;
    const pb_paired_logs l = pb_paired_log_stats(a, b, n);
    const double se = sqrt(l.se * l.se + var_b * weight2);
    const double w = pb_t_quantile(level, l.n - 1) * se;
    out->lo = exp(l.mean - w), out->hi = exp(l.mean + w);
    out->halfwidth = expm1(w);
    out->p = pb_t_two_sided_p(l.mean / se, l.n - 1);
    return 0;
}
