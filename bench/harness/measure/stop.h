/* stop.h — why a measured run ended (BenchExec's "termination reason"), one word in
 * every result CSV's `stop` column: an engine's status says a limit stopped it, this
 * says which. */
#ifndef PB_STOP_H
#define PB_STOP_H

#include <stddef.h>

#include "core/engine.h"

/* enum constant, name (in the CSV), meaning. */
#define PB_STOPS(X)                                                                                \
    X(PB_STOP_UNKNOWN, "", "not recorded")                                                         \
    X(PB_STOP_DONE, "done", "the run finished")                                                    \
    X(PB_STOP_STEPS, "step-limit", "stopped at its step limit")                                    \
    X(PB_STOP_TIME, "time-limit", "stopped at its time limit")                                     \
    X(PB_STOP_SOLUTIONS, "solution-limit", "stopped at its solution-count limit")                  \
    X(PB_STOP_MEMORY, "memory", "stopped at its memory limit, or out of memory")                   \
    X(PB_STOP_INTERRUPTED, "interrupted", "stopped by a signal to puzzlebench")                    \
    X(PB_STOP_OVERFLOW, "overflow", "a count passed its counter; the count is a lower bound")      \
    X(PB_STOP_REFUSED, "refused", "the engine refused the request")                                \
    X(PB_STOP_ERROR, "error", "the run failed (an outside command's exit status)")

typedef enum pb_stop { PB_STOPS(PB_X_ENUM) PB_STOP_COUNT } pb_stop;

const char *pb_stop_name(pb_stop s);

/* Why a run that ended with status st stopped, under limits lim, having found
 * `solutions` (of the puzzle that stopped) in elapsed_s seconds. A limit status is
 * the solution limit when the solutions reached it, else the time limit when the
 * time did, else the step limit (the poll checks steps first). */
pb_stop pb_stop_of(pb_status st, const pb_limits *lim, pb_count solutions, double elapsed_s);

/* The option that set the limit of stop s, with its value from lim ("--time-limit 2",
 * "--step-limit 1000"), for a message that says what stopped a run; "" for any other
 * stop. */
void pb_stop_option(pb_stop s, const pb_limits *lim, char *out, size_t len);

#endif
