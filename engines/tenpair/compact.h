/* compact.h — the compact engine's state encoding, shared by its shortest-win
 * search (compact_shortest.c) and its count (compact_count.c): a board's cells as
 * 4-bit nibbles, 0 for a crossed cell, two cells a byte (the even cell low). */
#ifndef PB_TP_COMPACT_H
#define PB_TP_COMPACT_H

#include <stdlib.h>

#include "keyset.h"
#include "tenpair.h"

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

pb_status tp_compact_shortest(const tp_rules *r, const tp_run *how, tp_result *out);
pb_status tp_compact_count(const tp_rules *r, const tp_run *how, tp_result *out);

#endif
