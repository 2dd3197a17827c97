/* engine.h — the one interface every engine over the shared model implements: the
 * stats record, run limits, the trace callback, cell orders, capabilities, and the
 * one check that decides whether an engine runs a request (and why not). The table
 * of engines is not here: engines/registry/ lists them, tagged by family, so the
 * core knows no family.
 *
 * ("seed 000" to "seed 003", here and throughout, are the source documents each family
 * reproduces first: docs/families.md, "The seed programs".)
 *
 * How steps are counted (the same in every engine, as seed 000 counts them): a
 * search visits a tree whose level k assigns the k-th cell of its order. Writing a
 * value into a cell is a placement; finding that a cell has no further value (the
 * seed's -1) is a backtrack; steps = placements + backtracks. The enumerations walk
 * the same tree without pruning, so their steps are directly comparable. A game's
 * search has no cells to fill: it counts each state it expands as a placement, so
 * its steps are the states it expanded. */
#ifndef PB_ENGINE_H
#define PB_ENGINE_H

#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include "model.h"

/* A count of solutions, in 128 bits: a kakuro count is a product over independent
 * components and passes 2^64 on large grids. A count that would pass even this is
 * held at PB_COUNT_MAX (a lower bound) and its run ends with PB_OVERFLOW. */
__extension__ typedef unsigned __int128 pb_count;
#define PB_COUNT_MAX (~(pb_count)0)
/* Room for any pb_count in decimal (39 digits) and the NUL. */
#define PB_COUNT_CHARS 40

/* Writes v in decimal into buf; returns buf. */
char *pb_count_format(pb_count v, char buf[PB_COUNT_CHARS]);

/* a + b, held at PB_COUNT_MAX. */
static inline pb_count pb_count_add(pb_count a, pb_count b)
{
    return a + b < a ? PB_COUNT_MAX : a + b;
}

typedef struct pb_stats {
    uint64_t steps;      /* placements + backtracks */
    uint64_t placements; /* values written into a cell */
    uint64_t backtracks; /* cells found to have no further value */
    uint64_t candidates; /* enumerations: complete vectors checked; searches: values tried */
    uint64_t guesses;    /* placements in a cell that had more than one value left */
    uint64_t learnts;    /* clause learning: learnt clauses made (0 for the other engines) */
    uint64_t restarts;   /* restarts: learn's and restart's (0 for the other engines) */
    uint64_t bytes;      /* the memory the run's tables needed, planned before it started or
                            at their peak (0: the engine does not say; runs summed keep the
                            largest) */
    double wall_s;       /* wall-clock seconds of the run */
    pb_count solutions;  /* solutions found (count mode: all of them) */
} pb_stats;

typedef enum pb_mode { PB_MODE_FIRST, PB_MODE_COUNT } pb_mode;

/* How a run ended: enum constant, name (in stats lines and CSV rows), meaning. */
#define PB_STATUSES(X)                                                                             \
    X(PB_DONE, "done", "the search finished: first solution found, or the tree exhausted")         \
    X(PB_LIMIT, "limit", "stopped at a step, time or solution-count limit")                        \
    X(PB_INTERRUPTED, "interrupted", "stopped because *cancel became non-zero")                    \
    X(PB_UNSUPPORTED, "unsupported", "the engine refused the request (see pb_refusal)")            \
    X(PB_NOMEM, "nomem", "stopped at a memory limit, or out of memory")                            \
    X(PB_OVERFLOW, "overflow",                                                                     \
      "a count exceeded what its counter can hold; the count is a lower bound")

#define PB_X_ENUM(id, ...)       id,
#define PB_X_NAME(id, name, ...) name,
typedef enum pb_status { PB_STATUSES(PB_X_ENUM) PB_STATUS_COUNT } pb_status;

const char *pb_status_name(pb_status s);

/* Adds every count of `from` (and its wall_s) to `to`: runs summed over a file of
 * puzzles, or the tasks of one parallel search. */
void pb_stats_add(pb_stats *to, const pb_stats *from);

