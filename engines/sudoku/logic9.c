/* logic9.c — the 9x9 core of the `logic` sudoku engine: per-digit bitboards split in
 * bands, in the style of JCZSolve and fsss2.
 *
 * A board holds, for each digit d and band b (three rows), the 27-bit set of cells of
 * the band where d may still go (bit 9 * row + column; a placed digit keeps its own
 * bit), and per band the set of unplaced cells. Cell c is bit c % 27 of band c / 27.
 * The whole board is 57 words, copied on a guess.
 *
 * Deduction, until nothing changes:
 *   - each changed digit-band is reduced to the cells that lie in some placement of
 *     the digit in the band: the digit takes one cell per row and per box, so its
 *     row-box segments must form a permutation (a table maps the nine segments to the
 *     cells that survive). This is locked candidates within the band, hidden singles
 *     in its rows and boxes, and the check that every row and box keeps the digit;
 *   - a box of the band whose digit is left in one column takes that column from the
 *     digit in the other two bands (pointing along columns);
 *   - a row of the band whose digit is left in one unplaced cell places it there;
 *   - when the digit-bands are stable: naked singles, found bit-parallel by counting
 *     each cell's digits to two across the nine boards, and hidden singles in columns.
 * Then the search guesses in a cell with the fewest digits (two, when there is one),
 * the lowest digit first, as logic.c does: a failed (or counted) guess is ruled out
 * in the parent board, which is propagated again. Claiming along columns (a column
 * whose digit lies in one box takes it from the rest of the box) was tried and left
 * out: it saves a few guesses but costs more time than they do on every test set.
 *
 * Stats are logic.c's: a placement is a cell the engine fills (givens, cells whose
 * domain starts as one value, are not counted), a backtrack a board whose propagation
 * found a contradiction, a candidate (= a guess) a value tried at a guess point. The
 * limits are checked after every propagation and at every guess, so a step limit can
 * be overshot by at most one propagation's placements. */
#include "logic9.h"
#include "../core/limiter.h"

#include <stdlib.h>
#include <string.h>

/* Tables, computed offline from these definitions: shrink[x], for a row's 9 bits, has bit k set
 * when box k of the row has any; complex_mask[s], for the 9 row-box segments of a digit in a band
 * (bit 3 * row + box), is the union of the segments that lie in some permutation (0
 * when none does); column_lock[s], for the columns a digit has in a band, holds (in
 * all three rows) the columns that are the only one of their box; band_peers[p] is
 * the row and box of cell p of a band, without p. */
