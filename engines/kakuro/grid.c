/* grid.c — kakuro clue grids as text (`D\R` clue cells, `#`, `.`, digits), read from
 * and written to buffers. Reading rejects any grid the engines could not take: every
 * fault is one line and token column, and the reader then skips the bad puzzle. */
#include "kakuro.h"
#include "text.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void kakuro_reader_init(kakuro_reader *r, const char *text, size_t len)
{
    r->text = text;
    r->len = len;
    r->pos = 0;
    r->line = 0;
    r->note = r->unclued = (pb_error){0, ""};
}

/* ---- reading ---- */

/* One side of a clue token: empty (0) or a number 1-99 (a clue over 45 is refused
 * later, with the run it is for). -1 when it is not a number. */
static int clue_side(const char *s, int len)
{
    if (len == 0) return 0;
    if (len > 2) return -1;
    int v = 0;
    for (int i = 0; i < len; i++) {
        if (s[i] < '0' || s[i] > '9') return -1;
        v = v * 10 + (s[i] - '0');
    }
    return v;
}

/* Parses the token at column col (1-based) into cell i of g. */
static int read_token(const char *tok, int len, int col, int line, kakuro_grid *g, int i,
                      pb_error *err)
{
    char q[24];
    if (len == 1 && (*tok == '#' || *tok == '\\')) return 0; /* already black */
    if (len == 1 && *tok == '.') {
        g->white[i] = 1;
        return 0;
    }
    if (len == 1 && *tok >= '1' && *tok <= '9') {
        g->white[i] = 1;
        g->digit[i] = (unsigned char)(*tok - '0');
        return 0;
    }
    if (kakuro_bad_byte(tok, len, col, line, "D\\R, #, . or a digit 1-9", err)) return -1;
    const char *bs = memchr(tok, '\\', (size_t)len);
    kakuro_quote(tok, len, q, sizeof q);
    if (!bs)
        return pb_fail(err, line,
                       "column %d: unknown token '%s' (expected D\\R, #, . or a digit 1-9)", col,
                       q);
    const int dl = (int)(bs - tok);
    const int down = clue_side(tok, dl), right = clue_side(bs + 1, len - dl - 1);
    if (down < 0 || right < 0)
        return pb_fail(err, line,
                       "column %d: bad clue '%s' (expected D\\R: a number 1-45 or nothing on "
                       "either side of the \\)",
                       col, q);
    if ((dl && !down) || (len - dl - 1 && !right))
        return pb_fail(err, line, "column %d: clue 0 in '%s' (leave the side empty for no clue)",
                       col, q);
    g->down[i] = (unsigned char)down;
    g->right[i] = (unsigned char)right;
    return 0;
}

/* White cells in a row from cell i on, stepping by step, at most `left` of them. */
static int whites_from(const kakuro_grid *g, int i, int step, int left)
{
    int n = 0;
    while (n < left && g->white[i + n * step]) n++;
    return n;
}

/* The first thing found that leaves a puzzle without a solution (it reads, and its
 * answer is "none"): kept in *note unless an earlier one is there. */
static void note_once(pb_error *note, int line, const char *fmt, ...)
{
    if (note->line) return;
    va_list ap;
    va_start(ap, fmt);
    note->line = line;
    vsnprintf(note->msg, sizeof note->msg, fmt, ap);
    va_end(ap);
}

/* The clue `sum` of the run of `len` cells after a clue cell at column col: -1 when
 * it has no run (malformed); a note when no distinct digits meet it. */
static int check_clue(const char *dir, int sum, int len, int col, int line, pb_error *note,
                      pb_error *err)
{
    const char *where = dir[0] == 'r' ? "to its right" : "below it";
    if (len == 0)
        return pb_fail(err, line, "column %d: %s clue %d but no white cell %s", col, dir, sum,
                       where);
    if (len > KAKURO_MAX_RUN)
        note_once(note, line,
                  "column %d: %s clue %d for a run of %d cells: no run holds more than 9 distinct "
                  "digits",
                  col, dir, sum, len);
    else if (len == 1 && sum > 9)
        note_once(note, line, "column %d: %s clue %d for a single white cell: no digit is %d", col,
                  dir, sum, sum);
    else if (kakuro_digit_sets(len, sum, NULL, 0) == 0)
        note_once(note, line,
                  "column %d: %s clue %d for a run of %d cells: no %d distinct digits add up to %d",
                  col, dir, sum, len, len, sum);
    return 0;
}

/* A run of len >= 2 white cells that starts at white cell i (column c, on line) with
 * no clue before it: read as a run whose digits differ, with any sum; the first goes
 * to *unclued, and one over 9 cells leaves the puzzle without a solution. */
