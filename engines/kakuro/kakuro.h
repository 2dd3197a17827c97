/* kakuro.h — kakuro: grids (outlines, clue grids, solutions), their text formats,
 * runs, the shared model, outline generation and puzzle generation.
 *
 * A grid is rows x cols cells, numbered row by row (index r * cols + c). A cell is
 * white (it takes a digit 1-9) or black; a black cell may carry a down clue (the
 * sum of the run of white cells below it) and a right clue (the run to its right).
 * A run is a maximal horizontal or vertical block of two or more white cells, or a
 * single white cell whose black cell before it carries a clue on that side (a
 * one-cell run: its clue is its digit). A single white cell without such a clue is
 * no run. An outline is a grid with no clues and no digits yet: only which cells are
 * white, so its runs are the blocks of two or more.
 *
 * A run of two or more white cells may lack a clue (a published puzzle's defect, or
 * a run at the grid's edge): its digits still differ, but any sum goes.
 *
 * A puzzle reaches the engines as a pb_model built by kakuro_model_new: one cell per
 * white cell in row-major order (so "row order" is the cell order), one group per
 * run (across runs row by row, then down runs column by column): a sum group, or a
 * plain all-different group for a run without a clue; digits 1-9, a given's domain
 * its single digit, and kind "kakuro". */
#ifndef PB_KAKURO_H
#define PB_KAKURO_H

#include <stddef.h>
#include <stdint.h>
#include "../core/engine.h"
#include "../core/error.h"
#include "../core/model.h"
#include "sums.h"

/* The most rows and the most columns a grid may have. A grid holds 4 bytes a cell in
 * arrays sized to it, so the maximum (4 MiB) only bounds what one bad size line or
 * runaway file can ask for; it keeps rows * cols within what a model can lay out. */
#define KAKURO_MAX_DIM  1024
#define KAKURO_MAX_LINE 4096 /* longest input line accepted */

/* A grid owns its arrays (rows * cols bytes each, row by row). It starts zeroed (= {0}
 * or calloc), kakuro_grid_init gives it a size, kakuro_grid_free gives the memory
 * back; a struct copy would share the arrays, so grids are copied by kakuro_grid_copy. */
typedef struct kakuro_grid {
    int rows, cols;
    unsigned char *white; /* 1: white cell */
    unsigned char *digit; /* white cells: 0 empty, else 1..9 */
    unsigned char *down;  /* black cells: down clue, 0 none */
    unsigned char *right; /* black cells: right clue, 0 none */
    size_t cap;           /* cells the arrays have room for */
} kakuro_grid;

/* Makes g an all-black grid of rows x cols (1..KAKURO_MAX_DIM each), reusing its
 * arrays when they are large enough. 0, or -1 on bad sizes or out of memory (g is
 * then unchanged). */
int kakuro_grid_init(kakuro_grid *g, int rows, int cols);
/* *to = a copy of *from (to's arrays reused or grown). 0, or -1 out of memory. */
int kakuro_grid_copy(kakuro_grid *to, const kakuro_grid *from);
/* Frees g's arrays; g is then an empty grid again, ready for kakuro_grid_init. */
void kakuro_grid_free(kakuro_grid *g);

enum { KAKURO_ACROSS = 0, KAKURO_DOWN = 1 };

typedef struct kakuro_run {
    int dir;   /* KAKURO_ACROSS or KAKURO_DOWN */
    int clue;  /* grid index of the black cell before the run; -1 at the grid's edge */
    int len;   /* white cells: >= 1 (a run longer than 9 is found too: it is invalid) */
    int sum;   /* the clue's value, 0 when the clue cell has none (an outline) */
    int first; /* grid index of its first cell; cell k is first + k * step */
    int step;  /* 1 across, cols down */
} kakuro_run;

/* The grid index of cell k (0 .. len-1) of run r, in reading order. */
static inline int kakuro_run_cell(const kakuro_run *r, int k)
{
    return r->first + k * r->step;
}

/* The runs of g: across runs row by row, then down runs column by column (the
 * model's group order). Returns the count; the first `max` go to runs. */
int kakuro_find_runs(const kakuro_grid *g, kakuro_run *runs, int max);

/* ---- reading (grid.c, outline.c) ----
 * Clue grids: whitespace-separated tokens, one line per row: `D\R` a black cell with
 * a down and/or right clue (either side may be empty: `23\`, `\16`), `#` a black
 * cell without clue, `.` an empty white cell, `1`-`9` a white cell's digit. Lines
 * starting with ';' are comments. A text may hold several puzzles, separated by one
 * or more blank lines.
 * Outlines (seed 001's format): a line `rows cols`, then `rows` lines of `cols`
 * two-letter tokens: `nn` white, `xx` black, `cx` black with a down (column) clue,
 * `xr` black with a right (row) clue, `cr` both. A text may hold several outlines. */
