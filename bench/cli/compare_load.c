/* compare_load.c — a results file for `puzzlebench compare`: any puzzlebench CSV with
 * run_id and row columns, and the raw samples in NAME.samples.csv beside it, each
 * sample placed by its (run_id, row) and number. Every bad field is one message
 * naming the file and line. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare.h"
#include "core/text_bytes.h"
#include "family.h"
#include "harness/base/options.h"
#include "harness/base/text.h"

/* The columns that are results rather than keys: the contract's list. */
static const char *const measured[] = {
    "rep",
    "status",
    "solutions",
    "steps",
    "placements",
    "backtracks",
    "candidates",
    "guesses",
    "learnts",
    "restarts",
    "wall_s",
    "puzzles",
    "run_id",
    "row",
    "samples",
    "runs_per_sample",
    "min_s",
    "median_s",
    "mean_s",
    "stddev_s",
    "cv",
    "median_lo_s",
    "median_hi_s",
    "noisy",
    "per_s",
    "speedup_vs_qqwing",
    "ref_s",
    /* What a run used and why it stopped; time_limit_s, a setting, keys the row. */
    "cpu_s",
    "peak_rss_bytes",
    "stop",
    /* An engine marked 'length': the tables it held and the length it found (its
     * bound, max_length, keys the row), then its family's figures, below. */
    "bytes",
    "length",
    NULL,
};

int cmp_is_measured(const char *column)
{
    for (const char *const *m = measured; *m; m++)
        if (!strcmp(*m, column)) return 1;
    for (const pb_family *const *f = pb_families; *f; f++)
        for (const char *const *g = (*f)->figures; g && *g; g++)
            if (!strcmp(*g, column)) return 1;
    return 0;
}

/* A field's text as a whole number from lo to hi. 0, or -1. */
static int whole(const char *s, unsigned long long lo, unsigned long long hi,
                 unsigned long long *out)
{
    char *end;
    if (!(*s >= '0' && *s <= '9')) return -1;
    errno = 0;
    *out = strtoull(s, &end, 10);
    return *end || errno || *out < lo || *out > hi ? -1 : 0;
}

/* Sets "FILE:LINE: expected WHAT in column COL, got 'TEXT'" and returns -1. */
static int bad_field(char *err, size_t errlen, const char *file, long line, const char *what,
                     const char *col, const char *text)
{
    char shown[64];
    snprintf(err, errlen, "%s:%ld: expected %s in column %s, got '%s'", file, line, what, col,
             pb_text_show(shown, sizeof shown, text));
    return -1;
}

static int need_column(const pb_table *t, const char *file, const char *name, int *col, char *err,
                       size_t errlen)
{
    if ((*col = pb_table_column(t, name)) >= 0) return 0;
    snprintf(err, errlen, "%s:1: expected a column %s", file, name);
    return -1;
}

/* Fills row r of f from its fields. 0, or -1 with a message. */
static int read_row(cmp_file *f, long r, char *err, size_t errlen)
{
    cmp_row *row = &f->rows[r];
    const pb_table *t = &f->table;
    unsigned long long v;
    row->cells = &t->cell[(r + 1) * t->ncols];
    row->line = pb_table_line(t, r);
    row->want = -1;
    const char *name = t->cell[f->col_row], *text = row->cells[f->col_row];
    if (whole(text, 0, 1ull << 62, &v))
        return bad_field(err, errlen, f->path, row->line, "a whole number", name, text);
    row->done = f->col_status < 0 || !strcmp(row->cells[f->col_status], "done");
    row->stopped = f->col_status >= 0 && !strcmp(row->cells[f->col_status], "limit");
    row->run_id = row->cells[f->col_run_id];
    if (f->col_steps >= 0 && *(text = row->cells[f->col_steps])) {
        if (whole(text, 0, ~0ull, &row->steps))
            return bad_field(err, errlen, f->path, row->line, "a whole number", "steps", text);
        row->has_steps = 1;
    }
    if (f->col_samples >= 0 && *(text = row->cells[f->col_samples])) {
        if (whole(text, 1, 1000000, &v))
            return bad_field(err, errlen, f->path, row->line, "a whole number >= 1", "samples",
                             text);
        row->want = (int)v;
    }
    return 0;
}

