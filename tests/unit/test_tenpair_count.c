/* test_tenpair_count.c — tenpair's counts, checked against tenpair_check.h: small
 * starts against the brute force (shortest length, wins per length, the written
 * sequences themselves), the seed's counts of the default game up to 84, and the
 * compact count split over ranks (count_levels.h), run here in one process with the
 * ranks' outboxes delivered by hand, against the engine's own count.
 *
 * usage: test_tenpair_count [PART [COUNT_BOUND]] — PART is small (small starts
 * against the brute force), count (the default game's counts up to COUNT_BOUND, 84
 * by default; bfs and best-first stop at 76 in a sanitizer build), ranks (the count
 * up to 76 over 1-5 simulated ranks) or all (the default). */
#include "tenpair_check.h"

/* The seed's wins of the default game by length, up to 84 (none at other lengths). */
static const struct {
    int length;
    uint64_t wins;
} seed_counts[] = {{68, 1}, {72, 1}, {74, 1}, {76, 1}, {80, 5}, {82, 1}, {84, 4}};

static void test_default_count(int L, int plain_L)
{
    tp_rules r;
    tp_rules_default(&r);
    const size_t bytes = ((size_t)L + 1) * 8;
    uint64_t *want = calloc((size_t)L + 1, 8), *got = calloc((size_t)L + 1, 8);
    uint64_t *two = calloc((size_t)L + 1, 8);
    win_log *log = malloc(sizeof *log);
    if (!want || !got || !two || !log) abort();
    for (size_t i = 0; i < sizeof seed_counts / sizeof seed_counts[0]; i++)
        if (seed_counts[i].length <= L) want[seed_counts[i].length] = seed_counts[i].wins;

    /* compact, one thread and two: the seed's counts, and the same work either way. */
    pb_result one, both;
    CHECK(count("compact", &r, L, 1, NULL, got, &one) == PB_DONE);
    CHECK(!memcmp(got, want, bytes));
    for (int len = 0; len <= L; len++)
        if (got[len] != want[len])
            fprintf(stderr, "  (compact: length %d: %" PRIu64 " wins, expected %" PRIu64 ")\n", len,
                    got[len], want[len]);
    CHECK(count("compact", &r, L, 2, NULL, two, &both) == PB_DONE);
    CHECK(!memcmp(two, got, bytes));
    CHECK_EQ_U64(both.stats.steps, one.stats.steps);
    CHECK_EQ_U64(both.figure[TP_FIG_NODES], one.figure[TP_FIG_NODES]);
    CHECK_EQ_U64((uint64_t)both.stats.solutions, (uint64_t)one.stats.solutions);
    CHECK(one.figure[TP_FIG_NODES] > 0);

    /* The engines that report every win through on_path (bfs, best-first). */
    const size_t plain_bytes = ((size_t)plain_L + 1) * 8;
    uint64_t total = 0;
    for (int len = 0; len <= plain_L; len++) total += want[len];
    for (int e = 0; e < NENGINES; e++) {
        if (!(tenpair_engine(engine_names[e])->about.caps & PB_CAP_PATHS)) continue;
        memset(got, 0xff, bytes); /* the engine must clear it */
        pb_result st;
        CHECK(count(engine_names[e], &r, plain_L, 1, log, got, &st) == PB_DONE);
        CHECK(!memcmp(got, want, plain_bytes));
        if (plain_L < L) CHECK(got[plain_L + 1] == UINT64_MAX); /* nothing past the bound */
        check_log(engine_names[e], log, got, plain_L);
        CHECK_EQ_U64((uint64_t)st.stats.solutions, total);
        CHECK_EQ_U64(log->texts.count, total);
        /* The wins' written sequences: the shortest one is the seed's. */
        int has_seed = 0;
        for (size_t i = 0; i < log->texts.cap; i++)
            has_seed |= log->texts.slot[i] && !strcmp(log->texts.slot[i], seed_win);
        CHECK(has_seed);
        strset_free(&log->texts);
    }
    free(want), free(got), free(two), free(log);
}

/* ================================================ small starts, brute force */

/* Among them: "1919" in one column with append any, and "224242" in rows of 4, write
 * one sequence by several splits into appends (19191919: append 1919, or 19 twice),
 * which an earlier compact count counted once per split. */
typedef struct small_case {
    const char *start; /* the digits, or NULL for 1..upto */
    int upto, width, wrap, append_any, bound;
} small_case;

