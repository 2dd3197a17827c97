/* csv.h — result rows and the CSV file they go to: long format, one row per run,
 * header first, units in column names, written whole (temporary name, then rename). */
#ifndef PB_CSV_H
#define PB_CSV_H

#include "core/engine.h"

typedef struct pb_row {
    const char *family;
    char instance[96];
    int cells;
    int puzzles; /* puzzles of the instance that finished (a file may hold many) */
    const char *engine, *order, *mode;
    int threads, rep;
    pb_status status;
    pb_stats stats;
} pb_row;

extern const char pb_csv_header[];

/* Writes the rows with done != 0 to path. 0, or -1 with errno-style message in err. */
int pb_csv_write(const char *path, const pb_row *rows, const unsigned char *done, long n, char *err,
                 size_t errlen);

/* Writes text produced by fill(f, ctx) to path atomically. */
int pb_write_file_atomic(const char *path, int (*fill)(FILE *f, void *ctx), void *ctx, char *err,
                         size_t errlen);

#endif
