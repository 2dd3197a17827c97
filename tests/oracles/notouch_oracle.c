/* notouch_oracle.c — the independent counts of oracles.h for one board, beside
 * path-dp's, for the boards too large for the unit tests (the plain table holds
 * 2^n * n counts; Karp's count holds nothing but takes 2^n sets).
 * Usage: notouch_oracle table|karp BOARD [THREADS [alone]]
 * Prints the board, the method's count, path-dp's count (within 4G; not with
 * "alone", for a board whose count is run on its own) and the seconds of each;
 * exit 0 when they agree, 1 when not, 2 on bad usage or out of memory. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/limiter.h"
#include "notouch/board.h"
#include "oracles.h"
#include "registry/registry.h"

int main(int argc, char **argv)
{
    if (argc < 3 || (strcmp(argv[1], "table") && strcmp(argv[1], "karp"))) {
        fprintf(stderr, "usage: notouch_oracle table|karp BOARD [THREADS [alone]]\n");
        return 2;
    }
    int threads = argc > 3 ? atoi(argv[3]) : 1;
    if (threads < 1 || threads > 8) threads = 1;
    notouch_board b;
    pb_error e;
    pb_model *m = NULL;
    if (notouch_board_named(argv[2], &b, &e) || !(m = notouch_model(&b, 2, NOTOUCH_KING))) {
        fprintf(stderr, "notouch_oracle: board %s: %s\n", argv[2], m ? "" : e.msg);
        return 2;
    }
    double t0 = pb_now_s();
    pb_count want = 0;
    if (!strcmp(argv[1], "karp")) {
        want = oracle_karp(m, threads);
    } else if (!oracle_table(m, &want)) {
        fprintf(stderr, "notouch_oracle: out of memory for the table\n");
        return 2;
    }
    double t1 = pb_now_s();
    char a[PB_COUNT_CHARS], c[PB_COUNT_CHARS];
    if (argc > 4 && !strcmp(argv[4], "alone")) {
        printf("%s %s=%s (%.1f s)\n", argv[2], argv[1], pb_count_format(want, a), t1 - t0);
        pb_model_free(m);
        return 0;
    }
    pb_run how = {.mode = PB_MODE_COUNT, .threads = threads, .limits = {.max_bytes = 4ull << 30}};
    pb_result r = {0};
    pb_engine_run(pb_model_engine_find("path-dp"), m, &how, &r);
    printf("%s %s=%s (%.1f s) path-dp=%s (%.1f s, %s)\n", argv[2], argv[1],
           pb_count_format(want, a), t1 - t0, pb_count_format(r.stats.solutions, c), r.stats.wall_s,
           pb_status_name(r.status));
    pb_model_free(m);
    return r.status == PB_DONE && r.stats.solutions == want ? 0 : 1;
}