static void unclued_run(const char *dir, int len, int c, int line, pb_error *unclued,
                        pb_error *note)
{
    if (!unclued->line) {
        unclued->line = line;
        snprintf(unclued->msg, sizeof unclued->msg,
                 "column %d: %s run of %d white cells without a clue", c + 1, dir, len);
    }
    if (len > KAKURO_MAX_RUN)
        note_once(note, line,
                  "column %d: %s run of %d white cells: no run holds more than 9 distinct digits",
                  c + 1, dir, len);
}

/* White cell i: a run of two or more starting at it without a clue, and its digit
 * repeating an earlier one of its runs (a note). */
static void check_white(const kakuro_grid *g, int i, const int *row_line, pb_error *unclued,
                        pb_error *note)
{
    const int R = g->rows, C = g->cols, r = i / C, c = i % C, line = row_line[r];
    if (c == 0 || !g->white[i - 1]) {
        int len = whites_from(g, i, 1, C - c);
        if (len >= KAKURO_MIN_RUN && (c == 0 || !g->right[i - 1]))
            unclued_run("across", len, c, line, unclued, note);
    }
    if (r == 0 || !g->white[i - C]) {
        int len = whites_from(g, i, C, R - r);
        if (len >= KAKURO_MIN_RUN && (r == 0 || !g->down[i - C]))
            unclued_run("down", len, c, line, unclued, note);
    }
    const int d = g->digit[i];
    for (int k = c - 1; d && k >= 0 && g->white[r * C + k]; k--)
        if (g->digit[r * C + k] == d)
            note_once(note, line,
                      "column %d: digit %d repeated in its across run (also at column %d)", c + 1,
                      d, k + 1);
    for (int k = r - 1; d && k >= 0 && g->white[k * C + c]; k--)
        if (g->digit[k * C + c] == d)
            note_once(note, line, "column %d: digit %d repeated in its down run (also at line %d)",
                      c + 1, d, row_line[k]);
}

/* The faults a whole grid can have, in reading order: a clue with no white cell
 * after it is an error, and stops the check; what leaves the puzzle without a
 * solution goes to r->note, the first run without a clue to r->unclued. */
static int check_grid(kakuro_reader *rd, const kakuro_grid *g, const int *row_line, int first_line,
                      pb_error *err)
{
    pb_error *note = &rd->note;
    const int R = g->rows, C = g->cols;
    int whites = 0;
    for (int r = 0; r < R; r++)
        for (int c = 0; c < C; c++) {
            const int i = r * C + c, line = row_line[r];
            if (g->white[i]) {
                whites++;
                check_white(g, i, row_line, &rd->unclued, note);
                continue;
            }
            if (g->right[i] && check_clue("right", g->right[i], whites_from(g, i + 1, 1, C - c - 1),
                                          c + 1, line, note, err))
                return -1;
            if (g->down[i] && check_clue("down", g->down[i], whites_from(g, i + C, C, R - r - 1),
                                         c + 1, line, note, err))
                return -1;
        }
    if (!whites) return pb_fail(err, first_line, "column 1: no white cells in the puzzle");
    return 0;
}

/* The size of the puzzle at the reader's position, without reading it: its rows up to
 * the next blank line (comments are no rows) and the cells of its first row, each
 * capped at KAKURO_MAX_DIM + 1 (read_rows then names the line past the maximum). */
static void measure(const kakuro_reader *r, int *rows, int *cols)
{
    kakuro_text_line t;
    size_t pos = r->pos;
    *rows = 0, *cols = 1;
    while (pos < r->len && *rows <= KAKURO_MAX_DIM) {
        pos = kakuro_peek_line(r, pos, &t);
        if (t.kind == KAKURO_LINE_BLANK) break;
        if (t.kind == KAKURO_LINE_COMMENT) continue;
        if (!(*rows)++ && t.kind == KAKURO_LINE_TEXT) {
            const int n = kakuro_count_tokens(t.s, t.s + t.len);
            *cols = n > KAKURO_MAX_DIM ? KAKURO_MAX_DIM + 1 : n;
        }
    }
}

/* Reads the rows of a puzzle from the reader's current line to the next blank line
 * into g, whose size measure() found. */