static const small_case small_cases[] = {
    {NULL, 9, 3, 1, 0, 40},
    {NULL, 9, 4, 1, 0, 40},
    {"1919", 0, 9, 1, 0, 24},
    {"55", 0, 9, 1, 0, 12},
    {"123987", 0, 9, 1, 0, 36},
    {NULL, 9, 3, 0, 0, 30},
    {NULL, 9, 4, 1, 1, 22},
    {"123987", 0, 4, 0, 0, 30},
    {"1919", 0, 2, 0, 0, 20},
    {"19", 0, 1, 1, 0, 12},
    {"123987", 0, 3, 1, 1, 16},
    {NULL, 12, 5, 1, 0, 40},
    {"73737", 0, 2, 1, 0, 24},
    {"2468", 0, 3, 1, 0, 28},
    {"1919", 0, 1, 1, 1, 14},
    {"91", 0, 9, 0, 0, 10},
    {"3377", 0, 2, 0, 1, 16},
    {"12345", 0, 2, 0, 0, 24},
    {"224242", 0, 4, 1, 0, 26},
    /* Guard: wrap off, a column move to a reading neighbour in a later row of its column. */
    {"55", 0, 1, 0, 0, 12},
    {"1911", 0, 3, 0, 0, 16},
};

/* Notes where an engine's wins per length differ from the brute force's. */
static void count_problems(const uint64_t *got, const brute *b, char *buf, size_t cap)
{
    for (int len = 0; len <= b->bound; len++)
        if (got[len] != b->by_length[len])
            note(buf, cap, " length %d: %" PRIu64 " wins, brute force %" PRIu64 ";", len, got[len],
                 b->by_length[len]);
}

/* Checks every engine against the brute force on one start: the shortest win, the
 * wins per length, (bfs, best-first) the written sequences themselves, and (compact)
 * the same count with one thread and two. Each engine's problems are gathered, then
 * reported as one failed check. */
static void check_small(const tp_rules *r, int bound, const char *label)
{
    brute *b = brute_run(r, bound);
    const size_t bytes = ((size_t)bound + 1) * 8;
    uint64_t *got = calloc((size_t)bound + 1, 8), *two = calloc((size_t)bound + 1, 8);
    win_log *log = malloc(sizeof *log);
    if (!got || !two || !log) abort();
    for (int e = 0; e < NENGINES; e++) {
        const char *name = engine_names[e];
        const unsigned caps = tenpair_engine(name)->about.caps;
        const int wins = caps & PB_CAP_PATHS, parallel = caps & PB_CAP_PARALLEL;
        char buf[600] = "";
        pb_result res = shortest(name, r, bound);
        free(shortest_problems(&res, r, b->shortest, buf, sizeof buf));
        free(res.path);

        if (count(name, r, bound, 1, wins ? log : NULL, got, NULL) != PB_DONE)
            note(buf, sizeof buf, " count not done;");
        count_problems(got, b, buf, sizeof buf);
        if (parallel && count(name, r, bound, 2, NULL, two, NULL) != PB_DONE)
            note(buf, sizeof buf, " count (2 threads) not done;");
        if (wins) {
            log_problems(log, got, bound, buf, sizeof buf);
            /* The same written sequences as the brute force's. */
            int same = log->texts.count == b->wins.count;
            for (size_t i = 0; same && i < b->wins.cap; i++)
                if (b->wins.slot[i]) same = !strset_add(&log->texts, b->wins.slot[i]);
            if (!same) note(buf, sizeof buf, " the wins' written sequences differ;");
            strset_free(&log->texts);
        }
        CHECK(buf[0] == '\0');
        if (buf[0]) fprintf(stderr, "  (%s, %s:%s)\n", label, name, buf);
        /* Whatever the brute force says, a parallel count's thread count changes nothing. */
        if (parallel) CHECK(!memcmp(two, got, bytes));
    }
    free(got), free(two), free(log);
    brute_free(b);
}

static void set_case(tp_rules *r, const small_case *c)
{
    tp_rules_default(r);
    if (c->start)
        CHECK(tp_rules_set_start(r, c->start, NULL) == 0);
    else
        CHECK(tp_rules_set_upto(r, c->upto, NULL) == 0);
    r->width = c->width, r->wrap = c->wrap, r->append_any = c->append_any;
}

