/* logic9.h — the 9x9 core of the `logic` engine (logic9.c), internal to engines/sudoku:
 * logic.c sends 9x9 boards here and keeps its generic core for the other sizes. */
#ifndef PB_SUDOKU_LOGIC9_H
#define PB_SUDOKU_LOGIC9_H

#include "../core/engine.h"

/* Runs `logic` on a 9x9 sudoku model (m as sudoku_model_new shapes it): the modes,
 * limits, out->first and stats of logic.c. */
pb_status sudoku_logic9_run(const pb_model *m, const pb_run *how, pb_result *out);

#endif
