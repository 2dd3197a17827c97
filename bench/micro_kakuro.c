/* micro_kakuro.c — puzzlebench-micro's kakuro cases: the speed figures issue 4 sets.
 *   kakuro/generate/LEVEL/RxC   one iteration makes the next puzzle of the stream
 *                               (seed 1) with the default checker and diff refill;
 *                               each one is re-checked before it counts
 *   kakuro/prove/FILE/ENGINE    one iteration proves every puzzle of a fixed set
 *                               unique (count stopped at 2); each engine and order
 *                               is first run once and must find exactly 1 solution
 *                               per puzzle that passes the rules
 * The distribution of single generation times (median, 95th percentile) comes from
 * the generation experiment's per-puzzle records; these cases give Google
 * Benchmark's mean and its repetition statistics. */
#include "micro_kakuro.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/engine.h"
#include "family.h"
#include "gbench_shim.h"
#include "micro_set.h"
#include "kakuro/kakuro.h"

/* An engine whose check run on the set passes this many steps is too slow to time. */
#define PROVE_CHECK_MAX_STEPS 20000000u

static const struct gen_target {
    kakuro_level level;
    int side;
} gen_targets[] = {{KAKURO_HARD, 11}, {KAKURO_HARD, 15}, {KAKURO_EASY, 30}};
enum { NGEN = sizeof gen_targets / sizeof gen_targets[0] };

static const char *const gen_counters[] = {"puzzles", "attempts", "check_steps"};
static const char *const prove_counters[] = {"puzzles", "steps"};

typedef struct gen_case {
    char name[96];
    kakuro_gen_opts opts;
    uint64_t next; /* the stream index the next iteration makes */
    kakuro_grid puzzle, solution;
} gen_case;

typedef struct prove_case {
    char name[128];
    const bench_set *set;
    const pb_engine *e;
    const pb_order *order;
} prove_case;

static gen_case *gen_cases;
static prove_case *prove_cases;
static int nprove;
static bench_set prove_set;

static int gen_fn(void *ctx, double *counters)
{
    gen_case *c = ctx;
    kakuro_gen_stats st;
    int rc = kakuro_generate(&c->opts, c->next++, &c->puzzle, &c->solution, &st);
    if (rc || !kakuro_is_solution_of(&c->puzzle, &c->solution)) {
        fprintf(stderr, "puzzlebench-micro: %s: puzzle %llu: %s\n", c->name,
                (unsigned long long)(c->next - 1), rc ? "not made" : "wrong solution");
        return 1;
    }
    counters[0] = 1;
    counters[1] = (double)st.attempts;
    counters[2] = (double)st.check.steps;
    return 0;
}

/* Proves every puzzle of the set unique; 0, 1 at the step cap, -1 on a wrong result. */
static int prove_set_once(const prove_case *c, uint64_t max_steps, double *counters, char *msg,
                          size_t msglen)
{
    for (int i = 0; i < c->set->count; i++) {
        const pb_model *m = c->set->puzzle[i].model;
        int *first = malloc((size_t)m->ncells * sizeof *first);
        if (!first) return snprintf(msg, msglen, "out of memory"), -1;
        pb_run how = {.mode = PB_MODE_COUNT, .order = c->order, .threads = 1};
        how.limits.max_steps = max_steps;
        how.limits.max_solutions = 2;
        pb_result res = {.first = first};
        pb_status st = pb_engine_run(c->e, m, &how, &res);
        int good = st == PB_DONE && res.stats.solutions == 1 && pb_model_check(m, first);
        free(first);
        if (!good) {
            snprintf(msg, msglen, "puzzle at line %d: status %s, %llu solutions",
                     c->set->puzzle[i].line, pb_status_name(st),
                     (unsigned long long)res.stats.solutions);
            return st == PB_LIMIT && res.stats.solutions < 2 ? 1 : -1;
        }
        counters[0] += 1;
        counters[1] += (double)res.stats.steps;
    }
    return 0;
}

static int prove_fn(void *ctx, double *counters)
{
    const prove_case *c = ctx;
    char msg[200];
    if (prove_set_once(c, 0, counters, msg, sizeof msg)) {
        fprintf(stderr, "puzzlebench-micro: %s: %s\n", c->name, msg);
        return 1;
    }
    return 0;
}

/* Proving uniqueness needs a count; the enumerations cannot finish a 30x30. */
static int skip_prove(const pb_engine *e, const pb_order *o)
{
    return !o && (!(e->caps & PB_CAP_COUNT) || !strncmp(e->name, "enum-", 5));
}

static int add_prove_case(void *set_name, const pb_engine *e, const pb_order *order)
{
    prove_case *c = &prove_cases[nprove];
    c->set = &prove_set, c->e = e, c->order = order;
    snprintf(c->name, sizeof c->name, "kakuro/prove/%s/%s%s%s", (const char *)set_name, e->name,
             order ? "/" : "", order ? order->name : "");
    if (!pb_bench_selected(c->name, 1)) return 0;
    double counters[2] = {0};
    char msg[200];
    int rc = prove_set_once(c, PROVE_CHECK_MAX_STEPS, counters, msg, sizeof msg);
    if (rc > 0) {
        fprintf(stderr, "puzzlebench-micro: note: skipping %s: %s\n", c->name, msg);
        return 0;
    }
    if (rc < 0) {
        fprintf(stderr, "puzzlebench-micro: error: %s: %s\n", c->name, msg);
        return -1;
    }
    nprove++;
    return pb_bench_register(c->name, prove_fn, c, prove_counters, 2, 1);
}

int micro_kakuro_register(const char *data_dir)
{
    gen_cases = calloc(NGEN, sizeof *gen_cases);
    if (!gen_cases) return -1;
    for (int i = 0; i < NGEN; i++) {
        gen_case *c = &gen_cases[i];
        const struct gen_target *t = &gen_targets[i];
        snprintf(c->name, sizeof c->name, "kakuro/generate/%s/%dx%d", kakuro_level_names[t->level],
                 t->side, t->side);
        c->opts.shape.rows = c->opts.shape.cols = t->side;
        c->opts.shape.density = 0.6;
        c->opts.share = kakuro_level_share[t->level];
        c->opts.refill = KAKURO_REFILL_DIFF;
        c->opts.seed = 1;
        c->opts.max_seconds = 60;
        if (pb_bench_selected(c->name, 1) &&
            pb_bench_register(c->name, gen_fn, c, gen_counters, 3, 1))
            return -1;
    }

    static char set_name[] = "puzzles-30x30-easy";
    char path[4096];
    snprintf(path, sizeof path, "%s/kakuro/%s.kak", data_dir, set_name);
    if (micro_load_set("kakuro", path, "the kakuro set", &prove_set)) return -1;
    prove_cases = calloc((size_t)micro_case_room(), sizeof *prove_cases);
    if (!prove_cases) return -1;
    return micro_each_engine(&prove_set, skip_prove, add_prove_case, set_name);
}

void micro_kakuro_free(void)
{
    if (prove_set.puzzle) bench_family_find("kakuro")->free_set(&prove_set);
    free(prove_cases);
    free(gen_cases);
    prove_cases = NULL;
    gen_cases = NULL;
}
