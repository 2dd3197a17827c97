/* logic.c — `logic`, the fast sudoku engine: bit-parallel candidates per cell, naked
 * singles through a queue, hidden singles per unit from once/twice masks, locked
 * candidates (pointing and claiming), and a guess in a cell with the fewest values.
 * 9x9 boards have their own core, on per-digit bitboards with its own choice of guess,
 * in logic9.c and logic9_pick.c; this file's generic core runs the other sizes (4x4,
 * 16x16, 25x25).
 *
 * A board is one flat array of uint32_t words, copied whole on a guess, so taking a
 * guess back costs nothing. After a guessed value fails (or its subtree has been
 * counted) it is removed from the parent board and the parent is propagated again:
 * that elimination is a deduction, so a cell left with one value is then filled as a
 * naked single, not guessed. The core is written once, inline, with the box size as
 * a parameter and instantiated for 2, 3, 4 and 5 so each size gets constant loops.
 *
 * Stats: a placement is a cell the engine fills (deduced or guessed; givens are not
 * counted), a backtrack a board whose propagation found a contradiction (a cell
 * without values, or a value without a cell in some unit; a guess cell running out of
 * values shows up this way), a candidate a value tried at a guess point, and a guess
 * a placement made by trying a value (so candidates == guesses). Limits are checked
 * after every propagation and at every guess, so a step limit can be overshot by at
 * most one propagation's placements. */
#include "sudoku.h"
#include "logic9.h"
#include "../core/limiter.h"
#include "../registry/engine_list.h"

#include <stdlib.h>
#include <string.h>

#if defined(__GNUC__)
#define HOT static inline __attribute__((always_inline))
#else
#define HOT static inline
#endif

/* Sizes of box n: N values, NC cells, TW words of the unplaced-cell set. A board is
 * [cand: NC][done: 3N][todo: TW][left: 1]: cand[c] the values cell c may take (one
 * bit once placed or queued), done[u] the values placed in unit u (rows, columns,
 * boxes), todo the set of unplaced cells, left their number. */
#define SZ(n)        ((n) * (n))
#define NCELLS(n)    (SZ(n) * SZ(n))
#define TWORDS(n)    ((NCELLS(n) + 31) / 32)
#define DONE_AT(n)   NCELLS(n)
#define TODO_AT(n)   (DONE_AT(n) + 3 * SZ(n))
#define LEFT_AT(n)   (TODO_AT(n) + TWORDS(n))
#define BOARD_LEN(n) (LEFT_AT(n) + 1)

typedef struct ctx {
    pb_run_state rs;
    uint32_t *boards; /* boards[d * BOARD_LEN]: the board at guess depth d */
    int qn;           /* cells queued to be placed (one bit left, not yet propagated) */
    int queue[SUDOKU_MAX_CELLS];
} ctx;

/* Cells 0..N-1 of unit u: rows, then columns, then boxes. */
HOT int unit_cell(int u, int i, const int n)
{
    const int N = SZ(n);
    if (u < N) return u * N + i;
    if (u < 2 * N) return i * N + (u - N);
    u -= 2 * N;
    return ((u / n) * n + i / n) * N + (u % n) * n + i % n;
}

/* Removes the values `drop` from cell p; 0 when p is left without values. A cell left
 * with one value is queued. */
HOT int elim(ctx *x, uint32_t *cand, int p, uint32_t drop)
{
    const uint32_t v = cand[p], w = v & ~drop;
    cand[p] = w;
    /* Stores unconditionally: the only branch taken rarely is a new single. */
    if (v == w || (w & (w - 1))) return 1;
    if (!w) return 0;
    x->queue[x->qn++] = p;
    return 1;
}

/* Places the queued cell c: its value leaves every peer. 0 on a contradiction. */
HOT int place(ctx *x, uint32_t *b, int c, const int n)
{
    const int N = SZ(n);
    uint32_t *cand = b, *done = b + DONE_AT(n), *todo = b + TODO_AT(n);
    const uint32_t bit = cand[c];
    const int r = c / N, col = c % N, br = r - r % n, bc = col - col % n;
    todo[c >> 5] &= ~(1u << (c & 31));
    b[LEFT_AT(n)]--;
    x->rs.st.placements++;
    done[r] |= bit;
    done[N + col] |= bit;
    done[2 * N + br + bc / n] |= bit;
    /* Emptied for the sweeps, so they need not skip c; the box sweep meets the cells
     * of row r and column col again, where removing the bit changes nothing. */
    cand[c] = 0;
    int ok = 1;
    for (int k = 0; k < N; k++) ok &= elim(x, cand, r * N + k, bit);
    for (int k = 0; k < N; k++) ok &= elim(x, cand, k * N + col, bit);
    for (int i = br; i < br + n; i++)
        for (int j = bc; j < bc + n; j++) ok &= elim(x, cand, i * N + j, bit);
    cand[c] = bit;
    return ok;
}