/* NAME.SUFFIX for NAME.csv (any other name: NAME plus SUFFIX). */
static char *beside(const char *path, const char *suffix)
{
    size_t n = strlen(path);
    if (n > 4 && pb_has_suffix(path, ".csv")) n -= 4;
    char *s = malloc(n + strlen(suffix) + 1);
    if (s) memcpy(s, path, n), strcpy(s + n, suffix);
    return s;
}

/* A results row by (run_id, row), for placing samples. */
typedef struct row_ref {
    const char *run_id;
    unsigned long long row;
    long index;
} row_ref;

static int by_run_row(const void *p, const void *q)
{
    const row_ref *a = p, *b = q;
    int c = strcmp(a->run_id, b->run_id);
    return c ? c : (a->row > b->row) - (a->row < b->row);
}

/* f's rows sorted by (run_id, row), which must be distinct. NULL with a message. */
static row_ref *index_rows(const cmp_file *f, char *err, size_t errlen)
{
    long n = f->table.nrows;
    row_ref *ref = malloc((size_t)(n ? n : 1) * sizeof *ref);
    if (!ref) return snprintf(err, errlen, "%s: out of memory", f->path), NULL;
    for (long r = 0; r < n; r++)
        ref[r] = (row_ref){f->rows[r].cells[f->col_run_id],
                           strtoull(f->rows[r].cells[f->col_row], NULL, 10), r};
    qsort(ref, (size_t)n, sizeof *ref, by_run_row);
    for (long i = 1; i < n; i++)
        if (!by_run_row(&ref[i - 1], &ref[i])) {
            const cmp_row *a = &f->rows[ref[i - 1].index], *b = &f->rows[ref[i].index];
            const cmp_row *later = a->line > b->line ? a : b, *first = later == a ? b : a;
            char id[44];
            snprintf(err, errlen,
                     "%s:%ld: expected one row per run_id,row; '%s,%llu' is on line %ld too",
                     f->path, later->line, pb_text_show(id, sizeof id, ref[i].run_id), ref[i].row,
                     first->line);
            free(ref);
            return NULL;
        }
    return ref;
}

/* One line of a samples file, parsed. */
typedef struct sample_line {
    long index;  /* the results row it belongs to */
    int number;  /* its sample number */
    int round;   /* the round it was taken in; -1: none */
    int process; /* the worker process that took it; 0: the file's own */
    double t;    /* its time per run */
} sample_line;

/* Parses line i of the samples table s (columns col[0..6]: run_id, row, sample, runs,
 * wall_s, round and process, the last two -1 when the file has none) and finds its
 * results row. 0, or -1 with a message. */
static int parse_sample(const cmp_file *f, const pb_table *s, const int *col, long i,
                        const row_ref *ref, sample_line *out, char *err, size_t errlen)
{
    const char *path = f->samples_path, *text;
    long line = pb_table_line(s, i);
    unsigned long long v;
    row_ref key = {pb_table_cell(s, i, col[0]), 0, 0};
    if (whole(text = pb_table_cell(s, i, col[1]), 0, 1ull << 62, &key.row))
        return bad_field(err, errlen, path, line, "a whole number", "row", text);
    if (whole(text = pb_table_cell(s, i, col[2]), 0, 999999, &v))
        return bad_field(err, errlen, path, line, "a sample number", "sample", text);
    out->number = (int)v;
    if (whole(text = pb_table_cell(s, i, col[3]), 1, ~0ull, &v))
        return bad_field(err, errlen, path, line, "a whole number >= 1", "runs", text);
    if (pb_parse_real(text = pb_table_cell(s, i, col[4]), 0, HUGE_VAL, &out->t) ||
        !isfinite(out->t))
        return bad_field(err, errlen, path, line, "a time in seconds", f->sample_column, text);
    out->round = -1;
    if (col[5] >= 0 && *(text = pb_table_cell(s, i, col[5]))) {
        if (whole(text, 0, 1000000000, &v))
            return bad_field(err, errlen, path, line, "a round number (or nothing)", "round", text);
        out->round = (int)v;
    }
    out->process = 0;
    if (col[6] >= 0 && *(text = pb_table_cell(s, i, col[6]))) {
        if (whole(text, 0, 1000, &v))
            return bad_field(err, errlen, path, line, "a process number (or nothing)", "process",
                             text);
        out->process = (int)v;
    }
    const row_ref *hit = bsearch(&key, ref, (size_t)f->table.nrows, sizeof *ref, by_run_row);
    if (!hit) {
        char id[44];
        snprintf(err, errlen, "%s:%ld: expected the run_id,row of a row of %s, got '%s,%llu'", path,
                 line, f->path, pb_text_show(id, sizeof id, key.run_id), key.row);
        return -1;
    }
    out->index = hit->index;
    return 0;
}

