/* sweep_spec.h — an experiment matrix described by a small text file ("key value..."
 * lines, '#' comments) or by the same keys given as options. */
#ifndef PB_SWEEP_SPEC_H
#define PB_SWEEP_SPEC_H

#include <stdint.h>
#include "core/error.h"
#include "family.h"

#define SWEEP_MAX_LIST 64

typedef struct sweep_list {
    int n;
    char *item[SWEEP_MAX_LIST];
} sweep_list;

typedef struct sweep_spec {
    char *name;   /* output files NAME.csv and NAME.meta */
    char *family; /* e.g. notouch */
    sweep_list instances, engines, orders, modes;
    int search_threads[SWEEP_MAX_LIST], nsearch_threads;
    int reps;
    double rep_budget; /* > 0: stop repeating a run once its reps took this many seconds */
    int workers;       /* runs at a time (1-thread runs only); 0: one per core */
    bench_params params;
    char *adj_storage;
    uint64_t step_limit;                    /* 0: none */
    sweep_list step_limit_engines;          /* engine-specific step limits ... */
    uint64_t step_limit_of[SWEEP_MAX_LIST]; /* ... and their values */
    double time_limit;
} sweep_spec;

/* Defaults: no instances, every engine, orders "row", modes first+count, search
 * threads 1, 3 reps, workers 0, step limit 0, time limit 60 s. */
void sweep_spec_init(sweep_spec *s);
void sweep_spec_free(sweep_spec *s);

/* Applies one "key value..." setting; the key list is in the help text. 0, or -1
 * with *err set (err->line is left for the caller to fill). */
int sweep_spec_set(sweep_spec *s, const char *key, const char *value, pb_error *err);

/* Reads a whole file's text. 0, or -1 with *err naming the line. */
int sweep_spec_parse(sweep_spec *s, const char *text, size_t len, pb_error *err);

/* The step limit of runs of this engine. */
uint64_t sweep_spec_step_limit(const sweep_spec *s, const char *engine);

/* 1 when key is a sweep key (so the CLI can take --KEY VALUE overrides). */
int sweep_spec_is_key(const char *key);

extern const char sweep_spec_keys_help[];

#endif