static const uint8_t shrink[512] = {
    0, 1, 1, 1, 1, 1, 1, 1, 2, 3, 3, 3, 3, 3, 3, 3, 2, 3, 3, 3, 3, 3, 3, 3, 2, 3, 3, 3, 3, 3, 3, 3,
    2, 3, 3, 3, 3, 3, 3, 3, 2, 3, 3, 3, 3, 3, 3, 3, 2, 3, 3, 3, 3, 3, 3, 3, 2, 3, 3, 3, 3, 3, 3, 3,
    4, 5, 5, 5, 5, 5, 5, 5, 6, 7, 7, 7, 7, 7, 7, 7, 6, 7, 7, 7, 7, 7, 7, 7, 6, 7, 7, 7, 7, 7, 7, 7,
    6, 7, 7, 7, 7, 7, 7, 7, 6, 7, 7, 7, 7, 7, 7, 7, 6, 7, 7, 7, 7, 7, 7, 7, 6, 7, 7, 7, 7, 7, 7, 7,
    4, 5, 5, 5, 5, 5, 5, 5, 6, 7, 7, 7, 7, 7, 7, 7, 6, 7, 7, 7, 7, 7, 7, 7, 6, 7, 7, 7, 7, 7, 7, 7,
    6, 7, 7, 7, 7, 7, 7, 7, 6, 7, 7, 7, 7, 7, 7, 7, 6, 7, 7, 7, 7, 7, 7, 7, 6, 7, 7, 7, 7, 7, 7, 7,
    4, 5, 5, 5, 5, 5, 5, 5, 6, 7, 7, 7, 7, 7, 7, 7, 6, 7, 7, 7, 7, 7, 7, 7, 6, 7, 7, 7, 7, 7, 7, 7,
    6, 7, 7, 7, 7, 7, 7, 7, 6, 7, 7, 7, 7, 7, 7, 7, 6, 7, 7, 7, 7, 7, 7, 7, 6, 7, 7, 7, 7, 7, 7, 7,
    4, 5, 5, 5, 5, 5, 5, 5, 6, 7, 7, 7, 7, 7, 7, 7, 6, 7, 7, 7, 7, 7, 7, 7, 6, 7, 7, 7, 7, 7, 7, 7,
    6, 7, 7, 7, 7, 7, 7, 7, 6, 7, 7, 7, 7, 7, 7, 7, 6, 7, 7, 7, 7, 7, 7, 7, 6, 7, 7, 7, 7, 7, 7, 7,
    4, 5, 5, 5, 5, 5, 5, 5, 6, 7, 7, 7, 7, 7, 7, 7, 6, 7, 7, 7, 7, 7, 7, 7, 6, 7, 7, 7, 7, 7, 7, 7,
    6, 7, 7, 7, 7, 7, 7, 7, 6, 7, 7, 7, 7, 7, 7, 7, 6, 7, 7, 7, 7, 7, 7, 7, 6, 7, 7, 7, 7, 7, 7, 7,
    4, 5, 5, 5, 5, 5, 5, 5, 6, 7, 7, 7, 7, 7, 7, 7, 6, 7, 7, 7, 7, 7, 7, 7, 6, 7, 7, 7, 7, 7, 7, 7,
    6, 7, 7, 7, 7, 7, 7, 7, 6, 7, 7, 7, 7, 7, 7, 7, 6, 7, 7, 7, 7, 7, 7, 7, 6, 7, 7, 7, 7, 7, 7, 7,
    4, 5, 5, 5, 5, 5, 5, 5, 6, 7, 7, 7, 7, 7, 7, 7, 6, 7, 7, 7, 7, 7, 7, 7, 6, 7, 7, 7, 7, 7, 7, 7,
    6, 7, 7, 7, 7, 7, 7, 7, 6, 7, 7, 7, 7, 7, 7, 7, 6, 7, 7, 7, 7, 7, 7, 7, 6, 7, 7, 7, 7, 7, 7, 7,
};
static const uint32_t complex_mask[512] = {
    0x0000000, 0x0000000, 0x0000000, 0x0000000, 0x0000000, 0x0000000, 0x0000000, 0x0000000,
    0x0000000, 0x0000000, 0x0000000, 0x0000000, 0x0000000, 0x0000000, 0x0000000, 0x0000000,
    0x0000000, 0x0000000, 0x0000000, 0x0000000, 0x0000000, 0x0000000, 0x0000000, 0x0000000,
    0x0000000, 0x0000000, 0x0000000, 0x0000000, 0x0000000, 0x0000000, 0x0000000, 0x0000000,
    0x0000000, 0x0000000, 0x0000000, 0x0000000, 0x0000000, 0x0000000, 0x0000000, 0x0000000,
    0x0000000, 0x0000000, 0x0000000, 0x0000000, 0x0000000, 0x0000000, 0x0000000, 0x0000000,
    0x0000000, 0x0000000, 0x0000000, 0x0000000, 0x0000000, 0x0000000, 0x0000000, 0x0000000,
    0x0000000, 0x0000000, 0x0000000, 0x0000000, 0x0000000, 0x0000000, 0x0000000, 0x0000000,
    0x0000000, 0x0000000, 0x0000000, 0x0000000, 0x0000000, 0x0000000, 0x0000000, 0x0000000,
    0x0000000, 0x0000000, 0x0000000, 0x0000000, 0x0000000, 0x0000000, 0x0000000, 0x0000000,
    0x0000000, 0x0000000, 0x0000000, 0x0000000, 0x01c71c0, 0x01c71c0, 0x01c71c0, 0x01c71c0,
    0x0000000, 0x0000000, 0x0000000, 0x0000000, 0x01c71c0, 0x01c71c0, 0x01c71c0, 0x01c71c0,
    0x0000000, 0x0000000, 0x01f8038, 0x01f8038, 0x0000000, 0x0000000, 0x01f8038, 0x01f8038,
    0x0000000, 0x0000000, 0x01f8038, 0x01f8038, 0x0000000, 0x0000000, 0x01f8038, 0x01f8038,
    0x0000000, 0x0000000, 0x01f8038, 0x01f8038, 0x01c71c0, 0x01c71c0, 0x01ff1f8, 0x01ff1f8,
    0x0000000, 0x0000000, 0x01f8038, 0x01f8038, 0x01c71c0, 0x01c71c0, 0x01ff1f8, 0x01ff1f8,
    0x0000000, 0x0000000, 0x0000000, 0x0000000, 0x0000000, 0x0000000, 0x0000000, 0x0000000,
    0x0000000, 0x0000000, 0x0000000, 0x0000000, 0x0e00fc0, 0x0e00fc0, 0x0e00fc0, 0x0e00fc0,
    0x0000000, 0x0000000, 0x0000000, 0x0000000, 0x0000000, 0x0000000, 0x0000000, 0x0000000,
    0x0000000, 0x0000000, 0x0000000, 0x0000000, 0x0e00fc0, 0x0e00fc0, 0x0e00fc0, 0x0e00fc0,
    0x0000000, 0x0e38007, 0x0000000, 0x0e38007, 0x0000000, 0x0e38007, 0x0000000, 0x0e38007,
    0x0000000, 0x0e38007, 0x0000000, 0x0e38007, 0x0e00fc0, 0x0e38fc7, 0x0e00fc0, 0x0e38fc7,
    0x0000000, 0x0e38007, 0x0000000, 0x0e38007, 0x0000000, 0x0e38007, 0x0000000, 0x0e38007,
    0x0000000, 0x0e38007, 0x0000000, 0x0e38007, 0x0e00fc0, 0x0e38fc7, 0x0e00fc0, 0x0e38fc7,
    0x0000000, 0x0000000, 0x0000000, 0x0000000, 0x0000000, 0x0000000, 0x0000000, 0x0000000,
    0x0000000, 0x0000000, 0x0000000, 0x0000000, 0x0e00fc0, 0x0e00fc0, 0x0e00fc0, 0x0e00fc0,
    0x0000000, 0x0000000, 0x0000000, 0x0000000, 0x01c71c0, 0x01c71c0, 0x01c71c0, 0x01c71c0,
    0x0000000, 0x0000000, 0x0000000, 0x0000000, 0x0fc7fc0, 0x0fc7fc0, 0x0fc7fc0, 0x0fc7fc0,
    0x0000000, 0x0e38007, 0x01f8038, 0x0ff803f, 0x0000000, 0x0e38007, 0x01f8038, 0x0ff803f,
    0x0000000, 0x0e38007, 0x01f8038, 0x0ff803f, 0x0e00fc0, 0x0e38fc7, 0x0ff8ff8, 0x0ff8fff,
    0x0000000, 0x0e38007, 0x01f8038, 0x0ff803f, 0x01c71c0, 0x0fff1c7, 0x01ff1f8, 0x0fff1ff,
    0x0000000, 0x0e38007, 0x01f8038, 0x0ff803f, 0x0fc7fc0, 0x0ffffc7, 0x0fffff8, 0x0ffffff,
    0x0000000, 0x0000000, 0x0000000, 0x0000000, 0x0000000, 0x0000000, 0x0000000, 0x0000000,
    0x0000000, 0x0000000, 0x7000e38, 0x7000e38, 0x0000000, 0x0000000, 0x7000e38, 0x7000e38,
    0x0000000, 0x7007007, 0x0000000, 0x7007007, 0x0000000, 0x7007007, 0x0000000, 0x7007007,
    0x0000000, 0x7007007, 0x7000e38, 0x7007e3f, 0x0000000, 0x7007007, 0x7000e38, 0x7007e3f,
    0x0000000, 0x0000000, 0x0000000, 0x0000000, 0x0000000, 0x0000000, 0x0000000, 0x0000000,
    0x0000000, 0x0000000, 0x7000e38, 0x7000e38, 0x0000000, 0x0000000, 0x7000e38, 0x7000e38,
    0x0000000, 0x7007007, 0x0000000, 0x7007007, 0x0000000, 0x7007007, 0x0000000, 0x7007007,
    0x0000000, 0x7007007, 0x7000e38, 0x7007e3f, 0x0000000, 0x7007007, 0x7000e38, 0x7007e3f,
    0x0000000, 0x0000000, 0x0000000, 0x0000000, 0x0000000, 0x0000000, 0x0000000, 0x0000000,
    0x0000000, 0x0000000, 0x7000e38, 0x7000e38, 0x0000000, 0x0000000, 0x7000e38, 0x7000e38,
    0x0000000, 0x7007007, 0x0000000, 0x7007007, 0x01c71c0, 0x71c71c7, 0x01c71c0, 0x71c71c7,
    0x0000000, 0x7007007, 0x7000e38, 0x7007e3f, 0x01c71c0, 0x71c71c7, 0x71c7ff8, 0x71c7fff,
    0x0000000, 0x0000000, 0x01f8038, 0x01f8038, 0x0000000, 0x0000000, 0x01f8038, 0x01f8038,
    0x0000000, 0x0000000, 0x71f8e38, 0x71f8e38, 0x0000000, 0x0000000, 0x71f8e38, 0x71f8e38,
    0x0000000, 0x7007007, 0x01f8038, 0x71ff03f, 0x01c71c0, 0x71c71c7, 0x01ff1f8, 0x71ff1ff,
    0x0000000, 0x7007007, 0x71f8e38, 0x71ffe3f, 0x01c71c0, 0x71c71c7, 0x71ffff8, 0x71fffff,
    0x0000000, 0x0000000, 0x0000000, 0x0000000, 0x0000000, 0x0000000, 0x0000000, 0x0000000,
    0x0000000, 0x0000000, 0x7000e38, 0x7000e38, 0x0e00fc0, 0x0e00fc0, 0x7e00ff8, 0x7e00ff8,
    0x0000000, 0x7007007, 0x0000000, 0x7007007, 0x0000000, 0x7007007, 0x0000000, 0x7007007,
    0x0000000, 0x7007007, 0x7000e38, 0x7007e3f, 0x0e00fc0, 0x7e07fc7, 0x7e00ff8, 0x7e07fff,
    0x0000000, 0x0e38007, 0x0000000, 0x0e38007, 0x0000000, 0x0e38007, 0x0000000, 0x0e38007,
    0x0000000, 0x0e38007, 0x7000e38, 0x7e38e3f, 0x0e00fc0, 0x0e38fc7, 0x7e00ff8, 0x7e38fff,
    0x0000000, 0x7e3f007, 0x0000000, 0x7e3f007, 0x0000000, 0x7e3f007, 0x0000000, 0x7e3f007,
    0x0000000, 0x7e3f007, 0x7000e38, 0x7e3fe3f, 0x0e00fc0, 0x7e3ffc7, 0x7e00ff8, 0x7e3ffff,
    0x0000000, 0x0000000, 0x0000000, 0x0000000, 0x0000000, 0x0000000, 0x0000000, 0x0000000,
    0x0000000, 0x0000000, 0x7000e38, 0x7000e38, 0x0e00fc0, 0x0e00fc0, 0x7e00ff8, 0x7e00ff8,
    0x0000000, 0x7007007, 0x0000000, 0x7007007, 0x01c71c0, 0x71c71c7, 0x01c71c0, 0x71c71c7,
    0x0000000, 0x7007007, 0x7000e38, 0x7007e3f, 0x0fc7fc0, 0x7fc7fc7, 0x7fc7ff8, 0x7fc7fff,
    0x0000000, 0x0e38007, 0x01f8038, 0x0ff803f, 0x0000000, 0x0e38007, 0x01f8038, 0x0ff803f,
    0x0000000, 0x0e38007, 0x71f8e38, 0x7ff8e3f, 0x0e00fc0, 0x0e38fc7, 0x7ff8ff8, 0x7ff8fff,
    0x0000000, 0x7e3f007, 0x01f8038, 0x7fff03f, 0x01c71c0, 0x7fff1c7, 0x01ff1f8, 0x7fff1ff,
    0x0000000, 0x7e3f007, 0x71f8e38, 0x7fffe3f, 0x0fc7fc0, 0x7ffffc7, 0x7fffff8, 0x7ffffff,
};
static const uint32_t column_lock[512] = {
    0x0000000, 0x0040201, 0x0080402, 0x0000000, 0x0100804, 0x0000000, 0x0000000, 0x0000000,
    0x0201008, 0x0241209, 0x028140a, 0x0201008, 0x030180c, 0x0201008, 0x0201008, 0x0201008,
    0x0402010, 0x0442211, 0x0482412, 0x0402010, 0x0502814, 0x0402010, 0x0402010, 0x0402010,
    0x0000000, 0x0040201, 0x0080402, 0x0000000, 0x0100804, 0x0000000, 0x0000000, 0x0000000,
    0x0804020, 0x0844221, 0x0884422, 0x0804020, 0x0904824, 0x0804020, 0x0804020, 0x0804020,
    0x0000000, 0x0040201, 0x0080402, 0x0000000, 0x0100804, 0x0000000, 0x0000000, 0x0000000,
    0x0000000, 0x0040201, 0x0080402, 0x0000000, 0x0100804, 0x0000000, 0x0000000, 0x0000000,
    0x0000000, 0x0040201, 0x0080402, 0x0000000, 0x0100804, 0x0000000, 0x0000000, 0x0000000,
    0x1008040, 0x1048241, 0x1088442, 0x1008040, 0x1108844, 0x1008040, 0x1008040, 0x1008040,
    0x1209048, 0x1249249, 0x128944a, 0x1209048, 0x130984c, 0x1209048, 0x1209048, 0x1209048,
    0x140a050, 0x144a251, 0x148a452, 0x140a050, 0x150a854, 0x140a050, 0x140a050, 0x140a050,
    0x1008040, 0x1048241, 0x1088442, 0x1008040, 0x1108844, 0x1008040, 0x1008040, 0x1008040,
    0x180c060, 0x184c261, 0x188c462, 0x180c060, 0x190c864, 0x180c060, 0x180c060, 0x180c060,
    0x1008040, 0x1048241, 0x1088442, 0x1008040, 0x1108844, 0x1008040, 0x1008040, 0x1008040,
    0x1008040, 0x1048241, 0x1088442, 0x1008040, 0x1108844, 0x1008040, 0x1008040, 0x1008040,
    0x1008040, 0x1048241, 0x1088442, 0x1008040, 0x1108844, 0x1008040, 0x1008040, 0x1008040,
    0x2010080, 0x2050281, 0x2090482, 0x2010080, 0x2110884, 0x2010080, 0x2010080, 0x2010080,
    0x2211088, 0x2251289, 0x229148a, 0x2211088, 0x231188c, 0x2211088, 0x2211088, 0x2211088,
    0x2412090, 0x2452291, 0x2492492, 0x2412090, 0x2512894, 0x2412090, 0x2412090, 0x2412090,
    0x2010080, 0x2050281, 0x2090482, 0x2010080, 0x2110884, 0x2010080, 0x2010080, 0x2010080,
    0x28140a0, 0x28542a1, 0x28944a2, 0x28140a0, 0x29148a4, 0x28140a0, 0x28140a0, 0x28140a0,
    0x2010080, 0x2050281, 0x2090482, 0x2010080, 0x2110884, 0x2010080, 0x2010080, 0x2010080,
    0x2010080, 0x2050281, 0x2090482, 0x2010080, 0x2110884, 0x2010080, 0x2010080, 0x2010080,
    0x2010080, 0x2050281, 0x2090482, 0x2010080, 0x2110884, 0x2010080, 0x2010080, 0x2010080,
    0x0000000, 0x0040201, 0x0080402, 0x0000000, 0x0100804, 0x0000000, 0x0000000, 0x0000000,
    0x0201008, 0x0241209, 0x028140a, 0x0201008, 0x030180c, 0x0201008, 0x0201008, 0x0201008,
    0x0402010, 0x0442211, 0x0482412, 0x0402010, 0x0502814, 0x0402010, 0x0402010, 0x0402010,
    0x0000000, 0x0040201, 0x0080402, 0x0000000, 0x0100804, 0x0000000, 0x0000000, 0x0000000,
    0x0804020, 0x0844221, 0x0884422, 0x0804020, 0x0904824, 0x0804020, 0x0804020, 0x0804020,
    0x0000000, 0x0040201, 0x0080402, 0x0000000, 0x0100804, 0x0000000, 0x0000000, 0x0000000,
    0x0000000, 0x0040201, 0x0080402, 0x0000000, 0x0100804, 0x0000000, 0x0000000, 0x0000000,
    0x0000000, 0x0040201, 0x0080402, 0x0000000, 0x0100804, 0x0000000, 0x0000000, 0x0000000,
    0x4020100, 0x4060301, 0x40a0502, 0x4020100, 0x4120904, 0x4020100, 0x4020100, 0x4020100,
    0x4221108, 0x4261309, 0x42a150a, 0x4221108, 0x432190c, 0x4221108, 0x4221108, 0x4221108,
    0x4422110, 0x4462311, 0x44a2512, 0x4422110, 0x4522914, 0x4422110, 0x4422110, 0x4422110,
    0x4020100, 0x4060301, 0x40a0502, 0x4020100, 0x4120904, 0x4020100, 0x4020100, 0x4020100,
    0x4824120, 0x4864321, 0x48a4522, 0x4824120, 0x4924924, 0x4824120, 0x4824120, 0x4824120,
    0x4020100, 0x4060301, 0x40a0502, 0x4020100, 0x4120904, 0x4020100, 0x4020100, 0x4020100,
    0x4020100, 0x4060301, 0x40a0502, 0x4020100, 0x4120904, 0x4020100, 0x4020100, 0x4020100,
    0x4020100, 0x4060301, 0x40a0502, 0x4020100, 0x4120904, 0x4020100, 0x4020100, 0x4020100,
    0x0000000, 0x0040201, 0x0080402, 0x0000000, 0x0100804, 0x0000000, 0x0000000, 0x0000000,
    0x0201008, 0x0241209, 0x028140a, 0x0201008, 0x030180c, 0x0201008, 0x0201008, 0x0201008,
    0x0402010, 0x0442211, 0x0482412, 0x0402010, 0x0502814, 0x0402010, 0x0402010, 0x0402010,
    0x0000000, 0x0040201, 0x0080402, 0x0000000, 0x0100804, 0x0000000, 0x0000000, 0x0000000,
    0x0804020, 0x0844221, 0x0884422, 0x0804020, 0x0904824, 0x0804020, 0x0804020, 0x0804020,
    0x0000000, 0x0040201, 0x0080402, 0x0000000, 0x0100804, 0x0000000, 0x0000000, 0x0000000,
    0x0000000, 0x0040201, 0x0080402, 0x0000000, 0x0100804, 0x0000000, 0x0000000, 0x0000000,
    0x0000000, 0x0040201, 0x0080402, 0x0000000, 0x0100804, 0x0000000, 0x0000000, 0x0000000,
    0x0000000, 0x0040201, 0x0080402, 0x0000000, 0x0100804, 0x0000000, 0x0000000, 0x0000000,
    0x0201008, 0x0241209, 0x028140a, 0x0201008, 0x030180c, 0x0201008, 0x0201008, 0x0201008,
    0x0402010, 0x0442211, 0x0482412, 0x0402010, 0x0502814, 0x0402010, 0x0402010, 0x0402010,
    0x0000000, 0x0040201, 0x0080402, 0x0000000, 0x0100804, 0x0000000, 0x0000000, 0x0000000,
    0x0804020, 0x0844221, 0x0884422, 0x0804020, 0x0904824, 0x0804020, 0x0804020, 0x0804020,
    0x0000000, 0x0040201, 0x0080402, 0x0000000, 0x0100804, 0x0000000, 0x0000000, 0x0000000,
    0x0000000, 0x0040201, 0x0080402, 0x0000000, 0x0100804, 0x0000000, 0x0000000, 0x0000000,
    0x0000000, 0x0040201, 0x0080402, 0x0000000, 0x0100804, 0x0000000, 0x0000000, 0x0000000,
    0x0000000, 0x0040201, 0x0080402, 0x0000000, 0x0100804, 0x0000000, 0x0000000, 0x0000000,
    0x0201008, 0x0241209, 0x028140a, 0x0201008, 0x030180c, 0x0201008, 0x0201008, 0x0201008,
    0x0402010, 0x0442211, 0x0482412, 0x0402010, 0x0502814, 0x0402010, 0x0402010, 0x0402010,
    0x0000000, 0x0040201, 0x0080402, 0x0000000, 0x0100804, 0x0000000, 0x0000000, 0x0000000,
    0x0804020, 0x0844221, 0x0884422, 0x0804020, 0x0904824, 0x0804020, 0x0804020, 0x0804020,
    0x0000000, 0x0040201, 0x0080402, 0x0000000, 0x0100804, 0x0000000, 0x0000000, 0x0000000,
    0x0000000, 0x0040201, 0x0080402, 0x0000000, 0x0100804, 0x0000000, 0x0000000, 0x0000000,
    0x0000000, 0x0040201, 0x0080402, 0x0000000, 0x0100804, 0x0000000, 0x0000000, 0x0000000,
};
static const uint32_t band_peers[27] = {
    0x01c0ffe, 0x01c0ffd, 0x01c0ffb, 0x0e071f7, 0x0e071ef, 0x0e071df, 0x70381bf,
    0x703817f, 0x70380ff, 0x01ffc07, 0x01ffa07, 0x01ff607, 0x0e3ee38, 0x0e3de38,
    0x0e3be38, 0x7037fc0, 0x702ffc0, 0x701ffc0, 0x7f80e07, 0x7f40e07, 0x7ec0e07,
    0x7dc7038, 0x7bc7038, 0x77c7038, 0x6ff81c0, 0x5ff81c0, 0x3ff81c0,
};

