/* test_tenpair.c — tenpair's rules and its three engines (bfs, best-first, compact),
 * checked against a rule checker written here from the rules text (tenpair.h's top
 * comment), not from rules.c: the checker never calls tp_moves, tp_has_move or
 * tp_apply (those are tested against it). On it rest a replay of every win an
 * engine reports, a brute-force search over whole configurations for small starts
 * (shortest length, wins per length, the written sequences themselves), the seed's
 * known answers for the default game (the length-68 win and the counts up to 84),
 * the engines' agreement with each other and with themselves across thread counts,
 * their limits, and the start-string parsing.
 *
 * The compact count split over ranks (count_levels.h) is run here in one process, the
 * ranks' outboxes delivered by hand, against the engine's own count.
 *
 * usage: test_tenpair [PART [COUNT_BOUND]] — PART is engines (rules, moves, the
 * default game's shortest wins, limits), small (small starts against the brute
 * force), count (the default game's counts up to COUNT_BOUND, 84 by default; bfs
 * and best-first stop at 76 in a sanitizer build), ranks (the count up to 76 over
 * 1-5 simulated ranks) or all (the default). */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "engines.h"
#include "tenpair/count_levels.h"
#include "tenpair/tenpair.h"

#if defined(__SANITIZE_ADDRESS__)
#define TP_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define TP_SANITIZED 1
#endif
#endif
#ifndef TP_SANITIZED
#define TP_SANITIZED 0
#endif

/* The seed's shortest win of the default game. */
static const char seed_win[] =
    "12345678911121314151617181923456713145161718234567131457135614516178";

/* The seed's wins of the default game by length, up to 84 (none at other lengths). */
static const struct {
    int length;
    uint64_t wins;
} seed_counts[] = {{68, 1}, {72, 1}, {74, 1}, {76, 1}, {80, 5}, {82, 1}, {84, 4}};

/* =============================================================== the checker */

#define MAXN 1024 /* cells a checked game may write; the games here stay far shorter */

/* A game as the rules describe it: the written digits and which are crossed. */
typedef struct game {
    const tp_rules *r;
    int n;
    uint8_t digit[MAXN], crossed[MAXN];
} game;

static void game_start(game *g, const tp_rules *r)
{
    g->r = r;
    g->n = r->nstart;
    for (int i = 0; i < g->n; i++) g->digit[i] = r->start[i], g->crossed[i] = 0;
}

static void game_copy(game *to, const game *from)
{
    to->r = from->r;
    to->n = from->n;
    memcpy(to->digit, from->digit, (size_t)from->n);
    memcpy(to->crossed, from->crossed, (size_t)from->n);
}

static int live_count(const game *g)
{
    int k = 0;
    for (int i = 0; i < g->n; i++) k += !g->crossed[i];
    return k;
}

/* Cells i < j are reading neighbours when every cell strictly between them is
 * crossed (without wrap, only within one row). */
static int reading_neighbours(const game *g, int i, int j)
{
    const int w = g->r->width;
    if (!g->r->wrap && i / w != j / w) return 0;
    for (int k = i + 1; k < j; k++)
        if (!g->crossed[k]) return 0;
    return 1;
}

/* Cells i < j are column neighbours when j - i is a multiple of the width and every
 * cell between them in that column is crossed. */
static int column_neighbours(const game *g, int i, int j)
{
    const int w = g->r->width;
    if ((j - i) % w) return 0;
    for (int k = i + w; k < j; k += w)
        if (!g->crossed[k]) return 0;
    return 1;
}

static int may_cross(const game *g, int i, int j)
{
    if (i < 0 || j <= i || j >= g->n || g->crossed[i] || g->crossed[j]) return 0;
    if (g->digit[i] != g->digit[j] && g->digit[i] + g->digit[j] != 10) return 0;
    return reading_neighbours(g, i, j) || column_neighbours(g, i, j);
}

static int has_crossing(const game *g)
{
    for (int i = 0; i < g->n; i++)
        for (int j = i + 1; j < g->n; j++)
            if (may_cross(g, i, j)) return 1;
    return 0;
}

