/* test_kakuro.c — kakuro's digit sets and unique sums, against a count made here by
 * nested loops over digits (a different walk from the library's subset masks) and
 * the examples design.md gives. */
#include "check.h"
#include "kakuro/sums.h"

/* Sets of len distinct digits from `from`..9 summing to sum, by recursion. */
static int count_sets(int len, int sum, int from)
{
    if (len == 0) return sum == 0;
    int n = 0;
    for (int d = from; d <= 9 && d <= sum; d++) n += count_sets(len - 1, sum - d, d + 1);
    return n;
}

static int mask_of(const char *digits)
{
    int m = 0;
    for (const char *p = digits; *p; p++) m |= 1 << (*p - '1');
    return m;
}

int main(void)
{
    for (int len = 1; len <= 9; len++)
        for (int sum = 0; sum <= 50; sum++) {
            uint16_t sets[128];
            int n = kakuro_digit_sets(len, sum, sets, 128);
            CHECK_EQ_U64(n, count_sets(len, sum, 1));
            for (int i = 0; i < n && i < 128; i++) {
                int s = 0;
                for (int d = 1; d <= 9; d++) s += (sets[i] >> (d - 1) & 1) * d;
                CHECK(__builtin_popcount(sets[i]) == len && s == sum);
            }
        }
    kakuro_unique_sum u[64];
    int n = kakuro_unique_sums(u, 64, 0);
    CHECK_EQ_U64(n, 34);
    int per_len[10] = {0};
    for (int i = 0; i < n; i++) {
        per_len[u[i].len]++;
        CHECK_EQ_U64(count_sets(u[i].len, u[i].sum, 1), 1);
        if (i) CHECK(u[i].len > u[i - 1].len || u[i].sum > u[i - 1].sum);
    }
    for (int len = 2; len <= 7; len++) CHECK_EQ_U64(per_len[len], 4);
    CHECK_EQ_U64(per_len[8], 9);
    CHECK_EQ_U64(per_len[9], 1);
    CHECK_EQ_U64(per_len[1], 0);
    /* design.md's examples: 4 over two cells is {1,3}; 11 over four is {1,2,3,5}. */
    int found = 0;
    for (int i = 0; i < n; i++) {
        if (u[i].len == 2 && u[i].sum == 4) found += u[i].digits == mask_of("13");
        if (u[i].len == 4 && u[i].sum == 11) found += u[i].digits == mask_of("1235");
        if (u[i].len == 9) found += u[i].sum == 45 && u[i].digits == 0x1ff;
    }
    CHECK_EQ_U64(found, 3);
    /* The seed's table: the same less length 8. */
    kakuro_unique_sum s[64];
    int ns = kakuro_unique_sums(s, 64, 1);
    CHECK_EQ_U64(ns, 25);
    for (int i = 0, j = 0; i < n; i++) {
        if (u[i].len == 8) continue;
        CHECK(j < ns && s[j].len == u[i].len && s[j].sum == u[i].sum && s[j].digits == u[i].digits);
        j++;
    }
    return check_report("test_kakuro");
}
