/* family.h — what the CLI and the sweep need from a puzzle family: load one instance
 * (a name or a file) into a model, name it, and print a board. One struct per
 * family, one line in the table of families. */
#ifndef PB_FAMILY_H
#define PB_FAMILY_H

#include <stdio.h>
#include "core/model.h"

/* Family parameters given as options or sweep keys (unused ones are ignored). */
typedef struct bench_params {
    int diff;        /* notouch: minimum difference of touching cells */
    const char *adj; /* notouch: "king" or "orth" */
} bench_params;

#define BENCH_PARAMS_DEFAULT                                                                       \
    {                                                                                              \
        2, "king"                                                                                  \
    }

typedef struct bench_family {
    const char *name, *summary;
    const char *instance_help; /* one line: what an instance spec may be */
    /* Checks the parameters; 0, or -1 with a message in err. */
    int (*check_params)(const bench_params *p, char *err, size_t errlen);
    /* Loads one instance. spec is a built-in name or a file path. On failure returns
     * NULL with "FILE:LINE: what was expected" (or a plain message) in err. */
    pb_model *(*load)(const char *spec, const bench_params *p, char *err, size_t errlen);
    /* The instance's short name for result files (no commas or spaces). */
    void (*instance_name)(const char *spec, char *out, size_t outlen);
} bench_family;

extern const bench_family *const bench_families[];
const bench_family *bench_family_find(const char *name);

/* Prints a placement board by its layout, holes left out, as seed 000 does: each
 * row's values separated by one space, padded to `width` (0: no padding); `prefix`
 * goes before the first row, `suffix` after the last. values[c] may be 0 or -1. */
void bench_print_board(FILE *f, const pb_model *m, const int *values, int width, const char *prefix,
                       const char *suffix);

#endif
