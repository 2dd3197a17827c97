/* notouch_table_write.c — the files of `notouch-table`: the table (one row a count,
 * tab-separated), an OEIS-style b-file per rule and number of rows m, and the .meta
 * with the bounds, the checks and what was skipped. The files are written whole and
 * renamed into place together (all land, or none does); a b-file an earlier, larger
 * table left is removed then. */
#include "harness/base/sizes.h"
#include "notouch_table.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "harness/base/exit.h"
#include "harness/base/say.h"
#include "harness/io/outfile.h"

#define NAME "notouch-table"

static int fill_tsv(FILE *f, void *ctx)
{
    const nt_table *t = ctx;
    fputs("m\tn\tcells\trule\tcount\tseconds\tpeak_bytes\tplanned_bytes\tthreads\tcheck\tmethod\n",
          f);
    for (int cells = 1; cells <= NT_MAX_CELLS; cells++)
        for (int m = 1; m * m <= cells; m++)
            for (int rule = 0; rule < NT_RULES && cells % m == 0; rule++) {
                const nt_value *v = &t->v[m][cells / m][rule];
                if (v->state != NT_COUNTED) continue;
                fprintf(f, "%d\t%d\t%d\t%s\t%s\t%.6f\t%llu\t%llu\t%d\t%s\t%s\n", m, cells / m,
                        cells, nt_rule_names[rule], v->count, v->seconds,
                        (unsigned long long)v->peak, (unsigned long long)v->planned, t->o.threads,
                        v->check, v->method);
            }
    return ferror(f) ? -1 : 0;
}

/* The count of the a x b board (either way round), or NULL when the table lacks it. */
static const char *count_of(const nt_table *t, int a, int b, int rule)
{
    int m = a < b ? a : b, n = a < b ? b : a;
    if (n > NT_MAX_CELLS) return NULL;
    const nt_value *v = &t->v[m][n][rule];
    return v->state == NT_COUNTED ? v->count : NULL;
}

typedef struct bfile {
    const nt_table *t;
    int m, rule;
} bfile;

static int fill_bfile(FILE *f, void *ctx)
{
    const bfile *b = ctx;
    fprintf(f,
            "# notouch, %s rule: a(n) = the ways to place 1..%dn on a %d x n board so that\n"
            "# touching cells (%s) never hold consecutive numbers; n = 1.. while counted.\n"
            "# Written by puzzlebench notouch-table (%s), commit %s.\n",
            nt_rule_names[b->rule], b->m, b->m,
            b->rule ? "4 neighbours" : "8 neighbours, as a king moves",
            b->m == 1 ? "A002464's recurrence, checked" : "path-dp", b->t->meta.commit);
    const char *c;
    for (int n = 1; (c = count_of(b->t, b->m, n, b->rule)); n++) fprintf(f, "%d %s\n", n, c);
    return ferror(f) ? -1 : 0;
}

/* The b-files of the table, written with it: one per rule and row m whose m x m it
 * counted (m * m <= NT_MAX_CELLS: m <= 8). */
enum { ROWS_MAX = 8, BFILES_MAX = NT_RULES * ROWS_MAX };
_Static_assert(ROWS_MAX *ROWS_MAX <= NT_MAX_CELLS && (ROWS_MAX + 1) * (ROWS_MAX + 1) > NT_MAX_CELLS,
               "ROWS_MAX is the largest m with m * m <= NT_MAX_CELLS");
typedef struct bfile_set {
    int n;
    bfile b[BFILES_MAX];
    char path[BFILES_MAX][PB_PATH_EXT_MAX];
} bfile_set;

static void bfile_path(const nt_table *t, int rule, int m, char *path, size_t len)
{
    snprintf(path, len, "%s/" NAME ".%s.m%d.txt", t->o.out, nt_rule_names[rule], m);
}

/* Whether the table has row m's b-file under rule. */
static int has_bfile(const nt_table *t, int m, int rule)
{
    return m * m <= t->o.max_cells && count_of(t, m, m, rule);
}

/* The b-files the table has (their names, space-separated, in names). */
static void plan_bfiles(const nt_table *t, bfile_set *bf, char *names, size_t len)
{
    names[0] = 0;
    bf->n = 0;
    for (int rule = 0; rule < NT_RULES; rule++)
        for (int m = 1; m <= ROWS_MAX; m++) {
            if (!has_bfile(t, m, rule)) continue;
            bf->b[bf->n] = (bfile){t, m, rule};
            bfile_path(t, rule, m, bf->path[bf->n], sizeof bf->path[0]);
            bf->n++;
            size_t at = strlen(names);
            snprintf(names + at, len - at, "%s" NAME ".%s.m%d.txt", at ? " " : "",
                     nt_rule_names[rule], m);
        }
}

/* Removes the b-files of the rows the table does not have (an earlier, larger
 * table's). 0, or the exit status. */
