/* generate.c — sudoku_generate: a random full grid (a randomised bit-mask fill), then
 * givens removed in random order while the puzzle keeps exactly one solution, down
 * to a clue target or a difficulty class. Everything is drawn from one PRNG stream
 * fixed by the options and the puzzle's index, so puzzles can be made in any order
 * and on any thread. */
#include "sudoku.h"

#include <stdlib.h>
#include <string.h>

#include "../core/limiter.h"
#include "../core/rng.h"

enum { DEFAULT_MAX_TRIES = 1000 };

/* A uniqueness check that runs past this many steps counts as "not proven unique" and
 * keeps the given: the puzzle stays unique, only less sparse, and the outcome does
 * not depend on the machine's speed (a time limit would). With `logic`, 9x9 checks
 * take tens of steps and near-minimal 16x16 ones up to ~40,000, so the cap only bites
 * on near-minimal 25x25 boards; there the puzzle depends on the checking engine's
 * step counts. */
#define CHECK_MAX_STEPS 200000u

/* Fill attempts that run past this many placements per cell restart from an empty
 * grid (with the stream moved on); random MRV fills rarely need even one. */
#define FILL_STEPS_PER_CELL 20u

typedef struct gen {
    const sudoku_gen_opts *o;
    int box, N, ncells;
    unsigned char row[SUDOKU_MAX_CELLS], col[SUDOKU_MAX_CELLS], bx[SUDOKU_MAX_CELLS];
    pb_model *shape;
    const pb_engine *engine;
    pb_mask dom[SUDOKU_MAX_CELLS];
    pb_rng rng;
    double deadline; /* monotonic seconds; 0: none */
    const volatile sig_atomic_t *cancel;
    sudoku_gen_stats *st;
    /* fill state */
    uint32_t used_row[SUDOKU_MAX_SIZE], used_col[SUDOKU_MAX_SIZE], used_box[SUDOKU_MAX_SIZE];
    unsigned char *val;
    uint64_t fill_steps, fill_cap;
} gen;

static uint32_t allowed(const gen *g, int c)
{
    uint32_t full = (uint32_t)((1ull << g->N) - 1);
    return full & ~(g->used_row[g->row[c]] | g->used_col[g->col[c]] | g->used_box[g->bx[c]]);
}

static void put(gen *g, int c, int v)
{
    uint32_t b = 1u << (v - 1);
    g->val[c] = (unsigned char)v;
    g->used_row[g->row[c]] ^= b;
    g->used_col[g->col[c]] ^= b;
    g->used_box[g->bx[c]] ^= b;
}

static void take(gen *g, int c)
{
    uint32_t b = 1u << (g->val[c] - 1);
    g->val[c] = 0;
    g->used_row[g->row[c]] ^= b;
    g->used_col[g->col[c]] ^= b;
    g->used_box[g->bx[c]] ^= b;
}

/* Fills the empty cells: the cell with fewest values next (ties drawn at random),
 * its values in random order. 1 filled, 0 dead end, -1 over the step cap. */
static int fill(gen *g, int empty)
{
    if (!empty) return 1;
    int best = -1, best_n = 99, ties = 0;
    for (int c = 0; c < g->ncells; c++) {
        if (g->val[c]) continue;
        int n = __builtin_popcount(allowed(g, c));
        if (n == 0) return 0;
        if (n < best_n) {
            best = c, best_n = n, ties = 1;
        } else if (n == best_n && pb_rng_below(&g->rng, (uint32_t)++ties) == 0) {
            best = c;
        }
    }
    int vals[SUDOKU_MAX_SIZE], k = 0;
    for (uint32_t m = allowed(g, best); m; m &= m - 1) vals[k++] = __builtin_ctz(m) + 1;
    pb_rng_shuffle(&g->rng, vals, k);
    for (int i = 0; i < k; i++) {
        if (++g->fill_steps > g->fill_cap) return -1;
        put(g, best, vals[i]);
        int r = fill(g, empty - 1);
        if (r) return r;
        take(g, best);
    }
    return 0;
}

/* A random full grid into sol. 0, or -1 when the time ran out. */
static int full_grid(gen *g, sudoku_grid *sol)
{
    sudoku_grid_init(sol, g->box);
    g->val = sol->cell;
    g->fill_cap = FILL_STEPS_PER_CELL * (uint64_t)g->ncells;
    for (;;) {
        memset(sol->cell, 0, sizeof sol->cell);
        memset(g->used_row, 0, sizeof g->used_row);
        memset(g->used_col, 0, sizeof g->used_col);
        memset(g->used_box, 0, sizeof g->used_box);
        g->fill_steps = 0;
        if (fill(g, g->ncells) == 1) return 0;
        if (pb_cancelled_or_late(g->cancel, g->deadline)) return -1;
    }
}

/* p is a unique puzzle with the given v of cell c just removed. 1 when p still has
 * one solution, 0 when it has more or the check hit its step cap, -1 when the time
 * ran out or the engine failed.
 *
 * Any other solution must differ from the known one in c (one that agrees in c is a
 * solution of the puzzle before the removal, which was unique), so this searches for
 * a first solution with v ruled out of c: the answer of a count to 2, but the search
 * never walks the known solution's subtree and stops at the first other solution. */
