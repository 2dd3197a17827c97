/* registry.c — the table of every engine: one line per engine, tagged with the
 * family it serves (PB_PLACEMENT: every family on the shared model). Adding an
 * engine adds one line here. */
#include "registry.h"

#include <string.h>

/* One line per engine, MODEL(tag, engine), in listing order. */
#define PB_ENGINE_LIST(MODEL)                                                                      \
    MODEL(PB_PLACEMENT, pb_engine_enum_perm)       /* search/enumerate.c */                        \
    MODEL(PB_PLACEMENT, pb_engine_enum_all)        /* search/enumerate.c */                        \
    MODEL(PB_PLACEMENT, pb_engine_backtrack)       /* search/search.c */                           \
    MODEL(PB_PLACEMENT, pb_engine_propagate)       /* search/search.c */                           \
    MODEL(PB_PLACEMENT, pb_engine_alldiff)         /* search/alldiff.c */                          \
    MODEL(PB_PLACEMENT, pb_engine_learn)           /* learn/learn.c */                             \
    MODEL(PB_PLACEMENT, pb_engine_restart)         /* search/restart.c */                          \
    MODEL("notouch", pb_engine_value_order)        /* notouch/value_order.c */                     \
    MODEL("notouch", pb_engine_path_count)         /* notouch/path_count.c */                      \
    MODEL("sudoku", pb_engine_sudoku_logic)        /* sudoku/logic.c */                            \
    MODEL("sudoku", pb_engine_sudoku_seed)         /* sudoku/seed.c */                             \
    MODEL("kakuro", pb_engine_kakuro_combo)        /* kakuro/combo.c */                            \
    MODEL("kakuro", pb_engine_kakuro_thesis)       /* kakuro/thesis.c */                           \
    MODEL("tenpair", pb_engine_tenpair_bfs)        /* tenpair/engines.c */                         \
    MODEL("tenpair", pb_engine_tenpair_best_first) /* tenpair/engines.c */                         \
    MODEL("tenpair", pb_engine_tenpair_compact)    /* tenpair/engines.c */

#define DECLARE_MODEL(tag, e) extern const pb_engine e;
PB_ENGINE_LIST(DECLARE_MODEL)

#define ENTRY_MODEL(tag, e) {tag, &(e).about, &(e)},
const pb_registered pb_registry[] = {PB_ENGINE_LIST(ENTRY_MODEL){NULL, NULL, NULL}};

int pb_registry_serves(const pb_registered *r, const char *family, int placement)
{
    return !strcmp(r->family, family) || (placement && !strcmp(r->family, PB_PLACEMENT));
}

int pb_registry_offers(const pb_registered *r, const char *family, int placement, int permutations)
{
    return pb_registry_serves(r, family, placement) &&
           (permutations || !(r->about->caps & PB_CAP_PERMS));
}

const pb_registered *pb_registry_find(const char *family, int placement, const char *name)
{
    for (const pb_registered *r = pb_registry; r->about; r++)
        if (pb_registry_serves(r, family, placement) && !strcmp(r->about->name, name)) return r;
    return NULL;
}

const pb_engine *pb_model_engine_find(const char *name)
{
    for (const pb_registered *r = pb_registry; r->about; r++)
        if (r->model && !strcmp(r->about->name, name)) return r->model;
    return NULL;
}