#define BAND_ALL 0x7ffffffu /* the 27 cells of a band */
#define COLS(a)  (((a) | (a) >> 9 | (a) >> 18) & 0x1ffu)

typedef struct board {
    uint32_t f[27];    /* f[3 * d + b]: the cells of band b where digit d+1 may go */
    uint32_t seen[27]; /* f as it was when last reduced (all ones: never) */
    uint32_t open[3];  /* unplaced cells per band */
} board;

typedef struct ctx {
    pb_run_state rs;
    board boards[82]; /* boards[d]: the board at guess depth d (every guess fills a cell) */
} ctx;

/* Places digit d (0..8) in cell bit p of band b: d leaves the cell's row, box and
 * column, the other digits leave the cell. The caller has checked that d may go there. */
static inline void place(board *B, int d, int b, uint32_t p)
{
    const int pos = __builtin_ctz(p);
    const uint32_t col = 0x40201u << (pos % 9);
    for (int e = 0; e < 9; e++) B->f[3 * e + b] &= ~p;
    B->f[3 * d + b] = (B->f[3 * d + b] & ~band_peers[pos]) | p;
    B->f[3 * d + (b + 1) % 3] &= ~col;
    B->f[3 * d + (b + 2) % 3] &= ~col;
    B->open[b] &= ~p;
}

