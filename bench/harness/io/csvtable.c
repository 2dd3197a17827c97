/* csvtable.c — a CSV reader that cuts the fields out of the file's own buffer:
 * quoted fields are unquoted in place (the text only shrinks), so a table costs one
 * pointer per field besides the file. */
#include "csvtable.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/text_bytes.h"
#include "readfile.h"

typedef struct parser {
    char *p, *end;
    long line; /* the line p is on */
    const char *name;
    char *err;
    size_t errlen;
} parser;

static int fail(parser *ps, long line, const char *what)
{
    snprintf(ps->err, ps->errlen, "%s:%ld: expected %s", ps->name, line, what);
    return -1;
}

/* Copies a quoted field's contents (p at the opening quote) down to w; leaves p after
 * the closing quote. 0, or -1 when the quote is not closed. */
static int unquote(parser *ps, char **w)
{
    const long start = ps->line;
    for (ps->p++;; ps->p++) {
        if (ps->p == ps->end) return fail(ps, start, "a closing quote");
        if (*ps->p == '"' && ps->p[1] != '"') break;
        if (*ps->p == '"') ps->p++; /* "" stands for one quote */
        if (*ps->p == '\n') ps->line++;
        *(*w)++ = *ps->p;
    }
    ps->p++;
    return 0;
}

/* Cuts the field at ps->p. Returns what ended it: ',', '\n' or 0 (end of text),
 * or -1 after a message. */
static int cut_field(parser *ps, char **field)
{
    char *w = ps->p;
    *field = w;
    if (*ps->p == '"') {
        if (unquote(ps, &w)) return -1;
        int crlf = *ps->p == '\r' && ps->p[1] == '\n';
        if (ps->p < ps->end && *ps->p != ',' && *ps->p != '\n' && !crlf)
            return fail(ps, ps->line, "a comma or a line end after a closing quote");
    }
    while (ps->p < ps->end && *ps->p != ',' && *ps->p != '\n') *w++ = *ps->p++;
    if (w > *field && w[-1] == '\r' && ps->p < ps->end && *ps->p == '\n') w--; /* CRLF */
    int end = ps->p < ps->end ? *ps->p : 0;
    *w = '\0'; /* w <= p, and the terminator is read */
    if (end) ps->p++;
    return end;
}

static int push_cell(pb_table *t, long *n, long *cap, char *field)
{
    if (*n == *cap) {
        long ncap = *cap ? 2 * *cap : 256;
        char **nc = realloc(t->cell, (size_t)ncap * sizeof *nc);
        if (!nc) return -1;
        t->cell = nc, *cap = ncap;
    }
    t->cell[(*n)++] = field;
    return 0;
}

static int push_line(pb_table *t, long records, long *cap, long line)
{
    if (records == *cap) {
        long ncap = *cap ? 2 * *cap : 64;
        long *nl = realloc(t->line, (size_t)ncap * sizeof *nl);
        if (!nl) return -1;
        t->line = nl, *cap = ncap;
    }
    t->line[records] = line;
    return 0;
}

/* Skips blank lines; 1 when the text is used up. */
static int skip_blank(parser *ps)
{
    for (;;) {
        if (ps->p < ps->end && *ps->p == '\r' && ps->p[1] == '\n') ps->p++;
        if (ps->p >= ps->end || *ps->p != '\n') return ps->p >= ps->end;
        ps->p++, ps->line++;
    }
}

/* Cuts one record's fields onto t->cell (n of them so far, room for cap);
 * *nfields gets how many. 0, or -1 after a message. */
static int cut_record(parser *ps, pb_table *t, long *n, long *cap, int *nfields)
{
    for (*nfields = 0;;) {
        char *field;
        int end = cut_field(ps, &field);
        if (end < 0) return -1;
        if (push_cell(t, n, cap, field))
            return snprintf(ps->err, ps->errlen, "%s: out of memory", ps->name), -1;
        ++*nfields;
        if (end == ',') continue;
        if (end == '\n') ps->line++;
        return 0;
    }
}

/* The header's names must be there and distinct, for lookups by name. */
static int check_header(parser *ps, const pb_table *t)
{
    for (int c = 0; c < t->ncols; c++) {
        if (!t->cell[c][0]) return fail(ps, t->line[0], "a name for every column");
        for (int d = 0; d < c; d++)
            if (!strcmp(t->cell[c], t->cell[d])) {
                char what[200], shown[104];
                snprintf(what, sizeof what, "distinct column names, got '%s' twice",
                         pb_text_show(shown, sizeof shown, t->cell[c]));
                return fail(ps, t->line[0], what);
            }
    }
    return 0;
}

static int cut_records(parser *ps, pb_table *t)
{
    long n = 0, cap = 0, lcap = 0;
    for (long records = 0; !skip_blank(ps); records++) {
        int nfields;
        if (push_line(t, records, &lcap, ps->line))
            return snprintf(ps->err, ps->errlen, "%s: out of memory", ps->name), -1;
        if (cut_record(ps, t, &n, &cap, &nfields)) return -1;
        if (!records) t->ncols = nfields;
        if (!records && check_header(ps, t)) return -1;
        if (nfields != t->ncols) {
            char what[120];
            snprintf(what, sizeof what, "%d fields, as in the header, got %d", t->ncols, nfields);
            return fail(ps, t->line[records], what);
        }
        t->nrows = records;
    }
    return t->ncols ? 0 : fail(ps, ps->line, "a header line");
}

int pb_table_parse(char *text, size_t len, const char *name, pb_table *t, char *err, size_t errlen)
{
    *t = (pb_table){text, 0, 0, NULL, NULL};
    parser ps = {text, text + len, 1, name, err, errlen};
    const char *nul = memchr(text, '\0', len);
    if (nul) {
        for (const char *c = text; c < nul; c++) ps.line += *c == '\n';
        fail(&ps, ps.line, "text, got a NUL byte");
    } else if (!cut_records(&ps, t)) {
        return 0;
    }
    pb_table_free(t);
    return -1;
}

int pb_table_read(const char *path, pb_table *t, char *err, size_t errlen)
{
    size_t len;
    char *text = pb_read_file(path, &len, err, errlen);
    *t = (pb_table){0};
    return text ? pb_table_parse(text, len, path, t, err, errlen) : -1;
}

int pb_table_column(const pb_table *t, const char *name)
{
    for (int c = 0; c < t->ncols; c++)
        if (!strcmp(t->cell[c], name)) return c;
    return -1;
}

void pb_table_free(pb_table *t)
{
    free(t->text);
    free(t->cell);
    free(t->line);
    *t = (pb_table){0};
}