static int may_append(const game *g)
{
    int live = live_count(g);
    return live > 0 && g->n + live <= MAXN && (g->r->append_any || !has_crossing(g));
}

static void do_append(game *g)
{
    for (int i = 0, m = g->n; i < m; i++)
        if (!g->crossed[i]) g->digit[g->n] = g->digit[i], g->crossed[g->n++] = 0;
}

/* Replays steps from the start: 0 when each is legal by the checker (a crossing of
 * two neighbours that pair up, an append only when the rules allow one), else -1
 * with the failing step's number in *bad. */
static int replay(game *g, const tp_rules *r, const tp_step *path, int npath, int *bad)
{
    game_start(g, r);
    for (int s = 0; s < npath; s++) {
        *bad = s;
        if (path[s].a == -1 && path[s].b == -1) {
            if (!may_append(g)) return -1;
            do_append(g);
        } else {
            if (!may_cross(g, path[s].a, path[s].b)) return -1;
            g->crossed[path[s].a] = g->crossed[path[s].b] = 1;
        }
    }
    return 0;
}

/* The written digits as text (caller frees). */
static char *written(const game *g)
{
    char *s = malloc((size_t)g->n + 1);
    if (!s) abort();
    for (int i = 0; i < g->n; i++) s[i] = (char)('0' + g->digit[i]);
    s[g->n] = '\0';
    return s;
}

/* ================================================= a set of strings, for both the
 * brute force's seen configurations and the written sequences of wins */

typedef struct strset {
    char **slot;
    size_t cap, count;
} strset;

static uint64_t fnv(const char *s)
{
    uint64_t h = 1469598103934665603ull;
    for (; *s; s++) h = (h ^ (uint8_t)*s) * 1099511628211ull;
    return h;
}

/* Adds a copy of s: 1 when new, 0 when already there. */
static int strset_add(strset *set, const char *s)
{
    if ((set->count + 1) * 2 > set->cap) {
        strset bigger = {calloc(set->cap ? 2 * set->cap : 1024, sizeof(char *)),
                         set->cap ? 2 * set->cap : 1024, 0};
        if (!bigger.slot) abort();
        for (size_t i = 0; i < set->cap; i++) {
            if (!set->slot[i]) continue;
            size_t at = fnv(set->slot[i]) & (bigger.cap - 1);
            while (bigger.slot[at]) at = (at + 1) & (bigger.cap - 1);
            bigger.slot[at] = set->slot[i];
            bigger.count++;
        }
        free(set->slot);
        *set = bigger;
    }
    size_t at = fnv(s) & (set->cap - 1);
    for (; set->slot[at]; at = (at + 1) & (set->cap - 1))
        if (!strcmp(set->slot[at], s)) return 0;
    set->slot[at] = strdup(s);
    if (!set->slot[at]) abort();
    set->count++;
    return 1;
}

static void strset_free(strset *set)
{
    for (size_t i = 0; i < set->cap; i++) free(set->slot[i]);
    free(set->slot);
    memset(set, 0, sizeof *set);
}

/* ========================================================== the brute force */

/* Every configuration reachable within `bound` digits written, each walked once
 * (one configuration, one future): the wins by length and their written sequences. */
typedef struct brute {
    const tp_rules *r;
    int bound;
    strset seen, wins;
    uint64_t by_length[TP_MAX_LENGTH + 1];
    int shortest;
} brute;

