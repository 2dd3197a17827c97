/* logic9_pick.c — where the 9x9 `logic` core guesses (logic9_board.h).
 *
 * A guess is taken where both ways of it place a digit: a cell with two digits (the
 * other digit goes there when the first fails), or a digit with two cells left in a
 * row, column or box (it goes to the other cell). Among those the guess with the
 * greatest weight wins: the peer cells its two placements take a digit from, each
 * counted once, and once more when it has two digits, since it is then placed. The
 * first such guess wins a tie: cells in reading order, then digit 1's rows, columns
 * and boxes, digit 2's, and so on. Without either kind the guess goes to the first
 * cell with the fewest digits. The lower digit of a cell is tried first, and a digit
 * first goes to the first of its two cells.
 *
 * Finding the digits' units with two cells costs more than weighing the cells, so it
 * is done only when no cell with two digits reaches STRONG_CELL: below that a unit's
 * pair often weighs more, above it rarely. The bound trades guesses for time (a lower
 * one is faster with more guesses); it is the lowest that keeps the guesses per puzzle
 * below tdoku's on its hardest public set (the runs: CHANGELOG). A digit whose open cells, those
 * with two digits counted twice, weigh no more than the best guess so far cannot give
 * a better one, and is skipped. Tried and left out: naked pairs found here
 * (a pair of cells with the same two digits clears them from their unit; fewer
 * guesses, but the search for them costs more than the guesses saved), trying
 * first the digit whose placement takes less (or more) from the peers, and a guess
 * among the configurations of a band's rows (more guesses, and slower). */
#include "logic9_board.h"

#define SEG         0x1249249u /* the first cell of every row-box segment of a band */
#define STRONG_CELL 12

/* peers[27 * b + p]: the peers of cell p of band b (its row and box in lane b, its
 * column in the other bands), without the cell. */
