/* compare_pair.c — each pair's statistics, once compare_match.c has paired the rows:
 * the medians' intervals, the ratio of times with its interval and p-value (paired
 * by round where the runs share rounds, else independent; rounds taken by two worker
 * processes widen it by the between-process variance pooled over the pairs, and those
 * of three or more give it from the processes' means), a bound where one side stopped
 * at its limit, the verdict (on the p-values adjusted over the tested pairs, unless
 * set->adjust is 0) and the ratio of steps. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare.h"
#include "stats/fdr.h"
#include "stats/nested.h"

/* The times of a and b taken in the same rounds of one sweep run (the same run_id),
 * into x and y, and which worker processes took them into group (room for a->n
 * each). Returns how many. */
static int same_rounds(const cmp_row *a, const cmp_row *b, double *x, double *y, int *group)
{
    if (!a->round || !b->round || strcmp(a->run_id, b->run_id)) return 0;
    int *ib = malloc((size_t)a->n * sizeof *ib);
    if (!ib) return 0;
    const int n = pb_pair_by_round_at(a->round, a->t, a->n, b->round, b->t, b->n, x, y, group, ib);
    for (int k = 0; k < n; k++) group[k] = a->process[group[k]] * 1024 + b->process[ib[k]];
    free(ib);
    return n;
}

/* The ratio of a pair whose one side stopped at its limit: its one time is a lower
 * bound on its time, so the ratio of the medians bounds the true ratio, and says
 * which is faster when it lies on the bound's side of 1. */
static void bound_pair(cmp_pair *p)
{
    p->ratio.point = p->sn.median / p->so.median;
    p->n = p->old->n < p->new_->n ? p->old->n : p->new_->n;
    p->bound = p->old->stopped ? CMP_AT_MOST : CMP_AT_LEAST;
    if (p->bound == CMP_AT_MOST && p->ratio.point < 1) p->verdict = CMP_FASTER;
    if (p->bound == CMP_AT_LEAST && p->ratio.point > 1) p->verdict = CMP_SLOWER;
}

/* The ratio from two independent sets of samples: the ratio of the medians with its
 * percentile bootstrap interval, and the U test. 0, or -1 when out of memory. */
static int independent(cmp_pair *p, double alpha)
{
    const cmp_row *a = p->old, *b = p->new_;
    uint64_t seed = pb_bootstrap_seed(a->t, a->n, b->t, b->n);
    if (pb_bootstrap_median_ratio(a->t, a->n, b->t, b->n, 1 - alpha, PB_BOOTSTRAP_RESAMPLES, seed,
                                  &p->ratio) ||
        pb_mann_whitney(a->t, a->n, b->t, b->n, PB_MWU_AUTO, &p->mwu))
        return -1;
    p->method = CMP_INDEPENDENT;
    p->n = a->n < b->n ? a->n : b->n;
    p->p = p->mwu.p;
    return 0;
}

/* A pair's statistics, but for a paired pair's interval and every verdict (decide).
 * Times are compared when both runs finished (status done) with times above 0:
 * paired by round where they share at least 2 rounds of one sweep run (the log-ratios'
 * stats and their split by process kept), else independently. A pair with one side
 * stopped at its limit gets a bound. 0, or -1 when out of memory. */
static int measure(cmp_pair *p, double alpha)
{
    const cmp_row *a = p->old, *b = p->new_;
    if (pb_summarize(a->t, a->n, &p->so) || pb_summarize(b->t, b->n, &p->sn)) return -1;
    p->verdict = CMP_NONE;
    p->ratio = (pb_interval){NAN, NAN, NAN};
    p->mwu = (pb_mwu){NAN, NAN, 0};
    p->p = p->q = p->steps_ratio = NAN;
    p->split = (pb_nested){.between = NAN, .weight2 = NAN};
    if (!(p->so.min > 0) || !(p->sn.min > 0)) return 0;
    const int bounded = (a->done && b->stopped) || (a->stopped && b->done);
    if ((a->done && b->done) || bounded) {
        if (a->has_steps && b->has_steps && a->steps > 0)
            p->steps_ratio = (double)b->steps / (double)a->steps;
    }
    if (!a->done || !b->done) {
        if (bounded) bound_pair(p);
        return 0;
    }
    double *x = malloc((size_t)a->n * sizeof *x), *y = malloc((size_t)a->n * sizeof *y);
    int *group = malloc((size_t)a->n * sizeof *group);
    if (!x || !y || !group) return free(x), free(y), free(group), -1;
    const int n = same_rounds(a, b, x, y, group);
    if (n >= 2 && !pb_nested_split(x, y, group, n, &p->split)) {
        p->method = CMP_PAIRED;
        int groups;
        p->logs = pb_nested_pair_logs(x, y, group, n, &groups);
        p->n = p->split.n;
    } else if (independent(p, alpha)) {
        return free(x), free(y), free(group), -1;
    }
    free(x), free(y), free(group);
    return 0;
}

