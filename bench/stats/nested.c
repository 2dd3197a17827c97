/* nested.c — the between-process variance of paired log-ratios, and their process means. */
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

/* The mean log-ratio of the usable pairs of i's group from i on (i opens it); their
 * number in *ng. */
static double group_mean(const double *a, const double *b, const int *group, int n, int i, int *ng)
{
    double gsum = 0;
    *ng = 0;
    for (int j = i; j < n; j++)
        if (group[j] == group[i] && usable(a[j], b[j])) gsum += log(b[j] / a[j]), ++*ng;
    return gsum / *ng;
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
        int ng;
        const double gmean = group_mean(a, b, group, n, i, &ng);
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

pb_paired_logs pb_nested_logs(const double *a, const double *b, const int *group, int n)
{
    double sum = 0, sum2 = 0;
    int k = 0;
    for (int i = 0; i < n; i++) {
        if (!usable(a[i], b[i]) || !opens_group(a, b, group, i)) continue;
        int ng;
        const double gmean = group_mean(a, b, group, n, i, &ng);
        sum += gmean, sum2 += gmean * gmean, k++;
    }
    pb_paired_logs l = {k, k ? sum / k : NAN, NAN};
    if (k >= 2) l.se = sqrt(fmax(0, (sum2 - sum * l.mean) / (k - 1)) / k);
    return l;
}

pb_paired_logs pb_nested_pair_logs(const double *a, const double *b, const int *group, int n,
                                   int *groups)
{
    const pb_paired_logs by_process = pb_nested_logs(a, b, group, n);
    *groups = by_process.n;
    return by_process.n >= PB_NESTED_MIN_GROUPS ? by_process : pb_paired_log_stats(a, b, n);
}
