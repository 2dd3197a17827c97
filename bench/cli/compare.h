/* compare.h — the parts of `puzzlebench compare`: a results file read with its raw
 * samples (compare_load.c), the rows paired by key and their statistics
 * (compare_pair.c), and the table and CSV that show them (compare_print.c). */
#ifndef PB_COMPARE_H
#define PB_COMPARE_H

#include <stddef.h>

#include "harness/base/options.h"
#include "harness/io/csvtable.h"
#include "stats/bootstrap.h"
#include "stats/mann_whitney.h"
#include "stats/nested.h"
#include "stats/summary.h"

/* The default noise floor of independent comparisons: two identical runs measured
 * minutes apart on a shared machine differ by a few percent as a whole. */
#define CMP_FLOOR 0.03

/* One row of a results file, with its samples. */
typedef struct cmp_row {
    char **cells; /* its fields, in the file's column order */
    long line;
    char *key; /* its key fields joined by NUL bytes, when the row takes part (owned) */
    size_t key_len;
    const char *run_id;
    int done;    /* status is done, or the file has no status column */
    int stopped; /* status is limit: its one time is a lower bound */
    int has_steps;
    unsigned long long steps;
    int want;     /* the samples column, or -1 when there is none */
    int n;        /* samples read from the samples file */
    double *t;    /* their times per run, in seconds, by sample number (owned) */
    int *round;   /* the round each was taken in (-1: none); NULL when the file has none */
    int *process; /* with round: the worker process that took it (0: the file's own) */
} cmp_row;

typedef struct cmp_file {
    const char *path;
    char *samples_path; /* NAME.samples.csv beside NAME.csv (owned) */
    char *meta_path;    /* NAME.meta beside NAME.csv (owned) */
    pb_table table;
    cmp_row *rows; /* table.nrows of them */
    /* The columns compare reads; status, steps and samples may be missing (-1). */
    int col_run_id, col_row, col_status, col_steps, col_samples;
    const char *sample_column; /* the samples' time per run: wall_s, or cpu_s */
    char **added;              /* the texts of the columns cmp_file_append added, nadded (owned) */
    int nadded;
} cmp_file;

/* Reads path and its samples file, each sample's time per run from its column
 * sample_column (wall_s or cpu_s). 0, or -1 with "FILE:LINE: expected ..." (or
 * "FILE: reason") in err; f is freed either way on failure. */
int cmp_file_load(cmp_file *f, const char *path, const char *sample_column, char *err,
                  size_t errlen);
void cmp_file_free(cmp_file *f);

/* What a file's .meta says of its run, for a fair comparison (compare_meta.c). */
enum { CMP_META_KEYS = 16 };
/* A .meta value as compare shows it; a longer one is cut. */
enum { CMP_META_SHOWN = 200 };
/* Room for every key's difference, "KEY 'OLD' against 'NEW'; " each. */
enum { CMP_META_DIFF_MAX = CMP_META_KEYS * (2 * CMP_META_SHOWN + 64) };
typedef struct cmp_meta {
    int found; /* the .meta is there */
    char commit[80], date[40];
    char value[CMP_META_KEYS][200]; /* the keys that must agree, in a fixed order */
} cmp_meta;

/* Reads f's .meta (none: m->found 0). 0, or -1 with a message. */
int cmp_meta_read(cmp_meta *m, const cmp_file *f, char *err, size_t errlen);
/* The keys on which a and b differ, "key 'A' against 'B'; ..." in out; how many (0
 * when either has no .meta). */
int cmp_meta_differences(const cmp_meta *a, const cmp_meta *b, char *out, size_t len);

/* 1 when the column is measured (a result), 0 when it keys the row. */
int cmp_is_measured(const char *column);

typedef enum cmp_verdict { CMP_FASTER, CMP_SLOWER, CMP_SAME, CMP_NONE } cmp_verdict;

/* How a pair's ratio was found: from the samples the two runs took in the same rounds
 * of one sweep, or from two independent sets of samples. */
typedef enum cmp_method { CMP_INDEPENDENT, CMP_PAIRED } cmp_method;

/* What the ratio is: the estimate, or a bound when one side stopped at its limit
 * (its one time is a lower bound on its time): the true ratio is at most, or at
 * least, the one shown. */
typedef enum cmp_bound { CMP_ESTIMATE, CMP_AT_MOST, CMP_AT_LEAST } cmp_bound;

