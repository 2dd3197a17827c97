/* child_clock.h — the clock of the tenpair searches that keep every state: one state
 * of a long start costs milliseconds (a child is a whole board to hash and look up),
 * so besides the step limit polled before each state, the deadline and the cancel
 * flag are polled between the children of a state, by a limiter that counts them. */
#ifndef PB_TP_CHILD_CLOCK_H
#define PB_TP_CHILD_CLOCK_H

#include <stdint.h>

#include "../core/limiter.h"

typedef struct tp_child_clock {
    pb_limits limits; /* the run's, less the step limit: lim points here, so no copy */
    pb_limiter lim;
    uint64_t children;
} tp_child_clock;

static inline void tp_child_clock_init(tp_child_clock *c, const pb_limits *run)
{
    c->limits = pb_limits_clock_only(run);
    c->children = 0;
    pb_limiter_init(&c->lim, &c->limits, 0);
}

/* Before each child: PB_DONE, or the status to stop with. */
static inline pb_status tp_child_clock_tick(tp_child_clock *c)
{
    return ++c->children < c->lim.next ? PB_DONE : pb_limiter_poll(&c->lim, c->children);
}

#endif
