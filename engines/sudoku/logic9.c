/* logic9.c — the 9x9 core of the `logic` sudoku engine: per-digit bitboards, one
 * vector per digit with a lane per band (logic9_board.h), reduced with lane-parallel
 * bit operations (SSE2 on every x86-64); the guess is chosen in logic9_pick.c.
 *
 * Deduction, until nothing changes:
 *   - a changed digit's board is reduced to the cells that lie in some placement of
 *     the digit: in a band it takes one cell per row and per box, so the row-box
 *     segments it keeps must form a permutation matrix, and so must the column-band
 *     segments of a stack. Both are computed for the three bands (stacks) at once
 *     from the segment flags by rotations: a segment survives when the two rows
 *     (columns) left can take the two boxes (bands) left. This is locked candidates in
 *     both directions (pointing and claiming), and a digit alone in a box or column is
 *     left alone in its row too;
 *   - a cell alone in its row for a digit is placed: the other digits leave it (the
 *     reduction has cleared the digit from the cell's box and column already). The
 *     cells of every dirty digit are found first and placed together, so a digit that
 *     loses several of them is closed once, not once per placing digit. A cell left
 *     with one digit gets the rest of its row cleared of that digit, which makes it
 *     such a cell.
 * Then the search guesses. A failed (or counted) guess is ruled out in the parent
 * board, which is propagated again.
 *
 * A placement never checks its own row, box or column: two cells of one digit in a
 * row leave some other digit without a cell there, which the reduction finds as an
 * empty row. So a board whose cells are all placed after a full propagation is a
 * solution. The per-digit loops that update other digits run without branches: which
 * digit holds a cell is not predictable, and mispredicted branches cost more than
 * the work they skip.
 *
 * With AVX, dirty digits are closed two at a time in one vector twice as wide
 * (close_group): the same operations close both, and one fixpoint loop ends for both,
 * where two separate chains of 128-bit operations were no faster than one digit after
 * the other. Not added: tdoku's triads (a row-box segment holds exactly three digits),
 * which a prototype showed saving few guesses on the hardest sets for a count across
 * the nine digits at every fixpoint.
 *
 * Stats are logic.c's: a placement is a cell the engine fills (givens, cells whose
 * domain starts as one value, are not counted), a backtrack a board whose propagation
 * found a contradiction, a candidate (= a guess) a value tried at a guess point. The
 * limits are checked after every propagation and at every guess, so a step limit can
 * be overshot by at most one propagation's placements. */
#include "logic9.h"
#include "logic9_board.h"
#include "../core/limiter.h"

#if defined(__AVX__)
#include <immintrin.h>
#endif

#include <stdlib.h>
#include <string.h>

/* The first cell of every row-box segment of a band (bit 9 * row + 3 * box). */
#define SEG 0x1249249u

/* With AVX, two digit boards side by side (lanes 0..3 and 4..7) are closed together
 * in one 256-bit vector: the same operations close both, with one fixpoint loop. Two
 * 128-bit operations in its place cost as much as closing one board after the other,
 * so without AVX a group is one board. */
#if defined(__AVX__)
#define GROUP 2
typedef uint32_t l9_pair __attribute__((vector_size(32)));
#define P_SPLAT(x) ((l9_pair){(x), (x), (x), 0, (x), (x), (x), 0})
#define P_LANE3    ((l9_pair){0, 0, 0, 1, 0, 0, 0, 1})
#if defined(__clang__) || __GNUC__ >= 12
#define P_BAND_NEXT(v) __builtin_shufflevector((v), (v), 1, 2, 0, 3, 5, 6, 4, 7)
#define P_BAND_PREV(v) __builtin_shufflevector((v), (v), 2, 0, 1, 3, 6, 4, 5, 7)
#define P_JOIN(f, d)   __builtin_shufflevector((f)[(d)[0]], (f)[(d)[1]], 0, 1, 2, 3, 4, 5, 6, 7)
#else
#define P_BAND_NEXT(v) __builtin_shuffle((v), (l9_pair){1, 2, 0, 3, 5, 6, 4, 7})
#define P_BAND_PREV(v) __builtin_shuffle((v), (l9_pair){2, 0, 1, 3, 6, 4, 5, 7})
#define P_JOIN(f, d)                                                                               \
    ((l9_pair){(f)[(d)[0]][0], (f)[(d)[0]][1], (f)[(d)[0]][2], (f)[(d)[0]][3], (f)[(d)[1]][0],     \
               (f)[(d)[1]][1], (f)[(d)[1]][2], (f)[(d)[1]][3]})
