/* test_tenpair.c — tenpair's rules and its three engines (bfs, best-first, compact),
 * checked against the rule checker of tenpair_check.h: the rules and moves, the seed's
 * length-68 win of the default game, the engines' agreement with each other and with
 * themselves across thread counts, their limits, the start-string parsing, and the
 * batch runner running them. The counts are in test_tenpair_count.c.
 *
 * usage: test_tenpair */
#include "harness/measure/batch.h"
#include "tenpair_check.h"

static void test_rules(void)
{
    tp_rules r;
    pb_error e = {0, ""};
    tp_rules_default(&r);
    CHECK(r.width == 9 && r.wrap == 1 && r.append_any == 0);
    CHECK_EQ_U64(r.nstart, 27);
    char start[TP_MAX_START + 2];
    for (int i = 0; i < r.nstart; i++) start[i] = (char)('0' + r.start[i]);
    start[r.nstart] = '\0';
    CHECK(!strcmp(start, "123456789111213141516171819"));
    CHECK(!strncmp(start, seed_win, 27));
    CHECK(tp_rules_check(&r, &e) == 0);

    /* --upto: numbers with a 0 are left out, 19 gives the seed's 27 digits. */
    tp_rules u;
    tp_rules_default(&u);
    CHECK(tp_rules_set_upto(&u, 9, &e) == 0 && u.nstart == 9);
    CHECK(tp_rules_set_upto(&u, 19, &e) == 0 && u.nstart == 27);
    CHECK(!memcmp(u.start, r.start, 27));
    CHECK(tp_rules_set_upto(&u, 100, &e) == 0);
    CHECK_EQ_U64(u.nstart, 9 + 2 * 81);
    CHECK(tp_rules_set_upto(&u, 0, &e) == -1 && strstr(e.msg, "--upto"));
    CHECK(tp_rules_set_upto(&u, -3, &e) == -1);
    CHECK(tp_rules_set_upto(&u, 1000000, &e) == -1 && strstr(e.msg, "512 digits (N at most 245)"));

    /* --start: digits 1-9 only, an error names the column. */
    tp_rules s;
    tp_rules_default(&s);
    CHECK(tp_rules_set_start(&s, "1919", &e) == 0 && s.nstart == 4);
    CHECK(s.start[0] == 1 && s.start[1] == 9 && s.start[2] == 1 && s.start[3] == 9);
    e.msg[0] = '\0';
    CHECK(tp_rules_set_start(&s, "", &e) == -1 && e.msg[0]);
    CHECK(tp_rules_set_start(&s, "120", &e) == -1 && strstr(e.msg, "column 3"));
    CHECK(tp_rules_set_start(&s, "12a", &e) == -1 && strstr(e.msg, "column 3"));
    CHECK(tp_rules_set_start(&s, "x", &e) == -1 && strstr(e.msg, "column 1"));
    CHECK(tp_rules_set_start(&s, " 1", &e) == -1 && strstr(e.msg, "column 1"));
    CHECK(tp_rules_set_start(&s, "-5", &e) == -1 && strstr(e.msg, "column 1"));
    char many[TP_MAX_START + 2];
    memset(many, '7', TP_MAX_START);
    many[TP_MAX_START] = '\0';
    CHECK(tp_rules_set_start(&s, many, &e) == 0 && s.nstart == TP_MAX_START);
    many[TP_MAX_START] = '7', many[TP_MAX_START + 1] = '\0';
    CHECK(tp_rules_set_start(&s, many, &e) == -1 && strstr(e.msg, "512"));
    CHECK(tp_rules_set_start(&s, "55", NULL) == 0); /* err may be NULL */
    CHECK(tp_rules_set_start(&s, "5a", NULL) == -1);

    /* tp_rules_check: width 1-64, a start of digits 1-9. */
    tp_rules c = r;
    c.width = 0;
    CHECK(tp_rules_check(&c, &e) == -1 && strstr(e.msg, "width"));
    c.width = 65;
    CHECK(tp_rules_check(&c, &e) == -1);
    c.width = 64;
    CHECK(tp_rules_check(&c, &e) == 0);
    c.width = 1;
    CHECK(tp_rules_check(&c, &e) == 0);
    c.nstart = 0;
    CHECK(tp_rules_check(&c, &e) == -1);
    c = r;
    c.start[5] = 0;
    CHECK(tp_rules_check(&c, &e) == -1);
    c.start[5] = 10;
    CHECK(tp_rules_check(&c, &e) == -1);

    /* The board text: rows of width, '#' for crossed cells (either encoding). */
    uint8_t board[30];
    char text[64];
    memcpy(board, r.start, 27);
    CHECK_EQ_U64(tp_format_board(&r, board, 27, text, sizeof text), 30);
    CHECK(!strcmp(text, "123456789\n111213141\n516171819\n"));
    board[0] = 0, board[10] = 1 + TP_CROSSED, board[27] = 4, board[28] = 5;
    CHECK_EQ_U64(tp_format_board(&r, board, 29, text, sizeof text), 33);
    CHECK(!strcmp(text, "#23456789\n1#1213141\n516171819\n45\n"));
}

