/* csvtable.h — reading a whole CSV file (RFC 4180: quoted fields with "" inside,
 * CRLF or LF line ends, blank lines skipped) into its header and rows of text
 * fields, each row with the line it starts on, for messages such as
 * "FILE:LINE: expected ...". */
#ifndef PB_CSVTABLE_H
#define PB_CSVTABLE_H

#include <stddef.h>

typedef struct pb_table {
    char *text;  /* the file's bytes, the fields cut out of it in place (owned) */
    int ncols;   /* the header's fields; every row has as many */
    long nrows;  /* rows after the header */
    char **cell; /* (nrows + 1) x ncols: the header, then each row */
    long *line;  /* the line each of those starts on (1-based) */
} pb_table;

/* Reads path ("-": standard input) into t. 0, or -1 with "PATH: reason" or
 * "PATH:LINE: expected ..." in err (t then holds nothing to free). */
int pb_table_read(const char *path, pb_table *t, char *err, size_t errlen);

/* As pb_table_read, from text[0..len) (malloc'd and NUL-terminated; t takes it over,
 * also on failure); name is the file's name in messages. */
int pb_table_parse(char *text, size_t len, const char *name, pb_table *t, char *err, size_t errlen);

/* The index of the column called name, or -1. */
int pb_table_column(const pb_table *t, const char *name);

/* Row r's field in column c (0 <= r < nrows, 0 <= c < ncols), and the line row r
 * starts on. */
static inline const char *pb_table_cell(const pb_table *t, long r, int c)
{
    return t->cell[(r + 1) * t->ncols + c];
}
static inline long pb_table_line(const pb_table *t, long r)
{
    return t->line[r + 1];
}

void pb_table_free(pb_table *t);

#endif
