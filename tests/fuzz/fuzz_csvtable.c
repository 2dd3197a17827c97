/* fuzz_csvtable.c — the CSV table reader (bench/harness/io/csvtable.c, pb_table_parse;
 * `compare` and the analysis read results with it). A table read has a header of at
 * least one field, every row as wide as the header with every field present, and
 * rows on increasing lines of the file; an error is a printable message naming the
 * file and a line of it. */
#include <string.h>

#include "fuzz.h"
#include "harness/io/csvtable.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const int lines = fuzz_lines(data, size);
    char *text = malloc(size + 1), err[300] = "";
    pb_table t;
    FUZZ_CHECK(text != NULL);
    memcpy(text, data, size);
    text[size] = '\0';
    if (pb_table_parse(text, size, "fuzz.csv", &t, err, sizeof err)) {
        long line = 0;
        FUZZ_CHECK(!strncmp(err, "fuzz.csv:", 9));
        for (const char *p = err; *p; p++) FUZZ_CHECK(*p >= 0x20 && *p < 0x7f);
        FUZZ_CHECK(sscanf(err + 9, "%ld", &line) != 1 || (line >= 1 && line <= lines));
        return 0;
    }
    FUZZ_CHECK(t.ncols >= 1 && t.nrows >= 0);
    for (int c = 0; c < t.ncols; c++) FUZZ_CHECK(t.cell[c] != NULL);
    long prev = t.line[0];
    FUZZ_CHECK(prev >= 1 && prev <= lines);
    for (long r = 0; r < t.nrows; r++) {
        FUZZ_CHECK(pb_table_line(&t, r) > prev && pb_table_line(&t, r) <= lines);
        prev = pb_table_line(&t, r);
        for (int c = 0; c < t.ncols; c++) FUZZ_CHECK(pb_table_cell(&t, r, c) != NULL);
    }
    pb_table_free(&t);
    return 0;
}
