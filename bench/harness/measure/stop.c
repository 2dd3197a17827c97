/* stop.c — a run's status and limits read as the reason it stopped. */
#include "stop.h"

#include <inttypes.h>
#include <stdio.h>

static const char *const names[] = {PB_STOPS(PB_X_NAME)};

const char *pb_stop_name(pb_stop s)
{
    return s >= 0 && s < PB_STOP_COUNT ? names[s] : "";
}

pb_stop pb_stop_of(pb_status st, const pb_limits *lim, pb_count solutions, double elapsed_s)
{
    switch (st) {
    case PB_DONE:
        return PB_STOP_DONE;
    case PB_INTERRUPTED:
        return PB_STOP_INTERRUPTED;
    case PB_UNSUPPORTED:
        return PB_STOP_REFUSED;
    case PB_NOMEM:
        return PB_STOP_MEMORY;
    case PB_OVERFLOW:
        return PB_STOP_OVERFLOW;
    case PB_LIMIT:
        if (lim->max_solutions && solutions >= lim->max_solutions) return PB_STOP_SOLUTIONS;
        if (lim->max_seconds > 0 && (!lim->max_steps || elapsed_s >= lim->max_seconds))
            return PB_STOP_TIME;
        return lim->max_steps ? PB_STOP_STEPS : PB_STOP_UNKNOWN;
    default:
        return PB_STOP_UNKNOWN;
    }
}

void pb_stop_option(pb_stop s, const pb_limits *lim, char *out, size_t len)
{
    if (s == PB_STOP_TIME)
        snprintf(out, len, "--time-limit %g", lim->max_seconds);
    else if (s == PB_STOP_STEPS)
        snprintf(out, len, "--step-limit %" PRIu64, lim->max_steps);
    else if (len)
        out[0] = '\0';
}
