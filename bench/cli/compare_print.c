/* compare_print.c — what `puzzlebench compare` prints of times: times to 3
 * significant figures with their unit (ns, µs, ms, s), ratios as "N× faster" or "N×
 * slower" with N >= 1, the table of pairs (compare_table.c) with those columns, then
 * the geometric mean and the counts; or all of it as CSV. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare.h"
#include "harness/base/sizes.h"
#include "harness/io/csv.h"
#include "core/text_bytes.h"
#include "stats/geomean.h"

/* x >= 0 to 3 significant figures, without exponent: "1.23", "12.3", "123", "0.0123";
 * from 100000 on (a figure no unit brings down: hours of seconds, a damaged file)
 * with one, "1.00e+308", so that it stays one short word. */
static void sig3(double x, char *out, size_t len)
{
    char rounded[32];
    snprintf(rounded, sizeof rounded, "%.3g", x);
    const double r = strtod(rounded, NULL);
    const int e = r > 0 ? (int)floor(log10(r)) : 0;
    if (e >= 5 || !isfinite(x)) {
        snprintf(out, len, "%.2e", x);
        return;
    }
    snprintf(out, len, "%.*f", e >= 2 ? 0 : 2 - e, x);
}

/* The unit for t seconds once rounded to 3 figures ("999.7 µs" shows as "1.00 ms"). */
static const char *unit_of(double t, double *size)
{
    static const char *const names[] = {"s", "ms", "µs", "ns"};
    char rounded[32];
    snprintf(rounded, sizeof rounded, "%.3g", t);
    const double r = strtod(rounded, NULL);
    *size = 1;
    for (int i = 0; i < 3; i++, *size /= 1000)
        if (r >= *size) return names[i];
    return names[3];
}

/* "1.23 ms [1.20, 1.26]": a median and its interval, in the median's unit. */
static void time_ci(const pb_summary *s, char *out, size_t len)
{
    double size;
    const char *unit = unit_of(s->median, &size);
    char m[24], lo[24], hi[24];
    sig3(s->median / size, m, sizeof m);
    if (isnan(s->median_lo)) {
        snprintf(out, len, "%s %s", m, unit);
        return;
    }
    sig3(s->median_lo / size, lo, sizeof lo);
    sig3(s->median_hi / size, hi, sizeof hi);
    snprintf(out, len, "%s %s [%s, %s]", m, unit, lo, hi);
}

/* A factor >= 1 with about 3 significant figures: "1.23", "12.3", "123", "3333333";
 * from a billion on "1.23e+09" (a damaged file's, not a measured one's). */
static void factor_text(double f, char *out, size_t len)
{
    snprintf(out, len,
             f >= 999999999.5 || !isfinite(f) ? "%.2e"
             : f >= 99.95                     ? "%.0f"
             : f >= 9.995                     ? "%.1f"
                                              : "%.2f",
             f);
}

/* A ratio r > 0 as "N× MORE" (r > 1) or "N× LESS" (N = 1/r), N >= 1; "same" at 1. */
static void ratio_text(double r, const char *more, const char *less, char *out, size_t len)
{
    char f[24];
    if (r == 1) {
        snprintf(out, len, "same");
        return;
    }
    factor_text(r > 1 ? r : 1 / r, f, sizeof f);
    snprintf(out, len, "%s× %s", f, r > 1 ? more : less);
}

/* A bound's text: "≥ 95.0× faster" when the new side is faster by at least that
 * much, "≤ 1.20× slower" when at most that much slower, and so on. */
static void bound_text(const cmp_pair *p, char *out, size_t len)
{
    char r[48];
    const int above = p->ratio.point > 1; /* written as slower */
    ratio_text(p->ratio.point, "slower", "faster", r, sizeof r);
    const int at_least = (p->bound == CMP_AT_LEAST) == above;
    snprintf(out, len, "%s %s", at_least ? "≥" : "≤", r);
}

/* The change column: the ratio with its interval, "1.10× slower [1.07, 1.13]" (a
 * speed-up's interval turned round with it); "~ " before it when not significant,
 * ", too few samples" after it with fewer than 2; a bound for a pair with a side
 * stopped at its limit; "-" when not compared. */
