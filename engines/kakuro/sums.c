/* sums.c — kakuro digit sets and unique sums, by walking the 511 non-empty subsets
 * of the digits 1-9 (cheap enough to do on every call: no tables to keep). */
#include "sums.h"

static int digit_sum(unsigned mask)
{
    int s = 0;
    for (int d = 1; d <= 9; d++)
        if (mask & (1u << (d - 1))) s += d;
    return s;
}

int kakuro_digit_sets(int len, int sum, uint16_t *sets, int max)
{
    int n = 0;
    for (unsigned mask = 1; mask < 512; mask++) {
        if (__builtin_popcount(mask) != len || digit_sum(mask) != sum) continue;
        if (sets && n < max) sets[n] = (uint16_t)mask;
        n++;
    }
    return n;
}

int kakuro_unique_sums(kakuro_unique_sum *out, int max, int seed_table)
{
    int n = 0;
    for (int len = KAKURO_MIN_RUN; len <= KAKURO_MAX_RUN; len++) {
        if (seed_table && len == 8) continue;
        const int lo = len * (len + 1) / 2, hi = 45 - (9 - len) * (10 - len) / 2;
        for (int sum = lo; sum <= hi; sum++) {
            uint16_t set;
            if (kakuro_digit_sets(len, sum, &set, 1) != 1) continue;
            if (out && n < max) out[n] = (kakuro_unique_sum){len, sum, set};
            n++;
        }
    }
    return n;
}
