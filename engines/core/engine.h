/* engine.h — the one interface every engine implements: the stats record, run
 * limits, the trace callback, cell orders, and the const table of engines.
 *
 * How steps are counted (the same in every engine, as seed 000 counts them): a
 * search visits a tree whose level k assigns the k-th cell of its order. Writing a
 * value into a cell is a placement; finding that a cell has no further value (the
 * seed's -1) is a backtrack; steps = placements + backtracks. The enumerations walk
 * the same tree without pruning, so their steps are directly comparable. */
#ifndef PB_ENGINE_H
#define PB_ENGINE_H

#include <signal.h>
#include <stdint.h>
#include "model.h"

typedef struct pb_stats {
    uint64_t steps;      /* placements + backtracks */
    uint64_t placements; /* values written into a cell */
    uint64_t backtracks; /* cells found to have no further value */
    uint64_t candidates; /* enumerations: complete vectors checked; searches: values tried */
    uint64_t guesses;    /* placements in a cell that had more than one value left */
    uint64_t solutions;  /* solutions found (count mode: all of them) */
    double wall_s;       /* wall-clock seconds of the run */
} pb_stats;

typedef enum pb_mode { PB_MODE_FIRST, PB_MODE_COUNT } pb_mode;

typedef enum pb_status {
    PB_DONE,        /* the search finished: first solution found, or the tree exhausted */
    PB_LIMIT,       /* stopped at a step, time or solution-count limit */
    PB_INTERRUPTED, /* stopped because *cancel became non-zero */
    PB_UNSUPPORTED, /* this engine cannot run this model or mode */
    PB_NOMEM
} pb_status;

const char *pb_status_name(pb_status s);

/* Adds every count of `from` (and its wall_s) to `to`: runs summed over a file of
 * puzzles, or the tasks of one parallel search. */
void pb_stats_add(pb_stats *to, const pb_stats *from);

typedef struct pb_limits {
    uint64_t max_steps;                  /* 0: none */
    uint64_t max_solutions;              /* count mode: stop after this many (0: none) */
    double max_seconds;                  /* 0: none */
    const volatile sig_atomic_t *cancel; /* polled now and then; non-zero stops the run */
} pb_limits;

typedef enum pb_event {
    PB_EV_START,     /* before the first step; values all 0 */
    PB_EV_PLACE,     /* values[cell] was just set */
    PB_EV_BACKTRACK, /* cell has no further value; values[cell] is -1 for this event */
    PB_EV_SOLUTION,  /* values holds a solution (after the PLACE that completed it) */
} pb_event;

/* Called for every step when tracing. values[c] is 0 for an empty cell. */
typedef void pb_trace_fn(void *ctx, const pb_model *m, const int *values, int cell, pb_event ev,
                         uint64_t step);

/* A cell order: static orders fill a permutation once; dynamic orders pick the next
 * cell from the current domains (dom[c] for unassigned cells). */
typedef struct pb_order {
    const char *name, *summary;
    void (*fill)(const pb_model *m, int *order);
    int (*pick)(const pb_model *m, const pb_mask *dom, const int *values);
} pb_order;

typedef struct pb_run {
    pb_mode mode;
    const pb_order *order; /* NULL: row order */
    int threads;           /* > 1: count mode splits the tree into OpenMP tasks */
    pb_limits limits;
    pb_trace_fn *trace; /* NULL: no trace */
    void *trace_ctx;
    /* Called by each thread of an engine's parallel region as it starts (e.g. to
     * bind it to a core); NULL: nothing. */
    void (*thread_start)(void *ctx, int thread);
    void *thread_ctx;
} pb_run;

typedef struct pb_result {
    pb_status status;
    pb_stats stats;
    int *first; /* optional caller buffer of ncells: the first solution found */
    /* Optional caller buffer of ncells, filled by engines with PB_CAP_LAST: the last
     * solution found, so a count stopped at 2 yields two different solutions (a
     * generator re-randomises the cells where they differ). */
    int *last;
} pb_result;

enum {
    PB_CAP_FIRST = 1u << 0,    /* can stop at the first solution */
    PB_CAP_COUNT = 1u << 1,    /* can count all solutions */
    PB_CAP_TRACE = 1u << 2,    /* calls the trace callback */
    PB_CAP_ORDER = 1u << 3,    /* honours pb_run.order */
    PB_CAP_PARALLEL = 1u << 4, /* honours pb_run.threads in count mode */
    PB_CAP_LAST = 1u << 5,     /* fills pb_result.last */
};

typedef struct pb_engine {
    const char *name, *summary;
    unsigned caps;
    int config; /* passed back to run: one function may serve several entries */
    /* Checks whether the engine can run this model; NULL: always. On 0, *why says why. */
    int (*accepts)(const pb_model *m, const char **why);
    pb_status (*run)(const pb_model *m, int config, const pb_run *how, pb_result *out);
} pb_engine;

/* NULL-terminated tables. */
extern const pb_engine *const pb_engines[];
extern const pb_order *const pb_orders[];

const pb_engine *pb_engine_find(const char *name);
const pb_order *pb_order_find(const char *name);

/* Runs e on m: checks caps and accepts, times the run, fills out. */
pb_status pb_engine_run(const pb_engine *e, const pb_model *m, const pb_run *how, pb_result *out);

#endif
