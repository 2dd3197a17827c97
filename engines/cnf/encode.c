/* encode.c — pb_cnf_encode: the direct encoding of a finished model (see cnf.h), and
 * pb_cnf_decode.
 *
 * Decisions that cnf.h leaves open, taken here:
 * - Variables: cell-major, values ascending within a cell (cell 0's values first);
 *   then the selectors, group by group in model order, one per admissible value set
 *   in the model's sum_set order. So selector k of sum group g stands for
 *   m->sum_set[m->sum_set_start[g] + k].
 * - Clause order: per cell (its at-least-one, then its at-most-one when pairwise),
 *   then per group (per value: at-most-one, then at-least-one), then the min-difference
 *   pairs, then the sum groups' selector clauses.
 * - A group gets at-least-one per value only when it is a plain group (no sum) with
 *   exactly nvalues cells whose domains together hold every value: then every value
 *   must appear. Elsewhere the at-most-ones and the cells' at-least-ones already make
 *   a short group (or a longer one, which can never be filled) right.
 * - A sum group still gets its plain at-most-one per value; its selectors add the
 *   rest. The "each value of the set appears" clauses are implied by the rest (a set
 *   has as many values as the group has cells) but help propagation, so they stay.
 * - A cell with an empty domain, or a sum group with no admissible value set, gives
 *   an EMPTY clause (the model has no solution). DIMACS allows it ("0" alone) and
 *   minisat and cadical accept it; a solver over pb_cnf must treat it as UNSAT.
 * - At-most-one over fewer than two literals is dropped; with PB_CNF_NATIVE_AMO an
 *   at-most-one over two literals is still kept as an amo entry, not a clause.
 * - With PB_CNF_OMIT_FIXED, a cell of one value has no variable and no clause of its
 *   own. A group's value that such a cell holds gets no at-most-one or at-least-one:
 *   its other cells' variables of that value are unit clauses [-x] instead, in that
 *   value's place, and a second such cell of the same value an empty clause. A pair
 *   with one fixed end makes the other end's values too near it units, with two an
 *   empty clause when they are too near. A sum group's selector whose set lacks a
 *   fixed cell's value is the unit [-s], first among the selector's clauses, and a
 *   set value some fixed cell holds needs no "sits in some cell" clause.
 * - pb_cnf_decode fills every cell: its value, 0 when no variable of it is true, -1
 *   when more than one is; it returns -1 when any cell got 0 or -1. Selectors are
 *   not looked at. */
#include "cnf.h"

#include <stdlib.h>
#include <string.h>

#include "../core/grow.h"

/* A growing int array. */
typedef struct ivec {
    int *a;
    size_t n, cap;
} ivec;

typedef struct svec {
    size_t *a;
    size_t n, cap;
} svec;

/* Room for k more in v: 0, or -1 out of memory. */
static int ivec_reserve(ivec *v, size_t k)
{
    if (v->n + k <= v->cap) return 0;
    int *q = pb_grow(v->a, &v->cap, v->n + k, sizeof *q, 256);
    if (!q) return -1;
    v->a = q;
    return 0;
}

static int svec_reserve(svec *v, size_t k)
{
    if (v->n + k <= v->cap) return 0;
    size_t *q = pb_grow(v->a, &v->cap, v->n + k, sizeof *q, 256);
    if (!q) return -1;
    v->a = q;
    return 0;
}

static int svec_push(svec *v, size_t x)
{
    if (svec_reserve(v, 1)) return -1;
    v->a[v->n++] = x;
    return 0;
}

typedef struct builder {
    ivec lits, amo_lits;
    svec starts, amo_starts; /* the ends of the clauses (amos) so far */
    const pb_cnf_sink *sink; /* non-NULL: clauses and lists go there, not into lits */
    const int *fixed;        /* PB_CNF_OMIT_FIXED: f->fixed_value, else NULL */
    int native;
    int failed;
} builder;

static void add_clause(builder *b, const int *lits, int n)
{
    if (b->sink) {
        if (!b->failed && b->sink->clause(b->sink->ctx, lits, n)) b->failed = 1;
        return;
    }
    if (ivec_reserve(&b->lits, (size_t)n)) {
        b->failed = 1;
        return;
    }
    /* A loop, not memcpy: the lists are a few literals long. */
    int *to = b->lits.a + b->lits.n;
    for (int i = 0; i < n; i++) to[i] = lits[i];
    b->lits.n += (size_t)n;
    if (svec_push(&b->starts, b->lits.n)) b->failed = 1;
}