static const l9_vec peers[81] = {
    {0x01c0ffe, 0x0040201, 0x0040201, 0}, {0x01c0ffd, 0x0080402, 0x0080402, 0},
    {0x01c0ffb, 0x0100804, 0x0100804, 0}, {0x0e071f7, 0x0201008, 0x0201008, 0},
    {0x0e071ef, 0x0402010, 0x0402010, 0}, {0x0e071df, 0x0804020, 0x0804020, 0},
    {0x70381bf, 0x1008040, 0x1008040, 0}, {0x703817f, 0x2010080, 0x2010080, 0},
    {0x70380ff, 0x4020100, 0x4020100, 0}, {0x01ffc07, 0x0040201, 0x0040201, 0},
    {0x01ffa07, 0x0080402, 0x0080402, 0}, {0x01ff607, 0x0100804, 0x0100804, 0},
    {0x0e3ee38, 0x0201008, 0x0201008, 0}, {0x0e3de38, 0x0402010, 0x0402010, 0},
    {0x0e3be38, 0x0804020, 0x0804020, 0}, {0x7037fc0, 0x1008040, 0x1008040, 0},
    {0x702ffc0, 0x2010080, 0x2010080, 0}, {0x701ffc0, 0x4020100, 0x4020100, 0},
    {0x7f80e07, 0x0040201, 0x0040201, 0}, {0x7f40e07, 0x0080402, 0x0080402, 0},
    {0x7ec0e07, 0x0100804, 0x0100804, 0}, {0x7dc7038, 0x0201008, 0x0201008, 0},
    {0x7bc7038, 0x0402010, 0x0402010, 0}, {0x77c7038, 0x0804020, 0x0804020, 0},
    {0x6ff81c0, 0x1008040, 0x1008040, 0}, {0x5ff81c0, 0x2010080, 0x2010080, 0},
    {0x3ff81c0, 0x4020100, 0x4020100, 0}, {0x0040201, 0x01c0ffe, 0x0040201, 0},
    {0x0080402, 0x01c0ffd, 0x0080402, 0}, {0x0100804, 0x01c0ffb, 0x0100804, 0},
    {0x0201008, 0x0e071f7, 0x0201008, 0}, {0x0402010, 0x0e071ef, 0x0402010, 0},
    {0x0804020, 0x0e071df, 0x0804020, 0}, {0x1008040, 0x70381bf, 0x1008040, 0},
    {0x2010080, 0x703817f, 0x2010080, 0}, {0x4020100, 0x70380ff, 0x4020100, 0},
    {0x0040201, 0x01ffc07, 0x0040201, 0}, {0x0080402, 0x01ffa07, 0x0080402, 0},
    {0x0100804, 0x01ff607, 0x0100804, 0}, {0x0201008, 0x0e3ee38, 0x0201008, 0},
    {0x0402010, 0x0e3de38, 0x0402010, 0}, {0x0804020, 0x0e3be38, 0x0804020, 0},
    {0x1008040, 0x7037fc0, 0x1008040, 0}, {0x2010080, 0x702ffc0, 0x2010080, 0},
    {0x4020100, 0x701ffc0, 0x4020100, 0}, {0x0040201, 0x7f80e07, 0x0040201, 0},
    {0x0080402, 0x7f40e07, 0x0080402, 0}, {0x0100804, 0x7ec0e07, 0x0100804, 0},
    {0x0201008, 0x7dc7038, 0x0201008, 0}, {0x0402010, 0x7bc7038, 0x0402010, 0},
    {0x0804020, 0x77c7038, 0x0804020, 0}, {0x1008040, 0x6ff81c0, 0x1008040, 0},
    {0x2010080, 0x5ff81c0, 0x2010080, 0}, {0x4020100, 0x3ff81c0, 0x4020100, 0},
    {0x0040201, 0x0040201, 0x01c0ffe, 0}, {0x0080402, 0x0080402, 0x01c0ffd, 0},
    {0x0100804, 0x0100804, 0x01c0ffb, 0}, {0x0201008, 0x0201008, 0x0e071f7, 0},
    {0x0402010, 0x0402010, 0x0e071ef, 0}, {0x0804020, 0x0804020, 0x0e071df, 0},
    {0x1008040, 0x1008040, 0x70381bf, 0}, {0x2010080, 0x2010080, 0x703817f, 0},
    {0x4020100, 0x4020100, 0x70380ff, 0}, {0x0040201, 0x0040201, 0x01ffc07, 0},
    {0x0080402, 0x0080402, 0x01ffa07, 0}, {0x0100804, 0x0100804, 0x01ff607, 0},
    {0x0201008, 0x0201008, 0x0e3ee38, 0}, {0x0402010, 0x0402010, 0x0e3de38, 0},
    {0x0804020, 0x0804020, 0x0e3be38, 0}, {0x1008040, 0x1008040, 0x7037fc0, 0},
    {0x2010080, 0x2010080, 0x702ffc0, 0}, {0x4020100, 0x4020100, 0x701ffc0, 0},
    {0x0040201, 0x0040201, 0x7f80e07, 0}, {0x0080402, 0x0080402, 0x7f40e07, 0},
    {0x0100804, 0x0100804, 0x7ec0e07, 0}, {0x0201008, 0x0201008, 0x7dc7038, 0},
    {0x0402010, 0x0402010, 0x7bc7038, 0}, {0x0804020, 0x0804020, 0x77c7038, 0},
    {0x1008040, 0x1008040, 0x6ff81c0, 0}, {0x2010080, 0x2010080, 0x5ff81c0, 0},
    {0x4020100, 0x4020100, 0x3ff81c0, 0},
};

/* A union of digit boards and those of its cells that have two digits, interleaved
 * per band into 64-bit halves (lo: bands 0, 1; hi: band 2), so that one 64-bit
 * popcount counts a band's cells in both. */
typedef struct packed {
    l9_vec lo, hi;
} packed;

#if defined(__clang__) || __GNUC__ >= 12
#define SHUF2(a, b, i, j, k, l) __builtin_shufflevector((a), (b), i, j, k, l)
#else
#define SHUF2(a, b, i, j, k, l) __builtin_shuffle((a), (b), (l9_vec){i, j, k, l})
#endif

