/* notouch_table_check.c — the second way each count of `notouch-table` is made: row 1
 * (1 x n, the same under both rules, counted by A002464's recurrence) by path-dp, or
 * past what path-dp is asked for by the sequence's binomial sum; a board a search counts
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

/* Row 1, counted by the recurrence: path-dp where the table asks it, else the sum. */
static int check_row1(nt_table *t, int n, int rule, nt_value *v, char second[PB_COUNT_CHARS + 8])
{
    if (n <= NT_ROW1_PATHDP && n <= t->o.check_cells && n <= t->o.max_cells) {
        nt_run r;
        int rc = nt_count(t, 1, n, rule, "path-dp", t->o.threads, t->o.max_memory, &r);
        if (rc == 0) {
            snprintf(v->check, sizeof v->check, "path-dp -t %d", t->o.threads);
            snprintf(second, PB_COUNT_CHARS + 8, "%s", r.count);
            return 0;
        }
        if (rc != 1) return rc;
        if (strcmp(r.status, "nomem"))
            return pb_say("notouch-table: 1x%d %s: the check stopped (status %s)", n,
                          nt_rule_names[rule], r.status),
                   PB_EXIT_FAILED;
        pb_say("notouch-table: 1x%d %s: path-dp plans %llu bytes, over the %llu allowed: "
               "checked by the binomial sum",
               n, nt_rule_names[rule], (unsigned long long)r.planned,
               (unsigned long long)r.allowed);
    }
    snprintf(v->check, sizeof v->check, "binomial-sum");
    pb_count_format(nt_row1_sum(n), second);
    return 0;
}

int nt_check(nt_table *t, int m, int n, int rule, nt_value *v)
{
    char board[32], second[PB_COUNT_CHARS + 8];
    snprintf(board, sizeof board, "%dx%d", m, n);
    if (m == 1) {
        int rc = check_row1(t, n, rule, v, second);
        if (rc) return rc;
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
        return pb_say("notouch-table: %s %s: %s counts %s, but %s counts %s: the table is "
                      "not written",
                      board, nt_rule_names[rule], v->method, v->count, v->check, second),
               PB_EXIT_FAILED;
    return 0;
}
