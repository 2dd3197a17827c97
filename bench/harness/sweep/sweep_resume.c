/* sweep_resume.c — the earlier run of a sweep checked against this one (its .meta),
 * and its rows kept, those with all their samples, in the .part files to append to. */
#include "harness/base/sizes.h"
#include "sweep_resume.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "core/text_bytes.h"
#include "harness/io/csv.h"
#include "harness/io/readfile.h"
#include "harness/io/outfile.h"
#include "harness/meta/meta.h"

/* What a differing key is, in a message. */
static const char *what_differs(const char *key)
{
    return !strcmp(key, "sweep_hash")       ? "the sweep file (its content hash)"
           : !strcmp(key, "instances_hash") ? "the instance files (their content hash)"
           : !strcmp(key, "commit")         ? "the commit"
                                            : key;
}

/* A value of the .meta (v[0 .. n), NULL: none), cut to 200 bytes, as a message shows
 * it: its bytes that are not printable as \xNN (a CR of a CRLF file, say). */
static const char *shown(const char *v, size_t n, char *out, size_t len)
{
    char raw[201];
    if (!v) return "none";
    snprintf(raw, sizeof raw, "%.*s", (int)(n < 200 ? n : 200), v);
    return pb_text_show(out, len, raw);
}

int pb_sweep_resume_check(const pb_sweep_out *o, const char *const *want, pb_sweep_prior *p,
                          char *err, size_t errlen)
{
    size_t len, n;
    struct stat st;
    /* The files are read back and rewritten: never through a link planted at a name. */
    const char *const files[] = {o->meta, o->csv, o->samples, o->csv_part, o->samples_part};
    for (size_t i = 0; i < sizeof files / sizeof *files; i++)
        if (pb_out_not_link(files[i], err, errlen)) return -1;
    if (stat(o->meta, &st))
        return snprintf(err, errlen,
                        "%s: missing, so the files beside it cannot be checked against this "
                        "sweep; --force starts over",
                        o->meta),
               -1;
    char *text = pb_meta_read(o->meta, &len, err, errlen);
    if (!text) return -1;
    int rc = -1;
    const char *v = pb_meta_value(text, "status", &n);
    if (!v) {
        snprintf(err, errlen,
                 "%s: no status= line (not written by a sweep that can be resumed); "
                 "--force starts over",
                 o->meta);
        goto out;
    }
    snprintf(p->status, sizeof p->status, "%.*s", (int)n, v);
    for (; *want; want++) {
        size_t k = strcspn(*want, "=");
        char key[64];
        snprintf(key, sizeof key, "%.*s", (int)k, *want);
        const char *now = *want + k + 1;
        if (pb_meta_value_is(text, key, now)) continue;
        /* How the runs were measured (runs at a time, the binding) changes their times,
         * not what a row is: a complete sweep has nothing to mix, so nothing to refuse. */
        if ((!strcmp(key, "workers") || !strcmp(key, "bind")) && !strcmp(p->status, "complete"))
            continue;
        v = pb_meta_value(text, key, &n);
        /* A partial one would mix the times of two ways of measuring. */
        char was[808];
        if (!strcmp(key, "workers")) {
            const char *m = shown(v, n > 20 ? 20 : n, was, sizeof was);
            snprintf(err, errlen,
                     "%s: cannot resume: its rows were measured %s at a time (workers=%s), "
                     "this run would measure %s and mix the two in its times; resume with "
                     "--workers %s (an MPI sweep's .meta says 1: each rank measures one run at "
                     "a time), or --force starts over",
                     o->meta, m, m, now, m);
            goto out;
        }
        snprintf(err, errlen,
                 "%s: cannot resume: %s differs (the .meta: '%s', now: '%s'); --force starts "
                 "over",
                 o->meta, what_differs(key), shown(v, n, was, sizeof was), now);
        goto out;
    }
    v = pb_meta_value(text, "run_id", &n);
    if (!v) {
        snprintf(err, errlen, "%s: no run_id= line", o->meta);
        goto out;
    }
    free(p->run_ids);
    if (!(p->run_ids = strndup(v, n))) {
        snprintf(err, errlen, "%s: out of memory", o->meta);
        goto out;
    }
    rc = !strcmp(p->status, "complete");
    /* A complete sweep whose rows or samples are gone is not one: saying there is
     * nothing to resume would leave the folder without them. */
    for (int i = 0; rc == 1 && i < 2; i++) {
        const char *f = i ? o->samples : o->csv;
        if (!stat(f, &st)) continue;
        snprintf(err, errlen,
                 "%s: says the sweep is complete, but %s is missing; --force starts over", o->meta,
                 f);
        rc = -1;
    }
out:
    free(text);
    return rc;
}

