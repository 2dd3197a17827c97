/* kakuro.c — the kakuro family (seed 001): files of clue grids, one model per puzzle,
 * solutions printed as clue grids with their digits filled in. */
#include "family.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/rng.h"
#include "kakuro/kakuro.h"
#include "harness/io/svg.h"
#include "families/families.h"

/* set->priv: the puzzles' grids (kakuro_grid, each sized to its puzzle), one per
 * puzzle; an unreadable puzzle's is empty. */
static void free_set(pb_set *set)
{
    kakuro_grid *grids = set->priv;
    for (int i = 0; i < set->count; i++) {
        pb_model_free(set->puzzle[i].model);
        free(set->puzzle[i].error);
        free(set->puzzle[i].note);
        if (grids) kakuro_grid_free(&grids[i]);
    }
    free(grids);
    free(set->puzzle);
    memset(set, 0, sizeof *set);
}

static int load_text(const char *spec, const char *text, size_t len, pb_set *set, char *err,
                     size_t errlen)
{
    kakuro_reader rd;
    kakuro_reader_init(&rd, text, len);
    size_t cap = 0;
    kakuro_grid *grids = NULL;
    int line, rc;
    pb_error e;
    for (;;) {
        if ((size_t)set->count == cap) {
            size_t ncap = cap ? 2 * cap : 16;
            pb_puzzle *np = realloc(set->puzzle, ncap * sizeof *np);
            if (np) set->puzzle = np;
            kakuro_grid *ng = realloc(grids, ncap * sizeof *ng);
            if (ng) grids = ng;
            set->priv = grids;
            if (!np || !ng) goto nomem;
            memset(grids + cap, 0, (ncap - cap) * sizeof *grids);
            cap = ncap;
        }
        kakuro_grid *g = &grids[set->count];
        if (!(rc = kakuro_read(&rd, g, &line, &e))) break;
        pb_puzzle *p = &set->puzzle[set->count];
        memset(p, 0, sizeof *p);
        set->count++;
        if (rc > 0) {
            p->line = line;
            p->model = kakuro_model_new(g, &e);
            /* Why it has no solution, else its first run without a clue. */
            const pb_error *n = &rd.note, *u = &rd.unclued;
            if (p->model && n->line)
                p->note = pb_puzzle_message(spec, n->line, n->msg, " (the puzzle has no solution)");
            else if (p->model && u->line)
                p->note = pb_puzzle_message(spec, u->line, u->msg,
                                            " (read as a run: distinct digits, any sum)");
            if (p->model && (n->line || u->line) && !p->note) goto nomem;
            if (p->model) continue;
            e.line = line;
        }
        kakuro_grid_free(g);
        p->line = e.line;
        if (!(p->error = pb_puzzle_message(spec, e.line, e.msg, ""))) goto nomem;
        set->bad++;
    }
    kakuro_grid_free(&grids[set->count]); /* the grid of the read that found the end */
    if (set->count == 0) {
        snprintf(err, errlen, "%s: no puzzles found (expected clue grids: rows of tokens %s)", spec,
                 "D\\R, #, . or a digit");
        return -1;
    }
    return 0;
nomem:
    snprintf(err, errlen, "%s: out of memory", spec);
    return -1;
}

static int load(const pb_instance *inst, const void *params, pb_set *set, char *err, size_t errlen)
{
    (void)params;
    memset(set, 0, sizeof *set);
    const int rc = pb_read_puzzle_file(inst->spec, set, load_text, err, errlen);
    if (rc) free_set(set);
    return rc;
}

static void print_solution(FILE *f, const pb_set *set, int i, const int *values,
                           const pb_engine *engine)
{
    (void)engine;
    const kakuro_grid *grids = set->priv;
    kakuro_grid sol = {0};
    if (!kakuro_grid_fill(&grids[i], values, &sol)) {
        size_t need = kakuro_format_grid(&sol, NULL, 0) + 1;
        char *buf = malloc(need);
        if (buf) {
            kakuro_format_grid(&sol, buf, need);
            fputs(buf, f);
            fputc('\n', f);
            free(buf);
        }
    }
    kakuro_grid_free(&sol);
}

/* The clue grid as a picture (render): clue cells dark with the diagonal, the down
 * sum bottom left and the right sum top right (classes "down", "right"); white cells
 * with their digits. */
