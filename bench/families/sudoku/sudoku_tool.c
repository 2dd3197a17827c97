/* sudoku_tool.c — the table of sudoku's outside tools (the sweep key `tool`) and what
 * their adapters share: building a side's command, and reading and writing files of
 * one-line puzzles. */
#include "sudoku_tool.h"

#include <fcntl.h>
#include <stdio.h>
#include <string.h>

#include "harness/io/outfile.h"
#include "harness/base/text.h"

const pb_tool pb_sudoku_tools[] = {
    {.name = "qqwing",
     .program = "qqwing",
     .package = "qqwing",
     .levels = sudoku_qqwing_levels,
     .solve = sudoku_qqwing_solve,
     .generate = sudoku_qqwing_generate},
    /* Not a Debian package: built by hand, its path in PB_TDOKU. -h prints its build. */
    {.name = "tdoku",
     .program = "run_benchmark",
     .program_env = "PB_TDOKU",
     .version_flag = "-h",
     .version_line = "build info: ",
     .modes = sudoku_tdoku_modes,
     .ours = "logic",
     .measure = sudoku_tdoku_measure,
     .figures = sudoku_tdoku_figures},
    {.name = NULL},
};

void sudoku_tool_command(pb_tool_task *t, int side, const char *const *words, size_t *used)
{
    int n = 0;
    for (; words[n]; n++) {
        const size_t len = strlen(words[n]) + 1;
        if (*used + len > sizeof t->buf || n == 15) break;
        t->argv[side][n] = memcpy(t->buf + *used, words[n], len);
        *used += len;
    }
    t->argv[side][n] = NULL;
}

int sudoku_tool_puzzle_line(const char *p, const char *end)
{
    while (p < end && (*p == ' ' || *p == '\t' || *p == '\r')) p++;
    return p < end && *p != '#';
}

void sudoku_tool_set_name(const char *file, char *out, size_t outlen)
{
    const char *base = strrchr(file, '/');
    base = base ? base + 1 : file;
    size_t n = strlen(base);
    if (n > 4 && pb_has_suffix(base, ".txt")) n -= 4;
    snprintf(out, outlen, "%.*s", (int)(n < outlen ? n : outlen - 1), base);
    for (char *c = out; *c; c++)
        if (*c == ',' || *c == '"' || (unsigned char)*c < 32 || *c == 127) *c = '_';
}

int sudoku_tool_write_input(const char *path, const char *text, size_t len, int k, int plain,
                            char *err, size_t errlen)
{
    FILE *f = pb_out_fopen(path, O_WRONLY | O_CREAT | O_EXCL, "w", err, errlen);
    if (!f) return -1;
    for (int r = 0; r < k; r++)
        for (const char *p = text, *end; p < text + len; p = end + 1) {
            end = memchr(p, '\n', (size_t)(text + len - p));
            if (!end) end = text + len;
            /* fwrite, not %.*s: a NUL byte in a line must reach the solver as it is. */
            if (!plain || sudoku_tool_puzzle_line(p, end))
                fwrite(p, 1, (size_t)(end - p), f), fputc('\n', f);
        }
    if (ferror(f) | fclose(f)) return snprintf(err, errlen, "%s: cannot write", path), -1;
    return 0;
}
