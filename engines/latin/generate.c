/* generate.c — satisfiable quasigroup-with-holes instances: a uniformly random Latin
 * square from the Jacobson-Matthews Markov chain, then holes punched at random.
 *
 * Why a Markov chain: permuting the rows, columns and symbols of one fixed square
 * reaches only that square's isotopy class (for order 4, 432 of the 576 squares), and
 * filling cells at random with backtracking weights the squares by the shape of the
 * search tree.
 *
 * Jacobson and Matthews (1996) walk the incidence cube instead: cube(x, y, z) = 1
 * when cell (x, y) holds symbol z, so every line of the cube sums to 1. A move picks a
 * cell (x, y, z) holding 0 in a proper cube, takes the 1s on its three lines,
 * (x', y, z), (x, y', z) and (x, y, z'), and adds +1 at (x, y, z), (x, y', z'),
 * (x', y, z'), (x', y', z) and -1 at the other four corners of that 2x2x2 box. When
 * (x', y', z') held 1 the result is again a Latin square (an intercalate turned
 * round); otherwise it holds -1 there and the cube is "improper": its three lines
 * through the -1 then hold two 1s each, and the next move starts at the -1, taking
 * one of the two 1s on each line at random. The chain is connected and its
 * stationary distribution is uniform over the proper cubes, the Latin squares.
 *
 * Counting: a square is taken only when the cube is proper, and the length of the
 * chain counts the moves made from proper cubes; after that many the chain goes on
 * to the next proper cube. The proper cubes so visited form the chain watched on
 * the proper set, whose stationary distribution is the uniform one restricted to it.
 * The obvious alternative, the first proper cube after a fixed number of moves of
 * either kind, is biased: excursions through improper cubes tend to end in squares
 * with few intercalates. For order 4 its limit gives each of the 144 squares
 * isotopic to the Klein group's table 1/3 of its due and the 432 others 11/9, a
 * total variation of 1/6 from uniform (computed exactly offline over the 7,488
 * proper and improper cubes reachable).
 *
 * Mixing length: 2 n^2 moves from proper cubes (latin_mix_moves). An excursion
 * through improper cubes lasts about n - 1 moves for larger n, so this is about
 * 2 n^3 moves in all, the order of length usually recommended; no useful bound on
 * the chain's mixing time is proved. Where it can be checked it is ample: the checks
 * (the exact distribution at order 4, intercalate means at orders 5 to 40) are in
 * CHANGELOG.md, and the chi-square test over the 576 squares of order 4 in
 * test_latin.c checks the sampler as built. Counting proper moves rather than
 * all of them keeps the stopping rule above exact, and n^3 proper moves would cost
 * an order of magnitude more time a square for no measured gain.
 *
 * The cube is never stored: sym[x][y], col[x][z] and row[y][z] name the one 1 on each
 * line, and the three lines through an improper cell keep their two 1s apart. */
#include "latin.h"

#include <string.h>

typedef struct jm_cube {
    int n;
    unsigned char sym[LATIN_MAX_CELLS]; /* sym[x * n + y]: the z with cube(x, y, z) = 1 */
    unsigned char col[LATIN_MAX_CELLS]; /* col[x * n + z]: the y with cube(x, y, z) = 1 */
    unsigned char row[LATIN_MAX_CELLS]; /* row[y * n + z]: the x with cube(x, y, z) = 1 */
    /* While improper: cube(ix, iy, iz) = -1, and its lines' two 1s are at the symbols
     * isym[], the columns icol[] and the rows irow[] (the arrays above are stale for
     * those three lines). */
    int improper;
    int ix, iy, iz;
    int isym[2], icol[2], irow[2];
} jm_cube;

#define SYM(x, y) q->sym[(x)*n + (y)]
#define COL(x, z) q->col[(x)*n + (z)]
#define ROW(y, z) q->row[(y)*n + (z)]

/* The cyclic square: cell (x, y) holds (x + y) mod n. */
static void jm_init(jm_cube *q, int n)
{
    q->n = n;
    q->improper = 0;
    for (int x = 0; x < n; x++)
        for (int y = 0; y < n; y++) {
            const int z = (x + y) % n;
            SYM(x, y) = (unsigned char)z;
            COL(x, z) = (unsigned char)y;
            ROW(y, z) = (unsigned char)x;
        }
}

/* The +-1 move on the box spanned by the pivot (x, y, z) and (x', y', z'). What is
 * left on the pivot's own lines is passed in: the pivot itself when it was 0 in a
 * proper cube, else the 1 of each line's pair that was not taken. Every other line
 * that the box touches holds one 1 before the move (x' != x, y' != y, z' != z), so its
 * new 1 follows from the corners that change. */
