/* grid.c — sudoku grids as text: the seed's numbers format and the one-line format
 * of public puzzle sets, read from and written to buffers, and the rules check. */
#include "sudoku.h"

#include <stdio.h>
#include <string.h>

#include "../core/text_bytes.h"
#include "../core/text_grid.h"
#include "../core/text_line.h"

int sudoku_box_for_cells(int ncells)
{
    for (int n = SUDOKU_MIN_BOX; n <= SUDOKU_MAX_BOX; n++)
        if (ncells == n * n * n * n) return n;
    return 0;
}

int sudoku_grid_init(sudoku_grid *g, int box)
{
    if (box < SUDOKU_MIN_BOX || box > SUDOKU_MAX_BOX) return -1;
    g->box = box;
    g->size = box * box;
    g->ncells = g->size * g->size;
    memset(g->cell, 0, sizeof g->cell);
    return 0;
}

char sudoku_symbol(int v)
{
    return v <= 0 ? '.' : v <= 9 ? (char)('0' + v) : (char)('A' + v - 10);
}

/* ---- rules ---- */

/* The first cell whose value repeats in one of its groups, or -1; *what names it. */
static int first_conflict(const sudoku_grid *g, char *what, size_t len)
{
    static const char *const kind[3] = {"row", "column", "box"};
    const int N = g->size, n = g->box;
    for (int k = 0; k < 3; k++)
        for (int u = 0; u < N; u++) {
            uint32_t seen = 0;
            for (int i = 0; i < N; i++) {
                int r, c;
                if (k == 0)
                    r = u, c = i;
                else if (k == 1)
                    r = i, c = u;
                else
                    r = (u / n) * n + i / n, c = (u % n) * n + i % n;
                int v = g->cell[r * N + c];
                if (!v) continue;
                if (seen & (1u << v)) {
                    if (what) snprintf(what, len, "%d twice in %s %d", v, kind[k], u + 1);
                    return r * N + c;
                }
                seen |= 1u << v;
            }
        }
    return -1;
}

/* One pass over the cells; reading calls this for every puzzle, so it must be cheap
 * (first_conflict, which names the conflict, runs only when there is one). */
static int has_conflict(const sudoku_grid *g)
{
    uint32_t row[SUDOKU_MAX_SIZE] = {0}, col[SUDOKU_MAX_SIZE] = {0}, box[SUDOKU_MAX_SIZE] = {0};
    const int N = g->size, n = g->box;
    for (int r = 0, c = 0, i = 0; i < g->ncells; i++) {
        const int v = g->cell[i], x = (r / n) * n + c / n;
        const uint32_t bit = 1u << v;
        if (v) {
            if ((row[r] | col[c] | box[x]) & bit) return 1;
            row[r] |= bit, col[c] |= bit, box[x] |= bit;
        }
        if (++c == N) c = 0, r++;
    }
    return 0;
}

int sudoku_check_rules(const sudoku_grid *g, char *msg, size_t msglen)
{
    if (!has_conflict(g)) return 0;
    return first_conflict(g, msg, msglen) < 0 ? 0 : -1;
}

int sudoku_is_solution_of(const sudoku_grid *puzzle, const sudoku_grid *sol)
{
    if (sol->size != puzzle->size || sol->ncells != puzzle->ncells) return 0;
    for (int c = 0; c < sol->ncells; c++) {
        if (sol->cell[c] < 1 || sol->cell[c] > sol->size) return 0;
        if (puzzle->cell[c] && puzzle->cell[c] != sol->cell[c]) return 0;
    }
    return !has_conflict(sol);
}

/* ---- writing ---- */

size_t sudoku_format_grid(const sudoku_grid *g, sudoku_format fmt, char *buf, size_t buflen)
{
    size_t at = 0;
#define PUT(ch) pb_text_put(buf, buflen, &at, (ch))
    if (fmt == SUDOKU_LINE) {
        for (int c = 0; c < g->ncells; c++) PUT(sudoku_symbol(g->cell[c]));
        PUT('\n');
    } else {
        pb_grid_text(g->cell, g->size, '0', buf, buflen, &at);
    }
#undef PUT
    return pb_text_end(buf, buflen, at);
}

