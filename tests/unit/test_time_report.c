/* test_time_report.c — `puzzlebench time`'s report from hand-made summaries: a mean
 * and its interval to the same decimals, the ratio of the means and its interval as
 * digits (never "4.8e+02"), and a ratio whose interval reaches down to 1 said to tell
 * nothing apart. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "time_report.h"

/* A command that ran n samples of the given mean and standard deviation. */
static pb_timed timed(const char *text, int n, double mean, double stddev)
{
    pb_timed c = {.text = text, .row = -1, .user_s = NAN, .sys_s = NAN};
    c.t.sum = (pb_summary){.n = n,
                           .min = mean,
                           .median = mean,
                           .mean = mean,
                           .stddev = stddev,
                           .cv = stddev / mean,
                           .median_lo = NAN,
                           .median_hi = NAN};
    c.t.runs_per_sample = 1;
    return c;
}

/* The report of the two commands, its relative-speed line in line, and whether its
 * text holds `also` (NULL: nothing asked). */
static int speed_line(const pb_timed *c, char *line, size_t len, const char *also)
{
    char *text = NULL;
    size_t size = 0;
    FILE *f = open_memstream(&text, &size);
    CHECK(f != NULL);
    pb_time_print(f, c, 2, NAN);
    fclose(f);
    const char *at = strstr(text, "\n    ");
    CHECK(at != NULL);
    line[0] = '\0';
    if (at) snprintf(line, len, "%.*s", (int)strcspn(at + 1, "\n"), at + 1);
    CHECK(strstr(text, "  'fast' ran\n") != NULL);
    const int found = !also || strstr(text, also) != NULL;
    free(text);
    return found;
}

static void test_told_apart(void)
{
    /* 10 samples each (t = 2.262 for 9 degrees of freedom): each mean's interval is
     * 2.262 * 0.01 / sqrt(10) = 0.715% of it; the ratio 2, its half-width
     * 2 * sqrt(2) * 0.00715 = 0.0202. */
    pb_timed c[2] = {timed("fast", 10, 0.5, 0.005), timed("slow", 10, 1.0, 0.01)};
    char line[200];
    /* Each mean to 4 significant digits, its half-width (2.262 * 5 / sqrt(10)) to the
     * same decimals. */
    CHECK(speed_line(c, line, sizeof line, "  mean 500.0 ms +/- 3.6 ms (95% CI), median "));
    CHECK(!strcmp(line, "    2.00 +/- 0.02 times faster than 'slow'"));
}

static void test_not_told_apart(void)
{
    /* 3 samples (t = 4.303): the slow one's interval is 4.303 * 1 / sqrt(3) = 2.484 of
     * its mean of 1, the fast one's 4.303 * 0.001 / sqrt(3) / 0.01 = 0.2484 of its
     * mean: the ratio 100 +/- 100 * sqrt(2.484^2 + 0.2484^2) = 249.7, down past 1. */
    pb_timed c[2] = {timed("fast", 3, 0.01, 0.001), timed("slow", 3, 1.0, 1.0)};
    char line[200];
    CHECK(speed_line(c, line, sizeof line, NULL));
    CHECK(!strcmp(
        line, "    100 +/- 250 times faster than 'slow' (the interval holds 1: not told apart)"));
}

static void test_fastest_at_zero(void)
{
    /* Quoted commands shorter than the shell's start-up are held at 0: no ratio to a
     * mean of 0 is printed ("-nan times faster", "inf times faster"). */
    pb_timed zero[2] = {timed("fast", 3, 0, 0), timed("slow", 3, 0, 0)};
    pb_timed some[2] = {timed("fast", 3, 0, 0), timed("slow", 3, 0.5, 0.01)};
    const pb_timed *cases[] = {zero, some};
    char line[200];
    for (int k = 0; k < 2; k++) {
        CHECK(speed_line(cases[k], line, sizeof line, NULL));
        CHECK(!strcmp(line, "    no ratio to 'slow': the fastest mean is 0 (held at 0: shorter "
                            "than the shell's start-up)"));
    }
}

int main(void)
{
    test_told_apart();
    test_not_told_apart();
    test_fastest_at_zero();
    return check_report("time_report");
}
