/* micro.h — what the families' micro-benchmark cases share: loading a family's
 * puzzle file, and walking the family's engines (and their orders) that run it.
 * The cases register through the pb_micro_host of family.h, so this code needs no
 * Google Benchmark; bench/micro/driver/ links that in. */
#ifndef PB_MICRO_H
#define PB_MICRO_H

#include "core/engine.h"
#include "family.h"

/* Loads PATH of family f into *set. 0, or -1 after printing why (`what` names the set
 * when some of its puzzles cannot be read). */
int pb_micro_load_set(const pb_family *f, const char *path, const char *what, pb_set *set);

/* Engine x order pairs of family f: room enough for every case pb_micro_each_engine
 * makes. */
int pb_micro_case_room(const pb_family *f);

/* Calls add(ctx, e, order) for every engine of f that accepts the set's first puzzle
 * and is not skipped (skip(e, NULL)): once with order NULL for an engine without
 * cell orders, else once per order that skip(e, order) keeps. Stops at the first
 * add that fails: 0, or -1. */
int pb_micro_each_engine(const pb_family *f, const pb_set *set,
                         int (*skip)(const pb_engine *e, const pb_order *o),
                         int (*add)(void *ctx, const pb_engine *e, const pb_order *o), void *ctx);

/* After a case's check run: rc 0 (right) gives 0; rc > 0 (too slow to time) prints a
 * note and gives 1, the case to be skipped; rc < 0 (a wrong result) prints the error
 * and gives -1. msg says why. */
int pb_micro_checked(const char *name, int rc, const char *msg);

/* After a timed run of a case: rc 0 gives 0; otherwise (a limit or a wrong result,
 * which its check run did not see) prints msg and gives 1, the benchmark's failure. */
int pb_micro_timed(const char *name, int rc, const char *msg);

#endif