static void brute_walk(brute *b, const game *g)
{
    char key[MAXN + 1];
    for (int i = 0; i < g->n; i++) key[i] = (char)(g->digit[i] | (g->crossed[i] ? 16 : 0));
    key[g->n] = '\0';
    if (!strset_add(&b->seen, key)) return;
    if (live_count(g) == 0) {
        b->by_length[g->n]++;
        if (!b->shortest || g->n < b->shortest) b->shortest = g->n;
        char *text = written(g);
        strset_add(&b->wins, text);
        free(text);
        return;
    }
    game *child = malloc(sizeof *child);
    if (!child) abort();
    for (int i = 0; i < g->n; i++)
        for (int j = i + 1; j < g->n; j++) {
            if (!may_cross(g, i, j)) continue;
            game_copy(child, g);
            child->crossed[i] = child->crossed[j] = 1;
            brute_walk(b, child);
        }
    if (may_append(g) && g->n + live_count(g) <= b->bound) {
        game_copy(child, g);
        do_append(child);
        brute_walk(b, child);
    }
    free(child);
}

static brute *brute_run(const tp_rules *r, int bound)
{
    brute *b = calloc(1, sizeof *b);
    if (!b) abort();
    b->r = r, b->bound = bound;
    game *g = malloc(sizeof *g);
    if (!g) abort();
    game_start(g, r);
    brute_walk(b, g);
    free(g);
    return b;
}

static void brute_free(brute *b)
{
    strset_free(&b->seen);
    strset_free(&b->wins);
    free(b);
}

/* ========================================================= running engines */

static const char *const engine_names[] = {"bfs", "best-first", "compact"};
enum { NENGINES = 3 };

static pb_status run_engine(const char *name, const tp_rules *r, const tp_run *how, tp_result *res)
{
    const tp_engine *e = tenpair_engine(name);
    CHECK(e != NULL);
    if (!e) abort();
    return tp_engine_run(e, r, how, res);
}

/* The shortest win: by an engine, within max_length (0: none). */
static tp_result shortest(const char *name, const tp_rules *r, int max_length)
{
    tp_run how = {.mode = TP_SHORTEST, .max_length = max_length, .threads = 1};
    tp_result res = {0};
    run_engine(name, r, &how, &res);
    return res;
}

/* Adds a line to a problem report (a case's problems are gathered first, then
 * reported as one failed check on one line). */
static void note(char *buf, size_t cap, const char *fmt, ...)
{
    size_t at = strlen(buf);
    if (at + 1 >= cap) return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf + at, cap - at, fmt, ap);
    va_end(ap);
}

/* Checks a shortest-mode result quietly: done, the expected length (0: no win), and
 * a path that replays legally and leaves everything crossed at that length. Problems
 * go to buf. Returns the written sequence (caller frees), or NULL with no win. */
static char *shortest_problems(const tp_result *res, const tp_rules *r, int want, char *buf,
                               size_t cap)
{
    if (res->status != PB_DONE) note(buf, cap, " status %s;", pb_status_name(res->status));
    if (res->length != want) note(buf, cap, " length %d, expected %d;", res->length, want);
    if (!res->length) {
        if (res->npath || res->stats.wins) note(buf, cap, " steps or wins without a win;");
        return NULL;
    }
    if (res->stats.wins != 1) note(buf, cap, " stats.wins %" PRIu64 ";", res->stats.wins);
    game *g = malloc(sizeof *g);
    int bad = -1;
    if (!g) abort();
    if (replay(g, r, res->path, res->npath, &bad))
        note(buf, cap, " step %d of %d is illegal;", bad, res->npath);
    else if (live_count(g) || g->n != res->length)
        note(buf, cap, " the path leaves %d live of %d written;", live_count(g), g->n);
    char *text = written(g);
    free(g);
    return text;
}

/* The same, as a check. */
static char *check_shortest(const char *what, const tp_result *res, const tp_rules *r, int want)
{
    char buf[400] = "";
    char *text = shortest_problems(res, r, want, buf, sizeof buf);
    CHECK(buf[0] == '\0');
    if (buf[0]) fprintf(stderr, "  (%s, shortest:%s)\n", what, buf);
    return text;
}

/* on_win's context: every reported win replayed and kept. */
typedef struct win_log {
    const tp_rules *r;
    int max_length;
    uint64_t by_length[TP_MAX_LENGTH + 1];
    strset texts;
    uint64_t calls, illegal, incomplete, repeated;
} win_log;

