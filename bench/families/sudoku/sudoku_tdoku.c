/* sudoku_tdoku.c — tdoku's run_benchmark beside sudoku `logic`, as a tool that times
 * itself: run_benchmark reports its own puzzles per second and guesses per puzzle, and
 * so does puzzlebench, so each side measures itself for the same time on the same
 * puzzles, and the rows keep what each says. Modes: unique (`count -l 2`,
 * run_benchmark's default) and first (`solve`, run_benchmark -f); neither tool
 * shuffles the puzzles (-r0). run_benchmark reads no comments, so both sides read the
 * file's puzzle lines alone. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness/base/sizes.h"
#include "harness/io/readfile.h"
#include "sudoku_tool.h"

const char *const sudoku_tdoku_modes[] = {"unique", "first", NULL};

/* puzzlebench's samples a side's measuring time is split into. */
#define OUR_SAMPLES "3"

int sudoku_tdoku_measure(const char *file, const char *mode, double seconds, const char *dir,
                         const char *program, const char *self, pb_tool_task *t, char *err,
                         size_t errlen)
{
    /* run_benchmark -t takes whole seconds. */
    if (seconds < 1 || seconds > 3600 || seconds != floor(seconds))
        return snprintf(err, errlen,
                        "min-sample-time %g: tdoku's run_benchmark measures whole seconds, "
                        "1 to 3600",
                        seconds),
               -1;
    size_t len, used = 0;
    char *text = pb_read_file(file, &len, err, errlen);
    if (!text) return -1;
    long k = 0;
    for (const char *p = text, *end; p < text + len; p = end + 1) {
        end = memchr(p, '\n', (size_t)(text + len - p));
        if (!end) end = text + len;
        k += sudoku_tool_puzzle_line(p, end);
    }
    if (!k) return free(text), snprintf(err, errlen, "%s: no puzzle in it", file), -1;
    sudoku_tool_set_name(file, t->set, sizeof t->set);
    snprintf(t->level, sizeof t->level, "%s", mode);
    t->puzzles[0] = t->puzzles[1] = k;
    snprintf(t->stdin_path[0], sizeof t->stdin_path[0], "/dev/null");
    snprintf(t->stdin_path[1], sizeof t->stdin_path[1], "/dev/null");
    /* The set's own name, which run_benchmark prints back. */
    char input[PB_PATH_EXT_MAX];
    snprintf(input, sizeof input, "%s/%s.txt", dir, t->set);
    const int rc = sudoku_tool_write_input(input, text, len, 1, 1, err, errlen);
    free(text);
    if (rc) return -1;
    char secs[24], sample[24];
    snprintf(secs, sizeof secs, "%.0f", seconds);
    snprintf(sample, sizeof sample, "%g", seconds / atoi(OUR_SAMPLES));
    const int first = !strcmp(mode, "first");
    const char *tool[12] = {program, "-s", "tdoku", "-r0"};
    int n = 4;
    if (first) tool[n++] = "-f";
    const char *rest[] = {"-t", secs, "-w", "0.5", "-c1", input, NULL};
    memcpy(tool + n, rest, sizeof rest);
    const char *count[] = {self,   "count", "sudoku", input,       "-e",        "logic",
                           "-l",   "2",     "-q",     "--samples", OUR_SAMPLES, "--min-sample-time",
                           sample, NULL};
    const char *solve[] = {self,    "solve", "sudoku",    input,       "-e",
                           "logic", "-q",    "--samples", OUR_SAMPLES, "--min-sample-time",
                           sample,  NULL};
    sudoku_tool_command(t, 0, tool, &used);
    sudoku_tool_command(t, 1, first ? solve : count, &used);
    return 0;
}

/* The last line of out, in line (cut to len). */
static void last_line(const char *out, size_t n, char *line, size_t len)
{
    while (n && (out[n - 1] == '\n' || out[n - 1] == '\r')) n--;
    size_t at = n;
    while (at && out[at - 1] != '\n') at--;
    const size_t k = n - at < len ? n - at : len - 1;
    memcpy(line, out + at, k);
    line[k] = '\0';
}

/* text without the spaces around it (in place). */
static char *trim(char *text)
{
    while (*text == ' ' || *text == '\t') text++;
    size_t n = strlen(text);
    while (n && (text[n - 1] == ' ' || text[n - 1] == '\t' || text[n - 1] == '\r'))
        text[--n] = '\0';
    return text;
}

/* 1 when text is a number above 0 (not nan, not inf). */
static int positive(const char *text)
{
    char *end;
    const double v = strtod(text, &end);
    return end != text && !*end && v > 0 && isfinite(v);
}

/* run_benchmark's CSV line, read from its end (its compiler field holds a comma): ...,
 * puzzles/s, us/puzzle, % without a guess, guesses/puzzle. */
static int tdoku_figures(const char *line, const pb_tool_task *t, pb_tool_figures *f)
{
    char *field[64];
    int n = 0;
    char copy[4096];
    snprintf(copy, sizeof copy, "%s", line);
    for (char *p = copy; n < 64;) {
        field[n++] = p;
        char *comma = strchr(p, ',');
        if (!comma) break;
        *comma = '\0';
        p = comma + 1;
    }
    for (int i = 0; i < n; i++) field[i] = trim(field[i]);
    if (n < 8 || !positive(field[n - 4])) return -1;
    f->puzzles = t->puzzles[0];
    snprintf(f->per_s, sizeof f->per_s, "%s", field[n - 4]);
    snprintf(f->guesses, sizeof f->guesses, "%s", field[n - 1]);
    return 0;
}

/* puzzlebench's stats line: puzzles=, puzzles_per_s= and guesses= among its words. */
static int our_figures(char *line, pb_tool_figures *f)
{
    const char *per_s = NULL;
    double guesses = -1;
    long puzzles = 0;
    for (char *w = strtok(line, " "); w; w = strtok(NULL, " ")) {
        if (!strncmp(w, "puzzles=", 8)) puzzles = strtol(w + 8, NULL, 10);
        if (!strncmp(w, "puzzles_per_s=", 14)) per_s = w + 14;
        if (!strncmp(w, "guesses=", 8)) guesses = strtod(w + 8, NULL);
    }
    if (puzzles <= 0 || !per_s || !positive(per_s) || guesses < 0) return -1;
    f->puzzles = puzzles;
    snprintf(f->per_s, sizeof f->per_s, "%s", per_s);
    snprintf(f->guesses, sizeof f->guesses, "%.4f", guesses / (double)puzzles);
    return 0;
}

int sudoku_tdoku_figures(int side, const char *out, size_t len, const pb_tool_task *t,
                         pb_tool_figures *f)
{
    char line[4096];
    last_line(out, len, line, sizeof line);
    return side ? our_figures(line, f) : tdoku_figures(line, t, f);
}
