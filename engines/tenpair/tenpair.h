/* tenpair.h — the crossing-out game (seed 003): rules, boards, and the engines that
 * search for wins.
 *
 * The start digits are written row after row, `width` to a row. A move crosses out
 * two live digits that are equal or sum to 10 and are neighbours: next to each
 * other in reading order (crossed digits skipped; with wrap, reading order runs on
 * from a row's end to the next row's start) or in the same column (crossed cells
 * between them skipped). When no move is left (or at any time, with append_any)
 * every live digit is written again, in order, after the last one. The game is won
 * when every digit is crossed out; its length is the number of digits written.
 *
 * A board is an array of cells in writing order: 1-9 a live digit, and a crossed
 * digit either 0 (when the digit no longer matters) or digit + TP_CROSSED (when the
 * written sequence is kept, as the plain engines keep it to tell wins apart).
 *
 * A win is identified by the whole written digit sequence: two move orders that
 * write the same digits are one win. */
#ifndef PB_TENPAIR_H
#define PB_TENPAIR_H

#include <stddef.h>
#include <stdint.h>
#include "../core/engine.h"
#include "../core/error.h"

#define TP_MAX_WIDTH  64
#define TP_MAX_START  512           /* digits in a start sequence */
#define TP_MAX_LENGTH PB_LENGTH_MAX /* digits written in one game, the search bound included */
#define TP_CROSSED    16

static inline int tp_live(uint8_t c)
{
    return c >= 1 && c <= 9;
}
static inline int tp_pairs(uint8_t a, uint8_t b)
{
    return a == b || a + b == 10;
}

typedef struct tp_rules {
    int width;      /* digits per row */
    int wrap;       /* 1: reading order runs on from a row's end to the next row */
    int append_any; /* 1: appending is a move at any time; 0: only when no move is left */
    int nstart;
    uint8_t start[TP_MAX_START]; /* digits 1-9 */
} tp_rules;

/* The seed's game: 1..19 without 10, 9 a row, wrap on, append when stuck. */
void tp_rules_default(tp_rules *r);
/* The start as a string of digits 1-9. 0, or -1 with err naming the column. */
int tp_rules_set_start(tp_rules *r, const char *digits, pb_error *err);
/* The start 1..n written digit by digit, numbers with a 0 in them left out (0 can
 * pair only with itself and has no digit in the game). 0, or -1 with err. */
int tp_rules_set_upto(tp_rules *r, long n, pb_error *err);
/* Checks width and start. 0, or -1 with err. */
int tp_rules_check(const tp_rules *r, pb_error *err);

/* One step of a game: cross cells a < b, or (a = b = -1) append the live digits. */
typedef pb_move tp_step;

static inline int tp_step_is_append(tp_step s)
{
    return s.a < 0;
}

/* Every crossing move on board[0..n) (row 0 starts at cell 0), each pair once, in
 * order of its first cell. out must hold 2 * n moves. Returns their number. */
int tp_moves(const tp_rules *r, const uint8_t *board, int n, tp_step *out);
/* 1 when board[0..n) has a crossing move (cheaper than listing them). */
int tp_has_move(const tp_rules *r, const uint8_t *board, int n);
/* Number of live cells. */
int tp_live_count(const uint8_t *board, int n);
/* Applies s to board (length *n, room for cap cells): crosses a and b (keeping the
 * digits when keep is 1), or appends the live digits. 0, or -1 when the append
 * would pass cap or s is not a legal step. */
int tp_apply(const tp_rules *r, uint8_t *board, int *n, int cap, tp_step s, int keep);

/* Writes board[0..n) as rows of width digits, '#' for crossed ones, each row ended
 * by '\n'. Returns the characters it needs (as snprintf). */
size_t tp_format_board(const tp_rules *r, const uint8_t *board, int n, char *out, size_t cap);

/* ---- the game as an instance of the shared model ---- */

/* The rules as a model: a cell per start digit (its domain that digit alone), laid out
 * width to a row, kind "tenpair" with kind_arg the switches (TP_KIND_*). The engines
 * (bfs, best-first, compact; pb_engine, tagged "tenpair" in the registry) read the
 * rules back from it. NULL out of memory or when r does not pass tp_rules_check. */
pb_model *tp_model_new(const tp_rules *r);
#define TP_KIND      "tenpair"
#define TP_KIND_WRAP 1
#define TP_KIND_ANY  2
/* The rules of a model that tp_model_new built. 0, or -1 with err when m is not one. */
int tp_rules_of(const pb_model *m, tp_rules *r, pb_error *err);

/* The engines' own figures (pb_result.figure, named by their about.figures): the
 * states kept in seen sets at the peak, and (compact count) the written sequences
 * searched. */
enum { TP_FIG_STORED, TP_FIG_NODES };
extern const char *const tp_figure_names[];

#endif
