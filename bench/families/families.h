/* families.h — each family's table (defined in bench/families/FAMILY/FAMILY.c), for
 * the list of families and for a family's own files that hand it to the harness, and
 * the parts a table gathers from its family's other files. */
#ifndef PB_FAMILIES_H
#define PB_FAMILIES_H

#include "family.h"

extern const pb_family pb_family_notouch, pb_family_sudoku, pb_family_kakuro, pb_family_tenpair,
    pb_family_latin;

/* The micro-benchmark cases (FAMILY_micro.c). */
extern const pb_micro_cases pb_micro_notouch, pb_micro_sudoku, pb_micro_kakuro, pb_micro_tenpair;
/* The generators (FAMILY_generate.c) and other commands (kakuro_sums.c,
 * notouch_table.c). */
extern const pb_command pb_sudoku_generators[], pb_kakuro_generators[], pb_latin_generators[];
extern const pb_command pb_kakuro_commands[], pb_notouch_commands[];
/* The outside tools (sudoku_tool.c). */
extern const pb_tool pb_sudoku_tools[];

#endif
