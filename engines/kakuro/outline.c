/* outline.c — kakuro outlines in seed 001's text format: a `rows cols` line, then
 * rows lines of two-letter tokens (nn white, xx black, cx/xr/cr black with a down,
 * right or both clues to come). Reading checks that the clue tokens agree with the
 * white cells; writing derives them from the white cells. */
#include "kakuro.h"
#include "text.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/text_grid.h"

/* A number 1..KAKURO_MAX_DIM, or -1. */
static int size_value(const char *s, int len)
{
    if (len < 1 || len > 4) return -1;
    int v = 0;
    for (int i = 0; i < len; i++) {
        if (s[i] < '0' || s[i] > '9') return -1;
        v = v * 10 + (s[i] - '0');
    }
    return v >= 1 && v <= KAKURO_MAX_DIM ? v : -1;
}

static int read_size(const kakuro_text_line *t, int line, int *rows, int *cols, pb_error *err)
{
    static const char *const what[2] = {"rows", "columns"};
    const char *p = t->s, *e = t->s + t->len;
    int v[2];
    char q[24];
    if (t->kind == KAKURO_LINE_LONG)
        return pb_fail(err, line, "column 1: line longer than %d characters", KAKURO_MAX_LINE);
    for (int k = 0; k < 3; k++) {
        int len;
        if (p >= e) {
            if (k == 2) break;
            return pb_fail(err, line, "column %d: expected the number of %s after the rows", k + 1,
                           what[k]);
        }
        const char *tok = kakuro_next_token(&p, e, &len);
        if (kakuro_bad_byte(tok, len, k + 1, line, "the size line `rows cols`", err)) return -1;
        kakuro_quote(tok, len, q, sizeof q);
        if (k == 2)
            return pb_fail(err, line, "column 3: unexpected '%s' after the size `rows cols`", q);
        v[k] = size_value(tok, len);
        if (v[k] < 0)
            return pb_fail(err, line,
                           "column %d: expected the size line `rows cols` (numbers 1-%d), got '%s'",
                           k + 1, KAKURO_MAX_DIM, q);
    }
    *rows = v[0];
    *cols = v[1];
    return 0;
}

/* While an outline is read, its clue tokens are marked in g->down and g->right (1:
 * a `cx`, `xr` or `cr` token says a clue comes there); they are cleared once checked. */
static int read_outline_token(const char *tok, int len, int col, int line, kakuro_grid *g, int i,
                              pb_error *err)
{
    static const char names[5][3] = {"nn", "xx", "cx", "xr", "cr"};
    for (int k = 0; k < 5; k++)
        if (len == 2 && tok[0] == names[k][0] && tok[1] == names[k][1]) {
            g->white[i] = k == 0;
            g->down[i] = k == 2 || k == 4;
            g->right[i] = k == 3 || k == 4;
            return 0;
        }
    char q[24];
    if (kakuro_bad_byte(tok, len, col, line, "nn, xx, cx, xr or cr", err)) return -1;
    kakuro_quote(tok, len, q, sizeof q);
    return pb_fail(err, line, "column %d: unknown token '%s' (expected nn, xx, cx, xr or cr)", col,
                   q);
}

/* Whether the outline's next line, past any comments, is one more row (and not the
 * next outline's size line, or a blank line). */
static int row_follows(const kakuro_reader *r)
{
    kakuro_text_line t;
    size_t pos = r->pos;
    while (pos < r->len) {
        size_t next = kakuro_peek_line(r, pos, &t);
        if (t.kind == KAKURO_LINE_BLANK) return 0;
        if (t.kind == KAKURO_LINE_LONG) return 1;
        if (t.kind == KAKURO_LINE_TEXT) return !(*t.s >= '0' && *t.s <= '9');
        pos = next;
    }
    return 0;
}

static int whites_from(const kakuro_grid *g, int i, int step, int left)
{
    int n = 0;
    while (n < left && g->white[i + n * step]) n++;
    return n;
}

static int check_clue_token(int len, const char *dir, int col, int line, pb_error *err)
{
    if (len < KAKURO_MIN_RUN)
        return pb_fail(err, line, "column %d: %s clue token but no run of 2 or more white cells %s",
                       col, dir, dir[0] == 'r' ? "to its right" : "below it");
    if (len > KAKURO_MAX_RUN)
        return pb_fail(err, line,
                       "column %d: %s clue token for a run of %d cells (a run has 2 to 9 cells)",
                       col, dir, len);
    return 0;
}

