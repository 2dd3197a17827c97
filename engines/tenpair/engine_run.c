/* engine_run.c — the names of the tenpair engines' capabilities, the one check that
 * decides whether an engine runs a request, and running one with its clock. */
#include "tenpair.h"

#include <stdio.h>
#include <string.h>

#include "../core/limiter.h"

const char *const tp_cap_names[] = {TP_CAPS(PB_X_NAME) NULL};

pb_refusal tp_engine_check(const tp_engine *e, const tp_rules *r, const tp_run *how, char *why,
                           size_t whylen)
{
    const char *name = e->about.name;
    const unsigned caps = e->about.caps;
    const int count = how->mode == TP_COUNT;
    pb_error err = {0, ""};
    if (tp_rules_check(r, &err))
        return pb_refuse(PB_REFUSE_INSTANCE, why, whylen, "the rules are not playable: %s",
                         err.msg);
    if (!(caps & (count ? TP_CAP_COUNT : TP_CAP_SHORTEST)))
        return pb_refuse(PB_REFUSE_MODE, why, whylen, "engine %s cannot %s", name,
                         count ? "count wins" : "find the shortest win");
    if (how->max_length < 0 || how->max_length > TP_MAX_LENGTH)
        return pb_refuse(PB_REFUSE_REQUEST, why, whylen, "the length bound %d is outside 0-%d",
                         how->max_length, TP_MAX_LENGTH);
    if (count && how->max_length <= 0)
        return pb_refuse(PB_REFUSE_REQUEST, why, whylen, "a count needs a length bound");
    if (how->max_length && how->max_length < r->nstart)
        return pb_refuse(PB_REFUSE_REQUEST, why, whylen,
                         "the length bound %d is shorter than the start (%d digits)",
                         how->max_length, r->nstart);
    if (how->threads > 1 && !(count && (caps & TP_CAP_PARALLEL)))
        return pb_refuse(PB_REFUSE_THREADS, why, whylen,
                         count ? "engine %s cannot split a count over threads (the engines marked "
                                 "'parallel' can)"
                               : "engine %s finds the shortest win on one thread (threads split "
                                 "counts, with the engines marked 'parallel')",
                         name);
    if (how->on_win && !(count && (caps & TP_CAP_WINS)))
        return pb_refuse(PB_REFUSE_REQUEST, why, whylen,
                         count ? "engine %s cannot list its wins (the engines marked 'wins' can)"
                               : "wins are listed by counts, not by the shortest-win search",
                         name);
    return PB_RUNS;
}

pb_status tp_engine_run(const tp_engine *e, const tp_rules *r, const tp_run *how, tp_result *out)
{
    memset(&out->stats, 0, sizeof out->stats);
    out->length = out->npath = 0;
    out->path = NULL;
    out->why[0] = '\0';
    out->refusal = tp_engine_check(e, r, how, out->why, sizeof out->why);
    if (out->refusal != PB_RUNS) return out->status = PB_UNSUPPORTED;
    if (out->wins_by_length)
        memset(out->wins_by_length, 0, ((size_t)how->max_length + 1) * sizeof *out->wins_by_length);
    double t0 = pb_now_s();
    out->status = e->run(r, how, out);
    out->stats.wall_s = pb_now_s() - t0;
    return out->status;
}
