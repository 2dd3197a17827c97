/* fdr.h — the Benjamini-Hochberg adjustment: a table of many pairs tested at once
 * calls some of them different by chance alone (5 in 100 identical pairs at p < 0.05);
 * verdicts on q-values keep the expected share of false discoveries among the pairs
 * called different at alpha, and, where no pair truly differs, the chance of calling
 * any at all. */
#ifndef PB_FDR_H
#define PB_FDR_H

/* q[i], the smallest false discovery rate at which p[i] would be called: the minimum
 * of m p_(j) / j over the j-th smallest p-values p_(j) >= p[i], at most 1, where m
 * counts the p-values that are not NAN; NAN where p[i] is NAN. 0, or -1 when out of
 * memory (q untouched). */
int pb_bh_adjust(const double *p, long n, double *q);

#endif
