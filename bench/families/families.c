/* families.c — the table of puzzle families; adding a family adds one line. */
#include "family.h"

extern const pb_family pb_family_notouch, pb_family_sudoku, pb_family_kakuro, pb_family_tenpair,
    pb_family_latin;

const pb_family *const pb_families[] = {
    &pb_family_notouch, /* notouch.c */
    &pb_family_sudoku,  /* sudoku.c */
    &pb_family_kakuro,  /* kakuro.c */
    &pb_family_tenpair, /* tenpair.c */
    &pb_family_latin,   /* latin.c */
    NULL,
};