/* A compared pair's ratio, interval and p-value: a paired one's from its rounds, the
 * variance widened by var_b, the pooled between-process variance, where two worker
 * processes took them, and from its processes' means where more did (nested.h). */
static void test(cmp_pair *p, double alpha, double var_b)
{
    if (!p->old->done || !p->new_->done || !(p->so.min > 0) || !(p->sn.min > 0)) return;
    pb_paired pr;
    if (p->method == CMP_PAIRED &&
        !pb_paired_from_logs(p->logs, p->split.groups == 2 ? var_b * p->split.weight2 : 0,
                             1 - alpha, &pr))
        p->ratio = (pb_interval){pr.ratio, pr.lo, pr.hi}, p->p = pr.p;
    if ((p->too_few = p->n < 2)) p->ratio.lo = p->ratio.hi = p->p = NAN;
}

/* A tested pair's verdict: its p (or, adjusted, its q) below alpha and the ratio's
 * interval wholly beyond the noise floor [1/(1+floor), 1+floor]. */
static void decide(cmp_pair *p, const cmp_set *set)
{
    if (isnan(p->p)) return;
    const double floor = set->threshold >= 0       ? set->threshold
                         : p->method == CMP_PAIRED ? 0
                                                   : CMP_FLOOR;
    const int slower = p->ratio.lo > 1 + floor, faster = p->ratio.hi < 1 / (1 + floor);
    if (!((set->adjust ? p->q : p->p) < set->alpha) || p->ratio.point == 1 || !(slower || faster))
        p->verdict = CMP_SAME;
    else
        p->verdict = faster ? CMP_FASTER : CMP_SLOWER;
}

/* Every tested pair's q-value. 0, or -1 when out of memory. */
static int adjust(cmp_set *set)
{
    double *p = malloc((size_t)(set->npairs ? set->npairs : 1) * sizeof *p);
    double *q = malloc((size_t)(set->npairs ? set->npairs : 1) * sizeof *q);
    if (!p || !q) return free(p), free(q), -1;
    set->tested = 0;
    for (long i = 0; i < set->npairs; i++) p[i] = set->pair[i].p, set->tested += !isnan(p[i]);
    const int rc = pb_bh_adjust(p, set->npairs, q);
    for (long i = 0; i < set->npairs && !rc; i++) set->pair[i].q = q[i];
    free(p), free(q);
    return rc;
}

/* The between-process variance of the pairs whose rounds two worker processes took:
 * the mean of their estimates (each unbiased, and noisy alone), 0 when it is below. */
static void pool_between(cmp_set *set)
{
    double sum = 0;
    set->between = 0, set->between_pairs = 0;
    for (long i = 0; i < set->npairs; i++)
        if (set->pair[i].method == CMP_PAIRED && set->pair[i].split.groups == 2 &&
            !isnan(set->pair[i].split.between))
            sum += set->pair[i].split.between, set->between_pairs++;
    if (set->between_pairs && sum > 0) set->between = sum / set->between_pairs;
}

int cmp_pair_up(const cmp_side *old, const cmp_side *new_, cmp_set *set, char *err, size_t errlen)
{
    if (cmp_match(old, new_, set, err, errlen)) return -1;
    int rc = 0;
    for (long i = 0; i < set->npairs && !rc; i++) rc = measure(&set->pair[i], set->alpha);
    if (rc) snprintf(err, errlen, "out of memory");
    pool_between(set);
    for (long i = 0; i < set->npairs && !rc; i++) test(&set->pair[i], set->alpha, set->between);
    if (!rc && (rc = adjust(set))) snprintf(err, errlen, "out of memory");
    for (long i = 0; i < set->npairs && !rc; i++) decide(&set->pair[i], set);
    if (rc) cmp_set_free(set);
    return rc;
}

void cmp_set_free(cmp_set *set)
{
    free(set->pair);
    set->pair = NULL;
    set->npairs = 0;
}
