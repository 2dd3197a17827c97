/* time_report.c — `puzzlebench time`'s report: per command the mean with its 95%
 * interval (Student's t) and the median with its distribution-free interval, and the
 * ratio of each mean to the fastest, its interval from both means' (as hyperfine's
 * "times faster than"); as text or JSON. */
#include "time_report.h"

#include <math.h>

#include "solve_json.h"

double pb_mean_ci95(const pb_summary *s)
{
    /* Two-sided 95% quantiles of Student's t for 1 to 30 degrees of freedom. */
    static const double t95[] = {12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306,
                                 2.262,  2.228, 2.201, 2.179, 2.160, 2.145, 2.131, 2.120,
                                 2.110,  2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064,
                                 2.060,  2.056, 2.052, 2.048, 2.045, 2.042};
    const int df = s->n - 1;
    if (df < 1 || !isfinite(s->stddev)) return NAN;
    /* Beyond the table, 1.96 + 2.4/df is within 0.002 of t up to 100 samples. */
    const double t = df <= 30 ? t95[df - 1] : 1.96 + 2.4 / df;
    return t * s->stddev / sqrt((double)s->n);
}

int pb_time_fastest(const pb_timed *c, int n)
{
    int best = -1, done = 0;
    for (int i = 0; i < n; i++) {
        if (c[i].at_limit) continue;
        done++;
        if (best < 0 || c[i].t.sum.mean < c[best].t.sum.mean) best = i;
    }
    return done >= 2 ? best : -1;
}

/* The ratio of c's mean to the fastest's, and the half-width of its interval
 * (relative errors added in quadrature; NAN when either has one sample). */
static double ratio(const pb_timed *c, const pb_timed *fast, double *half)
{
    const pb_summary *a = &c->t.sum, *b = &fast->t.sum;
    const double r = a->mean / b->mean;
    const double ea = pb_mean_ci95(a) / a->mean, eb = pb_mean_ci95(b) / b->mean;
    *half = r * sqrt(ea * ea + eb * eb);
    return r;
}

/* The decimals that give x (> 0) `digits` significant digits; 0 from 10^digits on. */
static int decimals(double x, int digits)
{
    if (!(x > 0) || !isfinite(x)) return 0;
    const int d = digits - 1 - (int)floor(log10(x));
    return d < 0 ? 0 : d;
}

/* The unit that suits scale (s, ms or us) and its size in seconds. */
static const char *time_unit(double scale, double *size)
{
    *size = scale >= 1 ? 1 : scale >= 1e-3 ? 1e-3 : 1e-6;
    return scale >= 1 ? "s" : scale >= 1e-3 ? "ms" : "us";
}

/* A time in the unit that suits scale, as "12.34 ms". */
static void put_time(FILE *f, double s, double scale)
{
    double size;
    const char *unit = time_unit(scale, &size);
    fprintf(f, "%.4g %s", s / size, unit);
}

/* A mean and its interval's half-width in the unit that suits the mean, both to the
 * mean's 4 significant digits' decimals: "14.94 ms +/- 0.56 ms", the spread no more
 * precise than the value it qualifies. */
static void put_mean(FILE *f, double mean, double half)
{
    double size;
    const char *unit = time_unit(mean, &size);
    const int d = decimals(mean / size, 4);
    fprintf(f, "%.*f %s", d, mean / size, unit);
    if (isfinite(half)) fprintf(f, " +/- %.*f %s (95%% CI)", d, half / size, unit);
}

/* A factor to three significant digits ("1.67", "2.00", "480", never "4.8e+02"),
 * and its half-width to the same decimals where it has one. */
static void put_factor(FILE *f, double x, double half)
{
    const int d = decimals(x, 3);
    fprintf(f, "%.*f", d, x);
    if (isfinite(half)) fprintf(f, " +/- %.*f", d, half);
}

static void print_one(FILE *f, const pb_timed *c, int i)
{
    const pb_summary *s = &c->t.sum;
    fprintf(f, "Command %d: %s\n", i + 1, c->text);
    if (c->at_limit) {
        fprintf(f, "  stopped at a limit after %.3g s (a lower bound); not compared\n", s->median);
        return;
    }
    fputs("  mean ", f);
    put_mean(f, s->mean, pb_mean_ci95(s));
    fputs(", median ", f);
    put_time(f, s->median, s->mean);
    if (s->n > 1) {
        fputs(" [", f);
        put_time(f, s->median_lo, s->mean);
        fputs(", ", f);
        put_time(f, s->median_hi, s->mean);
        fprintf(f, "] (%.0f%% CI)", floor(s->coverage * 100));
    }
    fprintf(f, "\n  %d sample%s of %d run%s, min ", c->t.samples, c->t.samples == 1 ? "" : "s",
            c->t.runs_per_sample, c->t.runs_per_sample == 1 ? "" : "s");
    put_time(f, s->min, s->mean);
    if (isfinite(s->cv)) fprintf(f, ", cv %.2g", s->cv);
    fputc('\n', f);
    if (isfinite(c->user_s)) {
        fputs("  user ", f);
        put_time(f, c->user_s, s->mean);
        fputs(", system ", f);
        put_time(f, c->sys_s, s->mean);
        fputs(" (mean per run)", f);
        if (c->t.peak_rss_bytes)
            fprintf(f, ", peak memory %.1f MiB", (double)c->t.peak_rss_bytes / (1024.0 * 1024.0));
        fputc('\n', f);
    }
}

