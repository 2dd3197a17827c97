/* sudoku.c — puzzlebench-micro's sudoku cases: every engine (and cell order)
 * that can run them solves the fixed 9x9 set data/sudoku/9x9-bench.txt; one
 * iteration solves the whole set, and every solution is checked against the rules
 * and the givens before any timing. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "micro/micro.h"
#include "sudoku/sudoku.h"
#include "families/families.h"
#include "harness/base/sizes.h"

/* A case whose check run passes this many steps on one puzzle is too slow to time. */
#define SUDOKU_CHECK_MAX_STEPS 50000000u

static const char *const counter_names[] = {"puzzles", "steps", "guesses"};

typedef struct state {
    const pb_micro_host *host;
    pb_set set;
    pb_micro_set_case *cases;
    int ncases;
} state;

/* Solves every puzzle once; 0 when each has a checked solution. */
static int solve_set(const pb_micro_set_case *c, uint64_t max_steps, double *counters, char *msg,
                     size_t msglen)
{
    int first[SUDOKU_MAX_CELLS];
    for (int i = 0; i < c->set->count; i++) {
        const pb_model *m = c->set->puzzle[i].model;
        pb_run how = {.mode = PB_MODE_FIRST, .order = c->order, .threads = 1};
        how.limits.max_steps = max_steps;
        pb_result res = {.first = first};
        pb_status st = pb_engine_run(c->e, m, &how, &res);
        sudoku_grid puzzle, sol;
        sudoku_grid_from(m, NULL, &puzzle);
        sudoku_grid_from(m, first, &sol);
        if (st != PB_DONE || res.stats.solutions != 1 || !sudoku_is_solution_of(&puzzle, &sol)) {
            snprintf(msg, msglen, "puzzle at line %d: status %s, %s", c->set->puzzle[i].line,
                     pb_status_name(st), res.stats.solutions ? "wrong solution" : "no solution");
            return st == PB_LIMIT ? 1 : -1;
        }
        counters[0] += 1;
        counters[1] += (double)res.stats.steps;
        counters[2] += (double)res.stats.guesses;
    }
    return 0;
}

static const pb_micro_set_kind sudoku_kind = {
    "sudoku/9x9-bench", solve_set, SUDOKU_CHECK_MAX_STEPS, counter_names, 3,
};

/* Checks one case on the whole set and registers it; 0, or -1 on a wrong result. */
static int add_case(void *ctx, const pb_engine *e, const pb_order *order)
{
    state *s = ctx;
    int rc = pb_micro_add_set_case(s->host, &sudoku_kind, &s->set, e, order, &s->cases[s->ncases]);
    s->ncases += rc > 0;
    return rc < 0 ? -1 : 0;
}

/* Naive enumeration cannot finish a 9x9 with 50 open cells; with degree, every
 * cell ties. */
static int skip(const pb_engine *e, const pb_order *o)
{
    return o ? !strcmp(o->name, "degree") : !strncmp(e->about.name, "enum-", 5);
}

static void release(void *p)
{
    state *s = p;
    if (!s) return;
    if (s->set.puzzle) pb_family_sudoku.free_set(&s->set);
    free(s->cases);
    free(s);
}

static int prepare(const pb_micro_host *host, void **out)
{
    char path[PB_PATH_MAX];
    state *s = calloc(1, sizeof *s);
    *out = s;
    if (!s) return -1;
    s->host = host;
    snprintf(path, sizeof path, "%s/sudoku/9x9-bench.txt", host->data_dir);
    if (pb_micro_load_set(&pb_family_sudoku, path, "the sudoku bench set", &s->set)) return -1;
    if (!(s->cases = calloc((size_t)pb_micro_case_room(&pb_family_sudoku), sizeof *s->cases)))
        return -1;
    return pb_micro_each_engine(&pb_family_sudoku, &s->set, skip, add_case, s);
}

const pb_micro_cases pb_micro_sudoku = {
    "sudoku: every engine that can (and each order) solves the fixed set\n"
    "  DATA/sudoku/9x9-bench.txt, one iteration per set, each solution checked first;\n"
    "  counters puzzles, steps, guesses (items/s is puzzles/s); cases over 5e7 steps on\n"
    "  one puzzle are skipped",
    prepare,
    release,
};
