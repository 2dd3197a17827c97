/* limiter.h — the run-limit check every engine shares: step limit exact, time and
 * cancellation polled every PB_POLL_STEPS steps so the hot loops pay one compare. */
#ifndef PB_LIMITER_H
#define PB_LIMITER_H

#include <string.h>
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

/* What an engine with its own loop carries through a run: its stats so far, the
 * limit poller, where the first solution goes, and whether (and why) it stopped. */
typedef struct pb_run_state {
    const pb_run *how;
    pb_limiter lim;
    pb_stats st;
    pb_status status; /* PB_DONE until a limit or the solution cap stops the run */
    int stopped;
    int *first; /* the caller's buffer for the first solution, or NULL */
} pb_run_state;

static inline void pb_run_state_init(pb_run_state *r, const pb_run *how, int *first)
{
    memset(&r->st, 0, sizeof r->st);
    r->how = how;
    r->status = PB_DONE;
    r->stopped = 0;
    r->first = first;
    pb_limiter_init(&r->lim, &how->limits, 0);
}

static inline void pb_run_state_stop(pb_run_state *r, pb_status st)
{
    r->stopped = 1;
    r->status = st;
}

/* Polls the limits once the steps reach the next check; 0 when the run must stop. */
static inline int pb_run_state_tick(pb_run_state *r)
{
    uint64_t steps = r->st.placements + r->st.backtracks;
    if (steps < r->lim.next) return 1;
    pb_status st = pb_limiter_poll(&r->lim, steps);
    if (st == PB_DONE) return 1;
    pb_run_state_stop(r, st);
    return 0;
}

/* After a run found its `solutions`-th solution: 1 when it must stop, with *st the
 * status to stop with (done in first-solution mode, limit at the solution cap). */
static inline int pb_solution_stops(const pb_run *how, pb_count solutions, pb_status *st)
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
