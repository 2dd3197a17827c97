/* kakuro_micro.c — puzzlebench-micro's kakuro cases:
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
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kakuro/kakuro.h"
#include "micro/micro.h"
#include "families/families.h"
#include "harness/base/sizes.h"

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

typedef struct state {
    const pb_micro_host *host;
    gen_case *gen_cases;
    pb_micro_set_case *prove_cases;
    int nprove;
    pb_set prove_set;
} state;

#define PROVE_SET "puzzles-30x30-easy"

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
static int prove_set_once(const pb_micro_set_case *c, uint64_t max_steps, double *counters,
                          char *msg, size_t msglen)
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
            char count[PB_COUNT_CHARS];
            snprintf(msg, msglen, "puzzle at line %d: status %s, %s solutions",
                     c->set->puzzle[i].line, pb_status_name(st),
                     pb_count_format(res.stats.solutions, count));
            return st == PB_LIMIT && res.stats.solutions < 2 ? 1 : -1;
        }
        counters[0] += 1;
        counters[1] += (double)res.stats.steps;
    }
    return 0;
}

/* Proving uniqueness needs a count; the enumerations cannot finish a 30x30. */
static int skip_prove(const pb_engine *e, const pb_order *o)
{
    return !o && (!(e->about.caps & PB_CAP_COUNT) || !strncmp(e->about.name, "enum-", 5));
}

static const pb_micro_set_kind prove_kind = {
    "kakuro/prove/" PROVE_SET, prove_set_once, PROVE_CHECK_MAX_STEPS, prove_counters, 2,
};

static int add_prove_case(void *ctx, const pb_engine *e, const pb_order *order)
{
    state *s = ctx;
    int rc = pb_micro_add_set_case(s->host, &prove_kind, &s->prove_set, e, order,
                                   &s->prove_cases[s->nprove]);
    s->nprove += rc > 0;
    return rc < 0 ? -1 : 0;
}

static void release(void *p)
{
    state *s = p;
    if (!s) return;
    if (s->prove_set.puzzle) pb_family_kakuro.free_set(&s->prove_set);
    free(s->prove_cases);
    for (int i = 0; s->gen_cases && i < NGEN; i++) {
        kakuro_grid_free(&s->gen_cases[i].puzzle);
        kakuro_grid_free(&s->gen_cases[i].solution);
    }
    free(s->gen_cases);
    free(s);
}

static int prepare(const pb_micro_host *host, void **out)
{
    state *s = calloc(1, sizeof *s);
    *out = s;
    if (!s || !(s->gen_cases = calloc(NGEN, sizeof *s->gen_cases))) return -1;
    s->host = host;
    for (int i = 0; i < NGEN; i++) {
        gen_case *c = &s->gen_cases[i];
        const struct gen_target *t = &gen_targets[i];
        snprintf(c->name, sizeof c->name, "kakuro/generate/%s/%dx%d", kakuro_level_names[t->level],
                 t->side, t->side);
        c->opts.shape.rows = c->opts.shape.cols = t->side;
        c->opts.shape.density = 0.6;
        c->opts.share = kakuro_level_share[t->level];
        c->opts.refill = KAKURO_REFILL_DIFF;
        c->opts.seed = 1;
        c->opts.max_seconds = 60;
        if (host->selected(c->name, 1, PB_MICRO_QUICK) &&
            host->add(c->name, gen_fn, c, gen_counters, 3, 1))
            return -1;
    }
    char path[PB_PATH_MAX];
    snprintf(path, sizeof path, "%s/kakuro/" PROVE_SET ".kak", host->data_dir);
    if (pb_micro_load_set(&pb_family_kakuro, path, "the kakuro set", &s->prove_set)) return -1;
    if (!(s->prove_cases =
              calloc((size_t)pb_micro_case_room(&pb_family_kakuro), sizeof *s->prove_cases)))
        return -1;
    return pb_micro_each_engine(&pb_family_kakuro, &s->prove_set, skip_prove, add_prove_case, s);
}

const pb_micro_cases pb_micro_kakuro = {
    "kakuro: the next puzzle of a fixed stream per iteration (hard 11x11 and 15x15, easy\n"
    "  30x30), and proving every puzzle of data/kakuro/puzzles-30x30-easy.kak unique per\n"
    "  engine and order, each checked first",
    prepare,
    release,
};
