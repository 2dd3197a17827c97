/* test_stats.c — bench/stats against hand-computed and published values: the
 * summary of a run's samples and the order-statistic interval of its median, the
 * Mann–Whitney U test (exact and normal, with ties) and the percentile bootstrap of
 * a ratio of medians, the geometric mean, and the Benjamini-Hochberg q-values. */
#include <math.h>
#include <string.h>

#include "check.h"
#include "stats/bootstrap.h"
#include "stats/fdr.h"
#include "stats/geomean.h"
#include "stats/mann_whitney.h"
#include "stats/nested.h"
#include "stats/paired.h"
#include "stats/summary.h"

#define CHECK_NEAR(got, want, tol)                                                                 \
    do {                                                                                           \
        double g_ = (got), w_ = (want);                                                            \
        check_count++;                                                                             \
        if (!(fabs(g_ - w_) <= (tol))) {                                                           \
            check_failures++;                                                                      \
            fprintf(stderr, "%s:%d: %s = %.17g, expected %.17g\n", __FILE__, __LINE__, #got, g_,   \
                    w_);                                                                           \
        }                                                                                          \
    } while (0)

#define N(a) ((int)(sizeof(a) / sizeof *(a)))

static void test_summary(void)
{
    const double odd[] = {3, 1, 2, 5, 4};
    pb_summary s;
    CHECK(pb_summarize(odd, 5, &s) == 0);
    CHECK(s.n == 5 && s.min == 1 && s.median == 3 && s.mean == 3);
    CHECK_NEAR(s.stddev, sqrt(2.5), 1e-15); /* squares 4+1+0+1+4 = 10, over n - 1 = 4 */
    CHECK_NEAR(s.cv, sqrt(2.5) / 3, 1e-15);
    /* n = 5: [x(1), x(5)] misses the median with probability 2 / 2^5. */
    CHECK(s.median_lo == 1 && s.median_hi == 5);
    CHECK(s.coverage == 0.9375);
    CHECK(odd[0] == 3); /* not changed */

    const double even[] = {4, 1, 3, 2};
    CHECK(pb_summarize(even, 4, &s) == 0);
    CHECK(s.median == 2.5 && s.min == 1 && s.mean == 2.5);

    const double one[] = {7};
    CHECK(pb_summarize(one, 1, &s) == 0);
    CHECK(s.median == 7 && s.min == 7 && s.mean == 7);
    CHECK(isnan(s.stddev) && isnan(s.cv) && isnan(s.median_lo) && isnan(s.median_hi));

    /* n = 10: [x(2), x(9)] misses with 2 P(B <= 1) = 2 (1 + 10) / 1024; [x(3), x(8)]
     * would miss with 2 (1 + 10 + 45) / 1024 = 0.109 > 0.05. */
    const double ten[] = {10, 9, 8, 7, 6, 5, 4, 3, 2, 1};
    CHECK(pb_summarize(ten, 10, &s) == 0);
    CHECK(s.median == 5.5 && s.median_lo == 2 && s.median_hi == 9);
    CHECK(s.coverage == 0.978515625);
}

static void test_median_ci_rank(void)
{
    double cov;
    CHECK(pb_median_ci_rank(5, 0.95, &cov) == 1 && cov == 0.9375);
    CHECK(pb_median_ci_rank(6, 0.95, &cov) == 1 && cov == 0.96875); /* 1 - 2/64 */
    CHECK(pb_median_ci_rank(10, 0.95, &cov) == 2 && cov == 0.978515625);
    CHECK(pb_median_ci_rank(2, 0.95, &cov) == 1 && cov == 0.5);
    /* n = 17: 2 P(B <= 4) = 2 (1 + 17 + 136 + 680 + 2380) / 2^17 = 0.049042...: k = 5. */
    CHECK(pb_median_ci_rank(17, 0.95, &cov) == 5);
    CHECK_NEAR(cov, 1 - 2 * 3214.0 / 131072, 1e-12);
}

/* SciPy's mannwhitneyu documentation: ages of 5 male and 4 female staff. */
static const double males[] = {19, 22, 16, 29, 24}, females[] = {20, 11, 17, 12};