static void add_amo(builder *b, const int *vars, int n)
{
    if (n < 2) return;
    if (b->native && b->sink) {
        if (!b->failed && b->sink->amo(b->sink->ctx, vars, n)) b->failed = 1;
        return;
    }
    if (b->native) {
        if (ivec_reserve(&b->amo_lits, (size_t)n)) {
            b->failed = 1;
            return;
        }
        int *to = b->amo_lits.a + b->amo_lits.n;
        for (int i = 0; i < n; i++) to[i] = vars[i];
        b->amo_lits.n += (size_t)n;
        if (svec_push(&b->amo_starts, b->amo_lits.n)) b->failed = 1;
        return;
    }
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++) {
            int c[2] = {-vars[i], -vars[j]};
            add_clause(b, c, 2);
        }
}

void pb_cnf_free(pb_cnf *f)
{
    if (!f) return;
    free(f->var_cell);
    free(f->var_value);
    free(f->cell_var);
    free(f->fixed_value);
    free(f->clause_start);
    free(f->lits);
    free(f->amo_start);
    free(f->amo_lits);
    free(f);
}

/* 1 when cell c has no variable: its one value is a constant. */
static inline int is_fixed(const builder *b, int c)
{
    return b->fixed && b->fixed[c];
}

/* Tells the sink's work hook of n units of work; 0, or -1 when it says stop. */
static int work_done(const pb_cnf_sink *sink, size_t n)
{
    return sink && sink->work && sink->work(sink->ctx, n) ? -1 : 0;
}

/* The variables: cell_var, var_cell, var_value; selectors after the cell variables;
 * with omit, fixed_value and no variable for a fixed cell. 0, or -1 out of memory or
 * when the sink's work hook says stop. */
static int number_vars(const pb_model *m, pb_cnf *f, int omit, const pb_cnf_sink *sink)
{
    const int nv = m->nvalues;
    f->cell_var = calloc((size_t)m->ncells * nv, sizeof *f->cell_var);
    if (!f->cell_var) return -1;
    if (omit) {
        if (!(f->fixed_value = calloc((size_t)m->ncells + 1, sizeof *f->fixed_value))) return -1;
        for (int c = 0; c < m->ncells; c++)
            if (__builtin_popcountll(m->domain[c]) == 1)
                f->fixed_value[c] = __builtin_ctzll(m->domain[c]) + 1;
    }
    int n = 0;
    for (int c = 0; c < m->ncells; c++) {
        if (omit && f->fixed_value[c]) continue;
        for (pb_mask d = m->domain[c]; d; d &= d - 1)
            f->cell_var[(size_t)c * nv + __builtin_ctzll(d)] = ++n;
        if (work_done(sink, (size_t)__builtin_popcountll(m->domain[c]))) return -1;
    }
    f->ncell_vars = n;
    for (int g = 0; m->nsums && g < m->ngroups; g++)
        n += m->sum_set_start[g + 1] - m->sum_set_start[g];
    f->nvars = n;
    f->var_cell = malloc(((size_t)n + 1) * sizeof *f->var_cell);
    f->var_value = malloc(((size_t)n + 1) * sizeof *f->var_value);
    if (!f->var_cell || !f->var_value) return -1;
    f->var_cell[0] = -1, f->var_value[0] = 0;
    for (int c = 0, x = 0; c < m->ncells; c++) {
        if (omit && f->fixed_value[c]) continue;
        for (pb_mask d = m->domain[c]; d; d &= d - 1)
            x++, f->var_cell[x] = c, f->var_value[x] = __builtin_ctzll(d) + 1;
        if (work_done(sink, (size_t)__builtin_popcountll(m->domain[c]))) return -1;
    }
    int s = f->ncell_vars;
    for (int g = 0; m->nsums && g < m->ngroups; g++)
        for (int k = m->sum_set_start[g]; k < m->sum_set_start[g + 1]; k++)
            s++, f->var_cell[s] = -1, f->var_value[s] = g;
    return 0;
}

/* Cell variables are numbered in order, so cell c's are first[c] + 1, + 2, ...: the
 * first of them is its lowest value's. */
static void encode_cells(const pb_model *m, builder *b, int *tmp)
{
    int x = 0;
    for (int c = 0; c < m->ncells && !b->failed; c++) {
        int n = 0;
        if (is_fixed(b, c)) continue;
        for (pb_mask d = m->domain[c]; d; d &= d - 1) tmp[n++] = ++x;
        add_clause(b, tmp, n);
        add_amo(b, tmp, n);
    }
}

/* bucket: nvalues rows of maxlen (the longest group), a group's variables sorted by
 * value, cells in group order within a value. */
