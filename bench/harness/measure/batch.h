/* batch.h — the one runner of an engine over an instance's puzzles, shared by solve,
 * count and sweep: the threads of a run go to the puzzles (one puzzle a thread) when
 * the instance holds several, and to the engine (which must split its search)
 * when it holds one. Results stay in input order whatever the thread count. */
#ifndef PB_BATCH_H
#define PB_BATCH_H

#include "bind.h"
#include "core/engine.h"
#include "family.h"

typedef struct pb_batch {
    const pb_set *set;
    const pb_engine *engine;
    pb_run how;  /* every puzzle's run: mode, order, limits, trace; threads: see below */
    int threads; /* threads of the whole run */
    /* 1: the step and time limits hold for the whole set, each puzzle getting what
     * the ones before it left, and the first puzzle that does not finish stops the
     * rest (a sweep row); 0: every puzzle has the whole limits (solve, count). */
    int shared_limits;
    /* 1: a count stopped at its solution limit of 2 is a finished uniqueness check. */
    int unique;
    int keep_solutions; /* keep each puzzle's first solution (solve) */
    /* 1: each puzzle's CPU time goes to its outcome (two clock reads a puzzle: solve's
     * and count's rows, not the timed runs of a sweep). */
    int puzzle_cpu;
    pb_binder *binder; /* NULL: no binding */
    /* NULL, or one counter per puzzle of the set: puzzle i's engine adds the part of
     * its tree walked to explored_each[i] (pb_run.explored, in place of how's), so a
     * progress report sees the work inside puzzles still running. */
    uint64_t *explored_each;
} pb_batch;

typedef struct pb_outcome {
    int ran; /* 0: not run (interrupted, or the shared limits were spent first) */
    pb_status status;
    pb_stats stats;
    double cpu_s; /* with puzzle_cpu: user + system seconds of the puzzle's run */
    /* Engines marked 'length': the solution's length (first mode; 0: none), and the
     * figures of the engine's own (pb_result.figure). */
    int length;
    uint64_t figure[PB_FIGURES];
    /* Engines marked 'length': with keep_solutions, the solution's moves (npath of
     * them; NULL: none); in count mode with a length bound, the solutions of each
     * length 0..max_length (NULL when not counted by length). */
    pb_move *path;
    int npath;
    uint64_t *by_length;
    /* A run stopped for memory: the bytes in use and the total a refused growth
     * would have needed (0, 0: the system's allocator refused). */
    uint64_t refused_used, refused_total;
} pb_outcome;

typedef struct pb_batch_result {
    pb_outcome *puzzle;      /* per puzzle, in input order */
    int npuzzles;            /* of them */
    unsigned char *solution; /* keep_solutions: puzzle i's first solution at solution_at[i] */
    size_t *solution_at;     /* (values fit a byte: at most 64) */
    pb_stats total;          /* summed over the puzzles that ran */
    pb_status status;        /* the most severe status of a puzzle */
    int finished;            /* puzzles whose run ended PB_DONE */
    double elapsed_s;        /* the whole batch's wall time */
    /* An engine that could not finish a run it had accepted (an outside solver that
     * failed, or gave a model that breaks the rules) ends it PB_UNSUPPORTED: the first
     * such puzzle (1-based; 0: none) and the engine's message. */
    int failed;
    char failure[200];
} pb_batch_result;

/* The threads one puzzle's engine gets in this batch. */
int pb_batch_engine_threads(const pb_batch *b);

/* Asks the engine, for every readable puzzle, whether it runs the batch's request
 * (pb_engine_check). PB_RUNS, or the first refusal with its puzzle in *puzzle and
 * the engine's message in why. */
pb_refusal pb_batch_check(const pb_batch *b, int *puzzle, char *why, size_t whylen);

/* The more severe of two statuses, as the batch ranks them for a set's summary. */
pb_status pb_status_worse(pb_status a, pb_status b);

/* Readies r for b's set: no puzzle run yet, room for the first solutions when b keeps
 * them. The most cells of a puzzle, or -1 when out of memory. */
int pb_batch_result_init(const pb_batch *b, pb_batch_result *r);

/* Runs every readable puzzle. 0, or -1 when out of memory. */
int pb_batch_run(const pb_batch *b, pb_batch_result *r);
void pb_batch_free(pb_batch_result *r);

/* Puzzle i's first solution into values (ncells ints); 0, or -1 when it has none. */
int pb_batch_solution(const pb_batch *b, const pb_batch_result *r, int i, int *values);

#endif
