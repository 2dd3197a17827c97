/* test_kakuro_engines.c — the engines on models with sum groups (kakuro's runs):
 * every engine that accepts a model must count exactly the solutions an independent
 * brute force finds, give solutions that pass the rules, and (with PB_CAP_LAST) two
 * different solutions when a count stops at 2; the engines that cannot handle sums
 * must refuse them. Step counts of `thesis` and `backtrack` are checked against
 * small independent reference searches written here (seed 001's checker and the
 * seed-000 backtracking with sum bounds) and, on one hand-made grid, against counts
 * worked out by hand. Then the puzzles of tests/data/kakuro, whose solution counts
 * are written beside them. argv[1]: the source directory. */
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

static void spec_init(spec *sp, int ncells, int nvalues)
{
    memset(sp, 0, sizeof *sp);
    sp->ncells = ncells;
    sp->nvalues = nvalues;
    for (int c = 0; c < ncells; c++) sp->domain[c] = PB_FULL(nvalues);
    sp->rows = 1, sp->cols = ncells;
    for (int c = 0; c < ncells; c++) sp->row[c] = 0, sp->col[c] = c;
}

static void spec_group(spec *sp, const int *cells, int len, int sum)
{
    int at = sp->gstart[sp->ngroups];
    memcpy(sp->gcells + at, cells, (size_t)len * sizeof *cells);
    sp->gsum[sp->ngroups++] = sum;
    sp->gstart[sp->ngroups] = at + len;
}

static pb_model *spec_model(const spec *sp)
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

static int spec_in_group(const spec *sp, int g, int c)
{
    for (int i = sp->gstart[g]; i < sp->gstart[g + 1]; i++)
        if (sp->gcells[i] == c) return 1;
    return 0;
}

/* The rules, checked directly on a complete vector. */
static int spec_check(const spec *sp, const int *v)
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

static void brute_rec(brute *b, int c)
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
static int brute_count(const spec *sp, uint64_t max_nodes, brute *b)
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

static int digit_sets(int nvalues, int len, int sum, pb_mask *only)
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
static int ref_reachable(const ref *r, int g, int c, int x)
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
static int ref_fits(const ref *r, int c, int x, int bounds)
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

static void ref_rec(ref *r, int i)
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

static void ref_run(const spec *sp, int desc, uint64_t cap, ref *r)
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

static void count_events(void *ctx, const pb_model *m, const int *values, int cell, pb_event ev,
                         uint64_t step)
{
    (void)m, (void)values, (void)cell, (void)step;
    trace_count *t = ctx;
    if (ev == PB_EV_START) t->start++;
    if (ev == PB_EV_PLACE) t->place++;
    if (ev == PB_EV_BACKTRACK) t->back++;
    if (ev == PB_EV_SOLUTION) t->sol++;
}

static uint64_t step_budget; /* 0: none */

static pb_status run(const pb_engine *e, const pb_model *m, pb_mode mode, const pb_order *order,
                     uint64_t max_solutions, int threads, int *first, int *last, pb_stats *st)
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

static int same(const int *a, const int *b, int n)
{
    return !memcmp(a, b, (size_t)n * sizeof *a);
}

static double open_product(const spec *sp)
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
static void check_engines(const spec *sp, const pb_model *m, const brute *b)
{
    const int n = sp->ncells;
    const pb_order *orders[] = {NULL, pb_order_find("degree"), pb_order_find("mrv")};
    CHECK(orders[1] && orders[2]);
    for (const pb_engine *const *ep = model_engines(); *ep; ep++) {
        const pb_engine *e = *ep;
        const char *why = NULL;
        if (e->accepts && !e->accepts(m, &why)) {
            CHECK(why && *why);
            continue;
        }
        /* These cannot handle sums: they must have refused. */
        CHECK(strcmp(e->about.name, "value-order") && strcmp(e->about.name, "path-dp") &&
              strcmp(e->about.name, "logic") && strcmp(e->about.name, "seed"));
        if (!strncmp(e->about.name, "enum-", 5) && open_product(sp) > 3e6) continue;
        /* learn counts by adding a clause per solution: meant for uniqueness checks and
         * small counts, it is checked on the models with at most 10,000 solutions. */
        if (!strcmp(e->about.name, "learn") && b->count > 10000) continue;
        engines_checked++;
        const int norders = e->about.caps & PB_CAP_ORDER ? 3 : 1,
                  has_last = e->about.caps & PB_CAP_LAST;
        for (int o = 0; o < norders; o++) {
            int first[MAXC], last[MAXC];
            pb_stats st;
            runs_checked++;
            memset(first, 0, sizeof first), memset(last, 0, sizeof last);
            /* backtrack only bounds the sums, so in an order that completes runs late
             * its tree can grow past any budget: such a run is let off, and counted. */
            const int slow = !strcmp(e->about.name, "backtrack") && orders[o];
            step_budget = slow ? 1500000 : 0;
            pb_status s =
                run(e, m, PB_MODE_COUNT, orders[o], 0, 1, first, has_last ? last : NULL, &st);
            step_budget = 0;
            if (slow && s == PB_LIMIT) {
                runs_too_long++;
                continue;
            }
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

            memset(first, 0, sizeof first);
            s = run(e, m, PB_MODE_FIRST, orders[o], 0, 1, first, NULL, &st);
            CHECK(s == PB_DONE);
            CHECK_EQ_U64(st.solutions, b->count > 0);
            if (b->count) CHECK(pb_model_check(m, first) && spec_check(sp, first));
        }
    }
}

