/* notouch_table_write.c — the files of `notouch-table`: the table (one row a count,
 * tab-separated), an OEIS-style b-file per rule and number of rows m, and the .meta
 * with the bounds, the checks and what was skipped. Each file is written whole and
 * renamed into place; a b-file an earlier, larger table left is removed. */
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

/* Writes the b-files of every rule and row m of the table (m x m counted), and removes
 * those of the rows it does not have. 0, or the exit status. */
static int write_bfiles(const nt_table *t, char *names, size_t len)
{
    char path[PB_PATH_EXT_MAX], err[PB_MSG_LONG_MAX];
    names[0] = 0;
    for (int rule = 0; rule < NT_RULES; rule++)
        for (int m = 1; m <= NT_MAX_CELLS; m++) {
            snprintf(path, sizeof path, "%s/" NAME ".%s.m%d.txt", t->o.out, nt_rule_names[rule], m);
            if (m * m > t->o.max_cells || !count_of(t, m, m, rule)) {
                if (unlink(path) && errno != ENOENT)
                    return pb_say("notouch-table: %s: %s", path, strerror(errno)), PB_EXIT_USAGE;
                continue;
            }
            bfile b = {t, m, rule};
            if (pb_write_file_atomic(path, fill_bfile, &b, err, sizeof err))
                return pb_say("notouch-table: %s", err), PB_EXIT_USAGE;
            size_t at = strlen(names);
            snprintf(names + at, len - at, "%s" NAME ".%s.m%d.txt", at ? " " : "",
                     nt_rule_names[rule], m);
        }
    return 0;
}

int nt_write(nt_table *t)
{
    char path[PB_PATH_EXT_MAX], err[PB_MSG_LONG_MAX], bfiles[4096];
    snprintf(path, sizeof path, "%s/" NAME ".tsv", t->o.out);
    if (pb_write_file_atomic(path, fill_tsv, t, err, sizeof err))
        return pb_say("notouch-table: %s", err), PB_EXIT_USAGE;
    int rc = write_bfiles(t, bfiles, sizeof bfiles);
    if (rc) return rc;
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
        if (!s) return pb_say("notouch-table: out of memory"), PB_EXIT_FAILED;
        sprintf(s, "skipped.%d=%s", i + 1, t->skip[i]);
        free(t->skip[i]);
        t->skip[i] = s;
        extra[n++] = s;
    }
    extra[n] = NULL;
    snprintf(path, sizeof path, "%s/" NAME ".meta", t->o.out);
    if (pb_meta_save(path, &t->meta, extra, err, sizeof err))
        return pb_say("notouch-table: %s", err), PB_EXIT_USAGE;
    nt_say(t, "notouch-table: wrote %s/" NAME ".tsv (%d counts, %d skipped), its .meta and %s",
           t->o.out, t->counted, t->nskip, bfiles[0] ? bfiles : "no b-file");
    return 0;
}
