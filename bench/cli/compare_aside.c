/* compare_aside.c — two runs with different settings (a sweep with --params
 * luby-unit=20 against one with luby-unit=400, threads 1 against 4, a sweep of restart
 * alone against one of learn alone, or, within one file, --by engine=restart,learn,
 * each engine with parameters of its own): a setting that every row of OLD holds at
 * one value and every row of NEW at another is what tells the two runs apart, as
 * --by's column does within one file. It is set aside, so that the rows pair on their
 * other keys, and the output says so. The settings are threads, engine_seed, and each
 * item of params (NAME=VALUE) on its own: the rows of other engines, or with other
 * items, keep theirs; where the sides are engines, the engine and its cell order too.
 * A setting that a side holds at several values stays a key: which of them would pair
 * is not for compare to guess. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare.h"

/* The key columns whose value is a setting of the run as a whole; params is set
 * aside item by item. */
static const char *const whole[] = {"threads", "engine_seed"};
enum { NWHOLE = sizeof whole / sizeof whole[0] };

/* A whole setting of the sides: threads, engine_seed, and, where they are two engines,
 * the engine (between two files; --by's is no key) and the cell order each runs in
 * (--by engine=backtrack/mrv,propagate/row). */
static int whole_setting(const cmp_side *s, const char *column)
{
    for (int w = 0; w < NWHOLE; w++)
        if (!strcmp(column, whole[w])) return 1;
    return s->engines && (!strcmp(column, "order") || !strcmp(column, "engine"));
}

int cmp_is_setting(const cmp_side *s, const char *column)
{
    return whole_setting(s, column) || !strcmp(column, "params");
}

static int lacks(const char *value)
{
    return !strcmp(value, "-");
}

/* The one value other than "-" that s's rows hold in column col; NULL when they hold
 * none or several. */
static const char *one_value(const cmp_side *s, int col)
{
    const char *v = NULL;
    for (long r = 0; r < s->file->table.nrows; r++) {
        const cmp_row *row = &s->file->rows[r];
        const char *x = row->cells[col];
        if (!cmp_side_keeps(s, row) || lacks(x)) continue;
        if (v && strcmp(v, x)) return NULL;
        v = x;
    }
    return v;
}

int cmp_sides_engines(const cmp_side *old, const cmp_side *new_)
{
    if (old->by_col >= 0) return !strcmp(old->file->table.cell[old->by_col], "engine");
    const int co = pb_table_column(&old->file->table, "engine"),
              cn = pb_table_column(&new_->file->table, "engine");
    const char *vo = co >= 0 && cn >= 0 ? one_value(old, co) : NULL;
    const char *vn = vo ? one_value(new_, cn) : NULL;
    return vn && strcmp(vo, vn);
}

/* How a side's rows that have an item hold it. */
enum { HELD_NONE, HELD_ONE, HELD_SEVERAL };

/* How s's rows hold item name (n bytes): none of them has it, they hold one value (its
 * start in *v, its length in *len), or several. */
static int item_held(const cmp_side *s, int col, const char *name, size_t n, const char **v,
                     size_t *len)
{
    *v = NULL, *len = 0;
    for (long r = 0; r < s->file->table.nrows; r++) {
        const cmp_row *row = &s->file->rows[r];
        size_t l;
        const char *x = cmp_item_value(row->cells[col], name, n, &l);
        if (!x || !cmp_side_keeps(s, row)) continue;
        if (*v && (l != *len || memcmp(*v, x, l))) return HELD_SEVERAL;
        *v = x, *len = l;
    }
    return *v ? HELD_ONE : HELD_NONE;
}

/* Records a setting set aside: column, item (NULL: the whole column) and the two
 * values. 0, or -1 when out of memory. */
static int add_one(cmp_aside *a, const char *column, const char *item, size_t item_len,
                   const char *old_value, size_t old_len, const char *new_value, size_t new_len)
{
    cmp_aside_one *one = realloc(a->one, (size_t)(a->n + 1) * sizeof *one);
    if (!one) return -1;
    a->one = one;
    one = &a->one[a->n++];
    *one = (cmp_aside_one){column, item ? strndup(item, item_len) : NULL,
                           strndup(old_value, old_len), strndup(new_value, new_len)};
    return (item && !one->item) || !one->old_value || !one->new_value ? -1 : 0;
}