static inline packed pack(l9_vec dig, l9_vec two)
{
    const l9_vec t = dig & two;
    return (packed){SHUF2(dig, t, 0, 4, 1, 5), SHUF2(dig, t, 2, 6, 3, 7)};
}

/* The weight of placing a digit of the packed set where peer set p is: its cells in
 * p, counted twice when they have two digits. */
static inline int weight(packed k, l9_vec p)
{
    const l9_v2 lo = (l9_v2)(k.lo & SHUF2(p, p, 0, 0, 1, 1)),
                hi = (l9_v2)(k.hi & SHUF2(p, p, 2, 2, 3, 3));
    return __builtin_popcountll(lo[0]) + __builtin_popcountll(lo[1]) + __builtin_popcountll(hi[0]);
}

/* The best guess so far as one key, (weight << 12) + 4095 - its order (cells with two
 * digits by cell, 0..80, then a digit's units, 81 + 27 * digit + unit), -1 for none:
 * the first of the heaviest has the greatest key, kept by a maximum, not a branch;
 * the winner is read back from its order once. */
typedef struct best {
    int key;
} best;

/* The weight of the best guess so far, -1 for none. */
static inline int best_w(const best *k)
{
    return ((k->key + 4096) >> 12) - 1;
}

static inline void offer(best *k, int w, int order)
{
    const int key = w << 12 | (4095 - order);
    k->key = key > k->key ? key : k->key;
}

/* Offers digit d's unit u, whose two cells p and q (27 * band + bit) take d in turn:
 * the two placements weigh what they take from the peers of either. */
static inline void offer_pair(best *k, packed f, int d, int u, int p, int q)
{
    offer(k, weight(f, peers[p] | peers[q]), 81 + 27 * d + u);
}

/* Per band, flags of the rows (bit 9 * row) and boxes (bit 3 * box) of v with two
 * cells, from 2-bit counts per segment summed in fields that cannot overflow. */
static inline l9_vec rows_with_two(l9_vec seg)
{
    const l9_vec m = L9_SPLAT(0xc0603u); /* 2 bits at each 9 * row */
    const l9_vec t = ((seg & m) + ((seg >> 3) & m) + ((seg >> 6) & m)) ^ L9_SPLAT(0x80402u);
    return ~(t | t >> 1 | t >> 2 | t >> 3) & L9_SPLAT(0x40201u);
}
static inline l9_vec boxes_with_two(l9_vec seg)
{
    const l9_vec m = L9_SPLAT(0xc3u), m1 = L9_SPLAT(3u); /* boxes 0 and 2, box 1 */
    const l9_vec e = ((seg & m) + ((seg >> 9) & m) + ((seg >> 18) & m)) ^ L9_SPLAT(0x82u);
    const l9_vec o = (((seg >> 3) & m1) + ((seg >> 12) & m1) + ((seg >> 21) & m1)) ^ L9_SPLAT(2u);
    return (~(e | e >> 1 | e >> 2 | e >> 3) & L9_SPLAT(0x41u)) |
           ((~(o | o >> 1 | o >> 2 | o >> 3) & L9_SPLAT(1u)) << 3);
}
/* The columns (9 bits, in every lane) where v has two cells in all. */
static inline l9_vec cols_with_two(l9_vec v)
{
    const l9_vec w0 = v & L9_SPLAT(0x1ffu), w1 = (v >> 9) & L9_SPLAT(0x1ffu), w2 = v >> 18;
    const l9_vec any = w0 | w1 | w2, many = (w0 & w1) | (w0 & w2) | (w1 & w2);
    /* Per lane, the columns with one, two and no cells of v in the band. */
    const l9_vec one = any & ~many, pair = many & ~(w0 & w1 & w2), none = ~any;
    const l9_vec n1 = L9_BAND_NEXT(one), p1 = L9_BAND_PREV(one);
    const l9_vec n0 = L9_BAND_NEXT(none), p0 = L9_BAND_PREV(none);
    return (pair & n0 & p0) | (L9_BAND_NEXT(pair) & none & p0) | (L9_BAND_PREV(pair) & none & n0) |
           (one & n1 & p0) | (one & p1 & n0) | (n1 & p1 & none);
}

