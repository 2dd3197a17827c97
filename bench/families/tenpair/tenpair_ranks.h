/* tenpair_ranks.h — `count tenpair` over the world's ranks, level by level
 * (tenpair_ranks.c). */
#ifndef PB_TENPAIR_RANKS_H
#define PB_TENPAIR_RANKS_H

#include <stdint.h>
#include <stdio.h>

#include "tenpair/tenpair.h"

/* What the whole run moved and held, over all the ranks. */
typedef struct pb_tenpair_ranks_total {
    uint64_t sent_bytes;     /* children sent to other ranks, all levels */
    uint64_t peak_bytes_sum; /* the ranks' memory peaks, added up */
    int levels;              /* levels searched */
} pb_tenpair_ranks_total;

/* The compact engine's count of how (mode count, checked by tp_engine_check) on the
 * world's ranks, every rank calling it: out (wins_by_length included) is the same
 * on every rank, with peak_bytes the largest rank's. levels: NULL, or where a CSV
 * row per level goes (rank 0 only). Returns out->status. */
pb_status pb_tenpair_count_ranks(const tp_rules *r, const tp_run *how, tp_result *out, FILE *levels,
                                 pb_tenpair_ranks_total *total);

#endif