/* An item name met before: where it starts, and its length. */
typedef struct name_seen {
    const char *at;
    size_t n;
} name_seen;

/* Where the sides are two engines (--by engine=A,B, or two files of one engine each),
 * an engine's parameters are its own (restart's restart-steps, learn's luby-unit): an
 * item that one side's rows lack, while they hold items of their own, is that
 * engine's setting, and the side holds it as "-". Elsewhere the runs are of the same
 * engines, and an item is set aside only where both sides hold it. */
static int lone_items(const cmp_side *old, const cmp_side *new_, const int col[2])
{
    const cmp_side *const side[2] = {old, new_};
    if (!old->engines) return 0;
    for (int i = 0; i < 2; i++) {
        long r = 0;
        const cmp_file *f = side[i]->file;
        while (r < f->table.nrows &&
               (!cmp_side_keeps(side[i], &f->rows[r]) || lacks(f->rows[r].cells[col[i]])))
            r++;
        if (r == f->table.nrows) return 0; /* an engine without parameters: "-" */
    }
    return 1;
}

/* Item name (n bytes) in column col[0] of old's rows and col[1] of new's: set aside
 * when each side holds one value of it and the two differ, or, lone, when one side
 * lacks it and the other holds one value. 0, or -1 when out of memory. */
static int item_aside(cmp_aside *a, const cmp_side *old, const cmp_side *new_, const int col[2],
                      const char *column, const char *name, size_t n, int lone)
{
    const char *vo, *vn;
    size_t lo, ln;
    const int ho = item_held(old, col[0], name, n, &vo, &lo),
              hn = item_held(new_, col[1], name, n, &vn, &ln);
    if (ho == HELD_ONE && hn == HELD_ONE)
        return lo != ln || memcmp(vo, vn, lo) ? add_one(a, column, name, n, vo, lo, vn, ln) : 0;
    if (!lone || ho == HELD_SEVERAL || hn == HELD_SEVERAL) return 0;
    return ho == HELD_ONE ? add_one(a, column, name, n, vo, lo, "-", 1)
                          : add_one(a, column, name, n, "-", 1, vn, ln);
}

/* Sets aside the params items (column col[0] in old, col[1] in new) that item_aside
 * takes, each item name once, in the order of the rows: old's, then new's. 0, or -1
 * when out of memory. */
static int find_items(cmp_aside *a, const cmp_side *old, const cmp_side *new_, const int col[2],
                      const char *column)
{
    const cmp_side *const side[2] = {old, new_};
    const int lone = lone_items(old, new_, col);
    name_seen *seen = NULL;
    size_t nseen = 0, room = 0;
    int rc = 0;
    for (int i = 0; i < 2 && !rc; i++) {
        const cmp_file *f = side[i]->file;
        for (long r = 0; r < f->table.nrows && !rc; r++) {
            if (!cmp_side_keeps(side[i], &f->rows[r])) continue;
            for (const char *at = f->rows[r].cells[col[i]]; !rc;) {
                const size_t l = strcspn(at, ";");
                const char *eq = memchr(at, '=', l);
                const size_t n = eq ? (size_t)(eq - at) : 0;
                int known = !n;
                for (size_t q = 0; q < nseen && !known; q++)
                    known = seen[q].n == n && !memcmp(seen[q].at, at, n);
                if (!known && nseen == room) {
                    name_seen *more = realloc(seen, (room = 2 * room + 8) * sizeof *more);
                    if (!more) rc = -1;
                    seen = more ? more : seen;
                }
                if (!known && !rc) {
                    seen[nseen++] = (name_seen){at, n};
                    rc = item_aside(a, old, new_, col, column, at, n, lone);
                }
                if (!at[l]) break;
                at += l + 1;
            }
        }
    }
    free(seen);
    return rc;
}

/* The settings set aside (a) and the column whose items a test reads. */
typedef struct aside_column {
    const cmp_aside *a;
    const char *column;
} aside_column;

/* An item (len bytes) whose name none of the column's items set aside names. */
static int not_set_aside(const char *p, size_t l, const void *ctx)
{
    const aside_column *c = ctx;
    for (int i = 0; i < c->a->n; i++) {
        const char *item = c->a->one[i].item;
        const size_t n = item ? strlen(item) : 0;
        if (item && !strcmp(c->a->one[i].column, c->column) && l > n && p[n] == '=' &&
            !memcmp(p, item, n))
            return 0;
    }
    return 1;
}