/* A step limit shared with runs on other threads (a batch's puzzles, several at a
 * time): a run draws its steps from the shared pool (limiter.h) in slices and adds
 * what it draws to `reserved`, so that its caller can give back what it did not use.
 * For one-thread runs only (a parallel engine splits its own limit). */
typedef struct pb_step_share {
    struct pb_step_pool *pool;
    uint64_t reserved;
} pb_step_share;

typedef struct pb_limits {
    uint64_t max_steps;                  /* 0: none */
    uint64_t max_solutions;              /* count mode: stop after this many (0: none) */
    double max_seconds;                  /* 0: none */
    const volatile sig_atomic_t *cancel; /* polled now and then; non-zero stops the run */
    pb_step_share *share;                /* non-NULL: the steps come from share->pool */
    /* 0: none. The engines that hold tables (path-dp) stop with PB_NOMEM, before they
     * allocate, when their run would hold more than this many bytes. */
    uint64_t max_bytes;
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

/* A parameter an engine declares (pb_engine_about.params): an integer from min to max,
 * or, with choices, one of those words (its value is the word's index). def is the
 * value a run without it uses. */
typedef struct pb_param {
    const char *name, *meaning; /* meaning: one line, for listings */
    const char *const *choices; /* NULL-terminated, or NULL: an integer */
    int64_t min, max, def;
} pb_param;

/* A value given for a parameter, as text ("restart-steps", "100"); pb_engine_check
 * decides whether the engine takes it. */
typedef struct pb_param_value {
    const char *name, *value;
} pb_param_value;

/* One move of a solution that is a game, a sequence of moves (engines marked
 * 'length'): the cells a < b it takes, or a = b = -1 for the game's other move (such
 * as writing the live digits out again). */
typedef struct pb_move {
    int16_t a, b;
} pb_move;

/* Called for every solution a count finds (engines marked 'paths'): its moves from the
 * start, and its length. */
typedef void pb_path_fn(void *ctx, const pb_move *path, int npath, int length);

/* The engine seed a run uses when its caller gives none. */
#define PB_ENGINE_SEED_DEFAULT 1

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
    /* NULL, or where an engine that can estimate it adds the part of its search tree
     * walked so far, out of PB_EXPLORED_WHOLE (exactly that once the whole tree is
     * walked): for a progress report's time left. Read it atomically and as signed:
     * rounding can hold it a few units under 0 for a moment. */
    uint64_t *explored;
    /* The parameter values given (params[0 .. nparams)); a parameter not given takes
     * its default. Only an engine that declares a parameter takes a value for it. */
    const pb_param_value *params;
    int nparams;
    /* The engine seed: what an engine marked 'random' draws its random choices from
     * (seeded 0: PB_ENGINE_SEED_DEFAULT). Only such an engine takes one (seeded 1).
     * Its steps depend on the instance, the parameters and the seed alone. */
    uint64_t seed;
    int seeded;
    /* Engines marked 'length', whose solutions have a length (a game's moves written
     * out): look for none longer than this (0: no bound; a count by length needs one). */
    int max_length;
    /* NULL, or (count, engines marked 'paths') called with every solution found. */
    pb_path_fn *on_path;
    void *path_ctx;
} pb_run;

/* A search's tallies once it tried, in a cell of this domain, the values above cur that
 * options left, and placed v (0: none fit): the domain's values tried, and a placement,
 * a guess when options held more than one value. */
static inline void pb_stats_tried(pb_stats *st, pb_mask domain, int nvalues, int cur, int v,
                                  pb_mask options)
{
    pb_mask tried = PB_FULL(v ? v : nvalues) & ~PB_FULL(cur);
    st->candidates += (uint64_t)__builtin_popcountll(domain & tried);
    if (v) st->placements++, st->guesses += __builtin_popcountll(options) > 1;
}

/* Reports a step to how's trace callback, if any, numbered by the steps in st so far. */
static inline void pb_run_trace(const pb_run *how, const pb_model *m, const int *values, int cell,
                                pb_event ev, const pb_stats *st)
{
    if (how->trace)
        how->trace(how->trace_ctx, m, values, cell, ev, st->placements + st->backtracks);
}