static void encode_groups(const pb_model *m, const pb_cnf *f, builder *b, int *bucket, int maxlen)
{
    int cnt[64];
    for (int g = 0; g < m->ngroups && !b->failed; g++) {
        const int *cells = m->group_cells + m->group_start[g];
        int len = m->group_start[g + 1] - m->group_start[g];
        int plain = !m->group_sum || !m->group_sum[g];
        pb_mask uni = 0, held = 0; /* held: the fixed cells' values */
        int twice = 0;
        memset(cnt, 0, (size_t)m->nvalues * sizeof *cnt);
        for (int i = 0; i < len; i++) {
            pb_mask d = m->domain[cells[i]];
            uni |= d;
            if (is_fixed(b, cells[i])) {
                twice |= (held & d) != 0;
                held |= d;
                continue;
            }
            const int *cv = f->cell_var + (size_t)cells[i] * m->nvalues;
            for (; d; d &= d - 1) {
                int k = __builtin_ctzll(d);
                bucket[k * maxlen + cnt[k]++] = cv[k];
            }
        }
        int every = plain && len == m->nvalues && uni == PB_FULL(m->nvalues);
        if (twice) add_clause(b, NULL, 0);
        for (int k = 0; k < m->nvalues; k++) {
            if (held >> k & 1) {
                for (int i = 0; i < cnt[k]; i++) {
                    int unit = -bucket[k * maxlen + i];
                    add_clause(b, &unit, 1);
                }
                continue;
            }
            add_amo(b, bucket + k * maxlen, cnt[k]);
            if (every) add_clause(b, bucket + k * maxlen, cnt[k]);
        }
    }
}

/* With one end of a pair fixed to v: the units [-x] for the other end's values too
 * near v; with both, the empty clause when they are too near. */
static void encode_fixed_pair(const pb_model *m, const pb_cnf *f, builder *b, int a, int c)
{
    int va = f->fixed_value[a], vc = f->fixed_value[c];
    if (va && vc) {
        if (abs(va - vc) < m->min_diff) add_clause(b, NULL, 0);
        return;
    }
    int open = va ? c : a, v = va ? va : vc;
    for (int w = 1; w <= m->nvalues; w++) {
        int x = pb_cnf_var(f, open, w);
        if (x && abs(v - w) < m->min_diff) {
            int unit = -x;
            add_clause(b, &unit, 1);
        }
    }
}

static void encode_pairs(const pb_model *m, const pb_cnf *f, builder *b)
{
    if (m->min_diff <= 0) return;
    for (int i = 0; i < m->npairs && !b->failed; i++) {
        int a = m->pairs[i][0], c = m->pairs[i][1];
        if (is_fixed(b, a) || is_fixed(b, c)) {
            encode_fixed_pair(m, f, b, a, c);
            continue;
        }
        for (int v = 1; v <= m->nvalues; v++) {
            if (!pb_cnf_var(f, a, v)) continue;
            for (int w = 1; w <= m->nvalues; w++)
                if (pb_cnf_var(f, c, w) && abs(v - w) < m->min_diff) {
                    int cl[2] = {-pb_cnf_var(f, a, v), -pb_cnf_var(f, c, w)};
                    add_clause(b, cl, 2);
                }
        }
    }
}

static void encode_sums(const pb_model *m, const pb_cnf *f, builder *b, int *tmp)
{
    int sel = f->ncell_vars; /* the last selector numbered so far */
    for (int g = 0; m->nsums && g < m->ngroups && !b->failed; g++) {
        if (!m->group_sum[g]) continue;
        const int *cells = m->group_cells + m->group_start[g];
        int len = m->group_start[g + 1] - m->group_start[g];
        int first = sel + 1, nsets = m->sum_set_start[g + 1] - m->sum_set_start[g];
        for (int k = 0; k < nsets; k++) tmp[k] = first + k;
        add_clause(b, tmp, nsets); /* empty when no set fills the group */
        add_amo(b, tmp, nsets);
        pb_mask held = 0; /* the fixed cells' values */
        for (int i = 0; i < len; i++)
            if (is_fixed(b, cells[i])) held |= PB_BIT(f->fixed_value[cells[i]]);
        for (int k = 0; k < nsets; k++) {
            pb_mask set = m->sum_set[m->sum_set_start[g] + k];
            int s = first + k;
            if (held & ~set) {
                int unit = -s;
                add_clause(b, &unit, 1);
            }
            /* s -> no cell takes a value outside the set */
            for (int i = 0; i < len; i++)
                for (int v = 1; v <= m->nvalues; v++) {
                    int x = pb_cnf_var(f, cells[i], v);
                    if (x && !(set & PB_BIT(v))) {
                        int cl[2] = {-s, -x};
                        add_clause(b, cl, 2);
                    }
                }
            /* s -> each value of the set sits in some cell */
            for (int v = 1; v <= m->nvalues; v++) {
                if (!(set & PB_BIT(v)) || (held & PB_BIT(v))) continue;
                int n = 0;
                tmp[n++] = -s;
                for (int i = 0; i < len; i++)
                    if (pb_cnf_var(f, cells[i], v)) tmp[n++] = pb_cnf_var(f, cells[i], v);
                add_clause(b, tmp, n);
            }
        }
        sel += nsets;
    }
}

