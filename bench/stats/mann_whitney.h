/* mann_whitney.h — the two-sided Mann–Whitney U test (Wilcoxon rank-sum) of two
 * independent samples: does one tend to be larger than the other? It assumes
 * nothing about the distributions, which suits timings (skewed, a long right tail). */
#ifndef PB_MANN_WHITNEY_H
#define PB_MANN_WHITNEY_H

/* How the p-value is found. */
typedef enum pb_mwu_method {
    PB_MWU_AUTO,   /* exact when there are no ties and nx + ny <= PB_MWU_EXACT_MAX */
    PB_MWU_EXACT,  /* the exact null distribution of U (with ties: the normal one) */
    PB_MWU_NORMAL, /* the normal approximation, tie and continuity corrected */
} pb_mwu_method;

/* Up to this many values in all, AUTO counts the exact distribution: at most
 * C(50, 25) ~ 1.3e14 orderings, each count exact in a double (below 2^53). */
enum { PB_MWU_EXACT_MAX = 50 };

typedef struct pb_mwu {
    double u;  /* U of x: the pairs (x_i, y_j) with x_i > y_j, ties counting 1/2 */
    double p;  /* two-sided p-value, in (0, 1] */
    int exact; /* 1: p from the exact distribution; 0: from the normal approximation */
} pb_mwu;

/* Tests x[0..nx) against y[0..ny) (nx, ny >= 1; neither is changed). The exact
 * p-value is 2 min(P(U <= u), P(U >= u)), at most 1, as SciPy's mannwhitneyu
 * computes it. 0, or -1 when out of memory or given bad sizes. */
int pb_mann_whitney(const double *x, int nx, const double *y, int ny, pb_mwu_method method,
                    pb_mwu *out);

#endif
