/* compact.c — the `compact` engine, tenpair's strongest search.
 *
 * A state keeps only what its future depends on: the live digits and where they
 * sit. Crossed cells are 0, four bits a cell, and leading rows that are wholly
 * crossed are dropped (the rows below keep their columns). The shortest win is a
 * best-first search over such states (compact_shortest.c); the count of every win
 * up to a length walks written prefixes whose states are searched level by level,
 * in parallel (compact_count.c), one written length at a time (count_levels.c, which
 * also splits the count over ranks). */
#include "compact.h"

static pb_status run(const tp_rules *r, const tp_run *how, tp_result *out)
{
    return how->mode == TP_COUNT ? tp_compact_count(r, how, out) : tp_compact_shortest(r, how, out);
}

const tp_engine tp_engine_compact = {
    {"compact",
     "4-bit states, crossed rows dropped; count: each written sequence once, its states level by "
     "level, OpenMP",
     TP_CAP_SHORTEST | TP_CAP_COUNT | TP_CAP_PARALLEL, tp_cap_names, NULL},
    run};
