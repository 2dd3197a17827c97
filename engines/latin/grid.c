/* grid.c — Latin squares as text: read from and written to buffers, and the rules
 * check. Every fault in the input is one line and one token column; the reader then
 * skips the rest of the bad square's block, so one bad square costs only itself. */
#include "latin.h"

#include <stdio.h>
#include <string.h>

#include "../core/text_bytes.h"
#include "../core/text_grid.h"
#include "../core/text_line.h"

int latin_square_init(latin_square *sq, int n)
{
    if (n < LATIN_MIN_ORDER || n > LATIN_MAX_ORDER) return -1;
    sq->n = n;
    sq->ncells = n * n;
    memset(sq->cell, 0, sizeof sq->cell);
    return 0;
}

/* ---- rules ---- */

/* The first repeated value, scanning the rows and then the columns: 0 when there is
 * none. One bit a value, so one pass of ORs. */
static int first_conflict(const latin_square *sq, char *msg, size_t msglen)
{
    static const char *const kind[2] = {"row", "column"};
    const int n = sq->n;
    for (int k = 0; k < 2; k++)
        for (int u = 0; u < n; u++) {
            pb_mask seen = 0;
            for (int i = 0; i < n; i++) {
                const int v = sq->cell[k ? i * n + u : u * n + i];
                if (!v) continue;
                if (seen & PB_BIT(v)) {
                    if (msg) snprintf(msg, msglen, "%d twice in %s %d", v, kind[k], u + 1);
                    return 1;
                }
                seen |= PB_BIT(v);
            }
        }
    return 0;
}

int latin_check_rules(const latin_square *sq, char *msg, size_t msglen)
{
    return first_conflict(sq, msg, msglen) ? -1 : 0;
}

int latin_is_solution_of(const latin_square *puzzle, const latin_square *sol)
{
    if (sol->n != puzzle->n || sol->ncells != puzzle->ncells) return 0;
    for (int c = 0; c < sol->ncells; c++) {
        if (sol->cell[c] < 1 || sol->cell[c] > sol->n) return 0;
        if (puzzle->cell[c] && puzzle->cell[c] != sol->cell[c]) return 0;
    }
    return !first_conflict(sol, NULL, 0);
}

/* ---- writing ---- */

size_t latin_format_square(const latin_square *sq, char *buf, size_t buflen)
{
    size_t at = 0;
    pb_grid_text(sq->cell, sq->n, '.', buf, buflen, &at);
    return pb_text_end(buf, buflen, at);
}

/* ---- reading ---- */

void latin_reader_init(latin_reader *r, const char *text, size_t len)
{
    *r = (latin_reader){.text = text, .len = len};
}

typedef enum line_kind { LINE_BLANK, LINE_COMMENT, LINE_LONG, LINE_ROW } line_kind;

typedef struct text_line {
    const char *s; /* first non-blank character */
    size_t len;    /* up to the last non-blank character before any ';' */
    line_kind kind;
} text_line;

/* Looks at the line at r->pos without consuming it; returns the offset after it. A
 * line that holds only a comment is a comment line: it must not end a square, so
 * notes can sit between its rows. */
static size_t peek_line(const latin_reader *r, text_line *t)
{
    const char *s, *e;
    const size_t next = pb_line_cut(r->text, r->len, r->pos, &s, &e);
    t->s = s;
    t->len = (size_t)(e - s);
    if (e - s > LATIN_MAX_LINE) {
        t->kind = LINE_LONG;
        return next;
    }
    const char *semi = memchr(s, ';', (size_t)(e - s));
    const char *q = semi ? semi : e;
    pb_line_trim(&s, &q);
    t->s = s;
    t->len = (size_t)(q - s);
    t->kind = s < q ? LINE_ROW : semi ? LINE_COMMENT : LINE_BLANK;
    return next;
}

static void advance(latin_reader *r, size_t next)
{
    r->pos = next;
    r->line++;
}

/* Skips the rest of a bad square: up to (not over) the next blank line. */
static void skip_block(latin_reader *r)
{
    text_line t;
    while (r->pos < r->len) {
        size_t next = peek_line(r, &t);
        if (t.kind == LINE_BLANK) return;
        advance(r, next);
    }
}

/* The next token of [*p, e): its start and length; *p moves past it and the spaces
 * after it. */
static const char *next_token(const char **p, const char *e, int *len)
{
    const char *tok = *p, *q = *p;
    while (q < e && !pb_is_blank(*q)) q++;
    *len = (int)(q - tok);
    while (q < e && pb_is_blank(*q)) q++;
    *p = q;
    return tok;
}

static int count_tokens(const char *p, const char *e)
{
    int n = 0, len;
    while (p < e) {
        next_token(&p, e, &len);
        n++;
    }
    return n;
}

/* The value of a token: 0 for '.', the number for digits (capped, so a long one
 * cannot overflow), or -1 when it is neither. */
static int token_value(const char *tok, int len)
{
    if (len == 1 && *tok == '.') return 0;
    int v = 0;
    for (int i = 0; i < len; i++) {
        if (tok[i] < '0' || tok[i] > '9') return -1;
        v = v * 10 + (tok[i] - '0');
        if (v > 9999) v = 9999;
    }
    return v;
}

