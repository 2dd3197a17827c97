/* speed_guard.c — the guard on the machine's speed while a sweep samples. */
#include "speed_guard.h"

#include <math.h>
#include <stdio.h>
#include <time.h>

#include "core/limiter.h"
#include "harness/base/say.h"

static void note(pb_speed_guard *g, double r)
{
    if (isnan(r)) return;
    if (!g->readings++ || r < g->best_s) g->best_s = r;
    if (r > g->worst_s) g->worst_s = r;
    g->last_s = r;
}

int pb_speed_guard_start(pb_speed_guard *g, double settle_s, double tolerance, pb_speed_read read,
                         void *ctx)
{
    *g = (pb_speed_guard){
        .read = read, .ctx = ctx, .settle_s = settle_s, .tolerance = tolerance, .pause_s = 2};
    if (isnan(pb_speed_guard_read(g))) return -1;
    g->first_s = g->last_s;
    /* A core that was idle can run slow for seconds once busy: a guard that waits
     * reads until the readings settle (a second at least, ten at most). */
    const double most = fmin(10, fmax(1, settle_s));
    for (const double t0 = pb_now_s(); settle_s > 0;) {
        const double r = pb_speed_guard_read(g), t = pb_now_s() - t0;
        if (isnan(r)) return -1;
        if (t >= most || (t >= 1 && pb_speed_guard_steady(g, r))) break;
    }
    return 0;
}

double pb_speed_guard_read(pb_speed_guard *g)
{
    const double t0 = pb_now_s();
    const double r = g->read(g->ctx);
    g->read_end_s = pb_now_s();
    g->read_s = g->read_end_s - t0;
    note(g, r);
    return r;
}

int pb_speed_guard_due(const pb_speed_guard *g, double now_s)
{
    return g->settle_s > 0 || !g->readings || now_s - g->read_end_s >= g->read_s;
}

int pb_speed_guard_steady(const pb_speed_guard *g, double reading)
{
    return !(reading > g->best_s * (1 + g->tolerance));
}

int pb_speed_guard_settle(pb_speed_guard *g, volatile sig_atomic_t *stop, int quiet)
{
    const double slow = g->last_s / g->best_s;
    if (g->waited_s >= PB_SPEED_WAITS * g->settle_s) return 0; /* the sweep's waiting is spent */
    g->waits++;
    if (!quiet) {
        fputc('\n', stderr); /* off the progress line */
        pb_say("sweep: the machine runs %.2fx slower than at its best (reference run %.3g s "
               "against %.3g s); waiting up to %g s for it, then the round of samples is "
               "taken again",
               slow, g->last_s, g->best_s, g->settle_s);
    }
    const double t0 = pb_now_s();
    int steady = 0;
    while (!*stop && !steady && pb_now_s() - t0 < g->settle_s) {
        const struct timespec pause = {(time_t)g->pause_s,
                                       (long)((g->pause_s - floor(g->pause_s)) * 1e9)};
        nanosleep(&pause, NULL);
        if (*stop) break;
        const double r = pb_speed_guard_read(g);
        if (isnan(r)) break;
        steady = pb_speed_guard_steady(g, r);
    }
    g->waited_s += pb_now_s() - t0;
    if (steady) {
        g->recovered++;
    } else if (!*stop) {
        /* The machine's speed now is its speed from here on: waiting again for a
         * speed it may not return to would only stretch the sweep. */
        g->best_s = g->last_s;
        if (!quiet)
            pb_say("sweep: still %.2fx slower after %g s; going on at this speed (the rows keep "
                   "their readings, ref_s)",
                   slow, g->settle_s);
    }
    return steady;
}

int pb_speed_guard_lines(const pb_speed_guard *g, char line[][160])
{
    snprintf(line[0], 160, "ref_s=first %.6g best %.6g worst %.6g last %.6g (%d reading%s)",
             g->first_s, g->best_s, g->worst_s, g->last_s, g->readings,
             g->readings == 1 ? "" : "s");
    snprintf(line[1], 160, "speed_waits=%d (%d recovered, %.0f s waited)", g->waits, g->recovered,
             g->waited_s);
    snprintf(line[2], 160, "speed_rounds=%d taken again, %d kept slower", g->resampled,
             g->unsteady);
    return 3;
}