static void log_win(void *ctx, const tp_step *path, int npath, int length)
{
    win_log *log = ctx;
    game *g = malloc(sizeof *g);
    int bad;
    if (!g) abort();
    log->calls++;
    if (replay(g, log->r, path, npath, &bad))
        log->illegal++;
    else if (live_count(g) != 0 || g->n != length)
        log->incomplete++;
    if (length >= 0 && length <= log->max_length) log->by_length[length]++;
    char *text = written(g);
    if (!strset_add(&log->texts, text)) log->repeated++;
    free(text);
    free(g);
}

/* A count by an engine (threads for compact), optionally logging wins. */
static pb_status count(const char *name, const tp_rules *r, int max_length, int threads,
                       win_log *log, uint64_t *by_length, tp_stats *stats)
{
    tp_run how = {.mode = TP_COUNT, .max_length = max_length, .threads = threads};
    if (log) {
        memset(log, 0, sizeof *log);
        log->r = r, log->max_length = max_length;
        how.on_win = log_win, how.win_ctx = log;
    }
    tp_result res = {.wins_by_length = by_length};
    pb_status st = run_engine(name, r, &how, &res);
    if (stats) *stats = res.stats;
    free(res.path);
    return st;
}

/* Checks a logged count quietly: every win legal, complete, distinct, and as many
 * per length as the engine counted. Problems go to buf. */
static void log_problems(const win_log *log, const uint64_t *by_length, int L, char *buf,
                         size_t cap)
{
    if (log->illegal) note(buf, cap, " %" PRIu64 " reported wins replay illegally;", log->illegal);
    if (log->incomplete)
        note(buf, cap, " %" PRIu64 " reported wins leave digits or lengths;", log->incomplete);
    if (log->repeated) note(buf, cap, " %" PRIu64 " reported wins repeat;", log->repeated);
    uint64_t total = 0;
    for (int len = 0; len <= L; len++) {
        total += by_length[len];
        if (log->by_length[len] != by_length[len])
            note(buf, cap, " length %d: %" PRIu64 " reported, %" PRIu64 " counted;", len,
                 log->by_length[len], by_length[len]);
    }
    if (log->calls != total)
        note(buf, cap, " %" PRIu64 " reported, %" PRIu64 " counted;", log->calls, total);
}

/* The same, as a check. */
static void check_log(const char *what, const win_log *log, const uint64_t *by_length, int L)
{
    char buf[400] = "";
    log_problems(log, by_length, L, buf, sizeof buf);
    CHECK(buf[0] == '\0');
    if (buf[0]) fprintf(stderr, "  (%s, on_win:%s)\n", what, buf);
}

/* ======================================================= rules and parsing */

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
    CHECK(tp_rules_set_upto(&u, 1000000, &e) == -1 && strstr(e.msg, "512"));

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

static uint64_t rng_state = 0x2545F4914F6CDD1Dull;

static uint64_t rng(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return rng_state;
}

/* Random boards of random shapes: the library's moves must be the checker's, each
 * pair once, in order of the first cell; tp_apply takes exactly the legal steps. */
