/* limiter.h — the run-limit check every engine shares: step limit exact, time and
 * cancellation polled every PB_POLL_STEPS steps so the hot loops pay one compare. */
#ifndef PB_LIMITER_H
#define PB_LIMITER_H

#include <time.h>
#include "engine.h"

#define PB_POLL_STEPS 65536u

typedef struct pb_limiter {
    const pb_limits *lim;
    double deadline; /* monotonic seconds; 0: none */
    uint64_t next;   /* step count at which pb_limiter_poll must be called */
} pb_limiter;

static inline double pb_now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static inline uint64_t pb_limiter_next(const pb_limiter *l, uint64_t steps)
{
    uint64_t next = steps + PB_POLL_STEPS;
    if (l->lim->max_steps && next > l->lim->max_steps) next = l->lim->max_steps;
    return next;
}

static inline void pb_limiter_init(pb_limiter *l, const pb_limits *lim, uint64_t steps)
{
    l->lim = lim;
    l->deadline = lim->max_seconds > 0 ? pb_now_s() + lim->max_seconds : 0;
    l->next = pb_limiter_next(l, steps);
}

/* Called when steps >= l->next: PB_DONE to go on, else the status to stop with. */
static inline pb_status pb_limiter_poll(pb_limiter *l, uint64_t steps)
{
    if (l->lim->max_steps && steps >= l->lim->max_steps) return PB_LIMIT;
    if (l->lim->cancel && *l->lim->cancel) return PB_INTERRUPTED;
    if (l->deadline > 0 && pb_now_s() >= l->deadline) return PB_LIMIT;
    l->next = pb_limiter_next(l, steps);
    return PB_DONE;
}

/* After a run found its `solutions`-th solution: 1 when it must stop, with *st the
 * status to stop with (done in first-solution mode, limit at the solution cap). */
static inline int pb_solution_stops(const pb_run *how, uint64_t solutions, pb_status *st)
{
    if (how->mode == PB_MODE_FIRST) {
        *st = PB_DONE;
        return 1;
    }
    if (how->limits.max_solutions && solutions >= how->limits.max_solutions) {
        *st = PB_LIMIT;
        return 1;
    }
    return 0;
}

#endif
