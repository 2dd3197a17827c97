/* micro_set.h — what the families' micro-benchmark files share: loading the
 * family's puzzle file, and walking the engines (and their orders) that run it. */
#ifndef PB_MICRO_SET_H
#define PB_MICRO_SET_H

#include "core/engine.h"
#include "family.h"

/* Loads PATH of FAMILY into *set. 0, or -1 after printing why (`what` names the
 * set when some of its puzzles cannot be read). */
int micro_load_set(const char *family, const char *path, const char *what, bench_set *set);

/* Engine x order pairs: room enough for every case micro_each_engine makes. */
int micro_case_room(void);

/* Calls add(ctx, e, order) for every engine that accepts the set's first puzzle
 * and is not skipped (skip(e, NULL)): once with order NULL for an engine without
 * cell orders, else once per order that skip(e, order) keeps. Stops at the first
 * add that fails: 0, or -1. */
int micro_each_engine(const bench_set *set, int (*skip)(const pb_engine *e, const pb_order *o),
                      int (*add)(void *ctx, const pb_engine *e, const pb_order *o), void *ctx);

#endif