static void test_moves(void)
{
    static tp_step moves[2 * MAXN];
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
        int nm = tp_moves(&r, board, g.n, moves);
        int k = 0, extra = 0, missing = 0, sorted_once = 1;
        for (int m = 0; m < nm; m++) {
            if (m && moves[m].a < moves[m - 1].a) sorted_once = 0;
            for (int p = 0; p < m; p++) /* each pair once */
                if (moves[p].a == moves[m].a && moves[p].b == moves[m].b) sorted_once = 0;
            if (!may_cross(&g, moves[m].a, moves[m].b)) extra++;
        }
        for (int i = 0; i < g.n; i++)
            for (int j = i + 1; j < g.n; j++) {
                if (!may_cross(&g, i, j)) continue;
                k++;
                int listed = 0;
                for (int m = 0; m < nm; m++) listed |= moves[m].a == i && moves[m].b == j;
                if (!listed) missing++;
            }
        CHECK_EQ_U64(extra, 0);
        CHECK(sorted_once);
        CHECK_EQ_U64(missing, 0);
        CHECK_EQ_U64(nm, k);
        CHECK_EQ_U64(tp_has_move(&r, board, g.n), k > 0);
        CHECK_EQ_U64(tp_live_count(board, g.n), live_count(&g));

        /* tp_apply: a random pair is applied exactly when the checker allows it, and
         * then crosses just those two cells. */
        int a = (int)(rng() % (uint64_t)g.n), b = (int)(rng() % (uint64_t)g.n);
        if (a > b) a ^= b, b ^= a, a ^= b;
        if (k && rng() % 2) { /* often a legal one */
            int pick = (int)(rng() % (uint64_t)k);
            for (int i = 0; i < g.n; i++)
                for (int j = i + 1; j < g.n; j++)
                    if (may_cross(&g, i, j) && pick-- == 0) a = i, b = j;
        }
        uint8_t after[MAXN];
        memcpy(after, board, (size_t)g.n);
        int n = g.n, keep = (int)(rng() % 2);
        int rc = tp_apply(&r, after, &n, MAXN, (tp_step){(int16_t)a, (int16_t)b}, keep);
        CHECK_EQ_U64(rc == 0, may_cross(&g, a, b));
        if (rc == 0) {
            int changed = 0;
            for (int i = 0; i < g.n; i++) changed += after[i] != board[i];
            CHECK(n == g.n && changed == 2 && !tp_live(after[a]) && !tp_live(after[b]));
            CHECK(keep ? after[a] == g.digit[a] + TP_CROSSED : after[a] == 0);
        }

        /* Appending: allowed when the checker allows it (no room: refused). */
        memcpy(after, board, (size_t)g.n);
        n = g.n;
        rc = tp_apply(&r, after, &n, MAXN, (tp_step){-1, -1}, 1);
        int allowed = live_count(&g) > 0 && (r.append_any || !has_crossing(&g));
        CHECK_EQ_U64(rc == 0, allowed);
        if (rc == 0) {
            game h;
            game_copy(&h, &g);
            do_append(&h);
            int same = n == h.n;
            for (int i = g.n; same && i < n; i++) same = after[i] == h.digit[i];
            CHECK(same);
        }
        n = g.n;
        if (allowed) CHECK(tp_apply(&r, after, &n, g.n, (tp_step){-1, -1}, 1) == -1);
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
        tp_result res = shortest(engine_names[e], &r, bound);
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
        tp_result res = shortest(engine_names[e], &r, bound);
        free(check_shortest(engine_names[e], &res, &r, 50));
        free(res.path);
    }
}

