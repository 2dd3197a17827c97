/* engines.h — the tests' view of the engine registry: the engines over the shared
 * model as one NULL-terminated list in registry order, one of them or a cell order by
 * name, and tenpair's engines by name. */
#ifndef PB_TEST_ENGINES_H
#define PB_TEST_ENGINES_H

#include <stdio.h>
#include <stdlib.h>

#include "registry/registry.h"
#include "tenpair/tenpair.h"

static inline const pb_engine *const *model_engines(void)
{
    static const pb_engine *list[64];
    int n = 0;
    for (const pb_registered *r = pb_registry; r->about && n < 63; r++)
        if (r->model) list[n++] = r->model;
    list[n] = NULL;
    return list;
}

/* The engine over the shared model called name; a test without it cannot run (exit 2). */
static inline const pb_engine *engine_named(const char *name)
{
    const pb_engine *e = pb_model_engine_find(name);
    if (!e) {
        fprintf(stderr, "no engine %s\n", name);
        exit(2);
    }
    return e;
}

/* The cell order called name; as engine_named. */
static inline const pb_order *order_named(const char *name)
{
    const pb_order *o = pb_order_find(name);
    if (!o) {
        fprintf(stderr, "no order %s\n", name);
        exit(2);
    }
    return o;
}

/* tenpair's engine called name, or NULL. */
static inline const tp_engine *tenpair_engine(const char *name)
{
    const pb_registered *r = pb_registry_find("tenpair", 0, name);
    return r ? tp_engine_of(r->about) : NULL;
}

#endif
