/* logic9_board.h — the board of the 9x9 `logic` core (logic9.c, logic9_pick.c) and the
 * lane-wise bit operations on it, internal to engines/sudoku.
 *
 * A board holds, per digit, one 128-bit vector of four 32-bit lanes: lane b (0..2) is
 * band b (rows 3b..3b+2), the set of its 27 cells where the digit may still go (bit
 * 9 * row + column; a placed digit keeps its own bit); lane 3 is always 0. The GNU
 * vector extension (gcc, clang) maps each operation onto one SSE2 instruction on any
 * x86-64 (AVX encodings under -march=native) and onto plain code elsewhere, so one
 * source serves every build. */
#ifndef PB_SUDOKU_LOGIC9_BOARD_H
#define PB_SUDOKU_LOGIC9_BOARD_H

#include <stdint.h>
#if defined(__SSE4_1__)
#include <smmintrin.h>
#elif defined(__SSE2__)
#include <emmintrin.h>
#endif

typedef uint32_t l9_vec __attribute__((vector_size(16)));
typedef uint64_t l9_v2 __attribute__((vector_size(16)));

#define L9_BAND     0x7ffffffu /* the 27 cells of a band */
#define L9_SPLAT(x) ((l9_vec){(x), (x), (x), 0})
#define L9_ALL      L9_SPLAT(L9_BAND)
#define L9_LANE3    ((l9_vec){0, 0, 0, 1})

typedef struct l9_board {
    l9_vec f[9];   /* f[d]: per band, the cells where digit d+1 may go */
    l9_vec placed; /* per band, the cells whose digit is placed (its peers cleared) */
} l9_board;

/* A guess: digit d (0..8) in cell bit p of band b. */
typedef struct l9_guess {
    int d, b;
    uint32_t p;
} l9_guess;

/* Whether v has a bit set: one PTEST with SSE4.1, a compare and a byte mask with SSE2. */
static inline int l9_any(l9_vec v)
{
#if defined(__SSE4_1__)
    return !_mm_testz_si128((__m128i)v, (__m128i)v);
#elif defined(__SSE2__)
    return _mm_movemask_epi8(_mm_cmpeq_epi32((__m128i)v, _mm_setzero_si128())) != 0xffff;
#else
    const l9_v2 w = (l9_v2)v;
    return (w[0] | w[1]) != 0;
#endif
}

/* Cells in v: lanes 0..2 (lane 3 is 0). */
static inline int l9_count(l9_vec v)
{
    const l9_v2 w = (l9_v2)v;
    return __builtin_popcountll(w[0]) + __builtin_popcountll(w[1]);
}

/* Lane b gets lane b+1 (mod 3), or lane b+2; lane 3 stays. */
#if defined(__clang__) || __GNUC__ >= 12
#define L9_BAND_NEXT(v) __builtin_shufflevector((v), (v), 1, 2, 0, 3)
#define L9_BAND_PREV(v) __builtin_shufflevector((v), (v), 2, 0, 1, 3)
#else
#define L9_BAND_NEXT(v) __builtin_shuffle((v), (l9_vec){1, 2, 0, 3})
#define L9_BAND_PREV(v) __builtin_shuffle((v), (l9_vec){2, 0, 1, 3})
#endif

/* The guess to take on a consistent, unsolved board (logic9_pick.c). */
l9_guess l9_pick(const l9_board *B);

#endif
