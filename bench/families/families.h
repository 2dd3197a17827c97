/* families.h — each family's table (defined in bench/families/FAMILY/FAMILY.c), for
 * the list of families and for a family's own files that hand it to the harness. */
#ifndef PB_FAMILIES_H
#define PB_FAMILIES_H

#include "family.h"

extern const pb_family pb_family_notouch, pb_family_sudoku, pb_family_kakuro, pb_family_tenpair,
    pb_family_latin;

#endif