/* units[u]: the cells of row u (u < 9: band u / 3, row u % 3 of it), column u - 9, or
 * box u - 18 (band (u - 18) / 3, box (u - 18) % 3 of it). */
static const l9_vec units[27] = {
    {0x00001ff, 0x0000000, 0x0000000, 0}, {0x003fe00, 0x0000000, 0x0000000, 0},
    {0x7fc0000, 0x0000000, 0x0000000, 0}, {0x0000000, 0x00001ff, 0x0000000, 0},
    {0x0000000, 0x003fe00, 0x0000000, 0}, {0x0000000, 0x7fc0000, 0x0000000, 0},
    {0x0000000, 0x0000000, 0x00001ff, 0}, {0x0000000, 0x0000000, 0x003fe00, 0},
    {0x0000000, 0x0000000, 0x7fc0000, 0}, {0x0040201, 0x0040201, 0x0040201, 0},
    {0x0080402, 0x0080402, 0x0080402, 0}, {0x0100804, 0x0100804, 0x0100804, 0},
    {0x0201008, 0x0201008, 0x0201008, 0}, {0x0402010, 0x0402010, 0x0402010, 0},
    {0x0804020, 0x0804020, 0x0804020, 0}, {0x1008040, 0x1008040, 0x1008040, 0},
    {0x2010080, 0x2010080, 0x2010080, 0}, {0x4020100, 0x4020100, 0x4020100, 0},
    {0x01c0e07, 0x0000000, 0x0000000, 0}, {0x0e07038, 0x0000000, 0x0000000, 0},
    {0x70381c0, 0x0000000, 0x0000000, 0}, {0x0000000, 0x01c0e07, 0x0000000, 0},
    {0x0000000, 0x0e07038, 0x0000000, 0}, {0x0000000, 0x70381c0, 0x0000000, 0},
    {0x0000000, 0x0000000, 0x01c0e07, 0}, {0x0000000, 0x0000000, 0x0e07038, 0},
    {0x0000000, 0x0000000, 0x70381c0, 0},
};

/* The top bits of the four lanes of v, as bits 0..3. */
static inline int signs(l9_vec v)
{
#if defined(__SSE2__)
    return _mm_movemask_ps((__m128)v);
#else
    return (int)(v[0] >> 31 | (v[1] >> 31) << 1 | (v[2] >> 31) << 2 | (v[3] >> 31) << 3);
#endif
}

/* The lowest and highest cells (27 * band + bit) of x, a set of cells: the bands are
 * found from a mask of the lanes that have a cell, without a branch on where the
 * cells lie (a column's two cells may be in one band or in two). */
static inline void ends(l9_vec x, int *lo, int *hi)
{
    const int m = signs((l9_vec)(x != 0)), bl = __builtin_ctz(m), bh = 31 - __builtin_clz(m);
    *lo = 27 * bl + __builtin_ctz(x[bl]);
    *hi = 27 * bh + 31 - __builtin_clz(x[bh]);
}

/* Digit d's units with two cells left, as one mask of units (bits of `units`): every
 * loop here has a trip count the branch predictor cannot know, so there is one. */
