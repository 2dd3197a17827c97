/* model.c — the kakuro constraint model: one cell per white cell, one group per run
 * (a sum group, or a plain all-different group for a run without a clue), and the
 * way back from a model's values to a grid. */
#include "kakuro.h"

#include <stdlib.h>

static const char kakuro_kind[] = "kakuro";

pb_model *kakuro_model_new(const kakuro_grid *g, pb_error *err)
{
    const int n = g->rows * g->cols;
    pb_model *m = NULL;
    kakuro_run *runs = NULL;
    /* id: the model cell of each grid cell; row, col: each model cell's place; cells:
     * one run's model cells (a run is at most a row or a column long). */
    const int longest = g->rows > g->cols ? g->rows : g->cols;
    int *id = malloc(((size_t)n * 3 + (size_t)longest) * sizeof *id), ncells = 0;
    if (!id) goto oom;
    int *row = id + n, *col = row + n, *cells = col + n;
    for (int i = 0; i < n; i++) {
        id[i] = -1;
        if (!g->white[i]) continue;
        if (g->digit[i] > 9) {
            pb_fail(err, 0, "row %d, column %d: digit %d (expected 1-9 or empty)", i / g->cols + 1,
                    i % g->cols + 1, g->digit[i]);
            goto fail;
        }
        row[ncells] = i / g->cols;
        col[ncells] = i % g->cols;
        id[i] = ncells++;
    }
    if (!ncells) {
        pb_fail(err, 0, "no white cells");
        goto fail;
    }
    /* Counted first, to allocate the runs at once. */
    const int nruns = kakuro_find_runs(g, NULL, 0);
    runs = malloc((size_t)(nruns ? nruns : 1) * sizeof *runs);
    m = pb_model_new(ncells, 9);
    if (!runs || !m) goto oom;
    kakuro_find_runs(g, runs, nruns);
    for (int k = 0; k < nruns; k++) {
        const kakuro_run *run = &runs[k];
        for (int j = 0; j < run->len; j++) cells[j] = id[kakuro_run_cell(run, j)];
        if (run->sum ? pb_model_add_sum_group(m, cells, run->len, run->sum)
                     : pb_model_add_group(m, cells, run->len))
            goto oom;
    }
    for (int i = 0; i < n; i++)
        if (id[i] >= 0 && g->digit[i]) m->domain[id[i]] = PB_BIT(g->digit[i]);
    if (pb_model_set_layout(m, g->rows, g->cols, row, col)) goto oom;
    m->kind = kakuro_kind;
    if (pb_model_finish(m)) goto oom;
    free(runs);
    free(id);
    return m;
oom:
    pb_fail(err, 0, "out of memory");
fail:
    pb_model_free(m);
    free(runs);
    free(id);
    return NULL;
}

int kakuro_grid_fill(const kakuro_grid *shape, const int *values, kakuro_grid *out)
{
    if (kakuro_grid_copy(out, shape)) return -1;
    if (!values) return 0;
    for (int i = 0, k = 0; i < shape->rows * shape->cols; i++) {
        if (!shape->white[i]) continue;
        const int v = values[k++];
        /* A 0 leaves the cell as the puzzle has it: empty, or its given. */
        if (v >= 1 && v <= 9) out->digit[i] = (unsigned char)v;
    }
    return 0;
}
