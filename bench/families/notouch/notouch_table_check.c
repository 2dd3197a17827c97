/* notouch_table_check.c — the second way each small count of `notouch-table` is made:
 * one row (1 x n, the same under both rules) by the recurrence of Hertzsprung's
 * problem (OEIS A002464), which shares nothing with path-dp; a board a search counts
 * in time by the propagate engine; a board of up to NT_KARP_MAX cells by Karp's
 * inclusion-exclusion, modulo 2^64; the others by path-dp again on another number of
 * threads, which splits its layers differently. */
#include "notouch_table.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "core/engine.h"
#include "harness/base/exit.h"
#include "harness/base/say.h"

/* A002464(n): the permutations of 1..n without rising or falling successions, by
 * a(n) = (n+1) a(n-1) - (n-2) a(n-2) - (n-5) a(n-3) + (n-3) a(n-4), a(0..3) = 1 1 0 0.
 * Exact below 2^127: n up to 33. */
static void hertzsprung(int n, char out[PB_COUNT_CHARS])
{
    __extension__ typedef __int128 wide;
    wide a[NT_MAX_CELLS + 1] = {1, 1, 0, 0};
    for (int k = 4; k <= n; k++)
        a[k] = (wide)(k + 1) * a[k - 1] - (wide)(k - 2) * a[k - 2] - (wide)(k - 5) * a[k - 3] +
               (wide)(k - 3) * a[k - 4];
    pb_count_format((pb_count)a[n], out);
}

int nt_check(nt_table *t, int m, int n, int rule, nt_value *v)
{
    char board[32], second[PB_COUNT_CHARS + 8];
    snprintf(board, sizeof board, "%dx%d", m, n);
    if (m == 1 && n <= 33) {
        snprintf(v->check, sizeof v->check, "recurrence");
        hertzsprung(n, second);
    } else if (m * n > NT_SEARCH_MAX && m * n <= NT_KARP_MAX) {
        snprintf(v->check, sizeof v->check, "inclusion-exclusion");
        uint64_t ours = 0; /* path-dp's count modulo 2^64, as the other is */
        for (const char *d = v->count; *d; d++) ours = ours * 10 + (uint64_t)(*d - '0');
        uint64_t karp = nt_karp_count(m, n, rule);
        if (karp != ours)
            return pb_say("notouch-table: %s %s: path-dp counts %s, %llu modulo 2^64, but "
                          "inclusion-exclusion counts %llu: the table is not written",
                          board, nt_rule_names[rule], v->count, (unsigned long long)ours,
                          (unsigned long long)karp),
                   PB_EXIT_FAILED;
        return 0;
    } else {
        const int search = m * n <= NT_SEARCH_MAX;
        const int threads = t->o.threads > 1 ? 1 : 2;
        nt_run r;
        int rc =
            nt_count(t, m, n, rule, search ? "propagate" : "path-dp", threads, t->o.max_memory, &r);
        if (rc == 1)
            return pb_say("notouch-table: %s %s: the check stopped (status %s)", board,
                          nt_rule_names[rule], r.status),
                   PB_EXIT_FAILED;
        if (rc) return rc;
        if (search)
            snprintf(v->check, sizeof v->check, "propagate");
        else
            snprintf(v->check, sizeof v->check, "path-dp -t %d", threads);
        snprintf(second, sizeof second, "%s", r.count);
    }
    if (strcmp(second, v->count))
        return pb_say("notouch-table: %s %s: path-dp counts %s, but %s counts %s: the table is "
                      "not written",
                      board, nt_rule_names[rule], v->count, v->check, second),
               PB_EXIT_FAILED;
    return 0;
}