/* Reduces every changed digit-band until none changes. 0 on a contradiction. */
static inline int reduce(ctx *x, board *B)
{
    for (;;) {
        int changed = 0;
        for (int d = 0; d < 9; d++)
            for (int b = 0; b < 3; b++) {
                const int i = 3 * d + b;
                uint32_t a = B->f[i];
                if (a == B->seen[i]) continue;
                changed = 1;
                const uint32_t seg = shrink[a & 0x1ff] | (uint32_t)shrink[(a >> 9) & 0x1ff] << 3 |
                                     (uint32_t)shrink[a >> 18] << 6;
                a &= complex_mask[seg];
                if (!a) return 0;
                const uint32_t lock = column_lock[COLS(a)];
                B->f[3 * d + (b + 1) % 3] &= ~lock;
                B->f[3 * d + (b + 2) % 3] &= ~lock;
                B->f[i] = B->seen[i] = a;
                /* Rows left with one cell: placed when still open. */
                uint32_t one = 0;
                for (int r = 0; r < 27; r += 9) {
                    const uint32_t row = a & (0x1ffu << r);
                    if (!(row & (row - 1))) one |= row;
                }
                one &= B->open[b];
                if (one) {
                    B->open[b] &= ~one;
                    x->rs.st.placements += (uint64_t)__builtin_popcount(one);
                    for (int e = 0; e < 9; e++)
                        if (e != d) B->f[3 * e + b] &= ~one;
                }
            }
        if (!changed) return 1;
    }
}