static int unique(gen *g, const sudoku_grid *p, int c, int v)
{
    pb_model view;
    sudoku_model_view(g->shape, p, g->dom, &view);
    g->dom[c] = PB_FULL(g->N) & ~PB_BIT(v);
    pb_run how = {.mode = PB_MODE_FIRST, .threads = 1};
    how.limits.max_steps = CHECK_MAX_STEPS;
    how.limits.cancel = g->cancel;
    if (g->deadline > 0) {
        how.limits.max_seconds = g->deadline - pb_now_s();
        if (how.limits.max_seconds <= 0) return -1;
    }
    pb_result res;
    memset(&res, 0, sizeof res);
    g->st->checks++;
    pb_status s = pb_engine_run(g->engine, &view, &how, &res);
    if (res.stats.solutions) return 0;
    if (s == PB_DONE) return 1;
    if (s != PB_LIMIT && s != PB_INTERRUPTED) return -1;
    return pb_cancelled_or_late(g->cancel, g->deadline) ? -1 : 0;
}

/* p's difficulty class, or -1 when it has no solution. */
static int grade(gen *g, const sudoku_grid *p)
{
    pb_model view;
    sudoku_grade_info info;
    sudoku_model_view(g->shape, p, g->dom, &view);
    if (sudoku_grade(&view, &info)) return -1;
    return (int)info.level;
}

/* Removes givens of the full grid sol into p. 1 when p meets the options, 0 when this
 * grid could not (try another), -1 when the time ran out. */
static int carve(gen *g, const sudoku_grid *sol, sudoku_grid *p)
{
    const int level = g->o->level, clues = g->o->clues;
    int order[SUDOKU_MAX_CELLS], givens = g->ncells;
    *p = *sol;
    for (int c = 0; c < g->ncells; c++) order[c] = c;
    pb_rng_shuffle(&g->rng, order, g->ncells);
    for (int i = 0; i < g->ncells && !(clues > 0 && givens <= clues); i++) {
        const int c = order[i], v = p->cell[c];
        int gone; /* the removal stands */
        p->cell[c] = 0;
        if (level >= 0 && level < SUDOKU_EXPERT) {
            /* A puzzle that deduction solves without a guess has one solution, so
             * below expert the grade is also the uniqueness check. */
            int lv = grade(g, p);
            gone = lv >= 0 && lv <= level;
            if (pb_cancelled_or_late(g->cancel, g->deadline)) return -1;
        } else {
            gone = unique(g, p, c, v);
            if (gone < 0) return -1;
        }
        if (gone)
            givens--;
        else
            p->cell[c] = (unsigned char)v;
    }
    if (clues > 0 && givens > clues) return 0;
    int lv = grade(g, p);
    if (lv < 0) return 0; /* cannot happen for a unique puzzle; be safe */
    g->st->clues = givens;
    g->st->level = (sudoku_level)lv;
    return level < 0 || lv == level;
}

int sudoku_generate(const sudoku_gen_opts *o, uint64_t index, sudoku_grid *puzzle,
                    sudoku_grid *solution, sudoku_gen_stats *st)
{
    const double t0 = pb_now_s();
    memset(st, 0, sizeof *st);
    if (o->box < SUDOKU_MIN_BOX || o->box > SUDOKU_MAX_BOX || o->level < -1 ||
        o->level >= SUDOKU_LEVELS || o->clues < 0 || o->clues > o->box * o->box * o->box * o->box)
        return -1;
    gen *g = calloc(1, sizeof *g);
    if (!g) return -1;
    g->o = o;
    g->st = st;
    g->box = o->box;
    g->N = o->box * o->box;
    g->ncells = g->N * g->N;
    for (int c = 0; c < g->ncells; c++) {
        int r = c / g->N, k = c % g->N;
        g->row[c] = (unsigned char)r;
        g->col[c] = (unsigned char)k;
        g->bx[c] = (unsigned char)((r / g->box) * g->box + k / g->box);
    }
    g->engine = &pb_engine_sudoku_logic;
    g->shape = sudoku_model_new(o->box);
    g->deadline = o->max_seconds > 0 ? t0 + o->max_seconds : 0;
    g->cancel = o->cancel;
    /* Different targets get unrelated streams, so two data sets made with the same
     * seed do not share their solution grids. */
    uint64_t mix = (uint64_t)o->box | (uint64_t)(o->level + 1) << 8 | (uint64_t)o->clues << 16;
    pb_rng_seed_stream(&g->rng, o->seed ^ (mix * 0x9E3779B97F4A7C15u), index);

    const uint64_t max_tries = o->max_tries ? o->max_tries : DEFAULT_MAX_TRIES;
    int rc = -1;
    while (g->engine && g->shape && st->tries < max_tries) {
        st->tries++;
        if (full_grid(g, solution)) break;
        int r = carve(g, solution, puzzle);
        if (r < 0) break;
        if (r > 0) {
            rc = 0;
            break;
        }
        if (pb_cancelled_or_late(g->cancel, g->deadline)) break;
    }
    pb_model_free(g->shape);
    free(g);
    st->wall_s = pb_now_s() - t0;
    return rc;
}
