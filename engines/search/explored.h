/* explored.h — how much of a search tree has been walked, estimated for a progress
 * report's time left. Every node's subtrees are taken as equally large (the weighted
 * estimate of Knuth, and of Kilby et al.'s "Estimating search tree size"), so the part
 * walked is the sum, down the current path, of the shares of the siblings finished.
 * A search reports it as adds to pb_run.explored: fixed point, and every walk that
 * ends adds up to its share exactly, so a whole tree walked is PB_EXPLORED_WHOLE. */
#ifndef PB_EXPLORED_H
#define PB_EXPLORED_H

#include <stdint.h>
#include "../core/engine.h"

/* A walk's report: its share of the whole tree and what it has added so far. */
typedef struct pb_explore {
    uint64_t *sink;    /* pb_run.explored, or NULL: no report */
    uint64_t share;    /* the walk's subtree, of PB_EXPLORED_WHOLE */
    uint64_t reported; /* the walk's adds so far (a parent's part handed out included) */
} pb_explore;

/* The part of a walk's subtree finished, down the path at depths floor .. upto-1: at
 * depth d, options[d] held the values the node could take and the child in progress
 * is the value of cell_at[d]; the options below it are finished. *child is the share
 * of the child in progress at depth upto-1 (1 when upto == floor). */
static inline double pb_explored_path(const pb_mask *options, const int *cell_at, const int *values,
                                      int floor, int upto, double *child)
{
    double part = 0, share = 1;
    for (int d = floor; d < upto; d++) {
        const int branches = __builtin_popcountll(options[d]);
        if (branches == 0) break; /* never with a child in progress; kept finite */
        const int v = values[cell_at[d]];
        const int before = __builtin_popcountll(options[d] & PB_FULL(v - 1));
        share /= branches;
        part += share * before;
    }
    *child = share;
    return part;
}

static inline uint64_t pb_explored_fixed(const pb_explore *x, double part)
{
    if (!(part > 0)) return 0;
    if (part >= 1) return x->share;
    return (uint64_t)(part * (double)x->share);
}

/* Adds what the walk has finished beyond what it reported: `done` of its share. */
static inline void pb_explored_reach(pb_explore *x, uint64_t done)
{
    if (!x->sink || done <= x->reported) return;
    __atomic_fetch_add(x->sink, done - x->reported, __ATOMIC_RELAXED);
    x->reported = done;
}

/* What a walk from `floor`, now at `depth`, has finished of its share: the child of a
 * node whose cell holds a value is finished (the walk came back to it, or it was a
 * solution or handed out); a node just entered has none finished. */
static inline uint64_t pb_explored_at(const pb_explore *x, const pb_mask *options,
                                      const int *cell_at, const int *values, int floor, int depth)
{
    const int placed = values[cell_at[depth]] > 0;
    double child, part = pb_explored_path(options, cell_at, values, floor,
                                          placed ? depth + 1 : depth, &child);
    return pb_explored_fixed(x, placed ? part + child : part);
}

/* A parent walking from depth 0 hands the child of its path at depth-1 to `task`,
 * which reports that part itself: the parent reaches what it finished before the
 * child, then counts the child as reported. */
static inline void pb_explored_hand_out(pb_explore *x, pb_explore *task, const pb_mask *options,
                                        const int *cell_at, const int *values, int depth)
{
    task->sink = x->sink;
    task->reported = 0;
    task->share = 0;
    if (!x->sink) return; /* no report asked for: the path is not walked */
    double child, before = pb_explored_path(options, cell_at, values, 0, depth, &child);
    task->share = pb_explored_fixed(x, child);
    const uint64_t done = pb_explored_fixed(x, before);
    /* Signed through wrap-around: rounding can put `done` a unit below what was
     * reported, and the sum of every add must stay exact. */
    __atomic_fetch_add(x->sink, done - x->reported, __ATOMIC_RELAXED);
    x->reported = done + task->share;
}

/* The walk finished its whole subtree. */
static inline void pb_explored_finish(pb_explore *x)
{
    if (!x->sink) return;
    __atomic_fetch_add(x->sink, x->share - x->reported, __ATOMIC_RELAXED);
    x->reported = x->share;
}

#endif