/* Places the naked singles (open cells with one digit). 0 on a contradiction (an open
 * cell without digits), else 2 when something was placed, 1 when nothing was. */
static inline int naked_singles(ctx *x, board *B)
{
    int placed = 0;
    for (int b = 0; b < 3; b++) {
        if (!B->open[b]) continue;
        uint32_t once = 0, twice = 0;
        for (int d = 0; d < 9; d++) {
            const uint32_t a = B->f[3 * d + b];
            twice |= once & a;
            once |= a;
        }
        if (B->open[b] & ~once) return 0;
        for (uint32_t s = B->open[b] & ~twice; s; s &= s - 1) {
            const uint32_t p = s & -s;
            int d = 0;
            while (d < 9 && !(B->f[3 * d + b] & p)) d++;
            if (d == 9) return 0; /* a peer placed just now took its only digit */
            place(B, d, b, p);
            x->rs.st.placements++;
            placed = 1;
        }
    }
    return 1 + placed;
}

/* Hidden singles in columns, and columns without some digit. 0 on a contradiction,
 * 2 when something was placed, 1 when nothing was. */
static inline int column_singles(ctx *x, board *B)
{
    int placed = 0;
    for (int d = 0; d < 9; d++) {
        uint32_t once = 0, twice = 0; /* columns with the digit in one band / more */
        uint32_t multi = 0;           /* columns with it twice within one band */
        for (int b = 0; b < 3; b++) {
            const uint32_t a = B->f[3 * d + b], r0 = a & 0x1ff, r1 = (a >> 9) & 0x1ff, r2 = a >> 18,
                           c = r0 | r1 | r2;
            multi |= (r0 & r1) | (r0 & r2) | (r1 & r2);
            twice |= once & c;
            once |= c;
        }
        if (once != 0x1ff) return 0;
        const uint32_t single = once & ~twice & ~multi;
        if (!single) continue;
        for (int b = 0; b < 3; b++) {
            const uint32_t a = B->f[3 * d + b];
            for (uint32_t s = a & (single * 0x40201u) & B->open[b]; s; s &= s - 1) {
                const uint32_t p = s & -s;
                if (!(B->f[3 * d + b] & p)) return 0;
                place(B, d, b, p);
                x->rs.st.placements++;
                placed = 1;
            }
        }
    }
    return 1 + placed;
}