/* One sweep of hidden singles over every unit: a value that fits only one cell of a
 * unit goes there (queued). 0 on a contradiction: a unit where some value fits no
 * cell, or a cell that is the only place of two values. The once/twice masks of all
 * units are gathered in one pass over the cells. */
HOT int hidden_singles(ctx *x, uint32_t *b, const int n)
{
    const int N = SZ(n);
    const uint32_t all = (1u << N) - 1;
    uint32_t *cand = b, *done = b + DONE_AT(n);
    uint32_t once[3 * SUDOKU_MAX_SIZE], twice[3 * SUDOKU_MAX_SIZE];
    uint32_t *co = once + N, *ct = twice + N, *bo = once + 2 * N, *bt = twice + 2 * N;
    for (int u = N; u < 3 * N; u++) once[u] = twice[u] = 0;
    for (int r = 0; r < N; r++) {
        uint32_t ro = 0, rt = 0;
        const int bb = r - r % n;
        for (int j = 0; j < N; j++) {
            const uint32_t v = cand[r * N + j];
            const int bx = bb + j / n;
            rt |= ro & v;
            ro |= v;
            ct[j] |= co[j] & v;
            co[j] |= v;
            bt[bx] |= bo[bx] & v;
            bo[bx] |= v;
        }
        once[r] = ro, twice[r] = rt;
    }
    for (int u = 0; u < 3 * N; u++) {
        if (once[u] != all) return 0;
        const uint32_t h = once[u] & ~twice[u] & ~done[u];
        if (!h) continue;
        for (int i = 0; i < N; i++) {
            int p = unit_cell(u, i, n);
            uint32_t v = cand[p], y = v & h;
            if (!y || v == y) continue; /* v == y: already queued by this sweep */
            if (y & (y - 1)) return 0;
            cand[p] = y;
            x->queue[x->qn++] = p;
        }
    }
    return 1;
}

/* Removes `lock` from cells [first, first + len) stepping by `stride`. */
HOT int elim_run(ctx *x, uint32_t *cand, int first, int stride, int len, uint32_t lock)
{
    for (int k = 0; k < len; k++)
        if (!elim(x, cand, first + k * stride, lock)) return 0;
    return 1;
}

/* Locked candidates along one direction. seg[l * n + k]: the values of line l (a row,
 * or a column when `cols`) inside the k-th box it crosses. Claiming: a value of line
 * l found in one segment only leaves the rest of that box. Pointing: a value of a
 * box found in one of its lines only leaves the rest of that line. 0 on a
 * contradiction; *changed is set when anything was removed. */
HOT int locked_dir(ctx *x, uint32_t *b, const uint32_t *seg, int cols, int *changed, const int n)
{
    const int N = SZ(n);
    uint32_t *cand = b, *done = b + DONE_AT(n);
    const int sl = cols ? N : 1, sa = cols ? 1 : N; /* steps along and across lines */
    for (int l = 0; l < N; l++) {                   /* claiming */
        const uint32_t *s = seg + l * n;
        const int lb = l - l % n;
        for (int k = 0; k < n; k++) {
            uint32_t other = 0, rest = 0;
            for (int j = 0; j < n; j++)
                if (j != k) other |= s[j];
            for (int i = lb; i < lb + n; i++)
                if (i != l) rest |= seg[i * n + k];
            uint32_t lock = s[k] & ~other & ~done[(cols ? N : 0) + l] & rest;
            if (!lock) continue;
            *changed = 1;
            for (int i = lb; i < lb + n; i++)
                if (i != l && !elim_run(x, cand, i * sa + k * n * sl, sl, n, lock)) return 0;
        }
    }
    for (int lb = 0; lb < N; lb += n) { /* pointing */
        for (int k = 0; k < n; k++) {
            const int box = cols ? k * n + lb / n : lb + k;
            for (int l = lb; l < lb + n; l++) {
                uint32_t other = 0, rest = 0;
                for (int i = lb; i < lb + n; i++)
                    if (i != l) other |= seg[i * n + k];
                for (int j = 0; j < n; j++)
                    if (j != k) rest |= seg[l * n + j];
                uint32_t lock = seg[l * n + k] & ~other & ~done[2 * N + box] & rest;
                if (!lock) continue;
                *changed = 1;
                for (int j = 0; j < n; j++)
                    if (j != k && !elim_run(x, cand, l * sa + j * n * sl, sl, n, lock)) return 0;
            }
        }
    }
    return 1;
}