/* thesis and backtrack against the reference searches: count, capped, first. */
static void check_steps(const spec *sp, const pb_model *m)
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

/* ---- random kakuro-like grids ---- */
static int rnd(pb_rng *r, int n)
{
    return (int)(pb_rng_next(r) % (uint64_t)n);
}

/* A random fill of sp's cells: distinct digits in every group (sums ignored). */
static int fill_rec(const spec *sp, pb_rng *r, int *v, int c)
{
    if (c == sp->ncells) return 1;
    int order[9];
    for (int i = 0; i < 9; i++) order[i] = i + 1;
    for (int i = 8; i > 0; i--) {
        int j = rnd(r, i + 1), t = order[i];
        order[i] = order[j], order[j] = t;
    }
    for (int i = 0; i < 9; i++) {
        int x = order[i], ok = 1;
        for (int g = 0; g < sp->ngroups && ok; g++) {
            if (!spec_in_group(sp, g, c)) continue;
            for (int k = sp->gstart[g]; k < sp->gstart[g + 1]; k++)
                if (sp->gcells[k] >= 0 && sp->gcells[k] < c && v[sp->gcells[k]] == x) ok = 0;
        }
        if (!ok) continue;
        v[c] = x;
        if (fill_rec(sp, r, v, c + 1)) return 1;
    }
    return 0;
}

/* A rows x cols pattern of white cells (each in some run of 2 or more), its runs as
 * sum groups (across row by row, then down column by column), sums from a random
 * fill, stored in fill. 0 when fewer than 2 white cells are left. */
static int make_grid(pb_rng *r, int rows, int cols, int white_pct, spec *sp, int *fill)
{
    unsigned char w[64];
    int id[64], n = 0;
    for (int i = 0; i < rows * cols; i++) w[i] = rnd(r, 100) < white_pct;
    for (int changed = 1; changed;) {
        changed = 0;
        for (int i = 0; i < rows * cols; i++) {
            int y = i / cols, x = i % cols;
            if (!w[i]) continue;
            int across = (x > 0 && w[i - 1]) || (x + 1 < cols && w[i + 1]);
            int down = (y > 0 && w[i - cols]) || (y + 1 < rows && w[i + cols]);
            if (!across && !down) w[i] = 0, changed = 1;
        }
    }
    for (int i = 0; i < rows * cols; i++) id[i] = w[i] ? n++ : -1;
    if (n < 2) return 0;
    spec_init(sp, n, 9);
    sp->rows = rows, sp->cols = cols;
    for (int i = 0; i < rows * cols; i++)
        if (w[i]) sp->row[id[i]] = i / cols, sp->col[id[i]] = i % cols;
    for (int dir = 0; dir < 2; dir++) {
        int outer = dir ? cols : rows, inner = dir ? rows : cols;
        for (int a = 0; a < outer; a++) {
            int cells[8], len = 0;
            for (int b = 0; b <= inner; b++) {
                int i = b == inner ? -1 : dir ? b * cols + a : a * cols + b;
                if (i >= 0 && w[i]) {
                    cells[len++] = id[i];
                    continue;
                }
                if (len >= 2) spec_group(sp, cells, len, 1);
                len = 0;
            }
        }
    }
    if (!fill_rec(sp, r, fill, 0)) return 0;
    for (int g = 0; g < sp->ngroups; g++) {
        int t = 0;
        for (int i = sp->gstart[g]; i < sp->gstart[g + 1]; i++) t += fill[sp->gcells[i]];
        sp->gsum[g] = t;
    }
    return 1;
}

