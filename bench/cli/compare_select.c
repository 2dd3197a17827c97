/* compare_select.c — the columns and values that pick each side's rows (--by COL=A,B
 * and --where KEY=V): a column must be a key column and a value must be in it (a
 * params setting in part), or the one-line error lists what there is, with the
 * nearest name. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare.h"
#include "core/text_bytes.h"
#include "harness/base/suggest.h"

int cmp_key_column(const cmp_file *f, const char *name, const char *option, char *err,
                   size_t errlen)
{
    const int col = pb_table_column(&f->table, name);
    if (col >= 0 && !cmp_is_measured(name)) return col;
    const char **names = malloc((size_t)(f->table.ncols ? f->table.ncols : 1) * sizeof *names);
    if (!names) return snprintf(err, errlen, "out of memory"), -1;
    int n = 0;
    for (int c = 0; c < f->table.ncols; c++)
        if (!cmp_is_measured(f->table.cell[c])) names[n++] = f->table.cell[c];
    char joined[300], list[300], hint[200], shown[200], word[150];
    pb_text_show(list, sizeof list, pb_names_join(names, n, joined, sizeof joined));
    pb_text_show(shown, sizeof shown, pb_suggest_hint(name, names, n, hint, sizeof hint));
    snprintf(err, errlen,
             "%.300s:1: expected a key column for %s, got '%s'%s; the key columns: %s%s", f->path,
             option, pb_text_show(word, sizeof word, name), col >= 0 ? " (a measurement)" : "",
             list, shown);
    free(names);
    return -1;
}

/* item (len bytes) is one of the ';'-separated items of cell. */
static int has_item(const char *cell, const char *item, size_t len)
{
    for (const char *at = cell;;) {
        const size_t n = strcspn(at, ";");
        if (n == len && !memcmp(at, item, len)) return 1;
        if (!at[n]) return 0;
        at += n + 1;
    }
}

int cmp_value_matches(const char *cell, const char *value)
{
    if (!strcmp(cell, value)) return 1;
    if (!strchr(value, '=')) return 0;
    for (const char *at = value;;) {
        const size_t n = strcspn(at, ";");
        if (!n || !memchr(at, '=', n) || !has_item(cell, at, n)) return 0;
        if (!at[n]) return 1;
        at += n + 1;
    }
}

const char *cmp_item_value(const char *cell, const char *name, size_t n, size_t *len)
{
    for (const char *at = cell;;) {
        const size_t l = strcspn(at, ";");
        if (l > n && at[n] == '=' && !memcmp(at, name, n)) return *len = l - n - 1, at + n + 1;
        if (!at[l]) return NULL;
        at += l + 1;
    }
}

/* cell has an item named as item (len bytes, NAME=VALUE) is, of any value. */
static int has_item_name(const char *cell, const char *item, size_t len)
{
    const char *eq = memchr(item, '=', len);
    size_t l;
    return cmp_item_value(cell, item, eq ? (size_t)(eq - item) : len, &l) != NULL;
}

int cmp_where_keeps(const char *cell, const char *value)
{
    if (!strcmp(cell, "-") || cmp_value_matches(cell, value)) return 1;
    if (!strchr(value, '=')) return 0;
    /* Items: each one the cell has, or a parameter that its engine lacks. */
    for (const char *at = value;;) {
        const size_t n = strcspn(at, ";");
        if (!n || !memchr(at, '=', n) || (!has_item(cell, at, n) && has_item_name(cell, at, n)))
            return 0;
        if (!at[n]) return 1;
        at += n + 1;
    }
}

