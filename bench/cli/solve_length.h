/* solve_length.h — what solve and count print for engines marked 'length', whose
 * solutions are moves from the start (a game's): see solve_length.c. */
#ifndef PB_SOLVE_LENGTH_H
#define PB_SOLVE_LENGTH_H

#include <stdio.h>

#include "harness/measure/batch.h"

/* What --print-paths hands the engine as pb_run.path_ctx: the family prints each
 * solution of puzzle 0 (a count lists the paths of a one-puzzle instance). */
typedef struct pb_path_printer {
    FILE *f;
    const pb_family *fam;
    const pb_set *set;
} pb_path_printer;
void pb_path_print(void *ctx, const pb_move *path, int npath, int length);

/* "length=N solutions=K" for every length up to max_length that has solutions. */
void pb_print_by_length(FILE *f, const pb_outcome *o, int max_length);

/* The stats line's part for an engine marked 'length': "length=N " before the counts
 * (a first-solution search of one puzzle); and " NAME=VALUE" for each of the figures
 * the family's engines report (pb_family.figures), summed over the puzzles. */
void pb_print_length_head(FILE *f, const pb_batch *b, const pb_batch_result *r);
void pb_print_figures(FILE *f, const pb_family *fam, const pb_batch_result *r);

/* Says on stderr why puzzle o of an engine marked 'length' has no answer: none within
 * the length bound, or a stop for memory (the growth refused and the bound, or the
 * system's allocator). Nothing for the others. */
void pb_say_length_outcome(const char *cmd, const pb_family *fam, const pb_batch *b,
                           const pb_outcome *o);

#endif