/* Appends to out (at *at) the items of cell whose names a's params items do not name,
 * ';'-joined, then a NUL. */
static void rest_items(const cmp_aside *a, const char *column, const char *cell, char *out,
                       size_t *at)
{
    *at += cmp_keep_items(cell, out + *at, not_set_aside, &(aside_column){a, column}) + 1;
}

/* Gives side s's file a column for each key k with aside[k] set: "*" in place of a
 * whole setting's value ("-" kept: a row without the setting), a params value less
 * the items set aside; s's match keys name them. 0, or -1 when out of memory. */
static int add_columns(cmp_aside *a, const cmp_side *s, int side, const char *const *names,
                       int nkey, int m)
{
    cmp_file *f = s->file;
    const long nrows = f->table.nrows;
    size_t room = 2;
    for (int k = 0; k < nkey; k++)
        for (long r = 0; a->key[k] && r < nrows; r++)
            room += strlen(f->rows[r].cells[s->key[k]]) + 1;
    char *text = malloc(room),
         **cells = malloc((size_t)(nrows ? nrows : 1) * (size_t)m * sizeof *cells);
    char **header = malloc((size_t)m * sizeof *header);
    if (!text || !cells || !header) return free(text), free(cells), free(header), -1;
    size_t at = 2;
    strcpy(text, "*");
    for (int k = 0, j = 0; k < nkey; k++) {
        if (!a->key[k]) continue;
        const int col = s->key[k], items = !strcmp(names[k], "params");
        header[j] = f->table.cell[col];
        for (long r = 0; r < nrows; r++) {
            char *v = f->rows[r].cells[col];
            if (items) {
                cells[r * m + j] = text + at;
                rest_items(a, names[k], v, text, &at);
            } else {
                cells[r * m + j] = lacks(v) ? v : text;
            }
        }
        a->match[side][k] = f->table.ncols + j++;
    }
    const int rc = cmp_file_append(f, m, header, cells, text);
    free(cells), free(header);
    return rc;
}

int cmp_aside_find(cmp_aside *a, const cmp_side *old, const cmp_side *new_,
                   const char *const *names, int nkey)
{
    *a = (cmp_aside){0};
    a->key = calloc((size_t)(nkey ? nkey : 1), 1);
    a->match[0] = malloc((size_t)(nkey ? nkey : 1) * sizeof *a->match[0]);
    a->match[1] = malloc((size_t)(nkey ? nkey : 1) * sizeof *a->match[1]);
    if (!a->key || !a->match[0] || !a->match[1]) return cmp_aside_free(a), -1;
    memcpy(a->match[0], old->key, (size_t)nkey * sizeof *a->match[0]);
    memcpy(a->match[1], new_->key, (size_t)nkey * sizeof *a->match[1]);
    int m = 0;
    for (int k = 0; k < nkey; k++) {
        const int before = a->n;
        if (!strcmp(names[k], "params")) {
            if (find_items(a, old, new_, (const int[]){old->key[k], new_->key[k]}, names[k]))
                return cmp_aside_free(a), -1;
        } else {
            const char *vo = whole_setting(old, names[k]) ? one_value(old, old->key[k]) : NULL;
            const char *vn = vo ? one_value(new_, new_->key[k]) : NULL;
            if (vn && strcmp(vo, vn) &&
                add_one(a, names[k], NULL, 0, vo, strlen(vo), vn, strlen(vn)))
                return cmp_aside_free(a), -1;
        }
        m += a->key[k] = a->n > before;
    }
    a->one_file = old->file == new_->file;
    if (m && (add_columns(a, old, 0, names, nkey, m) ||
              (!a->one_file && add_columns(a, new_, 1, names, nkey, m))))
        return cmp_aside_free(a), -1;
    /* --by's two sides are rows of one file: they pair on the same columns */
    if (a->one_file) memcpy(a->match[1], a->match[0], (size_t)nkey * sizeof *a->match[1]);
    return 0;
}

void cmp_aside_free(cmp_aside *a)
{
    for (int i = 0; i < a->n; i++)
        free(a->one[i].item), free(a->one[i].old_value), free(a->one[i].new_value);
    free(a->one), free(a->key), free(a->match[0]), free(a->match[1]);
    *a = (cmp_aside){0};
}
