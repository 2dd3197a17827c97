/* engine.c — looking engines and orders up by name, and the common run wrapper that
 * checks capabilities and times every engine the same way. */
#include "engine.h"

#include <string.h>
#include "limiter.h"

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

void pb_stats_add(pb_stats *to, const pb_stats *from)
{
    to->steps += from->steps;
    to->placements += from->placements;
    to->backtracks += from->backtracks;
    to->candidates += from->candidates;
    to->guesses += from->guesses;
    to->solutions += from->solutions;
    to->wall_s += from->wall_s;
}

pb_status pb_engine_run(const pb_engine *e, const pb_model *m, const pb_run *how, pb_result *out)
{
    memset(&out->stats, 0, sizeof out->stats);
    unsigned need = how->mode == PB_MODE_FIRST ? PB_CAP_FIRST : PB_CAP_COUNT;
    const char *why;
    if (!(e->caps & need) || (e->accepts && !e->accepts(m, &why)))
        return out->status = PB_UNSUPPORTED;
    double t0 = pb_now_s();
    out->status = e->run(m, e->config, how, out);
    out->stats.wall_s = pb_now_s() - t0;
    out->stats.steps = out->stats.placements + out->stats.backtracks;
    return out->status;
}