/* Checks every engine on sp; 0 when the brute force found the tree too big to walk. */
static int check_model(const spec *sp, int with_steps, uint64_t *counts)
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

static void test_random_grids(void)
{
    pb_rng r;
    pb_rng_seed(&r, 2024);
    uint64_t counts[3] = {0, 0, 0};
    int made = 0, skipped = 0;
    for (int iter = 0; iter < 160; iter++) {
        spec sp;
        int fill[MAXC];
        int rows = 3 + rnd(&r, 4), cols = 3 + rnd(&r, 4); /* 3..6 each */
        if (!make_grid(&r, rows, cols, 45 + rnd(&r, 35), &sp, fill)) continue;
        made++;
        switch (iter % 5) {
        case 0: /* as filled: at least one solution */
            break;
        case 1: /* givens from the fill, up to half the cells: often unique */
            for (int k = 0; k < 1 + sp.ncells / 2; k++) {
                int c = rnd(&r, sp.ncells);
                sp.domain[c] = PB_BIT(fill[c]);
            }
            break;
        case 2: { /* one sum moved: often none, sometimes several */
            int g = rnd(&r, sp.ngroups), d = 1 + rnd(&r, 2);
            sp.gsum[g] += rnd(&r, 2) && sp.gsum[g] > d ? -d : d;
            break;
        }
        case 3: /* narrowed domains, each still holding the fill's digit */
            for (int c = 0; c < sp.ncells; c++)
                if (rnd(&r, 3) == 0)
                    sp.domain[c] = PB_BIT(fill[c]) | (pb_mask)(pb_rng_next(&r) & 0x1ff);
            break;
        default: /* a given that may clash, and a sum that may not fit */
            sp.domain[rnd(&r, sp.ncells)] = PB_BIT(1 + rnd(&r, 9));
            sp.gsum[rnd(&r, sp.ngroups)] += rnd(&r, 3) - 1;
            break;
        }
        if (!check_model(&sp, 1, counts)) skipped++;
    }
    printf("random grids: %d models, %d too big for the brute force (%" PRIu64 " none, %" PRIu64
           " unique, %" PRIu64 " several), %d engine checks, %d runs (%d backtrack runs over "
           "budget)\n",
           made, skipped, counts[0], counts[1], counts[2], engines_checked, runs_checked,
           runs_too_long);
    /* The mix must exercise all three outcomes. */
    CHECK(made > 130 && skipped < made / 5 && counts[0] > 10 && counts[1] > 10 && counts[2] > 10);
}

/* Kakuro grids as the public collections have them: some runs without a clue (plain
 * groups: distinct digits, any sum) and one-cell runs (a sum group of one cell,
 * usually its fill's digit, sometimes another, sometimes over 9). */
static void test_random_loose(void)
{
    pb_rng r;
    pb_rng_seed(&r, 31);
    uint64_t counts[3] = {0, 0, 0};
    int made = 0, skipped = 0, plain = 0, single = 0;
    for (int iter = 0; iter < 120; iter++) {
        spec sp;
        int fill[MAXC];
        int rows = 3 + rnd(&r, 4), cols = 3 + rnd(&r, 4);
        if (!make_grid(&r, rows, cols, 45 + rnd(&r, 35), &sp, fill)) continue;
        made++;
        sp.kind = "kakuro";
        for (int g = 0; g < sp.ngroups; g++)
            if (rnd(&r, 4) == 0) sp.gsum[g] = 0, plain++;
        for (int c = 0; c < sp.ncells && sp.ngroups < MAXG; c++) {
            int in = 0;
            for (int g = 0; g < sp.ngroups; g++) in += spec_in_group(&sp, g, c);
            if (in != 1 || rnd(&r, 3)) continue;
            const int sum = rnd(&r, 8) ? fill[c] : 1 + rnd(&r, 12);
            spec_group(&sp, &c, 1, sum);
            single++;
        }
        if (iter % 2)
            for (int k = 0; k < 1 + sp.ncells / 3; k++) {
                int c = rnd(&r, sp.ncells);
                sp.domain[c] = PB_BIT(fill[c]);
            }
        if (!check_model(&sp, 1, counts)) skipped++;
    }
    printf("loose grids: %d models (%d runs without a clue, %d one-cell runs), %d too big "
           "for the brute force (%" PRIu64 " none, %" PRIu64 " unique, %" PRIu64 " several)\n",
           made, plain, single, skipped, counts[0], counts[1], counts[2]);
    CHECK(made > 100 && skipped < made / 4 && plain > 50 && single > 20);
    CHECK(counts[0] > 5 && counts[1] > 5 && counts[2] > 5);
}

