/* kakuro_engines_check.h — what the tests of the engines on sum groups check them
 * with: a model written down independently of pb_model, a brute force over it, the
 * reference searches (seed 001's checker, the seed-000 backtracking with sum bounds)
 * written from their descriptions, not from the engines, and the checks of every
 * engine's counts, solutions and steps against them. Static inline, so that each
 * test's CHECKs count in its own file (check.h). */
#ifndef PB_KAKURO_ENGINES_CHECK_H
#define PB_KAKURO_ENGINES_CHECK_H

#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "engines.h"
#include "core/engine.h"
#include "core/limiter.h"
#include "core/rng.h"
#include "kakuro/kakuro.h"
#include "sudoku/sudoku.h"
#define MAXC  48
#define MAXG  48
#define MAXGC 256
#define MAXP  64

/* A model written down independently of pb_model, so the brute force and the
 * reference searches below read nothing the engines compute. */
typedef struct spec {
    int ncells, nvalues, min_diff;
    pb_mask domain[MAXC];
    int ngroups, gstart[MAXG + 1], gcells[MAXGC], gsum[MAXG]; /* gsum 0: plain group */
    int npairs, pairs[MAXP][2];
    int rows, cols, row[MAXC], col[MAXC];
    const char *kind; /* the model's kind: "kakuro" lets plain groups be runs */
} spec;

static inline void spec_init(spec *sp, int ncells, int nvalues)
{
    memset(sp, 0, sizeof *sp);
    sp->ncells = ncells;
    sp->nvalues = nvalues;
    for (int c = 0; c < ncells; c++) sp->domain[c] = PB_FULL(nvalues);
    sp->rows = 1, sp->cols = ncells;
    for (int c = 0; c < ncells; c++) sp->row[c] = 0, sp->col[c] = c;
}

static inline void spec_group(spec *sp, const int *cells, int len, int sum)
{
    int at = sp->gstart[sp->ngroups];
    memcpy(sp->gcells + at, cells, (size_t)len * sizeof *cells);
    sp->gsum[sp->ngroups++] = sum;
    sp->gstart[sp->ngroups] = at + len;
}

static inline pb_model *spec_model(const spec *sp)
{
    pb_model *m = pb_model_new(sp->ncells, sp->nvalues);
    if (!m) return NULL;
    for (int c = 0; c < sp->ncells; c++) m->domain[c] = sp->domain[c];
    for (int g = 0; g < sp->ngroups; g++) {
        const int *cells = sp->gcells + sp->gstart[g], len = sp->gstart[g + 1] - sp->gstart[g];
        int rc = sp->gsum[g] ? pb_model_add_sum_group(m, cells, len, sp->gsum[g])
                             : pb_model_add_group(m, cells, len);
        CHECK(rc == 0);
    }
    m->min_diff = sp->min_diff;
    for (int i = 0; i < sp->npairs; i++)
        CHECK(pb_model_add_pair(m, sp->pairs[i][0], sp->pairs[i][1]) == 0);
    CHECK(pb_model_set_layout(m, sp->rows, sp->cols, sp->row, sp->col) == 0);
    CHECK(pb_model_finish(m) == 0);
    m->kind = sp->kind;
    return m;
}

static inline int spec_in_group(const spec *sp, int g, int c)
{
    for (int i = sp->gstart[g]; i < sp->gstart[g + 1]; i++)
        if (sp->gcells[i] == c) return 1;
    return 0;
}

/* The rules, checked directly on a complete vector. */
static inline int spec_check(const spec *sp, const int *v)
{
    for (int c = 0; c < sp->ncells; c++)
        if (v[c] < 1 || v[c] > sp->nvalues || !(sp->domain[c] >> (v[c] - 1) & 1)) return 0;
    for (int g = 0; g < sp->ngroups; g++) {
        int total = 0;
        for (int i = sp->gstart[g]; i < sp->gstart[g + 1]; i++) {
            total += v[sp->gcells[i]];
            for (int j = sp->gstart[g]; j < i; j++)
                if (v[sp->gcells[i]] == v[sp->gcells[j]]) return 0;
        }
        if (sp->gsum[g] && total != sp->gsum[g]) return 0;
    }
    for (int i = 0; i < sp->npairs; i++)
        if (abs(v[sp->pairs[i][0]] - v[sp->pairs[i][1]]) < sp->min_diff) return 0;
    return 1;
}