static void test_mann_whitney_published(void)
{
    pb_mwu r;
    CHECK(pb_mann_whitney(males, 5, females, 4, PB_MWU_AUTO, &r) == 0);
    CHECK(r.u == 17 && r.exact);
    /* U >= 17 is U <= 3 by symmetry: 1 + 1 + 2 + 3 = 7 of C(9, 4) = 126 orderings. */
    CHECK_NEAR(r.p, 2 * 7.0 / 126, 1e-15); /* SciPy: 0.1111111111111111 */
    CHECK(pb_mann_whitney(females, 4, males, 5, PB_MWU_AUTO, &r) == 0);
    CHECK(r.u == 3);
    CHECK_NEAR(r.p, 2 * 7.0 / 126, 1e-15);
    /* method="asymptotic" in the same documentation: 0.11134688653314041. */
    CHECK(pb_mann_whitney(males, 5, females, 4, PB_MWU_NORMAL, &r) == 0);
    CHECK(r.u == 17 && !r.exact);
    CHECK_NEAR(r.p, 0.11134688653314041, 1e-12);
}

static void test_mann_whitney_exact(void)
{
    pb_mwu r;
    /* Fully separated, 5 against 5: only 1 of C(10, 5) = 252 orderings is as extreme
     * on each side. */
    const double lo[] = {1, 2, 3, 4, 5}, hi[] = {6, 7, 8, 9, 10};
    CHECK(pb_mann_whitney(hi, 5, lo, 5, PB_MWU_AUTO, &r) == 0);
    CHECK(r.u == 25 && r.exact);
    CHECK_NEAR(r.p, 2.0 / 252, 1e-15);
    CHECK(pb_mann_whitney(lo, 5, hi, 5, PB_MWU_AUTO, &r) == 0);
    CHECK(r.u == 0);
    CHECK_NEAR(r.p, 2.0 / 252, 1e-15);
    /* 2 against 2, U at its mean: the counts of U = 0..4 are 1 1 2 1 1, P(U <= 2) = 4/6,
     * and 2 * 4/6 is capped at 1. */
    const double a[] = {1, 4}, b[] = {2, 3};
    CHECK(pb_mann_whitney(a, 2, b, 2, PB_MWU_AUTO, &r) == 0);
    CHECK(r.u == 2 && r.exact && r.p == 1);
    /* 1 against 1: the two orderings are equally likely, p = 1 either way. */
    CHECK(pb_mann_whitney(a, 1, b, 1, PB_MWU_AUTO, &r) == 0);
    CHECK(r.u == 0 && r.p == 1);
    /* 3 against 3, separated: 2 / C(6, 3) = 0.1, never below 0.05 with so few. */
    CHECK(pb_mann_whitney(lo, 3, hi, 3, PB_MWU_AUTO, &r) == 0);
    CHECK_NEAR(r.p, 0.1, 1e-15);
}

static void test_mann_whitney_normal(void)
{
    pb_mwu r;
    /* Ties: x = 1 2 3 3, y = 3 4 4 5. U of x = 1/2 + 1/2 (each 3 of x ties the 3 of
     * y). Sorted: 1 2 3 3 3 4 4 5, tie groups of 3 and 2: sum(t^3 - t) = 24 + 6 = 30.
     * var = 4*4/12 (9 - 30/(8*7)) = 11.285714..., z = (|1 - 8| - 1/2) / sqrt(var) =
     * 1.93486..., p = erfc(z / sqrt 2) = 0.0530078691... */
    const double x[] = {1, 2, 3, 3}, y[] = {3, 4, 4, 5};
    CHECK(pb_mann_whitney(x, 4, y, 4, PB_MWU_AUTO, &r) == 0);
    CHECK(r.u == 1 && !r.exact);
    CHECK_NEAR(r.p, erfc(6.5 / sqrt(16.0 / 12 * (9 - 30.0 / 56)) / sqrt(2)), 1e-15);
    CHECK_NEAR(r.p, 0.05300786910196125, 1e-12);
    CHECK(pb_mann_whitney(x, 4, y, 4, PB_MWU_EXACT, &r) == 0 && !r.exact); /* ties: normal */
    /* Every value equal: no evidence of a difference. */
    const double same[] = {2, 2, 2, 2, 2};
    CHECK(pb_mann_whitney(same, 5, same, 3, PB_MWU_AUTO, &r) == 0);
    CHECK(r.u == 7.5 && r.p == 1);
    /* 30 against 30 (over the exact limit), separated: U = 0, mean 450, var = 900/12
     * * 61 = 4575, z = 449.5 / sqrt(4575). */
    double lo[30], hi[30];
    for (int i = 0; i < 30; i++) lo[i] = i, hi[i] = 30 + i;
    CHECK(pb_mann_whitney(lo, 30, hi, 30, PB_MWU_AUTO, &r) == 0);
    CHECK(r.u == 0 && !r.exact);
    CHECK_NEAR(r.p, erfc(449.5 / sqrt(4575) / sqrt(2)), 1e-20);
    /* 20 against 20, shifted by 5.5: U of a counts i - j >= 6, 1 + 2 + ... + 14 = 105
     * pairs. The exact p, 2 P(U <= 105), is 0.009483607191205005 by a separate count
     * (Python, f(i, j) as dictionaries of U); the normal approximation is within 15%. */
    double a[20], b[20], pe, pn;
    for (int i = 0; i < 20; i++) a[i] = i, b[i] = 5.5 + i;
    CHECK(pb_mann_whitney(a, 20, b, 20, PB_MWU_AUTO, &r) == 0 && r.exact);
    pe = r.p;
    CHECK(pb_mann_whitney(a, 20, b, 20, PB_MWU_NORMAL, &r) == 0 && !r.exact);
    pn = r.p;
    CHECK(r.u == 105 && fabs(pe - pn) < 0.15 * pe);
    CHECK_NEAR(pe, 0.009483607191205005, 1e-15);
    CHECK(pb_mann_whitney(a, 0, b, 20, PB_MWU_AUTO, &r) == -1);
}

