/* model.c — the Latin square constraint model: one shared structure per order (the
 * rows and the columns as all-different groups) and per-puzzle views of it that
 * differ only in their domains, so a file of many squares builds one model. */
#include "latin.h"

#include "../core/model_grid.h"

static const char latin_kind[] = "latin";

/* Cell i of group g: the rows first, then the columns. */
static int group_cell(int n, int g, int i)
{
    return g < n ? g * n + i : i * n + (g - n);
}

/* The rows and the columns of order n. */
#define LATIN_GROUPS(n)                                                                            \
    (&(pb_grid_groups){.side = (n), .ngroups = 2 * (n), .arg = (n), .cell = group_cell})

pb_model *latin_model_new(int n)
{
    if (n < LATIN_MIN_ORDER || n > LATIN_MAX_ORDER) return NULL;
    return pb_grid_model_new(LATIN_GROUPS(n), latin_kind);
}

void latin_model_view(const pb_model *shape, const latin_square *sq, pb_mask *dom, pb_model *view)
{
    pb_grid_model_view(shape, sq->cell, dom, view);
}

pb_model *latin_model_of(const latin_square *sq)
{
    pb_model *m = latin_model_new(sq->n);
    if (!m) return NULL;
    for (int c = 0; c < m->ncells; c++)
        if (sq->cell[c]) m->domain[c] = PB_BIT(sq->cell[c]);
    return m;
}

int latin_model_order(const pb_model *m)
{
    /* Our own builder's models (and their views) need no second look. */
    if (m->kind == latin_kind) return m->kind_arg;
    const int n = m->nvalues;
    if (n < LATIN_MIN_ORDER || n > LATIN_MAX_ORDER || m->nsums) return 0;
    return pb_grid_model_is(m, LATIN_GROUPS(n)) ? n : 0;
}

int latin_square_from(const pb_model *m, const int *values, latin_square *sq)
{
    const int n = latin_model_order(m);
    if (!n) return -1;
    latin_square_init(sq, n);
    for (int c = 0; c < m->ncells; c++) {
        int v = 0;
        const pb_mask d = m->domain[c];
        if (values && values[c] > 0 && values[c] <= n)
            v = values[c];
        else if (d && !(d & (d - 1)))
            v = __builtin_ctzll(d) + 1;
        sq->cell[c] = (unsigned char)v;
    }
    return 0;
}
