/* tenpair.c — puzzlebench-micro's tenpair cases, the default rules (1..19
 * without 10, 9 a row, wrap on, append when stuck), one thread:
 *   tenpair/shortest/ENGINE     the shortest win, for bfs, best-first and compact,
 *                               within length 100 (the bound of the experiments; bfs
 *                               without one runs out of memory first);
 *                               it must have length 68 and replay to an empty board
 *   tenpair/count/90/compact    every win up to length 90: must be 35
 *   tenpair/count/100/compact   every win up to length 100: must be 221
 * Each case is run once and checked before it is registered; a case with a wrong
 * result is reported as an error and skipped. Every timed run is checked again.
 * Counters per run: expanded (states expanded; also items, so items/s is states/s),
 * peak_bytes and wins. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "micro/micro.h"
#include "registry/registry.h"
#include "tenpair_family.h"

#define SHORTEST_BOUND  100
#define SHORTEST_LENGTH 68
#define CHECK_MAX_BYTES (3ull << 30) /* a run that needs more is skipped, not timed */

static const char *const counter_names[] = {"expanded", "peak_bytes", "wins"};
enum { NCOUNTERS = sizeof counter_names / sizeof counter_names[0] };

typedef struct tp_case {
    char name[64];
    const tp_rules *rules;
    const pb_model *model; /* the rules as the engines take them */
    const pb_engine *e;
    pb_mode mode;
    int max_length;
    uint64_t want; /* shortest: the length; count: the wins */
    int cost;      /* PB_MICRO_*: the counts and bfs's shortest win take seconds */
    uint64_t *wins_by_length;
} tp_case;

typedef struct state {
    const pb_micro_host *host;
    tp_rules rules;
    pb_model *model;
    tp_case *cases;
    int ncases;
} state;

/* 1 when the steps of res replay from the start to a board with no live digit, of
 * res->length digits. */
static int replays_to_win(const tp_rules *rules, const pb_result *res)
{
    uint8_t *board = malloc(TP_MAX_LENGTH);
    int n = rules->nstart, ok = board != NULL;
    if (ok) memcpy(board, rules->start, (size_t)n);
    for (int i = 0; ok && i < res->npath; i++)
        if (tp_apply(rules, board, &n, TP_MAX_LENGTH, res->path[i], 0)) ok = 0;
    ok = ok && n == res->length && tp_live_count(board, n) == 0;
    free(board);
    return ok;
}

/* Runs c once and checks it. 0 when right; 1 when it stopped at CHECK_MAX_BYTES (or
 * another limit); -1 when wrong. msg says why. */
static int run_case(tp_case *c, double *counters, char *msg, size_t msglen)
{
    pb_run how = {.mode = c->mode, .max_length = c->max_length, .threads = 1};
    how.limits.max_bytes = CHECK_MAX_BYTES;
    pb_result res = {.by_length = c->wins_by_length};
    pb_status st = pb_engine_run(c->e, c->model, &how, &res);
    int rc = 0;
    if (st != PB_DONE) {
        snprintf(msg, msglen, "status %s", pb_status_name(st));
        rc = st == PB_NOMEM || st == PB_LIMIT ? 1 : -1;
    } else if (c->mode == PB_MODE_FIRST) {
        if ((uint64_t)res.length != c->want) {
            snprintf(msg, msglen, "shortest win of length %d, expected %llu", res.length,
                     (unsigned long long)c->want);
            rc = -1;
        } else if (!replays_to_win(c->rules, &res)) {
            snprintf(msg, msglen, "the win reported does not replay to an empty board");
            rc = -1;
        }
    } else {
        uint64_t sum = 0;
        for (int l = 0; l <= c->max_length; l++) sum += c->wins_by_length[l];
        if (res.stats.solutions != c->want || sum != c->want) {
            snprintf(msg, msglen, "%llu wins (%llu by length), expected %llu",
                     (unsigned long long)res.stats.solutions, (unsigned long long)sum,
                     (unsigned long long)c->want);
            rc = -1;
        }
    }
    if (!rc) {
        counters[0] = (double)res.stats.steps;
        counters[1] = (double)res.stats.bytes;
        counters[2] = (double)res.stats.solutions;
    }
    free(res.path);
    return rc;
}

static int bench_fn(void *ctx, double *counters)
{
    tp_case *c = ctx;
    char msg[160];
    return pb_micro_timed(c->name, run_case(c, counters, msg, sizeof msg), msg);
}

