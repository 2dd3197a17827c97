/* board.c — notouch boards from names and mask text, and their constraint model. */
#include "board.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/text_bytes.h"

static int finish_board(notouch_board *b, int line, pb_error *err)
{
    b->ncells = 0;
    for (int i = 0; i < b->rows * b->cols; i++) b->ncells += b->cell[i];
    if (b->ncells == 0) return pb_fail(err, line, "expected at least one cell ('#'), found none");
    if (b->ncells > NOTOUCH_MAX_CELLS)
        return pb_fail(err, line, "board too large: %d cells, at most %d", b->ncells,
                       NOTOUCH_MAX_CELLS);
    return 0;
}

int notouch_board_parse(const char *text, size_t len, notouch_board *b, pb_error *err)
{
    unsigned char rows[NOTOUCH_MAX_SIDE][NOTOUCH_MAX_SIDE];
    int widths[NOTOUCH_MAX_SIDE];
    int nrows = 0, line = 0, blank_after = 0;
    size_t i = 0;
    memset(b, 0, sizeof *b);
    while (i < len) {
        size_t end = i;
        while (end < len && text[end] != '\n') end++;
        line++;
        size_t stop = end;
        while (stop > i &&
               (text[stop - 1] == '\r' || text[stop - 1] == ' ' || text[stop - 1] == '\t'))
            stop--;
        if (stop == i) {
            if (nrows) blank_after = line;
        } else {
            if (blank_after)
                return pb_fail(err, blank_after, "expected a row of '#' and '.', got a blank line");
            if (nrows == NOTOUCH_MAX_SIDE)
                return pb_fail(err, line, "board too large: more than %d rows", NOTOUCH_MAX_SIDE);
            if (stop - i > NOTOUCH_MAX_SIDE)
                return pb_fail(err, line, "board too large: row longer than %d", NOTOUCH_MAX_SIDE);
            for (size_t k = i; k < stop; k++) {
                char ch = text[k];
                if (ch != '#' && ch != '.') {
                    if ((unsigned char)ch >= 32 && (unsigned char)ch < 127)
                        return pb_fail(err, line, "expected '#' (cell) or '.' (hole), got '%c'",
                                       ch);
                    return pb_fail(err, line, "expected '#' (cell) or '.' (hole), got byte 0x%02x",
                                   (unsigned char)ch);
                }
                rows[nrows][k - i] = ch == '#';
            }
            widths[nrows++] = (int)(stop - i);
        }
        i = end + 1;
    }
    if (!nrows)
        return pb_fail(err, line ? line : 1, "expected rows of '#' and '.', got an empty board");
    b->rows = nrows;
    for (int r = 0; r < nrows; r++)
        if (widths[r] > b->cols) b->cols = widths[r];
    for (int r = 0; r < nrows; r++)
        for (int c = 0; c < b->cols; c++) b->cell[r * b->cols + c] = c < widths[r] && rows[r][c];
    return finish_board(b, line, err);
}

/* One side of RxC: an optional '-', then digits, held at BOARD_SIDE_CAP at most
 * (sscanf's %d would wrap 4294967298 to 2 and take a board never asked for); NULL
 * when there are no digits. */
#define BOARD_SIDE_CAP 1000000000LL
static const char *board_side(const char *s, long long *v)
{
    const int neg = *s == '-';
    s += neg;
    if (*s < '0' || *s > '9') return NULL;
    long long x = 0;
    for (; *s >= '0' && *s <= '9'; s++)
        if (x < BOARD_SIDE_CAP) x = x * 10 + (*s - '0');
    if (x > BOARD_SIDE_CAP) x = BOARD_SIDE_CAP;
    *v = neg ? -x : x;
    return s;
}

int notouch_board_named(const char *name, notouch_board *b, pb_error *err)
{
    memset(b, 0, sizeof *b);
    if (!strcmp(name, "cross8")) {
        static const char mask[] = ".##.\n####\n.##.\n";
        return notouch_board_parse(mask, sizeof mask - 1, b, err);
    }
    long long r, c;
    const char *p = board_side(name, &r);
    if (p && *p == 'x' && (p = board_side(p + 1, &c)) && *p == '\0') {
        if (r < 1 || c < 1)
            return pb_fail(err, 0, "board %s: expected RxC with R and C at least 1", name);
        if (r > NOTOUCH_MAX_SIDE || c > NOTOUCH_MAX_SIDE)
            return pb_fail(err, 0, "board too large: %s has over %d cells, at most %d", name,
                           NOTOUCH_MAX_SIDE, NOTOUCH_MAX_CELLS);
        if (r * c > NOTOUCH_MAX_CELLS)
            return pb_fail(err, 0, "board too large: %s has %lld cells, at most %d", name, r * c,
                           NOTOUCH_MAX_CELLS);
        b->rows = r, b->cols = c;
        memset(b->cell, 1, (size_t)(r * c));
        return finish_board(b, 0, err);
    }
    pb_fail(err, 0, "unknown board '%s': expected cross8 or RxC (e.g. 2x5)", name);
    return NOTOUCH_UNKNOWN_BOARD;
}

pb_model *notouch_model(const notouch_board *b, int diff, notouch_adj adj)
{
    int index[NOTOUCH_MAX_SIDE * NOTOUCH_MAX_SIDE], rr[NOTOUCH_MAX_CELLS], cc[NOTOUCH_MAX_CELLS];
    int n = 0;
    for (int r = 0; r < b->rows; r++)
        for (int c = 0; c < b->cols; c++) {
            index[r * b->cols + c] = b->cell[r * b->cols + c] ? n : -1;
            if (b->cell[r * b->cols + c]) rr[n] = r, cc[n] = c, n++;
        }
    pb_model *m = pb_model_new(n, n);
    if (!m) return NULL;
    int all[NOTOUCH_MAX_CELLS];
    for (int i = 0; i < n; i++) all[i] = i;
    int ok = pb_model_add_group(m, all, n) == 0;
    m->min_diff = diff;
    /* Each pair once: look only forward (right, and the row below). */
    static const int king[4][2] = {{0, 1}, {1, -1}, {1, 0}, {1, 1}};
    static const int orth[2][2] = {{0, 1}, {1, 0}};
    const int(*dirs)[2] = adj == NOTOUCH_KING ? king : orth;
    int ndirs = adj == NOTOUCH_KING ? 4 : 2;
    for (int i = 0; ok && i < n; i++)
        for (int k = 0; k < ndirs; k++) {
            int r = rr[i] + dirs[k][0], c = cc[i] + dirs[k][1];
            if (r < b->rows && c >= 0 && c < b->cols && index[r * b->cols + c] >= 0)
                ok = pb_model_add_pair(m, i, index[r * b->cols + c]) == 0;
        }
    ok = ok && pb_model_set_layout(m, b->rows, b->cols, rr, cc) == 0 && pb_model_finish(m) == 0;
    if (!ok) {
        pb_model_free(m);
        return NULL;
    }
    return m;
}
