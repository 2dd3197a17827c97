/* engine_table.c — the const table of every engine; adding an engine adds one line. */
#include <stddef.h>

#include "engine.h"

extern const pb_engine pb_engine_enum_perm, pb_engine_enum_all, pb_engine_backtrack,
    pb_engine_propagate, pb_engine_value_order, pb_engine_path_count;

const pb_engine *const pb_engines[] = {
    &pb_engine_enum_perm,
    &pb_engine_enum_all,
    &pb_engine_backtrack,
    &pb_engine_propagate,
    &pb_engine_value_order,
    &pb_engine_path_count,
    NULL,
};