static void change_text(const cmp_pair *p, char *out, size_t len)
{
    char r[48], lo[24], hi[24];
    if (p->bound != CMP_ESTIMATE) {
        bound_text(p, out, len);
        return;
    }
    if (isnan(p->ratio.point)) {
        snprintf(out, len, "-");
        return;
    }
    ratio_text(p->ratio.point, "slower", "faster", r, sizeof r);
    if (isnan(p->ratio.lo) || p->too_few) {
        snprintf(out, len, "%s%s", r, p->too_few ? ", too few samples" : "");
        return;
    }
    const int faster = p->ratio.point < 1;
    factor_text(faster ? 1 / p->ratio.hi : p->ratio.lo, lo, sizeof lo);
    factor_text(faster ? 1 / p->ratio.lo : p->ratio.hi, hi, sizeof hi);
    snprintf(out, len, "%s%s [%s, %s]", p->verdict == CMP_SAME ? "~ " : "", r, lo, hi);
}

static void p_text(double p, char *out, size_t len)
{
    if (isnan(p))
        snprintf(out, len, "-");
    else
        snprintf(out, len, p < 0.001 ? "<0.001" : "%.3f", p);
}

void cmp_count_change(double r, const char *less, char *out, size_t len)
{
    if (isnan(r))
        snprintf(out, len, "-");
    else
        ratio_text(r, "more", less, out, len);
}

/* The steps column: a side stopped at its limit counted its steps so far, a lower
 * bound like its time, so a bound pair's steps ratio is a bound the same way
 * ("≥ 2034× fewer"), not a measured ratio. */
static void steps_text(const cmp_pair *p, char *out, size_t len)
{
    char r[48];
    cmp_count_change(p->steps_ratio, "fewer", r, sizeof r);
    if (p->bound == CMP_ESTIMATE || isnan(p->steps_ratio)) {
        snprintf(out, len, "%s", r);
        return;
    }
    const int at_least = (p->bound == CMP_AT_LEAST) == (p->steps_ratio > 1);
    snprintf(out, len, "%s %s", at_least ? "≥" : "≤", r);
}

/* ---- the table ---- */

enum { NSTAT = 7 };
static const char *const stat_names[NSTAT] = {"old", "new", "change", "p", "q", "n", "steps"};

/* Pair i's statistics, the table's columns after its keys. */
static void fill_stats(const cmp_set *set, long i, char (*stat)[CMP_CELL], const void *ctx)
{
    (void)ctx;
    const cmp_pair *p = &set->pair[i];
    time_ci(&p->so, stat[0], CMP_CELL);
    time_ci(&p->sn, stat[1], CMP_CELL);
    change_text(p, stat[2], CMP_CELL);
    p_text(p->p, stat[3], CMP_CELL);
    p_text(p->q, stat[4], CMP_CELL);
    if (!p->n)
        snprintf(stat[5], CMP_CELL, "-");
    else if (p->method == CMP_PAIRED)
        snprintf(stat[5], CMP_CELL, "%d rounds", p->n);
    else
        snprintf(stat[5], CMP_CELL, "%d", p->n);
    steps_text(p, stat[6], CMP_CELL);
}

static const char *plural(long n)
{
    return n == 1 ? "" : "s";
}

/* The geometric means of the compared pairs' ratios of time and of steps (NAN
 * when there are none); bounds are left out. 0, or -1 when out of memory. */
static int geomeans(const cmp_set *set, double *time, double *steps)
{
    double *r = malloc((size_t)(set->npairs + 1) * sizeof *r);
    double *s = malloc((size_t)(set->npairs + 1) * sizeof *s);
    int nr = 0, ns = 0;
    if (!r || !s) return free(r), free(s), -1;
    for (long i = 0; i < set->npairs; i++) {
        const cmp_pair *p = &set->pair[i];
        if (p->verdict == CMP_NONE || p->bound != CMP_ESTIMATE) continue;
        r[nr++] = p->ratio.point;
        if (!isnan(p->steps_ratio)) s[ns++] = p->steps_ratio;
    }
    *time = pb_geomean(r, nr); /* NAN when nr is 0 */
    *steps = pb_geomean(s, ns);
    free(r), free(s);
    return 0;
}

/* The line that says what the change column is, once: for pairs by round, the
 * geometric mean of the rounds' ratios, which is not the ratio of the medians beside
 * it. */
