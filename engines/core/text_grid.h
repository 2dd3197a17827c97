/* text_grid.h — writing text into a caller's buffer, cut as snprintf cuts: one
 * character and the closing NUL (the families' writers), and an n x n grid of
 * numbers, one row a line, cells apart by a blank and right-aligned in two columns
 * from n = 10 (sudoku's and latin's writers; a 0 is written as the caller's `empty`). */
#ifndef PB_TEXT_GRID_H
#define PB_TEXT_GRID_H

#include <stddef.h>

/* Puts ch at buf[*at] when it fits with room for the NUL, and counts it in *at either
 * way, so that *at ends as the length the whole text needs. */
static inline void pb_text_put(char *buf, size_t buflen, size_t *at, char ch)
{
    if (*at + 1 < buflen) buf[*at] = ch;
    (*at)++;
}

/* Ends the text written so far with its NUL (cut as snprintf cuts) and returns the
 * length the whole text needs. */
static inline size_t pb_text_end(char *buf, size_t buflen, size_t at)
{
    if (buflen) buf[at < buflen ? at : buflen - 1] = '\0';
    return at;
}

/* Appends the grid to buf[*at ..] (cut to buflen, as snprintf cuts: *at still counts
 * every character). */
static inline void pb_grid_text(const unsigned char *cell, int n, char empty, char *buf,
                                size_t buflen, size_t *at)
{
    const int wide = n >= 10;
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++) {
            const int v = cell[r * n + c];
            char out[4];
            int k = 0;
            if (c) out[k++] = ' ';
            if (wide) out[k++] = v >= 10 ? (char)('0' + v / 10) : ' ';
            out[k++] = v ? (char)('0' + v % 10) : empty;
            if (c == n - 1) out[k++] = '\n';
            for (int i = 0; i < k; i++) pb_text_put(buf, buflen, at, out[i]);
        }
}

#endif
