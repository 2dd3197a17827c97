/* paired.h — the ratio of two runs' times from samples taken in the same rounds: the
 * geometric mean of the per-round ratios, its t-interval on the logs and the paired
 * t-test's p-value. Pairing by round takes out what the machine did in each round
 * (drift, a burst of load), which both sides saw; the interval follows the level of
 * repetition that carries the variance, the round (Kalibera and Jones, ISMM 2013). */
#ifndef PB_PAIRED_H
#define PB_PAIRED_H

typedef struct pb_paired {
    int n;            /* pairs used */
    double ratio;     /* exp(mean of log(b / a)): b's time against a's */
    double lo, hi;    /* its interval at the level asked; NAN when n < 2 */
    double p;         /* two-sided p-value of "no difference"; NAN when n < 2 */
    double halfwidth; /* of the interval, relative: max(hi / ratio, ratio / lo) - 1 */
} pb_paired;

/* From the pairs (a[i], b[i]), i < n, of times > 0 (others are skipped). 0, or -1
 * when fewer than one pair is left. */
int pb_paired_ratio(const double *a, const double *b, int n, double level, pb_paired *out);

/* The pairs of two runs' samples taken in the same round: ta[i] (round ra[i], of na)
 * with tb[j] where rb[j] == ra[i]; a round < 0 is no round. Into x and y (room for
 * na each); returns how many. */
int pb_pair_by_round(const int *ra, const double *ta, int na, const int *rb, const double *tb,
                     int nb, double *x, double *y);
/* The same, with where each pair came from: ta[ia[k]] and tb[ib[k]] (ia, ib room for
 * na each). */
int pb_pair_by_round_at(const int *ra, const double *ta, int na, const int *rb, const double *tb,
                        int nb, double *x, double *y, int *ia, int *ib);

/* The log-ratios' mean and standard error of the pairs used (n of them), for a caller
 * that keeps its own t factors: the interval's relative half-width is
 * expm1(t * se). n < 2 leaves se NAN. */
typedef struct pb_paired_logs {
    int n;
    double mean, se;
} pb_paired_logs;
pb_paired_logs pb_paired_log_stats(const double *a, const double *b, int n);
/* pb_paired_ratio's result from the log stats, extra_var (>= 0) added to the variance
 * of their mean (a level of repetition the rounds do not show: nested.h). 0, or -1
 * when l.n < 1. */
int pb_paired_from_logs(pb_paired_logs l, double extra_var, double level, pb_paired *out);

/* Student's t distribution with df degrees of freedom (df >= 1): P(|T| >= t), and the
 * t with P(|T| >= t) = 1 - level (the two-sided interval's factor). */
double pb_t_two_sided_p(double t, int df);
double pb_t_quantile(double level, int df);

#endif
