/* compare_exact.c — `compare --metric steps|memory`: a count that every run of a row
 * repeats (its steps; its peak memory, read once), so a pair is the ratio of two
 * numbers, with no samples, interval or test to go with it: the table of pairs
 * (compare_table.c) with those columns, or CSV. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "compare.h"
#include "harness/io/csv.h"
#include "stats/geomean.h"

/* What the table's columns read: the measured column of each side, and whether it
 * is memory (bytes) rather than steps. */
typedef struct exact_columns {
    const int *col;
    int memory;
} exact_columns;

/* Row r's value in column col as a number >= 0; NAN when it has none (a run not done,
 * an empty field). */
static double shown_of(const cmp_row *r, int col)
{
    char *end;
    const double v = strtod(r->cells[col], &end);
    return r->done && r->cells[col][0] && !*end && v >= 0 && isfinite(v) ? v : NAN;
}

/* The value a ratio takes: a 0 (a puzzle that learn's narrowing fills takes no step)
 * is shown, but has no ratio. */
static double value_of(const cmp_row *r, int col)
{
    const double v = shown_of(r, col);
    return v > 0 ? v : NAN;
}

/* A value as the table shows it: steps whole, memory in bytes, KiB, MiB or GiB to 3
 * figures; "-" for none. */
static void value_text(double v, int memory, char *out, size_t len)
{
    static const char *const units[] = {"bytes", "KiB", "MiB", "GiB", "TiB"};
    if (isnan(v)) {
        snprintf(out, len, "-");
        return;
    }
    int u = 0;
    while (memory && v >= 999.5 && u < 4) v /= 1024, u++;
    if (!memory)
        snprintf(out, len, "%.0f", v);
    else
        snprintf(out, len, u ? "%.3g %s" : "%.0f %s", v, units[u]);
}

static void fill_exact(const cmp_set *set, long i, char (*stat)[CMP_CELL], const void *ctx)
{
    const exact_columns *x = ctx;
    const cmp_pair *p = &set->pair[i];
    value_text(shown_of(p->old, x->col[0]), x->memory, stat[0], CMP_CELL);
    value_text(shown_of(p->new_, x->col[1]), x->memory, stat[1], CMP_CELL);
    cmp_count_change(value_of(p->new_, x->col[1]) / value_of(p->old, x->col[0]),
                     x->memory ? "less" : "fewer", stat[2], CMP_CELL);
}

static int print_csv(const cmp_set *set, const char *column, const int col[2])
{
    for (int k = 0; k < set->nkey; k++) pb_csv_field(stdout, set->key_names[k]), putchar(',');
    printf("old_%s,new_%s,ratio,new_keys\n", column, column);
    for (long i = 0; i < set->npairs; i++) {
        const cmp_pair *p = &set->pair[i];
        for (int k = 0; k < set->nkey; k++)
            pb_csv_field(stdout, cmp_key_cell(set, i, k)), putchar(',');
        pb_csv_field(stdout, p->old->cells[col[0]]), putchar(',');
        pb_csv_field(stdout, p->new_->cells[col[1]]), putchar(',');
        const double ratio = value_of(p->new_, col[1]) / value_of(p->old, col[0]);
        if (isfinite(ratio)) printf("%.6g", ratio);
        putchar(',');
        if (cmp_csv_new_keys(set, p)) return -1;
        putchar('\n');
    }
    return ferror(stdout) ? -1 : 0;
}

int cmp_print_exact(const cmp_set *set, const char *column, const int col[2], int csv,
                    const char *const labels[2], const cmp_meta meta[2])
{
    if (csv) return print_csv(set, column, col);
    static const char *const names[] = {"old", "new", "change"};
    const int memory = column[0] != 's';
    const exact_columns x = {col, memory};
    const cmp_columns cols = {3, names, fill_exact, &x};
    printf("metric: %s, exact for a run: the ratio alone, no interval or test\n",
           memory ? "peak memory (peak_rss_bytes, the resident high-water mark of a run)"
                  : "steps (placements + backtracks) per run");
    if (cmp_print_sides(labels, meta)) return -1;
    cmp_print_aside(set);
    if (cmp_print_pairs(set, &cols)) return -1;
    double *ratios = malloc((size_t)(set->npairs + 1) * sizeof *ratios);
    if (!ratios) return -1;
    int compared = 0;
    for (long i = 0; i < set->npairs; i++) {
        const double r = value_of(set->pair[i].new_, col[1]) / value_of(set->pair[i].old, col[0]);
        if (!isnan(r)) ratios[compared++] = r;
    }
    char change[48];
    cmp_count_change(pb_geomean(ratios, compared), memory ? "less" : "fewer", change,
                     sizeof change);
    free(ratios);
    printf("geomean of %d pair%s: %s; %ld pair%s without a value above 0 on both sides\n", compared,
           compared == 1 ? "" : "s", change, set->npairs - compared,
           set->npairs - compared == 1 ? "" : "s");
    if (set->loose) cmp_print_loose(set);
    return ferror(stdout) ? -1 : 0;
}