static void test_bootstrap_exact_cases(void)
{
    pb_interval iv;
    /* Constant samples: every resample's ratio is the ratio itself, bit for bit. */
    const double two[] = {2, 2, 2}, three[] = {3, 3, 3, 3};
    CHECK(pb_bootstrap_median_ratio(two, 3, three, 4, 0.95, 1000, 1, &iv) == 0);
    CHECK(iv.point == 1.5 && iv.lo == 1.5 && iv.hi == 1.5);
    const double c1[] = {1e-7, 1e-7}, c2[] = {3.3e-7, 3.3e-7, 3.3e-7};
    CHECK(pb_bootstrap_median_ratio(c1, 2, c2, 3, 0.95, 1000, 7, &iv) == 0);
    CHECK(iv.point == 3.3e-7 / 1e-7 && iv.lo == iv.point && iv.hi == iv.point);
    /* a = {1}, b = {1, 2}: a resample of b is {1,1}, {1,2}, {2,1} or {2,2}, so the ratio
     * is 1, 1.5 or 2 with probabilities 1/4, 1/2, 1/4. The 2.5% and 97.5% points are
     * 1 and 2; the 30% and 70% points (level 0.4) are both 1.5. */
    const double one[] = {1}, one_two[] = {1, 2};
    CHECK(pb_bootstrap_median_ratio(one, 1, one_two, 2, 0.95, 10000, 3, &iv) == 0);
    CHECK(iv.point == 1.5 && iv.lo == 1 && iv.hi == 2);
    CHECK(pb_bootstrap_median_ratio(one, 1, one_two, 2, 0.4, 10000, 3, &iv) == 0);
    CHECK(iv.lo == 1.5 && iv.hi == 1.5);
    /* The other way round: 1/1, 1/1.5, 1/2. */
    CHECK(pb_bootstrap_median_ratio(one_two, 2, one, 1, 0.95, 10000, 3, &iv) == 0);
    CHECK(iv.point == 1 / 1.5 && iv.lo == 0.5 && iv.hi == 1);
    CHECK(pb_bootstrap_median_ratio(one, 0, one, 1, 0.95, 100, 3, &iv) == -1);
    CHECK(pb_bootstrap_median_ratio(one, 1, one, 1, 1.0, 100, 3, &iv) == -1);
}