/* Pointing and claiming in rows and columns: 0 on a contradiction, 2 when something
 * was removed, 1 when nothing was. */
HOT int locked_candidates(ctx *x, uint32_t *b, const int n)
{
    const int N = SZ(n);
    uint32_t seg[SUDOKU_MAX_SIZE * SUDOKU_MAX_BOX];
    const uint32_t *cand = b;
    int changed = 0;
    for (int r = 0; r < N; r++)
        for (int k = 0; k < n; k++) {
            uint32_t v = 0;
            for (int j = 0; j < n; j++) v |= cand[r * N + k * n + j];
            seg[r * n + k] = v;
        }
    if (!locked_dir(x, b, seg, 0, &changed, n)) return 0;
    for (int c = 0; c < N; c++)
        for (int k = 0; k < n; k++) {
            uint32_t v = 0;
            for (int i = 0; i < n; i++) v |= cand[(k * n + i) * N + c];
            seg[c * n + k] = v;
        }
    if (!locked_dir(x, b, seg, 1, &changed, n)) return 0;
    return changed ? 2 : 1;
}

/* Places the queued cells and everything they imply. 1 when the board is consistent
 * (solved when left is 0), 0 on a contradiction (counted as a backtrack). The queue
 * is empty afterwards. */
HOT int propagate(ctx *x, uint32_t *b, const int n)
{
    for (;;) {
        while (x->qn) {
            int c = x->queue[--x->qn];
            if (!place(x, b, c, n)) goto dead;
        }
        if (!b[LEFT_AT(n)]) return 1;
        if (!hidden_singles(x, b, n)) goto dead;
        if (x->qn) continue;
        int r = locked_candidates(x, b, n);
        if (!r) goto dead;
        if (r == 1) return 1;
    }
dead:
    x->qn = 0;
    x->rs.st.backtracks++;
    return 0;
}

/* The unplaced cell with the fewest values, the first in reading order on a tie. */
HOT int fewest_values(const uint32_t *b, const int n)
{
    const uint32_t *cand = b, *todo = b + TODO_AT(n);
    int best = -1, bestk = 99;
    for (int w = 0; w < TWORDS(n); w++)
        for (uint32_t t = todo[w]; t; t &= t - 1) {
            int c = w * 32 + __builtin_ctz(t), k = __builtin_popcount(cand[c]);
            if (k < bestk) {
                best = c, bestk = k;
                if (k == 2) return best;
            }
        }
    return best;
}

static void found(ctx *x, const uint32_t *cand, int ncells)
{
    x->rs.st.solutions++;
    if (x->rs.st.solutions == 1 && x->rs.first)
        for (int c = 0; c < ncells; c++) x->rs.first[c] = __builtin_ctz(cand[c]) + 1;
    pb_status st;
    if (pb_solution_stops(x->rs.how, x->rs.st.solutions, &st)) pb_run_state_stop(&x->rs, st);
}

