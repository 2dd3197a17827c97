/* families.c — the table of puzzle families; adding a family adds one line. */
#include "family.h"

extern const pb_family pb_family_notouch, pb_family_sudoku, pb_family_kakuro, pb_family_tenpair;

const pb_family *const pb_families[] = {
    &pb_family_notouch, /* notouch.c */
    &pb_family_sudoku,  /* sudoku.c */
    &pb_family_kakuro,  /* kakuro.c */
    &pb_family_tenpair, /* tenpair.c */
    NULL,
};