typedef struct cmp_pair {
    const cmp_row *old, *new_;
    pb_summary so, sn;
    cmp_method method;
    int n; /* rounds paired, or the fewer samples of the two sides */
    /* paired: the log-ratios' stats, and their split by the worker processes that took
     * the rounds (split.groups of them) */
    pb_paired_logs logs;
    pb_nested split;
    /* new / old time: paired, the geometric mean of the per-round ratios with its
     * t-interval; independent, the ratio of the medians with its bootstrap interval;
     * a bound, the ratio of the medians alone. */
    pb_interval ratio;
    double p; /* the paired t-test's, or the U test's; NAN when not tested */
    double q; /* p adjusted over the set's tested pairs (Benjamini-Hochberg); NAN untested */
    pb_mwu mwu;
    cmp_bound bound;
    int too_few; /* fewer than 2 samples or rounds: no verdict */
    /* CMP_NONE: not compared (a side did not finish, too few samples, or a bound that
     * says nothing either way) */
    cmp_verdict verdict;
    double steps_ratio; /* new / old steps; NAN when unknown */
    int loose;          /* paired with a key ignored that one side lacks (value -) */
} cmp_pair;

/* One side of the comparison: a file's rows, or those with one value in a column,
 * less those that --where leaves out. */
typedef struct cmp_side {
    cmp_file *file;
    const int *key; /* the key columns in this file, in the order of the output */
    int by_col;     /* -1, or the column whose value picks the rows */
    const char *by_value;
    /* --where: a row is kept when each of these columns holds its value or "-" */
    int nwhere;
    const int *where_col;
    char *const *where_value;
    /* --by engine=ENGINE/ORDER: the order that picks the rows too (by_value is then
     * ENGINE), in column order_col; NULL: by_value alone picks them */
    const char *by_order;
    int order_col;
    /* the sides are engines, whose cell order and parameters are their own settings
     * (cmp_sides_engines) */
    int engines;
} cmp_side;

/* Row row of s's file is one of s's rows: --by's value picks it, and --where keeps it. */
int cmp_side_keeps(const cmp_side *s, const cmp_row *row);
/* Row row of s's file is picked by --by's value (and order), --where aside. */
int cmp_side_picks(const cmp_side *s, const cmp_row *row);
/* --by's value of s as the user gave it, "ENGINE/ORDER" with an order, shown safely. */
const char *cmp_side_by_text(const cmp_side *s, char *out, size_t len);

/* The column of f named for option (--by, --where): a key column, or -1 with a
 * message that lists the key columns and the nearest (compare_select.c). */
int cmp_key_column(const cmp_file *f, const char *name, const char *option, char *err,
                   size_t errlen);
/* The value of item name (n bytes) among cell's ';'-separated NAME=VALUE items (a
 * params setting): its start, its length in *len; NULL when cell has none. */
const char *cmp_item_value(const char *cell, const char *name, size_t n, size_t *len);
/* A test of one item (len bytes) of a ';'-separated cell. */
typedef int cmp_item_test(const char *item, size_t len, const void *ctx);
/* Writes to out the ';'-separated items of in that keep takes, ';'-joined, and returns
 * the length; out may be in (the items only move left). */
size_t cmp_keep_items(const char *in, char *out, cmp_item_test *keep, const void *ctx);
/* A cell holds a value given to --by or --where: it is the value, or, for a value of
 * NAME=VALUE items (a params setting: "restarts=glue"), it has every one of them
 * among its ';'-separated items, so that a setting can be named by what differs. */
int cmp_value_matches(const char *cell, const char *value);
/* --where keeps a row whose cell is "-" (an engine without the setting) or holds value,
 * or, for a value of NAME=VALUE items, where each item is one of the cell's or names a
 * parameter that the cell lacks (restart's params against --where params=restarts=glue,
 * a parameter of learn's). */
int cmp_where_keeps(const char *cell, const char *value);
/* 0 when some row of f[0 .. nf) holds value in its column col[i]; else -1 with a
 * message that lists the column's values and the nearest. */
int cmp_column_has(const cmp_file *const *f, const int *col, int nf, const char *option,
                   const char *value, char *err, size_t errlen);

/* A --by value of column col: 0 when some row holds it (*order NULL), or, for column
 * engine, when it is ENGINE/ORDER and some row of that engine has that order in column
 * order: ENGINE in engine (len bytes), *order the ORDER in value, *order_col its
 * column. Else -1 with a message that lists the values (or the engine's orders) and
 * the nearest. */