static inline int solved(const board *B)
{
    return !(B->open[0] | B->open[1] | B->open[2]);
}

/* Propagates B to a fixpoint. 1 when consistent (solved when no cell is open), 0 on
 * a contradiction (counted as a backtrack). */
static int propagate(ctx *x, board *B)
{
    for (;;) {
        if (!reduce(x, B)) break;
        if (solved(B)) return 1;
        int r = naked_singles(x, B);
        if (!r) break;
        if (r == 2) continue;
        r = column_singles(x, B);
        if (!r) break;
        if (r == 1) return 1;
    }
    x->rs.st.backtracks++;
    return 0;
}

static void found(ctx *x, const board *B)
{
    x->rs.st.solutions++;
    if (x->rs.st.solutions == 1 && x->rs.first)
        for (int d = 0; d < 9; d++)
            for (int b = 0; b < 3; b++)
                for (uint32_t s = B->f[3 * d + b]; s; s &= s - 1)
                    x->rs.first[27 * b + __builtin_ctz(s)] = d + 1;
    pb_status st;
    if (pb_solution_stops(x->rs.how, x->rs.st.solutions, &st)) pb_run_state_stop(&x->rs, st);
}

/* The open cell with the fewest digits, the first in reading order on a tie:
 * *band and the cell's bit. Two-digit cells are found bit-parallel. */
