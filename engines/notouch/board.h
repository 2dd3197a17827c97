/* board.h — notouch boards: a mask of cells on a grid (built-in, RxC rectangle, or
 * parsed from text), and the model that asks touching cells to differ by `diff`. */
#ifndef PB_NOTOUCH_BOARD_H
#define PB_NOTOUCH_BOARD_H

#include <stddef.h>
#include "../core/error.h"
#include "../core/model.h"

#define NOTOUCH_MAX_CELLS 64 /* values 1..cells must fit a 64-bit mask */
#define NOTOUCH_MAX_SIDE  64

typedef enum notouch_adj { NOTOUCH_KING, NOTOUCH_ORTH } notouch_adj;

typedef struct notouch_board {
    int rows, cols, ncells;
    unsigned char cell[NOTOUCH_MAX_SIDE * NOTOUCH_MAX_SIDE]; /* cell[r * cols + c]: 1 = cell */
} notouch_board;

/* Rows of '#' (cell) and '.' (hole); shorter rows are padded with holes; blank lines
 * after the last row are ignored. 0, or -1 with *err set. */
int notouch_board_parse(const char *text, size_t len, notouch_board *b, pb_error *err);

/* notouch_board_named's return for a name that is no board's at all (not a bad size):
 * the caller may know other ways to name one, such as a file. */
#define NOTOUCH_UNKNOWN_BOARD (-2)

/* "cross8" (the seed's board) or "RxC". 0, or -1 (a bad size) or NOTOUCH_UNKNOWN_BOARD
 * with *err set. */
int notouch_board_named(const char *name, notouch_board *b, pb_error *err);

/* Cells in reading order, one all-different group, values 1..cells, pairs of
 * touching cells (king: 8 directions, orth: 4) at least `diff` apart. */
pb_model *notouch_model(const notouch_board *b, int diff, notouch_adj adj);

#endif