/* The default game's wins by length: compact (one thread and two) up to L, bfs and
 * best-first (every win reported through on_win) up to plain_L <= L. */
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
    tp_stats one, both;
    CHECK(count("compact", &r, L, 1, NULL, got, &one) == PB_DONE);
    CHECK(!memcmp(got, want, bytes));
    for (int len = 0; len <= L; len++)
        if (got[len] != want[len])
            fprintf(stderr, "  (compact: length %d: %" PRIu64 " wins, expected %" PRIu64 ")\n", len,
                    got[len], want[len]);
    CHECK(count("compact", &r, L, 2, NULL, two, &both) == PB_DONE);
    CHECK(!memcmp(two, got, bytes));
    CHECK_EQ_U64(both.expanded, one.expanded);
    CHECK_EQ_U64(both.nodes, one.nodes);
    CHECK_EQ_U64(both.wins, one.wins);
    CHECK(one.nodes > 0);

    /* bfs and best-first, every win reported through on_win. */
    const size_t plain_bytes = ((size_t)plain_L + 1) * 8;
    uint64_t total = 0;
    for (int len = 0; len <= plain_L; len++) total += want[len];
    for (int e = 0; e < 2; e++) {
        memset(got, 0xff, bytes); /* the engine must clear it */
        tp_stats st;
        CHECK(count(engine_names[e], &r, plain_L, 1, log, got, &st) == PB_DONE);
        CHECK(!memcmp(got, want, plain_bytes));
        if (plain_L < L) CHECK(got[plain_L + 1] == UINT64_MAX); /* nothing past the bound */
        check_log(engine_names[e], log, got, plain_L);
        CHECK_EQ_U64(st.wins, total);
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
        const int compact = !strcmp(name, "compact");
        char buf[600] = "";
        tp_result res = shortest(name, r, bound);
        free(shortest_problems(&res, r, b->shortest, buf, sizeof buf));
        free(res.path);

        if (count(name, r, bound, 1, compact ? NULL : log, got, NULL) != PB_DONE)
            note(buf, sizeof buf, " count not done;");
        count_problems(got, b, buf, sizeof buf);
        if (compact) {
            if (count(name, r, bound, 2, NULL, two, NULL) != PB_DONE)
                note(buf, sizeof buf, " count (2 threads) not done;");
        } else {
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
        /* Whatever the brute force says, compact's thread count changes nothing. */
        if (compact) CHECK(!memcmp(two, got, bytes));
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
        tp_run how = {.mode = TP_SHORTEST, .threads = 1, .limits = {.max_steps = 10}};
        tp_result res = {0};
        CHECK(run_engine(name, &r, &how, &res) == PB_LIMIT && res.status == PB_LIMIT);
        CHECK(res.stats.expanded > 0 && res.stats.expanded <= 10);
        CHECK(res.length == 0);
        free(res.path);
        how.mode = TP_COUNT, how.max_length = 84;
        res = (tp_result){.wins_by_length = wins};
        CHECK(run_engine(name, &r, &how, &res) == PB_LIMIT);
        free(res.path);

        /* A memory cap stops the run with PB_NOMEM before the engine's memory passes
         * it: a tiny one at once, 1 MiB some way into either search. */
        static const uint64_t caps[] = {64, 1 << 20};
        for (int c = 0; c < 2; c++) {
            const uint64_t cap = caps[c];
            how = (tp_run){.mode = TP_SHORTEST, .threads = 1, .max_bytes = cap};
            res = (tp_result){0};
            CHECK(run_engine(name, &r, &how, &res) == PB_NOMEM);
            CHECK(res.stats.peak_bytes <= cap && res.length == 0);
            free(res.path);
            how.mode = TP_COUNT, how.max_length = 84;
            res = (tp_result){.wins_by_length = wins};
            CHECK(run_engine(name, &r, &how, &res) == PB_NOMEM);
            CHECK(res.stats.peak_bytes <= cap);
            if (cap > 64) CHECK(res.stats.expanded > 0 && res.stats.peak_bytes > cap / 2);
            free(res.path);
        }

        /* Requests no engine takes: a count without a bound, bounds out of range. */
        how = (tp_run){.mode = TP_COUNT, .threads = 1};
        res = (tp_result){0};
        CHECK(run_engine(name, &r, &how, &res) == PB_UNSUPPORTED && res.status == PB_UNSUPPORTED);
        how.max_length = 26; /* shorter than the start */
        CHECK(run_engine(name, &r, &how, &res) == PB_UNSUPPORTED);
        how.max_length = TP_MAX_LENGTH + 1;
        CHECK(run_engine(name, &r, &how, &res) == PB_UNSUPPORTED);
        how = (tp_run){.mode = TP_SHORTEST, .threads = 1, .max_length = 20};
        CHECK(run_engine(name, &r, &how, &res) == PB_UNSUPPORTED);
        tp_rules bad = r;
        bad.width = 0;
        how.max_length = 0;
        CHECK(run_engine(name, &bad, &how, &res) == PB_UNSUPPORTED);
        bad.width = 65;
        CHECK(run_engine(name, &bad, &how, &res) == PB_UNSUPPORTED);
    }
    /* on_win only where the engine has TP_CAP_WINS (not compact). */
    const tp_engine *compact = tenpair_engine("compact");
    CHECK(compact && !(compact->about.caps & TP_CAP_WINS) &&
          (compact->about.caps & TP_CAP_PARALLEL));
    tp_run how = {
        .mode = TP_COUNT, .threads = 1, .max_length = 70, .on_win = log_win, .win_ctx = log};
    memset(log, 0, sizeof *log);
    log->r = &r, log->max_length = 70;
    tp_result res = {.wins_by_length = wins};
    CHECK(tp_engine_run(compact, &r, &how, &res) == PB_UNSUPPORTED);
    CHECK_EQ_U64(log->calls, 0);
    for (int e = 0; e < 2; e++) CHECK(tenpair_engine(engine_names[e])->about.caps & TP_CAP_WINS);
    CHECK(tenpair_engine("dfs") == NULL);
    int n = 0;
    for (const pb_registered *e = pb_registry; e->about; e++) n += !strcmp(e->family, "tenpair");
    CHECK_EQ_U64(n, 3);
    free(log);
}

