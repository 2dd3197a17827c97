/* limiter.h — the run-limit check every engine shares. The hot loops pay one
 * compare (steps >= next); pb_limiter_poll then checks the step limit (exact), the
 * cancel flag and the clock, and sets the next poll by how fast steps have been
 * going: every ~PB_POLL_TARGET_S of work whatever one step costs (a tenpair state
 * can cost milliseconds, a sudoku step nanoseconds), at most PB_POLL_STEPS apart.
 * A parallel run shares one step budget (pb_step_pool) that its tasks reserve in
 * slices, so the whole run never passes the limit. */
#ifndef PB_LIMITER_H
#define PB_LIMITER_H

#include <string.h>
#include <time.h>
#include "engine.h"

/* The most steps between two polls: what a fast step loop pays for the clock. */
#define PB_POLL_STEPS 65536u
/* Seconds of work between two polls that the interval aims at. The interval follows
 * the step rate measured since the last poll, growing at most PB_POLL_GROWTH-fold a
 * poll: a timed run polls after its first step, and one whose first steps are fast
 * and later ones slow waits at most that many slow steps once. */
#define PB_POLL_TARGET_S 0.002
#define PB_POLL_GROWTH   8

/* The step budget of one parallel run, shared by its tasks: `taken` steps are
 * reserved (used, or held by a running task) out of `max`. Read and written only
 * with atomics. A pool that is one process's part of a budget held elsewhere (the
 * harness's MPI count) has a `refill`: when it runs dry it asks there for more steps,
 * which raise `max`; the library itself never calls anything but the hook. */
typedef struct pb_step_pool {
    uint64_t max;   /* the run's step limit (non-zero) */
    uint64_t taken; /* reserved so far, less what finished tasks gave back */
    int threads;    /* how many tasks may hold a reservation at once */
    /* NULL, or: up to `want` more steps for this pool, 0 when the budget is spent. */
    uint64_t (*refill)(void *ctx, uint64_t want);
    void *refill_ctx;
} pb_step_pool;

static inline void pb_step_pool_init(pb_step_pool *p, uint64_t max, int threads)
{
    p->max = max;
    p->taken = 0;
    p->threads = threads > 0 ? threads : 1;
    p->refill = NULL;
    p->refill_ctx = NULL;
}

/* Reserves up to `want` (>= 1) steps, fewer as the budget runs low (a share of what
 * is left, so the last slices are small and the threads end close together);
 * returns how many, 0 when the budget is spent (and a refill brings no more). */
static inline uint64_t pb_step_pool_take(pb_step_pool *p, uint64_t want)
{
    uint64_t t = __atomic_load_n(&p->taken, __ATOMIC_RELAXED);
    for (;;) {
        uint64_t max = __atomic_load_n(&p->max, __ATOMIC_RELAXED);
        if (t >= max) {
            uint64_t more = p->refill ? p->refill(p->refill_ctx, want) : 0;
            if (!more) return 0;
            __atomic_fetch_add(&p->max, more, __ATOMIC_RELAXED);
            t = __atomic_load_n(&p->taken, __ATOMIC_RELAXED);
            continue;
        }
        uint64_t share = (max - t) / (2 * (uint64_t)p->threads);
        uint64_t n = share < want ? share : want;
        if (n == 0) n = 1;
        if (__atomic_compare_exchange_n(&p->taken, &t, t + n, 1, __ATOMIC_RELAXED,
                                        __ATOMIC_RELAXED))
            return n;
    }
}

/* Returns reserved steps a task did not use (it ended first). */
static inline void pb_step_pool_give(pb_step_pool *p, uint64_t n)
{
    if (n) __atomic_fetch_sub(&p->taken, n, __ATOMIC_RELAXED);
}

/* After a run that drew `reserved` steps from the pool and used `used`: gives back
 * what it did not use, or charges the step it may have taken before its first draw. */
static inline void pb_step_pool_settle(pb_step_pool *p, uint64_t reserved, uint64_t used)
{
    if (reserved > used) pb_step_pool_give(p, reserved - used);
    if (used > reserved) __atomic_fetch_add(&p->taken, used - reserved, __ATOMIC_RELAXED);
}

typedef struct pb_limiter {
    const pb_limits *lim;
    double deadline;     /* monotonic seconds; 0: none */
    uint64_t next;       /* step count at which pb_limiter_poll must be called */
    uint64_t quantum;    /* steps between polls now: 1..PB_POLL_STEPS */
    uint64_t last_steps; /* the step count and clock at the last poll (clock: timed only) */
    double last_t;
    int timed;          /* a deadline or a cancel flag: polls read the clock and adapt */
    pb_step_pool *pool; /* a parallel run's shared steps; NULL: lim->max_steps is ours */
    uint64_t granted;   /* with a pool: the step count this task may reach */
    uint64_t *reserved; /* lim->share's tally of the steps drawn, or NULL */
} pb_limiter;

