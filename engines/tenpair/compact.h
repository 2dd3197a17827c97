/* compact.h — the `compact` engine, tenpair's strongest search (engines.c lists it),
 * and its state encoding.
 *
 * A state keeps only what its future depends on: the live digits and where they
 * sit. Crossed cells are 0, four bits a cell (two cells a byte, the even cell low),
 * and leading rows that are wholly crossed are dropped (the rows below keep their
 * columns). The shortest win is a best-first search over such states
 * (compact_shortest.c); the count of every win up to a length walks written prefixes
 * whose states are searched level by level, in parallel (compact_count.c), one
 * written length at a time (count_levels.c, which also splits the count over ranks). */
#ifndef PB_TP_COMPACT_H
#define PB_TP_COMPACT_H

#include <stdlib.h>

#include "keyset.h"
#include "search.h"

static inline void tp_pack(const uint8_t *cell, int m, uint8_t *out)
{
    for (int i = 0; i + 1 < m; i += 2) out[i / 2] = (uint8_t)(cell[i] | cell[i + 1] << 4);
    if (m & 1) out[m / 2] = cell[m - 1];
}

static inline void tp_unpack(const uint8_t *in, int m, uint8_t *cell)
{
    for (int i = 0; i < m; i++) cell[i] = (uint8_t)(in[i / 2] >> (4 * (i & 1)) & 15);
}

/* Clears cell i of a packed board. */
static inline void tp_packed_cross(uint8_t *packed, int i)
{
    packed[i / 2] &= (uint8_t)(i & 1 ? 0x0F : 0xF0);
}

/* Leading rows wholly crossed (complete rows only) of an unpacked board. */
static inline int tp_crossed_rows(const uint8_t *cell, int m, int w)
{
    int rows = 0;
    for (int at = 0; at + w <= m; at += w, rows++)
        for (int i = at; i < at + w; i++)
            if (cell[i]) return rows;
    return rows;
}

#endif
