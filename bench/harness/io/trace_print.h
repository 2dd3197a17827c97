/* trace_print.h — prints every step of a search in seed 000's layout:
 *   "N: a b" / "c d e f" / "g h", 0 for an empty cell, -1 for the cell that backs up,
 * " start" after step 0, " backtrack" after a backtrack step, and the solved board
 * once more as a final step marked " solved". */
#ifndef PB_TRACE_PRINT_H
#define PB_TRACE_PRINT_H

#include <stdio.h>
#include "core/engine.h"

typedef struct pb_trace_printer {
    FILE *out;
    pb_mode mode;
    uint64_t last_step;
    uint64_t solutions;
} pb_trace_printer;

pb_trace_fn pb_trace_print_step;

#endif