static int read_rows(kakuro_reader *r, kakuro_grid *g, int *row_line, pb_error *err)
{
    kakuro_text_line t;
    int rows = 0, got;
    const int cols = g->cols;
    while ((got = kakuro_next_row(r, &t, err)) > 0) {
        const int line = r->line;
        if (rows == KAKURO_MAX_DIM)
            return pb_fail(err, line, "column 1: more than %d rows", KAKURO_MAX_DIM);
        const char *p = t.s, *e = t.s + t.len;
        const int n = kakuro_count_tokens(p, e);
        if (rows == 0 && n > KAKURO_MAX_DIM)
            return pb_fail(err, line, "column %d: more than %d cells in a row", KAKURO_MAX_DIM + 1,
                           KAKURO_MAX_DIM);
        if (n != cols)
            return pb_fail(err, line, "column %d: row has %d cells, expected %d",
                           (n < cols ? n : cols) + 1, n, cols);
        for (int c = 0; c < cols; c++) {
            int len;
            const char *tok = kakuro_next_token(&p, e, &len);
            if (read_token(tok, len, c + 1, line, g, rows * cols + c, err)) return -1;
        }
        row_line[rows++] = line;
    }
    return got;
}

int kakuro_read(kakuro_reader *r, kakuro_grid *g, int *line, pb_error *err)
{
    kakuro_text_line t;
    while (r->pos < r->len) {
        size_t next = kakuro_peek_line(r, r->pos, &t);
        if (t.kind != KAKURO_LINE_BLANK && t.kind != KAKURO_LINE_COMMENT) break;
        kakuro_advance(r, next);
    }
    if (r->pos >= r->len) return 0;
    *line = r->line + 1;
    r->note = r->unclued = (pb_error){0, ""};
    int rows, cols, rc = -1;
    measure(r, &rows, &cols);
    /* A size past the maximum is cut to it: read_rows then stops at the excess. */
    int *row_line = malloc((size_t)rows * sizeof *row_line);
    if (!row_line || kakuro_grid_init(g, rows > KAKURO_MAX_DIM ? KAKURO_MAX_DIM : rows,
                                      cols > KAKURO_MAX_DIM ? KAKURO_MAX_DIM : cols))
        pb_fail(err, *line, "column 1: out of memory for a grid of %d x %d", rows, cols);
    else if (!read_rows(r, g, row_line, err))
        rc = check_grid(r, g, row_line, *line, err) ? -1 : 1;
    if (rc < 0) r->note = r->unclued = (pb_error){0, ""};
    free(row_line);
    if (rc < 0) kakuro_skip_block(r, 0);
    return rc;
}

/* ---- writing ---- */

static int num_width(int v)
{
    return v >= 100 ? 3 : v >= 10 ? 2 : v > 0 ? 1 : 0;
}

/* Text written into a buffer as snprintf does; spaces are held back until something
 * follows them on the line, so no line ends in spaces. */
typedef struct writer {
    char *buf;
    size_t len, at;
    int spaces;
} writer;

static void put(writer *w, char ch)
{
    if (ch == ' ') {
        w->spaces++;
        return;
    }
    if (ch == '\n') w->spaces = 0;
    for (; w->spaces; w->spaces--, w->at++)
        if (w->at + 1 < w->len) w->buf[w->at] = ' ';
    if (w->at + 1 < w->len) w->buf[w->at] = ch;
    w->at++;
}

static void put_str(writer *w, const char *s)
{
    while (*s) put(w, *s++);
}

size_t kakuro_format_grid(const kakuro_grid *g, char *buf, size_t buflen)
{
    const int n = g->rows * g->cols;
    int dw = 0, rw = 0; /* widths of the numbers left and right of the '\' */
    for (int i = 0; i < n; i++)
        if (!g->white[i]) {
            if (num_width(g->down[i]) > dw) dw = num_width(g->down[i]);
            if (num_width(g->right[i]) > rw) rw = num_width(g->right[i]);
        }
    writer w = {buf, buflen, 0, 0};
    /* Every token is dw + 1 + rw wide with the '\' (or the lone character of a
     * non-clue cell) in the same place, so both the columns and the clues line up. */
    for (int r = 0; r < g->rows; r++) {
        for (int c = 0; c < g->cols; c++) {
            const int i = r * g->cols + c;
            char tok[16];
            if (c) put(&w, ' ');
            if (g->white[i]) {
                const int d = g->digit[i];
                snprintf(tok, sizeof tok, "%*s%c%*s", dw, "",
                         d == 0   ? '.'
                         : d < 10 ? (char)('0' + d)
                                  : '?',
                         rw, "");
            } else if (g->down[i] || g->right[i]) {
                char dn[4] = "", rt[4] = "";
                if (g->down[i]) snprintf(dn, sizeof dn, "%d", g->down[i]);
                if (g->right[i]) snprintf(rt, sizeof rt, "%d", g->right[i]);
                snprintf(tok, sizeof tok, "%*s\\%-*s", dw, dn, rw, rt);
            } else {
                snprintf(tok, sizeof tok, "%*s#%*s", dw, "", rw, "");
            }
            put_str(&w, tok);
        }
        put(&w, '\n');
    }
    if (buflen) buf[w.at < buflen ? w.at : buflen - 1] = '\0';
    return w.at;
}
