/* notouch.c — puzzlebench-micro's notouch cases: every engine of the family (and each
 * cell order) on fixed boards, cross8 first solution and count-all, 3x4 count-all
 * (the enumerations among them), and path-dp alone on the boards of 20 to 30 cells,
 * 5x5 on one thread and on two. Each case is run once and checked (solution count,
 * the first solution against the rules) before it is timed; a check that passes 3e9
 * steps skips the case. Counters per run: steps, solutions, candidates, and bytes
 * (the memory the engine planned for its tables; 0 where it does not say). The plan
 * cases time only path-dp's plan of the boards past this machine (a memory limit of
 * one byte stops it before it allocates): their bytes are what the report's model of
 * them reads. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "micro/micro.h"
#include "notouch/board.h"
#include "families/families.h"

/* Cases whose validation run passes this many steps are too slow to time; skipped. */
#define VALIDATE_MAX_STEPS 3000000000u

static const char *const counter_names[] = {"steps", "solutions", "candidates", "bytes"};
enum { NCOUNTERS = sizeof counter_names / sizeof counter_names[0] };

/* A count of more than 64 bits, hi * 10^19 + lo. */
#define BIG_COUNT(hi, lo) ((pb_count)(hi)*10000000000000000000u + (lo))

/* A count by path-dp alone (learn never runs it). */
#define PATH_DP(board, count, threads, plan, cost)                                                 \
    {                                                                                              \
        board, PB_MODE_COUNT, count, "path-dp", threads, plan, cost, cost                          \
    }

/* The fixed instances: board, mode, the solution count every engine must give, the
 * one engine that runs it (NULL: every engine of the family), its threads, whether
 * the case is only the plan (stopped by a memory limit of one byte), and how long it
 * takes (PB_MICRO_*: the instance's, and learn's on it). */
static const struct instance {
    const char *board;
    pb_mode mode;
    pb_count solutions;
    const char *engine;
    int threads;
    int plan;
    int cost, learn_cost;
} instances[] = {
    {"cross8", PB_MODE_FIRST, 1, NULL, 1, 0, PB_MICRO_QUICK, PB_MICRO_LONG},
    {"cross8", PB_MODE_COUNT, 4, NULL, 1, 0, PB_MICRO_QUICK, PB_MICRO_LONG},
    {"3x4", PB_MODE_COUNT, 272836, NULL, 1, 0, PB_MICRO_QUICK, PB_MICRO_HUGE},
    PATH_DP("4x5", 2519619726250060u, 1, 0, PB_MICRO_LONG),
    PATH_DP("3x7", 80830629934840548u, 1, 0, PB_MICRO_QUICK),
    PATH_DP("4x6", BIG_COUNT(71, 5380761315453548348u), 1, 0, PB_MICRO_LONG),
    PATH_DP("5x5", BIG_COUNT(1657, 5195570956682598112u), 1, 0, PB_MICRO_LONG),
    PATH_DP("5x5", BIG_COUNT(1657, 5195570956682598112u), 2, 0, PB_MICRO_LONG),
    PATH_DP("3x8", BIG_COUNT(106, 5848461929080894180u), 2, 0, PB_MICRO_LONG),
    /* 27 and 28 cells: past the plain table's reach; Karp's count agrees
     * (notouch_oracle karp). */
    PATH_DP("3x9", BIG_COUNT(1979453, 118725502159853260u), 2, 0, PB_MICRO_LONG),
    PATH_DP("4x7", BIG_COUNT(37342153, 6382540159661455992u), 2, 0, PB_MICRO_LONG),
    /* 30 cells: gigabytes of tables. */
    PATH_DP("5x6", BIG_COUNT(28898553074u, 3743749915390185124u), 2, 0, PB_MICRO_HUGE),
    /* Plans only: 5x6 again (beside its count), and boards past one machine. */
    PATH_DP("5x6", 0, 2, 1, PB_MICRO_LONG),
    PATH_DP("4x8", 0, 2, 1, PB_MICRO_LONG),
    PATH_DP("6x6", 0, 2, 1, PB_MICRO_LONG),
};
enum { NINSTANCES = sizeof instances / sizeof instances[0] };

typedef struct bench_case {
    char name[128];
    const struct instance *inst;
    const pb_model *m;
    const pb_engine *e;
    const pb_order *order; /* NULL: the engine's default */
    int *first;            /* ncells: the first solution of the last run */
} bench_case;

typedef struct state {
    const pb_micro_host *host;
    pb_model *models[NINSTANCES];
    const struct instance *inst;
    pb_model *m;
    bench_case *cases;
    int ncases;
} state;

/* Runs c once; 0 when the result is right, else -1 with a message in msg. *status is
 * the run's status (PB_UNSUPPORTED and PB_LIMIT return -1 too). */
