/* combo.c — `combo`, the fast kakuro engine and uniqueness checker.
 *
 * Deduction: every run keeps the digit sets (combinations) that can still fill it,
 * and each run is made exactly consistent on its own after every change: a set
 * lives on only if its digits can be given to the run's cells one each, inside the
 * cells' domains, and a digit stays in a cell only if some such assignment of some
 * live set puts it there. The classic kakuro rules (a set dies when it lacks a
 * placed digit or a digit it needs has no cell; a cell keeps the union of the live
 * sets; hidden and naked singles, pairs and triples inside a run) are all special
 * cases. Per live set this is Regin's all-different filtering on at most 9 cells and
 * 9 digits, done with bit masks: one perfect matching, then an edge is kept when it
 * closes an alternating cycle. Being exact, it is idempotent for the run, so a run
 * is revisited only when a crossing run changed one of its cells. A run without a
 * clue (a plain group of a kakuro model: distinct digits, any sum) has no sets: its
 * fixed digits leave its other cells, and its open cells must have as many digits
 * among them as they are; the search fixes every cell, so that is enough to count.
 *
 * Search (what keeps uniqueness proofs and the search for a second solution small):
 *   - components: the open cells split into groups that share no run with open
 *     cells; their solutions multiply, so each is searched on its own (smallest
 *     first, so an impossible one ends the product early) instead of one failing
 *     region being re-proved for every combination of the others;
 *   - the cell guessed is the one with the fewest digits per failure weight of its
 *     runs (dom/wdeg: a run's weight counts the contradictions it found), which
 *     moves the search to the part of the grid that keeps failing;
 *   - the digit tried first is the one held by the most pairs of live sets of the
 *     cell's runs, or, once a solution is known, that solution's digit;
 *   - the sum check (see set_signs): the across runs and the down runs of every
 *     component must still lack the same total;
 *   - restarts, when one or two solutions are wanted: a search that runs past a
 *     budget of backtracks (200, doubling each time, so the last search is complete
 *     and at most about half the work is thrown away) starts again from the root
 *     with the weights it learnt, guided by the first solution found so far. Random
 *     clue grids have heavy-tailed search costs, and this cuts the tail (on random
 *     30x30 fills the Luby sequence did no better); a grid solved within the first
 *     budget is untouched.
 *
 * A board is one flat array of uint16_t: the domain of every cell, then the live-set
 * mask of every run (bit k: set k of the run's list; at most 12 sets per run), copied
 * whole on a guess. As in the sudoku `logic` engine, after a guessed value fails (or
 * its subtree is counted) it is removed from the parent board and the parent is
 * propagated again: that elimination is a deduction, so a cell left with one value is
 * then a deduced placement, not a guess.
 *
 * Stats are logic.c's: a placement is a cell whose domain the engine narrows to one
 * digit (deduced or guessed; cells whose domain starts as one digit, givens, are not
 * counted), a backtrack a board whose propagation found a contradiction (a cell or a
 * run left with nothing) or that failed the sum check, a candidate (= a guess) a
 * value tried at a guess point.
 * Counts are products over components and a component of one open cell counts its
 * digits without placing them, so placements can be fewer than the solutions times
 * the cells. Work of searches cut short by a restart is counted; the solutions are
 * those of the last, complete search. The limits are checked after every
 * propagation and at every guess, so a step limit can be overshot by at most one
 * propagation's placements. */
#include "kakuro.h"
#include "../core/grow.h"
#include "../core/limiter.h"
#include "../registry/engine_list.h"

#include <stdlib.h>
#include <string.h>

#define DIGITS 9
#define ALL    0x1ffu
/* The most digit sets of one length and sum among the digits 1-9 (4 or 5 digits
 * adding up to 20 or 25) is 12: the live-set mask of a run fits in 16 bits. */
#define MAX_SETS 16
/* Backtracks before the first restart; each later budget is twice the last. */
#define RESTART_BACKTRACKS 200

typedef struct run {
    int cells; /* offset of its cells in the model's group_cells */
    int len;
    int sets;    /* offset of its digit sets in ctx.sets */
    short nsets; /* at most MAX_SETS */
    short plain; /* no sum: a run without a clue (16 bytes a run, as without it) */
} run;