/* ---- reading ---- */

void sudoku_reader_init(sudoku_reader *r, const char *text, size_t len)
{
    *r = (sudoku_reader){.text = text, .len = len};
}

typedef enum line_kind { LINE_BLANK, LINE_COMMENT, LINE_ONE, LINE_NUMBERS, LINE_LONG } line_kind;

typedef struct text_line {
    const char *s; /* first non-blank character */
    size_t len;    /* up to the last non-blank character */
    line_kind kind;
} text_line;

/* Looks at the line at r->pos without consuming it; returns the offset after it. */
static size_t peek_line(const sudoku_reader *r, text_line *t)
{
    const char *s, *e;
    const size_t next = pb_line_cut(r->text, r->len, r->pos, &s, &e);
    if (e - s > SUDOKU_MAX_LINE) {
        t->s = s, t->len = (size_t)(e - s), t->kind = LINE_LONG;
        return next;
    }
    pb_line_trim(&s, &e);
    t->s = s;
    t->len = (size_t)(e - s);
    if (s == e)
        t->kind = LINE_BLANK;
    else if (*s == '#')
        t->kind = LINE_COMMENT;
    else {
        /* A '#' after a blank starts a comment: `PUZZLE # name`. */
        for (const char *h = s + 1; h < e; h++)
            if (*h == '#' && pb_is_blank(h[-1])) {
                e = h;
                break;
            }
        while (e > s && pb_is_blank(e[-1])) e--;
        t->len = (size_t)(e - s);
        const char *p = s;
        while (p < e && !pb_is_blank(*p)) p++;
        t->kind = (p == e && t->len > 2) ? LINE_ONE : LINE_NUMBERS;
    }
    return next;
}

static void advance(sudoku_reader *r, size_t next)
{
    r->pos = next;
    r->line++;
}

static int symbol_value(char ch)
{
    if (ch == '.' || ch == '0') return 0;
    if (ch >= '1' && ch <= '9') return ch - '0';
    if (ch >= 'A' && ch <= 'Z') return ch - 'A' + 10;
    if (ch >= 'a' && ch <= 'z') return ch - 'a' + 10;
    return -1;
}

static const char sizes_text[] = "16, 81, 256 or 625";

static void range_text(int N, char *buf, size_t len)
{
    if (N <= 9)
        snprintf(buf, len, "1-%d", N);
    else
        snprintf(buf, len, "1-9 or A-%c", sudoku_symbol(N));
}

static int read_one_line(const text_line *t, int line, sudoku_grid *g, pb_error *err)
{
    int box = sudoku_box_for_cells((int)t->len);
    if (!box) {
        /* A UTF-8 symbol is several bytes: name it, not a length no editor shows. */
        for (size_t c = 0; c < t->len; c++)
            if (pb_bad_byte(t->s + c, 1) >= 0)
                return pb_fail(err, line,
                               "column %zu: unexpected byte 0x%02x (expected 1-9, A-P, '.' or '0')",
                               c + 1, (unsigned char)t->s[c]);
        return pb_fail(err, line, "expected a puzzle of %s cells on one line, got %zu characters",
                       sizes_text, t->len);
    }
    sudoku_grid_init(g, box);
    for (int c = 0; c < g->ncells; c++) {
        int v = symbol_value(t->s[c]);
        if (v < 0 || v > g->size) {
            char range[32];
            range_text(g->size, range, sizeof range);
            const unsigned char b = (unsigned char)t->s[c];
            if (v < 0 && (b < 0x20 || b >= 0x7f))
                return pb_fail(err, line,
                               "column %d: unexpected byte 0x%02x (expected %s, '.' or '0')", c + 1,
                               b, range);
            if (v < 0)
                return pb_fail(err, line,
                               "column %d: unexpected character '%c' (expected %s, '.' or '0')",
                               c + 1, t->s[c], range);
            return pb_fail(err, line, "column %d: '%c' is outside %s for a %dx%d board", c + 1,
                           t->s[c], range, g->size, g->size);
        }
        g->cell[c] = (unsigned char)v;
    }
    return 0;
}

