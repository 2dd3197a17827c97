/* compare_match.c — which rows of two sides pair: those whose key fields are equal,
 * then, among the rows left, those that agree on every key but ones that a side
 * lacks ("-": the engine has no such setting, as an engine without a cell order has
 * order -). Two values on both sides are a real difference and never pair. A row
 * that would pair with several rows is refused as ambiguous rather than given one of
 * them; and when no rows pair at all, the message names the keys that keep the sides
 * apart. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare.h"
#include "core/text_bytes.h"
#include "harness/base/suggest.h"

/* The value of a key that a row's engine does not have. */
static int lacks(const char *value)
{
    return !strcmp(value, "-");
}

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
    if (s->by_col >= 0 && strcmp(a->cells[s->by_col], b->cells[s->by_col])) {
        char col[100], value[150];
        snprintf(err, errlen,
                 "%s:%ld: %s=%s picks two rows that differ in %s alone (lines %ld and %ld): "
                 "give more of the value",
                 s->file->path, later->line,
                 pb_text_show(col, sizeof col, s->file->table.cell[s->by_col]),
                 pb_text_show(value, sizeof value, s->by_value), col,
                 a->line < b->line ? a->line : b->line, later->line);
        return -1;
    }
    char cols[300];
    size_t at = 0;
    for (int k = 0; k < nkey && at < sizeof cols; k++)
        at += (size_t)snprintf(cols + at, sizeof cols - at, "%s%s", k ? "," : "",
                               s->file->table.cell[s->key[k]]);
    snprintf(err, errlen, "%s:%ld: expected one row per key (%s), got the key of line %ld again",
             s->file->path, later->line, nkey ? cols : "none", later == a ? b->line : a->line);
    return -1;
}

int cmp_side_picks(const cmp_side *s, const cmp_row *row)
{
    if (s->by_order && strcmp(row->cells[s->order_col], s->by_order)) return 0;
    return s->by_col < 0 || cmp_value_matches(row->cells[s->by_col], s->by_value);
}

const char *cmp_side_by_text(const cmp_side *s, char *out, size_t len)
{
    char value[100], order[99];
    snprintf(out, len, "%s%s%s", pb_text_show(value, sizeof value, s->by_value),
             s->by_order ? "/" : "",
             s->by_order ? pb_text_show(order, sizeof order, s->by_order) : "");
    return out;
}