void pb_time_print(FILE *f, const pb_timed *c, int n, double shell_s)
{
    if (isfinite(shell_s)) {
        fputs("The shell's start-up, ", f);
        put_time(f, shell_s, shell_s);
        fputs(" a run (/bin/sh -c ''), is subtracted from the quoted commands' times\n"
              "(--keep-shell keeps it).\n",
              f);
    }
    for (int i = 0; i < n; i++) print_one(f, c + i, i);
    const int best = pb_time_fastest(c, n);
    if (best < 0) return;
    fprintf(f, "\nRelative speed (means, +/- their 95%% CI):\n  '%s' ran\n", c[best].text);
    for (int i = 0; i < n; i++) {
        if (i == best || c[i].at_limit) continue;
        if (!(c[best].t.sum.mean > 0)) { /* a ratio to 0 would print as inf or nan */
            fprintf(f,
                    "    no ratio to '%s': the fastest mean is 0 (held at 0: shorter than the "
                    "shell's start-up)\n",
                    c[i].text);
            continue;
        }
        double h;
        const double r = ratio(c + i, c + best, &h);
        fputs("    ", f);
        put_factor(f, r, h);
        fprintf(f, " times faster than '%s'", c[i].text);
        /* An interval down to 1 or below cannot tell the two apart, however large r. */
        fputs(isfinite(h) && r - h <= 1 ? " (the interval holds 1: not told apart)\n" : "\n", f);
    }
}

/* A JSON number, or null when x is not finite. */
static void num(FILE *f, const char *name, double x)
{
    if (isfinite(x))
        fprintf(f, ", \"%s\": %.9g", name, x);
    else
        fprintf(f, ", \"%s\": null", name);
}

static void json_one(FILE *f, const pb_timed *c, int i, const pb_timed *fast)
{
    const pb_summary *s = &c->t.sum;
    fprintf(f, "    {\"index\": %d, \"command\": ", i + 1);
    pb_json_string(f, c->text);
    fprintf(f, ", \"shell\": %s, \"argv\": [", c->shell ? "true" : "false");
    for (char **a = c->argv; *a; a++) {
        if (a != c->argv) fputs(", ", f);
        pb_json_string(f, *a);
    }
    fprintf(f, "], \"status\": \"%s\", \"row\": ", c->at_limit ? "limit" : "done");
    if (c->row >= 0)
        fprintf(f, "%ld", c->row);
    else
        fputs("null", f);
    fprintf(f, ", \"samples\": %d, \"runs_per_sample\": %d", c->t.samples, c->t.runs_per_sample);
    num(f, "mean_s", s->mean);
    num(f, "mean_ci_s", pb_mean_ci95(s));
    num(f, "median_s", s->median);
    num(f, "median_lo_s", s->median_lo);
    num(f, "median_hi_s", s->median_hi);
    num(f, "min_s", s->min);
    num(f, "stddev_s", s->stddev);
    num(f, "cv", s->cv);
    num(f, "user_s", c->user_s);
    num(f, "system_s", c->sys_s);
    num(f, "cpu_s", c->t.cpu_median_s);
    num(f, "peak_rss_bytes", c->t.peak_rss_bytes ? (double)c->t.peak_rss_bytes : NAN);
    double h = NAN, r = NAN;
    if (fast == c)
        r = 1;
    else if (fast && !c->at_limit)
        r = ratio(c, fast, &h);
    num(f, "relative", r);
    num(f, "relative_ci", h);
    fputs(", \"sample_s\": [", f);
    for (int k = 0; k < c->t.samples; k++) fprintf(f, "%s%.9g", k ? ", " : "", c->t.sample_s[k]);
    fputs("]}", f);
}

void pb_time_json(FILE *f, const pb_timed *c, int n, const char *run_id, const char *csv,
                  double shell_s)
{
    const int best = pb_time_fastest(c, n);
    fputs("{\n  \"schema\": \"puzzlebench.time/1\",\n  \"run_id\": ", f);
    pb_json_string(f, run_id);
    fputs(",\n  \"csv\": ", f);
    if (csv)
        pb_json_string(f, csv);
    else
        fputs("null", f);
    fputs(",\n  \"exit_status\": 0,\n  \"shell_start_s\": ", f);
    if (isfinite(shell_s))
        fprintf(f, "%.9g", shell_s);
    else
        fputs("null", f);
    fputs(",\n  \"fastest\": ", f);
    if (best >= 0)
        fprintf(f, "%d", best + 1);
    else
        fputs("null", f);
    fputs(",\n  \"commands\": [\n", f);
    for (int i = 0; i < n; i++) {
        json_one(f, c + i, i, best >= 0 ? c + best : NULL);
        fputs(i + 1 < n ? ",\n" : "\n", f);
    }
    fputs("  ]\n}\n", f);
}
