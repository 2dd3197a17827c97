/* sudoku_qqwing.c — QQwing (Debian's qqwing) as a tool of sudoku's tool sweep: the
 * same 9x9 work for it and for puzzlebench. Solving a file: QQwing reads one-line
 * puzzles only, so it gets the file's puzzles without comments on standard input;
 * puzzlebench reads the file as it is. A small file is read several times over (to
 * about 1000 puzzles) so that the process start does not dominate. Generating: N
 * puzzles of a difficulty in one process each. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness/io/readfile.h"
#include "harness/base/sizes.h"
#include "sudoku_tool.h"

/* The difficulties QQwing and `generate sudoku` both take. */
const char *const sudoku_qqwing_levels[] = {"simple", "easy", "intermediate", "expert", NULL};

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

int sudoku_qqwing_solve(const char *file, int repeat, const char *dir, const char *self,
                        pb_tool_task *t, char *err, size_t errlen)
{
    size_t len, used = 0;
    char *text = pb_read_file(file, &len, err, errlen);
    if (!text) return -1;
    long k = 0;
    int one_line = 1;
    for (const char *p = text, *end; p < text + len; p = end + 1) {
        end = memchr(p, '\n', (size_t)(text + len - p));
        if (!end) end = text + len;
        if (!sudoku_tool_puzzle_line(p, end)) continue;
        k++;
        const char *e = end;
        while (e > p && (e[-1] == '\r' || e[-1] == ' ')) e--;
        one_line &= e - p == 81;
    }
    if (!k || !one_line) return free(text), 1;
    const long reps = (999 + k) / k < repeat ? (999 + k) / k : repeat;
    sudoku_tool_set_name(file, t->set, sizeof t->set);
    header_level(text, len, t->level, sizeof t->level);
    t->puzzles[0] = t->puzzles[1] = k * reps;
    snprintf(t->stdin_path[0], sizeof t->stdin_path[0], "%s/plain.txt", dir);
    snprintf(t->stdin_path[1], sizeof t->stdin_path[1], "/dev/null");
    char input[PB_PATH_EXT_MAX];
    snprintf(input, sizeof input, "%s/input.txt", dir);
    int rc = sudoku_tool_write_input(t->stdin_path[0], text, len, (int)reps, 1, err, errlen) ||
             sudoku_tool_write_input(input, text, len, (int)reps, 0, err, errlen);
    free(text);
    if (rc) return -1;
    const char *tool[] = {"qqwing", "--solve", "--one-line", NULL};
    const char *ours[] = {self, "solve", "sudoku", input, NULL};
    sudoku_tool_command(t, 0, tool, &used);
    sudoku_tool_command(t, 1, ours, &used);
    return 0;
}

int sudoku_qqwing_generate(const char *level, int count, const char *self, pb_tool_task *t,
                           char *err, size_t errlen)
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
    sudoku_tool_command(t, 0, tool, &used);
    sudoku_tool_command(t, 1, ours, &used);
    return 0;
}