int cmp_by_value(const cmp_file *f, int col, const char *value, char *engine, size_t len,
                 const char **order, int *order_col, char *err, size_t errlen);

/* 0 when no row of a's file is picked by both sides a and b (a params setting named in
 * part can be both, as can an engine and the same engine in one order); else -1 with
 * a message naming the first such row. */
int cmp_by_apart(const cmp_side *a, const cmp_side *b, char *err, size_t errlen);

/* When the --by values A and B name items of column col's settings
 * (params=rephase=0,rephase=2000) and the rows of the two sides differ in their other
 * items, adds a last key column of col's name that holds each row's other items
 * (those that neither value names): pairs then form among rows alike in them, and
 * the output names them. 0, or -1 when out of memory. */
int cmp_by_rest_column(cmp_file *f, int col, const char *a, const char *b, char *err,
                       size_t errlen);

/* Appends m columns to f's table, named names[0 .. m), row r's cells at cells[r * m
 * .. r * m + m) (pointers into text, or into f's own cells); f takes text over, also
 * on failure. 0, or -1 when out of memory. */
int cmp_file_append(cmp_file *f, int m, char *const *names, char *const *cells, char *text);

/* A setting set aside between two sides (compare_aside.c): its column, the item of
 * params (NULL: the whole column), and the one value each side holds (owned; "-": a
 * parameter that one side's engine lacks). */
typedef struct cmp_aside_one {
    const char *column;
    char *item, *old_value, *new_value;
} cmp_aside_one;

/* The settings that two sides (two files, or --by's two values in one) each hold one
 * value of, another on each (threads, engine_seed, an item of params: luby-unit=20
 * against luby-unit=400): rows pair with them set aside. */
typedef struct cmp_aside {
    int n;
    cmp_aside_one *one;
    char *key;     /* for each key of the output: 1 when it holds a setting set aside */
    int *match[2]; /* the key columns rows pair on, in the old and the new file: the
                    * output's, where key[k] a column that cmp_aside_find added */
    int one_file;  /* the sides are --by's, in one file */
} cmp_aside;

/* Finds the settings of old's and new_'s rows (as --by and --where keep them; the
 * sides' key[] are the output's key columns, named names[0 .. nkey)) to set aside,
 * and adds to each file the columns their rows then pair on: a params value less the
 * items set aside, a whole setting as one value. 0, or -1 when out of memory (a
 * freed). */
int cmp_aside_find(cmp_aside *a, const cmp_side *old, const cmp_side *new_,
                   const char *const *names, int nkey);
void cmp_aside_free(cmp_aside *a);
/* 1 when column is a setting that two sides such as s may hold one value each of:
 * threads, engine_seed, params, and, where the sides are engines, order and engine. */
int cmp_is_setting(const cmp_side *s, const char *column);
/* 1 when the sides are engines: --by engine=A,B, or two files whose rows (as --where
 * keeps them) each hold one engine, a different one. A file of several keeps engine a
 * key: which of them would pair is not for compare to guess. */
int cmp_sides_engines(const cmp_side *old, const cmp_side *new_);

/* --where KEY=V,...: the keys, values, and their columns in each of the (up to two)
 * files. */
typedef struct cmp_where {
    int n;
    char **key, **value;
    int *col[2];
} cmp_where;
/* Splits the items "KEY=V". 0, or -1 with a message. */
int cmp_where_parse(cmp_where *w, const pb_list *items, char *err, size_t errlen);
/* Finds each key's column in f[0 .. nf) (a key column, not by_col) and checks that
 * some row holds its value. 0, or -1 with a message. */
int cmp_where_find(cmp_where *w, const cmp_file *const *f, int nf, int by_col, char *err,
                   size_t errlen);
void cmp_where_free(cmp_where *w);

/* The pairs, in the old file's order, and the rows left without a partner. The
 * caller sets the fields up to threshold; cmp_pair_up the rest. */
typedef struct cmp_set {
    int nkey;
    const char *const *key_names;
    const int *key_old, *key_new; /* the key columns in each file, for printing */
    const cmp_aside *aside;       /* NULL, or the settings set aside between the sides */
    double alpha;
    /* 1: a verdict needs q < alpha (a false discovery rate of alpha over the pairs);
     * 0: p < alpha, each pair on its own */
    int adjust;
    /* a verdict's interval lies wholly beyond 1 +- this; < 0: 0 for paired ratios,
     * CMP_FLOOR for independent ones */
    double threshold;
    cmp_pair *pair;
    long npairs, only_old, only_new;
    long loose;  /* pairs whose rows differ on a key that one of them lacks */
    long tested; /* pairs with a p-value: the family that q adjusts over */
    /* The between-process variance of the log-ratios, pooled over the between_pairs
     * pairs whose rounds two worker processes took (0: none, or none seen). */
    double between;
    long between_pairs;
} cmp_set;

