/* csv_append.c — the key columns of a timed row, and the row and its samples added to
 * the files that hold the rows before it (read whole, checked, written anew). */
#include "csv_append.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "core/text_bytes.h"
#include "harness/io/csv.h"
#include "harness/io/csvtable.h"
#include "harness/io/readfile.h"
#include "outfile.h"
#include "harness/base/sizes.h"

/* 1 when name is wall_s or one of the timing columns. */
static int reserved(const char *name)
{
    const char *h = pb_csv_timing_header; /* ",run_id,row,...,time_limit_s" */
    size_t n = strlen(name);
    if (!strcmp(name, "wall_s")) return 1;
    for (const char *c = strchr(h, ','); c; c = strchr(c + 1, ','))
        if (!strncmp(c + 1, name, n) && (c[1 + n] == ',' || c[1 + n] == '\0')) return 1;
    return 0;
}

/* 0 when name can be a column name not yet in k, else -1 with err. */
static int check_name(const pb_csv_keys *k, const char *name, char *err, size_t errlen)
{
    int ok = isalpha((unsigned char)name[0]) || name[0] == '_';
    for (const char *c = name; ok && *c; c++) ok = isalnum((unsigned char)*c) || *c == '_';
    if (!ok)
        return snprintf(err, errlen, "key name '%s': a letter or '_', then letters, digits or '_'",
                        name),
               -1;
    if (reserved(name)) return snprintf(err, errlen, "key name '%s' is a timing column", name), -1;
    for (int i = 0; i < k->n; i++)
        if (!strcmp(k->name[i], name))
            return snprintf(err, errlen, "key name '%s' is given twice", name), -1;
    return 0;
}

int pb_csv_keys_parse(char *text, pb_csv_keys *k, char *err, size_t errlen)
{
    k->n = 0;
    if (strpbrk(text, "\"\n\r"))
        return snprintf(err, errlen, "keys may not hold '\"' or a line break"), -1;
    for (char *item = text, *next; item; item = next) {
        next = strchr(item, ',');
        if (next) *next++ = '\0';
        char *eq = strchr(item, '=');
        if (!eq) return snprintf(err, errlen, "expected NAME=VALUE, got '%s'", item), -1;
        *eq = '\0';
        if (check_name(k, item, err, errlen)) return -1;
        if (k->n == PB_CSV_MAX_KEYS)
            return snprintf(err, errlen, "more than %d keys", PB_CSV_MAX_KEYS), -1;
        k->name[k->n] = item;
        k->value[k->n++] = eq + 1;
    }
    return 0;
}

/* path's text, malloc'd: "" when the file does not exist; NULL with err on failure. */
static char *read_or_empty(const char *path, size_t *len, char *err, size_t errlen)
{
    struct stat st;
    if (lstat(path, &st) && errno == ENOENT) {
        *len = 0;
        return calloc(1, 1);
    }
    if (pb_out_not_link(path, err, errlen)) return NULL; /* it is rewritten: never through a link */
    return pb_read_file(path, len, err, errlen);
}

/* The columns where the header line (length n) and want differ: the lengths of
 * their parts before the longest common tail of whole columns. */
static void differing_heads(const char *line, size_t n, const char *want, size_t *a, size_t *b)
{
    size_t m = strlen(want), tail = 0;
    while (tail < n && tail < m && line[n - 1 - tail] == want[m - 1 - tail]) tail++;
    while (tail && line[n - tail] != ',') tail--; /* the tail starts at a comma */
    *a = n - tail, *b = m - tail;
}

/* Refuses the header line (length first) for want: "PATH:1: ..." in err, the file's
 * columns shown with their bad bytes as \xNN (a CR of a CRLF file, say). -1. */
static int bad_header(const char *path, const char *text, size_t first, const char *header,
                      char *err, size_t errlen)
{
    size_t a, b;
    char got[600], shown[2400];
    differing_heads(text, first, header, &a, &b);
    snprintf(got, sizeof got, "%.*s", (int)(a < 500 ? a : 500), text);
    pb_text_show(shown, sizeof shown, got);
    return snprintf(err, errlen, "%s:1: its columns %s '%s', this row's '%.*s'", path,
                    a < first ? "start" : "are", shown, (int)b, header),
           -1;
}

/* 0 when text is empty, or starts with the line header, ends with a complete line and
 * holds rows of the header's width alone, with the rows it holds in *rows (as its table
 * reader counts them: a quoted field may span lines); else -1 with err. */
static int check_text(const char *path, const char *text, size_t len, const char *header,
                      long *rows, char *err, size_t errlen)
{
    size_t first = strcspn(text, "\n");
    *rows = 0;
    if (!len) return 0;
    if (first != strlen(header) || strncmp(text, header, first))
        return bad_header(path, text, first, header, err, errlen);
    const char *nul = memchr(text, '\0', len);
    if (nul || text[len - 1] != '\n') {
        long line = 1;
        for (const char *c = text, *end = nul ? nul : text + len; c < end; c++) line += *c == '\n';
        return snprintf(err, errlen, "%s:%ld: %s", path, line,
                        nul ? "expected text, got a NUL byte"
                            : "expected a complete last line (ending in a newline)"),
               -1;
    }
    /* Every line a row as wide as the header: one that is not (a stray line, a row cut
     * short) would be counted as a row, and the new row given the wrong index. */
    char *copy = malloc(len + 1);
    if (!copy) return snprintf(err, errlen, "%s: out of memory", path), -1;
    memcpy(copy, text, len + 1);
    pb_table t;
    if (pb_table_parse(copy, len, path, &t, err, errlen)) return -1;
    *rows = t.nrows;
    pb_table_free(&t);
    return 0;
}

