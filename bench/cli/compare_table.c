/* compare_table.c — the table of pairs that `puzzlebench compare` prints, whatever it
 * measures: the old and new lines, the keys with one value in every pair on a
 * "common:" line, then an aligned row a pair with the keys that vary and the columns
 * its caller fills; every text from the files shown safely (pb_text_show). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare.h"
#include "core/text_bytes.h"
#include "harness/base/sizes.h"

/* Columns on a terminal: UTF-8 continuation bytes take none. */
static int width(const char *s)
{
    int w = 0;
    for (; *s; s++) w += ((unsigned char)*s & 0xC0) != 0x80;
    return w;
}

const char *cmp_key_cell(const cmp_set *set, long i, int k)
{
    return set->pair[i].old->cells[set->key_old[k]];
}

/* Two settings of the same items, NAME=VALUE;..., in the same order, item by item:
 * "luby-unit=20/400;keep-glue=2". 0 when they are not such settings. */
static int items_text(const char *o, const char *n, char *out, size_t len)
{
    size_t at = 0;
    *out = 0;
    for (;;) {
        const size_t lo = strcspn(o, ";"), ln = strcspn(n, ";");
        const char *eq = memchr(o, '=', lo);
        const size_t name = eq ? (size_t)(eq - o) + 1 : 0; /* with its '=' */
        if (!name || ln < name || memcmp(o, n, name) || !o[lo] != !n[ln]) return 0;
        const int same = lo == ln && !memcmp(o, n, lo);
        if (at < len)
            at += (size_t)snprintf(out + at, len - at, "%s%.*s%s%.*s", at ? ";" : "", (int)lo, o,
                                   same ? "" : "/", same ? 0 : (int)(ln - name), n + name);
        if (!o[lo]) return 1;
        o += lo + 1, n += ln + 1;
    }
}

/* Key k of pair i as the table shows it: the rows' value, or "OLD/NEW" where they
 * differ (a key that one of them lacks, -, or a setting set aside), a params setting
 * item by item. */
static const char *key_text(const cmp_set *set, long i, int k, char *out, size_t len)
{
    const char *o = cmp_key_cell(set, i, k), *n = set->pair[i].new_->cells[set->key_new[k]];
    if (!strcmp(o, n)) return o;
    if (!items_text(o, n, out, len)) snprintf(out, len, "%s/%s", o, n);
    return out;
}

/* Prints the key columns with one value in every pair on one line, and puts the
 * others in shown[]; *nshown gets how many. */
static void split_keys(const cmp_set *set, int *shown, int *nshown)
{
    int common = 0;
    char first[2 * CMP_CELL], other[2 * CMP_CELL];
    *nshown = 0;
    for (int k = 0; k < set->nkey; k++) {
        const char *v = key_text(set, 0, k, first, sizeof first);
        long i = 1;
        while (i < set->npairs && !strcmp(key_text(set, i, k, other, sizeof other), v)) i++;
        if (i < set->npairs) {
            shown[(*nshown)++] = k;
            continue;
        }
        char name[CMP_CELL], value[CMP_CELL];
        printf("%s%s=%s",
               common++ ? " " : "common: ", pb_text_show(name, CMP_CELL, set->key_names[k]),
               pb_text_show(value, CMP_CELL, v));
    }
    if (common) putchar('\n');
}

/* Row i's cells (i < 0: the header): the keys' text, shown safely (they come from the
 * files), in keys, the measured columns' in stat. */
static void row_cells(const cmp_set *set, const cmp_columns *cols, const int *shown, int nshown,
                      long i, char (*keys)[CMP_CELL], char (*stat)[CMP_CELL], const char **cells)
{
    char both[2 * CMP_CELL];
    for (int c = 0; c < nshown; c++)
        cells[c] = pb_text_show(keys[c], CMP_CELL,
                                i < 0 ? set->key_names[shown[c]]
                                      : key_text(set, i, shown[c], both, sizeof both));
    if (i >= 0) cols->fill(set, i, stat, cols->ctx);
    for (int s = 0; s < cols->n; s++) cells[nshown + s] = i < 0 ? cols->names[s] : stat[s];
}

static void print_cells(const char *const *cells, const int *w, int n)
{
    for (int c = 0; c < n; c++) {
        fputs(cells[c], stdout);
        if (c + 1 < n) printf("%*s", w[c] - width(cells[c]) + 2, "");
    }
    putchar('\n');
}

/* Two passes over the pairs: the columns' widths, then the rows. 0, or -1 when
 * out of memory. */
