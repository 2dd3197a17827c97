/* runs.c — kakuro's runs and rules on grids: finding the runs, checking a generated
 * outline, deriving clues from a fill and checking a solution against a puzzle. */
#include "kakuro.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Calls back for every run of direction dir, in the order of kakuro_find_runs: the
 * clue cell (or -1), the first cell, the step between cells and the length; stops at
 * the first nonzero return and returns it. */
typedef int (*run_fn)(void *ctx, int dir, int clue, int first, int step, int len);

/* Whether the block of len white cells after grid cell clue (-1: the grid's edge),
 * direction dir, is a run: two or more cells, or one cell with a clue before it. */
static int is_run(const kakuro_grid *g, int dir, int clue, int len)
{
    if (len >= KAKURO_MIN_RUN) return 1;
    return len == 1 && clue >= 0 && (dir == KAKURO_ACROSS ? g->right[clue] : g->down[clue]);
}

static int each_run(const kakuro_grid *g, run_fn fn, void *ctx)
{
    for (int dir = KAKURO_ACROSS; dir <= KAKURO_DOWN; dir++) {
        const int lines = dir == KAKURO_ACROSS ? g->rows : g->cols;
        const int len = dir == KAKURO_ACROSS ? g->cols : g->rows;
        const int step = dir == KAKURO_ACROSS ? 1 : g->cols;
        for (int u = 0; u < lines; u++) {
            const int base = dir == KAKURO_ACROSS ? u * g->cols : u;
            for (int i = 0; i < len;) {
                if (!g->white[base + i * step]) {
                    i++;
                    continue;
                }
                int j = i;
                while (j < len && g->white[base + j * step]) j++;
                const int clue = i ? base + (i - 1) * step : -1;
                if (is_run(g, dir, clue, j - i)) {
                    const int rc = fn(ctx, dir, clue, base + i * step, step, j - i);
                    if (rc) return rc;
                }
                i = j;
            }
        }
    }
    return 0;
}

typedef struct collect_ctx {
    const kakuro_grid *g;
    kakuro_run *runs;
    int n, max;
} collect_ctx;

static int collect(void *ctx, int dir, int clue, int first, int step, int len)
{
    collect_ctx *k = ctx;
    if (k->n < k->max) {
        const kakuro_grid *g = k->g;
        const int sum = clue < 0 ? 0 : dir == KAKURO_ACROSS ? g->right[clue] : g->down[clue];
        k->runs[k->n] = (kakuro_run){dir, clue, len, sum, first, step};
    }
    k->n++;
    return 0;
}

int kakuro_find_runs(const kakuro_grid *g, kakuro_run *runs, int max)
{
    collect_ctx k = {g, runs, 0, runs ? max : 0};
    each_run(g, collect, &k);
    return k.n;
}

/* ---- outlines ---- */

/* The first fault among the runs of direction dir, in the order of kakuro_find_runs;
 * 0 when there is none. Blocks of one white cell count here: a generated outline
 * has every white cell in a run both ways. */
static int run_fault(const kakuro_grid *g, int dir, char *msg, size_t msglen)
{
    static const char *const name[2] = {"across", "down"};
    const int lines = dir == KAKURO_ACROSS ? g->rows : g->cols;
    const int len = dir == KAKURO_ACROSS ? g->cols : g->rows;
    for (int u = 0; u < lines; u++)
        for (int i = 0; i < len;) {
            const int r0 = dir == KAKURO_ACROSS ? u : i, c0 = dir == KAKURO_ACROSS ? i : u;
            if (!g->white[r0 * g->cols + c0]) {
                i++;
                continue;
            }
            int j = i;
            while (j < len && g->white[dir == KAKURO_ACROSS ? u * g->cols + j : j * g->cols + u])
                j++;
            if (i == 0) {
                if (msg && msglen)
                    snprintf(msg, msglen,
                             "row %d, column %d: %s run at the grid's edge, no clue cell", r0 + 1,
                             c0 + 1, name[dir]);
                return -1;
            }
            if (j - i < KAKURO_MIN_RUN || j - i > KAKURO_MAX_RUN) {
                if (msg && msglen)
                    snprintf(msg, msglen, "row %d, column %d: %s run of %d", r0 + 1, c0 + 1,
                             name[dir], j - i);
                return -1;
            }
            i = j;
        }
    return 0;
}

/* Whether the white cells of g are connected: a search from the first, in
 * stack/seen (n cells each). The first one it cannot reach goes to *stray. */