/* ===================================== tp_moves, tp_has_move, tp_apply vs checker */

/* Random boards of random shapes: the library's moves must be the checker's, each
 * pair once, in order of the first cell; tp_apply takes exactly the legal steps. */
/* tp_moves lists exactly the pairs the checker allows, each once and in order; returns
 * how many there are. */
static int check_listed_moves(const tp_rules *r, const uint8_t *board, const game *g)
{
    static tp_step moves[2 * MAXN];
    int nm = tp_moves(r, board, g->n, moves);
    int k = 0, extra = 0, missing = 0, sorted_once = 1;
    for (int m = 0; m < nm; m++) {
        if (m && moves[m].a < moves[m - 1].a) sorted_once = 0;
        for (int p = 0; p < m; p++) /* each pair once */
            if (moves[p].a == moves[m].a && moves[p].b == moves[m].b) sorted_once = 0;
        if (!may_cross(g, moves[m].a, moves[m].b)) extra++;
    }
    for (int i = 0; i < g->n; i++)
        for (int j = i + 1; j < g->n; j++) {
            if (!may_cross(g, i, j)) continue;
            k++;
            int listed = 0;
            for (int m = 0; m < nm; m++) listed |= moves[m].a == i && moves[m].b == j;
            if (!listed) missing++;
        }
    CHECK_EQ_U64(extra, 0);
    CHECK(sorted_once);
    CHECK_EQ_U64(missing, 0);
    CHECK_EQ_U64(nm, k);
    return k;
}

/* tp_apply: a random pair (often one of the k legal ones) is applied exactly when the
 * checker allows it, and then crosses just those two cells. */
static void check_apply_pair(const tp_rules *r, const uint8_t *board, const game *g, int k)
{
    int a = (int)(rng() % (uint64_t)g->n), b = (int)(rng() % (uint64_t)g->n);
    if (a > b) a ^= b, b ^= a, a ^= b;
    if (k && rng() % 2) {
        int pick = (int)(rng() % (uint64_t)k);
        for (int i = 0; i < g->n; i++)
            for (int j = i + 1; j < g->n; j++)
                if (may_cross(g, i, j) && pick-- == 0) a = i, b = j;
    }
    uint8_t after[MAXN];
    memcpy(after, board, (size_t)g->n);
    int n = g->n, keep = (int)(rng() % 2);
    int rc = tp_apply(r, after, &n, MAXN, (tp_step){(int16_t)a, (int16_t)b}, keep);
    CHECK_EQ_U64(rc == 0, may_cross(g, a, b));
    if (rc == 0) {
        int changed = 0;
        for (int i = 0; i < g->n; i++) changed += after[i] != board[i];
        CHECK(n == g->n && changed == 2 && !tp_live(after[a]) && !tp_live(after[b]));
        CHECK(keep ? after[a] == g->digit[a] + TP_CROSSED : after[a] == 0);
    }
}