/* Checks c and registers it: 0 registered or not selected, 1 skipped (wrong or over
 * the memory cap; reported), -1 when registering failed. */
static int check_and_register(const pb_micro_host *host, tp_case *c)
{
    if (!host->selected(c->name, 1, c->cost)) return 0;
    if (c->mode == PB_MODE_COUNT &&
        !(c->wins_by_length = calloc((size_t)c->max_length + 1, sizeof *c->wins_by_length)))
        return -1;
    double counters[NCOUNTERS] = {0};
    char msg[160];
    int rc = run_case(c, counters, msg, sizeof msg);
    if (rc > 0) {
        fprintf(stderr, "puzzlebench-micro: note: skipping %s: %s (memory cap %llu MB)\n", c->name,
                msg, (unsigned long long)(CHECK_MAX_BYTES >> 20));
        return 0;
    }
    if (rc < 0) {
        fprintf(stderr, "puzzlebench-micro: error: %s: %s; not timed\n", c->name, msg);
        return 1;
    }
    return host->add(c->name, bench_fn, c, counter_names, NCOUNTERS, 1) ? -1 : 0;
}

/* The cases: the shortest win per engine that finds one, and compact's counts. */
static int make_cases(state *s)
{
    static const struct {
        int max_length;
        uint64_t wins;
    } counts[] = {{90, 35}, {100, 221}};
    enum { NCOUNTS = sizeof counts / sizeof counts[0] };
    int cap = NCOUNTS;
    for (const pb_registered *r = pb_registry; r->about; r++) cap++;
    if (!(s->cases = calloc((size_t)cap, sizeof *s->cases))) return -1;
    for (const pb_registered *r = pb_registry; r->about; r++) {
        if (strcmp(r->family, pb_family_tenpair.name) || !(r->about->caps & PB_CAP_FIRST)) continue;
        tp_case *c = &s->cases[s->ncases++];
        snprintf(c->name, sizeof c->name, "tenpair/shortest/%s", r->about->name);
        c->e = r->model, c->mode = PB_MODE_FIRST, c->max_length = SHORTEST_BOUND;
        c->want = SHORTEST_LENGTH;
        c->cost = strcmp(r->about->name, "bfs") ? PB_MICRO_QUICK : PB_MICRO_LONG;
    }
    const pb_engine *compact = pb_family_engine(&pb_family_tenpair, "compact");
    for (int i = 0; compact && i < NCOUNTS; i++) {
        tp_case *c = &s->cases[s->ncases++];
        snprintf(c->name, sizeof c->name, "tenpair/count/%d/compact", counts[i].max_length);
        c->e = compact, c->mode = PB_MODE_COUNT;
        c->max_length = counts[i].max_length;
        c->want = counts[i].wins;
        c->cost = PB_MICRO_LONG;
    }
    for (int i = 0; i < s->ncases; i++) s->cases[i].rules = &s->rules, s->cases[i].model = s->model;
    return 0;
}

static int prepare(const pb_micro_host *host, void **out)
{
    int wrong = 0;
    state *s = calloc(1, sizeof *s);
    *out = s;
    if (!s) return fprintf(stderr, "puzzlebench-micro: out of memory\n"), -1;
    s->host = host;
    tp_rules_default(&s->rules);
    if (!(s->model = tp_model_new(&s->rules)) || make_cases(s))
        return fprintf(stderr, "puzzlebench-micro: out of memory\n"), -1;
    for (int i = 0; i < s->ncases; i++) {
        int rc = check_and_register(host, &s->cases[i]);
        if (rc < 0)
            return fprintf(stderr, "puzzlebench-micro: %s: setup failed\n", s->cases[i].name), -1;
        if (rc > 0) wrong = 1;
    }
    /* A case with a wrong result is skipped, the rest still run; the exit status then
     * says so. */
    return wrong;
}

static void release(void *p)
{
    state *s = p;
    if (!s) return;
    for (int i = 0; i < s->ncases; i++) free(s->cases[i].wins_by_length);
    free(s->cases);
    pb_model_free(s->model);
    free(s);
}

const pb_micro_cases pb_micro_tenpair = {
    "tenpair (default rules): the shortest win within length 100 per engine (must be 68),\n"
    "  and compact counts up to 90 (35 wins) and 100 (221 wins); counters expanded,\n"
    "  peak_bytes, wins (items/s is states expanded/s)",
    prepare,
    release,
};