/* Searches below the consistent, unsolved board at depth d. */
HOT void search(ctx *x, int d, const int n, void (*self)(ctx *, int))
{
    uint32_t *b = x->boards + (size_t)d * BOARD_LEN(n), *ch = b + BOARD_LEN(n);
    for (;;) {
        const int c = fewest_values(b, n);
        const uint32_t vals = b[c], v = vals & -vals;
        memcpy(ch, b, BOARD_LEN(n) * sizeof *b);
        ch[c] = v;
        x->queue[x->qn++] = c;
        x->rs.st.candidates++;
        x->rs.st.guesses++;
        if (propagate(x, ch, n)) {
            if (!ch[LEFT_AT(n)])
                found(x, ch, NCELLS(n));
            else if (pb_run_state_tick(&x->rs))
                self(x, d + 1);
        }
        if (x->rs.stopped || !pb_run_state_tick(&x->rs)) return;
        /* v failed or is counted: ruling it out is a deduction on this board. */
        b[c] = vals ^ v;
        if (!(b[c] & (b[c] - 1))) x->queue[x->qn++] = c;
        if (!propagate(x, b, n)) return;
        if (!b[LEFT_AT(n)]) {
            found(x, b, NCELLS(n));
            return;
        }
        if (!pb_run_state_tick(&x->rs)) return;
    }
}

static void search2(ctx *x, int d)
{
    search(x, d, 2, search2);
}
static void search3(ctx *x, int d)
{
    search(x, d, 3, search3);
}
static void search4(ctx *x, int d)
{
    search(x, d, 4, search4);
}
static void search5(ctx *x, int d)
{
    search(x, d, 5, search5);
}

/* Fills the root board from the domains and places the givens (cells with one value),
 * which are not counted as placements. 0 on a contradiction. */
HOT int init_board(ctx *x, const pb_model *m, uint32_t *b, const int n)
{
    const int NC = NCELLS(n);
    memset(b, 0, BOARD_LEN(n) * sizeof *b);
    for (int c = 0; c < NC; c++) {
        uint32_t v = (uint32_t)(m->domain[c] & PB_FULL(SZ(n)));
        if (!v) return 0;
        b[c] = v;
        b[TODO_AT(n) + (c >> 5)] |= 1u << (c & 31);
    }
    b[LEFT_AT(n)] = (uint32_t)NC;
    const uint64_t placed = x->rs.st.placements;
    for (int c = 0; c < NC; c++) {
        uint32_t v = (uint32_t)m->domain[c];
        if (!(v & (v - 1)) && !place(x, b, c, n)) return 0;
    }
    x->rs.st.placements = placed;
    return 1;
}

HOT void solve(ctx *x, const pb_model *m, const int n, void (*deeper)(ctx *, int))
{
    uint32_t *b = x->boards;
    if (!init_board(x, m, b, n)) {
        x->qn = 0;
        x->rs.st.backtracks++;
        return;
    }
    if (!propagate(x, b, n)) return;
    if (!b[LEFT_AT(n)])
        found(x, b, NCELLS(n));
    else if (pb_run_state_tick(&x->rs))
        deeper(x, 0);
}

static pb_status logic_run(const pb_model *m, int config, const pb_run *how, pb_result *out)
{
    (void)config;
    const int n = sudoku_box_for_cells(m->ncells);
    if (!n || m->nvalues != n * n) return PB_UNSUPPORTED;
    if (n == 3) return sudoku_logic9_run(m, how, out);
    ctx *x = malloc(sizeof *x);
    /* Every guess fills a cell, so depth never passes ncells. */
    uint32_t *boards = malloc(((size_t)m->ncells + 1) * BOARD_LEN(n) * sizeof *boards);
    if (!x || !boards) return free(x), free(boards), PB_NOMEM;
    pb_run_state_init(&x->rs, how, out->first);
    x->boards = boards;
    x->qn = 0;
    switch (n) {
    case 2:
        solve(x, m, 2, search2);
        break;
    case 3:
        solve(x, m, 3, search3);
        break;
    case 4:
        solve(x, m, 4, search4);
        break;
    default:
        solve(x, m, 5, search5);
        break;
    }
    out->stats = x->rs.st;
    pb_status st = x->rs.status;
    free(boards);
    free(x);
    return st;
}

static int accepts(const pb_model *m, const char **why)
{
    *why = "logic needs a sudoku model (rows, columns and boxes of a n^2 x n^2 board) without "
           "sum groups";
    return !m->nsums && sudoku_model_box(m) != 0;
}

const pb_engine pb_engine_sudoku_logic = {
    {"logic",
     "sudoku: bit-parallel naked and hidden singles, locked candidates, then a guess where "
     "both ways place a digit (9x9; other sizes: a cell with the fewest values)",
     PB_CAP_FIRST | PB_CAP_COUNT, pb_cap_names, NULL},
    0,
    accepts,
    logic_run,
};
