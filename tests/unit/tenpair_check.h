/* tenpair_check.h — what tenpair's tests check engines with: a rule checker written
 * from the rules text (tenpair.h's top comment), not from rules.c (it never calls
 * tp_moves, tp_has_move or tp_apply, which are tested against it); a replay of every
 * win an engine reports; a brute-force search over whole configurations for small
 * starts; the engines run by name. Static inline, so that each test's CHECKs count in
 * its own file (check.h). */
#ifndef PB_TENPAIR_CHECK_H
#define PB_TENPAIR_CHECK_H

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
static const char seed_win[] __attribute__((unused)) =
    "12345678911121314151617181923456713145161718234567131457135614516178";

/* =============================================================== the checker */

#define MAXN 1024 /* cells a checked game may write; the games here stay far shorter */

/* A game as the rules describe it: the written digits and which are crossed. */
typedef struct game {
    const tp_rules *r;
    int n;
    uint8_t digit[MAXN], crossed[MAXN];
} game;

static inline void game_start(game *g, const tp_rules *r)
{
    g->r = r;
    g->n = r->nstart;
    for (int i = 0; i < g->n; i++) g->digit[i] = r->start[i], g->crossed[i] = 0;
}

static inline void game_copy(game *to, const game *from)
{
    to->r = from->r;
    to->n = from->n;
    memcpy(to->digit, from->digit, (size_t)from->n);
    memcpy(to->crossed, from->crossed, (size_t)from->n);
}

static inline int live_count(const game *g)
{
    int k = 0;
    for (int i = 0; i < g->n; i++) k += !g->crossed[i];
    return k;
}

/* Cells i < j are reading neighbours when every cell strictly between them is
 * crossed (without wrap, only within one row). */
static inline int reading_neighbours(const game *g, int i, int j)
{
    const int w = g->r->width;
    if (!g->r->wrap && i / w != j / w) return 0;
    for (int k = i + 1; k < j; k++)
        if (!g->crossed[k]) return 0;
    return 1;
}

/* Cells i < j are column neighbours when j - i is a multiple of the width and every
 * cell between them in that column is crossed. */
static inline int column_neighbours(const game *g, int i, int j)
{
    const int w = g->r->width;
    if ((j - i) % w) return 0;
    for (int k = i + w; k < j; k += w)
        if (!g->crossed[k]) return 0;
    return 1;
}

static inline int may_cross(const game *g, int i, int j)
{
    if (i < 0 || j <= i || j >= g->n || g->crossed[i] || g->crossed[j]) return 0;
    if (g->digit[i] != g->digit[j] && g->digit[i] + g->digit[j] != 10) return 0;
    return reading_neighbours(g, i, j) || column_neighbours(g, i, j);
}

static inline int has_crossing(const game *g)
{
    for (int i = 0; i < g->n; i++)
        for (int j = i + 1; j < g->n; j++)
            if (may_cross(g, i, j)) return 1;
    return 0;
}

static inline int may_append(const game *g)
{
    int live = live_count(g);
    return live > 0 && g->n + live <= MAXN && (g->r->append_any || !has_crossing(g));
}

static inline void do_append(game *g)
{
    for (int i = 0, m = g->n; i < m; i++)
        if (!g->crossed[i]) g->digit[g->n] = g->digit[i], g->crossed[g->n++] = 0;
}

/* Replays steps from the start: 0 when each is legal by the checker (a crossing of
 * two neighbours that pair up, an append only when the rules allow one), else -1
 * with the failing step's number in *bad. */