/* ---- brute force: cells in index order, values ascending; a partial assignment
 * is dropped when it repeats a value in a group, breaks a pair, or is part of no
 * set of distinct values that adds up to a group's sum (the sets listed here by
 * walking every subset) ---- */
#define MAXSETS 128

typedef struct brute {
    const spec *sp;
    int v[MAXC];
    uint64_t count, nodes, max_nodes;
    int first[MAXC], last[MAXC];
    int nsets[MAXG];
    pb_mask sets[MAXG][MAXSETS];
    int ncg[MAXC], cg[MAXC][8]; /* the groups of each cell */
} brute;

static inline void brute_rec(brute *b, int c)
{
    const spec *sp = b->sp;
    if (c == sp->ncells) {
        if (b->count++ == 0) memcpy(b->first, b->v, sizeof b->v);
        memcpy(b->last, b->v, sizeof b->v);
        return;
    }
    for (int x = 1; x <= sp->nvalues && b->nodes < b->max_nodes; x++) {
        if (!(sp->domain[c] >> (x - 1) & 1)) continue;
        b->nodes++;
        int ok = 1;
        for (int k = 0; k < b->ncg[c] && ok; k++) {
            const int g = b->cg[c][k];
            pb_mask placed = PB_BIT(x);
            for (int i = sp->gstart[g]; i < sp->gstart[g + 1]; i++) {
                int q = sp->gcells[i];
                if (q < 0 || q >= c) continue;
                if (placed & PB_BIT(b->v[q])) ok = 0;
                placed |= PB_BIT(b->v[q]);
            }
            if (!ok || !sp->gsum[g]) continue;
            ok = 0;
            for (int i = 0; i < b->nsets[g] && !ok; i++) ok = (b->sets[g][i] & placed) == placed;
        }
        for (int i = 0; i < sp->npairs && ok; i++) {
            int a = sp->pairs[i][0], q = sp->pairs[i][1];
            if (q == c) q = a, a = c;
            if (a == c && q >= 0 && q < c && abs(b->v[q] - x) < sp->min_diff) ok = 0;
        }
        if (!ok) continue;
        b->v[c] = x;
        brute_rec(b, c + 1);
    }
}

/* Counts sp's solutions into b; 0 when it gave up after max_nodes values tried. */
static inline int brute_count(const spec *sp, uint64_t max_nodes, brute *b)
{
    memset(b, 0, sizeof *b);
    b->sp = sp;
    b->max_nodes = max_nodes;
    for (int g = 0; g < sp->ngroups; g++) {
        for (int i = sp->gstart[g]; i < sp->gstart[g + 1]; i++) {
            int c = sp->gcells[i];
            if (c >= 0 && b->ncg[c] < 8) b->cg[c][b->ncg[c]++] = g;
        }
        if (!sp->gsum[g]) continue;
        for (pb_mask set = 1; set < ((pb_mask)1 << sp->nvalues); set++) {
            int total = 0, k = 0;
            for (int d = 1; d <= sp->nvalues; d++)
                if (set & PB_BIT(d)) total += d, k++;
            if (k == sp->gstart[g + 1] - sp->gstart[g] && total == sp->gsum[g] &&
                b->nsets[g] < MAXSETS)
                b->sets[g][b->nsets[g]++] = set;
        }
    }
    brute_rec(b, 0);
    return b->nodes < max_nodes;
}

/* ---- reference searches, written from the descriptions, not from the engines:
 * seed 001's checker (desc = 1, unique sums restricted) and `backtrack` with sum
 * bounds (desc = 0). Givens first, not counted; a placement is a value written, a
 * backtrack a cell with no value left; stop after `cap` solutions (0: none). ---- */
typedef struct ref {
    const spec *sp;
    int desc;
    int v[MAXC], open[MAXC], nopen;
    pb_mask dom[MAXC];
    uint64_t placements, backtracks, solutions, cap;
    int stop;
    int ncg[MAXC], cg[MAXC][8]; /* the groups of each cell */
} ref;

