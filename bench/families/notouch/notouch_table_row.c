/* notouch_table_row.c — row 1 of `notouch-table` (1 x n, the same under both rules) is
 * Hertzsprung's problem, OEIS A002464: its terms come from the sequence's recurrence,
 * exactly, as far as pb_count holds them, and its explicit binomial sum gives each a
 * second time, sharing nothing with the recurrence but the answer. */
#include "notouch_table.h"

#include <stdint.h>

int nt_row1_terms(pb_count a[NT_MAX_CELLS + 1])
{
    /* a(n) = (n+1) a(n-1) - (n-2) a(n-2) - (n-5) a(n-3) + (n-3) a(n-4), a(0..3) = 1 1 0 0:
     * the terms with a positive coefficient and those with a negative one are summed
     * apart, each with its overflow caught, so that every term kept is exact. */
    a[0] = a[1] = 1;
    a[2] = a[3] = 0;
    for (int n = 4; n <= NT_MAX_CELLS; n++) {
        const int coef[4] = {n + 1, -(n - 2), -(n - 5), n - 3};
        pb_count plus = 0, minus = 0;
        for (int i = 0; i < 4; i++) {
            pb_count term, *sum = coef[i] < 0 ? &minus : &plus;
            const pb_count c = (pb_count)(coef[i] < 0 ? -coef[i] : coef[i]);
            if (__builtin_mul_overflow(c, a[n - 1 - i], &term) ||
                __builtin_add_overflow(*sum, term, sum))
                return n - 1;
        }
        a[n] = plus - minus; /* a(n) >= 0, so plus >= minus */
    }
    return NT_MAX_CELLS;
}

pb_count nt_row1_sum(int n)
{
    /* a(n) = n! + sum over k = 1..n of (-1)^k (n-k)! sum over t = 1..k of
     * C(k-1, t-1) C(n-k, t) 2^t, modulo 2^128: the binomials (n <= 64 choose any) and
     * 2^t fit 64 bits, and unsigned arithmetic wraps, so a term below 2^128 is exact. */
    uint64_t choose[NT_MAX_CELLS + 1][NT_MAX_CELLS + 1];
    for (int i = 0; i <= n; i++)
        for (int j = 0; j <= i; j++)
            choose[i][j] = j == 0 || j == i ? 1 : choose[i - 1][j - 1] + choose[i - 1][j];
    pb_count fact[NT_MAX_CELLS + 1];
    fact[0] = 1;
    for (int i = 1; i <= n; i++) fact[i] = fact[i - 1] * (pb_count)i;
    pb_count total = fact[n];
    for (int k = 1; k <= n; k++) {
        pb_count inner = 0;
        for (int t = 1; t <= k && t <= n - k; t++)
            inner += (pb_count)choose[k - 1][t - 1] * choose[n - k][t] << t;
        inner *= fact[n - k];
        total = k & 1 ? total - inner : total + inner;
    }
    return total;
}
