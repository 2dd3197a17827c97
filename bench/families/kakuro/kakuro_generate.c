/* kakuro_generate.c — `puzzlebench generate kakuro` (puzzles with one solution, by the
 * seed's method, over a matrix of sizes x difficulties) and the command table with
 * `generate kakuro-outline` (kakuro_outline.c): the options, their checks and the
 * outlines of --outline, turned into one run's task matrix (kakuro_generate.h). The
 * tasks are made by kakuro_gen_tasks.c, and the runner (harness/gen/gen.h) does the
 * rest: order, threads and ranks, the output folder, resume, records, summary. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "family.h"
#include "harness/base/exit.h"
#include "harness/base/say.h"
#include "harness/io/readfile.h"
#include "harness/io/inputs.h"
#include "harness/io/outfile.h"
#include "kakuro_generate.h"
#include "player/page/page.h"
#include "families/families.h"
#include "harness/base/sizes.h"

/* Grid sizes, RxC, given as a comma list (repeated options add to it); a size given
 * again is one size, as a level given again is one level: twice, its puzzles would
 * come out twice under one name, each a record of its own. */
typedef struct size_list {
    int n;
    int size[KAKURO_MAX_SHAPES][2];
} size_list;

/* Difficulty levels, given as a comma list (repeated options add to it). */
typedef struct level_list {
    int n;
    int level[KAKURO_LEVELS];
} level_list;

static const char *const refills[] = {"diff", "all", NULL};

typedef struct gen_opts {
    size_list sizes;
    level_list levels;
    const char *outline_file, *checker, *order, *html;
    int count, refill, seed_table, symmetric, candidates, no_solutions;
    uint64_t seed, max_attempts;
    double density, max_seconds;
    pb_gen_opts run;
} gen_opts;

int pb_kakuro_parse_size(const char *v, int *rows, int *cols, char *err, size_t errlen)
{
    char *end;
    long r = strtol(v, &end, 10), c;
    if (end == v || (*end != 'x' && *end != 'X'))
        return snprintf(err, errlen, "expects RxC (e.g. 11x11), got '%s'", v), -1;
    const char *p = end + 1;
    c = strtol(p, &end, 10);
    if (end == p || *end) return snprintf(err, errlen, "expects RxC (e.g. 11x11), got '%s'", v), -1;
    if (r < 3 || c < 3 || r > KAKURO_MAX_DIM || c > KAKURO_MAX_DIM)
        return snprintf(err, errlen, "%s: rows and columns must be 3 to %d", v, KAKURO_MAX_DIM), -1;
    *rows = (int)r, *cols = (int)c;
    return 0;
}

static int add_sizes(const char *value, void *field, char *err, size_t errlen)
{
    size_list *l = field;
    pb_list words = {0, NULL};
    int rc = pb_list_set(&words, value, err, errlen);
    for (int i = 0; !rc && i < words.n; i++) {
        if (l->n == KAKURO_MAX_SHAPES) {
            snprintf(err, errlen, "takes at most %d sizes", KAKURO_MAX_SHAPES);
            rc = -1;
        } else if (!(rc = pb_kakuro_parse_size(words.item[i], &l->size[l->n][0], &l->size[l->n][1],
                                               err, errlen))) {
            int seen = 0;
            for (int k = 0; k < l->n; k++)
                seen |= l->size[k][0] == l->size[l->n][0] && l->size[k][1] == l->size[l->n][1];
            if (!seen) l->n++;
        }
    }
    pb_list_free(&words);
    return rc;
}

static int add_levels(const char *value, void *field, char *err, size_t errlen)
{
    level_list *l = field;
    pb_list words = {0, NULL};
    int rc = pb_list_set(&words, value, err, errlen);
    for (int i = 0; !rc && i < words.n; i++) {
        int lv = kakuro_level_find(words.item[i]), seen = 0;
        if (lv < 0) {
            snprintf(err, errlen, "expects easy, medium or hard, got '%s'", words.item[i]);
            rc = -1;
            break;
        }
        for (int k = 0; k < l->n; k++) seen |= l->level[k] == lv;
        if (!seen) l->level[l->n++] = lv;
    }
    pb_list_free(&words);
    return rc;
}