static int run_case(bench_case *c, uint64_t max_steps, pb_result *res, pb_status *status, char *msg,
                    size_t msglen)
{
    pb_run how = {.mode = c->inst->mode, .order = c->order, .threads = c->inst->threads};
    how.limits.max_steps = max_steps;
    if (c->inst->plan) how.limits.max_bytes = 1;
    memset(res, 0, sizeof *res);
    memset(c->first, 0, (size_t)c->m->ncells * sizeof *c->first);
    res->first = c->first;
    *status = pb_engine_run(c->e, c->m, &how, res);
    if (c->inst->plan) {
        if (*status == PB_NOMEM && res->stats.bytes > 0 && res->stats.steps == 0) return 0;
        snprintf(msg, msglen, "status %s, %llu bytes planned: expected the plan alone",
                 pb_status_name(*status), (unsigned long long)res->stats.bytes);
        if (*status == PB_DONE) *status = PB_LIMIT; /* a plan case that counted is wrong */
        return -1;
    }
    if (*status != PB_DONE) {
        snprintf(msg, msglen, "status %s", pb_status_name(*status));
        return -1;
    }
    if (res->stats.solutions != c->inst->solutions) {
        char count[PB_COUNT_CHARS], want[PB_COUNT_CHARS];
        snprintf(msg, msglen, "%s solutions, expected %s",
                 pb_count_format(res->stats.solutions, count),
                 pb_count_format(c->inst->solutions, want));
        return -1;
    }
    if (c->inst->mode == PB_MODE_FIRST && !pb_model_check(c->m, c->first)) {
        snprintf(msg, msglen, "the first solution reported breaks the rules");
        return -1;
    }
    return 0;
}

/* The benchmarked work: one full run, checked. */
static int bench_fn(void *ctx, double *counters)
{
    bench_case *c = ctx;
    pb_result res;
    pb_status status;
    char msg[160];
    if (pb_micro_timed(c->name, run_case(c, 0, &res, &status, msg, sizeof msg), msg)) return 1;
    counters[0] = (double)res.stats.steps;
    counters[1] = (double)res.stats.solutions;
    counters[2] = (double)res.stats.candidates;
    counters[3] = (double)res.stats.bytes;
    return 0;
}

/* Validates one case (the warm-up) and registers it; 0 when registered or skipped,
 * -1 on a wrong result. */
static int add_case(void *ctx, const pb_engine *e, const pb_order *o)
{
    state *s = ctx;
    if (s->inst->engine && strcmp(s->inst->engine, e->about.name)) return 0;
    bench_case *c = &s->cases[s->ncases++];
    c->inst = s->inst, c->m = s->m, c->e = e, c->order = o;
    char threads[16] = "";
    if (c->inst->threads > 1) snprintf(threads, sizeof threads, "/t%d", c->inst->threads);
    snprintf(c->name, sizeof c->name, "notouch/%s/%s/%s%s%s%s", c->inst->board,
             c->inst->plan                    ? "plan"
             : c->inst->mode == PB_MODE_FIRST ? "first"
                                              : "count",
             e->about.name, o ? "/" : "", o ? o->name : "", threads);
    if (!(c->first = calloc((size_t)c->m->ncells, sizeof *c->first))) return -1;
    /* Plain enumeration takes minutes on every board. */
    int cost = !strcmp(e->about.name, "enum-all") ? PB_MICRO_HUGE
               : !strcmp(e->about.name, "learn")  ? c->inst->learn_cost
                                                  : c->inst->cost;
    if (!s->host->selected(c->name, 1, cost)) return 0;
    pb_result res;
    pb_status status;
    char msg[160];
    if (run_case(c, VALIDATE_MAX_STEPS, &res, &status, msg, sizeof msg)) {
        if (status == PB_UNSUPPORTED) return 0;
        if (status == PB_LIMIT) {
            fprintf(stderr, "puzzlebench-micro: note: skipping %s: over %llu steps\n", c->name,
                    (unsigned long long)VALIDATE_MAX_STEPS);
            return 0;
        }
        fprintf(stderr, "puzzlebench-micro: error: %s: %s\n", c->name, msg);
        return -1;
    }
    return s->host->add(c->name, bench_fn, c, counter_names, NCOUNTERS, 1);
}

static int keep_all(const pb_engine *e, const pb_order *o)
{
    (void)e, (void)o;
    return 0;
}

static void release(void *p)
{
    state *s = p;
    if (!s) return;
    for (int i = 0; i < s->ncases; i++) free(s->cases[i].first);
    free(s->cases);
    for (int k = 0; k < NINSTANCES; k++) pb_model_free(s->models[k]);
    free(s);
}

static int prepare(const pb_micro_host *host, void **out)
{
    state *s = calloc(1, sizeof *s);
    *out = s;
    if (!s) return -1;
    s->host = host;
    const int room = pb_micro_case_room(&pb_family_notouch);
    if (!(s->cases = calloc((size_t)room * NINSTANCES, sizeof *s->cases))) return -1;
    for (int k = 0; k < NINSTANCES; k++) {
        notouch_board b;
        pb_error err = {0, ""};
        if (notouch_board_named(instances[k].board, &b, &err) ||
            !(s->models[k] = notouch_model(&b, 2, NOTOUCH_KING))) {
            fprintf(stderr, "puzzlebench-micro: board %s: %s\n", instances[k].board,
                    err.msg[0] ? err.msg : "out of memory");
            return -1;
        }
        pb_set one = {1, 0, &(pb_puzzle){.model = s->models[k]}, NULL};
        s->inst = &instances[k], s->m = s->models[k];
        if (pb_micro_each_engine(&pb_family_notouch, &one, keep_all, add_case, s)) return -1;
    }
    return 0;
}

const pb_micro_cases pb_micro_notouch = {
    "notouch: every engine (and order) on cross8 (first solution, count) and the 3x4 count;\n"
    "  path-dp on 4x5, 3x7, 4x6 and 5x5, and on 2 threads 5x5, 3x8, 3x9, 4x7 and 5x6;\n"
    "  its plans alone (notouch/B/plan/...) for 5x6, 4x8 and 6x6; checked first;\n"
    "  counters steps, solutions, candidates, bytes",
    prepare,
    release,
};