int cmp_column_has(const cmp_file *const *f, const int *col, int nf, const char *option,
                   const char *value, char *err, size_t errlen)
{
    long room = 1;
    for (int i = 0; i < nf; i++) room += f[i]->table.nrows;
    const char **values = malloc((size_t)room * sizeof *values);
    if (!values) return snprintf(err, errlen, "out of memory"), -1;
    int n = 0, found = 0;
    for (int i = 0; i < nf; i++)
        for (long r = 0; r < f[i]->table.nrows; r++) {
            const char *v = f[i]->rows[r].cells[col[i]];
            int seen = 0;
            for (int j = 0; j < n && !seen; j++) seen = !strcmp(values[j], v);
            if (!seen) values[n++] = v;
            found |= cmp_value_matches(v, value);
        }
    if (!found) {
        char joined[300], list[300], hint[200], shown[200], word[150], column[150];
        pb_text_show(list, sizeof list, pb_names_join(values, n, joined, sizeof joined));
        pb_text_show(shown, sizeof shown, pb_suggest_hint(value, values, n, hint, sizeof hint));
        snprintf(err, errlen,
                 "%.300s: expected a value of column %s for %s, got '%s'; its values: %s%s",
                 f[0]->path, pb_text_show(column, sizeof column, f[0]->table.cell[col[0]]), option,
                 pb_text_show(word, sizeof word, value), n ? list : "none (no rows)", shown);
    }
    free(values);
    return found ? 0 : -1;
}

int cmp_where_parse(cmp_where *w, const pb_list *items, char *err, size_t errlen)
{
    *w = (cmp_where){0};
    if (!items->n) return 0;
    w->key = calloc((size_t)items->n, sizeof *w->key);
    w->value = calloc((size_t)items->n, sizeof *w->value);
    w->col[0] = calloc((size_t)items->n, sizeof *w->col[0]);
    w->col[1] = calloc((size_t)items->n, sizeof *w->col[1]);
    if (!w->key || !w->value || !w->col[0] || !w->col[1])
        return cmp_where_free(w), snprintf(err, errlen, "out of memory"), -1;
    for (int i = 0; i < items->n; i++) {
        const char *item = items->item[i], *eq = strchr(item, '=');
        if (!eq || eq == item || !eq[1]) {
            char shown[150];
            snprintf(err, errlen, "--where expects KEY=VALUE[,KEY=VALUE...], got '%s'",
                     pb_text_show(shown, sizeof shown, item));
            return cmp_where_free(w), -1;
        }
        w->key[i] = strndup(item, (size_t)(eq - item));
        w->value[i] = strdup(eq + 1);
        w->n++;
        if (!w->key[i] || !w->value[i])
            return cmp_where_free(w), snprintf(err, errlen, "out of memory"), -1;
    }
    return 0;
}

int cmp_where_find(cmp_where *w, const cmp_file *const *f, int nf, int by_col, char *err,
                   size_t errlen)
{
    for (int i = 0; i < w->n; i++) {
        for (int s = 0; s < nf; s++)
            if ((w->col[s][i] = cmp_key_column(f[s], w->key[i], "--where", err, errlen)) < 0)
                return -1;
        /* Items of a setting may narrow the rows of --by's column (--by
         * params=rephase=0,rephase=2000 --where params=restarts=glue); a whole value
         * would pick one side. */
        if (w->col[0][i] == by_col && !strchr(w->value[i], '=')) {
            char shown[150];
            snprintf(err, errlen,
                     "--where %s=...: the column of --by picks the sides already (a setting's "
                     "items, NAME=VALUE, may narrow them)",
                     pb_text_show(shown, sizeof shown, w->key[i]));
            return -1;
        }
        int cols[2] = {w->col[0][i], nf > 1 ? w->col[1][i] : -1};
        if (cmp_column_has(f, cols, nf, "--where", w->value[i], err, errlen)) return -1;
    }
    return 0;
}

void cmp_where_free(cmp_where *w)
{
    for (int i = 0; i < w->n; i++) free(w->key[i]), free(w->value[i]);
    free(w->key), free(w->value), free(w->col[0]), free(w->col[1]);
    *w = (cmp_where){0};
}

/* The orders of f's rows of engine (column col), distinct, into v (room for every
 * row); how many. */
static int engine_orders(const cmp_file *f, int col, const char *engine, int order_col,
                         const char **v)
{
    int n = 0;
    for (long r = 0; r < f->table.nrows; r++) {
        const char *e = f->rows[r].cells[col], *o = f->rows[r].cells[order_col];
        int seen = strcmp(e, engine) != 0;
        for (int j = 0; j < n && !seen; j++) seen = !strcmp(v[j], o);
        if (!seen) v[n++] = o;
    }
    return n;
}