#define OPT(...) PB_OPT_ROW(gen_opts, __VA_ARGS__)
static const pb_option gen_options[] = {
    {OPT("size", PB_OPT_CUSTOM, sizes, "RxC[,RxC...]",
         "whole grid, clue row and column included (default 9x9);\n"
         "each puzzle gets its own generated outline"),
     .parse = add_sizes, .repeats = 1},
    {OPT("outline", PB_OPT_TEXT, outline_file, "FILE",
         "fill the outlines of FILE (the seed's format) instead"),
     .reads = 1},
    {OPT("difficulty", PB_OPT_CUSTOM, levels, "D[,D...]",
         "easy|medium|hard: unique sums on about 80|60|40% of the\nruns (default medium)"),
     .parse = add_levels, .repeats = 1},
    {OPT("count", PB_OPT_INT, count, "N", "puzzles per size and difficulty"), .lo = 1,
     .hi = 1000000},
    PB_OPTION_SEED(gen_opts, seed),
    {OPT("checker", PB_OPT_TEXT, checker, "ENGINE",
         "uniqueness checker (see 'puzzlebench engines')")},
    {OPT("order", PB_OPT_TEXT, order, "ORDER",
         "the checker's cell order, for engines that take one"),
     .key = 'o'},
    {OPT("refill", PB_OPT_CHOICE, refill, NULL,
         "diff: re-randomise only the cells where two solutions\n"
         "differ; all: a whole new fill, as the seed"),
     .choices = refills},
    {OPT("seed-table", PB_OPT_FLAG, seed_table, NULL,
         "the seed's 25 unique sums (it left out length 8)")},
    {OPT("density", PB_OPT_REAL, density, "D", "white share of generated outlines"), .lo = 0.2,
     .hi = 0.9},
    {OPT("symmetric", PB_OPT_FLAG, symmetric, NULL,
         "generated outlines symmetric under a half turn")},
    {OPT("candidates", PB_OPT_FLAG, candidates, NULL,
         "write filled candidates without checking uniqueness\n"
         "(for comparing checkers on the same candidates)")},
    {OPT("no-solutions", PB_OPT_FLAG, no_solutions, NULL,
         "print the puzzles only (a file `solve kakuro` reads)")},
    {OPT("html", PB_OPT_TEXT, html, "FILE",
         "also write FILE, the kakuro player page (see 'player')\n"
         "holding these puzzles: its New walks through them"),
     .writes = 1},
    {OPT("max-attempts", PB_OPT_COUNT, max_attempts, "N", "filled candidates checked per puzzle")},
    PB_OPTION_TIME_LIMIT(gen_opts, max_seconds, "seconds per puzzle"),
    PB_GEN_KEEP_GOING(gen_opts, run),
    PB_GEN_OPTIONS(gen_opts, run),
    PB_OPTION_END,
};
#undef OPT

static const gen_opts gen_defaults = {.checker = "combo",
                                      .count = 1,
                                      .seed = 1,
                                      .max_attempts = KAKURO_DEFAULT_MAX_ATTEMPTS,
                                      .density = KAKURO_DEFAULT_DENSITY,
                                      .max_seconds = 60,
                                      .run = PB_GEN_DEFAULTS};

/* The checker and its order. 0, or -1 after a usage error. */
static int setup_checker(const gen_opts *p, kakuro_gen_run *r)
{
    const char *cmd = "generate kakuro";
    char list[512], hint[200];
    if (!(r->gen.checker = pb_family_engine(&pb_family_kakuro, p->checker))) {
        pb_family_engine_list(&pb_family_kakuro, list, sizeof list);
        return pb_usage_error(
                   cmd, "unknown engine '%s' (one of: %s)%s", p->checker, list,
                   pb_family_engine_hint(&pb_family_kakuro, p->checker, hint, sizeof hint)),
               -1;
    }
    if (!(r->gen.checker->about.caps & PB_CAP_COUNT))
        return pb_usage_error(cmd, "engine %s cannot count solutions", p->checker), -1;
    /* Found, as every placement engine is, yet no kakuro is a permutation: each
     * puzzle would fail, said as an outline that would not fill. */
    if ((r->gen.checker->about.caps & PB_CAP_PERMS) && !pb_family_kakuro.permutations) {
        pb_family_engine_list(&pb_family_kakuro, list, sizeof list);
        return pb_usage_error(cmd,
                              "engine %s runs only puzzles whose values are a permutation, "
                              "which no kakuro is (one of: %s)",
                              p->checker, list),
               -1;
    }
    if (p->order) {
        if (!(r->gen.order = pb_order_find(p->order))) {
            pb_order_list(list, sizeof list);
            return pb_usage_error(cmd, "unknown order '%s' (one of: %s)%s", p->order, list,
                                  pb_order_hint(p->order, hint, sizeof hint)),
                   -1;
        }
        if (!(r->gen.checker->about.caps & PB_CAP_ORDER))
            return pb_usage_error(cmd, "engine %s takes no --order", p->checker), -1;
    }
    return 0;
}