/* Appending: allowed when the checker allows it (no room: refused). */
static void check_append(const tp_rules *r, const uint8_t *board, const game *g)
{
    uint8_t after[MAXN];
    memcpy(after, board, (size_t)g->n);
    int n = g->n;
    int rc = tp_apply(r, after, &n, MAXN, (tp_step){-1, -1}, 1);
    int allowed = live_count(g) > 0 && (r->append_any || !has_crossing(g));
    CHECK_EQ_U64(rc == 0, allowed);
    if (rc == 0) {
        game h;
        game_copy(&h, g);
        do_append(&h);
        int same = n == h.n;
        for (int i = g->n; same && i < n; i++) same = after[i] == h.digit[i];
        CHECK(same);
    }
    n = g->n;
    if (allowed) CHECK(tp_apply(r, after, &n, g->n, (tp_step){-1, -1}, 1) == -1);
}

static void test_moves(void)
{
    for (int it = 0; it < 20000; it++) {
        tp_rules r;
        tp_rules_default(&r);
        r.width = 1 + (int)(rng() % 7);
        r.wrap = (int)(rng() % 2);
        r.append_any = (int)(rng() % 2);
        game g = {.r = &r, .n = 1 + (int)(rng() % 40)};
        uint8_t board[MAXN];
        int density = 1 + (int)(rng() % 9); /* in tenths, crossed */
        int digits = 1 + (int)(rng() % 9);  /* few digit values make more pairs */
        for (int i = 0; i < g.n; i++) {
            g.digit[i] = (uint8_t)(1 + (rng() % (uint64_t)digits) * 9 / (uint64_t)digits);
            g.crossed[i] = rng() % 10 < (uint64_t)density;
            int keep = (int)(rng() % 2);
            board[i] = g.crossed[i] ? (uint8_t)(keep ? g.digit[i] + TP_CROSSED : 0) : g.digit[i];
        }
        int k = check_listed_moves(&r, board, &g);
        CHECK_EQ_U64(tp_has_move(&r, board, g.n), k > 0);
        CHECK_EQ_U64(tp_live_count(board, g.n), live_count(&g));
        check_apply_pair(&r, board, &g, k);
        check_append(&r, board, &g);
    }
}

/* ====================================================== the default game */

static void test_default_shortest(void)
{
    tp_rules r;
    tp_rules_default(&r);
    CHECK_EQ_U64(strlen(seed_win), 68);
    for (int e = 0; e < NENGINES; e++) {
        /* bfs goes by moves, not length: with no bound it walks every short move
         * sequence, however much it writes, and runs out of memory (GiBs) before the
         * 68 win; a bound makes it practical. */
        int bound = !strcmp(engine_names[e], "bfs") ? 72 : 0;
        pb_result res = shortest(engine_names[e], &r, bound);
        char *text = check_shortest(engine_names[e], &res, &r, 68);
        CHECK(text && !strcmp(text, seed_win));
        /* 68 digits: 7 full rows of 9 and 5, so the boards have 8 rows. */
        CHECK(res.length / r.width == 7 && res.length % r.width == 5);
        free(text);
        free(res.path);

        /* A bound of exactly 68 still finds it; 67 finds none (done, not a failure). */
        res = shortest(engine_names[e], &r, 68);
        text = check_shortest(engine_names[e], &res, &r, 68);
        free(text);
        free(res.path);
        res = shortest(engine_names[e], &r, 67);
        check_shortest(engine_names[e], &res, &r, 0);
        free(res.path);
    }
}