int cmp_by_value(const cmp_file *f, int col, const char *value, char *engine, size_t len,
                 const char **order, int *order_col, char *err, size_t errlen)
{
    const cmp_file *const one[1] = {f};
    *order = NULL;
    if (!cmp_column_has(one, &col, 1, "--by", value, err, errlen)) return 0;
    /* No row holds it whole: ENGINE/ORDER, as the report names a solver? */
    const char *slash = strchr(value, '/');
    const int oc = pb_table_column(&f->table, "order");
    if (strcmp(f->table.cell[col], "engine") || !slash || slash == value || !slash[1] || oc < 0 ||
        (size_t)(slash - value) >= len)
        return -1;
    snprintf(engine, len, "%.*s", (int)(slash - value), value);
    if (cmp_column_has(one, &col, 1, "--by", engine, err, errlen)) return -1;
    const char **orders = malloc((size_t)(f->table.nrows ? f->table.nrows : 1) * sizeof *orders);
    if (!orders) return snprintf(err, errlen, "out of memory"), -1;
    const int n = engine_orders(f, col, engine, oc, orders);
    int found = 0;
    for (int j = 0; j < n && !found; j++) found = !strcmp(orders[j], slash + 1);
    if (found) {
        *order = slash + 1, *order_col = oc;
    } else {
        char joined[300], list[300], hint[200], shown[200], word[150], name[150];
        pb_text_show(list, sizeof list, pb_names_join(orders, n, joined, sizeof joined));
        pb_text_show(shown, sizeof shown, pb_suggest_hint(slash + 1, orders, n, hint, sizeof hint));
        const int none = n == 1 && !strcmp(orders[0], "-");
        snprintf(err, errlen,
                 "%.300s: expected an order of engine %s for --by engine=ENGINE/ORDER, got '%s'; "
                 "%s%s%s",
                 f->path, pb_text_show(name, sizeof name, engine),
                 pb_text_show(word, sizeof word, slash + 1),
                 none ? "it has no cell order (order -): give the engine alone" : "its orders: ",
                 none ? "" : list, none ? "" : shown);
    }
    free(orders);
    return found ? 0 : -1;
}

int cmp_by_apart(const cmp_side *a, const cmp_side *b, char *err, size_t errlen)
{
    const cmp_file *f = a->file;
    for (long r = 0; r < f->table.nrows; r++) {
        if (!cmp_side_picks(a, &f->rows[r]) || !cmp_side_picks(b, &f->rows[r])) continue;
        char shown[300], x[300], y[300], order[150] = "";
        if (a->by_order || b->by_order) {
            const int oc = a->by_order ? a->order_col : b->order_col;
            char o[100];
            snprintf(order, sizeof order, " (order %s)",
                     pb_text_show(o, sizeof o, f->rows[r].cells[oc]));
        }
        snprintf(err, errlen,
                 "%s:%ld: --by: '%s'%s is both %s and %s: give values that tell the sides apart",
                 f->path, f->rows[r].line,
                 pb_text_show(shown, sizeof shown, f->rows[r].cells[a->by_col]), order,
                 cmp_side_by_text(a, x, sizeof x), cmp_side_by_text(b, y, sizeof y));
        return -1;
    }
    return 0;
}

/* value names an item NAME=... of this name (n bytes). */
static int names_item(const char *value, const char *name, size_t n)
{
    if (!strchr(value, '=')) return 0; /* a whole value names no items */
    for (const char *at = value;;) {
        const size_t len = strcspn(at, ";");
        const char *eq = memchr(at, '=', len);
        if (eq && (size_t)(eq - at) == n && !memcmp(at, name, n)) return 1;
        if (!at[len]) return 0;
        at += len + 1;
    }
}

size_t cmp_keep_items(const char *in, char *out, cmp_item_test *keep, const void *ctx)
{
    size_t at = 0;
    for (const char *p = in;;) {
        const size_t len = strcspn(p, ";");
        const int end = !p[len];
        if (keep(p, len, ctx)) {
            if (at) out[at++] = ';';
            memmove(out + at, p, len);
            at += len;
        }
        if (end) break;
        p += len + 1;
    }
    out[at] = 0;
    return at;
}