static void test_small_starts(void)
{
    for (size_t i = 0; i < sizeof small_cases / sizeof small_cases[0]; i++) {
        const small_case *c = &small_cases[i];
        tp_rules r;
        char label[96];
        set_case(&r, c);
        int at = c->start ? snprintf(label, sizeof label, "start %s", c->start)
                          : snprintf(label, sizeof label, "upto %d", c->upto);
        snprintf(label + at, sizeof label - (size_t)at, " width %d wrap %d append_any %d", c->width,
                 c->wrap, c->append_any);
        check_small(&r, c->bound, label);
    }

    /* Random small starts and shapes. */
    for (int it = 0; it < 300; it++) {
        tp_rules r;
        tp_rules_default(&r);
        r.nstart = 2 + (int)(rng() % 7);
        int digits = 2 + (int)(rng() % 4); /* a few values, so that pairs occur */
        uint8_t value[9];
        for (int k = 0; k < digits; k++) value[k] = (uint8_t)(1 + rng() % 9);
        for (int k = 0; k < r.nstart; k++) r.start[k] = value[rng() % (uint64_t)digits];
        r.width = 1 + (int)(rng() % 6);
        r.wrap = (int)(rng() % 2);
        r.append_any = (int)(rng() % 2);
        int bound = r.nstart + (r.append_any ? 9 : 24);
        char label[96];
        int at = snprintf(label, sizeof label, "random start ");
        for (int k = 0; k < r.nstart; k++) label[at++] = (char)('0' + r.start[k]);
        snprintf(label + at, sizeof label - (size_t)at, " width %d wrap %d append_any %d", r.width,
                 r.wrap, r.append_any);
        check_small(&r, bound, label);
    }
}

/* ============================================================ limits, errors */

static int deliver(tp_count **t, int ranks, uint64_t *sent, uint64_t *recv)
{
    uint64_t bytes[8][8], at[8] = {0}, total[8] = {0};
    uint8_t *box[8];
    for (int k = 0; k < ranks; k++) {
        const uint8_t *buf;
        tp_count_outbox(t[k], &buf, bytes[k]);
        for (int j = 0; j < ranks; j++) total[j] += bytes[k][j], *sent += bytes[k][j];
    }
    for (int j = 0; j < ranks; j++) box[j] = malloc(total[j] + 1);
    for (int k = 0; k < ranks; k++) {
        const uint8_t *buf;
        uint64_t off = 0;
        tp_count_outbox(t[k], &buf, bytes[k]);
        for (int j = 0; j < ranks; j++) {
            if (bytes[k][j]) memcpy(box[j] + at[j], buf + off, bytes[k][j]);
            at[j] += bytes[k][j], off += bytes[k][j];
        }
    }
    int rc = 0;
    for (int j = 0; j < ranks; j++) {
        uint8_t *in = tp_count_inbox(t[j], total[j]);
        if (!in) rc = -1;
        if (in && total[j]) memcpy(in, box[j], total[j]);
        tp_level lv = {0};
        if (in && tp_count_merge(t[j], total[j], &lv)) rc = -1;
        *recv += lv.recv_bytes;
        free(box[j]);
    }
    return rc;
}

/* The count of r up to L over `ranks` simulated ranks: the same wins per length,
 * states expanded, sequences searched and stored peak as the engine's one-process
 * count; every byte sent is received, and with one rank none is. */
static void check_ranks(const tp_rules *r, int L, int ranks, const char *label)
{
    static uint64_t want[TP_MAX_LENGTH + 1];
    static pb_result one;
    static const tp_rules *counted;
    uint64_t got[TP_MAX_LENGTH + 1] = {0};
    if (counted != r) { /* the one-process count, once per rules */
        memset(want, 0, sizeof want);
        CHECK(count("compact", r, L, 1, NULL, want, &one) == PB_DONE);
        counted = r;
    }
    pb_run how = {.mode = PB_MODE_COUNT, .max_length = L, .threads = 1};
    tp_count *t[8];
    int ok = 1;
    for (int k = 0; k < ranks; k++) ok &= (t[k] = tp_count_new(r, &how, k, ranks, NULL)) != NULL;
    CHECK(ok);
    if (!ok) return;
    uint64_t sent = 0, recv = 0, expanded = 0, nodes = 0, stored = 0, children = 0;
    ok = !deliver(t, ranks, &sent, &recv);
    for (int len = r->nstart; ok && len <= L; len++) {
        uint64_t level_stored = 0;
        tp_level lv[8];
        for (int k = 0; k < ranks; k++) {
            ok &= tp_count_search(t[k], len, &lv[k]) == PB_DONE;
            got[len] += lv[k].wins, expanded += lv[k].expanded, nodes += lv[k].nodes;
            children += lv[k].children;
        }
        ok &= !deliver(t, ranks, &sent, &recv);
        for (int k = 0; k < ranks; k++) {
            ok &= tp_count_end_level(t[k], len, &lv[k]) == PB_DONE;
            level_stored += lv[k].stored;
        }
        if (level_stored > stored) stored = level_stored;
    }
    for (int k = 0; k < ranks; k++) tp_count_free(t[k], NULL);
    check_count++;
    if (!ok || memcmp(want, got, sizeof want) || expanded != one.stats.steps ||
        nodes != one.figure[TP_FIG_NODES] || stored != one.figure[TP_FIG_STORED] || sent != recv ||
        (ranks == 1 && sent) || (ranks > 1 && !sent) || !children) {
        check_failures++;
        fprintf(stderr,
                "%s:%d: %s over %d ranks: ok %d, expanded %" PRIu64 " (one process %" PRIu64
                "), nodes %" PRIu64 " (%" PRIu64 "), stored %" PRIu64 " (%" PRIu64
                "), sent %" PRIu64 ", received %" PRIu64 ", wins %s\n",
                __FILE__, __LINE__, label, ranks, ok, expanded, one.stats.steps, nodes,
                one.figure[TP_FIG_NODES], stored, one.figure[TP_FIG_STORED], sent, recv,
                memcmp(want, got, sizeof want) ? "differ" : "agree");
    }
}