typedef struct ctx {
    pb_run_state rs;
    const pb_model *m;
    int ncells, ngroups, stride; /* stride: the board's length in uint16_t */
    const run *runs;
    const uint16_t *sets;
    uint16_t **boards; /* boards[d]: the board at guess depth d, made on first use */
    int *queue;        /* runs to revisit, a ring of ngroups */
    unsigned char *queued;
    int qhead, qlen;
    uint32_t *weight; /* per run: 1 + the contradictions it found */
    int *sign, *coef; /* the sum check's signs of the runs and cell coefficients */
    /* Restarts: the backtrack count that ends the current search (0: none), whether
     * it ended so, and the digit (bit) of the first solution found per cell. */
    uint64_t blimit;
    int restarted, hinted;
    uint16_t *hint;
    /* The search's scopes: a scope is a segment of `order` (a permutation of the
     * cells); a product of components lays them out one after another, with
     * next[start] the end of the component that starts at start. */
    int *order, *next;
    int *firstv, *lastv; /* the first and the last solution, built scope by scope */
    /* Scratch of one component split: BFS queue, component of each cell, sizes,
     * counting sort. */
    int *bfs, *cid, *csize, *ccount, *cbeg;
    uint32_t *mark, *rmark, mgen; /* mark[c], rmark[g] == mgen: reached by this split */
    int *saved;                   /* a stack of saved lastv values (see product) */
    size_t nsaved, saved_cap;
} ctx;

static inline int popcount(unsigned v)
{
    return __builtin_popcount(v);
}

static inline int is_open(unsigned d)
{
    return (d & (d - 1)) != 0;
}

/* Counts are pb_count, held at PB_COUNT_MAX: a held count stays a lower bound
 * through sums and products (a product with 0 is exactly 0), and a run whose count
 * ends held reports PB_OVERFLOW. */
static inline pb_count sat_mul(pb_count a, pb_count b)
{
    pb_count r;
    return __builtin_mul_overflow(a, b, &r) ? PB_COUNT_MAX : r;
}

static inline uint64_t sat_mul64(uint64_t a, uint64_t b)
{
    return b && a > UINT64_MAX / b ? UINT64_MAX : a * b;
}

static inline void enqueue(ctx *x, int g)
{
    if (x->queued[g]) return;
    x->queued[g] = 1;
    int at = x->qhead + x->qlen++;
    x->queue[at >= x->ngroups ? at - x->ngroups : at] = g;
}

static void clear_queue(ctx *x)
{
    while (x->qlen) {
        x->queued[x->queue[x->qhead]] = 0;
        if (++x->qhead == x->ngroups) x->qhead = 0;
        x->qlen--;
    }
}

/* Queues the runs through cell c other than `except` (-1: all of them). */
static inline void touch(ctx *x, int c, int except)
{
    const pb_model *m = x->m;
    for (int i = m->cgroup_start[c]; i < m->cgroup_start[c + 1]; i++)
        if (m->cgroup[i] != except) enqueue(x, m->cgroup[i]);
}

/* Narrows cell c to the non-empty subset nd of its domain; run g (if any) is
 * consistent already. */
static inline void narrow(ctx *x, uint16_t *b, int c, unsigned nd, int g)
{
    b[c] = (uint16_t)nd;
    x->rs.st.placements += !is_open(nd);
    touch(x, c, g);
}

/* Kuhn's augmenting path from cell j over the digits not yet visited. */
static int augment(int j, const unsigned *e, int *owner, int *match, unsigned *visited)
{
    for (unsigned t = e[j]; (t &= ~*visited) != 0;) {
        const int d = __builtin_ctz(t);
        *visited |= 1u << d;
        if (owner[d] < 0 || augment(owner[d], e, owner, match, visited)) {
            owner[d] = j, match[j] = d;
            return 1;
        }
    }
    return 0;
}

/* The supports of k cells with domains dom[] that must take exactly the k digits
 * of r: 0 when no assignment exists, else 1 with the digits each cell takes in some
 * assignment added to sup[]. With a perfect matching in hand, an edge outside it
 * lies in some assignment exactly when it closes a cycle: when its cell can be
 * reached back from the cell matched to its digit, along "cell i could take the
 * digit matched to cell j". */
