/* latin.h — quasigroup completion (Latin squares with holes, "QWH"): squares, their
 * text format, the rules, the shared model, and the generator of satisfiable
 * instances (a uniformly random Latin square with holes punched in it).
 *
 * A square of order n (1..LATIN_MAX_ORDER) is n x n cells numbered row by row,
 * cell[r * n + c] = 0 for a hole, else a value 1..n. A puzzle reaches the engines as
 * a pb_model with an all-different group for every row, then every column, and the
 * givens as single-bit domains (latin_model_new / latin_model_view). */
#ifndef PB_LATIN_H
#define PB_LATIN_H

#include <stddef.h>
#include <stdint.h>
#include "../core/error.h"
#include "../core/model.h"
#include "../core/rng.h"

#define LATIN_MIN_ORDER 2  /* an order-1 "square" is one given cell: nothing to search */
#define LATIN_MAX_ORDER 64 /* values are bits of a pb_mask */
#define LATIN_MAX_CELLS (LATIN_MAX_ORDER * LATIN_MAX_ORDER)
#define LATIN_MAX_LINE  4096 /* longest input line accepted */
/* Longest text latin_format_square writes: at most 2 digits and a separator a cell. */
#define LATIN_MAX_TEXT (LATIN_MAX_CELLS * 3 + 1)

typedef struct latin_square {
    int n;                               /* order: values 1..n */
    int ncells;                          /* n * n */
    unsigned char cell[LATIN_MAX_CELLS]; /* cell[r * n + c]: 0 hole, else 1..n */
} latin_square;

/* An empty square (all holes) of order n. 0, or -1 for n outside 1..LATIN_MAX_ORDER. */
int latin_square_init(latin_square *sq, int n);

/* ---- reading (grid.c) ----
 * A text holds any number of squares, one per block of lines; blank lines separate
 * the blocks. A square's first line holds n whitespace-separated tokens, which fixes
 * its order n; it has n such lines. A token is '.' for a hole or a value 1..n. ';'
 * starts a comment, on a line of its own (which neither ends nor counts as a row of
 * a square) or after the tokens. */
typedef struct latin_reader {
    const char *text;
    size_t len, pos;
    int line;      /* lines consumed so far */
    pb_error note; /* after latin_read's 1: line 0, or the givens' first clash */
} latin_reader;

void latin_reader_init(latin_reader *r, const char *text, size_t len);

/* Reads the next square into *sq: 1 with *line (its first line) set; 0 at the end of
 * the text; -1 with *err naming the line and, as "column C: ...", the token (column C
 * of the square) at fault. After -1 the reader has skipped the rest of the bad
 * square's block, so reading may go on with the next one. Givens that clash (a
 * value twice in a row or a column) are read, with r->note naming the first clash
 * as an error would: such a square has no completion, and the engines find none. */
int latin_read(latin_reader *r, latin_square *sq, int *line, pb_error *err);

/* ---- writing (grid.c) ----
 * Writes sq (holes as '.') as n lines of n tokens right-aligned to the width of n,
 * one space apart, each line ended by a newline, into buf (NUL-terminated, cut at
 * buflen). Returns the length the whole text needs, as snprintf does: at most
 * LATIN_MAX_TEXT - 1. Squares written one after another need a blank line between
 * them to read back as separate squares. A solution is written as a square without
 * holes (latin_square_from). */
size_t latin_format_square(const latin_square *sq, char *buf, size_t buflen);

/* ---- rules (grid.c) ---- */
/* 0 when no value repeats in a row or a column of sq (holes ignored); else -1 with
 * msg (optional) naming the first conflict, e.g. "3 twice in column 2". */
int latin_check_rules(const latin_square *sq, char *msg, size_t msglen);

/* 1 when sol has the order of puzzle, no holes, obeys the rules and keeps every
 * given of puzzle. */
int latin_is_solution_of(const latin_square *puzzle, const latin_square *sol);

/* ---- the model (model.c) ---- */
/* The structure of order n: n*n cells with domains 1..n, 2n all-different groups
 * (the rows, then the columns), an n x n layout, kind "latin" with kind_arg n. NULL
 * on a bad n or out of memory. */
pb_model *latin_model_new(int n);

/* A per-puzzle model sharing the structure of `shape` (from latin_model_new of sq's
 * order): *view becomes a copy of *shape whose domain is dom (ncells entries),
 * filled from sq's givens. Free nothing: the view lives as long as shape and dom. */
void latin_model_view(const pb_model *shape, const latin_square *sq, pb_mask *dom, pb_model *view);

/* A model of its own for sq (latin_model_new with sq's givens as domains), freed with
 * pb_model_free. NULL on a bad order or out of memory. */
