/* model_grid.h — square grids whose only constraints are all-different groups as long
 * as a row (a Latin square's rows and columns; a sudoku's, and its boxes): one builder,
 * one shape check and one per-puzzle view for every such family, which says only how
 * its groups run. */
#ifndef PB_MODEL_GRID_H
#define PB_MODEL_GRID_H

#include "model.h"

typedef struct pb_grid_groups {
    int side;    /* cells a row and a group, and values: side x side cells */
    int ngroups; /* all-different groups, each of side cells */
    int arg;     /* the family's size (order, box), handed to cell; the models' kind_arg */
    /* Cell i (0 <= i < side) of group g (0 <= g < ngroups), row by row. */
    int (*cell)(int arg, int g, int i);
} pb_grid_groups;

/* The structure of s: side * side cells with domains 1..side, the groups in order, a
 * side x side layout, and kind (a string whose address names the family's models)
 * with kind_arg s->arg. NULL out of memory. */
pb_model *pb_grid_model_new(const pb_grid_groups *s, const char *kind);

/* 1 when m has exactly the groups, the values and the layout pb_grid_model_new builds
 * from s, else 0. Sums on the groups are the caller's to refuse or to ignore. */
int pb_grid_model_is(const pb_model *m, const pb_grid_groups *s);

/* A per-puzzle model sharing the structure of shape: *view becomes a copy of *shape
 * whose domain is dom (ncells entries), cell[c]'s value where it is given (> 0), every
 * value where it is 0. Free nothing: the view lives as long as shape and dom. */
void pb_grid_model_view(const pb_model *shape, const unsigned char *cell, pb_mask *dom,
                        pb_model *view);

#endif