static void render(FILE *f, const pb_set *set, int i, const int *values)
{
    const kakuro_grid *grids = set->priv, *shape = &grids[i];
    kakuro_grid filled = {0}, *g = &filled;
    if (kakuro_grid_fill(shape, values, g)) return;
    const double cs = 40, m = 10;
    char t[8];
    pb_svg_begin(f, 2 * m + cs * g->cols, 2 * m + cs * g->rows);
    for (int r = 0; r < g->rows; r++)
        for (int c = 0; c < g->cols; c++) {
            int k = r * g->cols + c;
            double x = m + cs * c, y = m + cs * r;
            pb_svg_rect(f, x, y, cs, cs, g->white[k] ? "white" : "#555", "black", 1);
            if (g->white[k]) {
                if (!g->digit[k]) continue;
                int given = shape->digit[k] != 0;
                snprintf(t, sizeof t, "%d", g->digit[k]);
                pb_svg_text(f, x + cs / 2, y + cs / 2, cs * 0.6, given ? "bold" : "300",
                            given ? "black" : "#2a5db0", given ? "given" : "solution", t);
                continue;
            }
            if (!g->down[k] && !g->right[k]) continue;
            pb_svg_line(f, x, y, x + cs, y + cs, "white", 1, 1);
            if (g->down[k]) {
                snprintf(t, sizeof t, "%d", g->down[k]);
                pb_svg_text(f, x + cs * 0.3, y + cs * 0.75, cs * 0.36, "normal", "white", "down",
                            t);
            }
            if (g->right[k]) {
                snprintf(t, sizeof t, "%d", g->right[k]);
                pb_svg_text(f, x + cs * 0.72, y + cs * 0.28, cs * 0.36, "normal", "white", "right",
                            t);
            }
        }
    pb_svg_end(f);
    kakuro_grid_free(g);
}

/* Copy `copy` of every puzzle of set: copies 1, 2 and 3 of puzzle i take the three
 * symmetries other than the identity (transposed, complemented, both), in an order
 * drawn from the stream (seed, i); each keeps its puzzle's line and note. */
static int copy_set(const pb_set *set, const char *spec, int copy, uint64_t seed, pb_set *out,
                    char *err, size_t errlen)
{
    const kakuro_grid *from = set->priv;
    memset(out, 0, sizeof *out);
    for (int i = 0; i < set->count; i++)
        if (!set->puzzle[i].model) return snprintf(err, errlen, "%s", set->puzzle[i].error), -1;
    const size_t room = set->count > 0 ? (size_t)set->count : 1;
    kakuro_grid *grids = calloc(room, sizeof *grids);
    out->puzzle = calloc(room, sizeof *out->puzzle);
    out->priv = grids;
    int rc = !grids || !out->puzzle;
    for (int i = 0; i < set->count && !rc; i++) {
        pb_rng r;
        pb_error e;
        const pb_puzzle *p = &set->puzzle[i];
        pb_rng_seed_stream(&r, seed, (uint64_t)i);
        const int sym = 1 + (int)((pb_rng_below(&r, 3) + (uint64_t)copy - 1) % 3);
        out->count++;
        rc = kakuro_iso_apply(&from[i], sym, &grids[i]) < 0 ||
             !(out->puzzle[i].model = kakuro_model_new(&grids[i], &e)) ||
             (p->note && !(out->puzzle[i].note = strdup(p->note)));
        out->puzzle[i].line = p->line;
    }
    if (rc) {
        free_set(out);
        return snprintf(err, errlen, "%s: out of memory", spec), -1;
    }
    return 0;
}

static const char *const kakuro_sweeps[] = {
    "kakuro-checkers", "kakuro-ladder",        "kakuro-gen", "kakuro-example",
    "kakuro-public",   "kakuro-ladder-public", NULL};
static const char *const kakuro_examples[] = {
    "count kakuro puzzles.kak -l 2",
    "generate kakuro --size 11x11 --difficulty hard",
    "kakuro-sums",
    NULL,
};

const pb_family pb_family_kakuro = {
    .name = "kakuro",
    .summary = "white cells take 1-9, each run adds up to its clue without repeats (seed 001)",
    .instance_help = "a file of clue grids ('-': standard input): rows of tokens D\\R (clue "
                     "cell), # (black), . (empty white) or 1-9; puzzles separated by a blank "
                     "line, ';' comments",
    .batch = 1,
    PB_PLACEMENT_FAMILY,
    .instance_name = pb_base_name,
    .copy_set = copy_set,
    .default_engine = "combo",
    .levels = kakuro_level_names,
    .level_summaries = kakuro_level_summaries,
    .generators = pb_kakuro_generators,
    .commands = pb_kakuro_commands,
    .micro = &pb_micro_kakuro,
    .sweeps = kakuro_sweeps,
    .examples = kakuro_examples,
};
