/* kakuro_outline.c — `puzzlebench generate kakuro-outline`: outlines in the seed's
 * format (the input of `generate kakuro --outline`). The options, and the hook that
 * makes outline i (its text and its record); the runner (harness/gen/gen.h) does the
 * rest. The file has no header line: it is read back as outlines. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "family.h"
#include "harness/base/exit.h"
#include "kakuro_generate.h"

static int parse_one_size(const char *value, void *field, char *err, size_t errlen)
{
    kakuro_outline_opts *o = field;
    return pb_kakuro_parse_size(value, &o->rows, &o->cols, err, errlen);
}

#define OPT(...) PB_OPT_ROW(kakuro_outline_gen_opts, __VA_ARGS__)
const pb_option pb_kakuro_outline_options[] = {
    {OPT("size", PB_OPT_CUSTOM, shape, "RxC",
         "whole grid, clue row and column included (default 9x9)"),
     .parse = parse_one_size},
    {OPT("count", PB_OPT_INT, count, "N", "how many, separated by blank lines"), .lo = 1,
     .hi = 100000},
    PB_OPTION_SEED(kakuro_outline_gen_opts, shape.seed),
    {OPT("density", PB_OPT_REAL, shape.density, "D", "share of white cells"), .lo = 0.2, .hi = 0.9},
    {OPT("symmetric", PB_OPT_FLAG, shape.symmetric, NULL,
         "black cells symmetric under a half turn")},
    PB_GEN_OPTIONS(kakuro_outline_gen_opts, run),
    PB_OPTION_END,
};
#undef OPT

const kakuro_outline_gen_opts pb_kakuro_outline_defaults = {
    .shape = {.rows = 9, .cols = 9, .density = KAKURO_DEFAULT_DENSITY, .seed = 1},
    .count = 1,
    .run = PB_GEN_DEFAULTS};

/* Outline t (after a blank line, but the first) and its record, made in g. */
static int make_in(const kakuro_outline_opts *o, long t, kakuro_grid *g, pb_gen_item *it)
{
    if (kakuro_outline_generate(o, (uint64_t)t, g)) {
        it->status = PB_GEN_FAILED;
        it->note = pb_gen_printf("no valid %dx%d outline found at density %g", o->rows, o->cols,
                                 o->density);
        return it->note ? 0 : -1;
    }
    const int gap = t > 0;
    size_t need = kakuro_format_outline(g, NULL, 0) + 2;
    if (!(it->text = malloc(need))) return -1;
    strcpy(it->text, gap ? "\n" : "");
    kakuro_format_outline(g, it->text + gap, need - 1);
    int white = 0;
    for (int c = 0; c < g->rows * g->cols; c++) white += g->white[c];
    it->row = pb_gen_printf("%ld,%d,%d,%g,%d,%llu,%d", t, o->rows, o->cols, o->density,
                            o->symmetric, (unsigned long long)o->seed, white);
    return it->row ? 0 : -1;
}

static int make(void *ctx, long t, void *scratch, pb_gen_item *it)
{
    kakuro_grid g = {0};
    (void)scratch;
    int rc = make_in(&((const kakuro_outline_gen_opts *)ctx)->shape, t, &g, it);
    kakuro_grid_free(&g);
    return rc;
}

/* Lines of outline t: a blank line between outlines, `rows cols`, then its rows. */
static long lines(void *ctx, long t)
{
    const kakuro_outline_opts *o = &((const kakuro_outline_gen_opts *)ctx)->shape;
    return (t ? 1 : 0) + 1 + o->rows;
}

static void name(void *ctx, long t, char *buf, size_t len)
{
    (void)ctx;
    snprintf(buf, len, "outline %ld", t);
}

static void group(void *ctx, int g, char *buf, size_t len)
{
    const kakuro_outline_opts *o = &((const kakuro_outline_gen_opts *)ctx)->shape;
    (void)g;
    snprintf(buf, len, "%dx%d-outline", o->rows, o->cols);
}

static int key(void *ctx, long t, char *buf, size_t len)
{
    const kakuro_outline_opts *o = &((const kakuro_outline_gen_opts *)ctx)->shape;
    return snprintf(buf, len, "%ld,%d,%d,%g,%d,%llu,", t, o->rows, o->cols, o->density,
                    o->symmetric, (unsigned long long)o->seed);
}

static const pb_gen_hook outline_hook = {
    .columns = "index,rows,cols,density,symmetric,seed,white_cells",
    .status_column = -1,
    .raise = "--density",
    .make = make,
    .lines = lines,
    .name = name,
    .group = group,
    .key = key,
};

int pb_kakuro_outline_run(const pb_command *self, int argc, char **argv, int first)
{
    kakuro_outline_gen_opts o = pb_kakuro_outline_defaults;
    int npos = 0, rc = pb_command_parse(self, &o, argc, argv, first, NULL, 0, &npos);
    if (rc) return rc == PB_OPT_HELP ? 0 : PB_EXIT_USAGE;
    const pb_gen_plan plan = {"kakuro-outline", o.count, 1, "", &o, NULL};
    return pb_gen_run(&outline_hook, &plan, &o.run);
}
