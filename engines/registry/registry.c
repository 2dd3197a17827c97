/* registry.c — the table of every engine: one line per engine, tagged with the
 * family it serves (PB_PLACEMENT: every family on the shared model), built from
 * the list in engine_list.h. */
#include "registry.h"
#include "engine_list.h"

#include <string.h>

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