static void print_change_meaning(const cmp_set *set)
{
    long paired = 0, independent = 0, bounds = 0;
    for (long i = 0; i < set->npairs; i++) {
        const cmp_pair *p = &set->pair[i];
        if (isnan(p->ratio.point)) continue;
        if (p->bound != CMP_ESTIMATE)
            bounds++;
        else if (p->method == CMP_PAIRED)
            paired++;
        else
            independent++;
    }
    if (!paired && !independent && !bounds) return;
    const double level = 100 * (1 - set->alpha);
    const int mixed = paired && independent;
    fputs("change: ", stdout);
    if (paired)
        printf("%sthe geometric mean of the per-round ratios of new to old time, with its %g%% "
               "interval (not the ratio of the medians shown)",
               mixed ? "by round (n in rounds), " : "", level);
    if (independent)
        printf("%sthe ratio of the medians, new to old, with its %g%% bootstrap interval",
               mixed ? "; from independent samples, " : "", level);
    if (bounds)
        printf("%s≥ or ≤: a bound, the ratio of the medians (a side stopped at its limit)",
               paired || independent ? "; " : "");
    putchar('\n');
}

/* The geometric-mean line, the counts, and the rows left without a partner. */
static int print_totals(const cmp_set *set, const char *old_label, const char *new_label)
{
    long count[4] = {0};
    double gt, gs;
    char time[64] = "-", steps[64];
    if (geomeans(set, &gt, &gs)) return -1;
    if (!isnan(gt)) ratio_text(gt, "slower", "faster", time, sizeof time);
    cmp_count_change(gs, "fewer", steps, sizeof steps);
    long bounds = 0, few = 0, paired = 0, by_process = 0;
    for (long i = 0; i < set->npairs; i++) {
        const cmp_pair *p = &set->pair[i];
        count[p->verdict]++;
        bounds += p->bound != CMP_ESTIMATE && p->verdict != CMP_NONE;
        few += p->too_few;
        paired += p->method == CMP_PAIRED;
        by_process += p->method == CMP_PAIRED && p->split.groups >= PB_NESTED_MIN_GROUPS;
    }
    const long compared = set->npairs - count[CMP_NONE];
    printf("geomean: %s; steps: %s\n", time, steps);
    printf("%ld pair%s: %ld faster, %ld slower, %ld unchanged (~)", compared, plural(compared),
           count[CMP_FASTER], count[CMP_SLOWER], count[CMP_SAME]);
    if (bounds) printf("; %ld by a bound (a side stopped at its limit)", bounds);
    if (set->adjust)
        printf("\nverdicts at q < %g: p adjusted over the %ld tested pair%s (Benjamini-Hochberg)",
               set->alpha, set->tested, plural(set->tested));
    else
        printf("\nverdicts at p < %g, each pair on its own (--adjust none)", set->alpha);
    printf("\n%ld paired by round, %ld from independent samples\n", paired, set->npairs - paired);
    if (set->between_pairs)
        printf("rounds taken by two worker processes in %ld pair%s: between-process spread "
               "%.2f%%, in their intervals\n",
               set->between_pairs, plural(set->between_pairs), 100 * expm1(sqrt(set->between)));
    if (by_process)
        printf("rounds taken by %d or more worker processes in %ld pair%s: intervals from the "
               "processes' means\n",
               PB_NESTED_MIN_GROUPS, by_process, plural(by_process));
    if (set->loose) cmp_print_loose(set);
    if (few) printf("%ld pair%s with too few samples for a verdict\n", few, plural(few));
    if (count[CMP_NONE] - few)
        printf("%ld pair%s not compared (-): a side did not finish\n", count[CMP_NONE] - few,
               plural(count[CMP_NONE] - few));
    if (set->only_old)
        printf("only in old (%s): %ld row%s\n", old_label, set->only_old, plural(set->only_old));
    if (set->only_new)
        printf("only in new (%s): %ld row%s\n", new_label, set->only_new, plural(set->only_new));
    return 0;
}

int cmp_print_table(const cmp_set *set, const char *const labels[2], const cmp_meta meta[2])
{
    static const cmp_columns stats = {NSTAT, stat_names, fill_stats, NULL};
    char *old_label = cmp_label_shown(labels[0]), *new_label = cmp_label_shown(labels[1]);
    if (!old_label || !new_label) return free(old_label), free(new_label), -1;
    int rc = cmp_print_sides(labels, meta);
    if (!rc) cmp_print_aside(set), print_change_meaning(set);
    rc = rc || cmp_print_pairs(set, &stats) || print_totals(set, old_label, new_label) ? -1 : 0;
    free(old_label), free(new_label);
    return rc;
}

/* ---- CSV ---- */

