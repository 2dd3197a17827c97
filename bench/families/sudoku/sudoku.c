/* sudoku.c — the sudoku family (seed 002): files of puzzles in either text format,
 * one shared model per board size, and solutions printed the way the puzzles came
 * in. */
#include "family.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "families/render_grid.h"
#include "sudoku/sudoku.h"
#include "families/families.h"
#include "sudoku_tool.h"

typedef struct entry {
    int box;       /* 0: the puzzle could not be read */
    size_t offset; /* its givens in priv->cells */
    sudoku_format fmt;
} entry;

typedef struct sudoku_priv {
    pb_model *shape[SUDOKU_MAX_BOX + 1]; /* by box, built when first needed */
    pb_model *views;                     /* one per puzzle */
    pb_mask *doms;
    entry *entries;
} sudoku_priv;

static void free_set(pb_set *set)
{
    sudoku_priv *pv = set->priv;
    for (int i = 0; i < set->count; i++) free(set->puzzle[i].error);
    if (pv) {
        for (int b = 0; b <= SUDOKU_MAX_BOX; b++) pb_model_free(pv->shape[b]);
        free(pv->views);
        free(pv->doms);
        free(pv->entries);
        free(pv);
    }
    free(set->puzzle);
    memset(set, 0, sizeof *set);
}

/* Grows *p (of *cap elements of size sz) to hold at least need. */
static int grow(void **p, size_t *cap, size_t need, size_t sz)
{
    if (need <= *cap) return 0;
    size_t n = *cap ? *cap : 64;
    while (n < need) n *= 2;
    void *q = realloc(*p, n * sz);
    if (!q) return -1;
    *p = q, *cap = n;
    return 0;
}

/* Reads every puzzle of text: entries and givens first, then one model view each. */
static int load_text(const char *spec, const char *text, size_t len, pb_set *set, char *err,
                     size_t errlen)
{
    sudoku_priv *pv = set->priv;
    sudoku_reader rd;
    sudoku_reader_init(&rd, text, len);
    unsigned char *cells = NULL;
    size_t ncells = 0, cells_cap = 0, puzzles_cap = 0, entries_cap = 0;
    sudoku_grid g;
    sudoku_format fmt;
    int line, rc;
    pb_error e;
    while ((rc = sudoku_read(&rd, &g, &fmt, &line, &e)) != 0) {
        size_t i = (size_t)set->count;
        if (grow((void **)&set->puzzle, &puzzles_cap, i + 1, sizeof *set->puzzle) ||
            grow((void **)&pv->entries, &entries_cap, i + 1, sizeof *pv->entries))
            goto nomem;
        pb_puzzle *p = &set->puzzle[i];
        entry *en = &pv->entries[i];
        memset(p, 0, sizeof *p);
        memset(en, 0, sizeof *en);
        set->count++;
        if (rc < 0) {
            if (!(p->error = pb_puzzle_message(spec, e.line, e.msg, ""))) goto nomem;
            p->line = e.line;
            set->bad++;
            continue;
        }
        if (grow((void **)&cells, &cells_cap, ncells + (size_t)g.ncells, 1)) goto nomem;
        memcpy(cells + ncells, g.cell, (size_t)g.ncells);
        en->box = g.box, en->offset = ncells, en->fmt = fmt;
        p->line = line;
        ncells += (size_t)g.ncells;
        if (!pv->shape[g.box] && !(pv->shape[g.box] = sudoku_model_new(g.box))) goto nomem;
    }
    if (set->count == 0) {
        snprintf(err, errlen, "%s: no puzzles found (expected %s)", spec,
                 "one-line puzzles or blocks of numbers");
        free(cells);
        return -1;
    }
    pv->views = calloc((size_t)set->count, sizeof *pv->views);
    pv->doms = malloc((ncells ? ncells : 1) * sizeof *pv->doms);
    if (!pv->views || !pv->doms) goto nomem;
    for (int i = 0; i < set->count; i++) {
        const entry *en = &pv->entries[i];
        if (!en->box) continue;
        sudoku_grid_init(&g, en->box);
        memcpy(g.cell, cells + en->offset, (size_t)g.ncells);
        sudoku_model_view(pv->shape[en->box], &g, pv->doms + en->offset, &pv->views[i]);
        set->puzzle[i].model = &pv->views[i];
    }
    free(cells);
    return 0;
nomem:
    free(cells);
    snprintf(err, errlen, "%s: out of memory", spec);
    return -1;
}

static int load(const pb_instance *inst, const void *params, pb_set *set, char *err, size_t errlen)
{
    (void)params;
    memset(set, 0, sizeof *set);
    if (!(set->priv = calloc(1, sizeof(sudoku_priv))))
        return snprintf(err, errlen, "%s: out of memory", inst->spec), -1;
    const int rc = pb_read_puzzle_file(inst->spec, set, load_text, err, errlen);
    if (rc) free_set(set);
    return rc;
}

/* Copy `copy` of every puzzle of set: each grid under the symmetry of the stream (seed,
 * i * 2^20 + copy) (sudoku_iso_draw), written as one-line puzzles and read back as a
 * set of its own, each copy keeping its puzzle's line and format. */