static inline int digit_sets(int nvalues, int len, int sum, pb_mask *only)
{
    int n = 0;
    for (pb_mask s = 1; s < ((pb_mask)1 << nvalues); s++) {
        int t = 0, k = 0;
        for (int d = 1; d <= nvalues; d++)
            if (s >> (d - 1) & 1) t += d, k++;
        if (k == len && t == sum) n++, *only = s;
    }
    return n;
}

/* Whether group g can still be completed: its open cells (not counting c, which
 * would take x) need between the smallest and the largest total of that many
 * distinct values it has not used. */
static inline int ref_reachable(const ref *r, int g, int c, int x)
{
    const spec *sp = r->sp;
    int total = x, open = 0;
    pb_mask used = x ? PB_BIT(x) : 0;
    for (int i = sp->gstart[g]; i < sp->gstart[g + 1]; i++) {
        int q = sp->gcells[i];
        if (q == c) continue;
        if (r->v[q])
            total += r->v[q], used |= PB_BIT(r->v[q]);
        else
            open++;
    }
    int lo = 0, hi = 0, k = 0;
    for (int d = 1; d <= sp->nvalues && k < open; d++)
        if (!(used & PB_BIT(d))) lo += d, k++;
    if (k < open) return 0;
    k = 0;
    for (int d = sp->nvalues; d >= 1 && k < open; d--)
        if (!(used & PB_BIT(d))) hi += d, k++;
    int need = sp->gsum[g] - total;
    return lo <= need && need <= hi;
}

/* Whether x may go into cell c: no repeat in its groups, no pair too close, and
 * (with bounds) every sum group of c still reachable. */
static inline int ref_fits(const ref *r, int c, int x, int bounds)
{
    const spec *sp = r->sp;
    for (int k = 0; k < r->ncg[c]; k++) {
        const int g = r->cg[c][k];
        for (int i = sp->gstart[g]; i < sp->gstart[g + 1]; i++)
            if (sp->gcells[i] != c && r->v[sp->gcells[i]] == x) return 0;
        if (bounds && sp->gsum[g] && !ref_reachable(r, g, c, x)) return 0;
    }
    for (int i = 0; i < sp->npairs; i++) {
        int a = sp->pairs[i][0], q = sp->pairs[i][1];
        if (q == c) q = a, a = c;
        if (a == c && r->v[q] && abs(r->v[q] - x) < sp->min_diff) return 0;
    }
    return 1;
}

static inline void ref_rec(ref *r, int i)
{
    if (i == r->nopen) {
        r->solutions++;
        if (r->cap && r->solutions >= r->cap) r->stop = 1;
        return;
    }
    const int c = r->open[i], nv = r->sp->nvalues;
    for (int k = 0; k < nv; k++) {
        int x = r->desc ? nv - k : k + 1;
        if (!(r->dom[c] & PB_BIT(x)) || !ref_fits(r, c, x, 1)) continue;
        r->placements++;
        r->v[c] = x;
        ref_rec(r, i + 1);
        if (r->stop) return;
        r->v[c] = 0;
    }
    r->backtracks++;
}

static inline void ref_run(const spec *sp, int desc, uint64_t cap, ref *r)
{
    memset(r, 0, sizeof *r);
    r->sp = sp, r->desc = desc, r->cap = cap;
    for (int g = 0; g < sp->ngroups; g++)
        for (int i = sp->gstart[g]; i < sp->gstart[g + 1]; i++) {
            int c = sp->gcells[i];
            if (c >= 0 && r->ncg[c] < 8) r->cg[c][r->ncg[c]++] = g;
        }
    for (int c = 0; c < sp->ncells; c++) r->dom[c] = sp->domain[c];
    if (desc) /* the seed: cells of unique-sum runs keep only that sum's digits */
        for (int g = 0; g < sp->ngroups; g++) {
            pb_mask only = 0;
            int len = sp->gstart[g + 1] - sp->gstart[g];
            if (digit_sets(sp->nvalues, len, sp->gsum[g], &only) != 1) continue;
            for (int i = sp->gstart[g]; i < sp->gstart[g + 1]; i++) r->dom[sp->gcells[i]] &= only;
        }
    for (int c = 0; c < sp->ncells; c++) {
        pb_mask d = sp->domain[c];
        if (d && !(d & (d - 1))) {
            int x = __builtin_ctzll(d) + 1;
            if (!ref_fits(r, c, x, 0)) return; /* clashing givens: nothing to search */
            r->v[c] = x;
        } else {
            r->open[r->nopen++] = c;
        }
    }
    for (int g = 0; g < sp->ngroups; g++)
        if (sp->gsum[g] && !ref_reachable(r, g, -1, 0)) return;
    ref_rec(r, 0);
}

