/* compare.h — the parts of `puzzlebench compare`: a results file read with its raw
 * samples (compare_load.c), the rows paired by key and their statistics
 * (compare_pair.c), and the table and CSV that show them (compare_print.c). */
#ifndef PB_COMPARE_H
#define PB_COMPARE_H

#include <stddef.h>

#include "harness/io/csvtable.h"
#include "stats/bootstrap.h"
#include "stats/mann_whitney.h"
#include "stats/summary.h"

/* One row of a results file, with its samples. */
typedef struct cmp_row {
    char **cells; /* its fields, in the file's column order */
    long line;
    char *key; /* its key fields joined by NUL bytes, when the row takes part (owned) */
    size_t key_len;
    int done; /* status is done, or the file has no status column */
    int has_steps;
    unsigned long long steps;
    int want;  /* the samples column, or -1 when there is none */
    int n;     /* samples read from the samples file */
    double *t; /* their times per run, in seconds, by sample number (owned) */
} cmp_row;

typedef struct cmp_file {
    const char *path;
    char *samples_path; /* NAME.samples.csv beside NAME.csv (owned) */
    pb_table table;
    cmp_row *rows; /* table.nrows of them */
    /* The columns compare reads; status, steps and samples may be missing (-1). */
    int col_run_id, col_row, col_status, col_steps, col_samples;
} cmp_file;

/* Reads path and its samples file. 0, or -1 with "FILE:LINE: expected ..." (or
 * "FILE: reason") in err; f is freed either way on failure. */
int cmp_file_load(cmp_file *f, const char *path, char *err, size_t errlen);
void cmp_file_free(cmp_file *f);

/* 1 when the column is measured (a result), 0 when it keys the row. */
int cmp_is_measured(const char *column);

typedef enum cmp_verdict { CMP_FASTER, CMP_SLOWER, CMP_SAME, CMP_NONE } cmp_verdict;

typedef struct cmp_pair {
    const cmp_row *old, *new_;
    pb_summary so, sn;
    pb_interval ratio; /* median(new) / median(old) and its bootstrap interval */
    pb_mwu mwu;
    cmp_verdict verdict; /* CMP_NONE: a side did not finish; the rest is NAN */
    double steps_ratio;  /* new / old steps; NAN when unknown */
} cmp_pair;

/* One side of the comparison: a file's rows, or those with one value in a column. */
typedef struct cmp_side {
    cmp_file *file;
    const int *key; /* the key columns in this file, in the order of the output */
    int by_col;     /* -1, or the column whose value picks the rows */
    const char *by_value;
} cmp_side;

/* The pairs, in the old file's order, and the rows left without a partner. The
 * caller sets the first five fields; cmp_pair_up the rest. */
typedef struct cmp_set {
    int nkey;
    const char *const *key_names;
    const int *key_old; /* the key columns in the old file, for printing */
    double alpha;
    double threshold; /* a verdict's interval lies wholly beyond 1 +- this */
    cmp_pair *pair;
    long npairs, only_old, only_new;
} cmp_set;

/* Pairs the rows of old and new by key and computes every pair's statistics at
 * significance set->alpha and noise floor set->threshold. 0, or -1 with a message in err (a
 * repeated key, no memory). */
int cmp_pair_up(const cmp_side *old, const cmp_side *new_, cmp_set *set, char *err, size_t errlen);
void cmp_set_free(cmp_set *set);

/* The text table (with its heading lines) or the CSV, on stdout. 0, or -1 when out
 * of memory. */
int cmp_print_table(const cmp_set *set, const char *old_label, const char *new_label);
int cmp_print_csv(const cmp_set *set);

#endif