pb_cnf *pb_cnf_encode(const pb_model *m, int flags)
{
    return pb_cnf_encode_into(m, flags, NULL);
}

pb_cnf *pb_cnf_encode_into(const pb_model *m, int flags, const pb_cnf_sink *sink)
{
    if (!m || !m->finished) return NULL;
    pb_cnf *f = calloc(1, sizeof *f);
    if (!f) return NULL;
    f->ncells = m->ncells;
    f->nvalues = m->nvalues;
    builder b = {.native = (flags & PB_CNF_NATIVE_AMO) != 0, .sink = sink};
    const int omit = (flags & PB_CNF_OMIT_FIXED) != 0;
    /* With a sink, nothing is stored: no room to reserve. */
    size_t room = sink ? 0 : 1 + (size_t)m->ncells + (size_t)m->ngroups * (size_t)m->nvalues;
    /* tmp holds one clause or at-most-one: at most a group's cells, a cell's values,
     * or a sum group's sets (plus one selector literal). */
    size_t tmpn = (size_t)m->ncells + (size_t)m->nvalues + 2;
    for (int g = 0; m->nsums && g < m->ngroups; g++) {
        size_t k = (size_t)(m->sum_set_start[g + 1] - m->sum_set_start[g]) + 1;
        if (k > tmpn) tmpn = k;
    }
    int maxlen = 1;
    for (int g = 0; g < m->ngroups; g++)
        if (m->group_start[g + 1] - m->group_start[g] > maxlen)
            maxlen = m->group_start[g + 1] - m->group_start[g];
    size_t nbucket = (size_t)maxlen * (size_t)m->nvalues;
    if (nbucket > tmpn) tmpn = nbucket;
    int *tmp = malloc(tmpn * sizeof *tmp);
    /* Room for a sudoku-like model's clauses from the start: a variable sits in about
     * four lists (its cell's and one per group), a clause or list per cell and per
     * group value. */
    if (!tmp || number_vars(m, f, omit, sink) || svec_reserve(&b.starts, room) ||
        svec_push(&b.starts, 0) || ivec_reserve(&b.lits, sink ? 0 : 4 * (size_t)f->ncell_vars) ||
        (b.native && (svec_reserve(&b.amo_starts, room) || svec_push(&b.amo_starts, 0) ||
                      ivec_reserve(&b.amo_lits, sink ? 0 : 4 * (size_t)f->ncell_vars))) ||
        (sink && sink->begin && sink->begin(sink->ctx, f))) {
        b.failed = 1;
    } else {
        b.fixed = f->fixed_value;
        encode_cells(m, &b, tmp);
        encode_groups(m, f, &b, tmp, maxlen);
        encode_pairs(m, f, &b);
        encode_sums(m, f, &b, tmp);
    }
    free(tmp);
    if (b.failed) {
        free(b.lits.a), free(b.starts.a), free(b.amo_lits.a), free(b.amo_starts.a);
        pb_cnf_free(f);
        return NULL;
    }
    f->nclauses = b.starts.n - 1;
    f->clause_start = b.starts.a;
    /* An empty array is still a valid pointer for the callers. */
    f->lits = b.lits.a ? b.lits.a : malloc(sizeof *f->lits);
    if (b.native) {
        f->namo = b.amo_starts.n - 1;
        f->amo_start = b.amo_starts.a;
        f->amo_lits = b.amo_lits.a ? b.amo_lits.a : malloc(sizeof *f->amo_lits);
    } else {
        f->amo_start = calloc(1, sizeof *f->amo_start);
        f->amo_lits = malloc(sizeof *f->amo_lits);
    }
    if (!f->lits || !f->amo_start || !f->amo_lits) {
        pb_cnf_free(f);
        return NULL;
    }
    return f;
}

int pb_cnf_decode(const pb_cnf *f, const unsigned char *truth, int *values)
{
    int bad = 0;
    for (int c = 0; c < f->ncells; c++) {
        int fixed = f->fixed_value ? f->fixed_value[c] : 0, got = fixed;
        for (int v = 1; v <= f->nvalues && !fixed; v++) {
            int x = pb_cnf_var(f, c, v);
            if (x && truth[x]) got = got ? -1 : v;
        }
        values[c] = got;
        if (got <= 0) bad = 1;
    }
    return bad ? -1 : 0;
}
