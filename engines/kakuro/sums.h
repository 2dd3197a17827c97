/* sums.h — kakuro's digit sets: which sets of distinct digits 1-9 fill a run of a
 * given length and sum, and the unique sums (a length and sum with exactly one
 * set), computed rather than typed in. Sets are 9-bit masks: bit d-1 is digit d. */
#ifndef PB_KAKURO_SUMS_H
#define PB_KAKURO_SUMS_H

#include <stdint.h>

/* The shortest run that needs no clue to be one (an outline's, a generated
 * puzzle's): a single white cell is a run only where a clue says so. */
#define KAKURO_MIN_RUN 2
#define KAKURO_MAX_RUN 9

/* How many sets of `len` distinct digits sum to `sum`; the first `max` of them, in
 * increasing mask order, go to sets (which may be NULL). */
int kakuro_digit_sets(int len, int sum, uint16_t *sets, int max);

typedef struct kakuro_unique_sum {
    int len, sum;
    uint16_t digits;
} kakuro_unique_sum;

/* The unique sums of runs of 2 to 9 cells, by length then sum: 34 of them. With
 * seed_table, the 25 that seed 001 lists: it leaves out length 8, where every sum
 * (36-44, 45 less one digit) is unique. Returns the count; the first `max` go to
 * out (which may be NULL). */
int kakuro_unique_sums(kakuro_unique_sum *out, int max, int seed_table);

#endif