/* "'RUN_ID,ROW'" of a results row, for messages. */
static void row_name(const cmp_file *f, const cmp_row *row, char *out, size_t len)
{
    char id[44], number[24];
    snprintf(out, len, "'%s,%s'", pb_text_show(id, sizeof id, row->cells[f->col_run_id]),
             pb_text_show(number, sizeof number, row->cells[f->col_row]));
}

/* Puts each parsed sample in its row's slot by number: a row with n samples (as
 * counted) must number them 0 .. n-1, once each. 0, or -1 with a message. */
static int place_samples(cmp_file *f, const pb_table *s, const sample_line *sl, int rounds,
                         char *err, size_t errlen)
{
    char name[80];
    for (long r = 0; r < f->table.nrows; r++) {
        cmp_row *row = &f->rows[r];
        if (row->n &&
            (!(row->t = malloc((size_t)row->n * sizeof *row->t)) ||
             (rounds && (!(row->round = malloc((size_t)row->n * sizeof *row->round)) ||
                         !(row->process = malloc((size_t)row->n * sizeof *row->process))))))
            return snprintf(err, errlen, "%s: out of memory", f->samples_path), -1;
        for (int k = 0; k < row->n; k++) row->t[k] = NAN; /* not placed yet */
    }
    for (long i = 0; i < s->nrows; i++) {
        cmp_row *row = &f->rows[sl[i].index];
        const int k = sl[i].number;
        row_name(f, row, name, sizeof name);
        if (k >= row->n)
            return snprintf(err, errlen, "%s:%ld: expected sample numbers 0 to %d for %s, got %d",
                            f->samples_path, pb_table_line(s, i), row->n - 1, name, k),
                   -1;
        if (!isnan(row->t[k]))
            return snprintf(err, errlen,
                            "%s:%ld: expected each sample once, got sample %d of %s again",
                            f->samples_path, pb_table_line(s, i), k, name),
                   -1;
        row->t[k] = sl[i].t;
        if (row->round) row->round[k] = sl[i].round, row->process[k] = sl[i].process;
    }
    return 0;
}

/* Counts each row's samples: as many as its samples column says, or at least one.
 * 0, or -1 with a message. */
static int count_samples(cmp_file *f, const pb_table *s, const sample_line *sl, char *err,
                         size_t errlen)
{
    for (long i = 0; i < s->nrows; i++) f->rows[sl[i].index].n++;
    for (long r = 0; r < f->table.nrows; r++) {
        const cmp_row *row = &f->rows[r];
        if (row->want >= 0 && row->n != row->want)
            return snprintf(err, errlen,
                            "%s:%ld: expected %d samples (column samples) in %s, found %d", f->path,
                            row->line, row->want, f->samples_path, row->n),
                   -1;
        if (!row->n)
            return snprintf(err, errlen, "%s:%ld: expected samples in %s, found none", f->path,
                            row->line, f->samples_path),
                   -1;
    }
    return 0;
}

static int read_samples(cmp_file *f, char *err, size_t errlen)
{
    const char *const names[] = {"run_id", "row", "sample", "runs", f->sample_column};
    row_ref *ref = index_rows(f, err, errlen);
    pb_table s = {0};
    sample_line *sl = NULL;
    int col[7], rc = -1;
    if (!ref || pb_table_read(f->samples_path, &s, err, errlen)) goto out;
    for (int c = 0; c < 5; c++)
        if (need_column(&s, f->samples_path, names[c], &col[c], err, errlen)) goto out;
    col[5] = pb_table_column(&s, "round");
    col[6] = pb_table_column(&s, "process");
    if (!(sl = malloc((size_t)(s.nrows ? s.nrows : 1) * sizeof *sl))) {
        snprintf(err, errlen, "%s: out of memory", f->samples_path);
        goto out;
    }
    for (long i = 0; i < s.nrows; i++)
        if (parse_sample(f, &s, col, i, ref, &sl[i], err, errlen)) goto out;
    rc = count_samples(f, &s, sl, err, errlen) || place_samples(f, &s, sl, col[5] >= 0, err, errlen)
             ? -1
             : 0;
out:
    free(ref), free(sl);
    pb_table_free(&s);
    return rc;
}