/* A backtrack out of cell (left empty): counted, and traced with the cell shown as -1. */
static inline void pb_run_backtrack(const pb_run *how, const pb_model *m, int *values, int cell,
                                    pb_stats *st)
{
    st->backtracks++;
    values[cell] = -1;
    pb_run_trace(how, m, values, cell, PB_EV_BACKTRACK, st);
    values[cell] = 0;
}

#define PB_EXPLORED_WHOLE ((uint64_t)1 << 62)

/* Why an engine refused a request: one reason per code, the details in a message.
 * Decided in one place, pb_engine_check, so every caller prints the same reason and
 * checks nothing itself. */
#define PB_REFUSALS(X)                                                                             \
    X(PB_RUNS, "runs")                /* not refused */                                            \
    X(PB_REFUSE_MODE, "mode")         /* cannot stop at the first / cannot count */                \
    X(PB_REFUSE_TRACE, "trace")       /* cannot report its steps */                                \
    X(PB_REFUSE_ORDER, "order")       /* has no cell order */                                      \
    X(PB_REFUSE_THREADS, "threads")   /* cannot use that many threads for this run */              \
    X(PB_REFUSE_INSTANCE, "instance") /* cannot run this model or these rules */                   \
    X(PB_REFUSE_REQUEST, "request")   /* the request itself is incomplete or out of range */

typedef enum pb_refusal { PB_REFUSALS(PB_X_ENUM) PB_REFUSAL_COUNT } pb_refusal;

const char *pb_refusal_name(pb_refusal r);

/* The longest solution an engine marked 'length' looks for: pb_run.max_length's top. */
#define PB_LENGTH_MAX 4096

/* The most figures of its own an engine may report (pb_result.figure). */
#define PB_FIGURES 4

typedef struct pb_result {
    pb_status status;
    pb_stats stats;
    int *first; /* optional caller buffer of ncells: the first solution found */
    /* Optional caller buffer of ncells, filled by engines with PB_CAP_LAST: the last
     * solution found, so a count stopped at 2 yields two different solutions (a
     * generator re-randomises the cells where they differ). */
    int *last;
    /* Engines marked 'length'. First mode: the solution's length (0: none within the
     * bound) and its moves from the start (the engine allocates path, the caller frees
     * it). Count mode: by_length, an optional caller array of max_length + 1 entries
     * (set it, or NULL, before running such an engine), gets the solutions of each
     * length. */
    int length, npath;
    pb_move *path;
    uint64_t *by_length;
    /* Figures of the engine's own, which its family's header names (0 past them). */
    uint64_t figure[PB_FIGURES];
    /* Status PB_NOMEM at limits.max_bytes, from an engine that charges its growth: the
     * bytes in use and the total the refused growth would have needed (0, 0: the
     * system's allocator failed instead, or the engine does not say). */
    uint64_t refused_used, refused_total;
    /* Set with status PB_UNSUPPORTED: the reason, and a one-line message naming the
     * engine ("engine X cannot ..."). Last, so that the fields the engines use keep
     * small offsets (short instruction encodings in their hot loops). */
    pb_refusal refusal;
    char why[200];
} pb_result;

/* What an engine can do: bit, name (in listings), meaning. */
#define PB_CAPS(X)                                                                                 \
    X(PB_CAP_FIRST, "first", "can stop at the first solution")                                     \
    X(PB_CAP_COUNT, "count", "can count all solutions")                                            \
    X(PB_CAP_TRACE, "trace", "calls the trace callback")                                           \
    X(PB_CAP_ORDER, "order", "honours pb_run.order")                                               \
    X(PB_CAP_PARALLEL, "parallel", "splits one count over pb_run.threads")                         \
    X(PB_CAP_LAST, "last", "fills pb_result.last")                                                 \
    X(PB_CAP_RANDOM, "random", "draws its random choices from the engine seed (pb_run.seed)")      \
    X(PB_CAP_LENGTH, "length",                                                                     \
      "solutions have a length, at least the instance's cells: honours pb_run.max_length, fills "  \
      "pb_result.length, path and by_length")                                                      \
    X(PB_CAP_PATHS, "paths", "count: reports each solution's moves through pb_run.on_path")        \
    X(PB_CAP_PERMS, "perms",                                                                       \
      "runs only models whose solutions are permutations (pb_model_is_permutation), so a family "  \
      "whose models never are lists it not")

