/* engine_args.h — what a command line gives an engine beyond the request: parameter
 * values (--param NAME=VALUE, repeatable) and an engine seed (--engine-seed N), the
 * options that read them, and the "did you mean" for a parameter an engine lacks. */
#ifndef PB_ENGINE_ARGS_H
#define PB_ENGINE_ARGS_H

#include <stddef.h>
#include <stdint.h>

#include "core/engine.h"
#include "options.h"

enum { PB_ENGINE_ARGS_MAX = 16, PB_ENGINE_ARG_CHARS = 160 };

typedef struct pb_engine_args {
    int n;
    char text[PB_ENGINE_ARGS_MAX][PB_ENGINE_ARG_CHARS]; /* "NAME\0VALUE" */
    pb_param_value v[PB_ENGINE_ARGS_MAX];               /* into text, set by pb_engine_args_run */
    uint64_t seed;
    int seeded;
} pb_engine_args;

/* --param's parser (PB_OPT_CUSTOM, field a pb_engine_args): appends NAME=VALUE. */
int pb_engine_args_param(const char *value, void *field, char *err, size_t errlen);
/* --engine-seed's parser (field a pb_engine_args): a whole number from 0 to 2^64 - 1. */
int pb_engine_args_seed(const char *value, void *field, char *err, size_t errlen);

/* Points how at a's values and seed (a must stay where it is while how runs). */
void pb_engine_args_run(pb_engine_args *a, pb_run *how);

/* For a refusal of how's parameters by the engine a: " (did you mean 'NAME'?)" for
 * the first parameter a lacks when one of a's is near it, else "". Returns out. */
char *pb_engine_args_hint(const pb_engine_about *a, const pb_run *how, char *out, size_t len);

/* The options, for every command that runs engines: the same names and help. */
#define PB_OPTION_PARAM(T, F)                                                                      \
    {                                                                                              \
        PB_OPT_ROW(T, "param", PB_OPT_CUSTOM, F, "NAME=VALUE",                                     \
                   "set a parameter of the engine ('puzzlebench engines'\n"                        \
                   "lists each engine's)"),                                                        \
            .parse = pb_engine_args_param, .repeats = 1                                            \
    }
#define PB_OPTION_ENGINE_SEED(T, F)                                                                \
    PB_OPT_CUSTOM_ROW(T, "engine-seed", F, "N",                                                    \
                      "seed of the engine's random choices, for the engines\n"                     \
                      "marked 'random' (default 1)",                                               \
                      pb_engine_args_seed)

#endif