static inline int replay(game *g, const tp_rules *r, const tp_step *path, int npath, int *bad)
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
static inline char *written(const game *g)
{
    char *s = malloc((size_t)(g->n > 0 ? g->n : 0) + 1);
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

static inline uint64_t fnv(const char *s)
{
    uint64_t h = 1469598103934665603ull;
    for (; *s; s++) h = (h ^ (uint8_t)*s) * 1099511628211ull;
    return h;
}

/* Adds a copy of s: 1 when new, 0 when already there. */
static inline int strset_add(strset *set, const char *s)
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

static inline void strset_free(strset *set)
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

static inline void brute_walk(brute *b, const game *g)
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

static inline brute *brute_run(const tp_rules *r, int bound)
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

static inline void brute_free(brute *b)
{
    strset_free(&b->seen);
    strset_free(&b->wins);
    free(b);
}

/* ========================================================= running engines */

/* tenpair's engines, from the registry (its order): a new one is checked by every
 * test that loops over them, by what its capabilities say it does. */
static const char *engine_names[32];
static inline int tenpair_engine_count(void)
{
    int n = 0;
    for (const pb_registered *e = pb_registry; e->about && n < 31; e++)
        if (!strcmp(e->family, "tenpair")) engine_names[n++] = e->about->name;
    engine_names[n] = NULL;
    return n;
}
#define NENGINES tenpair_engine_count()

static inline pb_status run_engine(const char *name, const tp_rules *r, const pb_run *how,
                                   pb_result *res)
{
    const pb_engine *e = tenpair_engine(name);
    CHECK(e != NULL);
    if (!e) abort();
    return tp_run_rules(e, r, how, res);
}

/* The shortest win: by an engine, within max_length (0: none). */
static inline pb_result shortest(const char *name, const tp_rules *r, int max_length)
{
    pb_run how = {.mode = PB_MODE_FIRST, .max_length = max_length, .threads = 1};
    pb_result res = {0};
    run_engine(name, r, &how, &res);
    return res;
}

/* Adds a line to a problem report (a case's problems are gathered first, then
 * reported as one failed check on one line). */
static inline void note(char *buf, size_t cap, const char *fmt, ...)
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
static inline char *shortest_problems(const pb_result *res, const tp_rules *r, int want, char *buf,
                                      size_t cap)
{
    if (res->status != PB_DONE) note(buf, cap, " status %s;", pb_status_name(res->status));
    if (res->length != want) note(buf, cap, " length %d, expected %d;", res->length, want);
    if (!res->length) {
        if (res->npath || res->stats.solutions) note(buf, cap, " steps or wins without a win;");
        return NULL;
    }
    if (res->stats.solutions != 1)
        note(buf, cap, " stats.solutions %" PRIu64 ";", (uint64_t)res->stats.solutions);
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
static inline char *check_shortest(const char *what, const pb_result *res, const tp_rules *r,
                                   int want)
{
    char buf[400] = "";
    char *text = shortest_problems(res, r, want, buf, sizeof buf);
    CHECK(buf[0] == '\0');
    if (buf[0]) fprintf(stderr, "  (%s, shortest:%s)\n", what, buf);
    return text;
}

/* on_path's context: every reported win replayed and kept. */
typedef struct win_log {
    const tp_rules *r;
    int max_length;
    uint64_t by_length[TP_MAX_LENGTH + 1];
    strset texts;
    uint64_t calls, illegal, incomplete, repeated;
} win_log;

static inline void log_win(void *ctx, const tp_step *path, int npath, int length)
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

/* A count by an engine (threads for compact), optionally logging wins; its result
 * into *result (NULL: not kept). */
static inline pb_status count(const char *name, const tp_rules *r, int max_length, int threads,
                              win_log *log, uint64_t *by_length, pb_result *result)
{
    pb_run how = {.mode = PB_MODE_COUNT, .max_length = max_length, .threads = threads};
    if (log) {
        memset(log, 0, sizeof *log);
        log->r = r, log->max_length = max_length;
        how.on_path = log_win, how.path_ctx = log;
    }
    pb_result res = {.by_length = by_length};
    pb_status st = run_engine(name, r, &how, &res);
    free(res.path);
    res.path = NULL;
    if (result) *result = res;
    return st;
}

/* Checks a logged count quietly: every win legal, complete, distinct, and as many
 * per length as the engine counted. Problems go to buf. */
static inline void log_problems(const win_log *log, const uint64_t *by_length, int L, char *buf,
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
static inline void check_log(const char *what, const win_log *log, const uint64_t *by_length, int L)
{
    char buf[400] = "";
    log_problems(log, by_length, L, buf, sizeof buf);
    CHECK(buf[0] == '\0');
    if (buf[0]) fprintf(stderr, "  (%s, on_path:%s)\n", what, buf);
}

/* ======================================================= rules and parsing */

/* A small fixed-seed generator for the random cases (xorshift). */
static uint64_t rng_state __attribute__((unused)) = 0x2545F4914F6CDD1Dull;

static inline uint64_t rng(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return rng_state;
}

#endif
