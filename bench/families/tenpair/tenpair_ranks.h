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

/* The compact engine's count of how (mode count, checked by pb_engine_check) on the
 * model of a tenpair start (tp_model_new), on the world's ranks, every rank calling
 * it: out (by_length included) is the same on every rank, with stats.bytes the
 * largest rank's memory peak. levels: NULL, or where a CSV row per level goes (rank
 * 0 only). Returns out->status. */
pb_status pb_tenpair_count_ranks(const pb_model *m, const pb_run *how, pb_result *out, FILE *levels,
                                 pb_tenpair_ranks_total *total);

#endif