/* With append any, the default game's shortest win is 50 long. */
static void test_default_append_any(void)
{
    tp_rules r;
    tp_rules_default(&r);
    r.append_any = 1;
    int bound = 50; /* exactly the win's length: bfs's cost grows fast with the bound */
    for (int e = 0; e < NENGINES; e++) {
        pb_result res = shortest(engine_names[e], &r, bound);
        free(check_shortest(engine_names[e], &res, &r, 50));
        free(res.path);
    }
}

/* The default game's wins by length: compact (one thread and two) up to L, bfs and
 * best-first (every win reported through on_path) up to plain_L <= L. */

static void test_limits(void)
{
    tp_rules r;
    tp_rules_default(&r);
    uint64_t wins[100];
    win_log *log = malloc(sizeof *log);
    if (!log) abort();
    for (int e = 0; e < NENGINES; e++) {
        const char *name = engine_names[e];
        /* A step limit stops the run with PB_LIMIT (shortest: after that many). */
        pb_run how = {.mode = PB_MODE_FIRST, .threads = 1, .limits = {.max_steps = 10}};
        pb_result res = {0};
        CHECK(run_engine(name, &r, &how, &res) == PB_LIMIT && res.status == PB_LIMIT);
        CHECK(res.stats.steps > 0 && res.stats.steps <= 10);
        CHECK(res.length == 0);
        free(res.path);
        how.mode = PB_MODE_COUNT, how.max_length = 84;
        res = (pb_result){.by_length = wins};
        CHECK(run_engine(name, &r, &how, &res) == PB_LIMIT);
        free(res.path);

        /* A memory cap stops the run with PB_NOMEM before the engine's memory passes
         * it: a tiny one at once, 1 MiB some way into either search. */
        static const uint64_t caps[] = {64, 1 << 20};
        for (int c = 0; c < 2; c++) {
            const uint64_t cap = caps[c];
            how = (pb_run){.mode = PB_MODE_FIRST, .threads = 1, .limits.max_bytes = cap};
            res = (pb_result){0};
            CHECK(run_engine(name, &r, &how, &res) == PB_NOMEM);
            CHECK(res.stats.bytes <= cap && res.length == 0);
            free(res.path);
            how.mode = PB_MODE_COUNT, how.max_length = 84;
            res = (pb_result){.by_length = wins};
            CHECK(run_engine(name, &r, &how, &res) == PB_NOMEM);
            CHECK(res.stats.bytes <= cap);
            if (cap > 64) CHECK(res.stats.steps > 0 && res.stats.bytes > cap / 2);
            free(res.path);
        }

        /* Requests no engine takes: a count without a bound, bounds out of range. */
        how = (pb_run){.mode = PB_MODE_COUNT, .threads = 1};
        res = (pb_result){0};
        CHECK(run_engine(name, &r, &how, &res) == PB_UNSUPPORTED && res.status == PB_UNSUPPORTED);
        how.max_length = 26; /* shorter than the start */
        CHECK(run_engine(name, &r, &how, &res) == PB_UNSUPPORTED);
        how.max_length = TP_MAX_LENGTH + 1;
        CHECK(run_engine(name, &r, &how, &res) == PB_UNSUPPORTED);
        how = (pb_run){.mode = PB_MODE_FIRST, .threads = 1, .max_length = 20};
        CHECK(run_engine(name, &r, &how, &res) == PB_UNSUPPORTED);
        /* Rules that are not playable make no model; a model that is no tenpair
         * start is refused as an instance. */
        tp_rules bad = r;
        bad.width = 0;
        CHECK(tp_model_new(&bad) == NULL);
        bad.width = 65;
        CHECK(tp_model_new(&bad) == NULL);
        pb_model *other = pb_model_new(3, 9);
        CHECK(other && !pb_model_finish(other));
        how.max_length = 0;
        CHECK(pb_engine_run(tenpair_engine(name), other, &how, &res) == PB_UNSUPPORTED &&
              res.refusal == PB_REFUSE_INSTANCE);
        pb_model_free(other);
    }
    /* on_path only where the engine has PB_CAP_PATHS (not compact). */
    const pb_engine *compact = tenpair_engine("compact");
    CHECK(compact && !(compact->about.caps & PB_CAP_PATHS) &&
          (compact->about.caps & PB_CAP_PARALLEL));
    pb_run how = {
        .mode = PB_MODE_COUNT, .threads = 1, .max_length = 70, .on_path = log_win, .path_ctx = log};
    memset(log, 0, sizeof *log);
    log->r = &r, log->max_length = 70;
    pb_result res = {.by_length = wins};
    CHECK(tp_run_rules(compact, &r, &how, &res) == PB_UNSUPPORTED);
    CHECK_EQ_U64(log->calls, 0);
    CHECK(tenpair_engine("bfs")->about.caps & PB_CAP_PATHS);
    CHECK(tenpair_engine("best-first")->about.caps & PB_CAP_PATHS);
    CHECK(tenpair_engine("dfs") == NULL);
    CHECK(NENGINES >= 3);
    free(log);
}