static uint32_t pick(const board *B, int *band)
{
    for (int b = 0; b < 3; b++) {
        uint32_t once = 0, twice = 0, more = 0;
        for (int d = 0; d < 9; d++) {
            const uint32_t a = B->f[3 * d + b];
            more |= twice & a;
            twice |= once & a;
            once |= a;
        }
        const uint32_t two = twice & ~more & B->open[b];
        if (two) {
            *band = b;
            return two & -two;
        }
    }
    int best = 10;
    uint32_t bestp = 0;
    for (int b = 0; b < 3; b++)
        for (uint32_t s = B->open[b]; s; s &= s - 1) {
            const uint32_t p = s & -s;
            int k = 0;
            for (int d = 0; d < 9; d++) k += (B->f[3 * d + b] & p) != 0;
            if (k < best) best = k, bestp = p, *band = b;
        }
    return bestp;
}

/* Searches below the consistent, unsolved board at depth dep. */
static void search(ctx *x, int dep)
{
    board *B = &x->boards[dep], *C = B + 1;
    for (;;) {
        int b = 0;
        const uint32_t p = pick(B, &b);
        int d = 0;
        while (!(B->f[3 * d + b] & p)) d++;
        *C = *B;
        place(C, d, b, p);
        x->rs.st.placements++;
        x->rs.st.candidates++;
        x->rs.st.guesses++;
        if (propagate(x, C)) {
            if (solved(C))
                found(x, C);
            else if (pb_run_state_tick(&x->rs))
                search(x, dep + 1);
        }
        if (x->rs.stopped || !pb_run_state_tick(&x->rs)) return;
        /* d failed or is counted: ruling it out is a deduction on this board. */
        B->f[3 * d + b] &= ~p;
        if (!propagate(x, B)) return;
        if (solved(B)) {
            found(x, B);
            return;
        }
        if (!pb_run_state_tick(&x->rs)) return;
    }
}

