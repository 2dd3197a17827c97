/* model.c — the Latin square constraint model: one shared structure per order (the
 * rows and the columns as all-different groups) and per-puzzle views of it that
 * differ only in their domains, so a file of many squares builds one model. */
#include "latin.h"

#include <string.h>

static const char latin_kind[] = "latin";

/* Cell i of group g: the rows first, then the columns. */
static int group_cell(int n, int g, int i)
{
    return g < n ? g * n + i : i * n + (g - n);
}

pb_model *latin_model_new(int n)
{
    if (n < LATIN_MIN_ORDER || n > LATIN_MAX_ORDER) return NULL;
    pb_model *m = pb_model_new(n * n, n);
    if (!m) return NULL;
    int cells[LATIN_MAX_ORDER], row[LATIN_MAX_CELLS], col[LATIN_MAX_CELLS];
    for (int g = 0; g < 2 * n; g++) {
        for (int i = 0; i < n; i++) cells[i] = group_cell(n, g, i);
        if (pb_model_add_group(m, cells, n)) goto fail;
    }
    for (int c = 0; c < n * n; c++) row[c] = c / n, col[c] = c % n;
    if (pb_model_set_layout(m, n, n, row, col) || pb_model_finish(m)) goto fail;
    m->kind = latin_kind;
    m->kind_arg = n;
    return m;
fail:
    pb_model_free(m);
    return NULL;
}

void latin_model_view(const pb_model *shape, const latin_square *sq, pb_mask *dom, pb_model *view)
{
    const pb_mask all = PB_FULL(shape->nvalues);
    *view = *shape;
    for (int c = 0; c < shape->ncells; c++) dom[c] = sq->cell[c] ? PB_BIT(sq->cell[c]) : all;
    view->domain = dom;
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
    if (n < LATIN_MIN_ORDER || n > LATIN_MAX_ORDER || m->ncells != n * n || m->ngroups != 2 * n ||
        m->nsums || m->npairs || m->rows != n || m->cols != n)
        return 0;
    for (int g = 0; g < 2 * n; g++) {
        if (m->group_start[g + 1] - m->group_start[g] != n) return 0;
        for (int i = 0; i < n; i++)
            if (m->group_cells[m->group_start[g] + i] != group_cell(n, g, i)) return 0;
    }
    return n;
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