static int connected(const kakuro_grid *g, int *stack, unsigned char *seen, int first, int *stray)
{
    const int n = g->rows * g->cols;
    int top = 0;
    stack[top++] = first;
    seen[first] = 1;
    while (top) {
        const int i = stack[--top], r = i / g->cols, c = i % g->cols;
        const int nb[4] = {c > 0 ? i - 1 : -1, c + 1 < g->cols ? i + 1 : -1,
                           r > 0 ? i - g->cols : -1, r + 1 < g->rows ? i + g->cols : -1};
        for (int k = 0; k < 4; k++)
            if (nb[k] >= 0 && g->white[nb[k]] && !seen[nb[k]]) {
                seen[nb[k]] = 1;
                stack[top++] = nb[k];
            }
    }
    for (int i = 0; i < n; i++)
        if (g->white[i] && !seen[i]) return *stray = i, 0;
    return 1;
}

int kakuro_outline_check(const kakuro_grid *g, char *msg, size_t msglen)
{
    if (msg && msglen) msg[0] = '\0';
    if (run_fault(g, KAKURO_ACROSS, msg, msglen) || run_fault(g, KAKURO_DOWN, msg, msglen))
        return -1;
    const int n = g->rows * g->cols;
    int first = -1, stray = -1;
    for (int i = 0; i < n && first < 0; i++)
        if (g->white[i]) first = i;
    if (first < 0) {
        if (msg && msglen) snprintf(msg, msglen, "no white cells");
        return -1;
    }
    int *stack = malloc((size_t)n * sizeof *stack);
    unsigned char *seen = calloc((size_t)n, 1);
    const int ok = stack && seen && connected(g, stack, seen, first, &stray);
    const int oom = !stack || !seen;
    free(stack);
    free(seen);
    if (ok) return 0;
    if (msg && msglen && oom) snprintf(msg, msglen, "out of memory");
    if (msg && msglen && !oom)
        snprintf(msg, msglen, "row %d, column %d: white cell not connected to row %d, column %d",
                 stray / g->cols + 1, stray % g->cols + 1, first / g->cols + 1,
                 first % g->cols + 1);
    return -1;
}

/* ---- clues and solutions ---- */

/* The clue a fill gives the block of white cells after black cell i (each `step`
 * on, at most `left` of them): the sum of its digits when it is a run (two or more
 * cells, or one whose clue `had` is set), else 0. A run over 9 cells can add up
 * past a byte; it is invalid anyway. */
static unsigned char clue_of(const kakuro_grid *g, int i, int step, int left, int had)
{
    int len = 0, sum = 0;
    while (len < left && g->white[i + (len + 1) * step])
        sum += g->digit[i + (len + 1) * step], len++;
    if (len < KAKURO_MIN_RUN && !(len == 1 && had)) return 0;
    return (unsigned char)(sum > 255 ? 255 : sum);
}

void kakuro_derive_clues(kakuro_grid *g)
{
    const int R = g->rows, C = g->cols;
    for (int i = 0; i < R * C; i++) {
        if (g->white[i]) {
            g->down[i] = g->right[i] = 0;
            continue;
        }
        const int r = i / C, c = i % C;
        g->right[i] = clue_of(g, i, 1, C - c - 1, g->right[i]);
        g->down[i] = clue_of(g, i, C, R - r - 1, g->down[i]);
    }
}

typedef struct solution_ctx {
    const kakuro_grid *puzzle, *sol;
} solution_ctx;

/* Nonzero when sol's run breaks the puzzle's clue or repeats a digit. */
static int run_broken(void *ctx, int dir, int clue, int first, int step, int len)
{
    const solution_ctx *s = ctx;
    unsigned seen = 0;
    int sum = 0;
    for (int k = 0; k < len; k++) {
        const int d = s->sol->digit[first + k * step];
        if (seen & (1u << d)) return 1;
        seen |= 1u << d;
        sum += d;
    }
    if (clue < 0) return 0;
    const int want = dir == KAKURO_ACROSS ? s->puzzle->right[clue] : s->puzzle->down[clue];
    return want && sum != want;
}

int kakuro_is_solution_of(const kakuro_grid *puzzle, const kakuro_grid *sol)
{
    if (sol->rows != puzzle->rows || sol->cols != puzzle->cols) return 0;
    const int n = puzzle->rows * puzzle->cols;
    for (int i = 0; i < n; i++) {
        if (!sol->white[i] != !puzzle->white[i]) return 0;
        if (!puzzle->white[i]) continue;
        if (sol->digit[i] < 1 || sol->digit[i] > 9) return 0;
        if (puzzle->digit[i] && puzzle->digit[i] != sol->digit[i]) return 0;
    }
    solution_ctx s = {puzzle, sol};
    return each_run(puzzle, run_broken, &s) == 0;
}
