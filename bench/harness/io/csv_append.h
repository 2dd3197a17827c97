/* csv_append.h — one timed row appended to a CSV that successive calls build up (the
 * caller's key columns, then wall_s and the timing columns), and its samples to
 * NAME.samples.csv beside it; each file is written whole (temporary name, then rename),
 * so no reader ever sees half a line. */
#ifndef PB_CSV_APPEND_H
#define PB_CSV_APPEND_H

#include <stddef.h>

#include "harness/measure/measure.h"

enum { PB_CSV_MAX_KEYS = 32 };

/* The key columns of a row: their names (the CSV's first columns) and values. */
typedef struct pb_csv_keys {
    int n;
    const char *name[PB_CSV_MAX_KEYS];
    const char *value[PB_CSV_MAX_KEYS];
} pb_csv_keys;

/* Parses "NAME=VALUE,NAME=VALUE..." into k, pointing into text (which it cuts up).
 * A name is a letter or '_' then letters, digits or '_', given once, and not one of
 * the timing columns; a value holds no '"', '\n' or '\r' (it may be empty). 0, or -1
 * with a message in err. */
int pb_csv_keys_parse(char *text, pb_csv_keys *k, char *err, size_t errlen);

/* Checks, before a row is measured, that it could be appended to path: 0 when path is
 * missing or empty, or holds the header of k's names and complete lines; else -1 with
 * a message in err. */
int pb_csv_append_check(const char *path, const pb_csv_keys *k, char *err, size_t errlen);

/* Appends to path the row k's values, wall_s (the median) and t's timing columns
 * (pb_csv_timing_write) tagged with run_id; *row is its index: the data rows already
 * in the file. A missing or empty file gets the header first (k's names, wall_s, the
 * timing columns); an existing one must have that header, and a last line that is
 * complete. The samples go to NAME.samples.csv first, replacing any lines of the same
 * run_id and row that an earlier call left without their CSV row (a new CSV starts
 * its samples file anew). 0, or -1 with a message in err. */
int pb_csv_append_timed(const char *path, const pb_csv_keys *k, const char *run_id,
                        const pb_timing *t, long *row, char *err, size_t errlen);

#endif