#define PB_X_BIT(id, ...) id##_BIT,
enum { PB_CAPS(PB_X_BIT) PB_CAP_COUNT_ };
#define PB_X_CAP(id, ...) id = 1u << id##_BIT,
enum { PB_CAPS(PB_X_CAP) };

/* The capability names of PB_CAPS, in bit order, NULL-terminated. */
extern const char *const pb_cap_names[];

/* What every engine of every kind starts with, so that one registry lists them all
 * (engines/registry/registry.h) whatever they run on. */
typedef struct pb_engine_about {
    const char *name, *summary;
    unsigned caps;
    const char *const *cap_names; /* what each bit of caps means, NULL-terminated */
    const pb_param *params;       /* the parameters it takes, ended by a NULL name; NULL: none */
} pb_engine_about;

typedef struct pb_engine {
    pb_engine_about about; /* first: the registry points here */
    int config;            /* passed back to run: one function may serve several entries */
    /* Checks whether the engine can run this model; NULL: always. On 0, *why says why. */
    int (*accepts)(const pb_model *m, const char **why);
    pb_status (*run)(const pb_model *m, int config, const pb_run *how, pb_result *out);
} pb_engine;

/* The cell orders, NULL-terminated. */
extern const pb_order *const pb_orders[];
const pb_order *pb_order_find(const char *name);

/* Returns r after writing the message (printf-style) into why, when why is not NULL:
 * how every refusal check fills in its reason. */
pb_refusal pb_refuse(pb_refusal r, char *why, size_t whylen, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* The parameter of a called name, or NULL. */
const pb_param *pb_param_find(const pb_engine_about *a, const char *name);

/* Whether an engine described by a takes how's parameter values and engine seed:
 * PB_RUNS, or PB_REFUSE_REQUEST with a message naming the engine and the parameter
 * (and listing the parameters it has). */
pb_refusal pb_params_check(const pb_engine_about *a, const pb_run *how, char *why, size_t whylen);

/* The value of a's parameter `name` in this run: the one given in how, else its
 * default (how already checked by pb_params_check). */
int64_t pb_param_get(const pb_engine_about *a, const pb_run *how, const char *name);

/* The engine seed of this run (PB_ENGINE_SEED_DEFAULT when none was given). */
static inline uint64_t pb_run_seed(const pb_run *how)
{
    return how->seeded ? how->seed : PB_ENGINE_SEED_DEFAULT;
}

/* The run's parameter setting as text, for a row's `params` column: every parameter
 * of a in its order, NAME=VALUE joined by semicolons (defaults included, so two runs
 * of one setting read alike however it was given; no comma, so a CSV field needs no
 * quotes and compare --by can name it); "-" for an engine without any. */
char *pb_params_text(const pb_engine_about *a, const pb_run *how, char *out, size_t len);

/* The run's engine seed as text, for a row's `engine_seed` column: the seed in
 * decimal for an engine marked 'random', "-" for any other. */
char *pb_seed_text(const pb_engine_about *a, const pb_run *how, char *out, size_t len);

/* Whether e takes this request, whatever the model: PB_RUNS, or the reason with a
 * one-line message in why (which may be NULL). Checks the mode, trace, order, thread
 * count, length bound and path listing against e's capabilities, then the parameters
 * and engine seed (pb_params_check): what a caller can refuse before it reads any
 * puzzle. */
pb_refusal pb_engine_check_request(const pb_engine *e, const pb_run *how, char *why, size_t whylen);

/* Whether e runs this request on m: pb_engine_check_request, then e->accepts and the
 * length bound against m's cells. */
pb_refusal pb_engine_check(const pb_engine *e, const pb_model *m, const pb_run *how, char *why,
                           size_t whylen);

/* Runs e on m: pb_engine_check (a refusal returns PB_UNSUPPORTED with refusal and
 * why set), then the run, timed; fills out (its stats, length, path, by_length and
 * figures start at 0). */
pb_status pb_engine_run(const pb_engine *e, const pb_model *m, const pb_run *how, pb_result *out);

#endif