/* Models that are not kakuro: fewer values, plain groups beside sum groups,
 * min-difference pairs, narrowed domains. */
static void test_random_mixed(void)
{
    pb_rng r;
    pb_rng_seed(&r, 77);
    uint64_t counts[3] = {0, 0, 0};
    for (int iter = 0; iter < 120; iter++) {
        spec sp;
        int n = 4 + rnd(&r, 5), nv = 3 + rnd(&r, 6);
        spec_init(&sp, n, nv);
        sp.min_diff = rnd(&r, 3);
        int ng = 1 + rnd(&r, 4);
        for (int g = 0; g < ng; g++) {
            int cells[8], len = 2 + rnd(&r, nv - 1 < 3 ? nv - 1 : 3), k = 0;
            while (k < len) {
                int c = rnd(&r, n), dup = 0;
                for (int i = 0; i < k; i++) dup |= cells[i] == c;
                if (!dup) cells[k++] = c;
            }
            int sum = 0;
            if (rnd(&r, 3)) {
                int lo = len * (len + 1) / 2, hi = len * (2 * nv - len + 1) / 2;
                sum = lo - 1 + rnd(&r, hi - lo + 3);
                if (sum < 1) sum = 1;
            }
            spec_group(&sp, cells, len, sum);
        }
        for (int i = 0; sp.min_diff && i < 3; i++) {
            int a = rnd(&r, n), b = rnd(&r, n);
            if (a != b) sp.pairs[sp.npairs][0] = a, sp.pairs[sp.npairs++][1] = b;
        }
        for (int c = 0; c < n; c++)
            if (rnd(&r, 4) == 0) sp.domain[c] = (pb_mask)(pb_rng_next(&r) & PB_FULL(nv)) | 1;
        if (!sp.ngroups) continue;
        check_model(&sp, 1, counts);
    }
    printf("mixed models: %" PRIu64 " none, %" PRIu64 " unique, %" PRIu64 " several\n", counts[0],
           counts[1], counts[2]);
    CHECK(counts[0] > 5 && counts[1] >= 1 && counts[2] > 5);
}

/* The grid below, counted by hand. Runs: across a b = 3, c d = 4; down a c = 4,
 * b d = 3. Its one solution is a=1 b=2 c=3 d=1.
 *     .  4\  3\
 *    \3  a   b
 *    \4  c   d
 * thesis: every run is a unique sum ({1,2} or {1,3}), so a is {1}, b {1,2}, c {1,3},
 * d {1}. It places a=1, b=2 (1 is used), c=3, d=1: the solution; then d, c, b and a
 * have no smaller digit left: 4 placements, 4 backtracks.
 * backtrack (digits upward): a=1, b=2, c=2 fails (down a c would need 1 more with no
 * cell left), c=3, d=1: solution; d 4..9, c 4..9, b 3..9 all overshoot: 3
 * backtracks; a=2, b=1, c: 1 leaves a c at 3, 3.. overshoot: backtrack; b 3..9
 * overshoot a b: backtrack; a 3 leaves a b needing 0 from one cell: backtrack. 6
 * placements, 6 backtracks. First solution: both 4 placements. */
