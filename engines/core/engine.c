/* engine.c — the names of statuses, refusals and capabilities, cell orders by name,
 * the one check that decides whether an engine runs a request, and the common run
 * wrapper that times every engine the same way. */
#include "engine.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "limiter.h"

static const char *const status_names[] = {PB_STATUSES(PB_X_NAME)};
static const char *const refusal_names[] = {PB_REFUSALS(PB_X_NAME)};
const char *const pb_cap_names[] = {PB_CAPS(PB_X_NAME) NULL};

const char *pb_status_name(pb_status s)
{
    return s >= 0 && s < PB_STATUS_COUNT ? status_names[s] : "?";
}

const char *pb_refusal_name(pb_refusal r)
{
    return r >= 0 && r < PB_REFUSAL_COUNT ? refusal_names[r] : "?";
}

const pb_order *pb_order_find(const char *name)
{
    for (const pb_order *const *o = pb_orders; *o; o++)
        if (!strcmp((*o)->name, name)) return *o;
    return NULL;
}

char *pb_count_format(pb_count v, char buf[PB_COUNT_CHARS])
{
    char digits[PB_COUNT_CHARS];
    int n = 0;
    do { /* printf has no conversion for 128 bits: the digits, last first */
        digits[n++] = (char)('0' + (int)(v % 10));
        v /= 10;
    } while (v);
    for (int i = 0; i < n; i++) buf[i] = digits[n - 1 - i];
    buf[n] = '\0';
    return buf;
}

void pb_stats_add(pb_stats *to, const pb_stats *from)
{
    to->steps += from->steps;
    to->placements += from->placements;
    to->backtracks += from->backtracks;
    to->candidates += from->candidates;
    to->guesses += from->guesses;
    to->learnts += from->learnts;
    to->restarts += from->restarts;
    if (from->bytes > to->bytes) to->bytes = from->bytes;
    to->solutions = pb_count_add(to->solutions, from->solutions);
    to->wall_s += from->wall_s;
}

pb_refusal pb_refuse(pb_refusal r, char *why, size_t whylen, const char *fmt, ...)
{
    if (why && whylen) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(why, whylen, fmt, ap);
        va_end(ap);
    }
    return r;
}

pb_refusal pb_engine_check(const pb_engine *e, const pb_model *m, const pb_run *how, char *why,
                           size_t whylen)
{
    const char *name = e->about.name;
    const unsigned caps = e->about.caps;
    const int count = how->mode == PB_MODE_COUNT;
    if (!(caps & (count ? PB_CAP_COUNT : PB_CAP_FIRST)))
        return pb_refuse(PB_REFUSE_MODE, why, whylen, "engine %s cannot %s", name,
                         count ? "count solutions" : "stop at the first solution");
    if (how->trace && !(caps & PB_CAP_TRACE))
        return pb_refuse(PB_REFUSE_TRACE, why, whylen, "engine %s cannot trace its steps", name);
    /* Row order is every engine's natural one; only another order needs the capability. */
    if (how->order && how->order != pb_orders[0] && !(caps & PB_CAP_ORDER))
        return pb_refuse(PB_REFUSE_ORDER, why, whylen, "engine %s has no cell order", name);
    if (how->threads > 1) {
        if (!(caps & PB_CAP_PARALLEL))
            return pb_refuse(PB_REFUSE_THREADS, why, whylen,
                             "engine %s cannot split one search over %d threads (the engines "
                             "marked 'parallel' can)",
                             name, how->threads);
        if (!count)
            return pb_refuse(PB_REFUSE_THREADS, why, whylen,
                             "engine %s splits counts, not a first-solution search, over threads",
                             name);
        if (how->trace)
            return pb_refuse(PB_REFUSE_THREADS, why, whylen,
                             "a trace lists the steps in order: it runs on one thread");
        /* A solution cap needs one global count, so capped counts stay sequential. */
        if (how->limits.max_solutions)
            return pb_refuse(PB_REFUSE_THREADS, why, whylen,
                             "a count stopped after N solutions needs one running total: it runs "
                             "on one thread");
    }
    const char *reason = NULL;
    if (e->accepts && !e->accepts(m, &reason))
        return pb_refuse(PB_REFUSE_INSTANCE, why, whylen, "engine %s cannot run this instance: %s",
                         name, reason ? reason : "unsupported model");
    return PB_RUNS;
}

pb_status pb_engine_run(const pb_engine *e, const pb_model *m, const pb_run *how, pb_result *out)
{
    memset(&out->stats, 0, sizeof out->stats);
    out->why[0] = '\0';
    out->refusal = pb_engine_check(e, m, how, out->why, sizeof out->why);
    if (out->refusal != PB_RUNS) return out->status = PB_UNSUPPORTED;
    double t0 = pb_now_s();
    out->status = e->run(m, e->config, how, out);
    out->stats.wall_s = pb_now_s() - t0;
    out->stats.steps = out->stats.placements + out->stats.backtracks;
    return out->status;
}