/* ---- running the engines ---- */
typedef struct trace_count {
    uint64_t place, back, sol, start;
} trace_count;

static inline void count_events(void *ctx, const pb_model *m, const int *values, int cell,
                                pb_event ev, uint64_t step)
{
    (void)m, (void)values, (void)cell, (void)step;
    trace_count *t = ctx;
    if (ev == PB_EV_START) t->start++;
    if (ev == PB_EV_PLACE) t->place++;
    if (ev == PB_EV_BACKTRACK) t->back++;
    if (ev == PB_EV_SOLUTION) t->sol++;
}

static uint64_t step_budget; /* 0: none */
enum { STEP_BUDGET = 1500000 };

static inline pb_status run(const pb_engine *e, const pb_model *m, pb_mode mode,
                            const pb_order *order, uint64_t max_solutions, int threads, int *first,
                            int *last, pb_stats *st)
{
    pb_run how = {.mode = mode, .order = order, .threads = threads};
    how.limits.max_solutions = max_solutions;
    how.limits.max_steps = step_budget;
    how.limits.max_seconds = 60;
    pb_result res = {.first = first, .last = last};
    pb_status s = pb_engine_run(e, m, &how, &res);
    *st = res.stats;
    return s;
}

static inline int same(const int *a, const int *b, int n)
{
    return !memcmp(a, b, (size_t)n * sizeof *a);
}

static inline double open_product(const spec *sp)
{
    double p = 1;
    for (int c = 0; c < sp->ncells; c++) {
        int k = __builtin_popcountll(sp->domain[c]);
        if (k > 1) p *= k;
    }
    return p;
}

static int engines_checked, runs_checked, runs_too_long;