/* Delivers every rank's outbox to the ranks it names, as MPI_Alltoallv would (rank
 * j's inbox: what rank 0 sent it, then rank 1, ...), and merges. Adds the bytes
 * sent and received to *sent and *recv; -1 when a merge fails. */
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
    static tp_stats one;
    static const tp_rules *counted;
    uint64_t got[TP_MAX_LENGTH + 1] = {0};
    if (counted != r) { /* the one-process count, once per rules */
        memset(want, 0, sizeof want);
        CHECK(count("compact", r, L, 1, NULL, want, &one) == PB_DONE);
        counted = r;
    }
    tp_run how = {.mode = TP_COUNT, .max_length = L, .threads = 1};
    tp_count *t[8];
    int ok = 1;
    for (int k = 0; k < ranks; k++) ok &= (t[k] = tp_count_new(r, &how, k, ranks)) != NULL;
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
    if (!ok || memcmp(want, got, sizeof want) || expanded != one.expanded || nodes != one.nodes ||
        stored != one.stored || sent != recv || (ranks == 1 && sent) || (ranks > 1 && !sent) ||
        !children) {
        check_failures++;
        fprintf(stderr,
                "%s:%d: %s over %d ranks: ok %d, expanded %" PRIu64 " (one process %" PRIu64
                "), nodes %" PRIu64 " (%" PRIu64 "), stored %" PRIu64 " (%" PRIu64
                "), sent %" PRIu64 ", received %" PRIu64 ", wins %s\n",
                __FILE__, __LINE__, label, ranks, ok, expanded, one.expanded, nodes, one.nodes,
                stored, one.stored, sent, recv,
                memcmp(want, got, sizeof want) ? "differ" : "agree");
    }
}

/* The count over simulated ranks; a merge refuses records that are malformed or
 * belong to another rank. */
static void test_ranks(void)
{
    /* 76: four wins and a few hundred sequences, in milliseconds; mpirun runs the
     * longer counts (tests/cli_tenpair_mpi.sh). */
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
    tp_run how = {.mode = TP_COUNT, .max_length = 80, .threads = 1};
    tp_count *t = tp_count_new(&r, &how, 1, 2);
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
    if ((!all && strcmp(part, "engines") && strcmp(part, "small") && strcmp(part, "count") &&
         strcmp(part, "ranks")) ||
        bound < 68 || bound > 200) {
        fprintf(stderr,
                "usage: test_tenpair [all|engines|small|count|ranks [COUNT_BOUND 68-200]]\n");
        return 2;
    }
    if (all || !strcmp(part, "engines")) {
        test_rules();
        test_moves();
        test_default_shortest();
        test_default_append_any();
        test_limits();
    }
    if (all || !strcmp(part, "small")) test_small_starts();
    /* Under sanitizers bfs and best-first stop at 76: to 84 they take tens of seconds. */
    if (all || !strcmp(part, "count"))
        test_default_count(bound, TP_SANITIZED && bound > 76 ? 76 : bound);
    if (all || !strcmp(part, "ranks")) test_ranks();
    return check_report("test_tenpair");
}
