/* engine_table.c — the const table of every engine; adding an engine adds one line. */
#include <stddef.h>

#include "engine.h"

extern const pb_engine pb_engine_enum_perm, pb_engine_enum_all, pb_engine_backtrack,
    pb_engine_propagate, pb_engine_value_order, pb_engine_path_count;
extern const pb_engine pb_engine_sudoku_logic, pb_engine_sudoku_seed;
extern const pb_engine pb_engine_kakuro_combo;
extern const pb_engine pb_engine_kakuro_thesis;

const pb_engine *const pb_engines[] = {
    &pb_engine_enum_perm,
    &pb_engine_enum_all,
    &pb_engine_backtrack,
    &pb_engine_propagate,
    &pb_engine_value_order,
    &pb_engine_path_count,
    &pb_engine_sudoku_logic,  /* sudoku/logic.c */
    &pb_engine_sudoku_seed,   /* sudoku/seed.c */
    &pb_engine_kakuro_combo,  /* kakuro/combo.c */
    &pb_engine_kakuro_thesis, /* kakuro/thesis.c */
    NULL,
};