typedef struct kakuro_reader {
    const char *text;
    size_t len, pos;
    int line;         /* lines consumed so far */
    pb_error note;    /* after kakuro_read's 1: line 0, or why that puzzle has no solution */
    pb_error unclued; /* after kakuro_read's 1: line 0, or its first run without a clue */
} kakuro_reader;

void kakuro_reader_init(kakuro_reader *r, const char *text, size_t len);

/* Reads the next clue grid into *g: 1 with *line its first line; 0 at the end of
 * the text; -1 with *err naming the line and column ("column 4: ...") and what was
 * expected. Rejected: an unknown token, ragged rows, a clue with no white cell after
 * it, no white cell, a line or a size past the limits. After -1 the reader has
 * skipped the bad puzzle, so reading may go on. A run of two or more white cells
 * without a clue is read as such (see the top of this file), r->unclued naming the
 * first ("column 2: across run of 2 white cells without a clue").
 * A puzzle that is well formed but cannot be solved is read (1), with r->note
 * naming, as an error would, the first reason found: a clue that no distinct digits
 * meet (no set of that many adds up to it; over 9 for one cell; any clue of a run
 * over 9 cells), a run over 9 cells without a clue, or a digit given twice in a
 * run. Its answer is "no solution", and the engines find it so: the model keeps such
 * runs as they are. */
int kakuro_read(kakuro_reader *r, kakuro_grid *g, int *line, pb_error *err);

/* Reads the next outline into *g (digits and clues 0): 1, 0 at the end, or -1 as
 * kakuro_read. Rejected: a bad size line, a wrong count of rows or tokens, an
 * unknown token, a clue token whose side has no run of 2 or more white cells, a run
 * with no clue token before it. */
int kakuro_read_outline(kakuro_reader *r, kakuro_grid *g, int *line, pb_error *err);

/* ---- writing ----
 * Both write into buf (NUL-terminated, cut at buflen) and return the length the
 * whole text needs, as snprintf does. Clue grids: one line per row, tokens padded to
 * one width so columns line up; digits 0 print as '.'. Outlines: the size line, then
 * the tokens, each derived from the white cells (a black cell gets `cx`/`xr`/`cr`
 * when a run starts below/right of it). */
size_t kakuro_format_grid(const kakuro_grid *g, char *buf, size_t buflen);
size_t kakuro_format_outline(const kakuro_grid *g, char *buf, size_t buflen);

/* ---- rules ---- */
/* 0 when g's white cells form a valid generated outline: every white cell lies in
 * one across run and one down run, each 2..9 long, no run at the grid's edge without
 * a black cell before it, the white cells connected; else -1 with msg naming the
 * first fault (e.g. "row 3, column 5: across run of 1"). */
int kakuro_outline_check(const kakuro_grid *g, char *msg, size_t msglen);

/* Sets the clue of every run from the digits of the white cells (all must be
 * filled) and clears every other clue. Runs are as kakuro_find_runs finds them on g:
 * a single white cell keeps a clue only where it had one. */
void kakuro_derive_clues(kakuro_grid *g);

/* 1 when sol fills every white cell of puzzle, keeps its givens and its black cells,
 * and every run holds distinct digits adding up to the puzzle's clue (any sum for a
 * run without one). */
int kakuro_is_solution_of(const kakuro_grid *puzzle, const kakuro_grid *sol);

/* ---- isomorphic copies (iso.c) ----
 * A symmetry of the rules: the grid transposed (across and down trade places), and
 * every digit d read as 10 - d (a run of n cells summing to s sums to 10n - s). A copy
 * has as many givens and solutions as its puzzle, each solution the image of one of
 * the puzzle's; both symmetries are their own inverses and commute, so the same call
 * maps a copy's solution back. */
enum { KAKURO_ISO_TRANSPOSE = 1, KAKURO_ISO_COMPLEMENT = 2 };

/* *out = g under the symmetries of sym (bits above). The complement is left out where
 * a clue is one no distinct digits meet (it would leave the digits' range). Returns
 * the symmetries applied, or -1 out of memory. */
int kakuro_iso_apply(const kakuro_grid *g, int sym, kakuro_grid *out);

/* ---- the model (model.c) ---- */
/* The model of g's puzzle (see the top of this file). A run no distinct digits can
 * fill (a clue no set meets, over 9 cells) is a group like any other (a sum group
 * with no digit set): the engines then find no solution. NULL with *err on a grid
 * without white cells, or out of memory. */
pb_model *kakuro_model_new(const kakuro_grid *g, pb_error *err);

/* *out = the grid of the model's puzzle `shape` with values (one per model cell, 0
 * empty) written into its white cells. 0, or -1 out of memory. */
int kakuro_grid_fill(const kakuro_grid *shape, const int *values, kakuro_grid *out);

