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
#define TP_MAX_START  512  /* digits in a start sequence */
#define TP_MAX_LENGTH 4096 /* digits written in one game, the search bound included */
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
typedef struct tp_step {
    int16_t a, b;
} tp_step;

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

/* ---- engines ---- */

typedef enum tp_mode {
    TP_SHORTEST, /* the shortest win (ties: the first the engine meets) */
    TP_COUNT,    /* every win of length <= max_length, by length */
} tp_mode;

typedef struct tp_stats {
    uint64_t expanded;   /* states whose moves were generated */
    uint64_t stored;     /* states kept in seen sets at the peak */
    uint64_t peak_bytes; /* the engine's own memory at its peak */
    uint64_t wins;       /* wins found (count: all up to the bound; shortest: 1) */
    uint64_t nodes;      /* compact count: written prefixes searched (0 elsewhere) */
    double wall_s;
    /* Status PB_NOMEM at the memory limit: the bytes in use and the total the refused
     * growth would have needed (0, 0: the system's allocator failed instead). */
    uint64_t refused_used, refused_total;
} tp_stats;

typedef struct tp_run {
    tp_mode mode;
    int max_length;     /* count: required; shortest: 0 for no bound */
    int threads;        /* engines with TP_CAP_PARALLEL; 1 otherwise */
    uint64_t max_bytes; /* stop with PB_NOMEM before the engine's memory passes this; 0: none */
    pb_limits limits;   /* max_steps bounds states expanded; max_solutions is ignored */
    /* count, engines with TP_CAP_WINS: called for every win found, with its steps
     * from the start; NULL: not called. */
    void (*on_win)(void *ctx, const tp_step *path, int npath, int length);
    void *win_ctx;
} tp_run;

typedef struct tp_result {
    pb_status status;
    tp_stats stats;
    /* shortest: the win's length (0: none within the bound) and its steps from the
     * start (caller frees path). */
    int length;
    int npath;
    tp_step *path;
    /* count: optional caller array of max_length + 1 entries: wins of each length. */
    uint64_t *wins_by_length;
    /* With status PB_UNSUPPORTED: the reason, and a message. Last, out of the engines'
     * way (see pb_result). */
    pb_refusal refusal;
    char why[200];
} tp_result;

/* What a tenpair engine can do: bit, name (in listings), meaning. */
#define TP_CAPS(X)                                                                                 \
    X(TP_CAP_SHORTEST, "shortest", "finds the shortest win")                                       \
    X(TP_CAP_COUNT, "count", "counts every win up to a length, by length")                         \
    X(TP_CAP_PARALLEL, "parallel", "splits a count over tp_run.threads")                           \
    X(TP_CAP_WINS, "wins", "count: reports each win's steps through on_win")

enum { TP_CAPS(PB_X_BIT) TP_CAP_COUNT_ };
enum { TP_CAPS(PB_X_CAP) };

/* The capability names of TP_CAPS, in bit order, NULL-terminated. */
extern const char *const tp_cap_names[];

typedef struct tp_engine {
    pb_engine_about about; /* first: the registry points here */
    pb_status (*run)(const tp_rules *r, const tp_run *how, tp_result *out);
} tp_engine;

/* The engine whose about is a: the registry's entries point at that first member. */
static inline const tp_engine *tp_engine_of(const pb_engine_about *a)
{
    return (const tp_engine *)a;
}

/* Whether e runs this request on these rules: PB_RUNS, or the reason with a one-line
 * message in why (which may be NULL): the rules, the mode, the length bound, the
 * thread count and the win listing against e's capabilities. */
pb_refusal tp_engine_check(const tp_engine *e, const tp_rules *r, const tp_run *how, char *why,
                           size_t whylen);

/* tp_engine_check (a refusal returns PB_UNSUPPORTED with out->refusal and out->why
 * set), then the run, timed. */
pb_status tp_engine_run(const tp_engine *e, const tp_rules *r, const tp_run *how, tp_result *out);

#endif
