/* notouch_table.h — `puzzlebench notouch-table`: the counts of every rectangle m x n
 * (m <= n) under both touching rules, shared by the command (notouch_table.c), row 1
 * (notouch_table_row.c), the second checks (notouch_table_check.c,
 * notouch_table_karp.c) and the files it writes (notouch_table_write.c). */
#ifndef PB_NOTOUCH_TABLE_H
#define PB_NOTOUCH_TABLE_H

#include <stdint.h>
#include "core/engine.h"
#include "family.h"
#include "harness/base/sizes.h"
#include "harness/meta/meta.h"

#define NT_RULES      2  /* king, orth, in the family's --adj order */
#define NT_MAX_CELLS  64 /* path-dp's largest board */
#define NT_SKIPS_MAX  256
#define NT_SEARCH_MAX 10 /* the most cells a second engine (a search) counts in time */
#define NT_KARP_MAX   20 /* the most cells inclusion-exclusion (2^N N^2 steps) counts in time */
/* Row 1 is checked by path-dp up to 1 x NT_ROW1_PATHDP (past it path-dp plans
 * gigabytes for a term the binomial sum gives at once), by the sum beyond. */
#define NT_ROW1_PATHDP 28
#define NT_FULL_CELLS  32 /* --full's table: 2x16 and 4x8, tens of gigabytes each */

extern const char *const nt_rule_names[NT_RULES];

/* The options, as `notouch-table` parses them. */
typedef struct nt_opts {
    const char *out;     /* the folder written */
    int max_cells;       /* rectangles of at most this many cells */
    int check_cells;     /* every count of at most this many cells checked a second way */
    uint64_t max_memory; /* a count that plans more is skipped; 0: most of the memory
                            available as each count starts (other work shares it) */
    int threads;         /* path-dp's threads; 0: one per core */
    int quick;           /* a small table, marked quick=1 */
    int full;            /* the big boards too: --max-cells NT_FULL_CELLS at least */
    int quiet;           /* no line per count and no summary; skips and errors still said */
} nt_opts;

/* How far one value got. */
enum { NT_NOT_TRIED, NT_COUNTED, NT_SKIPPED };

/* One count: the board m x n (m <= n) under one rule. */
typedef struct nt_value {
    int state;
    char count[48];   /* decimal */
    double seconds;   /* the engine's wall time, as the count printed it */
    uint64_t peak;    /* the count's process at its peak (resident bytes) */
    uint64_t planned; /* the tables path-dp planned */
    char method[16];  /* how it was counted: "path-dp", or "recurrence" (row 1) */
    char check[64];   /* how it was checked: "path-dp -t 2", "binomial-sum", "propagate",
                         "inclusion-exclusion", "path-dp -t 1", or "-" */
} nt_value;

/* A whole table being made. */
typedef struct nt_table {
    nt_opts o;
    char self[PB_PATH_MAX];         /* this program, to run its counts */
    char scratch[PB_PATH_PART_MAX]; /* a file each count's output goes to */
    nt_value v[NT_MAX_CELLS + 1][NT_MAX_CELLS + 1][NT_RULES]; /* v[m][n][rule], m <= n */
    pb_count row1[NT_MAX_CELLS + 1];                          /* A002464(n), n = 0..row1_last */
    int row1_last;                                            /* the last term pb_count holds */
    int counted;
    char *skip[NT_SKIPS_MAX]; /* why a count was skipped, one line each (owned) */
    int nskip;
    pb_meta meta;
} nt_table;

/* What one run of `puzzlebench count` said. */
typedef struct nt_run {
    char count[48];
    char status[16];
    double seconds;
    uint64_t planned, peak;
    uint64_t allowed; /* the bound it ran under */
} nt_run;

/* Runs `puzzlebench count notouch MxN --adj RULE -e ENGINE -t THREADS --max-memory
 * BYTES` (0: most of the memory available now) and reads its stats line into r. 0; 1 when it
 * stopped (r->status says why: nomem when its plan is over BYTES); or the exit status after a
 * one-line message. */
int nt_count(nt_table *t, int m, int n, int rule, const char *engine, int threads, uint64_t bytes,
             nt_run *r);

/* Checks value v (counted) of m x n a second way, the check's name into v->check: for
 * row 1 (counted by the recurrence) path-dp up to NT_ROW1_PATHDP cells and the memory
 * allowed, else A002464's binomial sum; another engine on small boards; else path-dp on
 * another number of threads. 0, or the exit status after a message (a disagreement
 * is PB_EXIT_FAILED). */
int nt_check(nt_table *t, int m, int n, int rule, nt_value *v);

/* A002464(0..), the placements of the 1 x n board, by its recurrence into a: returns
 * the last n whose term is exact (the next passes pb_count's 128 bits). */
int nt_row1_terms(pb_count a[NT_MAX_CELLS + 1]);

/* A002464(n) by its binomial sum, modulo 2^128 (exact where the term fits). */
pb_count nt_row1_sum(int n);

/* The placements of the m x n board under rule (0 king, 1 orth), at most NT_KARP_MAX
 * cells, modulo 2^64, by Karp's inclusion-exclusion (notouch_table_karp.c). */
uint64_t nt_karp_count(int m, int n, int rule);

/* A progress line (pb_say), unless the table was asked to be quiet (-q). */
void nt_say(const nt_table *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Writes NAME.tsv, the b-files and NAME.meta into the out folder. 0, or the exit
 * status after a message. */
int nt_write(nt_table *t);

/* Before the counts: 0 when every file nt_write may write into the out folder could be
 * made there (pb_meta_check, pb_out_check), else the exit status after a message that
 * names it; so that a bad --out is not found after the counts, which take long. */
int nt_out_check(const nt_table *t);

#endif
