/* sudoku_parts.h — the parts of the sudoku family's table defined in its other files. */
#ifndef PB_SUDOKU_PARTS_H
#define PB_SUDOKU_PARTS_H

#include "family.h"

extern const pb_micro_cases pb_micro_sudoku;    /* sudoku_micro.c */
extern const pb_command pb_sudoku_generators[]; /* sudoku_generate.c */
extern const pb_tool pb_sudoku_tools[];         /* sudoku_qqwing.c */

#endif
