/* engine_list.h — every engine of the project, one line each: the list the registry
 * is built from, and the declaration of each engine, which its own file includes so
 * that the definition is checked against it. Adding an engine adds one line here. */
#ifndef PB_REGISTRY_ENGINE_LIST_H
#define PB_REGISTRY_ENGINE_LIST_H

#include "../core/engine.h"

/* One line per engine, MODEL(tag, engine), in listing order; the tag is
 * PB_PLACEMENT (registry.h) or the one family the engine serves. */
#define PB_ENGINE_LIST(MODEL)                                                                      \
    MODEL(PB_PLACEMENT, pb_engine_enum_perm)       /* search/enumerate.c */                        \
    MODEL(PB_PLACEMENT, pb_engine_enum_all)        /* search/enumerate.c */                        \
    MODEL(PB_PLACEMENT, pb_engine_backtrack)       /* search/search.c */                           \
    MODEL(PB_PLACEMENT, pb_engine_propagate)       /* search/search.c */                           \
    MODEL(PB_PLACEMENT, pb_engine_alldiff)         /* search/alldiff.c */                          \
    MODEL(PB_PLACEMENT, pb_engine_learn)           /* learn/learn.c */                             \
    MODEL(PB_PLACEMENT, pb_engine_learn_alldiff)   /* learn/learn.c */                             \
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

#define PB_DECLARE_ENGINE(tag, e) extern const pb_engine e;
PB_ENGINE_LIST(PB_DECLARE_ENGINE)
#undef PB_DECLARE_ENGINE

#endif
