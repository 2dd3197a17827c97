/* render_grid.h — the picture of a placement board (notouch, sudoku, latin) that the
 * families' render hooks share: drawn from the model's layout, on pb_svg. */
#ifndef PB_RENDER_GRID_H
#define PB_RENDER_GRID_H

#include <stdio.h>
#include "core/model.h"
#include "family.h"

/* Draws m's board: its cells, holes left blank; givens (a domain of one value) in
 * bold, class "given"; values[c] (values may be NULL: the puzzle alone) in a lighter
 * weight, class "solution". box > 1: thicker lines every box cells (sudoku); pairs:
 * the model's min-difference pairs drawn faint between the cells' centres. */
void pb_render_grid(FILE *f, const pb_model *m, const int *values, int box, int pairs);

/* Draws the search steps[0..n) on m's board (puzzles with no givens, as notouch's)
 * as an animated SVG: render_grid_trace.c. */
void pb_render_grid_trace(FILE *f, const pb_model *m, const pb_trace_step *steps, int n, int pairs);

#endif