static int print_rows(const cmp_set *set, const cmp_columns *cols, const int *shown, int nshown)
{
    const int ncols = nshown + cols->n;
    int *w = calloc((size_t)ncols, sizeof *w);
    const char **cells = malloc((size_t)ncols * sizeof *cells);
    char(*keys)[CMP_CELL] = malloc((size_t)(nshown + 1) * sizeof *keys);
    char(*stat)[CMP_CELL] = malloc((size_t)cols->n * sizeof *stat);
    int rc = -1;
    if (w && cells && keys && stat) {
        for (long i = -1; i < set->npairs; i++) {
            row_cells(set, cols, shown, nshown, i, keys, stat, cells);
            for (int c = 0; c < ncols; c++)
                if (width(cells[c]) > w[c]) w[c] = width(cells[c]);
        }
        for (long i = -1; i < set->npairs; i++) {
            row_cells(set, cols, shown, nshown, i, keys, stat, cells);
            print_cells(cells, w, ncols);
        }
        rc = 0;
    }
    free(w), free(cells), free(keys), free(stat);
    return rc;
}

int cmp_print_pairs(const cmp_set *set, const cmp_columns *cols)
{
    if (!set->npairs) return 0; /* cmp_match refuses a set without pairs */
    int *shown = malloc((size_t)(set->nkey + 1) * sizeof *shown), nshown;
    if (!shown) return -1;
    split_keys(set, shown, &nshown);
    const int rc = print_rows(set, cols, shown, nshown);
    free(shown);
    return rc;
}

void cmp_print_loose(const cmp_set *set)
{
    char name[CMP_CELL];
    int n = 0;
    for (int k = 0; k < set->nkey; k++) {
        if (set->aside && set->aside->key[k]) continue; /* cmp_print_aside names it */
        long i = 0;
        while (i < set->npairs &&
               !strcmp(cmp_key_cell(set, i, k), set->pair[i].new_->cells[set->key_new[k]]))
            i++;
        if (i < set->npairs)
            printf("%s%s", n++ ? ", " : "", pb_text_show(name, CMP_CELL, set->key_names[k]));
    }
    printf(" ignored in %ld pair%s, where one side has none (-): shown as old/new\n", set->loose,
           set->loose == 1 ? "" : "s");
}

void cmp_print_aside(const cmp_set *set)
{
    if (!set->aside) return;
    fputs(set->aside->one_file ? "settings set aside, one value on each side (old/new):"
                               : "settings set aside, one value in each file (old/new):",
          stdout);
    for (int i = 0; i < set->aside->n; i++) {
        const cmp_aside_one *a = &set->aside->one[i];
        char column[CMP_CELL], item[CMP_CELL], o[CMP_CELL], n[CMP_CELL];
        pb_text_show(column, CMP_CELL, a->column);
        pb_text_show(o, CMP_CELL, a->old_value);
        pb_text_show(n, CMP_CELL, a->new_value);
        /* the items of one column under its name once: "params a=1/2, b=3/4" */
        if (a->item && i && a[-1].item && !strcmp(a[-1].column, a->column))
            printf(", %s=%s/%s", pb_text_show(item, CMP_CELL, a->item), o, n);
        else if (a->item)
            printf("%s %s %s=%s/%s", i ? "," : "", column, pb_text_show(item, CMP_CELL, a->item), o,
                   n);
        else
            printf("%s %s %s/%s", i ? "," : "", column, o, n);
    }
    putchar('\n');
}

/* " (commit C, DATE)" of a run with a .meta, shown safely; "" without one. */
static void run_text(const cmp_meta *m, char *out, size_t len)
{
    char c[200], d[100];
    if (!m->found) {
        *out = 0;
        return;
    }
    pb_text_show(c, sizeof c, m->commit[0] ? m->commit : "unknown");
    pb_text_show(d, sizeof d, m->date[0] ? m->date : "unknown");
    snprintf(out, len, " (commit %.12s%s, %s)", c, strstr(c, "-dirty") ? "-dirty" : "", d);
}

char *cmp_label_shown(const char *label)
{
    const size_t n = PB_SHOWN_SIZE(strlen(label) + 1);
    char *s = malloc(n);
    return s ? pb_text_show(s, n, label) : NULL;
}

int cmp_print_sides(const char *const labels[2], const cmp_meta meta[2])
{
    char run[2][400];
    run_text(&meta[0], run[0], sizeof run[0]);
    run_text(&meta[1], run[1], sizeof run[1]);
    char *old_label = cmp_label_shown(labels[0]), *new_label = cmp_label_shown(labels[1]);
    if (old_label && new_label)
        printf("old: %s%s\nnew: %s%s\n", old_label, run[0], new_label, run[1]);
    const int rc = old_label && new_label ? 0 : -1;
    free(old_label), free(new_label);
    return rc;
}
