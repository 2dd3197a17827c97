/* engines.c — tenpair's three engines as pb_engine entries (tagged "tenpair" in the
 * registry): they accept the models tp_model_new builds; pb_engine_check decides the
 * rest of a request from their capabilities ('length': the bound). */
#include "search.h"

#include <string.h>

#include "../registry/engine_list.h"

const char *const tp_figure_names[] = {"stored", "nodes", NULL};

static int accepts(const pb_model *m, const char **why)
{
    tp_rules r;
    if (!tp_rules_of(m, &r, NULL)) return 1;
    *why = "not a tenpair start (tenpair's engines play only the game)";
    return 0;
}

enum { BFS, BEST_FIRST, COMPACT };

static pb_status run(const pb_model *m, int config, const pb_run *how, pb_result *out)
{
    tp_rules r;
    if (tp_rules_of(m, &r, NULL)) return PB_UNSUPPORTED; /* accepts said no */
    const pb_status st = config != COMPACT ? tp_plain_search(&r, how, out, config == BEST_FIRST)
                         : how->mode == PB_MODE_COUNT ? tp_compact_count(&r, how, out)
                                                      : tp_compact_shortest(&r, how, out);
    /* As values of the model's cells, every win is the start digits (its moves are
     * in path): what a caller that keeps solutions as values gets. */
    if (out->first && out->stats.solutions)
        for (int i = 0; i < r.nstart; i++) out->first[i] = r.start[i];
    return st;
}

#define TP_PLAIN_CAPS (PB_CAP_FIRST | PB_CAP_COUNT | PB_CAP_LENGTH | PB_CAP_PATHS)

const pb_engine pb_engine_tenpair_bfs = {
    {"bfs", "breadth first over moves, whole configurations in a seen set", TP_PLAIN_CAPS,
     pb_cap_names, NULL},
    BFS,
    accepts,
    run};

const pb_engine pb_engine_tenpair_best_first = {
    {"best-first", "the seed's: a priority queue by written length, a cache of configurations",
     TP_PLAIN_CAPS, pb_cap_names, NULL},
    BEST_FIRST,
    accepts,
    run};

const pb_engine pb_engine_tenpair_compact = {
    {"compact",
     "4-bit states, crossed rows dropped; count: each written sequence once, its states level by "
     "level, OpenMP",
     PB_CAP_FIRST | PB_CAP_COUNT | PB_CAP_PARALLEL | PB_CAP_LENGTH, pb_cap_names, NULL},
    COMPACT,
    accepts,
    run};
