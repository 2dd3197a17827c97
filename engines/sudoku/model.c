/* model.c — the sudoku constraint model: one shared structure per board size (rows,
 * columns and boxes as all-different groups) and cheap per-puzzle views of it that
 * differ only in their domains, so a file of 50,000 puzzles builds one model. */
#include "sudoku.h"

#include <string.h>

static const char sudoku_kind[] = "sudoku";

/* Cell i of group g (rows, then columns, then boxes). */
static int group_cell(int box, int g, int i)
{
    const int N = box * box, u = g % N;
    switch (g / N) {
    case 0:
        return u * N + i;
    case 1:
        return i * N + u;
    default:
        return ((u / box) * box + i / box) * N + (u % box) * box + i % box;
    }
}

pb_model *sudoku_model_new(int box)
{
    if (box < SUDOKU_MIN_BOX || box > SUDOKU_MAX_BOX) return NULL;
    const int N = box * box;
    pb_model *m = pb_model_new(N * N, N);
    if (!m) return NULL;
    int cells[SUDOKU_MAX_SIZE], row[SUDOKU_MAX_CELLS], col[SUDOKU_MAX_CELLS];
    for (int g = 0; g < 3 * N; g++) {
        for (int i = 0; i < N; i++) cells[i] = group_cell(box, g, i);
        if (pb_model_add_group(m, cells, N)) goto fail;
    }
    for (int c = 0; c < N * N; c++) row[c] = c / N, col[c] = c % N;
    if (pb_model_set_layout(m, N, N, row, col) || pb_model_finish(m)) goto fail;
    m->kind = sudoku_kind;
    m->kind_arg = box;
    return m;
fail:
    pb_model_free(m);
    return NULL;
}

void sudoku_model_view(const pb_model *shape, const sudoku_grid *g, pb_mask *dom, pb_model *view)
{
    const pb_mask all = PB_FULL(shape->nvalues);
    *view = *shape;
    for (int c = 0; c < shape->ncells; c++) dom[c] = g->cell[c] ? PB_BIT(g->cell[c]) : all;
    view->domain = dom;
}

int sudoku_model_box(const pb_model *m)
{
    /* Our own builder's models (and their views) need no second look: this runs
     * before every solve, and the full check below costs as much as an easy puzzle. */
    if (m->kind == sudoku_kind) return m->kind_arg;
    int box = sudoku_box_for_cells(m->ncells);
    if (!box) return 0;
    const int N = box * box;
    if (m->nvalues != N || m->ngroups != 3 * N || m->npairs || m->rows != N || m->cols != N)
        return 0;
    for (int g = 0; g < 3 * N; g++) {
        if (m->group_start[g + 1] - m->group_start[g] != N) return 0;
        for (int i = 0; i < N; i++)
            if (m->group_cells[m->group_start[g] + i] != group_cell(box, g, i)) return 0;
    }
    return box;
}

void sudoku_grid_from(const pb_model *m, const int *values, sudoku_grid *g)
{
    sudoku_grid_init(g, sudoku_box_for_cells(m->ncells));
    for (int c = 0; c < m->ncells; c++) {
        int v = 0;
        if (values && values[c] > 0)
            v = values[c];
        else if (!(m->domain[c] & (m->domain[c] - 1)) && m->domain[c])
            v = __builtin_ctzll(m->domain[c]) + 1;
        g->cell[c] = (unsigned char)v;
    }
}