static int set_supports(const unsigned *dom, int k, unsigned r, unsigned *sup)
{
    unsigned e[DIGITS], reach[DIGITS];
    int owner[DIGITS], match[DIGITS];
    for (int d = 0; d < DIGITS; d++) owner[d] = -1;
    unsigned unmatched = r;
    for (int j = 0; j < k; j++) {
        e[j] = dom[j] & r;
        match[j] = -1;
        if (e[j] & unmatched) {
            const int d = __builtin_ctz(e[j] & unmatched);
            unmatched &= ~(1u << d);
            owner[d] = j, match[j] = d;
        }
    }
    for (int j = 0; j < k; j++) {
        unsigned visited = 0;
        if (match[j] < 0 && !augment(j, e, owner, match, &visited)) return 0;
    }
    for (int j = 0; j < k; j++) {
        unsigned a = 0;
        for (unsigned t = e[j] & ~(1u << match[j]); t; t &= t - 1)
            a |= 1u << owner[__builtin_ctz(t)];
        reach[j] = a;
    }
    for (int t = 0; t < k; t++) /* transitive closure (Warshall, on bit rows) */
        for (int j = 0; j < k; j++)
            if (reach[j] >> t & 1) reach[j] |= reach[t];
    for (int j = 0; j < k; j++) {
        unsigned s = 1u << match[j];
        for (unsigned t = e[j] & ~s; t; t &= t - 1) {
            const int d = __builtin_ctz(t);
            if (reach[owner[d]] >> j & 1) s |= 1u << d;
        }
        sup[j] |= s;
    }
    return 1;
}

/* Plain run g on board b (see the top of the file), to its own fixed point. 0 on a
 * contradiction. */
static int revise_plain(ctx *x, uint16_t *b, int g)
{
    const run *r = &x->runs[g];
    const int *cells = x->m->group_cells + r->cells;
    for (int changed = 1; changed;) {
        unsigned fixed = 0, cover = 0;
        int open = 0;
        for (int i = 0; i < r->len; i++) {
            const unsigned d = b[cells[i]];
            if (is_open(d)) {
                cover |= d, open++;
            } else {
                if (!d || (fixed & d)) return 0;
                fixed |= d;
            }
        }
        if (popcount(cover & ~fixed) < open) return 0;
        changed = 0;
        for (int i = 0; i < r->len; i++) {
            const unsigned d = b[cells[i]];
            if (!is_open(d) || !(d & fixed)) continue;
            if (!(d & ~fixed)) return 0;
            narrow(x, b, cells[i], d & ~fixed, g);
            changed |= !is_open(d & ~fixed);
        }
    }
    return 1;
}

/* Makes run g consistent on board b: drops the sets no assignment can spell and the
 * digits no such assignment uses. 0 on a contradiction. */
static int revise(ctx *x, uint16_t *b, int g)
{
    const run *r = &x->runs[g];
    if (r->plain) return revise_plain(x, b, g);
    const int n = r->len;
    const unsigned alive = b[x->ncells + g];
    if (!alive || n > DIGITS) return 0;
    const int *cells = x->m->group_cells + r->cells;
    const uint16_t *sets = x->sets + r->sets;
    /* The fixed digits, and the open cells by domain size, fewest first (insertion
     * sort): the greedy matching then leaves fewer paths to augment. */
    unsigned fixed = 0, cover = 0, dom[DIGITS], sup[DIGITS];
    int cell[DIGITS], k = 0;
    for (int i = 0; i < n; i++) {
        const int c = cells[i];
        const unsigned d = b[c];
        if (!is_open(d)) {
            if (!d || (fixed & d)) return 0;
            fixed |= d;
            continue;
        }
        cover |= d;
        const int pc = popcount(d);
        int j = k++;
        for (; j > 0 && popcount(dom[j - 1]) > pc; j--) dom[j] = dom[j - 1], cell[j] = cell[j - 1];
        dom[j] = d, cell[j] = c;
    }
    /* A set stays a candidate when it holds the fixed digits, the open cells
     * together can take the rest, and each open cell can take one of the rest. */
    uint16_t rest[MAX_SETS], bits[MAX_SETS];
    int nrest = 0;
    unsigned any = 0;
    for (unsigned a = alive; a; a &= a - 1) {
        const unsigned s = sets[__builtin_ctz(a)], need = s & ~fixed;
        if ((s & fixed) != fixed || (need & cover) != need) continue;
        int ok = 1;
        for (int j = 0; j < k && ok; j++) ok = (dom[j] & need) != 0;
        if (!ok) continue;
        rest[nrest] = (uint16_t)need, bits[nrest++] = (uint16_t)(a & -a);
        any |= need;
    }
    if (!nrest) return 0;
    /* When every open cell can take every remaining digit, any order of any live set
     * fits, so the union is exact; so it is for a single open cell. */
    int exact = 1;
    for (int j = 0; j < k && exact; j++) exact = (dom[j] & any) == any;
    unsigned now = 0;
    if (exact || k <= 1) {
        for (int j = 0; j < k; j++) sup[j] = dom[j] & any;
        for (int i = 0; i < nrest; i++) now |= bits[i];
    } else {
        for (int j = 0; j < k; j++) sup[j] = 0;
        for (int i = 0; i < nrest; i++)
            if (set_supports(dom, k, rest[i], sup)) now |= bits[i];
        if (!now) return 0;
    }
    b[x->ncells + g] = (uint16_t)now;
    for (int j = 0; j < k; j++)
        if (sup[j] != dom[j]) narrow(x, b, cell[j], sup[j], g);
    return 1;
}