static void test_hand_grid(void)
{
    spec sp;
    spec_init(&sp, 4, 9);
    sp.rows = 2, sp.cols = 2;
    for (int c = 0; c < 4; c++) sp.row[c] = c / 2, sp.col[c] = c % 2;
    spec_group(&sp, (int[]){0, 1}, 2, 3);
    spec_group(&sp, (int[]){2, 3}, 2, 4);
    spec_group(&sp, (int[]){0, 2}, 2, 4);
    spec_group(&sp, (int[]){1, 3}, 2, 3);
    pb_model *m = spec_model(&sp);
    const pb_engine *thesis = pb_model_engine_find("thesis"),
                    *bt = pb_model_engine_find("backtrack");
    CHECK(m && thesis && bt);
    if (!m || !thesis || !bt) return;
    int first[4], last[4];
    const int want[4] = {1, 2, 3, 1};
    pb_stats st;
    CHECK(run(thesis, m, PB_MODE_COUNT, NULL, 0, 1, first, last, &st) == PB_DONE);
    CHECK_EQ_U64(st.placements, 4);
    CHECK_EQ_U64(st.backtracks, 4);
    CHECK_EQ_U64(st.steps, 8);
    CHECK_EQ_U64(st.solutions, 1);
    CHECK(same(first, want, 4) && same(last, want, 4));
    CHECK(run(thesis, m, PB_MODE_FIRST, NULL, 0, 1, first, NULL, &st) == PB_DONE);
    CHECK_EQ_U64(st.steps, 4);
    CHECK(run(bt, m, PB_MODE_COUNT, NULL, 0, 1, first, last, &st) == PB_DONE);
    CHECK_EQ_U64(st.placements, 6);
    CHECK_EQ_U64(st.backtracks, 6);
    CHECK_EQ_U64(st.steps, 12);
    CHECK_EQ_U64(st.solutions, 1);
    CHECK(same(first, want, 4) && same(last, want, 4));
    CHECK(run(bt, m, PB_MODE_FIRST, NULL, 0, 1, first, NULL, &st) == PB_DONE);
    CHECK_EQ_U64(st.steps, 4);
    /* The reference searches agree with the hand count. */
    ref r;
    ref_run(&sp, 1, 0, &r);
    CHECK_EQ_U64(r.placements + r.backtracks, 8);
    ref_run(&sp, 0, 0, &r);
    CHECK_EQ_U64(r.placements + r.backtracks, 12);
    pb_model_free(m);
}

/* A 5x5 all-white grid, every run of 5 adding up to 25: hundreds of thousands of
 * solutions, for traces, limits, cancellation and the parallel count. */
static void open_grid(spec *sp, int sum)
{
    spec_init(sp, 25, 9);
    sp->rows = sp->cols = 5;
    for (int c = 0; c < 25; c++) sp->row[c] = c / 5, sp->col[c] = c % 5;
    for (int dir = 0; dir < 2; dir++)
        for (int a = 0; a < 5; a++) {
            int cells[5];
            for (int b = 0; b < 5; b++) cells[b] = dir ? b * 5 + a : a * 5 + b;
            spec_group(sp, cells, 5, sum);
        }
}

static void test_trace_and_limits(void)
{
    spec sp;
    open_grid(&sp, 25);
    pb_model *m = spec_model(&sp);
    if (!m) return;
    for (int which = 0; which < 2; which++) {
        const pb_engine *e = pb_model_engine_find(which ? "thesis" : "backtrack");
        /* A trace sees every step. */
        trace_count tc = {0, 0, 0, 0};
        pb_run how = {.mode = PB_MODE_COUNT, .trace = count_events, .trace_ctx = &tc};
        how.limits.max_solutions = 3;
        pb_result res = {0};
        CHECK(pb_engine_run(e, m, &how, &res) == PB_LIMIT);
        CHECK_EQ_U64(res.stats.solutions, 3);
        CHECK_EQ_U64(tc.start, 1);
        CHECK_EQ_U64(tc.place, res.stats.placements);
        CHECK_EQ_U64(tc.back, res.stats.backtracks);
        CHECK_EQ_U64(tc.sol, 3);
        ref r;
        ref_run(&sp, which, 3, &r);
        CHECK_EQ_U64(res.stats.steps, r.placements + r.backtracks);

        /* The step limit stops exactly there. */
        pb_run lim = {.mode = PB_MODE_COUNT};
        lim.limits.max_steps = 5000;
        CHECK(pb_engine_run(e, m, &lim, &res) == PB_LIMIT);
        CHECK_EQ_U64(res.stats.steps, 5000);

        /* A raised cancel flag stops at the first poll, after the first step (a
         * timed run polls at once: its steps may be slow). */
        volatile sig_atomic_t cancel = 1;
        pb_run can = {.mode = PB_MODE_COUNT};
        can.limits.cancel = &cancel;
        CHECK(pb_engine_run(e, m, &can, &res) == PB_INTERRUPTED);
        CHECK_EQ_U64(res.stats.steps, 1);
    }
    pb_model_free(m);

    /* Parallel counts: the sequential counts, steps, first and last solutions. */
    open_grid(&sp, 25);
    static const int given[10] = {3, 4, 5, 6, 7, 5, 6, 7, 3, 4}; /* two rows of 25 */
    for (int c = 0; c < 10; c++) sp.domain[c] = PB_BIT(given[c]);
    m = spec_model(&sp);
    static brute b;
    CHECK(brute_count(&sp, UINT64_MAX, &b));
    CHECK(b.count > 100);
    for (int which = 0; which < 2; which++) {
        const pb_engine *e = pb_model_engine_find(which ? "propagate" : "backtrack");
        int f1[MAXC], l1[MAXC], f4[MAXC], l4[MAXC];
        pb_stats s1, s4;
        CHECK(run(e, m, PB_MODE_COUNT, NULL, 0, 1, f1, l1, &s1) == PB_DONE);
        CHECK(run(e, m, PB_MODE_COUNT, NULL, 0, 4, f4, l4, &s4) == PB_DONE);
        CHECK_EQ_U64(s1.solutions, b.count);
        CHECK_EQ_U64(s4.solutions, b.count);
        CHECK_EQ_U64(s4.steps, s1.steps);
        CHECK_EQ_U64(s4.candidates, s1.candidates);
        CHECK(same(f1, b.first, 25) && same(l1, b.last, 25));
        CHECK(same(f4, b.first, 25) && same(l4, b.last, 25));
    }
    pb_model_free(m);
}