/* The count over simulated ranks; a merge refuses records that are malformed or
 * belong to another rank. */
static void test_ranks(void)
{
    /* 76: four wins and a few hundred sequences, in milliseconds; mpirun runs the
     * longer counts (cli_tenpair_mpi.sh). */
    tp_rules r, s;
    tp_rules_default(&r);
    for (int ranks = 1; ranks <= 5; ranks++) check_ranks(&r, 76, ranks, "the default game");
    tp_rules_default(&s);
    pb_error err;
    CHECK(tp_rules_set_start(&s, "1919", &err) == 0);
    s.width = 3, s.append_any = 1;
    for (int ranks = 1; ranks <= 4; ranks++) check_ranks(&s, 16, ranks, "1919, width 3, any");

    /* Records a merge refuses: cut short, too short a length, another rank's. */
    tp_rules_default(&r);
    pb_run how = {.mode = PB_MODE_COUNT, .max_length = 80, .threads = 1};
    tp_count *t = tp_count_new(&r, &how, 1, 2, NULL);
    CHECK(t != NULL);
    uint8_t rec[2 + 2 * 15] = {29, 0}; /* a record of written length 29 */
    int owner = tp_count_owner(rec + 2, 29, 2);
    uint8_t *in = tp_count_inbox(t, 5);
    CHECK(in != NULL);
    memcpy(in, rec, 5);
    CHECK_EQ_U64(tp_count_merge(t, 5, NULL), (uint64_t)-2); /* cut short */
    in = tp_count_inbox(t, sizeof rec);
    memcpy(in, rec, sizeof rec);
    CHECK_EQ_U64(tp_count_merge(t, sizeof rec, NULL), (uint64_t)(owner == 1 ? 0 : -2));
    rec[0] = 0; /* length 0 */
    in = tp_count_inbox(t, sizeof rec);
    memcpy(in, rec, sizeof rec);
    CHECK_EQ_U64(tp_count_merge(t, sizeof rec, NULL), (uint64_t)-2);
    tp_count_free(t, NULL);
    /* Owners spread over the ranks and depend on the sequence only. */
    int seen[3] = {0};
    for (int i = 0; i < 64; i++) {
        uint8_t seq[8] = {(uint8_t)i, (uint8_t)(i * 7)};
        seen[tp_count_owner(seq, 16, 3)]++;
        CHECK_EQ_U64(tp_count_owner(seq, 16, 3), tp_count_owner(seq, 16, 3));
        CHECK_EQ_U64(tp_count_owner(seq, 16, 1), 0);
    }
    CHECK(seen[0] && seen[1] && seen[2]);
}

int main(int argc, char **argv)
{
    const char *part = argc > 1 ? argv[1] : "all";
    int bound = argc > 2 ? atoi(argv[2]) : 84;
    int all = !strcmp(part, "all");
    if ((!all && strcmp(part, "small") && strcmp(part, "count") && strcmp(part, "ranks")) ||
        bound < 68 || bound > 200) {
        fprintf(stderr, "usage: test_tenpair_count [all|small|count|ranks [COUNT_BOUND 68-200]]\n");
        return 2;
    }
    if (all || !strcmp(part, "small")) test_small_starts();
    /* Under sanitizers bfs and best-first stop at 76: to 84 they take tens of seconds. */
    if (all || !strcmp(part, "count"))
        test_default_count(bound, TP_SANITIZED && bound > 76 ? 76 : bound);
    if (all || !strcmp(part, "ranks")) test_ranks();
    return check_report("test_tenpair_count");
}