/* Revisits the queued runs until none is left. 0 on a contradiction (counted as a
 * backtrack, and against the run that found it); the queue is empty afterwards. */
static int propagate(ctx *x, uint16_t *b)
{
    while (x->qlen) {
        const int g = x->queue[x->qhead];
        if (++x->qhead == x->ngroups) x->qhead = 0;
        x->qlen--;
        x->queued[g] = 0;
        if (!revise(x, b, g)) {
            x->weight[g] += x->weight[g] < UINT32_MAX;
            clear_queue(x);
            x->rs.st.backtracks++;
            return 0;
        }
    }
    return 1;
}

/* Moves the open cells of the scope order[lo, hi) to its front, both parts keeping
 * their order; returns where the open cells end. */
static int partition(ctx *x, const uint16_t *b, int lo, int hi)
{
    int *o = x->order, *fixed = x->bfs, mid = lo, nf = 0;
    for (int i = lo; i < hi; i++) {
        const int c = o[i];
        if (is_open(b[c]))
            o[mid++] = c;
        else
            fixed[nf++] = c;
    }
    memcpy(o + mid, fixed, (size_t)nf * sizeof *o);
    return mid;
}

/* Writes the values of the fixed cells order[lo, hi) into the last solution (and
 * the first, when wf). */
static void record(ctx *x, const uint16_t *b, int lo, int hi, int wf)
{
    for (int i = lo; i < hi; i++) {
        const int c = x->order[i], v = __builtin_ctz(b[c]) + 1;
        x->lastv[c] = v;
        if (wf) x->firstv[c] = v;
    }
}

/* Splits the open cells order[lo, mid) into components: cells linked through runs
 * with open cells. Each component must pass the sum check (see `sign`): -1 when one
 * fails. With more than one component, lays them out smallest first (ties and the
 * cells inside each keep their order) and sets next[]; returns the number of
 * components. */
static int split(ctx *x, const uint16_t *b, int lo, int mid)
{
    const pb_model *m = x->m;
    int *o = x->order, *q = x->bfs, *cid = x->cid, *size = x->csize;
    if (++x->mgen == 0) {
        memset(x->mark, 0, (size_t)x->ncells * sizeof *x->mark);
        memset(x->rmark, 0, (size_t)x->ngroups * sizeof *x->rmark);
        x->mgen = 1;
    }
    const uint32_t gen = x->mgen;
    int ncomp = 0, nq = 0;
    for (int i = lo; i < mid; i++) {
        if (x->mark[o[i]] == gen) continue;
        const int first = nq;
        int signed_rest = 0, low = 0, high = 0;
        x->mark[o[i]] = gen;
        q[nq++] = o[i];
        for (int h = first; h < nq; h++) {
            const int c = q[h];
            cid[c] = ncomp;
            if (x->coef[c]) {
                const int k = x->coef[c], dmin = __builtin_ctz(b[c]) + 1,
                          dmax = 32 - __builtin_clz(b[c]);
                low += k > 0 ? k * dmin : k * dmax;
                high += k > 0 ? k * dmax : k * dmin;
            }
            for (int k = m->cgroup_start[c]; k < m->cgroup_start[c + 1]; k++) {
                const int g = m->cgroup[k];
                if (x->rmark[g] == gen) continue;
                x->rmark[g] = gen;
                int rest = m->group_sum ? m->group_sum[g] : 0; /* a plain run's sign is 0 */
                for (int j = m->group_start[g]; j < m->group_start[g + 1]; j++) {
                    const int w = m->group_cells[j];
                    if (!is_open(b[w])) {
                        rest -= __builtin_ctz(b[w]) + 1;
                    } else if (x->mark[w] != gen) {
                        x->mark[w] = gen;
                        q[nq++] = w;
                    }
                }
                signed_rest += x->sign[g] * rest;
            }
        }
        if (signed_rest < low || signed_rest > high) return -1;
        size[ncomp++] = nq - first;
    }
    if (ncomp == 1) return 1;
    /* Counting sort of the components by size, stable: beg[k] is where component k
     * goes. */
    const int n = mid - lo;
    int *count = x->ccount, *beg = x->cbeg;
    memset(count, 0, ((size_t)n + 2) * sizeof *count);
    for (int k = 0; k < ncomp; k++) count[size[k] + 1] += size[k];
    for (int s = 1; s <= n + 1; s++) count[s] += count[s - 1];
    for (int k = 0; k < ncomp; k++) {
        beg[k] = lo + count[size[k]];
        count[size[k]] += size[k];
        x->next[beg[k]] = beg[k] + size[k];
    }
    memcpy(q, o + lo, (size_t)n * sizeof *o);
    for (int i = 0; i < n; i++) o[beg[cid[q[i]]]++] = q[i];
    return ncomp;
}