/* ---- outline generation (outline_gen.c) ---- */
/* The generators' defaults: `generate kakuro` and the player page use the same, so
 * that a (seed, index) makes the same puzzle in both. */
#define KAKURO_DEFAULT_DENSITY      0.6     /* white share of a generated outline */
#define KAKURO_DEFAULT_MAX_ATTEMPTS 1000000 /* filled candidates checked per puzzle */

typedef struct kakuro_outline_opts {
    int rows, cols; /* the whole grid, first row and column included (black) */
    double density; /* target share of white cells among rows-1 x cols-1; 0: the default */
    int symmetric;  /* 1: black cells symmetric under a half turn */
    uint64_t seed;
    /* What stops the construction early (a large grid takes long): a pb_now_s()
     * time (0: none), and a flag that stops it once non-zero (NULL: none). */
    double deadline;
    const volatile sig_atomic_t *cancel;
} kakuro_outline_opts;

/* Outline number `index` of the stream fixed by o: valid by kakuro_outline_check.
 * Deterministic in (o, index). 0; -1 when no valid outline was found; 1 when the
 * deadline passed or the cancel flag was set first. */
int kakuro_outline_generate(const kakuro_outline_opts *o, uint64_t index, kakuro_grid *g);

/* The kakuro engines (combo.c, thesis.c). */
extern const pb_engine pb_engine_kakuro_combo, pb_engine_kakuro_thesis;

/* ---- puzzle generation (generate.c) ---- */
/* The difficulty levels: the share of runs that get unique sums (seed 001). */
#define KAKURO_LEVEL_LIST(X)                                                                       \
    X(KAKURO_EASY, "easy", "about 80% of the runs get unique sums", 0.8)                           \
    X(KAKURO_MEDIUM, "medium", "about 60% of the runs get unique sums", 0.6)                       \
    X(KAKURO_HARD, "hard", "about 40% of the runs get unique sums", 0.4)

typedef enum kakuro_level { KAKURO_LEVEL_LIST(PB_X_ENUM) KAKURO_LEVELS } kakuro_level;
/* Names and summaries easiest first, NULL-terminated; each level's share. */
extern const char *const kakuro_level_names[KAKURO_LEVELS + 1];
extern const char *const kakuro_level_summaries[KAKURO_LEVELS + 1];
extern const double kakuro_level_share[KAKURO_LEVELS];
int kakuro_level_find(const char *name); /* the level, or -1 */

typedef enum kakuro_refill {
    KAKURO_REFILL_ALL,  /* the seed's: an ambiguous fill is thrown away and redone */
    KAKURO_REFILL_DIFF, /* re-randomise only the cells where two solutions differ */
} kakuro_refill;

typedef struct kakuro_gen_opts {
    const kakuro_grid *outline; /* the outline to fill; NULL: one per puzzle from below */
    kakuro_outline_opts shape;  /* used when outline is NULL (its seed is ignored) */
    double share;               /* target share of runs with unique sums (a level's) */
    int seed_table;             /* 1: the seed's 25 unique sums (no length 8) */
    kakuro_refill refill;
    const pb_engine *checker; /* uniqueness checker; NULL: the default engine */
    const pb_order *order;    /* its order, NULL: the engine's default */
    uint64_t seed;
    uint64_t max_attempts;               /* filled candidates checked per puzzle; 0: none */
    double max_seconds;                  /* per puzzle; 0: none */
    const volatile sig_atomic_t *cancel; /* non-zero stops the puzzle as a limit; NULL: none */
} kakuro_gen_opts;

typedef struct kakuro_gen_stats {
    uint64_t attempts;     /* filled candidates checked for uniqueness */
    uint64_t fills;        /* complete fills made from scratch (the rest were repairs) */
    pb_stats check;        /* the checker's stats, summed over the attempts */
    int runs, unique_runs; /* achieved share = unique_runs / runs */
    double wall_s;
} kakuro_gen_stats;

/* Generates puzzle number `index` of the stream fixed by o: *puzzle (clues, no
 * digits) with exactly one solution, *solution. 0 on success; -1 when
 * max_attempts or max_seconds ran out; -2 when the outline cannot be filled or out
 * of memory; -3 when o->outline is NULL and no valid outline of o->shape was found
 * (*st is filled in every case). Deterministic in (o, index) whatever the thread
 * that runs it. */
int kakuro_generate(const kakuro_gen_opts *o, uint64_t index, kakuro_grid *puzzle,
                    kakuro_grid *solution, kakuro_gen_stats *st);

/* One filled candidate, as the generator makes them before checking: number `index`
 * of the stream of o, with its clues derived (puzzle: clues only; solution: the
 * fill). For comparing checkers on the same candidates. 0, or -1 to -3 as above. */
int kakuro_fill_candidate(const kakuro_gen_opts *o, uint64_t index, kakuro_grid *puzzle,
                          kakuro_grid *solution, kakuro_gen_stats *st);

#endif