#endif
#define P_PART(v, i) ((l9_vec){(v)[4 * (i)], (v)[4 * (i) + 1], (v)[4 * (i) + 2], (v)[4 * (i) + 3]})
static inline int p_any(l9_pair v)
{
    return !_mm256_testz_si256((__m256i)v, (__m256i)v);
}
#else
#define GROUP          1
typedef l9_vec l9_pair;
#define P_SPLAT(x)     L9_SPLAT(x)
#define P_LANE3        L9_LANE3
#define P_BAND_NEXT(v) L9_BAND_NEXT(v)
#define P_BAND_PREV(v) L9_BAND_PREV(v)
#define P_JOIN(f, d)   ((f)[(d)[0]])
#define P_PART(v, i)   (v)
#define p_any          l9_any
#endif

/* Rotations of segment flags (bits of SEG) within a band: the flag of (row r, box k)
 * gets that of box k+1 or k-1 of the row, or of row r+1 or r-1 in the same box. */
static inline l9_pair box_next(l9_pair s)
{
    return ((s >> 3) & P_SPLAT(0x241209u)) | ((s << 6) & P_SPLAT(0x1008040u));
}
static inline l9_pair box_prev(l9_pair s)
{
    return ((s << 3) & P_SPLAT(0x1209048u)) | ((s >> 6) & P_SPLAT(0x40201u));
}
static inline l9_pair row_next(l9_pair s)
{
    return (s >> 9) | ((s << 18) & P_SPLAT(0x7fc0000u));
}
static inline l9_pair row_prev(l9_pair s)
{
    return ((s << 9) & P_SPLAT(0x7fffe00u)) | (s >> 18);
}
/* The same for column flags (9 bits, column j of a band): column i of a stack gets
 * column i+1 or i-1 of the stack. */
static inline l9_pair col_next(l9_pair c)
{
    return ((c >> 1) & P_SPLAT(0xdbu)) | ((c << 2) & P_SPLAT(0x124u));
}
static inline l9_pair col_prev(l9_pair c)
{
    return ((c << 1) & P_SPLAT(0x1b6u)) | ((c >> 2) & P_SPLAT(0x49u));
}

/* The columns of each band where v has a cell (9 bits per lane). */
static inline l9_pair columns(l9_pair v)
{
    return (v | v >> 9 | v >> 18) & P_SPLAT(0x1ffu);
}

/* Column flags (9 bits per lane) spread to every row of their band. */
static inline l9_pair rows3(l9_pair c)
{
    return c | c << 9 | c << 18;
}

/* Reduces digit boards f[d[i]] (i < GROUP; a digit may come twice) to their cells
 * that lie in some placement of the digit in their band and in their stack, to a
 * fixpoint. single[i] gets the cells of f[d[i]] alone in their row. 0 when some band
 * of one of them has no placement left. */
static inline int close_group(l9_vec *f, const int *d, l9_vec *single)
{
    l9_pair v = P_JOIN(f, d), s;
    for (;;) {
        s = (v | v >> 1 | v >> 2) & P_SPLAT(SEG);
        const l9_pair sn = box_next(s), sp = box_prev(s);
        s &= (row_next(sn) & row_prev(sp)) | (row_next(sp) & row_prev(sn));
        v &= s | s << 1 | s << 2;
        const l9_pair c = columns(v), cn = col_next(c), cp = col_prev(c);
        const l9_pair k =
            c & ((P_BAND_NEXT(cn) & P_BAND_PREV(cp)) | (P_BAND_PREV(cn) & P_BAND_NEXT(cp)));
        if (!p_any(k ^ c)) break;
        v &= rows3(k);
    }
    /* A band without placements empties the digit's board: a stack then has no
     * placement either. */
    if (p_any((v | P_LANE3) == 0)) return 0;
    /* Rows with one segment, and segments with one cell. */
    const l9_pair lone = s & ~(box_next(s) | box_prev(s));
    const l9_pair v1 = v >> 1, v2 = v >> 2;
    const l9_pair multi = ((v & v1) | (v & v2) | (v1 & v2)) & P_SPLAT(SEG);
    const l9_pair one = lone & ~multi, alone = (one | one << 1 | one << 2) & v;
    for (int i = GROUP - 1; i >= 0; i--) single[i] = P_PART(alone, i), f[d[i]] = P_PART(v, i);
    return 1;
}

