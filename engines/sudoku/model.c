/* model.c — the sudoku constraint model: one shared structure per board size (rows,
 * columns and boxes as all-different groups) and cheap per-puzzle views of it that
 * differ only in their domains, so a file of 50,000 puzzles builds one model. */
#include "sudoku.h"

#include "../core/model_grid.h"

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

/* The rows, the columns and the boxes of box size b. */
#define SUDOKU_GROUPS(b)                                                                           \
    (&(pb_grid_groups){.side = (b) * (b), .ngroups = 3 * (b) * (b), .arg = (b), .cell = group_cell})

pb_model *sudoku_model_new(int box)
{
    if (box < SUDOKU_MIN_BOX || box > SUDOKU_MAX_BOX) return NULL;
    return pb_grid_model_new(SUDOKU_GROUPS(box), sudoku_kind);
}

void sudoku_model_view(const pb_model *shape, const sudoku_grid *g, pb_mask *dom, pb_model *view)
{
    pb_grid_model_view(shape, g->cell, dom, view);
}

int sudoku_model_box(const pb_model *m)
{
    /* Our own builder's models (and their views) need no second look: this runs
     * before every solve, and the full check below costs as much as an easy puzzle. */
    if (m->kind == sudoku_kind) return m->kind_arg;
    const int box = sudoku_box_for_cells(m->ncells);
    if (!box) return 0;
    return pb_grid_model_is(m, SUDOKU_GROUPS(box)) ? box : 0;
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