static int copy_set(const pb_set *set, const char *spec, int copy, uint64_t seed, pb_set *out,
                    char *err, size_t errlen)
{
    const sudoku_priv *from = set->priv;
    const size_t line = SUDOKU_MAX_CELLS + 2;
    char *text = malloc((size_t)set->count * line + 1);
    memset(out, 0, sizeof *out);
    if (!text || !(out->priv = calloc(1, sizeof(sudoku_priv)))) {
        free(text);
        return snprintf(err, errlen, "%s: out of memory", spec), -1;
    }
    size_t len = 0;
    for (int i = 0; i < set->count; i++) {
        if (!set->puzzle[i].model) {
            free(text);
            free_set(out);
            return snprintf(err, errlen, "%s", set->puzzle[i].error), -1;
        }
        sudoku_grid g, c;
        sudoku_iso iso;
        sudoku_grid_from(set->puzzle[i].model, NULL, &g);
        sudoku_iso_draw(g.box, seed, pb_copy_stream(i, copy), &iso);
        sudoku_iso_apply(&iso, &g, &c);
        len += sudoku_format_grid(&c, SUDOKU_LINE, text + len, line);
    }
    const int rc = load_text(spec, text, len, out, err, errlen);
    free(text);
    if (rc) return free_set(out), -1;
    sudoku_priv *pv = out->priv;
    for (int i = 0; i < out->count; i++) {
        out->puzzle[i].line = set->puzzle[i].line;
        pv->entries[i].fmt = from->entries[i].fmt;
    }
    return 0;
}

static void print_solution(FILE *f, const pb_set *set, int i, const int *values,
                           const pb_engine *engine)
{
    const sudoku_priv *pv = set->priv;
    /* Seed 002's program heads its output so. */
    if (engine == &pb_engine_sudoku_seed) fputs("FIRST SOLUTION\n==============\n\n", f);
    sudoku_grid g;
    char buf[SUDOKU_MAX_CELLS * 3 + 64];
    sudoku_grid_from(set->puzzle[i].model, values, &g);
    sudoku_format fmt = pv->entries[i].fmt;
    sudoku_format_grid(&g, fmt, buf, sizeof buf);
    fputs(buf, f);
    if (fmt == SUDOKU_NUMBERS) fputc('\n', f);
}

static void print_candidates(FILE *f, const pb_set *set, int i)
{
    const pb_model *m = set->puzzle[i].model;
    int values[SUDOKU_MAX_CELLS];
    pb_mask cand[SUDOKU_MAX_CELLS];
    int passes = sudoku_seed_deduce(m, values, cand);
    if (passes < 0) {
        fputs("deduction: a cell has no candidate left (no solution)\n", f);
        return;
    }
    int open = 0;
    for (int c = 0; c < m->ncells; c++) open += values[c] == 0;
    fprintf(f, "deduction: %d pass%s, %d cell%s open\n", passes, passes == 1 ? "" : "es", open,
            open == 1 ? "" : "s");
    for (int c = 0; c < m->ncells; c++) {
        if (values[c]) continue;
        fprintf(f, "r%dc%d:", c / m->cols + 1, c % m->cols + 1);
        for (int v = 1; v <= m->nvalues; v++)
            if (cand[c] & PB_BIT(v)) fprintf(f, " %d", v);
        fputc('\n', f);
    }
}

/* The board as a picture (render). */
static void render(FILE *f, const pb_set *set, int i, const int *values)
{
    const pb_model *m = set->puzzle[i].model;
    int box = 1;
    while (box * box < m->nvalues) box++;
    pb_render_grid(f, m, values, box, 0);
}

static const char *const sudoku_sweeps[] = {"sudoku-4x4",      "sudoku-9x9",    "sudoku-16x16",
                                            "sudoku-25x25",    "sudoku-ladder", "sudoku-learn",
                                            "sudoku-parallel", "sudoku-qqwing", NULL};
static const char *const sudoku_examples[] = {
    "solve sudoku puzzles.txt",
    "solve sudoku puzzles.txt -t 2",
    "count sudoku puzzles.txt -l 2",
    "solve sudoku - -e seed --candidates < board.txt",
    "generate sudoku --size 9 --count 100 -s 1 --difficulty expert",
    NULL,
};

const pb_family pb_family_sudoku = {
    .name = "sudoku",
    .summary = "n^2 x n^2 sudoku, 4x4 to 25x25: rows, columns and boxes all different (seed 002)",
    .instance_help = "a file of puzzles ('-': standard input): one-line puzzles (1-9, A=10, ...; "
                     "'.' or '0' empty) or the seed's blocks of numbers (0 empty); '#' comments",
    .batch = 1,
    .print_candidates = print_candidates,
    PB_PLACEMENT_FAMILY,
    .instance_name = pb_base_name,
    .copy_set = copy_set,
    .default_engine = "logic",
    .levels = sudoku_level_names,
    .level_summaries = sudoku_level_summaries,
    .generators = pb_sudoku_generators,
    .tools = pb_sudoku_tools,
    .micro = &pb_micro_sudoku,
    .sweeps = sudoku_sweeps,
    .examples = sudoku_examples,
};