/* The cells that share a row with a cell of x (those of x included). */
static inline l9_vec rows_of(l9_vec x)
{
    l9_vec r = x | x >> 1 | x >> 2;
    r = (r | r >> 3 | r >> 6) & L9_SPLAT(0x40201u);
    r |= r << 1 | r << 2;
    return r | r << 3 | r << 6;
}

typedef struct ctx {
    pb_run_state rs;
    l9_board boards[82]; /* boards[d]: the board at guess depth d (every guess fills a cell) */
} ctx;

/* Closes the digits of `dirty`, then places at once every cell that some digit takes
 * alone in its row: the other digits leave those cells and are closed in the next
 * round. 0 on a contradiction, one cell taken alone by two digits included. */
static int close_all(ctx *x, l9_board *B, unsigned dirty)
{
    while (dirty) {
        l9_vec mine[9] = {{0}}, all = {0}, clash = {0};
        /* Without a branch on whether a digit has a cell to place: often it has not,
         * unpredictably. */
        while (dirty) {
            /* GROUP digits at a time; the first one again where too few are left. */
            int d[GROUP] = {__builtin_ctz(dirty)};
            for (int i = 1; i < GROUP; i++) {
                dirty &= dirty - 1;
                d[i] = dirty ? __builtin_ctz(dirty) : d[0];
            }
            dirty &= dirty - 1;
            l9_vec s[GROUP];
            if (!close_group(B->f, d, s)) return 0;
            for (int i = GROUP - 1; i >= 0; i--) {
                const l9_vec t = s[i] & ~B->placed & L9_SPLAT(-(uint32_t)(!i || d[i] != d[0]));
                clash |= t & all;
                all |= t;
                mine[d[i]] = t;
            }
        }
        if (l9_any(clash)) return 0;
        if (!l9_any(all)) break;
        B->placed |= all;
        x->rs.st.placements += (uint64_t)l9_count(all);
        /* Without branches: which digit had a cell of `all` is not predictable. */
        for (int e = 0; e < 9; e++) {
            dirty |= (unsigned)l9_any(B->f[e] & all & ~mine[e]) << e;
            B->f[e] = (B->f[e] & ~all) | mine[e];
        }
    }
    return 1;
}

/* Propagates B to a fixpoint from the digits in `dirty`. 1 when consistent (solved
 * when every cell is placed), 0 on a contradiction (counted as a backtrack).
 *
 * A cell left with one digit (a naked single) becomes a cell alone in its row for that
 * digit, which the closing places, when the rest of its row leaves the digit. When
 * that changes nothing, two such cells of one digit share a row: a contradiction. */
static int propagate(ctx *x, l9_board *B, unsigned dirty)
{
    for (;;) {
        if (!close_all(x, B, dirty)) break;
        l9_vec once = {0}, twice = {0};
        for (int d = 0; d < 9; d++) {
            twice |= once & B->f[d];
            once |= B->f[d];
        }
        if (l9_any(L9_ALL & ~once)) break;
        const l9_vec naked = once & ~twice & ~B->placed;
        if (!l9_any(naked)) return 1;
        dirty = 0;
        for (int d = 0; d < 9; d++) {
            const l9_vec mine = B->f[d] & naked;
            if (!l9_any(mine)) continue;
            const l9_vec v = B->f[d] & ~(rows_of(mine) & ~mine);
            if (l9_any(v ^ B->f[d])) B->f[d] = v, dirty |= 1u << d;
        }
        if (!dirty) break;
    }
    x->rs.st.backtracks++;
    return 0;
}

static int solved(const l9_board *B)
{
    return !l9_any(B->placed ^ L9_ALL);
}

