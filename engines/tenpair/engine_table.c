/* engine_table.c — the tenpair engines, and running one with its checks and clock. */
#include "tenpair.h"

#include <string.h>

#include "../core/limiter.h"

extern const tp_engine tp_engine_bfs, tp_engine_best_first, tp_engine_compact;

const tp_engine *const tp_engines[] = {&tp_engine_bfs, &tp_engine_best_first, &tp_engine_compact,
                                       NULL};

const tp_engine *tp_engine_find(const char *name)
{
    for (const tp_engine *const *e = tp_engines; *e; e++)
        if (!strcmp((*e)->name, name)) return *e;
    return NULL;
}

pb_status tp_engine_run(const tp_engine *e, const tp_rules *r, const tp_run *how, tp_result *out)
{
    out->status = PB_UNSUPPORTED;
    memset(&out->stats, 0, sizeof out->stats);
    out->length = out->npath = 0;
    out->path = NULL;
    if (tp_rules_check(r, NULL)) return out->status;
    if (how->mode == TP_SHORTEST && !(e->caps & TP_CAP_SHORTEST)) return out->status;
    if (how->mode == TP_COUNT && (!(e->caps & TP_CAP_COUNT) || how->max_length <= 0))
        return out->status;
    if (how->on_win && !(e->caps & TP_CAP_WINS)) return out->status;
    if (how->max_length < 0 || how->max_length > TP_MAX_LENGTH) return out->status;
    if (how->max_length && how->max_length < r->nstart) return out->status;
    if (out->wins_by_length)
        memset(out->wins_by_length, 0, ((size_t)how->max_length + 1) * sizeof *out->wins_by_length);
    double t0 = pb_now_s();
    out->status = e->run(r, how, out);
    out->stats.wall_s = pb_now_s() - t0;
    return out->status;
}
