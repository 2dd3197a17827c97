/* subtree.h — a count of `backtrack` or `propagate` cut into independent pieces, for
 * callers that spread them over processes (the harness's MPI count): the tree is
 * split at a depth no deeper than where the OpenMP count spawns its tasks
 * (search.c), the paths down to that depth are listed in the sequential search's order, and each
 * subtree below one is counted on its own. The steps of the levels above the split (`top`) plus
 * those of every subtree, each including the backtrack that leaves it, are the sequential search's
 * steps, and so are the solutions: whoever counts which piece. */
#ifndef PB_SUBTREE_H
#define PB_SUBTREE_H

#include <stddef.h>
#include "../core/engine.h"

typedef struct pb_prefixes {
    int depth;        /* levels each path fixes (0: no split, `top` is the whole count) */
    size_t count;     /* paths, in the order the sequential search enters them */
    size_t cap;       /* room in values, in paths */
    int *values;      /* path i's value at depth d: values[i * depth + d] */
    pb_stats top;     /* the steps and solutions of the levels above the split */
    pb_status status; /* PB_DONE, or why the listing stopped (a limit, out of memory) */
} pb_prefixes;

/* 1 when e is an engine whose counts split here (backtrack, propagate). */
int pb_search_splits(const pb_engine *e);

/* Lists the paths to depth `depth` of e's count of m under how (mode count, no
 * trace, no solution cap; how->limits bound the listing itself); depth 0, or one
 * past the OpenMP split depth, means that depth (out->depth says which was used).
 * Returns out->status. */
pb_status pb_search_prefixes(const pb_engine *e, const pb_model *m, const pb_run *how, int depth,
                             pb_prefixes *out);

/* Counts the subtree below path i of p (listed for the same e, m and order) under
 * how's limits, into out->stats and out->status (also returned; PB_UNSUPPORTED when
 * the path is not one of this tree). Nothing above the split is counted. */
pb_status pb_search_subtree(const pb_engine *e, const pb_model *m, const pb_run *how,
                            const pb_prefixes *p, size_t i, pb_result *out);

void pb_prefixes_free(pb_prefixes *p);

#endif