/* Special shapes: a permutation with a sum (enum-perm's kind of model) and a 4x4
 * sudoku whose groups carry sums (the sudoku engines must refuse it). */
static void test_shapes(void)
{
    uint64_t counts[3] = {0, 0, 0};
    spec sp;
    for (int sum = 9; sum <= 11; sum++) {
        spec_init(&sp, 4, 4);
        spec_group(&sp, (int[]){0, 1, 2, 3}, 4, sum);
        pb_model *m = spec_model(&sp);
        const pb_engine *perm = pb_model_engine_find("enum-perm");
        const char *why;
        CHECK(perm->accepts(m, &why));
        pb_stats st;
        CHECK(run(perm, m, PB_MODE_COUNT, NULL, 0, 1, NULL, NULL, &st) == PB_DONE);
        CHECK_EQ_U64(st.solutions, sum == 10 ? 24 : 0);
        pb_model_free(m);
        check_model(&sp, 0, counts);
    }

    pb_model *shape = sudoku_model_new(2);
    CHECK(shape != NULL);
    if (!shape) return;
    for (int variant = 0; variant < 2; variant++) {
        spec_init(&sp, 16, 4);
        sp.rows = sp.cols = 4;
        for (int c = 0; c < 16; c++) sp.row[c] = c / 4, sp.col[c] = c % 4;
        for (int g = 0; g < shape->ngroups; g++)
            spec_group(&sp, shape->group_cells + shape->group_start[g], 4,
                       variant && g == 5 ? 9 : 10);
        sp.domain[0] = PB_BIT(1);
        pb_model *m = spec_model(&sp);
        const char *why;
        CHECK(!pb_model_engine_find("logic")->accepts(m, &why));
        CHECK(!pb_model_engine_find("seed")->accepts(m, &why));
        CHECK(sudoku_model_box(m) == 2); /* without its sums it is a sudoku */
        static brute b;
        CHECK(brute_count(&sp, UINT64_MAX, &b));
        CHECK_EQ_U64(b.count, variant ? 0 : 72);
        pb_model_free(m);
        check_model(&sp, 0, counts);
    }
    pb_model_free(shape);

    /* The notouch engines refuse a permutation model once it has a sum. */
    spec_init(&sp, 6, 6);
    sp.min_diff = 2;
    spec_group(&sp, (int[]){0, 1, 2, 3, 4, 5}, 6, 21);
    for (int c = 0; c + 1 < 6; c++) sp.pairs[sp.npairs][0] = c, sp.pairs[sp.npairs++][1] = c + 1;
    pb_model *m = spec_model(&sp);
    const char *why;
    CHECK(!pb_model_engine_find("value-order")->accepts(m, &why));
    CHECK(!pb_model_engine_find("path-dp")->accepts(m, &why));
    CHECK(!pb_model_engine_find("thesis")->accepts(m, &why) && strstr(why, "kakuro"));
    pb_model_free(m);
    check_model(&sp, 0, counts);
}