/* Draws up to `want` steps from the limiter's pool, tallying them for a shared limit. */
static inline uint64_t pb_limiter_take(pb_limiter *l, uint64_t want)
{
    uint64_t got = pb_step_pool_take(l->pool, want);
    if (l->reserved) *l->reserved += got;
    return got;
}

static inline double pb_now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* Whether a loop that keeps no step count must stop: the cancel flag is set or the
 * deadline (monotonic seconds, 0: none) has passed. */
static inline int pb_cancelled_or_late(const volatile sig_atomic_t *cancel, double deadline)
{
    return (cancel && *cancel) || (deadline > 0 && pb_now_s() >= deadline);
}

static inline uint64_t pb_limiter_next(const pb_limiter *l, uint64_t steps)
{
    uint64_t next = steps + l->quantum;
    uint64_t end = l->pool ? l->granted : l->lim->max_steps;
    if ((l->pool || end) && next > end) next = end;
    return next;
}

/* The limits of a second limiter that counts something other than steps (tenpair's
 * children of one state): the deadline and the cancel flag, no step limit or share. */
static inline pb_limits pb_limits_clock_only(const pb_limits *lim)
{
    pb_limits c = *lim;
    c.max_steps = 0;
    c.share = NULL;
    return c;
}

/* Starts a run's limiter at `steps`. A timed limiter starts polling at once (the
 * first steps may be slow) and widens the interval as the steps show themselves fast. */
static inline void pb_limiter_init(pb_limiter *l, const pb_limits *lim, uint64_t steps)
{
    l->lim = lim;
    l->timed = lim->max_seconds > 0 || lim->cancel;
    l->last_t = l->timed ? pb_now_s() : 0;
    l->deadline = lim->max_seconds > 0 ? l->last_t + lim->max_seconds : 0;
    l->quantum = l->timed ? 1 : PB_POLL_STEPS;
    l->last_steps = steps;
    /* A shared limit: nothing granted yet, so the first step's poll draws a slice. */
    l->pool = lim->share ? lim->share->pool : NULL;
    l->reserved = lim->share ? &lim->share->reserved : NULL;
    l->granted = steps;
    l->next = pb_limiter_next(l, steps);
}

/* From now on the limiter's steps come from `pool` (a parallel run's step limit);
 * pb_limiter_begin reserves the first of them. */
static inline void pb_limiter_use_pool(pb_limiter *l, pb_step_pool *pool)
{
    l->pool = pool;
    l->granted = l->last_steps;
}

/* A task's limiter, from its parent's (same deadline, interval and pool), counting
 * the task's own steps from 0. Nothing is reserved until pb_limiter_begin. */
static inline void pb_limiter_fork(pb_limiter *child, const pb_limiter *parent)
{
    *child = *parent;
    child->last_steps = 0;
    child->granted = 0;
    child->next = 0;
}

/* Before the first step of a pooled limiter (a task as it starts to run, rather than
 * when queued, so that only running tasks hold steps): reserves a first slice.
 * PB_DONE, or PB_LIMIT when the run's steps are spent. */
static inline pb_status pb_limiter_begin(pb_limiter *l)
{
    if (l->timed) l->last_t = pb_now_s();
    if (l->pool) {
        uint64_t got = pb_limiter_take(l, l->quantum);
        if (!got) return PB_LIMIT;
        l->granted = l->last_steps + got;
    }
    l->next = pb_limiter_next(l, l->last_steps);
    return PB_DONE;
}

/* A pooled task that ends gives back the steps it reserved and did not use. */
static inline void pb_limiter_end(pb_limiter *l, uint64_t steps)
{
    if (l->pool && l->granted > steps) pb_step_pool_give(l->pool, l->granted - steps);
    l->granted = steps;
}

/* Called when steps >= l->next: PB_DONE to go on, else the status to stop with. */
static inline pb_status pb_limiter_poll(pb_limiter *l, uint64_t steps)
{
    if (l->pool) {
        if (steps >= l->granted) {
            uint64_t got = pb_limiter_take(l, l->quantum);
            if (!got) return PB_LIMIT;
            l->granted += got;
        }
    } else if (l->lim->max_steps && steps >= l->lim->max_steps) {
        return PB_LIMIT;
    }
    if (l->lim->cancel && *l->lim->cancel) return PB_INTERRUPTED;
    if (l->timed) {
        double now = pb_now_s();
        if (l->deadline > 0 && now >= l->deadline) return PB_LIMIT;
        /* The steps that fit in PB_POLL_TARGET_S at the rate since the last poll,
         * at most PB_POLL_GROWTH times the last interval and at least one step. */
        double dt = now - l->last_t;
        uint64_t ds = steps - l->last_steps, q = PB_POLL_GROWTH * l->quantum;
        if (dt > 0 && (double)ds * PB_POLL_TARGET_S < (double)q * dt)
            q = (uint64_t)((double)ds * PB_POLL_TARGET_S / dt);
        l->quantum = q < 1 ? 1 : q > PB_POLL_STEPS ? PB_POLL_STEPS : q;
        l->last_t = now;
        l->last_steps = steps;
    }
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