/* Delivers every rank's outbox to the ranks it names, as MPI_Alltoallv would (rank
 * j's inbox: what rank 0 sent it, then rank 1, ...), and merges. Adds the bytes
 * sent and received to *sent and *recv; -1 when a merge fails. */

/* The batch runner, as solve and count run every other family, runs the engines on
 * the start's model: the same win and counts as a direct run, the length and the
 * engine's own figures kept per puzzle, the win as values the start digits. */
static void test_batch(void)
{
    tp_rules r;
    tp_rules_default(&r);
    pb_puzzle puzzle = {.model = tp_model_new(&r)};
    pb_set set = {.count = 1, .puzzle = &puzzle};
    CHECK(puzzle.model != NULL);
    if (!puzzle.model) return;
    for (int k = 0; k < 2 * NENGINES; k++) {
        const int e = k / 2, count = k % 2;
        pb_run how = {.mode = count ? PB_MODE_COUNT : PB_MODE_FIRST,
                      .max_length = count ? 76 : 72,
                      .threads = 1,
                      .limits = {.max_bytes = 1ull << 30}};
        pb_result direct = {0};
        CHECK(pb_engine_run(tenpair_engine(engine_names[e]), puzzle.model, &how, &direct) ==
              PB_DONE);
        free(direct.path);
        pb_batch b = {.set = &set,
                      .engine = tenpair_engine(engine_names[e]),
                      .how = how,
                      .threads = 1,
                      .keep_solutions = !count};
        pb_batch_result res;
        int which = 0;
        CHECK(pb_batch_check(&b, &which, NULL, 0) == PB_RUNS);
        CHECK(pb_batch_run(&b, &res) == 0);
        const pb_outcome *o = &res.puzzle[0];
        CHECK(o->ran && o->status == PB_DONE);
        CHECK_EQ_U64((uint64_t)o->stats.solutions, count ? 4 : 1);
        CHECK_EQ_U64(o->stats.steps, direct.stats.steps);
        CHECK_EQ_U64(o->figure[TP_FIG_STORED], direct.figure[TP_FIG_STORED]);
        CHECK_EQ_U64(o->figure[TP_FIG_NODES], direct.figure[TP_FIG_NODES]);
        CHECK(o->length == (count ? 0 : 68));
        int values[TP_MAX_START];
        if (!count) {
            CHECK(pb_batch_solution(&b, &res, 0, values) == 0);
            for (int i = 0; i < r.nstart; i++) CHECK(values[i] == r.start[i]);
        }
        pb_batch_free(&res);
    }
    pb_model_free(puzzle.model);
}

int main(void)
{
    test_rules();
    test_moves();
    test_default_shortest();
    test_default_append_any();
    test_limits();
    test_batch();
    return check_report("test_tenpair");
}