/* The clue tokens against the white cells, in reading order. */
static int check_outline(const kakuro_grid *g, const int *row_line, int first_line, pb_error *err)
{
    const int R = g->rows, C = g->cols;
    int whites = 0;
    for (int r = 0; r < R; r++)
        for (int c = 0; c < C; c++) {
            const int i = r * C + c, line = row_line[r];
            if (!g->white[i]) {
                if (g->right[i] && check_clue_token(whites_from(g, i + 1, 1, C - c - 1), "right",
                                                    c + 1, line, err))
                    return -1;
                if (g->down[i] &&
                    check_clue_token(whites_from(g, i + C, C, R - r - 1), "down", c + 1, line, err))
                    return -1;
                continue;
            }
            whites++;
            if (c == 0 || !g->white[i - 1]) {
                int len = whites_from(g, i, 1, C - c);
                if (len >= KAKURO_MIN_RUN && (c == 0 || !g->right[i - 1]))
                    return pb_fail(err, line,
                                   "column %d: across run of %d white cells without a clue token "
                                   "before it",
                                   c + 1, len);
            }
            if (r == 0 || !g->white[i - C]) {
                int len = whites_from(g, i, C, R - r);
                if (len >= KAKURO_MIN_RUN && (r == 0 || !g->down[i - C]))
                    return pb_fail(err, line,
                                   "column %d: down run of %d white cells without a clue token "
                                   "above it",
                                   c + 1, len);
            }
        }
    if (!whites) return pb_fail(err, first_line, "column 1: no white cells in the outline");
    return 0;
}

static int read_outline_rows(kakuro_reader *r, kakuro_grid *g, int *row_line, int size_line,
                             pb_error *err)
{
    kakuro_text_line t;
    int rows = 0, got = 0;
    while (rows < g->rows && (got = kakuro_next_row(r, &t, err)) > 0) {
        const int line = r->line;
        const char *p = t.s, *e = t.s + t.len;
        const int n = kakuro_count_tokens(p, e);
        if (n != g->cols)
            return pb_fail(err, line, "column %d: row has %d tokens, expected %d",
                           (n < g->cols ? n : g->cols) + 1, n, g->cols);
        for (int c = 0; c < g->cols; c++) {
            int len;
            const char *tok = kakuro_next_token(&p, e, &len);
            if (read_outline_token(tok, len, c + 1, line, g, rows * g->cols + c, err)) return -1;
        }
        row_line[rows++] = line;
    }
    if (got < 0) return -1;
    if (rows < g->rows)
        return pb_fail(err, size_line, "column 1: expected %d rows after the size line, got %d",
                       g->rows, rows);
    if (row_follows(r)) {
        for (;;) { /* up to and over the extra row, past any comments before it */
            size_t next = kakuro_peek_line(r, r->pos, &t);
            kakuro_advance(r, next);
            if (t.kind != KAKURO_LINE_COMMENT) break;
        }
        return pb_fail(err, r->line, "column 1: more rows than the %d of the size line at line %d",
                       g->rows, size_line);
    }
    return 0;
}

int kakuro_read_outline(kakuro_reader *r, kakuro_grid *g, int *line, pb_error *err)
{
    kakuro_text_line t;
    size_t next = r->pos;
    while (r->pos < r->len) {
        next = kakuro_peek_line(r, r->pos, &t);
        if (t.kind != KAKURO_LINE_BLANK && t.kind != KAKURO_LINE_COMMENT) break;
        kakuro_advance(r, next);
    }
    if (r->pos >= r->len) return 0;
    kakuro_advance(r, next);
    *line = r->line;
    int rows = 0, cols = 0, rc = -1;
    if (read_size(&t, *line, &rows, &cols, err)) {
        kakuro_skip_block(r, 1);
        return -1;
    }
    int *row_line = malloc((size_t)rows * sizeof *row_line);
    if (!row_line || kakuro_grid_init(g, rows, cols))
        pb_fail(err, *line, "column 1: out of memory for an outline of %d x %d", rows, cols);
    else if (!read_outline_rows(r, g, row_line, *line, err) &&
             !check_outline(g, row_line, *line, err))
        rc = 1;
    free(row_line);
    if (rc < 0) {
        kakuro_skip_block(r, 1);
        return -1;
    }
    memset(g->down, 0, (size_t)rows * (size_t)cols);
    memset(g->right, 0, (size_t)rows * (size_t)cols);
    return 1;
}

size_t kakuro_format_outline(const kakuro_grid *g, char *buf, size_t buflen)
{
    size_t at = 0;
#define PUT(ch) pb_text_put(buf, buflen, &at, (ch))
    char size[32];
    int sl = snprintf(size, sizeof size, "%d %d\n", g->rows, g->cols);
    for (int k = 0; k < sl; k++) PUT(size[k]);
    const int R = g->rows, C = g->cols;
    for (int r = 0; r < R; r++)
        for (int c = 0; c < C; c++) {
            const int i = r * C + c;
            const char *tok = "nn";
            if (!g->white[i]) {
                const int down = r + 2 < R && g->white[i + C] && g->white[i + 2 * C];
                const int right = c + 2 < C && g->white[i + 1] && g->white[i + 2];
                tok = down && right ? "cr" : down ? "cx" : right ? "xr" : "xx";
            }
            if (c) PUT(' ');
            PUT(tok[0]);
            PUT(tok[1]);
            if (c == C - 1) PUT('\n');
        }
#undef PUT
    return pb_text_end(buf, buflen, at);
}
