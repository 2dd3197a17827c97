/* runs.c — kakuro's runs and rules on grids: finding the runs, checking a generated
 * outline, deriving clues from a fill and checking a solution against a puzzle. */
#include "kakuro.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Walks line `u` (a row for KAKURO_ACROSS, a column for KAKURO_DOWN) and stores its
 * runs from runs[n] on (up to max); returns the new count. */
static int line_runs(const kakuro_grid *g, int dir, int u, kakuro_run *runs, int n, int max)
{
    const int len = dir == KAKURO_ACROSS ? g->cols : g->rows;
    const int step = dir == KAKURO_ACROSS ? 1 : g->cols;
    const int base = dir == KAKURO_ACROSS ? u * g->cols : u;
    for (int i = 0; i < len;) {
        if (!g->white[base + i * step]) {
            i++;
            continue;
        }
        int j = i;
        while (j < len && g->white[base + j * step]) j++;
        if (j - i >= KAKURO_MIN_RUN) {
            if (n < max) {
                kakuro_run *run = &runs[n];
                run->dir = dir;
                run->clue = i ? base + (i - 1) * step : -1;
                run->len = j - i;
                run->sum = run->clue < 0          ? 0
                           : dir == KAKURO_ACROSS ? g->right[run->clue]
                                                  : g->down[run->clue];
                run->first = base + i * step;
                run->step = step;
            }
            n++;
        }
        i = j;
    }
    return n;
}

int kakuro_find_runs(const kakuro_grid *g, kakuro_run *runs, int max)
{
    int n = 0;
    for (int r = 0; r < g->rows; r++) n = line_runs(g, KAKURO_ACROSS, r, runs, n, max);
    for (int c = 0; c < g->cols; c++) n = line_runs(g, KAKURO_DOWN, c, runs, n, max);
    return n;
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

/* Calls back for every run of 2+ cells of direction dir: the clue cell (or -1), the
 * first cell, the step between cells and the length. Walking lines here rather than
 * through kakuro_find_runs keeps the big run array off the stack. */
typedef int (*run_fn)(void *ctx, int dir, int clue, int first, int step, int len);

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
                if (j - i >= KAKURO_MIN_RUN) {
                    int rc =
                        fn(ctx, dir, i ? base + (i - 1) * step : -1, base + i * step, step, j - i);
                    if (rc) return rc;
                }
                i = j;
            }
        }
    }
    return 0;
}

static int derive_one(void *ctx, int dir, int clue, int first, int step, int len)
{
    kakuro_grid *g = ctx;
    if (clue < 0) return 0;
    int sum = 0;
    for (int k = 0; k < len; k++) sum += g->digit[first + k * step];
    /* A run over 9 cells can add up past a byte; it is invalid anyway. */
    unsigned char v = (unsigned char)(sum > 255 ? 255 : sum);
    if (dir == KAKURO_ACROSS)
        g->right[clue] = v;
    else
        g->down[clue] = v;
    return 0;
}

void kakuro_derive_clues(kakuro_grid *g)
{
    memset(g->down, 0, (size_t)g->rows * (size_t)g->cols);
    memset(g->right, 0, (size_t)g->rows * (size_t)g->cols);
    each_run(g, derive_one, g);
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