static void test_bootstrap_spread(void)
{
    /* 20 timings spread over +-10%, and the same slowed by 10%. */
    double a[20], b[20];
    for (int i = 0; i < 20; i++) a[i] = 1 + 0.01 * ((i * 7) % 20) - 0.095, b[i] = 1.1 * a[i];
    pb_interval iv, again, other;
    uint64_t seed = pb_bootstrap_seed(a, 20, b, 20);
    CHECK(seed == pb_bootstrap_seed(a, 20, b, 20));
    CHECK(seed != pb_bootstrap_seed(b, 20, a, 20));
    CHECK(pb_bootstrap_median_ratio(a, 20, b, 20, 0.95, PB_BOOTSTRAP_RESAMPLES, seed, &iv) == 0);
    CHECK_NEAR(iv.point, 1.1, 1e-12);
    CHECK(iv.lo < iv.point && iv.point < iv.hi);
    CHECK(iv.lo > 1.0 && iv.hi < 1.2);
    CHECK(pb_bootstrap_median_ratio(a, 20, b, 20, 0.95, PB_BOOTSTRAP_RESAMPLES, seed, &again) == 0);
    CHECK(memcmp(&iv, &again, sizeof iv) == 0);
    CHECK(pb_bootstrap_median_ratio(a, 20, b, 20, 0.95, PB_BOOTSTRAP_RESAMPLES, seed + 1, &other) ==
          0);
    CHECK(fabs(other.lo - iv.lo) < 0.01 && fabs(other.hi - iv.hi) < 0.01); /* stable */
    /* A narrower level gives a narrower interval inside the wider one. */
    CHECK(pb_bootstrap_median_ratio(a, 20, b, 20, 0.5, PB_BOOTSTRAP_RESAMPLES, seed, &other) == 0);
    CHECK(other.lo >= iv.lo && other.hi <= iv.hi && other.hi - other.lo < iv.hi - iv.lo);
}

static void test_geomean(void)
{
    const double r[] = {2, 0.5}, p[] = {1, 2, 4}, z[] = {1, 0};
    CHECK_NEAR(pb_geomean(r, 2), 1, 1e-15);
    CHECK_NEAR(pb_geomean(p, 3), 2, 1e-15);
    CHECK(isnan(pb_geomean(p, 0)) && isnan(pb_geomean(z, 2)));
}

/* Student's t against published tables, and the two-sided p at df 2, where it has a
 * closed form: p = 1 - t / sqrt(2 + t^2). */
static void test_t_distribution(void)
{
    CHECK_NEAR(pb_t_quantile(0.95, 1), 12.706205, 1e-6);
    CHECK_NEAR(pb_t_quantile(0.95, 4), 2.776445, 1e-6);
    CHECK_NEAR(pb_t_quantile(0.95, 9), 2.262157, 1e-6);
    CHECK_NEAR(pb_t_quantile(0.95, 29), 2.045230, 1e-6);
    CHECK_NEAR(pb_t_quantile(0.99, 10), 3.169273, 1e-6);
    CHECK_NEAR(pb_t_two_sided_p(2, 10), 0.073388, 1e-6);
    CHECK_NEAR(pb_t_two_sided_p(sqrt(3), 2), 1 - sqrt(3) / sqrt(5), 1e-12);
    CHECK_NEAR(pb_t_two_sided_p(0, 5), 1, 1e-15);
}

/* Ratios paired by round: exact when every round agrees; with spread, the interval
 * and p of a one-sample t-test on the logs. */
static void test_paired_ratio(void)
{
    const double a[] = {1, 2, 4, 8, 0}, b[] = {1.1, 2.2, 4.4, 8.8, 3};
    pb_paired r;
    CHECK(pb_paired_ratio(a, b, 5, 0.95, &r) == 0); /* the pair with a 0 is skipped */
    CHECK(r.n == 4 && fabs(r.ratio - 1.1) < 1e-12 && fabs(r.lo - 1.1) < 1e-12);
    CHECK(fabs(r.hi - 1.1) < 1e-12 && r.p == 0 && fabs(r.halfwidth) < 1e-12);
    /* log ratios 0, 2L, L (L = log 1.1): mean L, sd L, t = sqrt(3) on 2 degrees */
    const double x[] = {1, 1, 1}, y[] = {1, 1.21, 1.1};
    CHECK(pb_paired_ratio(x, y, 3, 0.95, &r) == 0);
    const double L = log(1.1), w = pb_t_quantile(0.95, 2) * L / sqrt(3);
    CHECK(r.n == 3);
    CHECK_NEAR(r.ratio, 1.1, 1e-12);
    CHECK_NEAR(r.lo, exp(L - w), 1e-12);
    CHECK_NEAR(r.hi, exp(L + w), 1e-12);
    CHECK_NEAR(r.p, 1 - sqrt(3) / sqrt(5), 1e-9);
    CHECK_NEAR(r.halfwidth, expm1(w), 1e-12);
    /* one pair: a ratio, no interval */
    CHECK(pb_paired_ratio(x, y + 1, 1, 0.95, &r) == 0 && r.n == 1 && isnan(r.lo) && isnan(r.p));
    CHECK(pb_paired_ratio(a + 4, b + 4, 1, 0.95, &r) == -1 && r.n == 0);
    /* The sweep's half-width from the log stats and its own t factor is the interval's */
    const pb_paired_logs l = pb_paired_log_stats(x, y, 3);
    CHECK(l.n == 3);
    CHECK_NEAR(expm1(pb_t_quantile(0.95, l.n - 1) * l.se), expm1(w), 1e-12);
    CHECK(isnan(pb_paired_log_stats(x, y, 1).se));
}