int cmp_side_keeps(const cmp_side *s, const cmp_row *row)
{
    if (!cmp_side_picks(s, row)) return 0;
    for (int w = 0; w < s->nwhere; w++) {
        if (!cmp_where_keeps(row->cells[s->where_col[w]], s->where_value[w])) return 0;
    }
    return 1;
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
        if (!cmp_side_keeps(s, row)) continue;
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

/* "engine=seed rows" (--by) or "rows of FILE", shown safely: s names the side in
 * messages. */
/* What rows_of says, and what mismatches lists for the nearest two rows. */
enum { ROWS_OF_MAX = 400, MISMATCH_MAX = 800 };
/* Why nothing pairs: two rows_of texts, the mismatches, and the words between. */
enum { WHY_MAX = 2 * ROWS_OF_MAX + MISMATCH_MAX + 200 };

static const char *rows_of(const cmp_side *s, const char *row_word, char *out, size_t len)
{
    char a[150], b[200];
    if (s->by_col >= 0)
        snprintf(out, len, "%s=%s %s", pb_text_show(a, sizeof a, s->file->table.cell[s->by_col]),
                 cmp_side_by_text(s, b, sizeof b), row_word);
    else
        snprintf(out, len, "%s of %s", row_word, pb_text_show(a, sizeof a, s->file->path));
    if (len > 5 && strlen(out) + 1 >= len) strcpy(out + len - 4, "...");
    return out;
}

static int has_lack(const cmp_row *r, const int *key, int nkey)
{
    for (int k = 0; k < nkey; k++)
        if (lacks(r->cells[key[k]])) return 1;
    return 0;
}

/* a and b agree on every key that both have. */
static int agree(const cmp_row *a, const int *ka, const cmp_row *b, const int *kb, int nkey)
{
    for (int k = 0; k < nkey; k++) {
        const char *x = a->cells[ka[k]], *y = b->cells[kb[k]];
        if (strcmp(x, y) && !lacks(x) && !lacks(y)) return 0;
    }
    return 1;
}

/* Key k's value as a message shows it: a params value left empty by the items set
 * aside says so. */
static const char *key_word(const cmp_set *set, int k, const char *value)
{
    return !*value && set->aside && set->aside->key[k] ? "(only items set aside)" : value;
}

/* "order row, threads 2": the keys on which b differs from a, with b's values. */
static void differences(const cmp_row *a, const int *ka, const cmp_row *b, const int *kb,
                        const cmp_set *set, char *out, size_t len)
{
    size_t at = 0;
    char name[100], v[100];
    *out = 0;
    for (int k = 0; k < set->nkey && at < len; k++)
        if (strcmp(a->cells[ka[k]], b->cells[kb[k]]))
            at += (size_t)snprintf(out + at, len - at, "%s%s %s", at ? ", " : "",
                                   pb_text_show(name, sizeof name, set->key_names[k]),
                                   pb_text_show(v, sizeof v, key_word(set, k, b->cells[kb[k]])));
}

static int by_line(const void *p, const void *q)
{
    const long a = (*(const cmp_row *const *)p)->line, b = (*(const cmp_row *const *)q)->line;
    return (a > b) - (a < b);
}

/* The message for row r of side s that agrees with the count rows cand[] of side t
 * (up to 3 of them listed, in the file's order). Returns -1. */
static int ambiguous(const cmp_set *set, const cmp_side *s, const cmp_row *r, const cmp_side *t,
                     const cmp_row **cand, long count, char *err, size_t errlen)
{
    char mine[400], theirs[400], list[900], d[300];
    size_t at = 0;
    qsort(cand, (size_t)count, sizeof *cand, by_line);
    for (long c = 0; c < count && c < 3 && at < sizeof list; c++) {
        differences(r, s->key, cand[c], t->key, set, d, sizeof d);
        at += (size_t)snprintf(list + at, sizeof list - at, "%sline %ld (%s)", c ? ", " : "",
                               cand[c]->line, d);
    }
    if (count > 3 && at < sizeof list) snprintf(list + at, sizeof list - at, ", ...");
    /* A way out: a key on which the first two differ, each with a value. */
    char hint[300] = "";
    for (int k = 0; k < set->nkey && count > 1; k++) {
        const char *x = cand[0]->cells[t->key[k]], *y = cand[1]->cells[t->key[k]];
        if (!strcmp(x, y) || lacks(x) || lacks(y)) continue;
        char name[100], value[100];
        snprintf(hint, sizeof hint, " (--where %s=%s keeps one)",
                 pb_text_show(name, sizeof name, set->key_names[k]),
                 pb_text_show(value, sizeof value, x));
        break;
    }
    snprintf(err, errlen,
             "%s:%ld: this %s pairs with %ld %s once a key that one side lacks (-) is ignored: "
             "%s; ambiguous, so nothing is compared%s",
             s->file->path, r->line, rows_of(s, "row", mine, sizeof mine), count,
             rows_of(t, "rows", theirs, sizeof theirs), list, hint);
    return -1;
}

/* The rows that neither side paired on equal keys: those that agree on every key that
 * both have, when each has one such partner. 0, or -1 with a message when a row has
 * several. */
static int match_loose(cmp_set *set, const cmp_side *os, cmp_row **o, long no, char *taken_o,
                       const cmp_side *ns, cmp_row **n, long nn, char *taken_n, char *err,
                       size_t errlen)
{
    long *partner = malloc((size_t)(no ? no : 1) * sizeof *partner);
    long *claims = calloc((size_t)(nn ? nn : 1), sizeof *claims);
    const cmp_row **cand = malloc((size_t)(nn > no ? nn : no ? no : 1) * sizeof *cand);
    char *lack_n = malloc((size_t)(nn ? nn : 1));
    int rc = 0;
    if (!partner || !claims || !cand || !lack_n) {
        snprintf(err, errlen, "out of memory");
        rc = -1;
    }
    for (long j = 0; !rc && j < nn; j++)
        lack_n[j] = !taken_n[j] && has_lack(n[j], ns->key, set->nkey);
    for (long i = 0; !rc && i < no; i++) {
        long count = 0;
        partner[i] = -1;
        if (taken_o[i]) continue;
        const int lack_o = has_lack(o[i], os->key, set->nkey);
        for (long j = 0; j < nn; j++)
            if (!taken_n[j] && (lack_o || lack_n[j]) &&
                agree(o[i], os->key, n[j], ns->key, set->nkey))
                cand[count++] = n[j], partner[i] = j;
        if (count > 1) rc = ambiguous(set, os, o[i], ns, cand, count, err, errlen);
        if (count == 1) claims[partner[i]]++;
    }
    for (long j = 0; !rc && j < nn; j++) {
        if (claims[j] < 2) continue;
        long count = 0;
        for (long i = 0; i < no; i++)
            if (partner[i] == j) cand[count++] = o[i];
        rc = ambiguous(set, ns, n[j], os, cand, count, err, errlen);
    }
    for (long i = 0; !rc && i < no; i++)
        if (partner[i] >= 0) {
            set->pair[set->npairs++] = (cmp_pair){.old = o[i], .new_ = n[partner[i]], .loose = 1};
            taken_o[i] = taken_n[partner[i]] = 1;
            set->loose++;
        }
    free(partner), free(claims), free(cand), free(lack_n);
    return rc;
}

/* ---- why nothing pairs ---- */

/* The distinct values of key column col among rows[0 .. n), in order of first
 * appearance, into v (room for n); how many. */
static int distinct(cmp_row **rows, long n, int col, const char **v)
{
    int m = 0;
    for (long i = 0; i < n; i++) {
        int seen = 0;
        for (int j = 0; j < m && !seen; j++) seen = !strcmp(v[j], rows[i]->cells[col]);
        if (!seen) v[m++] = rows[i]->cells[col];
    }
    return m;
}

/* Key k keeps the sides apart when no value of one side is a value of the other
 * (and neither lacks it). Appends "A rows have KEY x, y, B rows have KEY z" to out
 * at *at when it does; returns whether it does. */
static int apart(const cmp_set *set, int k, const cmp_side *os, cmp_row **o, long no,
                 const cmp_side *ns, cmp_row **n, long nn, const char **vo, const char **vn,
                 char *out, size_t len, size_t *at)
{
    int mo = distinct(o, no, os->key[k], vo), mn = distinct(n, nn, ns->key[k], vn);
    for (int a = 0; a < mo; a++)
        for (int b = 0; b < mn; b++)
            if (!strcmp(vo[a], vn[b]) || lacks(vo[a]) || lacks(vn[b])) return 0;
    /* The values the files hold: rows pair on a params value less the items set aside
     * between two files (compare_aside.c), which no row of either has. */
    mo = distinct(o, no, set->key_old[k], vo), mn = distinct(n, nn, set->key_new[k], vn);
    char so[300], sn[300], wo[400], wn[400], name[100];
    pb_text_show(so, sizeof so, pb_names_join(vo, mo, wo, sizeof wo));
    pb_text_show(sn, sizeof sn, pb_names_join(vn, mn, wn, sizeof wn));
    pb_text_show(name, sizeof name, set->key_names[k]);
    char ro[ROWS_OF_MAX], rn[ROWS_OF_MAX];
    if (*at < len)
        *at += (size_t)snprintf(out + *at, len - *at, "%s%s have %s %s, %s have %s %s",
                                *at ? "; " : "", rows_of(os, "rows", ro, sizeof ro), name, so,
                                rows_of(ns, "rows", rn, sizeof rn), name, sn);
    return 1;
}

/* The keys of rows a and b that both have and differ on, "KEY (x against y), ...";
 * how many. */
static int mismatches(const cmp_set *set, const cmp_row *a, const int *ka, const cmp_row *b,
                      const int *kb, char *out, size_t len)
{
    int count = 0;
    size_t at = 0;
    for (int k = 0; k < set->nkey; k++) {
        const char *x = a->cells[ka[k]], *y = b->cells[kb[k]];
        if (!strcmp(x, y) || lacks(x) || lacks(y)) continue;
        char name[100], sx[100], sy[100];
        if (out && at < len)
            at += (size_t)snprintf(out + at, len - at, "%s%s (%s against %s)", count ? ", " : "",
                                   pb_text_show(name, sizeof name, set->key_names[k]),
                                   pb_text_show(sx, sizeof sx, key_word(set, k, x)),
                                   pb_text_show(sy, sizeof sy, key_word(set, k, y)));
        count++;
    }
    return count;
}

/* Why no rows pair: the keys on which the sides have no value in common, or, when
 * each key alone has one, the nearest two rows and the keys they differ on. -1. */
static int nothing_pairs(const cmp_set *set, const cmp_side *os, cmp_row **o, long no,
                         const cmp_side *ns, cmp_row **n, long nn, char *err, size_t errlen)
{
    char why[WHY_MAX], ro[ROWS_OF_MAX], rn[ROWS_OF_MAX];
    size_t at = 0;
    *why = 0;
    if (!no || !nn) {
        const cmp_side *none = no ? ns : os;
        snprintf(err, errlen, "%s: no rows pair up: there are no %s%s", os->file->path,
                 rows_of(none, "rows", ro, sizeof ro), none->nwhere ? " that --where keeps" : "");
        return -1;
    }
    const char **vo = malloc((size_t)no * sizeof *vo), **vn = malloc((size_t)nn * sizeof *vn);
    if (!vo || !vn) return free(vo), free(vn), snprintf(err, errlen, "out of memory"), -1;
    int found = 0, setting = 0;
    for (int k = 0; k < set->nkey; k++) {
        const int a = apart(set, k, os, o, no, ns, n, nn, vo, vn, why, sizeof why, &at);
        found += a;
        setting |= a && cmp_is_setting(os, set->key_names[k]);
    }
    free(vo), free(vn);
    /* Two sides whose settings differ pair when each holds one: say why these do not. */
    if (setting && at < sizeof why)
        snprintf(why + at, sizeof why - at,
                 " (a setting is set aside only where each %s holds one value of it)",
                 os->file != ns->file ? "file" : "side");
    if (!found) {
        /* Every key alone has a value in common: name the nearest rows. A cap on the
         * rows scanned keeps a huge file's error quick. */
        long bi = 0, bj = 0;
        int best = set->nkey + 1;
        for (long i = 0; i < no && i < 2000; i++)
            for (long j = 0; j < nn && j < 2000; j++) {
                const int d = mismatches(set, o[i], os->key, n[j], ns->key, NULL, 0);
                if (d < best) best = d, bi = i, bj = j;
            }
        char d[MISMATCH_MAX];
        mismatches(set, o[bi], os->key, n[bj], ns->key, d, sizeof d);
        snprintf(why, sizeof why,
                 "no %s agrees with one of the %s on every key; the nearest, lines %ld and %ld, "
                 "differ on %s",
                 rows_of(os, "row", ro, sizeof ro), rows_of(ns, "rows", rn, sizeof rn), o[bi]->line,
                 n[bj]->line, d);
    }
    snprintf(err, errlen, "%s: no rows pair up: %s", os->file->path, why);
    return -1;
}

static int by_old_line(const void *p, const void *q)
{
    const long a = ((const cmp_pair *)p)->old->line, b = ((const cmp_pair *)q)->old->line;
    return (a > b) - (a < b);
}

int cmp_match(const cmp_side *old, const cmp_side *new_, cmp_set *set, char *err, size_t errlen)
{
    long no = 0, nn = 0;
    int rc = -1;
    set->pair = NULL;
    set->npairs = set->only_old = set->only_new = set->loose = 0;
    cmp_row **o = side_rows(old, set->nkey, &no, err, errlen);
    cmp_row **n = o ? side_rows(new_, set->nkey, &nn, err, errlen) : NULL;
    char *taken_o = n ? calloc((size_t)(no ? no : 1), 1) : NULL;
    char *taken_n = n ? calloc((size_t)(nn ? nn : 1), 1) : NULL;
    if (n &&
        (!taken_o || !taken_n || !(set->pair = malloc((size_t)(no ? no : 1) * sizeof *set->pair))))
        snprintf(err, errlen, "out of memory");
    if (set->pair) {
        for (long i = 0; i < no; i++) {
            cmp_row **hit = bsearch(&o[i], n, (size_t)nn, sizeof *n, by_key);
            if (!hit) continue;
            set->pair[set->npairs++] = (cmp_pair){.old = o[i], .new_ = *hit};
            taken_o[i] = taken_n[hit - n] = 1;
        }
        rc = match_loose(set, old, o, no, taken_o, new_, n, nn, taken_n, err, errlen);
        if (!rc && !set->npairs) rc = nothing_pairs(set, old, o, no, new_, n, nn, err, errlen);
        set->only_old = no - set->npairs;
        set->only_new = nn - set->npairs;
        /* the file's order */
        qsort(set->pair, (size_t)set->npairs, sizeof *set->pair, by_old_line);
    }
    if (rc) free(set->pair), set->pair = NULL, set->npairs = 0;
    free(o), free(n), free(taken_o), free(taken_n);
    return rc;
}
