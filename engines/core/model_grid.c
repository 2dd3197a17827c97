/* model_grid.c — the all-different models of square grids (model_grid.h). */
#include "model_grid.h"

#include <stdlib.h>

pb_model *pb_grid_model_new(const pb_grid_groups *s, const char *kind)
{
    const int n = s->side, ncells = n * n;
    pb_model *m = pb_model_new(ncells, n);
    int cells[PB_MAX_VALUES];
    int *row = malloc(2 * (size_t)ncells * sizeof *row), *col = row ? row + ncells : NULL;
    if (!m || !row || n > PB_MAX_VALUES) goto fail;
    for (int g = 0; g < s->ngroups; g++) {
        for (int i = 0; i < n; i++) cells[i] = s->cell(s->arg, g, i);
        if (pb_model_add_group(m, cells, n)) goto fail;
    }
    for (int c = 0; c < ncells; c++) row[c] = c / n, col[c] = c % n;
    if (pb_model_set_layout(m, n, n, row, col) || pb_model_finish(m)) goto fail;
    free(row);
    m->kind = kind;
    m->kind_arg = s->arg;
    return m;
fail:
    free(row);
    pb_model_free(m);
    return NULL;
}

int pb_grid_model_is(const pb_model *m, const pb_grid_groups *s)
{
    const int n = s->side;
    if (m->nvalues != n || m->ncells != n * n || m->ngroups != s->ngroups || m->npairs ||
        m->rows != n || m->cols != n)
        return 0;
    for (int g = 0; g < s->ngroups; g++) {
        if (m->group_start[g + 1] - m->group_start[g] != n) return 0;
        for (int i = 0; i < n; i++)
            if (m->group_cells[m->group_start[g] + i] != s->cell(s->arg, g, i)) return 0;
    }
    return 1;
}

void pb_grid_model_view(const pb_model *shape, const unsigned char *cell, pb_mask *dom,
                        pb_model *view)
{
    const pb_mask all = PB_FULL(shape->nvalues);
    *view = *shape;
    for (int c = 0; c < shape->ncells; c++) dom[c] = cell[c] ? PB_BIT(cell[c]) : all;
    view->domain = dom;
}
