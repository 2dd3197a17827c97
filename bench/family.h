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

/* One instance: a board name or a file, holding one puzzle (notouch) or any number
 * (sudoku). A puzzle that could not be read has no model and carries its error. */
typedef struct bench_puzzle {
    pb_model *model; /* NULL when the puzzle could not be read */
    int line;        /* its first line in the file; 0 when not from a file */
    char *error;     /* "FILE:LINE: what was expected", or NULL */
} bench_puzzle;

typedef struct bench_set {
    int count, bad; /* puzzles, and how many of them could not be read */
    bench_puzzle *puzzle;
    void *priv; /* the family's own data (shared models, formats, ...) */
} bench_set;

typedef struct bench_family {
    const char *name, *summary;
    const char *instance_help; /* one line: what an instance spec may be */
    /* 1 when instances are files of many puzzles: --threads then solves puzzles in
     * parallel (each puzzle on one thread) instead of splitting one search. */
    int batch;
    const char *default_engine; /* for solve and count */
    /* Checks the parameters; 0, or -1 with a message in err. */
    int (*check_params)(const bench_params *p, char *err, size_t errlen);
    /* Loads one instance. spec is a built-in name or a file path ("-": standard
     * input). 0 with *set filled (puzzles that could not be read carry their error),
     * or -1 with "FILE:LINE: what was expected" (or a plain message) in err. */
    int (*load)(const char *spec, const bench_params *p, bench_set *set, char *err, size_t errlen);
    void (*free_set)(bench_set *set);
    /* Prints puzzle i's solution (values[cell]) in the format the puzzle came in. */
    void (*print_solution)(FILE *f, const bench_set *set, int i, const int *values);
    /* Optional (NULL: not offered): prints what is left of puzzle i after the family's
     * plain deduction, the candidates of every open cell. */
    void (*print_candidates)(FILE *f, const bench_set *set, int i);
    /* The instance's short name for result files (no commas or spaces). */
    void (*instance_name)(const char *spec, char *out, size_t outlen);
    /* A family whose search is not over a placement model (tenpair) runs `solve`
     * and `count` itself and leaves the fields above NULL; NULL for the others. */
    int (*command)(int argc, char **argv, int count_mode);
} bench_family;

/* The short name of a file spec: its base name up to the first '.', with commas,
 * spaces and quotes replaced, so it can go in a CSV field. */
void bench_base_name(const char *spec, char *out, size_t outlen);

extern const bench_family *const bench_families[];
const bench_family *bench_family_find(const char *name);
/* The families' names, comma-separated, for messages. */
void bench_family_list(char *out, size_t len);

/* Prints a placement board by its layout, holes left out, as seed 000 does: each
 * row's values separated by one space, padded to `width` (0: no padding); `prefix`
 * goes before the first row, `suffix` after the last. values[c] may be 0 or -1. */
void bench_print_board(FILE *f, const pb_model *m, const int *values, int width, const char *prefix,
                       const char *suffix);

#endif
