/* engine.c — looking engines and orders up by name, and the common run wrapper that
 * checks capabilities and times every engine the same way. */
#include "engine.h"

#include <string.h>
#include <time.h>

const char *pb_status_name(pb_status s)
{
    switch (s) {
    case PB_DONE:
        return "done";
    case PB_LIMIT:
        return "limit";
    case PB_INTERRUPTED:
        return "interrupted";
    case PB_UNSUPPORTED:
        return "unsupported";
    case PB_NOMEM:
        return "nomem";
    }
    return "?";
}

const pb_engine *pb_engine_find(const char *name)
{
    for (const pb_engine *const *e = pb_engines; *e; e++)
        if (!strcmp((*e)->name, name)) return *e;
    return NULL;
}

const pb_order *pb_order_find(const char *name)
{
    for (const pb_order *const *o = pb_orders; *o; o++)
        if (!strcmp((*o)->name, name)) return *o;
    return NULL;
}

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

pb_status pb_engine_run(const pb_engine *e, const pb_model *m, const pb_run *how, pb_result *out)
{
    memset(&out->stats, 0, sizeof out->stats);
    unsigned need = how->mode == PB_MODE_FIRST ? PB_CAP_FIRST : PB_CAP_COUNT;
    const char *why;
    if (!(e->caps & need) || (e->accepts && !e->accepts(m, &why)))
        return out->status = PB_UNSUPPORTED;
    double t0 = now_s();
    out->status = e->run(m, e->config, how, out);
    out->stats.wall_s = now_s() - t0;
    out->stats.steps = out->stats.placements + out->stats.backtracks;
    return out->status;
}