/* Pairs the rows of old and new (compare_match.c): those with equal keys, then those
 * that agree on every key both rows have (a value "-" is a setting the row's engine
 * lacks), each with its one such partner. Fills pair (old and new_ only), npairs,
 * only_old, only_new and loose. 0, or -1 with a message in err: a repeated key, a
 * row that would pair with several (ambiguous), no pair at all (naming the keys that
 * keep the sides apart), no memory. */
int cmp_match(const cmp_side *old, const cmp_side *new_, cmp_set *set, char *err, size_t errlen);

/* Pairs the rows of old and new (cmp_match) and computes every pair's statistics at
 * significance set->alpha (adjusted when set->adjust) and noise floor set->threshold. 0, or -1 with
 * a message in err (cmp_match's, or no memory). */
int cmp_pair_up(const cmp_side *old, const cmp_side *new_, cmp_set *set, char *err, size_t errlen);
void cmp_set_free(cmp_set *set);

/* The table of pairs, whatever it measures (compare_table.c). A cell holds CMP_CELL
 * bytes; a table's measured columns are named by names[0 .. n - 1], and fill(set, i,
 * stat, ctx) writes pair i's into stat[0 .. n - 1]. */
enum { CMP_CELL = 160 };
typedef struct cmp_columns {
    int n;
    const char *const *names;
    void (*fill)(const cmp_set *set, long i, char (*stat)[CMP_CELL], const void *ctx);
    const void *ctx;
} cmp_columns;
/* "old: LABEL (commit C, DATE)" and the new line, shown safely. 0, or -1 out of memory. */
int cmp_print_sides(const char *const labels[2], const cmp_meta meta[2]);
/* The keys with one value in every pair on a "common:" line, then a header and a row
 * a pair: the keys that vary (OLD/NEW where one side lacks the key) and cols's
 * columns, aligned, every key shown safely. 0, or -1 out of memory. */
int cmp_print_pairs(const cmp_set *set, const cmp_columns *cols);
/* The line naming the keys that set's loose pairs were paired without. */
void cmp_print_loose(const cmp_set *set);
/* The line naming the settings set aside (set->aside), when there are any. */
void cmp_print_aside(const cmp_set *set);
/* The new_keys field of pair p on stdout: KEY=VALUE;... of the keys on which the new row
 * differs from the old (one of them lacks the key), as one CSV field; empty when they
 * agree. '%' and ';' in a key or a value, and '=' in a key, are written %25, %3B and
 * %3D, so that the field splits back whole. 0, or -1 when out of memory. */
int cmp_csv_new_keys(const cmp_set *set, const cmp_pair *p);
/* Key k of pair i as its old row has it (the key of the CSV and JSON). */
const char *cmp_key_cell(const cmp_set *set, long i, int k);
/* A ratio r = new / old of counts in words: "2.50× LESS" below 1, "1.20× more"
 * above, "same" at 1, "-" for NAN (not compared). */
void cmp_count_change(double r, const char *less, char *out, size_t len);
/* A label (file names and field values) shown safely and whole, in a buffer of its
 * own; NULL when out of memory. */
char *cmp_label_shown(const char *label);

/* The text table (with its heading lines) or the CSV, on stdout. 0, or -1 when out
 * of memory. */
int cmp_print_table(const cmp_set *set, const char *const labels[2], const cmp_meta meta[2]);
int cmp_print_csv(const cmp_set *set);
/* An exact measure of every pair (steps, or peak_rss_bytes: the same in every run, so
 * no samples, interval or test): the old and new values of column `column`, at
 * col[0] in the old file's rows and col[1] in the new's, their ratio and the
 * geometric mean, as a table or (csv) CSV (compare_exact.c). 0, or -1 out of memory. */
int cmp_print_exact(const cmp_set *set, const char *column, const int col[2], int csv,
                    const char *const labels[2], const cmp_meta meta[2]);
/* The JSON document (compare_json.c; its schema in docs/json.md). */
int cmp_print_json(const cmp_set *set, const char *const labels[2], const cmp_meta meta[2]);

#endif
