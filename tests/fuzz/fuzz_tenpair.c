/* fuzz_tenpair.c — the tenpair start reader (engines/tenpair/rules.c,
 * tp_rules_set_start; the bytes up to the first NUL, as --start gets them). A start
 * is taken exactly when it is 1-512 digits 1-9, else refused with a printable
 * message that names the column of the first bad byte; an accepted start of up to
 * 40 digits is searched briefly by one of the engines (picked by the input), in
 * shortest or count mode, and a win it reports must replay to an all-crossed board of
 * its length. (Longer starts cost milliseconds a state: too slow to search here.) */
#include <string.h>

#include "../unit/engines.h"
#include "fuzz.h"
#include "tenpair/tenpair.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static char text[TP_MAX_START + 64];
    static uint8_t board[TP_MAX_LENGTH];
    static uint64_t wins[TP_MAX_START + 16];
    size_t n = size < sizeof text - 1 ? size : sizeof text - 1;
    memcpy(text, data, n);
    text[n] = '\0';
    n = strlen(text);
    size_t bad = 0; /* the first byte that is not a digit 1-9 */
    while (bad < n && text[bad] >= '1' && text[bad] <= '9') bad++;
    tp_rules r;
    pb_error e = {0, ""};
    tp_rules_default(&r);
    const int rc = tp_rules_set_start(&r, text, &e);
    FUZZ_CHECK(rc == (n >= 1 && n <= TP_MAX_START && bad == n ? 0 : -1));
    if (rc) {
        /* Not tied to a line; a bad byte among the first 513 is named by its column. */
        fuzz_check_error(&e, 0, 0);
        char want[32];
        snprintf(want, sizeof want, "column %zu:", bad + 1);
        if (bad < n && bad <= TP_MAX_START) FUZZ_CHECK(strstr(e.msg, want) != NULL);
        return 0;
    }
    FUZZ_CHECK(r.nstart == (int)n && tp_rules_check(&r, NULL) == 0);
    for (size_t i = 0; i < n; i++) FUZZ_CHECK(r.start[i] == text[i] - '0');
    if (n > 40) return 0;
    uint32_t pick = 2166136261u; /* the rules and the run, from a hash of the input */
    for (size_t i = 0; i < size; i++) pick = (pick ^ data[i]) * 16777619u;
    r.width = 1 + (int)(pick % 10);
    r.wrap = (int)(pick >> 4 & 1);
    r.append_any = (int)(pick >> 5 & 1);
    pb_run how = {.mode = pick >> 6 & 1 ? PB_MODE_COUNT : PB_MODE_FIRST,
                  .max_length = (int)n + (int)(pick >> 7 & 15),
                  .threads = 1,
                  .limits = {.max_steps = 200}};
    pb_result res = {.by_length = how.mode == PB_MODE_COUNT ? wins : NULL};
    /* compact's count polls its limits less often: keep its starts short. */
    static const char *const names[] = {"bfs", "best-first", "compact"};
    const pb_engine *engine = tenpair_engine(names[(pick >> 11) % 3]);
    if (how.mode == PB_MODE_COUNT && n > 24) engine = tenpair_engine("bfs");
    FUZZ_CHECK(engine != NULL);
    const pb_status st = tp_run_rules(engine, &r, &how, &res);
    FUZZ_CHECK(st == PB_DONE || st == PB_LIMIT);
    if (res.length) {
        int len = r.nstart;
        memcpy(board, r.start, (size_t)len);
        for (int i = 0; i < res.npath; i++)
            FUZZ_CHECK(tp_apply(&r, board, &len, TP_MAX_LENGTH, res.path[i], 0) == 0);
        FUZZ_CHECK(len == res.length && tp_live_count(board, len) == 0);
    }
    free(res.path);
    return 0;
}