/* The error for a token that is not '.' or a number: a byte that cannot be printed
 * is named by its code, so the one-line message never carries it raw. */
static int bad_token(const char *tok, int len, int col, int line, int n, pb_error *err)
{
    for (int i = 0; i < len; i++) {
        const unsigned char b = (unsigned char)tok[i];
        if (b < 0x20 || b >= 0x7f)
            return pb_fail(err, line, "column %d: byte 0x%02x in a value (expected '.' or 1-%d)",
                           col, b, n);
    }
    return pb_fail(err, line, "column %d: '%.*s%s' is not a value (expected '.' or 1-%d)", col,
                   len > 16 ? 16 : len, tok, len > 16 ? "..." : "", n);
}

/* The first clash of givens found (the square reads, and has no completion): kept in
 * *note unless an earlier one is there. */
static void note_clash(pb_error *note, int line, const char *fmt, int col, int v, int where,
                       int also)
{
    if (!note->line) {
        note->line = line;
        snprintf(note->msg, sizeof note->msg, fmt, col, v, where, also);
    }
}

/* Reads the tokens of one row (row r of the square) into sq, checking each value
 * against the order (an error) and against the rows read so far (a note). */
static int read_row(const text_line *t, int r, int line, const int *row_line, latin_square *sq,
                    pb_error *note, pb_error *err)
{
    const int n = sq->n;
    const char *p = t->s, *e = t->s + t->len;
    for (int c = 0; c < n; c++) {
        int len;
        const char *tok = next_token(&p, e, &len);
        const int v = token_value(tok, len);
        if (v < 0) return bad_token(tok, len, c + 1, line, n, err);
        if (v > n || (v == 0 && *tok != '.'))
            return pb_fail(err, line, "column %d: value %.*s%s is outside 1-%d", c + 1,
                           len > 8 ? 8 : len, tok, len > 8 ? "..." : "", n);
        if (!v) continue;
        for (int k = 0; k < c; k++)
            if (sq->cell[r * n + k] == v)
                note_clash(note, line, "column %d: value %d repeated in row %d (also at column %d)",
                           c + 1, v, r + 1, k + 1);
        for (int k = 0; k < r; k++)
            if (sq->cell[k * n + c] == v)
                note_clash(note, line,
                           "column %d: value %d repeated in column %d (also at line %d)", c + 1, v,
                           c + 1, row_line[k]);
        sq->cell[r * n + c] = (unsigned char)v;
    }
    return 0;
}

/* Reads the rows of a square from the reader's current line to the next blank line. */
static int read_rows(latin_reader *r, latin_square *sq, pb_error *err)
{
    int row_line[LATIN_MAX_ORDER];
    int rows = 0;
    text_line t;
    while (r->pos < r->len) {
        const size_t next = peek_line(r, &t);
        if (t.kind == LINE_BLANK) break;
        advance(r, next);
        if (t.kind == LINE_COMMENT) continue;
        const int line = r->line;
        if (t.kind == LINE_LONG)
            return pb_fail(err, line, "column 1: line longer than %d characters", LATIN_MAX_LINE);
        const int k = count_tokens(t.s, t.s + t.len);
        if (rows == 0) {
            if (k > LATIN_MAX_ORDER)
                return pb_fail(err, line,
                               "column %d: more than %d values on the square's first line "
                               "(orders %d-%d)",
                               LATIN_MAX_ORDER + 1, LATIN_MAX_ORDER, LATIN_MIN_ORDER,
                               LATIN_MAX_ORDER);
            if (k < LATIN_MIN_ORDER)
                return pb_fail(
                    err, line,
                    "column 1: one value on the square's first line (its values give the "
                    "order, %d-%d: no line of its own names it)",
                    LATIN_MIN_ORDER, LATIN_MAX_ORDER);
            latin_square_init(sq, k);
        } else if (rows == sq->n) {
            return pb_fail(err, line,
                           "column 1: row %d of a square of order %d (a blank line must end it "
                           "after %d rows)",
                           rows + 1, sq->n, sq->n);
        } else if (k != sq->n) {
            return pb_fail(err, line, "column %d: row has %d value%s, expected %d",
                           (k < sq->n ? k : sq->n) + 1, k, k == 1 ? "" : "s", sq->n);
        }
        if (read_row(&t, rows, line, row_line, sq, &r->note, err)) return -1;
        row_line[rows++] = line;
    }
    if (rows < sq->n)
        return pb_fail(err, row_line[rows - 1],
                       "column 1: the square ends after %d rows, expected %d (the values on its "
                       "first line)",
                       rows, sq->n);
    return 0;
}

int latin_read(latin_reader *r, latin_square *sq, int *line, pb_error *err)
{
    text_line t;
    while (r->pos < r->len) {
        const size_t next = peek_line(r, &t);
        if (t.kind != LINE_BLANK && t.kind != LINE_COMMENT) break;
        advance(r, next);
    }
    if (r->pos >= r->len) return 0;
    *line = r->line + 1;
    r->note = (pb_error){0, ""};
    if (read_rows(r, sq, err)) {
        r->note = (pb_error){0, ""};
        skip_block(r);
        return -1;
    }
    return 1;
}