static void bilocal(const l9_board *B, int d, l9_vec two, best *k)
{
    const l9_vec v = B->f[d] & ~B->placed;
    if (l9_count(v) + l9_count(v & two) <= best_w(k)) return;
    const l9_vec seg =
        (v & L9_SPLAT(SEG)) + ((v >> 1) & L9_SPLAT(SEG)) + ((v >> 2) & L9_SPLAT(SEG));
    const l9_vec r = rows_with_two(seg), x = boxes_with_two(seg);
    const l9_vec r3 = (r | r >> 8 | r >> 16) & L9_SPLAT(7u),
                 x3 = (x | x >> 2 | x >> 4) & L9_SPLAT(7u);
    uint32_t u = r3[0] | r3[1] << 3 | r3[2] << 6 | (cols_with_two(v)[0] & 0x1ffu) << 9 |
                 (x3[0] | x3[1] << 3 | x3[2] << 6) << 18;
    if (!u) return;
    const packed f = pack(B->f[d], two);
    for (; u; u &= u - 1) {
        int p, q;
        const int i = __builtin_ctz(u);
        ends(v & units[i], &p, &q);
        offer_pair(k, f, d, i, p, q);
    }
}

/* The first open cell with the fewest digits. */
static l9_guess fewest(const l9_board *B)
{
    l9_guess g = {0, 0, 0};
    int most = 10;
    for (int b = 0; b < 3; b++)
        for (uint32_t s = L9_BAND & ~B->placed[b]; s; s &= s - 1) {
            const uint32_t p = s & -s;
            int n = 0, d0 = -1;
            for (int d = 8; d >= 0; d--)
                if (B->f[d][b] & p) n++, d0 = d;
            if (n < most) most = n, g = (l9_guess){d0, b, p};
        }
    return g;
}

/* Per band b, lane i of lo[b] (hi[b]) holds bit i of the lower (higher) digit of each
 * cell of two in the band: a cell's digit is then read in one shift and one mask of
 * sign bits. */
static void digit_planes(const l9_board *B, l9_vec two, l9_vec *lo, l9_vec *hi)
{
    l9_vec seen = {0}, pl[4] = {{0}}, ph[4] = {{0}};
    for (int d = 0; d < 9; d++) {
        const l9_vec t = B->f[d] & two, first = t & ~seen, second = t & seen;
        seen |= t;
        for (int i = 0; i < 4; i++)
            if (d >> i & 1) pl[i] |= first, ph[i] |= second;
    }
    for (int b = 0; b < 3; b++) {
        lo[b] = (l9_vec){pl[0][b], pl[1][b], pl[2][b], pl[3][b]};
        hi[b] = (l9_vec){ph[0][b], ph[1][b], ph[2][b], ph[3][b]};
    }
}

/* Offers every cell with two digits. */
static void bivalue(const l9_board *B, l9_vec two, const l9_vec *lo, const l9_vec *hi, best *k)
{
    for (int b = 0; b < 3; b++)
        for (uint32_t s = two[b]; s; s &= s - 1) {
            const int pos = __builtin_ctz(s), c = 27 * b + pos;
            const int dl = signs(lo[b] << (31 - pos)), dh = signs(hi[b] << (31 - pos));
            offer(k, weight(pack(B->f[dl] | B->f[dh], two), peers[c]), c);
        }
}

l9_guess l9_pick(const l9_board *B)
{
    l9_vec once = {0}, twice = {0}, more = {0};
    for (int d = 0; d < 9; d++) {
        more |= twice & B->f[d];
        twice |= once & B->f[d];
        once |= B->f[d];
    }
    const l9_vec two = twice & ~more & ~B->placed;
    l9_vec lo[3], hi[3];
    digit_planes(B, two, lo, hi);
    best k = {-1};
    bivalue(B, two, lo, hi, &k);
    if (best_w(&k) < STRONG_CELL)
        for (int d = 0; d < 9; d++) bilocal(B, d, two, &k);
    if (k.key < 0) return fewest(B);
    const int order = 4095 - (k.key & 4095);
    if (order < 81) {
        const int b = order / 27, pos = order % 27;
        return (l9_guess){signs(lo[b] << (31 - pos)), b, 1u << pos};
    }
    const int d = (order - 81) / 27;
    int p, q;
    ends(B->f[d] & ~B->placed & units[(order - 81) % 27], &p, &q);
    return (l9_guess){d, p / 27, 1u << (p % 27)};
}
