/* notouch.c — the notouch family (seed 000): board names and mask files, the minimum
 * difference and the neighbourhood as options, boards printed as the seed does. */
#include "family.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "harness/io/readfile.h"
#include "harness/io/inputs.h"
#include "families/render_grid.h"
#include "notouch/board.h"
#include "families/families.h"

typedef struct notouch_params {
    int diff;
    int adj; /* notouch_adj: NOTOUCH_KING or NOTOUCH_ORTH, in adj_names order */
} notouch_params;

static const char *const adj_names[] = {"king", "orth", NULL};

static const pb_option notouch_options[] = {
    {.name = "board",
     .type = PB_OPT_INSTANCE,
     .arg = "NAME",
     .help = "built-in board: cross8 (the seed's) or RxC, e.g. 2x5"},
    {.name = "board-file",
     .type = PB_OPT_INSTANCE,
     .file = 1,
     .arg = "FILE",
     .help = "mask file: rows of '#' (cell) and '.' (hole); '-': standard input"},
    {.name = "diff",
     .type = PB_OPT_INT,
     .offset = offsetof(notouch_params, diff),
     .arg = "D",
     .lo = 1,
     .hi = NOTOUCH_MAX_CELLS,
     .help = "touching cells differ by at least D"},
    {.name = "adj",
     .type = PB_OPT_CHOICE,
     .offset = offsetof(notouch_params, adj),
     .choices = adj_names,
     .help = "touching: 8 neighbours (king) or 4 (orth)"},
    PB_OPTION_END,
};

static const notouch_params notouch_defaults = {2, NOTOUCH_KING};

/* A spec names a file when it says so, is "-", looks like a path, or is no board's
 * name but something on disk (a directory given by mistake is then refused as one,
 * not as an unknown board). */
static int is_file(const pb_instance *inst)
{
    struct stat st;
    notouch_board b;
    pb_error e = {0, ""};
    if (inst->file || !strcmp(inst->spec, "-") || strchr(inst->spec, '/') ||
        strchr(inst->spec, '.'))
        return 1;
    return stat(inst->spec, &st) == 0 && notouch_board_named(inst->spec, &b, &e) != 0;
}

static pb_model *load_model(const pb_instance *inst, const notouch_params *p, char *err,
                            size_t errlen)
{
    notouch_board b;
    pb_error e = {0, ""};
    if (is_file(inst)) {
        size_t len;
        char *text = pb_read_file(inst->spec, &len, err, errlen);
        if (!text) return NULL;
        pb_input_note(inst->spec);
        int rc = notouch_board_parse(text, len, &b, &e);
        free(text);
        if (rc) {
            snprintf(err, errlen, "%s:%d: %s", inst->spec, e.line, e.msg);
            return NULL;
        }
    } else {
        int rc = notouch_board_named(inst->spec, &b, &e);
        if (rc) {
            /* The engine knows names only; a board may also be a file, which it cannot say. */
            snprintf(err, errlen, "%s%s", e.msg,
                     rc == NOTOUCH_UNKNOWN_BOARD
                         ? ", or the path of a mask file of '#' cells and '.' holes"
                         : "");
            return NULL;
        }
    }
    pb_model *m = notouch_model(&b, p->diff, p->adj == 1 ? NOTOUCH_ORTH : NOTOUCH_KING);
    if (!m) snprintf(err, errlen, "%s: out of memory building the model", inst->spec);
    return m;
}

static int load(const pb_instance *inst, const void *params, pb_set *set, char *err, size_t errlen)
{
    memset(set, 0, sizeof *set);
    pb_model *m = load_model(inst, params, err, errlen);
    if (!m) return -1;
    set->puzzle = calloc(1, sizeof *set->puzzle);
    if (!set->puzzle) {
        pb_model_free(m);
        snprintf(err, errlen, "%s: out of memory", inst->spec);
        return -1;
    }
    set->count = 1;
    set->puzzle[0].model = m;
    return 0;
}

static void free_set(pb_set *set)
{
    for (int i = 0; i < set->count; i++) pb_model_free(set->puzzle[i].model);
    free(set->puzzle);
    memset(set, 0, sizeof *set);
}

static void print_solution(FILE *f, const pb_set *set, int i, const int *values,
                           const pb_engine *engine)
{
    (void)engine;
    const pb_model *m = set->puzzle[i].model;
    int width = 1;
    for (int v = m->nvalues; v >= 10; v /= 10) width++;
    pb_print_board(f, m, values, width, "", "");
}

/* Its search as an animation (render --trace). */
static void render_trace(FILE *f, const pb_set *set, int i, const pb_trace_step *steps, int n)
{
    pb_render_grid_trace(f, set->puzzle[i].model, steps, n, 1);
}

/* The board as a picture (render). */
static void render(FILE *f, const pb_set *set, int i, const int *values)
{
    pb_render_grid(f, set->puzzle[i].model, values, 0, 1);
}

static const char *const notouch_sweeps[] = {"notouch", "notouch-parallel", NULL};
static const char *const notouch_examples[] = {
    "solve notouch cross8 -e backtrack",
    "solve notouch --board cross8 -e backtrack --trace",
    "count notouch 2x5 -e propagate -o mrv",
    "count notouch 2x6 -e backtrack -t 2 --bind core",
    NULL,
};

const pb_family pb_family_notouch = {
    .name = "notouch",
    .summary = "place 1..N so that touching cells differ by at least --diff (seed 000)",
    .options = notouch_options,
    .params_size = sizeof(notouch_params),
    .params_default = &notouch_defaults,
    .instance_help = "cross8, RxC (e.g. 2x5), or a mask file of '#' cells and '.' holes",
    .render_trace = render_trace,
    PB_PLACEMENT_FAMILY,
    .permutations = 1,
    .instance_name = pb_base_name,
    .default_engine = "propagate",
    .commands = pb_notouch_commands,
    .micro = &pb_micro_notouch,
    .sweeps = notouch_sweeps,
    .examples = notouch_examples,
};
