/* families.c — the table of puzzle families; adding a family adds one line. */
#include "families.h"

const pb_family *const pb_families[] = {
    &pb_family_notouch, /* notouch.c */
    &pb_family_sudoku,  /* sudoku.c */
    &pb_family_kakuro,  /* kakuro.c */
    &pb_family_tenpair, /* tenpair.c */
    &pb_family_latin,   /* latin.c */
    NULL,
};
