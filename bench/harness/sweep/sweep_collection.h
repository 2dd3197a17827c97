/* sweep_collection.h — a sweep's `collection`: the puzzles a published folder's
 * manifest.csv names, made instances of the sweep (sweep_collection.c). */
#ifndef PB_SWEEP_COLLECTION_H
#define PB_SWEEP_COLLECTION_H

#include "sweep.h"

/* Adds the instances of s's collection (its folder: collection-env's value when that
 * is set, else collection) and copies its manifest to OUT/NAME.manifest.csv (not with
 * --list). 0; PB_EXIT_SKIPPED after a line saying so when there is no manifest.csv;
 * or the exit status after a one-line message naming the manifest's line. */
int pb_sweep_collection_load(pb_sweep_spec *s, const pb_sweep_opts *o);

#endif