static pb_count solve(ctx *x, int d, int lo, int hi, uint64_t cap, int want_first, int keep);

/* The solutions of the components laid out in order[lo, mid) of board d: the
 * product of their counts, each counted only as far as the cap needs. When keep,
 * lastv holds an earlier solution of these cells that a failed product must not
 * overwrite: it is saved first and put back. */
static pb_count product(ctx *x, int d, int lo, int mid, uint64_t cap, int wf, int keep)
{
    const size_t base = x->nsaved, n = (size_t)(mid - lo);
    if (keep) {
        if (base + n > x->saved_cap) {
            int *s = pb_grow(x->saved, &x->saved_cap, base + n, sizeof *s, 64);
            if (!s) {
                pb_run_state_stop(&x->rs, PB_NOMEM);
                return 0;
            }
            x->saved = s;
        }
        for (size_t i = 0; i < n; i++) x->saved[base + i] = x->lastv[x->order[lo + (int)i]];
        x->nsaved = base + n;
    }
    pb_count prod = 1;
    for (int s = lo; s < mid && prod;) {
        const int e = x->next[s];
        const uint64_t need = cap ? (uint64_t)((cap + prod - 1) / prod) : 0;
        prod = sat_mul(prod, solve(x, d, s, e, need, wf, 0));
        if (cap && prod > cap) prod = cap;
        s = e;
        if (x->rs.stopped && s < mid) prod = 0;
    }
    if (keep && !prod)
        for (size_t i = 0; i < n; i++) x->lastv[x->order[lo + (int)i]] = x->saved[base + i];
    x->nsaved = base;
    return prod;
}

/* The digit of open cell c held by the most pairs of live sets of its runs, the
 * lowest on a tie: the guess that leaves its runs the most room. */
static unsigned likely_value(const ctx *x, const uint16_t *b, int c, unsigned vals)
{
    const pb_model *m = x->m;
    uint64_t score[DIGITS];
    for (int k = 0; k < DIGITS; k++) score[k] = 1;
    for (int i = m->cgroup_start[c]; i < m->cgroup_start[c + 1]; i++) {
        const int g = m->cgroup[i];
        if (x->runs[g].plain) continue;
        const uint16_t *sets = x->sets + x->runs[g].sets;
        uint64_t n[DIGITS] = {0};
        for (unsigned a = b[x->ncells + g]; a; a &= a - 1)
            for (unsigned s = sets[__builtin_ctz(a)] & vals; s; s &= s - 1) n[__builtin_ctz(s)]++;
        for (int k = 0; k < DIGITS; k++) score[k] = sat_mul64(score[k], n[k]);
    }
    unsigned best = vals & -vals;
    uint64_t top = 0;
    for (unsigned t = vals; t; t &= t - 1)
        if (score[__builtin_ctz(t)] > top) top = score[__builtin_ctz(t)], best = t & -t;
    return best;
}

/* The open cell of order[lo, mid) with the fewest digits per weight of its runs,
 * the first on a tie. (Every cell of a component of two or more lies in a run.) */
static int pick(const ctx *x, const uint16_t *b, int lo, int mid)
{
    const pb_model *m = x->m;
    int best = x->order[lo];
    uint64_t bk = 1, bw = 0; /* best ratio so far: bk / bw (none: 1 / 0) */
    for (int i = lo; i < mid; i++) {
        const int c = x->order[i];
        const uint64_t k = (uint64_t)popcount(b[c]);
        uint64_t w = 0;
        for (int j = m->cgroup_start[c]; j < m->cgroup_start[c + 1]; j++)
            w += x->weight[m->cgroup[j]];
        if (k * bw < bk * w) best = c, bk = k, bw = w;
    }
    return best;
}

