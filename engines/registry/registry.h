/* registry.h — every engine of the project in one table, each tagged with the
 * family it serves, or with PB_PLACEMENT for the engines that run on the shared
 * model of any placement family (notouch, sudoku, kakuro, ...). The harness takes a
 * family's engines from here by tag; engines/core knows no family. */
#ifndef PB_REGISTRY_H
#define PB_REGISTRY_H

#include "../core/engine.h"

#define PB_PLACEMENT "placement"

typedef struct pb_registered {
    const char *family;           /* PB_PLACEMENT, or the one family the engine serves */
    const pb_engine_about *about; /* what every engine starts with */
    const pb_engine *model;       /* the engine (every engine runs on the shared model) */
} pb_registered;

/* The registry, in listing order, ended by an entry whose about is NULL. */
extern const pb_registered pb_registry[];

/* The entry called name among those tagged family (or PB_PLACEMENT too, when
 * placement is 1); NULL when there is none. */
const pb_registered *pb_registry_find(const char *family, int placement, const char *name);

/* The engine over the shared model called name, whatever its tag; NULL if none. */
const pb_engine *pb_model_engine_find(const char *name);

/* 1 when entry r serves family (or is a placement engine and placement is 1). */
int pb_registry_serves(const pb_registered *r, const char *family, int placement);

/* 1 when entry r serves family (as pb_registry_serves) and can run some model of it:
 * an engine marked 'perms' only where the family's models are permutations
 * (permutations 1). What a family's help and engine lists offer. */
int pb_registry_offers(const pb_registered *r, const char *family, int placement, int permutations);

#endif
