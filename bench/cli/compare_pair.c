/* compare_pair.c — pairing the rows of two sides on their key fields, and each
 * pair's statistics: the medians' intervals, the bootstrap interval of the ratio,
 * the U test's p-value, the verdict and the ratio of steps. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare.h"

/* The row's key fields joined by NUL bytes: no CSV field holds one (the reader
 * refuses them), so equal keys are equal fields, and memcmp orders them. */
static int make_key(cmp_row *row, const int *key, int nkey)
{
    size_t len = 0;
    for (int k = 0; k < nkey; k++) len += strlen(row->cells[key[k]]) + 1;
    if (!(row->key = malloc(len ? len : 1))) return -1;
    row->key_len = 0;
    for (int k = 0; k < nkey; k++) {
        size_t n = strlen(row->cells[key[k]]) + 1;
        memcpy(row->key + row->key_len, row->cells[key[k]], n);
        row->key_len += n;
    }
    return 0;
}

static int by_key(const void *p, const void *q)
{
    const cmp_row *a = *(const cmp_row *const *)p, *b = *(const cmp_row *const *)q;
    int c = memcmp(a->key, b->key, a->key_len < b->key_len ? a->key_len : b->key_len);
    return c ? c : (a->key_len > b->key_len) - (a->key_len < b->key_len);
}

static int repeated_key(const cmp_side *s, const cmp_row *a, const cmp_row *b, int nkey, char *err,
                        size_t errlen)
{
    const cmp_row *later = a->line > b->line ? a : b;
    char cols[300];
    size_t at = 0;
    for (int k = 0; k < nkey && at < sizeof cols; k++)
        at += (size_t)snprintf(cols + at, sizeof cols - at, "%s%s", k ? "," : "",
                               s->file->table.cell[s->key[k]]);
    snprintf(err, errlen, "%s:%ld: expected one row per key (%s), got the key of line %ld again",
             s->file->path, later->line, nkey ? cols : "none", later == a ? b->line : a->line);
    return -1;
}

/* The side's rows, keyed and sorted by key; *n gets how many. NULL with a message
 * when a key repeats or memory runs out. */
static cmp_row **side_rows(const cmp_side *s, int nkey, long *n, char *err, size_t errlen)
{
    const cmp_file *f = s->file;
    cmp_row **v = malloc((size_t)(f->table.nrows ? f->table.nrows : 1) * sizeof *v);
    *n = 0;
    for (long r = 0; v && r < f->table.nrows; r++) {
        cmp_row *row = &f->rows[r];
        if (s->by_col >= 0 && strcmp(row->cells[s->by_col], s->by_value)) continue;
        if (make_key(row, s->key, nkey))
            free(v), v = NULL;
        else
            v[(*n)++] = row;
    }
    if (!v) return snprintf(err, errlen, "%s: out of memory", f->path), NULL;
    qsort(v, (size_t)*n, sizeof *v, by_key);
    for (long i = 1; i < *n; i++)
        if (!by_key(&v[i - 1], &v[i]))
            return repeated_key(s, v[i - 1], v[i], nkey, err, errlen), free(v), NULL;
    return v;
}

/* A pair's statistics. Times are compared only when both runs finished (status
 * done) with times above 0; otherwise the verdict is CMP_NONE. A verdict needs the
 * U test's p below alpha and the ratio's interval wholly beyond the noise floor
 * [1/(1+threshold), 1+threshold]: two identical runs on a shared machine differ by
 * a few percent as a whole, which their samples, taken minutes apart within each
 * run, cannot show. 0, or -1 when out of memory. */
static int measure(cmp_pair *p, double alpha, double threshold)
{
    const cmp_row *a = p->old, *b = p->new_;
    if (pb_summarize(a->t, a->n, &p->so) || pb_summarize(b->t, b->n, &p->sn)) return -1;
    p->verdict = CMP_NONE;
    p->ratio = (pb_interval){NAN, NAN, NAN};
    p->mwu = (pb_mwu){NAN, NAN, 0};
    p->steps_ratio = NAN;
    if (!a->done || !b->done || !(p->so.min > 0) || !(p->sn.min > 0)) return 0;
    uint64_t seed = pb_bootstrap_seed(a->t, a->n, b->t, b->n);
    if (pb_bootstrap_median_ratio(a->t, a->n, b->t, b->n, 1 - alpha, PB_BOOTSTRAP_RESAMPLES, seed,
                                  &p->ratio) ||
        pb_mann_whitney(a->t, a->n, b->t, b->n, PB_MWU_AUTO, &p->mwu))
        return -1;
    const int slower = p->ratio.lo > 1 + threshold, faster = p->ratio.hi < 1 / (1 + threshold);
    if (p->mwu.p >= alpha || p->ratio.point == 1 || !(slower || faster))
        p->verdict = CMP_SAME;
    else
        p->verdict = faster ? CMP_FASTER : CMP_SLOWER;
    if (a->has_steps && b->has_steps && a->steps > 0)
        p->steps_ratio = (double)b->steps / (double)a->steps;
    return 0;
}

static int by_old_line(const void *p, const void *q)
{
    const long a = ((const cmp_pair *)p)->old->line, b = ((const cmp_pair *)q)->old->line;
    return (a > b) - (a < b);
}

/* Matches each old row with the new row of the same key (both sorted by key). */
static void match(cmp_set *set, cmp_row **o, long no, cmp_row **n, long nn)
{
    long matched = 0;
    set->npairs = 0;
    for (long i = 0; i < no; i++) {
        cmp_row **hit = bsearch(&o[i], n, (size_t)nn, sizeof *n, by_key);
        if (hit) set->pair[set->npairs++] = (cmp_pair){.old = o[i], .new_ = *hit}, matched++;
    }
    set->only_old = no - matched;
    set->only_new = nn - matched;
    qsort(set->pair, (size_t)set->npairs, sizeof *set->pair, by_old_line); /* the file's order */
}

int cmp_pair_up(const cmp_side *old, const cmp_side *new_, cmp_set *set, char *err, size_t errlen)
{
    long no = 0, nn = 0;
    int rc = -1;
    set->pair = NULL;
    set->npairs = set->only_old = set->only_new = 0;
    cmp_row **o = side_rows(old, set->nkey, &no, err, errlen);
    cmp_row **n = o ? side_rows(new_, set->nkey, &nn, err, errlen) : NULL;
    if (n && !(set->pair = malloc((size_t)(no ? no : 1) * sizeof *set->pair)))
        snprintf(err, errlen, "out of memory");
    if (set->pair) {
        match(set, o, no, n, nn);
        rc = 0;
        for (long i = 0; i < set->npairs && !rc; i++)
            if (measure(&set->pair[i], set->alpha, set->threshold))
                rc = -1, snprintf(err, errlen, "out of memory");
    }
    free(o), free(n);
    return rc;
}

void cmp_set_free(cmp_set *set)
{
    free(set->pair);
    set->pair = NULL;
    set->npairs = 0;
}
