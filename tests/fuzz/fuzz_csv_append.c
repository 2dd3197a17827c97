/* fuzz_csv_append.c — the reading back of a CSV that timed rows are appended to, and
 * of its samples file (bench/harness/io/csv_append.c: `time --csv FILE`, a sweep of
 * outside tools). The input is the two files, NAME.csv and NAME.samples.csv, cut apart
 * at a form feed (a file not given is not there). pb_csv_append_check and
 * pb_csv_append_timed agree; an error is a printable message naming one of the files
 * and a line of it. A row appended gets the index of the rows the CSV held (as its
 * table reader counts them), and the files written read back as tables: the CSV with
 * that row last, the samples with its samples. The files lie in a scratch folder made
 * once (removed at the exit). */
#define _DEFAULT_SOURCE /* mkdtemp */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fuzz.h"
#include "harness/io/csv_append.h"
#include "harness/io/csvtable.h"
#include "harness/io/readfile.h"

static char dir[64];

static void remove_dir(void)
{
    rmdir(dir);
}

/* An error: printable, "PATH:LINE: ..." for one of the two files, on a line of it. */
static void check_error(const char *err, const char *csv, long csv_lines, const char *samples,
                        long samples_lines)
{
    long line = 0;
    for (const char *p = err; *p; p++) FUZZ_CHECK(*p >= 0x20 && *p < 0x7f);
    const size_t c = strlen(csv), s = strlen(samples);
    const int in_csv = !strncmp(err, csv, c) && err[c] == ':';
    const int in_samples = !strncmp(err, samples, s) && err[s] == ':';
    FUZZ_CHECK(in_csv || in_samples);
    FUZZ_CHECK(sscanf(err + (in_csv ? c : s) + 1, "%ld", &line) == 1);
    FUZZ_CHECK(line >= 1 && line <= (in_csv ? csv_lines : samples_lines));
}

/* The file at path, read as a table into t. */
static void read_table(const char *path, pb_table *t)
{
    char err[600];
    FUZZ_CHECK(!pb_table_read(path, t, err, sizeof err));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!dir[0]) {
        if (!mkdtemp(strcpy(dir, "/tmp/fuzz_csv_append.XXXXXX"))) abort();
        atexit(remove_dir);
    }
    char csv[128], samples[128], err[2048] = "", keys[] = "engine=e1,size=9x9";
    snprintf(csv, sizeof csv, "%s/t.csv", dir);
    snprintf(samples, sizeof samples, "%s/t.samples.csv", dir);
    long csv_lines, samples_lines;
    fuzz_write_part(data, size, 0, csv, &csv_lines);
    fuzz_write_part(data, size, 1, samples, &samples_lines);
    /* The rows the CSV holds, by the table reader, before anything is written. */
    long before = 0;
    size_t len;
    char *text = pb_read_file(csv, &len, err, sizeof err);
    pb_table t;
    if (text && len) { /* the table takes the text over */
        if (!pb_table_parse(text, len, csv, &t, err, sizeof err)) {
            before = t.nrows;
            pb_table_free(&t);
        }
    } else {
        free(text);
    }
    pb_csv_keys k;
    FUZZ_CHECK(!pb_csv_keys_parse(keys, &k, err, sizeof err));
    pb_timing tm;
    memset(&tm, 0, sizeof tm);
    tm.samples = 2, tm.runs_per_sample = 1, tm.cpu_median_s = NAN;
    for (int i = 0; i < 2; i++) tm.sample_s[i] = 0.5 + i, tm.round[i] = -1, tm.cpu_s[i] = NAN;
    tm.sum.median = 1;
    const int checked = pb_csv_append_check(csv, &k, err, sizeof err);
    if (checked) check_error(err, csv, csv_lines, samples, samples_lines);
    long row = -1;
    const int appended = pb_csv_append_timed(csv, &k, "r1", &tm, &row, err, sizeof err);
    FUZZ_CHECK(!appended == !checked);
    if (appended) {
        check_error(err, csv, csv_lines, samples, samples_lines);
    } else {
        FUZZ_CHECK(row == before);
        pb_table c, s;
        read_table(csv, &c);
        read_table(samples, &s);
        const int col = pb_table_column(&c, "row");
        FUZZ_CHECK(c.nrows == row + 1 && col >= 0);
        FUZZ_CHECK(strtol(pb_table_cell(&c, row, col), NULL, 10) == row);
        long mine = 0;
        for (long i = 0; i < s.nrows; i++)
            mine += !strcmp(pb_table_cell(&s, i, 0), "r1") &&
                    strtol(pb_table_cell(&s, i, 1), NULL, 10) == row;
        FUZZ_CHECK(mine == 2);
        pb_table_free(&c);
        pb_table_free(&s);
    }
    unlink(csv), unlink(samples);
    return 0;
}
