/* sudoku.h — n^2 x n^2 sudoku (n = 2..5): grids, their two text formats, the rules,
 * the shared model, and the sudoku-specific engines' helpers (deduction, grading,
 * generation).
 *
 * Boards are N x N with N = n*n, values 1..N, cells numbered row by row. A puzzle
 * reaches the engines as a pb_model built by sudoku_model_new (groups: the N rows,
 * then the N columns, then the N boxes) whose domains hold the givens as single
 * bits; sudoku_model_view makes such a model per puzzle without copying the
 * structure. Engines that need the sudoku shape check it with sudoku_model_box.
 *
 * Steps in the sudoku engines mean what they mean everywhere: a placement writes a
 * value into a cell (deduced or guessed), a backtrack is a dead end (a board whose
 * deduction found a contradiction, or a cell with no further value to try), and a
 * guess is a placement in a cell that had more than one value left. */
#ifndef PB_SUDOKU_H
#define PB_SUDOKU_H

#include <stddef.h>
#include <stdint.h>
#include "../core/engine.h"
#include "../core/error.h"
#include "../core/model.h"

#define SUDOKU_MIN_BOX   2
#define SUDOKU_MAX_BOX   5
#define SUDOKU_MAX_SIZE  25
#define SUDOKU_MAX_CELLS 625
#define SUDOKU_MAX_LINE  4096 /* longest input line accepted */

typedef enum sudoku_format {
    SUDOKU_NUMBERS, /* the seed's: whitespace-separated numbers row by row, 0 empty */
    SUDOKU_LINE,    /* one puzzle per line: 1-9, A=10, B=11, ...; '.' or '0' empty */
} sudoku_format;

typedef struct sudoku_grid {
    int box;                              /* n */
    int size;                             /* N = n * n: values 1..N */
    int ncells;                           /* N * N */
    unsigned char cell[SUDOKU_MAX_CELLS]; /* row by row: 0 empty, else 1..N */
} sudoku_grid;

/* An empty grid of box n (2..5). 0, or -1 for a bad n. */
int sudoku_grid_init(sudoku_grid *g, int box);

/* n when ncells is (n*n)^2 for n = 2..5, else 0. */
int sudoku_box_for_cells(int ncells);

/* ---- reading (grid.c) ----
 * A text holds any number of puzzles, each in either format:
 *   - one-line: a line that is a single token longer than 2 characters;
 *   - numbers: a block of lines of whitespace-separated numbers, ended by a blank
 *     line, a one-line puzzle, or the end; its count of numbers gives the size.
 * Lines starting with '#' are comments; blank lines are ignored. */
typedef struct sudoku_reader {
    const char *text;
    size_t len, pos;
    int line; /* lines consumed so far */
} sudoku_reader;

void sudoku_reader_init(sudoku_reader *r, const char *text, size_t len);

/* Reads the next puzzle into *g: 1 with *fmt and *line (its first line) set; 0 at
 * the end of the text; -1 with *err naming the line and what was expected. After -1
 * the reader has skipped the bad puzzle, so reading may go on. The givens are
 * checked against the rules. */
int sudoku_read(sudoku_reader *r, sudoku_grid *g, sudoku_format *fmt, int *line, pb_error *err);

/* ---- writing (grid.c) ---- */
/* The symbol of value v in the one-line format: '.' for 0, '1'-'9', 'A' = 10, ... */
char sudoku_symbol(int v);

/* Writes g in fmt (numbers: N lines, values right-aligned, one space apart; line:
 * one line of N*N symbols), with a final newline, into buf (NUL-terminated, cut at
 * buflen). Returns the length the whole text needs, as snprintf does. */
size_t sudoku_format_grid(const sudoku_grid *g, sudoku_format fmt, char *buf, size_t buflen);

/* ---- rules (grid.c) ---- */
/* 0 when no value repeats in a row, column or box of g (empty cells ignored); else
 * -1 with msg naming the first conflict, e.g. "5 twice in row 3". */
int sudoku_check_rules(const sudoku_grid *g, char *msg, size_t msglen);

/* 1 when sol is complete, obeys the rules and keeps every given of puzzle. */
int sudoku_is_solution_of(const sudoku_grid *puzzle, const sudoku_grid *sol);

/* ---- the model (model.c) ---- */
/* The structure of box n: N*N cells with domains 1..N, the 3N groups (rows, then
 * columns, then boxes), an N x N layout. NULL on a bad n or out of memory. */
pb_model *sudoku_model_new(int box);

/* A per-puzzle model sharing the structure of `shape` (from sudoku_model_new): *view
 * becomes a copy of *shape whose domain is dom, filled from g's givens. Free nothing:
 * the view lives as long as shape and dom do. */
void sudoku_model_view(const pb_model *shape, const sudoku_grid *g, pb_mask *dom, pb_model *view);