static int drop_bfiles(const nt_table *t)
{
    char path[PB_PATH_EXT_MAX];
    for (int rule = 0; rule < NT_RULES; rule++)
        for (int m = 1; m <= NT_MAX_CELLS; m++) {
            if (has_bfile(t, m, rule)) continue;
            bfile_path(t, rule, m, path, sizeof path);
            if (unlink(path) && errno != ENOENT)
                return pb_say("notouch-table: %s: %s", path, strerror(errno)), PB_EXIT_USAGE;
        }
    return 0;
}

int nt_out_check(const nt_table *t)
{
    char path[PB_PATH_EXT_MAX], err[PB_MSG_LONG_MAX];
    snprintf(path, sizeof path, "%s/" NAME ".meta", t->o.out);
    int bad = pb_meta_check(path, err, sizeof err);
    /* Every b-file the table may have (a skipped count leaves one out). */
    for (int rule = 0; rule < NT_RULES && !bad; rule++)
        for (int m = 1; m <= ROWS_MAX && m * m <= t->o.max_cells && !bad; m++) {
            bfile_path(t, rule, m, path, sizeof path);
            bad = pb_out_check(path, err, sizeof err);
        }
    if (!bad) {
        snprintf(path, sizeof path, "%s/" NAME ".tsv", t->o.out);
        bad = pb_out_check(path, err, sizeof err);
    }
    return bad ? (pb_say("notouch-table: %s", err), PB_EXIT_USAGE) : 0;
}

int nt_write(nt_table *t)
{
    char path[PB_PATH_EXT_MAX], err[PB_MSG_LONG_MAX], bfiles[4096];
    bfile_set *bf = malloc(sizeof *bf);
    if (!bf) return pb_say("notouch-table: out of memory"), PB_EXIT_FAILED;
    plan_bfiles(t, bf, bfiles, sizeof bfiles);
    enum { FIXED = 12 };
    char lines[FIXED][PB_PATH_EXT_MAX];
    const char *extra[FIXED + NT_SKIPS_MAX + 1];
    int n = 0;
    snprintf(lines[n++], sizeof lines[0], "family=notouch");
    snprintf(lines[n++], sizeof lines[0], "table=" NAME);
    snprintf(lines[n++], sizeof lines[0], "engine=path-dp");
    snprintf(lines[n++], sizeof lines[0], "max_cells=%d", t->o.max_cells);
    snprintf(lines[n++], sizeof lines[0], "check_cells=%d", t->o.check_cells);
    if (t->o.max_memory)
        snprintf(lines[n++], sizeof lines[0], "max_memory=%llu",
                 (unsigned long long)t->o.max_memory);
    else
        snprintf(lines[n++], sizeof lines[0],
                 "max_memory=free (90%% of the memory available "
                 "as each count starts)");
    snprintf(lines[n++], sizeof lines[0], "quick=%d", t->o.quick);
    snprintf(lines[n++], sizeof lines[0], "full=%d", t->o.full);
    snprintf(lines[n++], sizeof lines[0], "counted=%d", t->counted);
    snprintf(lines[n++], sizeof lines[0],
             "row1=1x1..1x%d by A002464's recurrence; A002464(%d) passes 2^128 - 1, the largest "
             "count pb_count holds",
             t->row1_last, t->row1_last + 1);
    snprintf(lines[n++], sizeof lines[0], "bfiles=%s", bfiles);
    for (int i = 0; i < n; i++) extra[i] = lines[i];
    for (int i = 0; i < t->nskip; i++) {
        char *s = malloc(strlen(t->skip[i]) + 32);
        if (!s) return free(bf), pb_say("notouch-table: out of memory"), PB_EXIT_FAILED;
        sprintf(s, "skipped.%d=%s", i + 1, t->skip[i]);
        free(t->skip[i]);
        t->skip[i] = s;
        extra[n++] = s;
    }
    extra[n] = NULL;
    /* The table, its b-files and its .meta land together, or none does and an earlier
     * table's files stay as they were: the b-files before the table, which is last. */
    char tsv[PB_PATH_EXT_MAX];
    pb_out_part results[BFILES_MAX + 1];
    for (int i = 0; i < bf->n; i++)
        results[i] = (pb_out_part){bf->path[i], fill_bfile, &bf->b[i], NULL};
    snprintf(tsv, sizeof tsv, "%s/" NAME ".tsv", t->o.out);
    results[bf->n] = (pb_out_part){tsv, fill_tsv, t, NULL};
    snprintf(path, sizeof path, "%s/" NAME ".meta", t->o.out);
    const int bad = pb_meta_save_with(path, &t->meta, extra, results, bf->n + 1, err, sizeof err);
    free(bf);
    if (bad) return pb_say("notouch-table: %s", err), PB_EXIT_USAGE;
    const int rc = drop_bfiles(t);
    if (rc) return rc;
    nt_say(t, "notouch-table: wrote %s/" NAME ".tsv (%d counts, %d skipped), its .meta and %s",
           t->o.out, t->counted, t->nskip, bfiles[0] ? bfiles : "no b-file");
    return 0;
}
