/* text_line.h — a line of a puzzle file's text, looked at without consuming it: the
 * readers of latin, sudoku and kakuro cut it at '\n' and trim its blanks the same way;
 * each then decides what the line is (their comments differ). */
#ifndef PB_TEXT_LINE_H
#define PB_TEXT_LINE_H

#include <stddef.h>
#include <string.h>

/* A blank within a line: space, tab, CR (a Windows line end), VT, FF. */
static inline int pb_is_blank(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

/* The line of text[0 .. len) that starts at pos: [*s, *e) without its '\n'. Returns
 * the offset of the next line. */
static inline size_t pb_line_cut(const char *text, size_t len, size_t pos, const char **s,
                                 const char **e)
{
    const char *end = text + len;
    *s = text + pos;
    const char *nl = memchr(*s, '\n', (size_t)(end - *s));
    *e = nl ? nl : end;
    return (size_t)(*e - text) + (nl != NULL);
}

/* Narrows [*s, *e) to its first and last non-blank characters. */
static inline void pb_line_trim(const char **s, const char **e)
{
    while (*s < *e && pb_is_blank(**s)) (*s)++;
    while (*e > *s && pb_is_blank((*e)[-1])) (*e)--;
}

#endif