/* Samples pair by round number, in any order, with rounds < 0 and rounds one side
 * lacks left out. */
static void test_pair_by_round(void)
{
    const int ra[] = {3, 0, -1, 1, 5}, rb[] = {1, 3, 4, 0, -1};
    const double ta[] = {30, 0.5, 99, 10, 50}, tb[] = {11, 33, 44, 0.6, 99};
    double x[5], y[5];
    const int n = pb_pair_by_round(ra, ta, 5, rb, tb, 5, x, y);
    CHECK(n == 3);
    CHECK(x[0] == 30 && y[0] == 33 && x[1] == 0.5 && y[1] == 0.6 && x[2] == 10 && y[2] == 11);
    CHECK(pb_pair_by_round(ra, ta, 5, rb, tb, 0, x, y) == 0);
    int ia[5], ib[5];
    CHECK(pb_pair_by_round_at(ra, ta, 5, rb, tb, 5, x, y, ia, ib) == 3);
    CHECK(ia[0] == 0 && ib[0] == 1 && ia[1] == 1 && ib[1] == 3 && ia[2] == 3 && ib[2] == 0);
}

/* Rounds nested in worker processes: log-ratios 0.02, 0.04 (process 0) and -0.02, 0
 * (process 1), a pair with a 0 time skipped. Mean 0.01; group means 0.03 and -0.01:
 * MS_between = 2 (0.02^2 + 0.02^2) = 0.0016, MS_within = 4 (0.01^2) / 2 = 0.0002, n0 = 2,
 * so the between-process variance is (0.0016 - 0.0002) / 2 = 0.0007; each process
 * holds half the rounds: weight2 = 0.5. */
static void test_nested(void)
{
    const double a[] = {1, 1, 1, 0, 1}, b[] = {exp(0.02), exp(0.04), exp(-0.02), 1, 1};
    const int group[] = {0, 0, 1, 0, 1};
    pb_nested s;
    CHECK(pb_nested_split(a, b, group, 5, &s) == 0);
    CHECK(s.n == 4 && s.groups == 2);
    CHECK_NEAR(s.between, 0.0007, 1e-12);
    CHECK_NEAR(s.weight2, 0.5, 1e-12);
    /* The interval: the rounds' variance of the mean (0.002 / 3 / 4) plus 0.0007 * 0.5. */
    pb_paired r, plain;
    const pb_paired_logs l = pb_paired_log_stats(a, b, 5);
    CHECK(pb_paired_from_logs(l, s.between * s.weight2, 0.95, &r) == 0);
    CHECK(pb_paired_ratio(a, b, 5, 0.95, &plain) == 0);
    const double se = sqrt(0.002 / 3 / 4 + 0.00035), w = pb_t_quantile(0.95, 3) * se;
    CHECK(r.n == 4);
    CHECK_NEAR(r.ratio, exp(0.01), 1e-12);
    CHECK_NEAR(r.ratio, plain.ratio, 1e-15);
    CHECK_NEAR(r.lo, exp(0.01 - w), 1e-12);
    CHECK_NEAR(r.hi, exp(0.01 + w), 1e-12);
    CHECK_NEAR(r.p, pb_t_two_sided_p(0.01 / se, 3), 1e-12);
    CHECK(r.hi - r.lo > plain.hi - plain.lo);
    /* No extra variance: the plain paired interval. */
    CHECK(pb_paired_from_logs(l, 0, 0.95, &r) == 0);
    CHECK(r.lo == plain.lo && r.hi == plain.hi && r.p == plain.p);
    /* One process: no estimate. */
    const int one[] = {0, 0, 0, 0, 0};
    CHECK(pb_nested_split(a, b, one, 5, &s) == 0 && s.groups == 1 && isnan(s.between));
    CHECK_NEAR(s.weight2, 1, 1e-12);
    /* Every round its own process: no round left to estimate the within part. */
    const int own[] = {0, 1, 2, 3, 4};
    CHECK(pb_nested_split(a, b, own, 5, &s) == 0 && s.groups == 4 && isnan(s.between));
    CHECK(pb_nested_split(a + 3, b + 3, group + 3, 1, &s) == -1);
}