/* Checks the combination of options and sets the run up (but its shapes). 0, or -1
 * after a usage error. */
static int gen_setup(const gen_opts *p, kakuro_gen_run *r)
{
    const char *cmd = "generate kakuro";
    r->count = p->count, r->candidates = p->candidates, r->no_solutions = p->no_solutions;
    r->html = p->html;
    r->gen = (kakuro_gen_opts){.shape = {.density = p->density, .symmetric = p->symmetric},
                               .seed_table = p->seed_table,
                               .refill = p->refill ? KAKURO_REFILL_ALL : KAKURO_REFILL_DIFF,
                               .seed = p->seed,
                               .max_attempts = p->max_attempts,
                               .max_seconds = p->max_seconds,
                               .cancel = &pb_interrupted};
    if (p->outline_file && p->sizes.n)
        return pb_usage_error(cmd, "give --size or --outline, not both"), -1;
    r->nlevels = p->levels.n ? p->levels.n : 1;
    if (p->levels.n)
        memcpy(r->level, p->levels.level, sizeof(int) * (size_t)r->nlevels);
    else
        r->level[0] = KAKURO_MEDIUM;
    if (!p->max_attempts)
        return pb_usage_error(cmd, "--max-attempts expects a whole number >= 1"), -1;
    if (setup_checker(p, r)) return -1;
    if (p->html && (p->run.resume || p->candidates))
        return pb_usage_error(cmd, "--html holds the puzzles made in this run: not with %s",
                              p->run.resume ? "--resume" : "--candidates"),
               -1;
    if (p->html && !strcmp(p->html, "-")) /* no page in a file named "-" */
        return pb_usage_error(cmd, "--html names a file, not standard output (which holds the "
                                   "puzzles); give a file name"),
               -1;
    if (p->html && !pb_player_available())
        return pb_usage_error(cmd, "--html: this build has no kakuro player (see 'puzzlebench "
                                   "info'; scripts/setup.sh installs its toolchain)"),
               -1;
    return 0;
}

/* The generated sizes: shapes without an outline. */
static void sized_shapes(const gen_opts *p, kakuro_gen_run *r)
{
    r->nshapes = p->sizes.n ? p->sizes.n : 1;
    if (p->sizes.n)
        memcpy(r->size, p->sizes.size, sizeof r->size);
    else
        r->size[0][0] = r->size[0][1] = 9;
    for (int i = 0; i < r->nshapes; i++)
        snprintf(r->shape_name[i], sizeof r->shape_name[i], "%dx%d", r->size[i][0], r->size[i][1]);
}

/* The outlines of --outline FILE, or the generated sizes. 0, or -1 after saying why. */
static int load_shapes(const gen_opts *p, kakuro_gen_run *r)
{
    const char *file = p->outline_file;
    if (!file) return sized_shapes(p, r), 0;
    char err[PB_MSG_MAX], msg[200];
    size_t len;
    char *text = pb_read_file(file, &len, err, sizeof err);
    if (!text) return pb_say("generate: %s", err), -1;
    pb_input_note(file);
    /* A slot past the last, so that an outline more than a run takes is seen and
     * refused rather than left out without a word. */
    if (!(r->outlines = calloc(KAKURO_MAX_SHAPES + 1, sizeof *r->outlines)))
        return free(text), pb_say("out of memory"), -1;
    kakuro_reader rd;
    kakuro_reader_init(&rd, text, len);
    pb_error e;
    int line, rc;
    while ((rc = kakuro_read_outline(&rd, &r->outlines[r->nshapes], &line, &e)) != 0) {
        if (rc < 0) return pb_say("generate: %s:%d: %s", file, e.line, e.msg), free(text), -1;
        if (r->nshapes == KAKURO_MAX_SHAPES)
            return pb_say("generate: %s:%d: more than %d outlines (a run fills at most %d)", file,
                          line, KAKURO_MAX_SHAPES, KAKURO_MAX_SHAPES),
                   free(text), -1;
        kakuro_grid *g = &r->outlines[r->nshapes];
        if (kakuro_outline_check(g, msg, sizeof msg))
            return pb_say("generate: %s:%d: not a valid outline: %s", file, line, msg), free(text),
                   -1;
        /* Outlines of one size are many: each is named by its place in the file too, so
         * that no two puzzles share a NAME (and a file of --out). */
        snprintf(r->shape_name[r->nshapes], sizeof r->shape_name[0], "%dx%d-o%02d", g->rows,
                 g->cols, r->nshapes);
        r->nshapes++;
    }
    free(text);
    if (!r->nshapes) return pb_say("generate: %s: no outline found", file), -1;
    return 0;
}