/* Skips the rest of a numbers block after an error in it. */
static void skip_block(sudoku_reader *r)
{
    text_line t;
    while (r->pos < r->len) {
        size_t next = peek_line(r, &t);
        if (t.kind == LINE_BLANK || t.kind == LINE_ONE) return;
        advance(r, next);
    }
}

static int read_numbers(sudoku_reader *r, int first_line, sudoku_grid *g, pb_error *err)
{
    int at_line[SUDOKU_MAX_CELLS];
    unsigned char v[SUDOKU_MAX_CELLS];
    int count = 0;
    text_line t;
    while (r->pos < r->len) {
        size_t next = peek_line(r, &t);
        if (t.kind == LINE_BLANK || t.kind == LINE_ONE) break;
        advance(r, next);
        if (t.kind == LINE_COMMENT) continue;
        if (t.kind == LINE_LONG) {
            int at = r->line;
            skip_block(r);
            return pb_fail(err, at, "line longer than %d characters", SUDOKU_MAX_LINE);
        }
        const char *p = t.s, *e = t.s + t.len;
        while (p < e) {
            const char *tok = p;
            while (p < e && !pb_is_blank(*p)) p++;
            int tl = (int)(p - tok), num = 0;
            for (int i = 0; i < tl; i++) {
                if (tok[i] < '0' || tok[i] > '9' || tl > 2) {
                    int at = r->line, b = pb_bad_byte(tok, (size_t)tl);
                    skip_block(r);
                    if (b >= 0)
                        return pb_fail(err, at,
                                       "column %d: byte 0x%02x is not a cell (expected a number, 0 "
                                       "for empty)",
                                       (int)(tok - t.s) + 1, b);
                    return pb_fail(err, at, "'%.*s' is not a cell (expected a number, 0 for empty)",
                                   tl > 20 ? 20 : tl, tok);
                }
                num = num * 10 + (tok[i] - '0');
            }
            if (count == SUDOKU_MAX_CELLS) {
                skip_block(r);
                return pb_fail(err, first_line,
                               "more than %d numbers in the puzzle starting here (expected %s)",
                               SUDOKU_MAX_CELLS, sizes_text);
            }
            at_line[count] = r->line;
            v[count++] = (unsigned char)num;
            while (p < e && pb_is_blank(*p)) p++;
        }
    }
    int box = sudoku_box_for_cells(count);
    if (!box)
        return pb_fail(err, first_line, "expected %s numbers in the puzzle starting here, got %d",
                       sizes_text, count);
    sudoku_grid_init(g, box);
    for (int c = 0; c < count; c++) {
        if (v[c] > g->size)
            return pb_fail(err, at_line[c], "%d is outside 0-%d for a %dx%d board", v[c], g->size,
                           g->size, g->size);
        g->cell[c] = v[c];
    }
    return 0;
}

int sudoku_read(sudoku_reader *r, sudoku_grid *g, sudoku_format *fmt, int *line, pb_error *err)
{
    text_line t;
    while (r->pos < r->len) {
        size_t next = peek_line(r, &t);
        if (t.kind == LINE_BLANK || t.kind == LINE_COMMENT) {
            advance(r, next);
            continue;
        }
        *line = r->line + 1;
        if (t.kind == LINE_LONG) {
            advance(r, next);
            return pb_fail(err, *line, "line longer than %d characters", SUDOKU_MAX_LINE);
        }
        int bad;
        if (t.kind == LINE_ONE) {
            advance(r, next);
            *fmt = SUDOKU_LINE;
            bad = read_one_line(&t, *line, g, err);
        } else {
            *fmt = SUDOKU_NUMBERS;
            bad = read_numbers(r, *line, g, err);
        }
        if (bad) return -1;
        char what[80];
        if (has_conflict(g) && first_conflict(g, what, sizeof what) >= 0)
            return pb_fail(err, *line, "the givens break the rules: %s", what);
        return 1;
    }
    return 0;
}