/* n when m has the shape sudoku_model_new builds, else 0. */
int sudoku_model_box(const pb_model *m);

/* The grid of m's givens (cells whose domain is one value); values[] (optional)
 * overrides: a solution from an engine, 0 where empty. */
void sudoku_grid_from(const pb_model *m, const int *values, sudoku_grid *g);

/* ---- isomorphic copies (iso.c) ----
 * A symmetry of the rules: the symbols relabelled, the bands (and the stacks) shuffled,
 * the rows within each band (the columns within each stack) shuffled, and the board
 * transposed or not. A copy has as many givens and as many solutions as its puzzle,
 * each solution the image of one of the puzzle's; only the order in which a solver
 * meets cells, values and clauses changes. */
typedef struct sudoku_iso {
    int box;
    unsigned char sym[SUDOKU_MAX_SIZE + 1]; /* value v becomes sym[v]; sym[0] = 0 */
    short to[SUDOKU_MAX_CELLS];             /* cell c of the puzzle is cell to[c] of its copy */
} sudoku_iso;

/* Draws one uniformly among the symmetries above, for boards of box n, from the
 * stream (seed, index) of rng.h: the same arguments always give the same one. */
void sudoku_iso_draw(int box, uint64_t seed, uint64_t index, sudoku_iso *iso);

/* The copy of g under iso (g of iso's box), and back: the grid whose copy is g. */
void sudoku_iso_apply(const sudoku_iso *iso, const sudoku_grid *g, sudoku_grid *out);
void sudoku_iso_undo(const sudoku_iso *iso, const sudoku_grid *g, sudoku_grid *out);

/* ---- the seed's deduction (seed.c) ----
 * Fills every cell whose candidates are one value, pass after pass, until a pass
 * changes nothing, as the seed does before it guesses. values[c] (ncells) gets each
 * cell's value or 0, cand[c] its remaining candidates (one bit once filled).
 * Returns the number of passes, or -1 when some cell is left with no candidate. */
int sudoku_seed_deduce(const pb_model *m, int *values, pb_mask *cand);

/* The sudoku engines (logic.c, seed.c). */
extern const pb_engine pb_engine_sudoku_logic, pb_engine_sudoku_seed;

/* ---- grading (grade.c) ----
 * Difficulty classes, named as QQwing names them, by the hardest technique a
 * human-style solver needs when it always uses the simplest one that works. */
#define SUDOKU_LEVEL_LIST(X)                                                                       \
    X(SUDOKU_SIMPLE, "simple", "naked singles only")                                               \
    X(SUDOKU_EASY, "easy", "hidden singles")                                                       \
    X(SUDOKU_INTERMEDIATE, "intermediate", "locked candidates (pointing and claiming)")            \
    X(SUDOKU_EXPERT, "expert", "needs a guess")

typedef enum sudoku_level { SUDOKU_LEVEL_LIST(PB_X_ENUM) SUDOKU_LEVELS } sudoku_level;

/* The levels' names and what each needs, easiest first, NULL-terminated. */
extern const char *const sudoku_level_names[SUDOKU_LEVELS + 1];
extern const char *const sudoku_level_summaries[SUDOKU_LEVELS + 1];
int sudoku_level_find(const char *name); /* the level, or -1 */

typedef struct sudoku_grade_info {
    sudoku_level level;
    int naked_singles, hidden_singles, locked_eliminations, guesses;
} sudoku_grade_info;

/* Grades m's puzzle. 0, or -1 when the puzzle has no solution. */
int sudoku_grade(const pb_model *m, sudoku_grade_info *out);

/* ---- generation (generate.c) ---- */
typedef struct sudoku_gen_opts {
    int box;            /* 2..5 */
    int clues;          /* > 0: stop removing givens at this many; 0: remove while unique */
    int level;          /* a sudoku_level to hit exactly, or -1 for any */
    uint64_t seed;      /* with the puzzle's index, fixes everything */
    uint64_t max_tries; /* full grids tried per puzzle before giving up (0: default) */
    double max_seconds; /* per puzzle; 0: none */
    const volatile sig_atomic_t *cancel; /* non-zero stops the puzzle as a limit; NULL: none */
} sudoku_gen_opts;

typedef struct sudoku_gen_stats {
    uint64_t tries;  /* full grids tried */
    uint64_t checks; /* uniqueness checks run */
    int clues;
    sudoku_level level;
    double wall_s;
} sudoku_gen_stats;

/* Generates puzzle number `index` of the stream fixed by o->seed: a puzzle with
 * exactly one solution. 0 on success; -1 when max_tries or max_seconds ran out
 * (*st still filled). Deterministic in (o, index), so puzzles can be made in any
 * order or in parallel. */
int sudoku_generate(const sudoku_gen_opts *o, uint64_t index, sudoku_grid *puzzle,
                    sudoku_grid *solution, sudoku_gen_stats *st);

#endif