/* ---- the puzzle files: `; solutions: N` before each puzzle ---- */
static char *read_text(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap);
    for (size_t k; buf && (k = fread(buf + n, 1, cap - n, f)) > 0;) {
        n += k;
        if (n == cap) buf = realloc(buf, cap *= 2);
    }
    fclose(f);
    if (buf) *len = n;
    return buf;
}

/* The N of the last "; solutions: N" comment on a line before `line` and after
 * `after`; -1 when there is none. */
static long solutions_note(const char *text, size_t len, int after, int line)
{
    long n = -1;
    int at = 1;
    for (size_t i = 0; i < len; at++) {
        const char *s = text + i, *nl = memchr(s, '\n', len - i);
        size_t end = nl ? (size_t)(nl - text) + 1 : len;
        if (at > after && at < line && !strncmp(s, "; solutions:", 12))
            n = strtol(s + 12, NULL, 10);
        i = end;
    }
    return n;
}

static void test_files(const char *src)
{
    /* impossible/: puzzles that read with a note (a clue no digits meet, a digit given
     * twice): the engines must find no solution by themselves. */
    static const char *const names[] = {"unique.kak",
                                        "none.kak",
                                        "many.kak",
                                        "impossible/clue-no-set.kak",
                                        "impossible/one-cell-over-nine.kak",
                                        "impossible/repeated-digit.kak",
                                        "impossible/run-over-nine.kak"};
    static const long expect_kind[] = {1, 0, 2, 0, 0, 0, 0}; /* exactly 1, 0, 2 or more */
    for (int k = 0; k < (int)(sizeof names / sizeof *names); k++) {
        char path[4096];
        snprintf(path, sizeof path, "%s/tests/data/kakuro/%s", src, names[k]);
        size_t len = 0;
        char *text = read_text(path, &len);
        CHECK(text != NULL);
        if (!text) {
            fprintf(stderr, "cannot read %s\n", path);
            continue;
        }
        kakuro_reader rd;
        kakuro_grid grid = {0}, *g = &grid;
        int line = 0, prev = 0, puzzles = 0, rc;
        pb_error err;
        kakuro_reader_init(&rd, text, len);
        while ((rc = kakuro_read(&rd, g, &line, &err)) != 0) {
            CHECK(rc == 1);
            if (rc != 1) {
                fprintf(stderr, "%s: line %d: %s\n", path, err.line, err.msg);
                continue;
            }
            long want = solutions_note(text, len, prev, line);
            prev = line;
            puzzles++;
            CHECK(want >= 0);
            CHECK(expect_kind[k] == 2 ? want >= 2 : want == expect_kind[k]);
            pb_model *m = kakuro_model_new(g, &err);
            CHECK(m != NULL);
            if (!m || want < 0) {
                pb_model_free(m);
                continue;
            }
            const pb_order *orders[] = {NULL, pb_order_find("mrv")};
            for (const pb_engine *const *ep = model_engines(); *ep; ep++) {
                const pb_engine *e = *ep;
                const char *why;
                if (e->accepts && !e->accepts(m, &why)) continue;
                if (!strncmp(e->about.name, "enum-", 5)) continue;
                for (int o = 0; o < (e->about.caps & PB_CAP_ORDER ? 2 : 1); o++) {
                    int *first = calloc((size_t)m->ncells, sizeof *first),
                        *last = calloc((size_t)m->ncells, sizeof *last);
                    pb_stats st;
                    pb_status s = run(e, m, PB_MODE_COUNT, orders[o], 0, 1, first,
                                      e->about.caps & PB_CAP_LAST ? last : NULL, &st);
                    CHECK(s == PB_DONE);
                    CHECK_EQ_U64(st.solutions, (uint64_t)want);
                    if (st.solutions != (uint64_t)want)
                        fprintf(stderr, "  %s line %d: engine %s\n", path, line, e->about.name);
                    if (want) CHECK(pb_model_check(m, first));
                    if (want && (e->about.caps & PB_CAP_LAST)) CHECK(pb_model_check(m, last));
                    free(first);
                    free(last);
                }
            }
            pb_model_free(m);
        }
        CHECK(puzzles > 0);
        printf("%s: %d puzzles\n", names[k], puzzles);
        kakuro_grid_free(g);
        free(text);
    }
}

int main(int argc, char **argv)
{
    test_hand_grid();
    test_shapes();
    test_random_grids();
    test_random_mixed();
    test_random_loose();
    test_trace_and_limits();
    if (argc > 1) test_files(argv[1]);
    return check_report("test_kakuro_engines");
}