/* Fills the root board from the domains and places the givens (cells with one value),
 * which are not counted as placements. 0 on a contradiction. */
static int init_board(const pb_model *m, board *B)
{
    memset(B->seen, 0xff, sizeof B->seen);
    for (int b = 0; b < 3; b++) B->open[b] = BAND_ALL;
    for (int i = 0; i < 27; i++) B->f[i] = BAND_ALL;
    /* Most cells start with every value: only the others need their bits cleared. */
    for (int c = 0; c < 81; c++) {
        const uint32_t v = (uint32_t)(m->domain[c] & 0x1ff);
        if (v == 0x1ff) continue;
        if (!v) return 0;
        for (uint32_t gone = ~v & 0x1ff; gone; gone &= gone - 1)
            B->f[3 * __builtin_ctz(gone) + c / 27] &= ~(1u << (c % 27));
    }
    for (int c = 0; c < 81; c++) {
        const pb_mask v = m->domain[c];
        if (v & (v - 1)) continue;
        const int d = __builtin_ctzll(v), b = c / 27;
        const uint32_t p = 1u << (c % 27);
        if (!(B->f[3 * d + b] & p)) return 0; /* a peer given took it */
        place(B, d, b, p);
    }
    return 1;
}

pb_status sudoku_logic9_run(const pb_model *m, const pb_run *how, pb_result *out)
{
    ctx *x = malloc(sizeof *x);
    if (!x) return PB_NOMEM;
    pb_run_state_init(&x->rs, how, out->first);
    board *B = &x->boards[0];
    if (!init_board(m, B))
        x->rs.st.backtracks++;
    else if (propagate(x, B)) {
        if (solved(B))
            found(x, B);
        else if (pb_run_state_tick(&x->rs))
            search(x, 0);
    }
    out->stats = x->rs.st;
    pb_status st = x->rs.status;
    free(x);
    return st;
}
