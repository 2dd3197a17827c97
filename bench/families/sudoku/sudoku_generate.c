/* sudoku_generate.c — `puzzlebench generate sudoku`: random full grids with givens
 * removed while the puzzle keeps one solution. The options, and the hook that makes
 * puzzle i (its text and its record); the runner (harness/gen/gen.h) does the rest.
 * The puzzles start with a header line: the command that makes them again. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "family.h"
#include "harness/base/exit.h"
#include "harness/gen/gen.h"
#include "sudoku/sudoku.h"
#include "families/families.h"

static const char *const sizes[] = {"4", "9", "16", "25", NULL};
static const char *const levels[] = {SUDOKU_LEVEL_LIST(PB_X_NAME) "any", NULL};
static const char *const formats[] = {"line", "numbers", NULL};

typedef struct gen_opts {
    int size, count, clues, level, format;
    uint64_t seed, max_tries;
    double max_seconds;
    pb_gen_opts run;
} gen_opts;

#define OPT(...) PB_OPT_ROW(gen_opts, __VA_ARGS__)
static const pb_option gen_options[] = {
    {OPT("size", PB_OPT_CHOICE, size, "4|9|16|25", "board side"), .choices = sizes},
    {OPT("count", PB_OPT_INT, count, "N", "how many puzzles"), .lo = 1, .hi = 1000000},
    PB_OPTION_SEED(gen_opts, seed),
    {OPT("clues", PB_OPT_INT, clues, "K",
         "stop removing at K givens (default: remove while the\n"
         "puzzle stays unique, i.e. a minimal puzzle)"),
     .lo = 1, .hi = SUDOKU_MAX_CELLS},
    {OPT("difficulty", PB_OPT_CHOICE, level, NULL,
         "keep only removals that leave the grade at most D, and only\n"
         "puzzles graded exactly D (any: no target); --clues and\n"
         "--difficulty exclude each other"),
     .choices = levels},
    {OPT("format", PB_OPT_CHOICE, format, NULL,
         "one puzzle per line (1-9, A=10, ...; '.' empty), or rows of\n"
         "numbers (0 empty), blocks separated by a blank line"),
     .choices = formats},
    {OPT("max-tries", PB_OPT_COUNT, max_tries, "N",
         "full grids tried per puzzle before giving up")},
    PB_OPTION_TIME_LIMIT(gen_opts, max_seconds, "seconds per puzzle before giving up"),
    PB_GEN_OPTIONS(gen_opts, run),
    PB_OPTION_END,
};
#undef OPT

static const gen_opts gen_defaults = {.size = 1,
                                      .count = 1,
                                      .level = SUDOKU_LEVELS,
                                      .seed = 1,
                                      .max_tries = 1000,
                                      .run = PB_GEN_DEFAULTS};

/* One run: the options and what the generator makes of them. */
typedef struct gen_run {
    const gen_opts *o;
    sudoku_gen_opts gen;
    sudoku_format fmt;
    char header[300];
} gen_run;

static int side(const gen_opts *o)
{
    return atoi(sizes[o->size]);
}

/* Checks the combination of options and fills the generator's. 0, or the status. */
static int check(const gen_opts *o, gen_run *r)
{
    const int n = side(o), cells = n * n, have_clues = o->clues > 0;
    if (have_clues && o->level != SUDOKU_LEVELS)
        return pb_usage_error("generate sudoku", "give --clues or --difficulty, not both");
    if (o->clues > cells)
        return pb_usage_error("generate sudoku", "--clues %d: a %dx%d board has %d cells", o->clues,
                              n, n, cells);
    /* The known minimums; below them the search could only run out of tries. */
    const int least = n == 4 ? 4 : n == 9 ? 17 : 1;
    if (have_clues && o->clues < least)
        return pb_usage_error("generate sudoku",
                              "--clues %d: no %dx%d sudoku with one solution has fewer "
                              "than %d",
                              o->clues, n, n, least);
    if (!o->max_tries)
        return pb_usage_error("generate sudoku",
                              "--max-tries expects a whole number >= 1, got '0'");
    r->gen = (sudoku_gen_opts){.box = o->size + 2,
                               .clues = o->clues,
                               .level = o->level == SUDOKU_LEVELS ? -1 : o->level,
                               .seed = o->seed,
                               .max_tries = o->max_tries,
                               .max_seconds = o->max_seconds,
                               .cancel = &pb_interrupted};
    r->fmt = o->format ? SUDOKU_NUMBERS : SUDOKU_LINE;
    return 0;
}

