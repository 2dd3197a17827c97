/* test_csvtable.c — the CSV table reader (bench/harness/io/csvtable.h): fields, quotes,
 * CRLF, blank lines, line numbers, and each malformed input's one message; and the
 * timing columns a result row is written with (harness/io/csv.h), read back. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "harness/io/csv.h"
#include "harness/io/csvtable.h"

/* Parses a copy of text; returns the status, the message in err. */
static int parse(const char *text, pb_table *t, char *err, size_t errlen)
{
    char *copy = strdup(text);
    if (!copy) exit(2);
    return pb_table_parse(copy, strlen(copy), "f.csv", t, err, errlen);
}

static void test_good(void)
{
    pb_table t;
    char err[300] = "";
    CHECK(parse("a,b,c\r\n1,\"x,\"\"y\"\"\",3\r\n\r\n\n4,\"two\nlines\",\n", &t, err, sizeof err) ==
          0);
    CHECK(t.ncols == 3 && t.nrows == 2);
    CHECK(pb_table_column(&t, "c") == 2 && pb_table_column(&t, "d") == -1);
    CHECK(!strcmp(pb_table_cell(&t, 0, 0), "1") && !strcmp(pb_table_cell(&t, 0, 1), "x,\"y\""));
    CHECK(!strcmp(pb_table_cell(&t, 0, 2), "3"));
    CHECK(!strcmp(pb_table_cell(&t, 1, 1), "two\nlines") && !strcmp(pb_table_cell(&t, 1, 2), ""));
    CHECK(pb_table_line(&t, 0) == 2 && pb_table_line(&t, 1) == 5 && t.line[0] == 1);
    pb_table_free(&t);
    CHECK(parse("only\n", &t, err, sizeof err) == 0 && t.ncols == 1 && t.nrows == 0);
    pb_table_free(&t);
    CHECK(parse("a,b\n1,2", &t, err, sizeof err) == 0 && t.nrows == 1); /* no final newline */
    CHECK(!strcmp(pb_table_cell(&t, 0, 1), "2"));
    pb_table_free(&t);
}

/* The message for text, which must fail. */
static const char *failure(const char *text)
{
    static char err[300];
    pb_table t;
    err[0] = '\0';
    if (!parse(text, &t, err, sizeof err)) {
        pb_table_free(&t);
        return "(parsed)";
    }
    return err;
}

static void test_bad(void)
{
    CHECK(!strcmp(failure(""), "f.csv:1: expected a header line"));
    CHECK(!strcmp(failure("\n\n"), "f.csv:3: expected a header line"));
    CHECK(!strcmp(failure("a,b\n1,2\n3\n"), "f.csv:3: expected 2 fields, as in the header, got 1"));
    CHECK(!strcmp(failure("a,b\n1,2,3\n"), "f.csv:2: expected 2 fields, as in the header, got 3"));
    CHECK(!strcmp(failure("a,b\n\"1,2\n3,4\n"), "f.csv:2: expected a closing quote"));
    CHECK(!strcmp(failure("a,b\n\"1\"x,2\n"),
                  "f.csv:2: expected a comma or a line end after a closing quote"));
    CHECK(!strcmp(failure("a,,b\n"), "f.csv:1: expected a name for every column"));
    CHECK(!strcmp(failure("a,b,a\n"), "f.csv:1: expected distinct column names, got 'a' twice"));
    /* A NUL byte: the length is given, since strdup would stop at it. */
    char *text = malloc(8);
    memcpy(text, "a\n1\n\0\n", 7);
    pb_table t;
    char err[200];
    CHECK(pb_table_parse(text, 6, "f.csv", &t, err, sizeof err) == -1);
    CHECK(!strcmp(err, "f.csv:3: expected text, got a NUL byte"));
    CHECK(pb_table_read("/nonexistent/x.csv", &t, err, sizeof err) == -1);
    CHECK(!strncmp(err, "/nonexistent/x.csv: cannot open", 31));
}

/* The timing columns of a row whose cv is given, read back from the header's names. */
static void timing_cells(double cv, char *cv_cell, size_t cvlen, char *noisy_cell, size_t nlen)
{
    pb_timing t = {.samples = 2, .runs_per_sample = 1};
    t.sum = (pb_summary){.n = 2,
                         .min = 1,
                         .median = 1,
                         .mean = 1,
                         .stddev = cv,
                         .cv = cv,
                         .median_lo = 1,
                         .median_hi = 1};
    t.cpu_median_s = NAN;
    char text[1024];
    FILE *f = fmemopen(text, sizeof text, "w");
    if (!f) exit(2);
    fprintf(f, "%s\n", pb_csv_timing_header + 1);
    pb_csv_timing_write(f, "id", 0, &t);
    fclose(f);
    /* The row's fields begin with the comma that the header's first name lacks. */
    char *row = strchr(text, '\n') + 1;
    memmove(row, row + 1, strlen(row));
    pb_table tab;
    char err[300] = "";
    const int read = parse(text, &tab, err, sizeof err) == 0;
    CHECK(read && tab.nrows == 1);
    if (!read || tab.nrows != 1) {
        if (read) pb_table_free(&tab);
        *cv_cell = *noisy_cell = '\0';
        return;
    }
    snprintf(cv_cell, cvlen, "%s", pb_table_cell(&tab, 0, pb_table_column(&tab, "cv")));
    snprintf(noisy_cell, nlen, "%s", pb_table_cell(&tab, 0, pb_table_column(&tab, "noisy")));
    pb_table_free(&tab);
}

/* noisy is 1 exactly when the cv as written is over 5%: a cv just over 0.05 is written
 * 0.05 and is not noisy, so that a reader of the file finds the two agree. */
static void test_noisy_as_written(void)
{
    static const struct {
        double cv;
        const char *cell, *noisy;
    } cases[] = {{0.0500002, "0.05", "0"}, {0.05, "0.05", "0"}, {0.05001, "0.05001", "1"},
                 {0.0499, "0.0499", "0"},  {1.29, "1.29", "1"}, {NAN, "", "0"}};
    for (size_t k = 0; k < sizeof cases / sizeof *cases; k++) {
        char cv[32], noisy[8];
        timing_cells(cases[k].cv, cv, sizeof cv, noisy, sizeof noisy);
        CHECK(!strcmp(cv, cases[k].cell) && !strcmp(noisy, cases[k].noisy));
    }
}

int main(void)
{
    test_good();
    test_bad();
    test_noisy_as_written();
    return check_report("test_csvtable");
}