/* What compare reads, said after a refusal of a file that is not one. */
#define COMPARE_READS                                                                              \
    "compare reads a sweep's CSV or time's --csv (columns run_id and row), its samples in "        \
    "NAME.samples.csv beside it"

/* Refuses a file compare cannot read, naming what it looks like by its header (another
 * of puzzlebench's CSVs) rather than only the column it lacks. 0, or -1 with the message. */
static int other_file(const pb_table *t, const char *file, char *err, size_t errlen)
{
    const int has_row = pb_table_column(t, "row") >= 0, has_run = pb_table_column(t, "run_id") >= 0;
    const char *kind = NULL;
    if (has_row && has_run && pb_table_column(t, "sample") >= 0)
        kind = "a samples file (give the results CSV beside it)";
    else if (pb_table_column(t, "puzzle") >= 0 && pb_table_column(t, "mode") >= 0)
        kind = "the --csv of solve or count (one row per puzzle, no samples)";
    else if (pb_table_column(t, "index") >= 0 && !has_row)
        kind = "the records of generate --out";
    else if (pb_table_column(t, "length") >= 0 && pb_table_column(t, "ranks") >= 0)
        kind = "the per-length table of count --levels";
    if (kind)
        return snprintf(err, errlen, "%s:1: expected a results CSV, got %s; %s", file, kind,
                        COMPARE_READS),
               -1;
    if (has_row && has_run) return 0;
    return snprintf(err, errlen, "%s:1: expected a column %s; %s", file, has_run ? "row" : "run_id",
                    COMPARE_READS),
           -1;
}

int cmp_file_load(cmp_file *f, const char *path, const char *sample_column, char *err,
                  size_t errlen)
{
    *f = (cmp_file){.path = path, .sample_column = sample_column};
    const size_t n = strlen(path);
    if (n > 5 && pb_has_suffix(path, ".meta")) /* not CSV: said before it fails as one */
        return snprintf(err, errlen,
                        "%s:1: expected a results CSV, got a run's .meta (give the "
                        "CSV beside it); %s",
                        path, COMPARE_READS),
               -1;
    if (pb_table_read(path, &f->table, err, errlen)) return -1;
    const pb_table *t = &f->table;
    f->col_status = pb_table_column(t, "status");
    f->col_steps = pb_table_column(t, "steps");
    f->col_samples = pb_table_column(t, "samples");
    f->samples_path = beside(path, ".samples.csv");
    f->meta_path = beside(path, ".meta");
    f->rows = calloc((size_t)(t->nrows ? t->nrows : 1), sizeof *f->rows);
    int rc = -1;
    if (!f->samples_path || !f->meta_path || !f->rows)
        snprintf(err, errlen, "%s: out of memory", path);
    else if (!other_file(t, path, err, errlen) &&
             !need_column(t, path, "run_id", &f->col_run_id, err, errlen) &&
             !need_column(t, path, "row", &f->col_row, err, errlen)) {
        rc = 0;
        for (long r = 0; r < t->nrows && !rc; r++) rc = read_row(f, r, err, errlen);
        if (!rc) rc = read_samples(f, err, errlen);
    }
    if (rc) cmp_file_free(f);
    return rc;
}

void cmp_file_free(cmp_file *f)
{
    for (long r = 0; f->rows && r < f->table.nrows; r++)
        free(f->rows[r].t), free(f->rows[r].round), free(f->rows[r].process), free(f->rows[r].key);
    free(f->rows);
    free(f->samples_path);
    free(f->meta_path);
    for (int i = 0; i < f->nadded; i++) free(f->added[i]);
    free(f->added);
    pb_table_free(&f->table);
    *f = (cmp_file){0};
}
