/* sudoku_qqwing.c — QQwing (Debian's qqwing) as a tool of sudoku's tool sweep: the
 * same 9x9 work for it and for puzzlebench. Solving a file: QQwing reads one-line
 * puzzles only, so it gets the file's puzzles without comments on standard input;
 * puzzlebench reads the file as it is. A small file is read several times over (to
 * about 1000 puzzles) so that the process start does not dominate. Generating: N
 * puzzles of a difficulty in one process each. */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "family.h"
#include "harness/io/outfile.h"
#include "harness/io/readfile.h"
#include "harness/base/sizes.h"
#include "families/families.h"

/* The difficulties QQwing and `generate sudoku` both take. */
static const char *const qqwing_levels[] = {"simple", "easy", "intermediate", "expert", NULL};

/* Appends the words of a command to t->argv[side] (the words copied into t->buf). */
static void command(pb_tool_task *t, int side, const char *const *words, size_t *used)
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

/* 1 when the line [p, end) is a puzzle line: not blank, not a comment. */
static int puzzle_line(const char *p, const char *end)
{
    while (p < end && (*p == ' ' || *p == '\t' || *p == '\r')) p++;
    return p < end && *p != '#';
}

/* The difficulty of a file that `generate sudoku` wrote, from its header line
 * ("# puzzlebench generate ... --difficulty D"), or "-". */
static void header_level(const char *text, size_t len, char *out, size_t outlen)
{
    snprintf(out, outlen, "-");
    const char *end = memchr(text, '\n', len);
    const size_t first = end ? (size_t)(end - text) : len;
    if (first < 24 || strncmp(text, "# puzzlebench generate ", 23)) return;
    char line[512];
    snprintf(line, sizeof line, "%.*s", (int)(first < sizeof line ? first : sizeof line - 1), text);
    const char *d = strstr(line, "--difficulty ");
    if (!d) return;
    d += 13;
    const size_t n = strspn(d, "abcdefghijklmnopqrstuvwxyz");
    if (n && n < outlen) snprintf(out, outlen, "%.*s", (int)n, d);
}

/* The file's short name: its base name less ".txt", commas, quotes and control
 * characters replaced (it is a CSV field). */
static void set_name(const char *file, char *out, size_t outlen)
{
    const char *base = strrchr(file, '/');
    base = base ? base + 1 : file;
    size_t n = strlen(base);
    if (n > 4 && !strcmp(base + n - 4, ".txt")) n -= 4;
    snprintf(out, outlen, "%.*s", (int)(n < outlen ? n : outlen - 1), base);
    for (char *c = out; *c; c++)
        if (*c == ',' || *c == '"' || (unsigned char)*c < 32 || *c == 127) *c = '_';
}

/* Writes text k times over into path (a new file); with plain, its puzzle lines only. */
static int write_input(const char *path, const char *text, size_t len, int k, int plain, char *err,
                       size_t errlen)
{
    FILE *f = pb_out_fopen(path, O_WRONLY | O_CREAT | O_EXCL, "w", err, errlen);
    if (!f) return -1;
    for (int r = 0; r < k; r++)
        for (const char *p = text, *end; p < text + len; p = end + 1) {
            end = memchr(p, '\n', (size_t)(text + len - p));
            if (!end) end = text + len;
            /* fwrite, not %.*s: a NUL byte in a line must reach the solver as it is. */
            if (!plain || puzzle_line(p, end)) fwrite(p, 1, (size_t)(end - p), f), fputc('\n', f);
        }
    if (ferror(f) | fclose(f)) return snprintf(err, errlen, "%s: cannot write", path), -1;
    return 0;
}

static int solve(const char *file, int repeat, const char *dir, const char *self, pb_tool_task *t,
                 char *err, size_t errlen)
{
    size_t len, used = 0;
    char *text = pb_read_file(file, &len, err, errlen);
    if (!text) return -1;
    long k = 0;
    int one_line = 1;
    for (const char *p = text, *end; p < text + len; p = end + 1) {
        end = memchr(p, '\n', (size_t)(text + len - p));
        if (!end) end = text + len;
        if (!puzzle_line(p, end)) continue;
        k++;
        const char *e = end;
        while (e > p && (e[-1] == '\r' || e[-1] == ' ')) e--;
        one_line &= e - p == 81;
    }
    if (!k || !one_line) return free(text), 1;
    const long reps = (999 + k) / k < repeat ? (999 + k) / k : repeat;
    set_name(file, t->set, sizeof t->set);
    header_level(text, len, t->level, sizeof t->level);
    t->puzzles[0] = t->puzzles[1] = k * reps;
    snprintf(t->stdin_path[0], sizeof t->stdin_path[0], "%s/plain.txt", dir);
    snprintf(t->stdin_path[1], sizeof t->stdin_path[1], "/dev/null");
    char input[PB_PATH_EXT_MAX];
    snprintf(input, sizeof input, "%s/input.txt", dir);
    int rc = write_input(t->stdin_path[0], text, len, (int)reps, 1, err, errlen) ||
             write_input(input, text, len, (int)reps, 0, err, errlen);
    free(text);
    if (rc) return -1;
    const char *tool[] = {"qqwing", "--solve", "--one-line", NULL};
    const char *ours[] = {self, "solve", "sudoku", input, NULL};
    command(t, 0, tool, &used);
    command(t, 1, ours, &used);
    return 0;
}

static int generate(const char *level, int count, const char *self, pb_tool_task *t, char *err,
                    size_t errlen)
{
    char n[24];
    size_t used = 0;
    (void)err, (void)errlen;
    snprintf(n, sizeof n, "%d", count);
    snprintf(t->set, sizeof t->set, "generated");
    snprintf(t->level, sizeof t->level, "%s", level);
    t->puzzles[0] = t->puzzles[1] = count;
    snprintf(t->stdin_path[0], sizeof t->stdin_path[0], "/dev/null");
    snprintf(t->stdin_path[1], sizeof t->stdin_path[1], "/dev/null");
    const char *tool[] = {"qqwing", "--generate", n, "--difficulty", level, "--one-line", NULL};
    const char *ours[] = {self, "generate",     "sudoku", "--size", "9", "--count",
                          n,    "--difficulty", level,    "-q",     NULL};
    command(t, 0, tool, &used);
    command(t, 1, ours, &used);
    return 0;
}

const pb_tool pb_sudoku_tools[] = {
    {.name = "qqwing",
     .program = "qqwing",
     .package = "qqwing",
     .levels = qqwing_levels,
     .solve = solve,
     .generate = generate},
    {.name = NULL},
};