/* The process means as observations: processes 0 and 1 as above (means 0.03 and
 * -0.01) and a third with one round of 0.05. Their mean 0.07 / 3, their deviations
 * 0.02 / 3, -0.1 / 3 and 0.08 / 3: squares 0.0168 / 9, over n - 1 = 2 and n = 3. */
static void test_nested_logs(void)
{
    const double a[] = {1, 1, 1, 0, 1, 1},
                 b[] = {exp(0.02), exp(0.04), exp(-0.02), 1, 1, exp(0.05)};
    const int group[] = {0, 0, 1, 0, 1, 7};
    pb_paired_logs l = pb_nested_logs(a, b, group, 6);
    CHECK(l.n == 3);
    CHECK_NEAR(l.mean, 0.07 / 3, 1e-12);
    CHECK_NEAR(l.se, sqrt(0.0168 / 54), 1e-12);
    pb_paired r;
    CHECK(pb_paired_from_logs(l, 0, 0.95, &r) == 0);
    CHECK_NEAR(r.lo, exp(0.07 / 3 - pb_t_quantile(0.95, 2) * sqrt(0.0168 / 54)), 1e-12);
    /* One process: a mean and no spread. */
    const int one[] = {0, 0, 0, 0, 0, 0};
    l = pb_nested_logs(a, b, one, 6);
    CHECK(l.n == 1 && isnan(l.se));
    CHECK_NEAR(l.mean, 0.09 / 5, 1e-12);
    CHECK(pb_nested_logs(a + 3, b + 3, group + 3, 1).n == 0);
    /* The choice compare and the sweep's stopping rule share: the process means from
     * three processes on, the rounds below. */
    int groups;
    l = pb_nested_pair_logs(a, b, group, 6, &groups);
    CHECK(groups == 3 && l.n == 3);
    CHECK_NEAR(l.mean, 0.07 / 3, 1e-12);
    const pb_paired_logs rounds = pb_paired_log_stats(a, b, 5);
    l = pb_nested_pair_logs(a, b, group, 5, &groups);
    CHECK(groups == 2 && l.n == rounds.n && l.mean == rounds.mean && l.se == rounds.se);
}

/* Worked by hand: m = 5 (the NAN is not a test); m p_(j) / j = 0.025, 0.025, 0.05, 0.05,
 * 0.5, then the minimum from the largest down. p = 0.04 is below 0.05, its q is not. */
static void test_bh_adjust(void)
{
    const double p[] = {0.01, 0.04, 0.03, 0.005, NAN, 0.5};
    const double want[] = {0.025, 0.05, 0.05, 0.025, NAN, 0.5};
    double q[N(p)];
    CHECK(pb_bh_adjust(p, N(p), q) == 0);
    for (int i = 0; i < N(p); i++)
        if (isnan(want[i]))
            CHECK(isnan(q[i]));
        else
            CHECK_NEAR(q[i], want[i], 1e-15);
    /* step-up: a larger p with a smaller m p / j lowers the q of those below it */
    const double up[] = {0.021, 0.02}, ties[] = {0.03, 0.03, 0.03};
    double qu[2], qt[3];
    CHECK(pb_bh_adjust(up, 2, qu) == 0);
    CHECK_NEAR(qu[0], 0.021, 1e-15);
    CHECK_NEAR(qu[1], 0.021, 1e-15);
    CHECK(pb_bh_adjust(ties, 3, qt) == 0);
    CHECK_NEAR(qt[0], 0.03, 1e-15);
    CHECK_NEAR(qt[2], 0.03, 1e-15);
    CHECK(pb_bh_adjust(up, 0, qu) == 0);
}

int main(void)
{
    test_bh_adjust();
    test_t_distribution();
    test_paired_ratio();
    test_pair_by_round();
    test_nested();
    test_nested_logs();
    test_summary();
    test_median_ci_rank();
    test_mann_whitney_published();
    test_mann_whitney_exact();
    test_mann_whitney_normal();
    test_bootstrap_exact_cases();
    test_bootstrap_spread();
    test_geomean();
    return check_report("test_stats");
}