pb_model *latin_model_of(const latin_square *sq);

/* n when m has the structure latin_model_new builds, else 0. */
int latin_model_order(const pb_model *m);

/* The square of m's givens (cells whose domain is one value); values (optional,
 * ncells entries) overrides them where > 0: a solution from an engine. -1 when m is
 * not a Latin square model, else 0. */
int latin_square_from(const pb_model *m, const int *values, latin_square *sq);

/* ---- generation (generate.c) ---- */
/* The default length of the Jacobson-Matthews chain for order n: 2 n^2 moves made
 * from proper squares, about 2 n^3 moves in all (generate.c says why). */
uint64_t latin_mix_moves(int n);

/* A uniformly random Latin square of order n (no holes) into sq, drawn from r: the
 * Jacobson-Matthews chain from the cyclic square, `proper_moves` moves made from
 * proper squares (0: latin_mix_moves(n)), then on to the next proper square. 0, or -1
 * for a bad n. */
int latin_random_square(pb_rng *r, int n, uint64_t proper_moves, latin_square *sq);

/* round(fraction * n * n): the holes latin_generate punches; -1 when fraction is
 * outside [0, 1] or n is bad. */
int latin_holes_for(int n, double fraction);

/* Empties `holes` cells of sq, every set of that many cells equally likely. With the
 * same state of r, the holes of a smaller count are a subset of those of a larger.
 * 0, or -1 when holes is outside 0..ncells. */
int latin_punch_holes(pb_rng *r, latin_square *sq, int holes);

/* Empties `per_line` cells of every row and every column of sq ("balanced" holes, as
 * Kautz et al. (2001) balance QWH): the cells where a second uniformly random Latin
 * square, drawn from r, holds a symbol up to per_line. With the same state of r, the
 * holes of a smaller count are a subset of those of a larger. 0, or -1 when per_line
 * is outside 0..n. */
int latin_punch_balanced(pb_rng *r, latin_square *sq, int per_line);

typedef struct latin_gen_opts {
    int n;                 /* order, 1..LATIN_MAX_ORDER */
    double holes;          /* fraction of the cells left empty, 0..1 */
    uint64_t seed;         /* with the instance's index, fixes everything */
    uint64_t proper_moves; /* chain length, as for latin_random_square (0: the default) */
    /* 1: balanced holes (latin_punch_balanced), round(holes * n) in every row and
     * column, and a stream of squares of its own; 0: holes uniformly at random */
    int balanced;
} latin_gen_opts;

/* Instance number `index` of the stream fixed by o->seed, o->n and o->balanced: a
 * uniformly random Latin square into *solution (optional) and the same square with
 * exactly latin_holes_for(n, holes) holes (balanced: n * round(holes * n)) into *puzzle, which is
 * therefore satisfiable (solution is one completion; it may have others). The hole fraction does
 * not enter the stream: the instances of one (seed, n, index) at different fractions share their
 * square, and the holes of a smaller fraction are a subset of those of a larger one. 0, or -1 on
 * bad options. */
int latin_generate(const latin_gen_opts *o, uint64_t index, latin_square *puzzle,
                   latin_square *solution);

/* ---- isomorphic copies (iso.c) ----
 * A symmetry of quasigroup completion: the rows, the columns and the symbols each
 * permuted, and the square replaced by one of its six conjugates (a given is a triple
 * (row, column, symbol); a conjugate lets the three roles trade places, so transposition
 * is one of them). A copy has as many givens and as many completions as its square,
 * each completion the image of one of the square's. A conjugate other than the square
 * itself maps cells one to one only when the givens obey the rules, so a square whose
 * givens clash keeps its own conjugate. */
typedef struct latin_iso {
    int n;
    int conj[3]; /* role k of a copy's triple is role conj[k] of the square's */
    unsigned char row[LATIN_MAX_ORDER]; /* row r (0-based) becomes row[r], after conjugating */
    unsigned char col[LATIN_MAX_ORDER]; /* likewise the columns */
    unsigned char sym[LATIN_MAX_ORDER]; /* symbol v + 1 becomes sym[v] + 1 */
} latin_iso;

/* Draws one uniformly among the symmetries above for order n, from the stream (seed,
 * index) of rng.h: the same arguments always give the same one. */
void latin_iso_draw(int n, uint64_t seed, uint64_t index, latin_iso *iso);

/* The copy of sq under iso, and back: the square whose copy is sq. A square whose givens
 * clash (latin_check_rules) is mapped with the identity conjugate. 0, or -1 when sq's
 * order is not iso's. */
int latin_iso_apply(const latin_iso *iso, const latin_square *sq, latin_square *out);
int latin_iso_undo(const latin_iso *iso, const latin_square *sq, latin_square *out);

#endif
