/* latin_generate.c — `puzzlebench generate latin`: Latin squares with holes (QWH),
 * square i the instance qwh-N-F-sS-iI. The options, and the hook that makes square i
 * (its text and its record); the runner (harness/gen/gen.h) does the rest. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "family.h"
#include "harness/base/exit.h"
#include "harness/gen/gen.h"
#include "latin/latin.h"
#include "families/families.h"

typedef struct gen_opts {
    int n, count, solutions, balanced;
    double holes;
    uint64_t seed;
    pb_gen_opts run;
} gen_opts;

#define OPT(...) PB_OPT_ROW(gen_opts, __VA_ARGS__)
static const pb_option gen_options[] = {
    {OPT("size", PB_OPT_INT, n, "N",
         "the squares' size N (N x N cells, values 1..N: the order of\n"
         "the Latin square)"),
     .lo = LATIN_MIN_ORDER, .hi = LATIN_MAX_ORDER},
    {.name = "order",
     .type = PB_OPT_RENAMED,
     .help = "--order is now --size (the squares' size); --order is the cell order of solve "
             "and count"},
    {OPT("holes", PB_OPT_REAL, holes, "F", "the fraction of the cells left empty"), .lo = 0,
     .hi = 1},
    {OPT("count", PB_OPT_INT, count, "K", "how many squares"), .lo = 1, .hi = 100000},
    PB_OPTION_SEED(gen_opts, seed),
    {OPT("balanced", PB_OPT_FLAG, balanced, NULL,
         "balanced holes: round(F * N) in every row and column, where\n"
         "a second random Latin square holds 1..round(F * N) (Kautz et\n"
         "al.'s balanced QWH), squares of a stream of their own; names\n"
         "bqwh-N-F-sS-iI")},
    {OPT("solutions", PB_OPT_FLAG, solutions, NULL,
         "after each square, the full Latin square it was made from")},
    PB_GEN_OPTIONS(gen_opts, run),
    PB_OPTION_END,
};
#undef OPT

static const gen_opts gen_defaults = {
    .n = 15, .count = 1, .holes = 0.42, .seed = 1, .run = PB_GEN_DEFAULTS};

/* The name's prefix: balanced holes or uniform ones. */
#define PREFIX(o) ((o)->balanced ? "bqwh" : "qwh")

/* What one thread makes a square in. */
typedef struct scratch {
    latin_square puzzle, solution;
    char text[LATIN_MAX_TEXT];
} scratch;

/* Square t: its name and rows (and its completion's with --solutions), and its
 * record. */
static int make(void *ctx, long t, void *room, pb_gen_item *it)
{
    const gen_opts *o = ctx;
    scratch *w = room;
    latin_gen_opts g = {o->n, o->holes, o->seed, 0, o->balanced};
    if (latin_generate(&g, (uint64_t)t, &w->puzzle, &w->solution)) {
        it->status = PB_GEN_FAILED;
        return (it->note = pb_gen_printf("bad options")) ? 0 : -1;
    }
    int empty = 0;
    for (int c = 0; c < w->puzzle.ncells; c++) empty += !w->puzzle.cell[c];
    if (!(it->text = malloc(2 * LATIN_MAX_TEXT + 200))) return -1;
    latin_format_square(&w->puzzle, w->text, sizeof w->text);
    int at = sprintf(it->text, "\n; %s-%d-%g-s%llu-i%ld\n%s", PREFIX(o), o->n, o->holes,
                     (unsigned long long)o->seed, t, w->text);
    latin_format_square(&w->solution, w->text, sizeof w->text);
    if (o->solutions) sprintf(it->text + at, "\n; its completion\n%s", w->text);
    it->row = pb_gen_printf("%s-%d-%g-s%llu-i%ld,%d,%g,%llu,%ld,%d", PREFIX(o), o->n, o->holes,
                            (unsigned long long)o->seed, t, o->n, o->holes,
                            (unsigned long long)o->seed, t, empty);
    return it->row ? 0 : -1;
}

/* Lines of square t: a blank line, its name, its n rows (and its completion's). */
static long lines(void *ctx, long t)
{
    const gen_opts *o = ctx;
    (void)t;
    return (o->n + 2) * (o->solutions ? 2 : 1);
}

static void name(void *ctx, long t, char *buf, size_t len)
{
    const gen_opts *o = ctx;
    snprintf(buf, len, "%s-%d-%g-s%llu-i%ld", PREFIX(o), o->n, o->holes,
             (unsigned long long)o->seed, t);
}

static void group(void *ctx, int g, char *buf, size_t len)
{
    const gen_opts *o = ctx;
    (void)g;
    snprintf(buf, len, "%s-%d-%g", PREFIX(o), o->n, o->holes);
}

/* Every record's first five fields come from the options and the index alone. */
static int key(void *ctx, long t, char *buf, size_t len)
{
    const gen_opts *o = ctx;
    return snprintf(buf, len, "%s-%d-%g-s%llu-i%ld,%d,%g,%llu,%ld,", PREFIX(o), o->n, o->holes,
                    (unsigned long long)o->seed, t, o->n, o->holes, (unsigned long long)o->seed, t);
}

static const pb_gen_hook latin_hook = {
    .columns = "name,order,holes,seed,index,empty_cells",
    .status_column = -1,
    .scratch = sizeof(scratch),
    .make = make,
    .lines = lines,
    .name = name,
    .group = group,
    .key = key,
};

static int run_generate(const pb_command *self, int argc, char **argv, int first)
{
    gen_opts o = gen_defaults;
    char header[300];
    int npos = 0, rc = pb_command_parse(self, &o, argc, argv, first, NULL, 0, &npos);
    if (rc) return rc == PB_OPT_HELP ? 0 : PB_EXIT_USAGE;
    snprintf(header, sizeof header,
             "; puzzlebench generate latin --size %d --holes %g --count %d --seed %llu%s%s\n", o.n,
             o.holes, o.count, (unsigned long long)o.seed, o.balanced ? " --balanced" : "",
             o.solutions ? " --solutions" : "");
    const pb_gen_plan plan = {"latin", o.count, 1, header, &o, NULL};
    return pb_gen_run(&latin_hook, &plan, &o.run);
}

const pb_command pb_latin_generators[] = {
    PB_GENERATOR("latin", "Latin squares with holes (QWH): satisfiable quasigroup completion",
                 "A uniformly random Latin square (the Jacobson-Matthews chain), then a fraction\n"
                 "of its cells emptied at random: an instance with at least one completion.\n"
                 "Square i depends only on the order, the seed and i; the squares of one seed\n"
                 "at different --holes share their square, the holes of the smaller fraction\n"
                 "among those of the larger. Square i is also the instance named qwh-N-F-sS-iI\n"
                 "wherever an instance is read (solve, count, sweep), and a range of them\n"
                 "qwh-N-FROM:TO:STEP-xCOUNT-sS (with --balanced: bqwh-...). Records:\n"
                 "name,order,holes,seed,index,"
                 "empty_cells,wall_s,run_id.\n",
                 gen_options, &gen_defaults, run_generate),
    {.name = NULL},
};
