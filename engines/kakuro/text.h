/* text.h — line handling shared by kakuro's two readers (grid.c, outline.c): looking
 * at a line without consuming it, skipping a bad puzzle, quoting a token safely.
 * Internal to engines/kakuro. */
#ifndef PB_KAKURO_TEXT_H
#define PB_KAKURO_TEXT_H

#include <string.h>

#include "../core/error.h"
#include "../core/text_bytes.h"
#include "../core/text_line.h"
#include "kakuro.h"

typedef enum kakuro_line_kind {
    KAKURO_LINE_BLANK,
    KAKURO_LINE_COMMENT,
    KAKURO_LINE_LONG,
    KAKURO_LINE_TEXT
} kakuro_line_kind;

typedef struct kakuro_text_line {
    const char *s; /* first non-blank character */
    size_t len;    /* up to the last non-blank character */
    kakuro_line_kind kind;
} kakuro_text_line;

/* Looks at the line at r->pos without consuming it; returns the offset after it. */
static inline size_t kakuro_peek_line(const kakuro_reader *r, size_t pos, kakuro_text_line *t)
{
    const char *s, *e;
    const size_t next = pb_line_cut(r->text, r->len, pos, &s, &e);
    if (e - s > KAKURO_MAX_LINE) {
        t->s = s, t->len = (size_t)(e - s), t->kind = KAKURO_LINE_LONG;
        return next;
    }
    pb_line_trim(&s, &e);
    t->s = s;
    t->len = (size_t)(e - s);
    t->kind = s == e ? KAKURO_LINE_BLANK : *s == ';' ? KAKURO_LINE_COMMENT : KAKURO_LINE_TEXT;
    return next;
}

static inline void kakuro_advance(kakuro_reader *r, size_t next)
{
    r->pos = next;
    r->line++;
}

/* Reads the next row of a puzzle into *t, past comments: 1; 0 at a blank line (not
 * consumed) or the end; -1 with the error for a line too long. */
static inline int kakuro_next_row(kakuro_reader *r, kakuro_text_line *t, pb_error *err)
{
    while (r->pos < r->len) {
        const size_t next = kakuro_peek_line(r, r->pos, t);
        if (t->kind == KAKURO_LINE_BLANK) return 0;
        kakuro_advance(r, next);
        if (t->kind == KAKURO_LINE_COMMENT) continue;
        if (t->kind == KAKURO_LINE_LONG)
            return pb_fail(err, r->line, "column 1: line longer than %d characters",
                           KAKURO_MAX_LINE);
        return 1;
    }
    return 0;
}

/* Skips the rest of a bad puzzle: up to (not over) the next blank line, or with
 * at_size also a line that starts with a digit (an outline's size line). */
static inline void kakuro_skip_block(kakuro_reader *r, int at_size)
{
    kakuro_text_line t;
    while (r->pos < r->len) {
        size_t next = kakuro_peek_line(r, r->pos, &t);
        if (t.kind == KAKURO_LINE_BLANK) return;
        if (at_size && t.kind == KAKURO_LINE_TEXT && *t.s >= '0' && *t.s <= '9') return;
        kakuro_advance(r, next);
    }
}

/* The next whitespace-separated token of [*p, e): its start and length; *p moves
 * past it and the spaces after it. */
static inline const char *kakuro_next_token(const char **p, const char *e, int *len)
{
    const char *tok = *p, *q = *p;
    while (q < e && !pb_is_blank(*q)) q++;
    *len = (int)(q - tok);
    while (q < e && pb_is_blank(*q)) q++;
    *p = q;
    return tok;
}

static inline int kakuro_count_tokens(const char *p, const char *e)
{
    int n = 0, len;
    while (p < e) {
        kakuro_next_token(&p, e, &len);
        n++;
    }
    return n;
}

/* A token as it may go into a one-line message: at most 16 characters, anything
 * unprintable (a stray byte, a control character) as '?'. */
/* A token holding a byte that is not printable ASCII: the error names the byte
 * (`byte 0xNN`) and what was expected; -1. 0 when every byte is printable. */
static inline int kakuro_bad_byte(const char *tok, int len, int col, int line, const char *expected,
                                  pb_error *err)
{
    const int b = pb_bad_byte(tok, len > 0 ? (size_t)len : 0);
    if (b >= 0)
        return pb_fail(err, line, "column %d: byte 0x%02x in a token (expected %s)", col, b,
                       expected);
    return 0;
}

static inline void kakuro_quote(const char *tok, int len, char *out, size_t outlen)
{
    size_t n = 0;
    for (int i = 0; i < len && i < 16 && n + 1 < outlen; i++)
        out[n++] = tok[i] >= 0x20 && tok[i] < 0x7f ? tok[i] : '?';
    for (int k = 0; len > 16 && k < 3 && n + 1 < outlen; k++) out[n++] = '.';
    if (outlen) out[n] = '\0';
}

#endif
