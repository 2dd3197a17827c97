/* engines.h — the tests' view of the engine registry: the engines over the shared
 * model as one NULL-terminated list in registry order, and tenpair's engines by name. */
#ifndef PB_TEST_ENGINES_H
#define PB_TEST_ENGINES_H

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

/* tenpair's engine called name, or NULL. */
static inline const tp_engine *tenpair_engine(const char *name)
{
    const pb_registered *r = pb_registry_find("tenpair", 0, name);
    return r ? tp_engine_of(r->about) : NULL;
}

#endif