static void jm_apply(jm_cube *q, int x, int y, int z, int xp, int yp, int zp, int left_sym,
                     int left_col, int left_row)
{
    const int n = q->n;
    const int w = SYM(xp, yp), u = COL(xp, zp), t = ROW(yp, zp);
    SYM(x, y) = (unsigned char)left_sym;
    COL(x, z) = (unsigned char)left_col;
    ROW(y, z) = (unsigned char)left_row;
    SYM(x, yp) = SYM(xp, y) = (unsigned char)zp;
    COL(x, zp) = COL(xp, z) = (unsigned char)yp;
    ROW(y, zp) = ROW(yp, z) = (unsigned char)xp;
    if (w == zp) { /* (x', y', z') goes from 1 to 0: proper */
        SYM(xp, yp) = (unsigned char)z;
        COL(xp, zp) = (unsigned char)y;
        ROW(yp, zp) = (unsigned char)x;
        q->improper = 0;
        return;
    }
    q->improper = 1; /* (x', y', z') goes from 0 to -1 */
    q->ix = xp, q->iy = yp, q->iz = zp;
    q->isym[0] = w, q->isym[1] = z;
    q->icol[0] = u, q->icol[1] = y;
    q->irow[0] = t, q->irow[1] = x;
}

/* From a proper cube: a pivot drawn uniformly among the n^2 (n - 1) cells holding 0. */
static void jm_proper_move(jm_cube *q, pb_rng *r)
{
    const int n = q->n;
    const uint32_t k = pb_rng_below(r, (uint32_t)(n * n * (n - 1)));
    const int cell = (int)(k / (uint32_t)(n - 1)), x = cell / n, y = cell % n;
    const int zp = SYM(x, y);
    int z = (int)(k % (uint32_t)(n - 1));
    if (z >= zp) z++;
    jm_apply(q, x, y, z, ROW(y, z), COL(x, z), zp, z, y, x);
}

/* From an improper cube: one of the two 1s on each line through the -1. */
static void jm_improper_move(jm_cube *q, pb_rng *r)
{
    const uint64_t bits = pb_rng_next(r) >> 61;
    const int i = (int)(bits & 1), j = (int)(bits >> 1 & 1), k = (int)(bits >> 2 & 1);
    jm_apply(q, q->ix, q->iy, q->iz, q->irow[k], q->icol[j], q->isym[i], q->isym[!i], q->icol[!j],
             q->irow[!k]);
}

uint64_t latin_mix_moves(int n)
{
    return n < 1 ? 0 : 2 * (uint64_t)n * (uint64_t)n;
}

int latin_random_square(pb_rng *r, int n, uint64_t proper_moves, latin_square *sq)
{
    if (latin_square_init(sq, n)) return -1;
    jm_cube q;
    jm_init(&q, n);
    if (!proper_moves) proper_moves = latin_mix_moves(n);
    if (n >= 2) {
        for (uint64_t done = 0; done < proper_moves || q.improper;) {
            if (q.improper) {
                jm_improper_move(&q, r);
            } else {
                jm_proper_move(&q, r);
                done++;
            }
        }
    }
    for (int c = 0; c < sq->ncells; c++) sq->cell[c] = (unsigned char)(q.sym[c] + 1);
    return 0;
}

int latin_holes_for(int n, double fraction)
{
    if (n < LATIN_MIN_ORDER || n > LATIN_MAX_ORDER || !(fraction >= 0 && fraction <= 1)) return -1;
    return (int)(fraction * (double)(n * n) + 0.5);
}

int latin_punch_holes(pb_rng *r, latin_square *sq, int holes)
{
    if (holes < 0 || holes > sq->ncells) return -1;
    int order[LATIN_MAX_CELLS];
    for (int c = 0; c < sq->ncells; c++) order[c] = c;
    /* The first `holes` steps of a Fisher-Yates shuffle: a uniform subset, and the
     * first k steps do not depend on how many follow, hence the nesting. */
    for (int i = 0; i < holes; i++) {
        const int j = i + (int)pb_rng_below(r, (uint32_t)(sq->ncells - i));
        const int t = order[i];
        order[i] = order[j];
        order[j] = t;
        sq->cell[order[i]] = 0;
    }
    return 0;
}

int latin_punch_balanced(pb_rng *r, latin_square *sq, int per_line)
{
    latin_square mask;
    if (per_line < 0 || per_line > sq->n || latin_random_square(r, sq->n, 0, &mask)) return -1;
    for (int c = 0; c < sq->ncells; c++)
        if (mask.cell[c] <= per_line) sq->cell[c] = 0;
    return 0;
}

/* Mixed into the seed of balanced instances, so that their squares are not those of
 * the uniform holes of the same seed. */
#define BALANCED_STREAM 0xB1A7C3D5E9F20417u

int latin_generate(const latin_gen_opts *o, uint64_t index, latin_square *puzzle,
                   latin_square *solution)
{
    const int holes = latin_holes_for(o->n, o->holes);
    if (holes < 0) return -1;
    /* Each order gets its own stream; the hole fraction deliberately does not (a sweep
     * over the fraction then varies only the holes, on the same squares). */
    pb_rng r;
    const uint64_t seed = o->seed ^ (o->balanced ? BALANCED_STREAM : 0);
    pb_rng_seed_stream(&r, seed ^ ((uint64_t)o->n * 0x9E3779B97F4A7C15u), index);
    if (latin_random_square(&r, o->n, o->proper_moves, puzzle)) return -1;
    if (solution) *solution = *puzzle;
    if (o->balanced) return latin_punch_balanced(&r, puzzle, (int)(o->holes * o->n + 0.5));
    return latin_punch_holes(&r, puzzle, holes);
}