typedef struct append_ctx {
    const char *old;    /* the file's text, "" when new */
    const char *header; /* written first when old is "" */
    const pb_csv_keys *k;
    const char *run_id;
    const pb_timing *t;
    long row;
} append_ctx;

static int fill_csv(FILE *f, void *p)
{
    const append_ctx *a = p;
    fputs(*a->old ? a->old : a->header, f);
    if (!*a->old) fputc('\n', f);
    for (int i = 0; i < a->k->n; i++) pb_csv_field(f, a->k->value[i]), fputc(',', f);
    fprintf(f, "%.9g", a->t->sum.median);
    pb_csv_timing_write(f, a->run_id, a->row, a->t);
    fputc('\n', f);
    return ferror(f) ? -1 : 0;
}

/* The old samples but those of this run_id and row, then this row's. */
static int fill_samples(FILE *f, void *p)
{
    const append_ctx *a = p;
    char mine[160];
    size_t n = (size_t)snprintf(mine, sizeof mine, "%s,%ld,", a->run_id, a->row);
    fprintf(f, "%s\n", a->header);
    const char *line = *a->old ? strchr(a->old, '\n') + 1 : "";
    for (const char *next; *line; line = next) {
        next = strchr(line, '\n') + 1; /* check_text: every line is complete */
        if (strncmp(line, mine, n)) fwrite(line, 1, (size_t)(next - line), f);
    }
    for (int s = 0; s < a->t->samples; s++) pb_csv_sample_write(f, a->run_id, a->row, s, a->t);
    return ferror(f) ? -1 : 0;
}

/* The CSV's header: the key names, wall_s, the timing columns. */
static void csv_header(const pb_csv_keys *k, char *out, size_t len)
{
    size_t at = 0;
    for (int i = 0; i < k->n && at < len; i++)
        at += (size_t)snprintf(out + at, len - at, "%s,", k->name[i]);
    if (at < len) snprintf(out + at, len - at, "wall_s%s", pb_csv_timing_header);
}

/* Reads path and checks it against header; its text (its rows in *rows), or NULL with
 * err. */
static char *read_checked(const char *path, const char *header, long *rows, char *err,
                          size_t errlen)
{
    size_t len = 0;
    char *text = read_or_empty(path, &len, err, errlen);
    if (text && check_text(path, text, len, header, rows, err, errlen)) free(text), text = NULL;
    return text;
}

int pb_csv_append_check(const char *path, const pb_csv_keys *k, char *err, size_t errlen)
{
    char header[PB_CSV_HEADER_MAX], samples[PB_PATH_EXT_MAX];
    csv_header(k, header, sizeof header);
    pb_csv_samples_path(path, samples, sizeof samples);
    long rows;
    char *text = read_checked(path, header, &rows, err, errlen);
    /* Both files are written after the row is measured: a name they cannot take (a
     * folder there, a folder that cannot be written into), or samples of earlier rows
     * that cannot be kept, are refused now, not after the measuring. */
    char *old =
        text && *text ? read_checked(samples, pb_csv_samples_header, &rows, err, errlen) : NULL;
    int rc = !text || (*text && !old) || pb_out_check(path, err, errlen) ||
                     pb_out_check(samples, err, errlen)
                 ? -1
                 : 0;
    free(text);
    free(old);
    return rc;
}

int pb_csv_append_timed(const char *path, const pb_csv_keys *k, const char *run_id,
                        const pb_timing *t, long *row, char *err, size_t errlen)
{
    char header[PB_CSV_HEADER_MAX], samples[PB_PATH_EXT_MAX];
    csv_header(k, header, sizeof header);
    pb_csv_samples_path(path, samples, sizeof samples);
    long rows, sample_rows;
    char *csv = read_checked(path, header, &rows, err, errlen), *old_samples = NULL;
    /* A new CSV starts its samples file anew too: older lines there belong to no row. */
    if (csv)
        old_samples = *csv ? read_checked(samples, pb_csv_samples_header, &sample_rows, err, errlen)
                           : calloc(1, 1);
    int rc = -1;
    if (csv && old_samples) {
        *row = rows;
        append_ctx s = {old_samples, pb_csv_samples_header, k, run_id, t, *row};
        append_ctx c = {csv, header, k, run_id, t, *row};
        /* The samples first: a row on disk always has the samples it was computed from. */
        rc = pb_write_file_atomic(samples, fill_samples, &s, err, errlen) ||
                     pb_write_file_atomic(path, fill_csv, &c, err, errlen)
                 ? -1
                 : 0;
    }
    free(csv);
    free(old_samples);
    return rc;
}
