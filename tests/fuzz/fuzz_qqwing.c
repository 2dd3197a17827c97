/* fuzz_qqwing.c — the QQwing adapter's reading of a puzzle file (bench/families/sudoku/
 * sudoku_qqwing.c, the sudoku tool's solve): the file is skipped (1) unless every
 * puzzle line is 81 characters and there is one; otherwise the task counts its puzzle
 * lines, its difficulty is "-" or a word of lowercase letters from the header, and
 * QQwing's input holds exactly those lines while puzzlebench's holds the file as it
 * is, byte for byte. An error is a printable message. Each input is written to a file
 * in a scratch folder made once (removed at the exit), and the files are removed after
 * each call. */
#define _DEFAULT_SOURCE /* mkdtemp */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "families/families.h"
#include "family.h"
#include "fuzz.h"
#include "harness/io/readfile.h"

/* The puzzle lines of the input and whether all are 81 characters once the trailing
 * carriage returns and blanks are cut: the rule the adapter must follow. */
static long puzzle_lines(const char *p, size_t size, int *all81)
{
    long k = 0;
    *all81 = 1;
    for (const char *end, *stop = p + size; p < stop; p = end + 1) {
        end = memchr(p, '\n', (size_t)(stop - p));
        if (!end) end = stop;
        const char *q = p;
        while (q < end && (*q == ' ' || *q == '\t' || *q == '\r')) q++;
        if (q == end || *q == '#') continue;
        const char *e = end;
        while (e > p && (e[-1] == '\r' || e[-1] == ' ')) e--;
        k++;
        *all81 &= e - p == 81;
    }
    return k;
}

static char dir[64];

static void remove_dir(void)
{
    rmdir(dir);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!dir[0]) {
        if (!mkdtemp(strcpy(dir, "/tmp/fuzz_qqwing.XXXXXX"))) abort();
        atexit(remove_dir);
    }
    char file[128], plain[128], input[128], err[600] = "";
    snprintf(file, sizeof file, "%s/puzzles.txt", dir);
    snprintf(plain, sizeof plain, "%s/plain.txt", dir);
    snprintf(input, sizeof input, "%s/input.txt", dir);
    FILE *f = fopen(file, "wb");
    FUZZ_CHECK(f && fwrite(data, 1, size, f) == size && !fclose(f));
    pb_tool_task t;
    memset(&t, 0, sizeof t);
    const int rc = pb_sudoku_tools[0].solve(file, 1, dir, "puzzlebench", &t, err, sizeof err);
    int all81;
    const long k = puzzle_lines((const char *)data, size, &all81);
    if (rc < 0) {
        FUZZ_CHECK(err[0]);
        for (const char *p = err; *p; p++) FUZZ_CHECK(*p >= 0x20 && *p < 0x7f);
    } else if (rc == 1) {
        FUZZ_CHECK(!k || !all81);
    } else {
        FUZZ_CHECK(rc == 0 && k && all81);
        FUZZ_CHECK(t.puzzles[0] == k && t.puzzles[1] == k);
        FUZZ_CHECK(!strcmp(t.level, "-") ||
                   strspn(t.level, "abcdefghijklmnopqrstuvwxyz") == strlen(t.level));
        FUZZ_CHECK(!strcmp(t.stdin_path[0], plain) && t.argv[0][0] && t.argv[1][0]);
        size_t n, m;
        char rerr[300];
        char *q = pb_read_file(plain, &n, rerr, sizeof rerr);
        char *whole = pb_read_file(input, &m, rerr, sizeof rerr);
        FUZZ_CHECK(q && whole);
        int all;
        FUZZ_CHECK(puzzle_lines(q, n, &all) == k && all); /* the puzzle lines alone */
        long lines = 0;
        for (size_t i = 0; i < n; i++) lines += q[i] == '\n';
        FUZZ_CHECK(lines == k);
        FUZZ_CHECK(m >= size && !memcmp(whole, data, size)); /* the file as it is */
        free(q), free(whole);
    }
    unlink(plain), unlink(input), unlink(file);
    return 0;
}