/* The header line: the command that makes the same puzzles. */
static void header_line(gen_run *r)
{
    const gen_opts *o = r->o;
    char *buf = r->header;
    const size_t len = sizeof r->header;
    int at = snprintf(buf, len, "# puzzlebench generate sudoku --size %d --count %d --seed %llu",
                      side(o), o->count, (unsigned long long)o->seed);
    if (o->clues)
        at += snprintf(buf + at, len - (size_t)at, " --clues %d", o->clues);
    else
        at += snprintf(buf + at, len - (size_t)at, " --difficulty %s", levels[o->level]);
    snprintf(buf + at, len - (size_t)at, "%s\n",
             r->fmt == SUDOKU_NUMBERS ? " --format numbers" : "");
}

/* ---- the hook ---- */

/* Puzzle t: its text (after a blank line in the numbers format) and its record. */
static int make(void *ctx, long t, void *scratch, pb_gen_item *it)
{
    const gen_run *r = ctx;
    sudoku_grid puzzle, solution;
    sudoku_gen_stats st;
    (void)scratch;
    memset(&st, 0, sizeof st);
    int failed = sudoku_generate(&r->gen, (uint64_t)t, &puzzle, &solution, &st);
    it->wall_s = st.wall_s;
    if (failed) {
        it->status = PB_GEN_LIMIT;
        it->note = pb_gen_printf("after %llu %s and %.1f s", (unsigned long long)st.tries,
                                 st.tries == 1 ? "try" : "tries", st.wall_s);
        return it->note ? 0 : -1;
    }
    const int gap = t && r->fmt == SUDOKU_NUMBERS;
    size_t need = sudoku_format_grid(&puzzle, r->fmt, NULL, 0) + 2;
    if (!(it->text = malloc(need))) return -1;
    strcpy(it->text, gap ? "\n" : "");
    sudoku_format_grid(&puzzle, r->fmt, it->text + gap, need - 1);
    it->row = pb_gen_printf("%ld,%d,%d,%s,%llu,%llu", t, side(r->o), st.clues,
                            sudoku_level_names[st.level], (unsigned long long)st.tries,
                            (unsigned long long)st.checks);
    return it->row ? 0 : -1;
}

/* Lines of puzzle t: one, or its rows after a blank line. */
static long lines(void *ctx, long t)
{
    const gen_run *r = ctx;
    return r->fmt == SUDOKU_NUMBERS ? side(r->o) + (t ? 1 : 0) : 1;
}

static void name(void *ctx, long t, char *buf, size_t len)
{
    (void)ctx;
    snprintf(buf, len, "puzzle %ld", t);
}

static void group(void *ctx, int g, char *buf, size_t len)
{
    const gen_opts *o = ((const gen_run *)ctx)->o;
    (void)g;
    if (o->clues)
        snprintf(buf, len, "%dx%d-clues-%d", side(o), side(o), o->clues);
    else
        snprintf(buf, len, "%dx%d-%s", side(o), side(o), levels[o->level]);
}

static const pb_gen_hook sudoku_hook = {
    .columns = "index,size,clues,level,tries,checks",
    .status_column = -1,
    .raise = "--max-tries or --time-limit",
    .make = make,
    .lines = lines,
    .name = name,
    .group = group,
};

static int run(const pb_command *self, int argc, char **argv, int first)
{
    gen_opts o = gen_defaults;
    gen_run r = {.o = &o};
    int npos = 0, rc = pb_command_parse(self, &o, argc, argv, first, NULL, 0, &npos);
    if (rc) return rc == PB_OPT_HELP ? 0 : PB_EXIT_USAGE;
    if ((rc = check(&o, &r))) return rc;
    header_line(&r);
    const pb_gen_plan plan = {"sudoku", o.count, 1, r.header, &r, NULL};
    return pb_gen_run(&sudoku_hook, &plan, &o.run);
}

const pb_command pb_sudoku_generators[] = {
    PB_GENERATOR(
        "sudoku", "sudoku puzzles with exactly one solution",
        "Random full grids with givens removed in random order while the puzzle keeps\n"
        "exactly one solution. Puzzle i depends only on the options that shape it\n"
        "(size, seed, clues or difficulty) and on i, never on --threads. The output\n"
        "starts with a '# puzzlebench generate ...' line: the command that makes the\n"
        "same puzzles again. Records: index,size,clues,level,tries,checks,wall_s,run_id.\n",
        gen_options, &gen_defaults, run),
    {.name = NULL},
};