/* ",VALUE" in fmt, or "," alone for NAN. */
static void csv_num(const char *fmt, double v)
{
    putchar(',');
    if (!isnan(v)) printf(fmt, v);
}

static void csv_side(const cmp_row *row, const pb_summary *s)
{
    printf(",%d", row->n);
    csv_num("%.9g", s->median), csv_num("%.9g", s->median_lo), csv_num("%.9g", s->median_hi);
    csv_num("%.4g", s->cv);
}

static void csv_steps(const cmp_row *row)
{
    putchar(',');
    if (row->has_steps) printf("%llu", row->steps);
}

/* text with '%' and ';' (and '=' where eq, a key's) written %XX, at out (NULL: only
 * counted); the bytes it takes. So new_keys splits at ';' and a key at its first '='
 * whatever the values hold (a params value joins its items with ';'). */
static size_t escaped(char *out, const char *text, int eq)
{
    size_t n = 0;
    for (const char *c = text; *c; c++) {
        if (*c == '%' || *c == ';' || (eq && *c == '=')) {
            if (out) sprintf(out + n, "%%%02X", (unsigned char)*c);
            n += 3;
        } else {
            if (out) out[n] = *c;
            n++;
        }
    }
    if (out) out[n] = 0;
    return n;
}

int cmp_csv_new_keys(const cmp_set *set, const cmp_pair *p)
{
    size_t len = 1;
    for (int k = 0; k < set->nkey; k++)
        len += escaped(NULL, set->key_names[k], 1) +
               escaped(NULL, p->new_->cells[set->key_new[k]], 0) + 2;
    char *text = malloc(len);
    if (!text) return -1;
    size_t at = 0;
    text[0] = 0;
    for (int k = 0; k < set->nkey; k++) {
        const char *v = p->new_->cells[set->key_new[k]];
        if (!strcmp(p->old->cells[set->key_old[k]], v)) continue;
        if (at) text[at++] = ';';
        at += escaped(text + at, set->key_names[k], 1);
        text[at++] = '=';
        at += escaped(text + at, v, 0);
        text[at] = 0;
    }
    pb_csv_field(stdout, text);
    free(text);
    return 0;
}

static int csv_pair(const cmp_set *set, long i)
{
    static const char *const verdicts[] = {"faster", "slower", "~", "-"};
    const cmp_pair *p = &set->pair[i];
    for (int k = 0; k < set->nkey; k++) {
        if (k) putchar(',');
        pb_csv_field(stdout, cmp_key_cell(set, i, k));
    }
    csv_side(p->old, &p->so);
    csv_side(p->new_, &p->sn);
    csv_num("%.6g", p->ratio.point), csv_num("%.6g", p->ratio.lo), csv_num("%.6g", p->ratio.hi);
    csv_num("%.4g", p->p);
    printf(",%s", verdicts[p->verdict]);
    csv_steps(p->old), csv_steps(p->new_);
    csv_num("%.6g", p->steps_ratio);
    printf(",%s,%d,%s",
           isnan(p->ratio.point)     ? ""
           : p->method == CMP_PAIRED ? "paired"
                                     : "independent",
           p->n,
           p->bound == CMP_AT_MOST    ? "at_most"
           : p->bound == CMP_AT_LEAST ? "at_least"
                                      : "");
    csv_num("%.4g", p->q);
    putchar(',');
    if (cmp_csv_new_keys(set, p)) return -1;
    putchar('\n');
    return 0;
}

int cmp_print_csv(const cmp_set *set)
{
    double gt, gs;
    if (geomeans(set, &gt, &gs)) return -1;
    for (int k = 0; k < set->nkey; k++) pb_csv_field(stdout, set->key_names[k]), putchar(',');
    puts("old_samples,old_median_s,old_lo_s,old_hi_s,old_cv,new_samples,new_median_s,new_lo_s,"
         "new_hi_s,new_cv,ratio,ratio_lo,ratio_hi,p_value,verdict,old_steps,new_steps,steps_ratio,"
         "method,n,bound,q_value,new_keys");
    for (long i = 0; i < set->npairs; i++)
        if (csv_pair(set, i)) return -1;
    /* The geomean line: "geomean" in the first key column, the means in ratio and
     * steps_ratio, every other field empty. */
    fputs("geomean", stdout);
    for (int c = 1; c < set->nkey + 10; c++) putchar(',');
    csv_num("%.6g", gt);
    fputs(",,,,,,", stdout);
    csv_num("%.6g", gs);
    puts(",,,,,");
    return 0;
}