/* An item that neither --by value (ctx: two of them) names. */
static int unnamed(const char *item, size_t len, const void *ctx)
{
    const char *const *by = ctx;
    const char *eq = memchr(item, '=', len);
    const size_t name = eq ? (size_t)(eq - item) : len;
    return !names_item(by[0], item, name) && !names_item(by[1], item, name);
}

/* The rows of the sides, for the items that every one of them holds. */
typedef struct side_rows {
    char **rest;
    const char *side;
    long first, n;
} side_rows;

static int in_every_side_row(const char *item, size_t len, const void *ctx)
{
    const side_rows *s = ctx;
    int all = len > 0;
    for (long r = s->first + 1; r < s->n && all; r++)
        all = !s->side[r] || has_item(s->rest[r], item, len);
    return all;
}

static int not_common(const char *item, size_t len, const void *ctx)
{
    const char *common = ctx;
    return !common[0] || !has_item(common, item, len);
}

/* Drops from each of rest[0 .. n) the items that every row of the sides (side[r])
 * holds as they are: what is left tells the rows apart. Returns whether any is left
 * in a side's row (-1 when out of memory). */
static int drop_common(char **rest, const char *side, long n)
{
    side_rows s = {rest, side, 0, n};
    while (s.first < n && !side[s.first]) s.first++;
    if (s.first == n) return 0;
    char *common = strdup(rest[s.first]);
    if (!common) return -1;
    cmp_keep_items(common, common, in_every_side_row, &s);
    int left = 0;
    for (long r = 0; r < n; r++)
        left |= cmp_keep_items(rest[r], rest[r], not_common, common) && side[r];
    free(common);
    return left;
}

int cmp_by_rest_column(cmp_file *f, int col, const char *a, const char *b, char *err, size_t errlen)
{
    pb_table *t = &f->table;
    if (!strchr(a, '=') && !strchr(b, '=')) return 0;
    const long nrows = t->nrows ? t->nrows : 1;
    size_t room = 0;
    for (long r = 0; r < t->nrows; r++) room += strlen(f->rows[r].cells[col]) + 1;
    char *text = malloc(room ? room : 1), *side = malloc((size_t)nrows);
    char **rest = malloc((size_t)nrows * sizeof *rest);
    int left = -1;
    if (text && side && rest) {
        size_t at = 0;
        for (long r = 0; r < t->nrows; r++) {
            const char *v = f->rows[r].cells[col];
            rest[r] = text + at;
            at += cmp_keep_items(v, rest[r], unnamed, (const char *const[]){a, b}) + 1;
            side[r] = cmp_value_matches(v, a) || cmp_value_matches(v, b);
        }
        left = drop_common(rest, side, t->nrows);
    }
    if (left > 0) {
        left = cmp_file_append(f, 1, &t->cell[col], rest, text) ? -1 : 1;
        text = NULL;
    }
    free(text), free(side), free(rest);
    if (left < 0) return snprintf(err, errlen, "out of memory"), -1;
    return 0;
}

int cmp_file_append(cmp_file *f, int m, char *const *names, char *const *cells, char *text)
{
    pb_table *t = &f->table;
    const int n = t->ncols + m;
    char **added = realloc(f->added, (size_t)(f->nadded + 1) * sizeof *added);
    if (!added) return free(text), -1;
    f->added = added;
    f->added[f->nadded++] = text;
    char **cell = malloc((size_t)(t->nrows + 1) * (size_t)n * sizeof *cell);
    if (!cell) return -1;
    for (long r = 0; r <= t->nrows; r++) {
        memcpy(&cell[r * n], &t->cell[r * t->ncols], (size_t)t->ncols * sizeof *cell);
        memcpy(&cell[r * n + t->ncols], r ? &cells[(r - 1) * m] : names, (size_t)m * sizeof *cell);
    }
    for (long r = 0; r < t->nrows; r++) f->rows[r].cells = &cell[(r + 1) * n];
    free(t->cell);
    t->cell = cell;
    t->ncols = n;
    return 0;
}