/* Every accepting engine, every order it honours: exact counts, valid solutions. */
static inline void check_engines(const spec *sp, const pb_model *m, const brute *b)
{
    const int n = sp->ncells;
    const pb_order *orders[] = {NULL, pb_order_find("degree"), pb_order_find("mrv")};
    CHECK(orders[1] && orders[2]);
    for (const pb_engine *const *ep = model_engines(); *ep; ep++) {
        const pb_engine *e = *ep;
        if (!engine_takes(e, m, &(pb_run){.mode = PB_MODE_COUNT})) continue;
        /* These cannot handle sums: they must have refused. */
        CHECK(strcmp(e->about.name, "value-order") && strcmp(e->about.name, "path-dp") &&
              strcmp(e->about.name, "logic") && strcmp(e->about.name, "seed"));
        if (!strncmp(e->about.name, "enum-", 5) && open_product(sp) > 3e6) continue;
        /* Counts a clause at a time: checked on the models of at most 10,000. */
        if (counts_by_clauses(e) && b->count > 10000) continue;
        engines_checked++;
        const int norders = e->about.caps & PB_CAP_ORDER ? 3 : 1,
                  has_last = e->about.caps & PB_CAP_LAST;
        for (int o = 0; o < norders; o++) {
            int first[MAXC], last[MAXC];
            pb_stats st;
            runs_checked++;
            memset(first, 0, sizeof first), memset(last, 0, sizeof last);
            pb_status s;
            /* An engine that cannot count (restart) is checked on its first solution. */
            if (e->about.caps & PB_CAP_COUNT) {
                /* An engine that only bounds the sums (backtrack), in an order that
                 * completes runs late, grows its tree past any budget: a run past
                 * STEP_BUDGET is let off, and counted. A step limit, not a time. */
                step_budget = STEP_BUDGET;
                s = run(e, m, PB_MODE_COUNT, orders[o], 0, 1, first, has_last ? last : NULL, &st);
                step_budget = 0;
                if (s == PB_LIMIT && st.steps >= STEP_BUDGET) {
                    runs_too_long++;
                    continue;
                }
                engine_ran(e);
                CHECK(s == PB_DONE);
                CHECK_EQ_U64(st.solutions, b->count);
                if (st.solutions != b->count)
                    fprintf(stderr, "  engine %s order %s\n", e->about.name,
                            orders[o] ? orders[o]->name : "row");
                if (b->count) {
                    CHECK(pb_model_check(m, first) && spec_check(sp, first));
                    if (has_last) CHECK(pb_model_check(m, last) && spec_check(sp, last));
                }
                /* Row order visits solutions in the brute force's order (thesis: reversed). */
                if (b->count && !orders[o] &&
                    (!strcmp(e->about.name, "backtrack") || !strcmp(e->about.name, "propagate") ||
                     !strncmp(e->about.name, "enum-all", 8))) {
                    CHECK(same(first, b->first, n));
                    if (has_last) CHECK(same(last, b->last, n));
                }
                if (b->count && !strcmp(e->about.name, "thesis")) {
                    CHECK(same(first, b->last, n));
                    CHECK(same(last, b->first, n));
                }

                /* The uniqueness check: a count stopped at 2. */
                memset(first, 0, sizeof first), memset(last, 0, sizeof last);
                s = run(e, m, PB_MODE_COUNT, orders[o], 2, 1, first, has_last ? last : NULL, &st);
                CHECK(s == (b->count >= 2 ? PB_LIMIT : PB_DONE));
                CHECK_EQ_U64(st.solutions, b->count < 2 ? b->count : 2);
                if (b->count) CHECK(pb_model_check(m, first));
                if (has_last && b->count) CHECK(pb_model_check(m, last));
                if (has_last && b->count >= 2) CHECK(!same(first, last, n));
                if (has_last && b->count == 1) CHECK(same(first, last, n));
            }
            memset(first, 0, sizeof first);
            s = run(e, m, PB_MODE_FIRST, orders[o], 0, 1, first, NULL, &st);
            if (!(e->about.caps & PB_CAP_COUNT)) engine_ran(e);
            CHECK(s == PB_DONE);
            CHECK_EQ_U64(st.solutions, b->count > 0);
            if (b->count) CHECK(pb_model_check(m, first) && spec_check(sp, first));
        }
    }
}

/* thesis and backtrack against the reference searches: count, capped, first. */
static inline void check_steps(const spec *sp, const pb_model *m)
{
    static const uint64_t caps[] = {0, 2, 1};
    for (int which = 0; which < 2; which++) {
        const pb_engine *e = pb_model_engine_find(which ? "thesis" : "backtrack");
        const char *why;
        CHECK(e != NULL);
        if (!e || (e->accepts && !e->accepts(m, &why))) continue;
        for (int k = 0; k < 3; k++) {
            ref r;
            pb_stats st;
            ref_run(sp, which, caps[k], &r);
            pb_mode mode = caps[k] == 1 ? PB_MODE_FIRST : PB_MODE_COUNT;
            run(e, m, mode, NULL, caps[k] == 1 ? 0 : caps[k], 1, NULL, NULL, &st);
            CHECK_EQ_U64(st.placements, r.placements);
            CHECK_EQ_U64(st.backtracks, r.backtracks);
            CHECK_EQ_U64(st.solutions, r.solutions);
            CHECK_EQ_U64(st.steps, r.placements + r.backtracks);
        }
    }
}

/* Checks every engine on sp; 0 when the brute force found the tree too big to walk. */
static inline int check_model(const spec *sp, int with_steps, uint64_t *counts)
{
    static brute b;
    if (!brute_count(sp, 3000000, &b)) return 0;
    pb_model *m = spec_model(sp);
    CHECK(m != NULL);
    if (!m) return 0;
    counts[b.count == 0 ? 0 : b.count == 1 ? 1 : 2]++;
    check_engines(sp, m, &b);
    if (with_steps && b.nodes < 1000000) check_steps(sp, m);
    pb_model_free(m);
    return 1;
}

#endif
