/* seed.c — `seed`, seed 002's sudoku program as an engine: fill every cell whose mask
 * has one value, pass after pass, until a pass changes nothing; then take the first
 * open cell in reading order, try each of its values in increasing order on a copy of
 * the board, and recurse. Masks are recomputed by scanning each cell's peers, as the
 * seed does; it is meant to be faithful, not fast.
 *
 * Stats: a placement is a cell the engine fills (deduced or guessed; givens are not
 * counted); a backtrack is a board whose deduction left a cell without values, or a
 * guess cell whose values are all tried; a candidate is a value tried at a guess
 * cell, and each such try is a guess. Limits are checked after every deduction and
 * every guess, so a step limit can be overshot by at most one deduction's
 * placements. */
#include "sudoku.h"
#include "../core/limiter.h"
#include "../registry/engine_list.h"

#include <stdlib.h>
#include <string.h>

/* The values cell c may take given its peers' values (the seed's CreateNewMask). */
static pb_mask scan_mask(const pb_model *m, const int *values, int c)
{
    pb_mask taken = 0;
    for (int i = m->peer_start[c]; i < m->peer_start[c + 1]; i++) {
        int v = values[m->peer[i]];
        if (v) taken |= PB_BIT(v);
    }
    return m->domain[c] & ~taken;
}

/* The seed's deductive passes over values[] (already holding the givens and earlier
 * placements). Cells filled in a pass count for the cells after them in the same
 * pass, as in the seed. Returns the passes, or -1 when a cell has no value left. */
static int deduce(const pb_model *m, int *values, pb_mask *cand, uint64_t *placements)
{
    int passes = 0, changed;
    do {
        changed = 0;
        passes++;
        for (int c = 0; c < m->ncells; c++) {
            if (values[c]) {
                cand[c] = PB_BIT(values[c]);
                continue;
            }
            pb_mask mask = scan_mask(m, values, c);
            cand[c] = mask;
            if (!mask) return -1;
            if (!(mask & (mask - 1))) {
                values[c] = __builtin_ctzll(mask) + 1;
                changed++;
                (*placements)++;
            }
        }
    } while (changed);
    return passes;
}

/* Sets values[] to the givens (cells whose domain is one value); 0 when two givens
 * that share a group hold the same value. */
static int read_givens(const pb_model *m, int *values)
{
    for (int c = 0; c < m->ncells; c++) {
        pb_mask d = m->domain[c];
        values[c] = d && !(d & (d - 1)) ? __builtin_ctzll(d) + 1 : 0;
    }
    for (int c = 0; c < m->ncells; c++)
        for (int i = m->peer_start[c]; values[c] && i < m->peer_start[c + 1]; i++)
            if (values[m->peer[i]] == values[c]) return 0;
    return 1;
}

int sudoku_seed_deduce(const pb_model *m, int *values, pb_mask *cand)
{
    uint64_t placements = 0;
    if (!read_givens(m, values)) {
        for (int c = 0; c < m->ncells; c++) cand[c] = values[c] ? PB_BIT(values[c]) : 0;
        return -1;
    }
    return deduce(m, values, cand, &placements);
}

typedef struct seed_run {
    const pb_model *m;
    pb_run_state rs;
    int *boards;   /* boards[level * ncells]: the seed's board copy at each level */
    pb_mask *cand; /* scratch: the masks of the last deduction */
} seed_run;

/* The seed's SolveBoard on the board of `level`. */
static void solve_board(seed_run *s, int level)
{
    const pb_model *m = s->m;
    const int n = m->ncells;
    int *board = s->boards + (size_t)level * n;
    if (deduce(m, board, s->cand, &s->rs.st.placements) < 0) {
        s->rs.st.backtracks++;
        pb_run_state_tick(&s->rs);
        return;
    }
    if (!pb_run_state_tick(&s->rs)) return;
    int c = 0;
    while (c < n && board[c]) c++;
    if (c == n) {
        pb_status st;
        if (++s->rs.st.solutions == 1 && s->rs.first) memcpy(s->rs.first, board, n * sizeof *board);
        if (pb_solution_stops(s->rs.how, s->rs.st.solutions, &st)) pb_run_state_stop(&s->rs, st);
        return;
    }
    /* After the last pass every open cell has two values or more. */
    for (pb_mask moves = s->cand[c]; moves; moves &= moves - 1) {
        int *copy = board + n;
        memcpy(copy, board, n * sizeof *board);
        copy[c] = __builtin_ctzll(moves) + 1;
        s->rs.st.candidates++;
        s->rs.st.placements++;
        s->rs.st.guesses++;
        if (!pb_run_state_tick(&s->rs)) return;
        solve_board(s, level + 1);
        if (s->rs.stopped) return;
    }
    s->rs.st.backtracks++;
    pb_run_state_tick(&s->rs);
}

static pb_status seed_engine_run(const pb_model *m, int config, const pb_run *how, pb_result *out)
{
    (void)config;
    const size_t n = (size_t)m->ncells;
    seed_run s = {.m = m};
    pb_run_state_init(&s.rs, how, out->first);
    /* Every level fills at least one cell, so there are at most ncells + 1 levels. */
    s.boards = malloc((n + 1) * n * sizeof *s.boards);
    s.cand = malloc(n * sizeof *s.cand);
    if (!s.boards || !s.cand) return free(s.boards), free(s.cand), PB_NOMEM;
    if (read_givens(m, s.boards))
        solve_board(&s, 0);
    else
        s.rs.st.backtracks++;
    out->stats = s.rs.st;
    free(s.boards);
    free(s.cand);
    return s.rs.status;
}

static int accepts(const pb_model *m, const char **why)
{
    *why = "seed needs a sudoku model (rows, columns and boxes of a n^2 x n^2 board) without "
           "sum groups";
    return !m->nsums && sudoku_model_box(m) != 0;
}

const pb_engine pb_engine_sudoku_seed = {
    {"seed",
     "sudoku as seed 002: deduce singles pass after pass, then guess the first open cell on a "
     "copy",
     PB_CAP_FIRST | PB_CAP_COUNT, pb_cap_names, NULL},
    0,
    accepts,
    seed_engine_run,
};
