/* search.h — the searches behind tenpair's three engines (engines.c): over the
 * rules read back from the model, each filling the pb_result of its run. Not for use
 * outside engines/tenpair. */
#ifndef PB_TP_SEARCH_H
#define PB_TP_SEARCH_H

#include "tenpair.h"

/* bfs (best_first 0) and best-first (1): whole configurations in a seen set (plain.c). */
pb_status tp_plain_search(const tp_rules *r, const pb_run *how, pb_result *out, int best_first);
/* compact: the shortest win (compact_shortest.c) and the count (count_levels.c). */
pb_status tp_compact_shortest(const tp_rules *r, const pb_run *how, pb_result *out);
pb_status tp_compact_count(const tp_rules *r, const pb_run *how, pb_result *out);

#endif
