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

/* A case that runs one engine (in one order, or none) over a whole fixed set. */
typedef struct pb_micro_set_case pb_micro_set_case;

/* What the cases over one set share: their names PREFIX/ENGINE[/ORDER], how one pass
 * over the set runs, the step cap of the check run, and the counters. */
typedef struct pb_micro_set_kind {
    const char *prefix;
    /* One pass over the set, max_steps per puzzle (0: none), adding to counters:
     * 0, 1 at the step cap, -1 on a wrong result; msg says why. */
    int (*run)(const pb_micro_set_case *c, uint64_t max_steps, double *counters, char *msg,
               size_t msglen);
    uint64_t check_max_steps;
    const char *const *counter_names;
    int ncounters; /* at most PB_MICRO_MAX_COUNTERS */
} pb_micro_set_kind;

#define PB_MICRO_MAX_COUNTERS 8

struct pb_micro_set_case {
    char name[128];
    const pb_micro_set_kind *kind;
    const pb_set *set;
    const pb_engine *e;
    const pb_order *order;
};

/* Fills *c for engine e (in order, or NULL) on set and, when the host selects it,
 * runs its check pass and registers it. 1 registered, 0 left out (not selected, or
 * too slow to time), -1 on a wrong result or a failed registration. */
int pb_micro_add_set_case(const pb_micro_host *host, const pb_micro_set_kind *kind,
                          const pb_set *set, const pb_engine *e, const pb_order *order,
                          pb_micro_set_case *c);

#endif