/* The text of the .part file, else of the finished one, else "" (a fresh file). */
static char *read_rows(const char *part, const char *done, const char **from, size_t *len,
                       char *err, size_t errlen)
{
    struct stat st;
    *from = !lstat(part, &st) ? part : !lstat(done, &st) ? done : NULL;
    if (!*from) {
        *from = part;
        *len = 0;
        return calloc(1, 1);
    }
    return pb_read_file(*from, len, err, errlen);
}

typedef struct kept_row {
    const char *line; /* in the CSV text; NULL: no row for this run */
    size_t len;       /* with its '\n' */
    char run_id[40];
    int samples, seen;
    uint64_t have[2], written[2]; /* samples seen, and written back */
} kept_row;

/* Splits line (length n, no '\n') at its commas into buf, field[k] the k-th field; a
 * quoted field (pb_csv_field: a params setting, a name with a comma) is one field,
 * kept with its quotes. The number of fields: max + 1 when there are more than max,
 * -1 when too long. */
static int split(const char *line, size_t n, char *buf, size_t buflen, char **field, int max)
{
    if (n >= buflen) return -1;
    memcpy(buf, line, n);
    buf[n] = '\0';
    for (int k = 0;; k++) {
        if (k == max) return max + 1;
        field[k] = k ? strchr(field[k - 1], '\0') + 1 : buf;
        char *c = field[k];
        if (*c == '"')
            for (c++; *c && !(c[0] == '"' && c[1] != '"'); c += 1 + (c[0] == '"')) {
            }
        char *comma = strchr(c, ',');
        if (!comma) return k + 1;
        *comma = '\0';
    }
}

static int column(const char *header, const char *name)
{
    int i = 0;
    size_t n = strlen(name);
    for (const char *c = header; c; c = strchr(c, ','), c += !!c, i++)
        if (!strncmp(c, name, n) && (c[n] == ',' || c[n] == '\0')) return i;
    return -1;
}

static int parse_index(const char *s, long most, long *out)
{
    char *end;
    if (!*s || strspn(s, "0123456789") != strlen(s)) return -1;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (errno || v < 0 || v >= most) return -1;
    *out = v;
    return 0;
}

/* 1 when id is one of the words of ids. */
typedef struct resume_ctx {
    const pb_sweep_prior *p;
    long runs;
    kept_row *rows;
    const char *csv_from, *samples_from;
    char *csv, *samples; /* the texts */
    char header[1024];
    int ncols, c_row, c_id, c_samples;
    pb_sweep_key_fn key;
    void *key_ctx;
    long dropped;
} resume_ctx;

/* The rows of the CSV text: one per run at most, checked against the run's key. */
static int take_rows(resume_ctx *r, char *err, size_t errlen)
{
    char buf[PB_CSV_LINE_MAX], *f[64], key[1024];
    const char *t = r->csv;
    size_t hl = strcspn(t, "\n");
    if (*t && (t[hl] != '\n' || hl != strlen(r->header) || strncmp(t, r->header, hl)))
        return snprintf(err, errlen, "%s:1: expected the header '%.60s...'", r->csv_from,
                        r->header),
               -1;
    long lineno = 2; /* the first row's: the header is line 1 */
    for (const char *line = *t ? t + hl + 1 : t; *line; lineno++) {
        size_t n = strcspn(line, "\n");
        if (line[n] != '\n') { /* the last line, cut short: never a row */
            r->dropped++;
            break;
        }
        long row;
        if (split(line, n, buf, sizeof buf, f, r->ncols) != r->ncols ||
            parse_index(f[r->c_row], r->runs, &row) || strlen(f[r->c_id]) >= 40)
            return snprintf(err, errlen, "%s:%ld: expected a row of this sweep", r->csv_from,
                            lineno),
                   -1;
        r->key(r->key_ctx, row, key, sizeof key);
        size_t kl = strlen(key);
        if (strncmp(line, key, kl) || line[kl] != ',')
            return snprintf(err, errlen, "%s:%ld: row %ld is not run %ld of this sweep (%s)",
                            r->csv_from, lineno, row, row, key),
                   -1;
        if (!pb_run_id_listed(r->p->run_ids, f[r->c_id]))
            return snprintf(err, errlen, "%s:%ld: run_id %s is not in the .meta", r->csv_from,
                            lineno, pb_text_show(key, sizeof key, f[r->c_id])),
                   -1;
        kept_row *k = &r->rows[row];
        int samples = atoi(f[r->c_samples]);
        if (k->line || samples < 1 || samples > 128) {
            r->dropped++; /* a second row of one run */
        } else {
            k->line = line, k->len = n + 1, k->samples = samples;
            snprintf(k->run_id, sizeof k->run_id, "%s", f[r->c_id]);
        }
        line += n + 1;
    }
    return 0;
}

