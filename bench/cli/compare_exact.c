/* compare_exact.c — `compare --metric steps|memory`: a count that every run of a row
 * repeats (its steps; its peak memory, read once), so a pair is the ratio of two
 * numbers, with no samples, interval or test to go with it. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "compare.h"
#include "harness/io/csv.h"

/* Row r's value in column col as a number > 0; NAN when it has none (a run not done,
 * an empty field). */
static double value_of(const cmp_row *r, int col)
{
    char *end;
    const double v = strtod(r->cells[col], &end);
    return r->cells[col][0] && !*end && v > 0 && isfinite(v) ? v : NAN;
}

/* The change new / old in words: "2.50× fewer", "1.20× more", "same". */
static void change_text(double ratio, const char *less, const char *more, char *out, size_t len)
{
    if (!isfinite(ratio))
        snprintf(out, len, "-");
    else if (ratio == 1)
        snprintf(out, len, "same");
    else if (ratio < 1)
        snprintf(out, len, "%.3g× %s", 1 / ratio, less);
    else
        snprintf(out, len, "%.3g× %s", ratio, more);
}

int cmp_print_exact(const cmp_set *set, const char *column, const int col[2], int csv,
                    const char *const labels[2])
{
    const int steps = column[0] == 's';
    const char *less = steps ? "fewer" : "less", *more = "more";
    double log_sum = 0;
    long compared = 0;
    if (csv) {
        for (int k = 0; k < set->nkey; k++) pb_csv_field(stdout, set->key_names[k]), putchar(',');
        printf("old_%s,new_%s,ratio\n", column, column);
    } else {
        printf("metric: %s, exact for a run: the ratio alone, no interval or test\n",
               steps ? "steps (placements + backtracks) per run"
                     : "peak memory (peak_rss_bytes, the resident high-water mark of a run)");
        printf("old: %s\nnew: %s\n\n", labels[0], labels[1]);
    }
    for (long i = 0; i < set->npairs; i++) {
        const cmp_pair *p = &set->pair[i];
        const double o = p->old->done ? value_of(p->old, col[0]) : NAN;
        const double n = p->new_->done ? value_of(p->new_, col[1]) : NAN;
        const double ratio = n / o;
        if (isfinite(ratio)) log_sum += log(ratio), compared++;
        char change[48];
        change_text(ratio, less, more, change, sizeof change);
        if (csv) {
            for (int k = 0; k < set->nkey; k++)
                pb_csv_field(stdout, p->old->cells[set->key_old[k]]), putchar(',');
            printf("%s,%s,", p->old->cells[col[0]], p->new_->cells[col[1]]);
            if (isfinite(ratio)) printf("%.6g", ratio);
            putchar('\n');
            continue;
        }
        for (int k = 0; k < set->nkey; k++)
            printf("%s%s=%s", k ? " " : "", set->key_names[k], p->old->cells[set->key_old[k]]);
        printf(": %s -> %s, %s\n", isfinite(o) ? p->old->cells[col[0]] : "-",
               isfinite(n) ? p->new_->cells[col[1]] : "-", change);
    }
    if (!csv) {
        char change[48];
        change_text(compared ? exp(log_sum / (double)compared) : NAN, less, more, change,
                    sizeof change);
        printf("\ngeomean of %ld pair%s: %s; %ld pair%s without a value on both sides\n", compared,
               compared == 1 ? "" : "s", change, set->npairs - compared,
               set->npairs - compared == 1 ? "" : "s");
    }
    return ferror(stdout) ? -1 : 0;
}