static void free_shapes(kakuro_gen_run *r)
{
    for (int i = 0; r->outlines && i <= KAKURO_MAX_SHAPES; i++) kakuro_grid_free(&r->outlines[i]);
    free(r->outlines);
}

static int run_generate(const pb_command *self, int argc, char **argv, int first)
{
    gen_opts p = gen_defaults;
    kakuro_gen_run r;
    memset(&r, 0, sizeof r);
    int npos = 0, rc = pb_command_parse(self, &p, argc, argv, first, NULL, 0, &npos);
    if (rc) return rc == PB_OPT_HELP ? 0 : PB_EXIT_USAGE;
    if (gen_setup(&p, &r)) return PB_EXIT_USAGE;
    /* The page is written at the end: one that cannot be is refused before the work. */
    char err[PB_MSG_MAX];
    if (r.html && pb_out_check(r.html, err, sizeof err))
        return pb_say("generate: %s", err), PB_EXIT_USAGE;
    if (load_shapes(&p, &r)) return free_shapes(&r), PB_EXIT_USAGE;
    /* The header: the command as given, less what changes only where and how fast the
     * puzzles are made. */
    static const char *const also[] = {"html", NULL};
    char *header = pb_gen_command("; puzzlebench", argc, argv, also);
    if (!header) return free_shapes(&r), pb_say("generate: out of memory"), PB_EXIT_FAILED;
    const int groups = r.nshapes * r.nlevels;
    const pb_gen_plan plan = {"kakuro", (long)groups * r.count, groups, header, &r, r.html};
    rc = pb_gen_run(&pb_kakuro_gen_hook, &plan, &p.run);
    free(header);
    free_shapes(&r);
    return rc;
}

const pb_command pb_kakuro_generators[] = {
    PB_GENERATOR(
        "kakuro", "kakuro puzzles with exactly one solution, by size and difficulty",
        "The seed's method: put unique sums (one digit set for their length) on a share\n"
        "of the runs, fill the other white cells with random digits, derive the clues and\n"
        "check uniqueness; when two solutions exist, fill again. Makes --count puzzles\n"
        "for every size (or outline) and difficulty given. Puzzle i of a size and\n"
        "difficulty depends only on the options and i, never on --threads. NAME is\n"
        "RxC-DIFFICULTY-sSEED-INDEX (RxC-oK-..., from --outline: K its outline's place\n"
        "in the file, from 00); with --out DIR each puzzle is also DIR/NAME.kak and\n"
        "its solution DIR/NAME.sol.kak. Records: attempts (candidates checked), fills\n"
        "(made from scratch), the checker's steps, the achieved unique-sum share, wall_s.\n",
        gen_options, &gen_defaults, run_generate),
    PB_GENERATOR("kakuro-outline", "kakuro outlines in the seed's format",
                 "Outlines in the seed's format (`rows cols`, then tokens nn xx cx xr cr): every\n"
                 "white cell in one across and one down run of 2 to 9 cells, white cells\n"
                 "connected.\n"
                 "Records: index,rows,cols,density,symmetric,seed,white_cells,wall_s,run_id.\n",
                 pb_kakuro_outline_options, &pb_kakuro_outline_defaults, pb_kakuro_outline_run),
    {.name = NULL},
};