static uint16_t *board(ctx *x, int d)
{
    if (!x->boards[d] && !(x->boards[d] = malloc((size_t)x->stride * sizeof **x->boards)))
        pb_run_state_stop(&x->rs, PB_NOMEM);
    return x->boards[d];
}

/* Counts the solutions of the scope order[lo, hi) on the propagated, consistent
 * board d, up to cap (0: all); returns the count (at most cap). Cells outside the
 * scope are neither read nor written, so components of one board can be searched
 * one after another. On success lastv (and firstv, when want_first) holds the last
 * (first) solution found for the scope's cells; keep: lastv holds an earlier
 * solution that a failed search must leave in place. */
static pb_count solve(ctx *x, int d, int lo, int hi, uint64_t cap, int want_first, int keep)
{
    uint16_t *b = x->boards[d];
    pb_count total = 0;
    for (;;) {
        const uint64_t need = cap ? cap - (uint64_t)total : 0;
        const int wf = want_first && !total, kp = keep || total;
        const int mid = partition(x, b, lo, hi);
        const int parts = mid - lo >= 2 ? split(x, b, lo, mid) : 1;
        pb_count k;
        if (mid == lo) {
            k = 1;
        } else if (mid - lo == 1) {
            /* A cell whose runs are otherwise fixed: each of its digits (all
             * consistent with those runs) is a solution. */
            const int c = x->order[lo];
            unsigned vals = b[c];
            k = (uint64_t)popcount(vals);
            if (need && k > need) k = need;
            if (wf) x->firstv[c] = __builtin_ctz(vals) + 1;
            for (pb_count i = 1; i < k; i++) vals &= vals - 1;
            x->lastv[c] = __builtin_ctz(vals) + 1;
        } else if (parts < 0) {
            x->rs.st.backtracks++; /* the sum check failed */
            k = 0;
        } else if (parts > 1) {
            k = product(x, d, lo, mid, need, wf, kp);
        } else {
            if (x->blimit && x->rs.st.backtracks >= x->blimit) {
                x->restarted = 1;
                x->rs.stopped = 1;
                return total;
            }
            const int c = pick(x, b, lo, mid);
            uint16_t *ch = board(x, d + 1);
            if (!ch) return total;
            const unsigned vals = b[c];
            const unsigned v = (x->hint[c] & vals) ? x->hint[c] : likely_value(x, b, c, vals);
            memcpy(ch, b, (size_t)x->stride * sizeof *b);
            ch[c] = (uint16_t)v;
            x->rs.st.placements++;
            x->rs.st.candidates++;
            x->rs.st.guesses++;
            touch(x, c, -1);
            if (propagate(x, ch) && pb_run_state_tick(&x->rs)) {
                k = solve(x, d + 1, lo, mid, need, wf, kp);
                if (k) {
                    record(x, b, mid, hi, wf);
                    total = pb_count_add(total, k);
                    if (cap && total >= cap) return total;
                }
            }
            if (x->rs.stopped || !pb_run_state_tick(&x->rs)) return total;
            /* v failed or is counted: ruling it out is a deduction on this board. */
            narrow(x, b, c, vals ^ v, -1);
            if (!propagate(x, b) || !pb_run_state_tick(&x->rs)) return total;
            continue;
        }
        if (k) record(x, b, mid, hi, wf);
        return pb_count_add(total, k);
    }
}

/* The root board: the model's domains (digits 1-9) and every set of every run, all
 * runs queued. 0 when some cell starts with no digit. */
static int init_board(ctx *x, uint16_t *b)
{
    const pb_model *m = x->m;
    for (int c = 0; c < x->ncells; c++) {
        const unsigned d = (unsigned)(m->domain[c] & ALL);
        if (!d) return 0;
        b[c] = (uint16_t)d;
    }
    for (int g = 0; g < x->ngroups; g++) {
        b[x->ncells + g] = (uint16_t)((1u << x->runs[g].nsets) - 1);
        enqueue(x, g);
    }
    return 1;
}