static void found(ctx *x, const l9_board *B)
{
    x->rs.st.solutions++;
    if (x->rs.st.solutions == 1 && x->rs.first)
        for (int d = 0; d < 9; d++)
            for (int b = 0; b < 3; b++)
                for (uint32_t s = B->f[d][b]; s; s &= s - 1)
                    x->rs.first[27 * b + __builtin_ctz(s)] = d + 1;
    pb_status st;
    if (pb_solution_stops(x->rs.how, x->rs.st.solutions, &st)) pb_run_state_stop(&x->rs, st);
}

/* The digits of B that may go in cell bit p of band b. */
static unsigned digits_at(const l9_board *B, int b, uint32_t p)
{
    unsigned m = 0;
    for (int d = 0; d < 9; d++)
        if (B->f[d][b] & p) m |= 1u << d;
    return m;
}

/* The other cells of the row of cell bit p (in its band's lane). */
static inline uint32_t row_others(uint32_t p)
{
    return rows_of(L9_SPLAT(p))[0] & ~p;
}

/* Searches below the consistent, unsolved board at depth dep. */
static void search(ctx *x, int dep)
{
    l9_board *B = &x->boards[dep], *C = B + 1;
    for (;;) {
        const l9_guess g = l9_pick(B);
        const unsigned had = digits_at(B, g.b, g.p);
        *C = *B;
        for (unsigned m = had & ~(1u << g.d); m; m &= m - 1) C->f[__builtin_ctz(m)][g.b] &= ~g.p;
        C->f[g.d][g.b] &= ~row_others(g.p);
        x->rs.st.candidates++;
        x->rs.st.guesses++;
        if (propagate(x, C, had)) {
            if (solved(C))
                found(x, C);
            else if (pb_run_state_tick(&x->rs))
                search(x, dep + 1);
        }
        if (x->rs.stopped || !pb_run_state_tick(&x->rs)) return;
        /* g failed or is counted: ruling it out is a deduction on this board. */
        B->f[g.d][g.b] &= ~g.p;
        unsigned dirty = 1u << g.d;
        const unsigned rest = had & ~dirty;
        if (rest && !(rest & (rest - 1))) {
            /* A cell with two digits: the other one is its digit, its row cleared, as
             * the naked single found by propagate would be, a round sooner. */
            const int e = __builtin_ctz(rest);
            B->f[e][g.b] &= ~row_others(g.p);
            dirty |= rest;
        }
        if (!propagate(x, B, dirty)) return;
        if (solved(B)) {
            found(x, B);
            return;
        }
        if (!pb_run_state_tick(&x->rs)) return;
    }
}

/* Fills the root board from the domains and places the givens (cells with one value),
 * which are not counted as placements. 0 on a contradiction. */
static int init_board(const pb_model *m, l9_board *B)
{
    l9_vec given[9] = {{0}}, put = {0};
    for (int d = 0; d < 9; d++) B->f[d] = L9_ALL;
    for (int b = 0; b < 3; b++) {
        /* Which cells are open is not predictable: they are found without a branch. */
        uint32_t narrowed = 0;
        for (int i = 0; i < 27; i++)
            narrowed |= (uint32_t)((m->domain[27 * b + i] & 0x1ff) != 0x1ff) << i;
        for (; narrowed; narrowed &= narrowed - 1) {
            const int i = __builtin_ctz(narrowed);
            const uint32_t v = (uint32_t)(m->domain[27 * b + i] & 0x1ff), p = 1u << i;
            if (!v) return 0;
            if (!(v & (v - 1))) {
                given[__builtin_ctz(v)][b] |= p;
                put[b] |= p;
                continue;
            }
            for (uint32_t gone = ~v & 0x1ff; gone; gone &= gone - 1)
                B->f[__builtin_ctz(gone)][b] &= ~p;
        }
    }
    /* A given leaves the other digits, and the rest of its row leaves its digit:
     * closing the digit then clears its box and column. */
    for (int d = 0; d < 9; d++) B->f[d] &= ~((put & ~given[d]) | (rows_of(given[d]) & ~given[d]));
    B->placed = put;
    return 1;
}

pb_status sudoku_logic9_run(const pb_model *m, const pb_run *how, pb_result *out)
{
    ctx *x = malloc(sizeof *x);
    if (!x) return PB_NOMEM;
    pb_run_state_init(&x->rs, how, out->first);
    l9_board *B = &x->boards[0];
    if (!init_board(m, B))
        x->rs.st.backtracks++;
    else if (propagate(x, B, 0x1ff)) {
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
