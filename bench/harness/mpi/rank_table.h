/* rank_table.h — a table that rank 0 alone writes while every rank computes it (a
 * count's rows per length, --levels FILE), and its FILE.meta (rank_table.c). */
#ifndef PB_RANK_TABLE_H
#define PB_RANK_TABLE_H

#include <stddef.h>
#include <stdio.h>

#include "harness/meta/meta.h"

/* Opens path.part (path "-": stderr) for writing on rank 0 (*f NULL on the others);
 * every rank learns whether it opened. 0, or -1 with why in err (on rank 0). */
int pb_rank_table_open(const char *path, FILE **f, char *err, size_t errlen);
/* Rank 0's end of a table opened as a file: its writes checked and synced, PATH.meta
 * written (meta not NULL), then path.part renamed to path. On a failure path.part is
 * removed and nothing is renamed: 0, or -1 with "PATH: cannot write: REASON ..." in
 * err. */
int pb_rank_table_close(const char *path, FILE *f, const pb_meta *meta, char *err, size_t errlen);
/* Closes and removes path.part (the count failed). */
void pb_rank_table_drop(const char *path, FILE *f);

/* PATH.meta: the machine and build, as every result file has, with the rank count
 * and the MPI library. 0, or -1 with why in err. */
int pb_rank_table_meta(const char *path, const pb_meta *meta, char *err, size_t errlen);

#endif