/* The sum check: for any signs s_g = +1 or -1 of the runs (0 for a plain run, whose
 * total is unknown), adding up s_g times
 * "the open cells of run g add up to what g still lacks" over the runs of one
 * component gives  sum_g s_g * rest_g = sum_c coef_c * value_c,  coef_c the sum of
 * the signs of c's runs. Signs alternate across the runs that share a cell (across
 * +1, down -1 in a kakuro grid), so in a kakuro every coefficient is 0: the across
 * and down runs of every component must still lack the same total. Local per-run
 * consistency cannot see this (a grid whose clues add up differently across and
 * down has no solution, yet every run is fine on its own), and a search would then
 * have to try everything. -1 when out of memory. */
static int set_signs(ctx *x)
{
    const pb_model *m = x->m;
    int *q = malloc(((size_t)x->ngroups + 1) * sizeof *q);
    if (!q) return -1;
    for (int g = 0; g < x->ngroups; g++) x->sign[g] = 0;
    for (int g0 = 0; g0 < x->ngroups; g0++) {
        if (x->sign[g0] || x->runs[g0].plain) continue;
        int n = 0;
        x->sign[g0] = 1;
        q[n++] = g0;
        for (int h = 0; h < n; h++) {
            const int g = q[h];
            for (int i = m->group_start[g]; i < m->group_start[g + 1]; i++) {
                const int c = m->group_cells[i], at = m->cgroup_start[c];
                if (m->cgroup_start[c + 1] - at != 2) continue;
                const int other = m->cgroup[at] == g ? m->cgroup[at + 1] : m->cgroup[at];
                if (!x->sign[other] && !x->runs[other].plain)
                    x->sign[other] = -x->sign[g], q[n++] = other;
            }
        }
    }
    for (int c = 0; c < x->ncells; c++) {
        x->coef[c] = 0;
        for (int i = m->cgroup_start[c]; i < m->cgroup_start[c + 1]; i++)
            x->coef[c] += x->sign[m->cgroup[i]];
    }
    free(q);
    return 0;
}

/* Searches from the propagated root board until a search ends within its budget
 * (or a limit stops it); returns that search's count. Restarts serve a search for
 * one or two solutions (a first solution, a uniqueness check), where one bad early
 * guess can cost all the time; a count of many solutions must walk the whole tree
 * anyway, and a restart would only throw counted work away. */
static pb_count search(ctx *x, const uint16_t *root, uint64_t cap)
{
    uint16_t *b = x->boards[0];
    const int restarts = cap == 1 || cap == 2;
    for (uint64_t r = 1;; r++) {
        x->blimit = 0;
        if (restarts && r < 50)
            x->blimit = x->rs.st.backtracks + ((uint64_t)RESTART_BACKTRACKS << (r - 1));
        memcpy(b, root, (size_t)x->stride * sizeof *b);
        for (int c = 0; c < x->ncells; c++) x->order[c] = c;
        const pb_count count = solve(x, 0, 0, x->ncells, cap, 1, 0);
        if (!x->restarted) return count;
        x->restarted = 0, x->rs.stopped = 0, x->rs.status = PB_DONE;
        if (count && !x->hinted) {
            x->hinted = 1;
            for (int c = 0; c < x->ncells; c++) x->hint[c] = (uint16_t)PB_BIT(x->firstv[c]);
        }
    }
}

/* Digits 1-9, no pairs, and every group a run: a sum group, or (in a kakuro model) a
 * plain group, a run without a clue. */
static int accepts(const pb_model *m, const char **why)
{
    if (m->nvalues != DIGITS || m->npairs) {
        *why = "combo needs the digits 1-9 (nvalues == 9) and no pairs";
        return 0;
    }
    if (m->nsums != m->ngroups && !(m->kind && !strcmp(m->kind, "kakuro"))) {
        *why = "combo needs every group to be a sum group (a kakuro run), or a kakuro model";
        return 0;
    }
    return 1;
}

/* The model's sum groups as runs, and their candidate sets as 16-bit masks. */
static void read_runs(const pb_model *m, run *runs, uint16_t *sets)
{
    for (int g = 0; g < m->ngroups; g++) {
        runs[g].cells = m->group_start[g];
        runs[g].len = m->group_start[g + 1] - m->group_start[g];
        runs[g].sets = m->sum_set_start[g];
        runs[g].nsets = (short)(m->sum_set_start[g + 1] - m->sum_set_start[g]);
        runs[g].plain = !m->group_sum || !m->group_sum[g];
    }
    for (int k = 0; k < (m->ngroups ? m->sum_set_start[m->ngroups] : 0); k++)
        sets[k] = (uint16_t)m->sum_set[k];
}