/* Walks the samples' lines (complete ones, of a kept row and run_id, each sample once);
 * write: 0 marks them seen, 1 writes them to f. */
static void walk_samples(resume_ctx *r, FILE *f)
{
    char buf[512], *x[16];
    int fields = 1; /* as many as the header names */
    for (const char *h = pb_csv_samples_header; *h; h++) fields += *h == ',';
    const char *t = r->samples;
    size_t hl = strcspn(t, "\n");
    for (const char *line = t[hl] ? t + hl + 1 : t + hl; *line;) {
        size_t n = strcspn(line, "\n");
        long row, k;
        if (line[n] != '\n') break;
        if (split(line, n, buf, sizeof buf, x, fields) == fields &&
            !parse_index(x[1], r->runs, &row) && !parse_index(x[2], 128, &k)) {
            kept_row *kr = &r->rows[row];
            uint64_t bit = 1ULL << (k % 64), *mask = f ? kr->written : kr->have;
            if (kr->line && k < kr->samples && !strcmp(x[0], kr->run_id) && !(mask[k / 64] & bit) &&
                (!f || kr->seen == kr->samples)) {
                mask[k / 64] |= bit;
                if (f)
                    fwrite(line, 1, n + 1, f);
                else
                    kr->seen++;
            }
        }
        line += n + 1;
    }
}

static int fill_samples(FILE *f, void *p)
{
    resume_ctx *r = p;
    fprintf(f, "%s\n", pb_csv_samples_header);
    walk_samples(r, f);
    return ferror(f) ? -1 : 0;
}

static int fill_csv(FILE *f, void *p)
{
    const resume_ctx *r = p;
    fprintf(f, "%s\n", r->header);
    for (long i = 0; i < r->runs; i++)
        if (r->rows[i].line && r->rows[i].seen == r->rows[i].samples)
            fwrite(r->rows[i].line, 1, r->rows[i].len, f);
    return ferror(f) ? -1 : 0;
}

int pb_sweep_resume_rows(const pb_sweep_out *o, const pb_sweep_prior *p, long runs,
                         pb_sweep_key_fn key, void *ctx, const unsigned char *keep,
                         unsigned char *done, long *kept, long *dropped, char *err, size_t errlen)
{
    resume_ctx r = {.p = p, .runs = runs, .key = key, .key_ctx = ctx};
    size_t clen = 0, slen = 0;
    int rc = -1;
    snprintf(r.header, sizeof r.header, "%s%s%s", pb_csv_header, pb_csv_timing_header,
             o->extra_header);
    r.ncols = 1;
    for (const char *h = r.header; (h = strchr(h, ',')); h++) r.ncols++;
    r.c_row = column(r.header, "row");
    r.c_id = column(r.header, "run_id");
    r.c_samples = column(r.header, "samples");
    r.rows = calloc((size_t)runs + 1, sizeof *r.rows);
    r.csv = read_rows(o->csv_part, o->csv, &r.csv_from, &clen, err, errlen);
    r.samples =
        r.csv ? read_rows(o->samples_part, o->samples, &r.samples_from, &slen, err, errlen) : NULL;
    if (!r.rows || !r.csv || !r.samples) {
        if (!r.rows) snprintf(err, errlen, "out of memory");
        goto out;
    }
    if (strlen(r.csv) != clen || strlen(r.samples) != slen) {
        snprintf(err, errlen, "%s: holds a NUL byte",
                 strlen(r.csv) != clen ? r.csv_from : r.samples_from);
        goto out;
    }
    if (take_rows(&r, err, errlen)) goto out;
    walk_samples(&r, NULL);
    for (long i = 0; keep && i < runs; i++)
        if (!keep[i]) r.rows[i].line = NULL; /* left out on purpose: not counted as dropped */
    *kept = 0;
    for (long i = 0; i < runs; i++) {
        done[i] = r.rows[i].line && r.rows[i].seen == r.rows[i].samples;
        *kept += done[i];
        r.dropped += r.rows[i].line && !done[i];
    }
    *dropped = r.dropped;
    /* The .part files anew (each atomically), then no finished files beside them. */
    if (pb_write_file_atomic(o->samples_part, fill_samples, &r, err, errlen) ||
        pb_write_file_atomic(o->csv_part, fill_csv, &r, err, errlen))
        goto out;
    if ((remove(o->csv) && errno != ENOENT) || (remove(o->samples) && errno != ENOENT)) {
        snprintf(err, errlen, "%s: cannot remove: %s", o->csv, strerror(errno));
        goto out;
    }
    rc = 0;
out:
    free(r.rows);
    free(r.csv);
    free(r.samples);
    return rc;
}