static pb_status combo_run(const pb_model *m, int config, const pb_run *how, pb_result *out)
{
    (void)config;
    const char *why;
    if (!accepts(m, &why)) return PB_UNSUPPORTED;
    const int nc = m->ncells, ng = m->ngroups;
    const int nsets = ng ? m->sum_set_start[ng] : 0;
    for (int g = 0; g < ng; g++)
        if (m->sum_set_start[g + 1] - m->sum_set_start[g] > MAX_SETS) return PB_UNSUPPORTED;
    /* Every guess fixes a cell, so the depth never passes ncells: boards 0..ncells
     * for the search, ncells + 1 for the root. */
    const size_t ncs = (size_t)nc + 2;
    ctx *x = calloc(1, sizeof *x);
    run *runs = malloc(((size_t)ng + 1) * sizeof *runs);
    uint16_t *sets = malloc(((size_t)nsets + 1) * sizeof *sets);
    uint16_t **boards = calloc(ncs, sizeof *boards);
    int *queue = malloc(((size_t)ng + 1) * sizeof *queue);
    unsigned char *queued = calloc((size_t)ng + 1, 1);
    /* order, next, firstv, lastv, bfs, cid, csize, ccount, cbeg, coef; sign */
    int *ints = malloc((10 * ncs + (size_t)ng + 1) * sizeof *ints);
    /* mark (cells), rmark and weight (runs) */
    uint32_t *marks = calloc(ncs + 2 * (size_t)ng, sizeof *marks);
    uint16_t *hint = calloc(ncs, sizeof *hint);
    pb_status status = PB_NOMEM;
    if (!x || !runs || !sets || !boards || !queue || !queued || !ints || !marks || !hint) goto out;
    read_runs(m, runs, sets);
    pb_run_state_init(&x->rs, how, out->first);
    x->m = m;
    x->ncells = nc, x->ngroups = ng, x->stride = nc + ng;
    x->runs = runs, x->sets = sets;
    x->boards = boards;
    x->queue = queue, x->queued = queued;
    x->order = ints, x->next = ints + ncs, x->firstv = ints + 2 * ncs, x->lastv = ints + 3 * ncs;
    x->bfs = ints + 4 * ncs, x->cid = ints + 5 * ncs, x->csize = ints + 6 * ncs;
    x->ccount = ints + 7 * ncs, x->cbeg = ints + 8 * ncs;
    x->coef = ints + 9 * ncs, x->sign = ints + 10 * ncs;
    x->mark = marks, x->rmark = marks + ncs, x->weight = marks + ncs + ng;
    for (int g = 0; g < ng; g++) x->weight[g] = 1;
    x->hint = hint;
    if (set_signs(x)) goto out;

    const uint64_t cap = how->mode == PB_MODE_FIRST ? 1 : how->limits.max_solutions;
    pb_count count = 0;
    uint16_t *root = board(x, nc + 1);
    if (root && board(x, 0)) {
        if (!init_board(x, root)) {
            clear_queue(x);
            x->rs.st.backtracks++;
        } else if (propagate(x, root) && pb_run_state_tick(&x->rs)) {
            count = search(x, root, cap);
        }
    }
    x->rs.st.solutions = count;
    x->rs.st.steps = x->rs.st.placements + x->rs.st.backtracks;
    if (count && out->first) memcpy(out->first, x->firstv, (size_t)nc * sizeof *out->first);
    if (count && out->last) memcpy(out->last, x->lastv, (size_t)nc * sizeof *out->last);
    out->stats = x->rs.st;
    status = x->rs.status;
    if (!x->rs.stopped && !pb_solution_stops(how, count, &status)) status = PB_DONE;
    if (status == PB_DONE && count == PB_COUNT_MAX) status = PB_OVERFLOW;
    for (size_t d = 0; d < ncs; d++) free(boards[d]);
out:
    if (x) free(x->saved);
    free(hint);
    free(marks);
    free(ints);
    free(queued);
    free(queue);
    free(boards);
    free(sets);
    free(runs);
    free(x);
    return status;
}

const pb_engine pb_engine_kakuro_combo = {
    {"combo", "kakuro: exact per-run set consistency, components, dom/wdeg guesses, restarts",
     PB_CAP_FIRST | PB_CAP_COUNT | PB_CAP_LAST, pb_cap_names, NULL},
    0,
    accepts,
    combo_run,
};
