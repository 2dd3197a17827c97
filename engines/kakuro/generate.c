/* generate.c — kakuro puzzle generation by the seed's method: unique-sum digit sets on
 * a share of the runs, random digits in the other cells, clues derived from the
 * fill, uniqueness checked by an engine that counts to two; an ambiguous fill is
 * redone whole (the seed's way) or only where its two solutions differ. Everything
 * is drawn from one PRNG stream fixed by the options and the puzzle's index, so
 * puzzles can be made in any order and on any thread. */
#include "kakuro.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../core/limiter.h"
#include "../core/rng.h"

#define PB_X_SUMMARY(id, name, summary, share) summary,
#define PB_X_SHARE(id, name, summary, share)   share,
const char *const kakuro_level_names[KAKURO_LEVELS + 1] = {KAKURO_LEVEL_LIST(PB_X_NAME) NULL};
const char *const kakuro_level_summaries[KAKURO_LEVELS + 1] = {KAKURO_LEVEL_LIST(PB_X_SUMMARY)
                                                                   NULL};
const double kakuro_level_share[KAKURO_LEVELS] = {KAKURO_LEVEL_LIST(PB_X_SHARE)};

int kakuro_level_find(const char *name)
{
    for (int l = 0; l < KAKURO_LEVELS; l++)
        if (!strcmp(name, kakuro_level_names[l])) return l;
    return -1;
}

#define ALL_DIGITS       0x1FFu
#define MAX_SETS_PER_LEN 9 /* unique sums of one length: 9 for length 8 (36..44) */

/* A random fill that runs past this many placements per cell (plus a constant, for
 * small fills) is abandoned and redrawn: with the fewest-digits-first order dead ends
 * are rare, and a fill that meets many is better restarted than searched out. */
#define FILL_STEPS_PER_CELL 20u
#define FILL_STEPS_BASE     200u
/* Random fills tried over one unique-sum placement before that is redone too. */
#define RANDOM_TRIES 3
/* Passes over the free runs that try to make them unique when the walk fell short. */
#define REPAIR_PASSES 10
/* Unique-sum runs crossing a run that a repair may free to make that run unique. */
#define TRADES 3
/* Whole fills (unique sums and random digits) tried before the outline is declared
 * unfillable. */
#define MAX_FILL_TRIES 1000
/* REFILL_DIFF: draws of a region before it is widened (more draws hunt too long
 * for a fill that breaks one ambiguity and tend to make new ones), and ambiguous
 * local refills in a row before a whole new fill (a large easy fill has dozens of
 * ambiguities to break, one by one). */
#define LOCAL_DRAWS     2
#define LOCAL_MAX_CHAIN 1000

typedef struct gen {
    const kakuro_grid *shape; /* the outline being filled */
    int nw, nruns, target;    /* white cells, runs, unique-sum runs wanted */
    int labelled;             /* runs held inside a unique-sum set (lim) */
    pb_rng rng;
    double deadline;
    const volatile sig_atomic_t *cancel;
    /* White cells in row-major order, as the model numbers them. */
    int *cell;          /* [nw] grid index */
    int *widx;          /* [rows * cols] white cell at a grid index, or -1 */
    int avoid_swaps;    /* REFILL_DIFF: no swap rectangles in fills */
    int *across;        /* [nw] its across run */
    int *down;          /* [nw] its down run */
    int *run_start;     /* [nruns + 1] CSR into run_cell */
    int *run_cell;      /* white cells of each run, in reading order */
    uint16_t *used;     /* [nruns] digits placed in the run */
    uint16_t *lim;      /* [nruns] the run's unique-sum set, or ALL_DIGITS */
    unsigned char *dig; /* [nw] the fill, 0 empty */
    /* scratch */
    int *order;              /* [nruns] runs in random order */
    int *todo, *list;        /* [nw] cells to fill */
    uint16_t *rem;           /* [nw] digits still to try at each fill depth */
    int *first, *last;       /* [nw] the checker's two solutions */
    int *touched, *old_sum;  /* [nruns] runs through a refilled region, their sums */
    unsigned char *saved;    /* [nw] digits of a refilled region */
    int *freed;              /* [nruns] unique-sum runs freed by local_refill */
    uint16_t *freed_lim;     /* [nruns] their sets */
    signed char *shift;      /* [nw] other solution - fill, in a refilled region */
    unsigned char *mark;     /* [nw] cells in the region */
    unsigned char *run_mark; /* [nruns] runs seen */
    /* unique sums: sets[len][k] for k < nsets[len] (length 8 has 9); is_unique[len][sum] */
    uint16_t sets[KAKURO_MAX_RUN + 1][MAX_SETS_PER_LEN];
    int nsets[KAKURO_MAX_RUN + 1];
    unsigned char is_unique[KAKURO_MAX_RUN + 1][46];
} gen;

static unsigned allowed(const gen *g, int i)
{
    const int a = g->across[i], d = g->down[i];
    return ALL_DIGITS & ~(unsigned)(g->used[a] | g->used[d]) & g->lim[a] & g->lim[d];
}

static void put(gen *g, int i, int v)
{
    const uint16_t b = (uint16_t)(1u << (v - 1));
    g->dig[i] = (unsigned char)v;
    g->used[g->across[i]] |= b;
    g->used[g->down[i]] |= b;
}

static void take(gen *g, int i)
{
    const uint16_t b = (uint16_t)(1u << (g->dig[i] - 1));
    g->dig[i] = 0;
    g->used[g->across[i]] &= (uint16_t)~b;
    g->used[g->down[i]] &= (uint16_t)~b;
}

/* A random digit of the non-empty mask m. */
static int draw_digit(gen *g, unsigned m)
{
    uint32_t k = pb_rng_below(&g->rng, (uint32_t)__builtin_popcount(m));
    while (k--) m &= m - 1;
    return __builtin_ctz(m) + 1;
}

/* Whether digit v in cell x completes a swap rectangle: x and y in one across run,
 * z and q in another, x and z in one down run, y and q in another, with x = q = v and
 * y = z = w. Exchanging v and w around the rectangle keeps every run's digit set, so
 * such a fill is never unique whatever its other digits; most ambiguous fills are
 * exactly this (two solutions differing in 4 cells). */
static int swap_rectangle(const gen *g, int x, int v)
{
    const int A = g->across[x], D = g->down[x], cols = g->shape->cols;
    for (int k = g->run_start[A]; k < g->run_start[A + 1]; k++) {
        const int y = g->run_cell[k], w = g->dig[y];
        if (!w || y == x || !(g->used[D] & (1u << (w - 1)))) continue;
        for (int h = g->run_start[D]; h < g->run_start[D + 1]; h++) {
            const int z = g->run_cell[h];
            if (g->dig[z] != w) continue;
            const int q = g->widx[g->cell[z] / cols * cols + g->cell[y] % cols];
            if (q >= 0 && g->dig[q] == v && g->across[q] == g->across[z] &&
                g->down[q] == g->down[y])
                return 1;
            break;
        }
    }
    return 0;
}

/* Fills the n empty cells cells[0..n) (reordered in place): the cell with fewest
 * digits left next (ties: the order given, which the caller shuffles), a random
 * digit, chronological backtracking; with g->avoid_swaps no digit that completes a
 * swap rectangle. 1 filled; 0 dead end or over the step cap, with those cells
 * empty again. */
static int fill_cells(gen *g, int *cells, int n, uint64_t cap)
{
    uint64_t steps = 0;
    int depth = 0;
    if (!n) return 1;
    for (;;) {
        /* Choose the next cell. */
        int best = -1;
        unsigned best_n = 10;
        for (int j = depth; j < n; j++) {
            unsigned k = (unsigned)__builtin_popcount(allowed(g, cells[j]));
            if (k < best_n) {
                best = j, best_n = k;
                if (k <= 1) break;
            }
        }
        const int t = cells[depth];
        cells[depth] = cells[best];
        cells[best] = t;
        g->rem[depth] = (uint16_t)allowed(g, cells[depth]);
        /* Place a digit there, backing up while a level has none left. */
        for (;;) {
            int v = 0;
            while (g->rem[depth] && !v) {
                v = draw_digit(g, g->rem[depth]);
                g->rem[depth] &= (uint16_t) ~(1u << (v - 1));
                if (g->avoid_swaps && swap_rectangle(g, cells[depth], v)) v = 0;
            }
            if (++steps > cap || (!v && depth == 0)) {
                while (depth > 0) take(g, cells[--depth]);
                return 0;
            }
            if (v) {
                put(g, cells[depth], v);
                if (++depth == n) return 1;
                break;
            }
            take(g, cells[--depth]);
        }
    }
}

static uint64_t fill_cap(int n)
{
    return FILL_STEPS_BASE + FILL_STEPS_PER_CELL * (uint64_t)n;
}

/* Places the digits of set S in run r's empty cells so that no crossing run repeats
 * one, and so that no empty cell of a crossing run is left without a digit. 1 done,
 * 0 when S does not fit (nothing changed). */
static int place_set(gen *g, int r, unsigned S)
{
    if (g->used[r] & ~S) return 0;
    int n = 0;
    for (int k = g->run_start[r]; k < g->run_start[r + 1]; k++)
        if (!g->dig[g->run_cell[k]]) g->list[n++] = g->run_cell[k];
    const uint16_t keep = g->lim[r];
    g->lim[r] = (uint16_t)S;
    if (!fill_cells(g, g->list, n, fill_cap(n))) {
        g->lim[r] = keep;
        return 0;
    }
    /* Forward check: the crossing runs' empty cells must keep some digit. */
    for (int j = 0; j < n; j++) {
        const int x = g->list[j], q = g->across[x] == r ? g->down[x] : g->across[x];
        for (int k = g->run_start[q]; k < g->run_start[q + 1]; k++) {
            const int y = g->run_cell[k];
            if (!g->dig[y] && !allowed(g, y)) {
                for (int i = 0; i < n; i++) take(g, g->list[i]);
                g->lim[r] = keep;
                return 0;
            }
        }
    }
    return 1;
}

/* Tries the unique sums of run r's length in random order; 1 when one was placed. */
static int make_unique(gen *g, int r)
{
    const int len = g->run_start[r + 1] - g->run_start[r];
    int idx[MAX_SETS_PER_LEN], n = g->nsets[len];
    for (int k = 0; k < n; k++) idx[k] = k;
    pb_rng_shuffle(&g->rng, idx, n);
    for (int k = 0; k < n; k++)
        if (place_set(g, r, g->sets[len][idx[k]])) return 1;
    return 0;
}

/* Makes free run r unique in a complete fill: its cells and those of the runs
 * crossing it are drawn again with r inside a unique-sum set (the sets in random
 * order), the other unique-sum runs kept inside theirs. 1 done; 0 with the fill as
 * it was. */
static int repair_run(gen *g, int r)
{
    int n = 0;
    for (int k = g->run_start[r]; k < g->run_start[r + 1]; k++) {
        const int x = g->run_cell[k], q = g->across[x] == r ? g->down[x] : g->across[x];
        for (int h = g->run_start[q]; h < g->run_start[q + 1]; h++) g->list[n++] = g->run_cell[h];
    }
    for (int j = 0; j < n; j++) g->saved[g->list[j]] = g->dig[g->list[j]];
    const int len = g->run_start[r + 1] - g->run_start[r];
    int idx[MAX_SETS_PER_LEN], ns = g->nsets[len];
    for (int k = 0; k < ns; k++) idx[k] = k;
    pb_rng_shuffle(&g->rng, idx, ns);
    for (int j = 0; j < n; j++) take(g, g->list[j]);
    for (int k = 0; k < ns; k++) {
        g->lim[r] = g->sets[len][idx[k]];
        pb_rng_shuffle(&g->rng, g->list, n);
        if (fill_cells(g, g->list, n, fill_cap(n))) return 1;
    }
    g->lim[r] = ALL_DIGITS;
    for (int j = 0; j < n; j++) put(g, g->list[j], g->saved[g->list[j]]);
    return 0;
}

/* repair_run, and when that fails, the same with one unique-sum run crossing r
 * freed (a sideways move: r takes its place, which lets the search leave a spot
 * where every free run is blocked by its neighbours' sets), then that run made
 * unique again if it can be. Returns the gain in unique-sum runs: 1, or 0 (nothing
 * changed, or r took the other run's place). */
static int repair_or_trade(gen *g, int r)
{
    if (repair_run(g, r)) return 1;
    int q[KAKURO_MAX_RUN], nq = 0;
    for (int k = g->run_start[r]; k < g->run_start[r + 1]; k++) {
        const int x = g->run_cell[k], c = g->across[x] == r ? g->down[x] : g->across[x];
        if (g->lim[c] != ALL_DIGITS) q[nq++] = c;
    }
    pb_rng_shuffle(&g->rng, q, nq);
    for (int k = 0; k < nq && k < TRADES; k++) {
        const uint16_t keep = g->lim[q[k]];
        g->lim[q[k]] = ALL_DIGITS;
        if (repair_run(g, r)) return repair_run(g, q[k]);
        g->lim[q[k]] = keep;
    }
    return 0;
}

/* Makes free runs unique, in random order, until the target is met or the passes
 * run out. The walk of new_fill skips runs where no set fits beside the digits
 * already placed, and stops short of high shares (about 2/3 of the runs at most);
 * this gets the rest by local redraws of the complete fill. */
static void reach_target(gen *g)
{
    for (int pass = 0; pass < REPAIR_PASSES && g->labelled < g->target; pass++) {
        pb_rng_shuffle(&g->rng, g->order, g->nruns);
        for (int j = 0; j < g->nruns && g->labelled < g->target; j++)
            if (g->lim[g->order[j]] == ALL_DIGITS) g->labelled += repair_or_trade(g, g->order[j]);
    }
}

/* A whole new fill: unique sums on the target share of the runs (shuffled, each
 * skipped when no unique sum fits), then random digits. 0, or -1 when the time ran
 * out, -2 when the outline would not fill. */
static int new_fill(gen *g, kakuro_gen_stats *st)
{
    for (int t = 0; t < MAX_FILL_TRIES; t++) {
        if (t && pb_cancelled_or_late(g->cancel, g->deadline)) return -1;
        memset(g->dig, 0, (size_t)g->nw);
        memset(g->used, 0, (size_t)g->nruns * sizeof *g->used);
        for (int r = 0; r < g->nruns; r++) g->lim[r] = ALL_DIGITS, g->order[r] = r;
        pb_rng_shuffle(&g->rng, g->order, g->nruns);
        g->labelled = 0;
        for (int k = 0; k < g->nruns && g->labelled < g->target; k++)
            g->labelled += make_unique(g, g->order[k]);
        int n = 0;
        for (int i = 0; i < g->nw; i++)
            if (!g->dig[i]) g->todo[n++] = i;
        for (int k = 0; k < RANDOM_TRIES; k++) {
            pb_rng_shuffle(&g->rng, g->todo, n);
            if (!fill_cells(g, g->todo, n, fill_cap(n))) continue;
            reach_target(g);
            st->fills++;
            return 0;
        }
    }
    return -2;
}

static int run_sum(const gen *g, int r)
{
    int s = 0;
    for (int k = g->run_start[r]; k < g->run_start[r + 1]; k++) s += g->dig[g->run_cell[k]];
    return s;
}

/* Whether the other solution, carried over to the current fill (each of the nd
 * differing cells todo[] shifted by the same amount as before), is still a solution
 * of the current clues: shifted digits within 1-9 and no run repeating one. Its sums
 * match by construction, since the shifts add up to 0 along every run. */
static int shifted_solution(gen *g, int nd)
{
    for (int j = 0; j < nd; j++) {
        const int a = g->dig[g->todo[j]] + g->shift[g->todo[j]];
        if (a < 1 || a > 9) return 0;
    }
    for (int j = 0; j < nd; j++) {
        const int x = g->todo[j], rr[2] = {g->across[x], g->down[x]};
        for (int h = 0; h < 2; h++) {
            unsigned seen = 0;
            for (int k = g->run_start[rr[h]]; k < g->run_start[rr[h] + 1]; k++) {
                const int y = g->run_cell[k];
                const unsigned b = 1u << (g->dig[y] + g->shift[y]);
                if (seen & b) return 0;
                seen |= b;
            }
        }
    }
    return 1;
}

/* Draws the n cells list[] again until a draw changes some clue and leaves the
 * ambiguity found (the other solution, shifted along: nd cells todo[]) no longer a
 * solution. 1 done; 0 with the cells as they were. */
static int redraw(gen *g, int n, int nd)
{
    int touched = 0, ok = 0;
    for (int j = 0; j < n; j++) {
        const int x = g->list[j], rr[2] = {g->across[x], g->down[x]};
        for (int h = 0; h < 2; h++)
            if (!g->run_mark[rr[h]]) {
                g->run_mark[rr[h]] = 1;
                g->touched[touched] = rr[h];
                g->old_sum[touched++] = run_sum(g, rr[h]);
            }
    }
    for (int j = 0; j < touched; j++) g->run_mark[g->touched[j]] = 0;
    for (int j = 0; j < n; j++) g->saved[g->list[j]] = g->dig[g->list[j]];
    for (int j = 0; j < n; j++) take(g, g->list[j]);
    for (int draw = 0; draw < LOCAL_DRAWS && !ok; draw++) {
        pb_rng_shuffle(&g->rng, g->list, n);
        if (!fill_cells(g, g->list, n, fill_cap(n))) break;
        for (int j = 0; j < touched && !ok; j++) ok = run_sum(g, g->touched[j]) != g->old_sum[j];
        if (ok && shifted_solution(g, nd)) ok = 0;
        if (!ok)
            for (int j = 0; j < n; j++) take(g, g->list[j]);
    }
    if (!ok)
        for (int j = 0; j < n; j++) put(g, g->list[j], g->saved[g->list[j]]);
    return ok;
}

/* REFILL_DIFF: re-randomises the cells where the fill and `other` (another solution
 * of its clues) differ, unique-sum runs kept inside their sets. When no draw breaks
 * the ambiguity, the region grows to every cell of the runs through it; when that
 * fails too (the differing cells lie in unique-sum runs that can only trade digits
 * among themselves), those runs are freed, the cells drawn again, and other runs
 * made unique instead so that the share holds. 1 done; 0 when a whole new fill is
 * needed. */
static int local_refill(gen *g, const int *other)
{
    int nd = 0, n = 0, ok = 0;
    for (int i = 0; i < g->nw; i++)
        if (other[i] != g->dig[i]) {
            g->shift[i] = (signed char)(other[i] - g->dig[i]);
            g->todo[nd++] = i;
        }
    if (!nd) return 0;
    memcpy(g->list, g->todo, (size_t)nd * sizeof *g->list);
    ok = redraw(g, n = nd, nd);
    if (!ok) {
        for (int j = 0; j < nd; j++) g->mark[g->list[j]] = 1;
        for (int j = 0; j < nd; j++) {
            const int x = g->todo[j], rr[2] = {g->across[x], g->down[x]};
            for (int h = 0; h < 2; h++)
                for (int k = g->run_start[rr[h]]; k < g->run_start[rr[h] + 1]; k++) {
                    const int y = g->run_cell[k];
                    if (!g->mark[y]) g->mark[y] = 1, g->list[n++] = y;
                }
        }
        for (int j = 0; j < n; j++) g->mark[g->list[j]] = 0;
        if (n > nd) ok = redraw(g, n, nd);
    }
    if (!ok && g->target > 0) {
        int nf = 0;
        for (int j = 0; j < nd; j++) {
            const int x = g->todo[j], rr[2] = {g->across[x], g->down[x]};
            for (int h = 0; h < 2; h++)
                if (g->lim[rr[h]] != ALL_DIGITS) {
                    g->freed[nf] = rr[h];
                    g->freed_lim[nf++] = g->lim[rr[h]];
                    g->lim[rr[h]] = ALL_DIGITS;
                }
        }
        memcpy(g->list, g->todo, (size_t)nd * sizeof *g->list);
        if (nf && redraw(g, nd, nd)) {
            g->labelled -= nf;
            reach_target(g);
            ok = g->labelled >= g->target;
        } else {
            while (nf > 0) nf--, g->lim[g->freed[nf]] = g->freed_lim[nf];
        }
    }
    for (int j = 0; j < nd; j++) g->shift[g->todo[j]] = 0;
    return ok;
}

static void count_unique(const gen *g, kakuro_gen_stats *st)
{
    st->runs = g->nruns;
    st->unique_runs = 0;
    for (int r = 0; r < g->nruns; r++)
        st->unique_runs += g->is_unique[g->run_start[r + 1] - g->run_start[r]][run_sum(g, r)];
}

/* *solution = the fill with its clues, *puzzle = the clues alone. 0, or -2 out of
 * memory. */
static int write_grids(const gen *g, kakuro_grid *puzzle, kakuro_grid *solution)
{
    if (kakuro_grid_copy(solution, g->shape)) return -2;
    for (int i = 0; i < g->nw; i++) solution->digit[g->cell[i]] = g->dig[i];
    kakuro_derive_clues(solution);
    if (kakuro_grid_copy(puzzle, solution)) return -2;
    for (int i = 0; i < g->nw; i++) puzzle->digit[g->cell[i]] = 0;
    return 0;
}

/* The unique sums, as kakuro_unique_sums lists them (by length, then sum; with
 * seed_table none of length 8), found in one pass over the digit sets: that call
 * takes a fifth of a millisecond, as long as a whole small puzzle. */
static void unique_table(gen *g, int seed_table)
{
    unsigned char count[KAKURO_MAX_RUN + 1][46], sum[512];
    uint16_t only[KAKURO_MAX_RUN + 1][46];
    memset(count, 0, sizeof count);
    sum[0] = 0;
    for (unsigned m = 1; m < 512; m++) {
        sum[m] = (unsigned char)(sum[m & (m - 1)] + __builtin_ctz(m) + 1);
        const int len = __builtin_popcount(m);
        if (!count[len][sum[m]]++) only[len][sum[m]] = (uint16_t)m;
    }
    for (int len = KAKURO_MIN_RUN; len <= KAKURO_MAX_RUN; len++) {
        if (seed_table && len == 8) continue;
        for (int s = 0; s < 46; s++)
            if (count[len][s] == 1) {
                g->sets[len][g->nsets[len]++] = only[len][s];
                g->is_unique[len][s] = 1;
            }
    }
}

static void gen_free(gen *g)
{
    if (!g) return;
    void *arrays[] = {g->cell,  g->widx,  g->across,    g->down,    g->run_start, g->run_cell,
                      g->used,  g->lim,   g->dig,       g->order,   g->todo,      g->list,
                      g->rem,   g->first, g->last,      g->touched, g->old_sum,   g->saved,
                      g->shift, g->freed, g->freed_lim, g->mark,    g->run_mark};
    for (size_t k = 0; k < sizeof arrays / sizeof *arrays; k++) free(arrays[k]);
    free(g);
}

/* Sets up generation for puzzle `index` of o; the outline goes to *outline when
 * o->outline is NULL. NULL with *rc set on failure. */
static gen *gen_new(const kakuro_gen_opts *o, uint64_t index, kakuro_grid *outline, double t0,
                    int *rc)
{
    *rc = -2;
    gen *g = calloc(1, sizeof *g);
    if (!g) return NULL;
    g->deadline = o->max_seconds > 0 ? t0 + o->max_seconds : 0;
    g->cancel = o->cancel;
    if (o->outline) {
        g->shape = o->outline;
    } else {
        kakuro_outline_opts sh = o->shape;
        uint64_t x = o->seed ^ 0x6B616B75726F6F6Cu; /* the outline stream: "kakurool" */
        sh.seed = pb_splitmix64(&x);
        sh.deadline = g->deadline, sh.cancel = o->cancel;
        const int made = kakuro_outline_generate(&sh, index, outline);
        if (made > 0) *rc = -1; /* stopped: a limit, as when the fill runs out of time */
        if (made < 0) *rc = -3; /* no valid outline of the shape: nothing to fill */
        if (made) return gen_free(g), NULL;
        g->shape = outline;
    }
    const kakuro_grid *s = g->shape;
    char msg[128];
    if (kakuro_outline_check(s, msg, sizeof msg)) return gen_free(g), NULL;
    const int ncells = s->rows * s->cols;
    for (int i = 0; i < ncells; i++) g->nw += s->white[i] != 0;
    g->nruns = kakuro_find_runs(s, NULL, 0);
    const int nw = g->nw, nr = g->nruns;
    const size_t W = (size_t)nw + 1, R = (size_t)nr + 1, I = sizeof(int), U = sizeof(uint16_t);
    g->cell = malloc(W * I), g->across = malloc(W * I), g->down = malloc(W * I);
    g->run_start = malloc(R * I), g->run_cell = malloc(2 * W * I);
    g->used = malloc(R * U), g->lim = malloc(R * U), g->dig = calloc(W, 1);
    g->order = malloc(R * I), g->todo = malloc(W * I), g->list = malloc(W * I);
    g->rem = malloc(W * U), g->first = malloc(W * I), g->last = malloc(W * I);
    g->touched = malloc(R * I), g->old_sum = malloc(R * I), g->saved = calloc(W, 1);
    g->shift = calloc(W, 1);
    g->freed = malloc(R * I), g->freed_lim = malloc(R * U);
    g->mark = calloc(W, 1), g->run_mark = calloc(R, 1);
    kakuro_run *runs = malloc(sizeof *runs * R);
    int *widx = g->widx = malloc(sizeof(int) * (size_t)ncells);
    if (!g->cell || !g->across || !g->down || !g->run_start || !g->run_cell || !g->used ||
        !g->lim || !g->dig || !g->order || !g->todo || !g->list || !g->rem || !g->first ||
        !g->last || !g->touched || !g->old_sum || !g->saved || !g->shift || !g->freed ||
        !g->freed_lim || !g->mark || !g->run_mark || !runs || !widx) {
        free(runs);
        return gen_free(g), NULL;
    }
    for (int i = 0, k = 0; i < ncells; i++) {
        widx[i] = -1;
        if (s->white[i]) g->cell[k] = i, widx[i] = k++;
    }
    kakuro_find_runs(s, runs, nr);
    int at = 0;
    for (int r = 0; r < nr; r++) {
        g->run_start[r] = at;
        for (int k = 0; k < runs[r].len; k++) {
            const int w = widx[kakuro_run_cell(&runs[r], k)];
            g->run_cell[at++] = w;
            (runs[r].dir == KAKURO_ACROSS ? g->across : g->down)[w] = r;
        }
    }
    g->run_start[nr] = at;
    free(runs);

    unique_table(g, o->seed_table);
    const double share = o->share < 0 ? 0 : o->share > 1 ? 1 : o->share;
    g->target = (int)ceil(share * nr - 1e-9);
    pb_rng_seed_stream(&g->rng, o->seed, index);
    g->avoid_swaps = o->refill == KAKURO_REFILL_DIFF;
    *rc = 0;
    return g;
}

/* One call of an entry point: its clock, outline, generator and result. */
typedef struct gen_call {
    double t0;
    int rc;
    kakuro_grid outline;
    gen *g; /* NULL (rc set) when it could not be made */
} gen_call;

/* What both entry points start with: the clock, the stats cleared, the generator of
 * puzzle `index` on its outline. */
static void start(gen_call *k, const kakuro_gen_opts *o, uint64_t index, kakuro_gen_stats *st)
{
    k->t0 = pb_now_s();
    memset(st, 0, sizeof *st);
    k->outline = (kakuro_grid){0};
    k->g = gen_new(o, index, &k->outline, k->t0, &k->rc);
}

/* What both end with: the generator and its outline freed, the wall time kept; rc. */
static int finish(gen_call *k, kakuro_gen_stats *st)
{
    gen_free(k->g);
    kakuro_grid_free(&k->outline);
    st->wall_s = pb_now_s() - k->t0;
    return k->rc;
}

int kakuro_fill_candidate(const kakuro_gen_opts *o, uint64_t index, kakuro_grid *puzzle,
                          kakuro_grid *solution, kakuro_gen_stats *st)
{
    gen_call k;
    start(&k, o, index, st);
    if (k.g) k.rc = new_fill(k.g, st);
    if (!k.rc) {
        count_unique(k.g, st);
        k.rc = write_grids(k.g, puzzle, solution);
    }
    return finish(&k, st);
}

int kakuro_generate(const kakuro_gen_opts *o, uint64_t index, kakuro_grid *puzzle,
                    kakuro_grid *solution, kakuro_gen_stats *st)
{
    gen_call k;
    start(&k, o, index, st);
    gen *g = k.g;
    int rc = k.rc;
    const pb_engine *e = o->checker ? o->checker : &pb_engine_kakuro_combo;
    if (g && !rc) rc = new_fill(g, st);
    const int diff = o->refill == KAKURO_REFILL_DIFF && e && (e->about.caps & PB_CAP_LAST);
    int chain = 0;
    while (g && !rc) {
        if (o->max_attempts && st->attempts >= o->max_attempts) {
            rc = -1;
            break;
        }
        if (pb_cancelled_or_late(g->cancel, g->deadline)) {
            rc = -1;
            break;
        }
        if ((rc = write_grids(g, puzzle, solution))) break;
        count_unique(g, st);
        pb_error err;
        pb_model *m = kakuro_model_new(puzzle, &err);
        if (!m) {
            rc = -2;
            break;
        }
        pb_run how = {.mode = PB_MODE_COUNT, .order = o->order, .threads = 1};
        how.limits.max_solutions = 2;
        if (g->deadline > 0) how.limits.max_seconds = fmax(g->deadline - pb_now_s(), 1e-6);
        how.limits.cancel = o->cancel;
        pb_result res;
        memset(&res, 0, sizeof res);
        res.first = g->first;
        res.last = diff ? g->last : NULL;
        for (int i = 0; i < g->nw; i++) g->first[i] = g->last[i] = 0;
        pb_status s = pb_engine_run(e, m, &how, &res);
        pb_model_free(m);
        st->attempts++;
        pb_stats_add(&st->check, &res.stats);
        if (res.stats.solutions == 1 && s == PB_DONE) break; /* unique: rc stays 0 */
        if (res.stats.solutions < 2) {
            rc = s == PB_LIMIT || s == PB_INTERRUPTED ? -1 : -2;
            break;
        }
        if (diff && chain < LOCAL_MAX_CHAIN) {
            int same = 1;
            for (int i = 0; i < g->nw && same; i++) same = g->first[i] == g->dig[i];
            if (local_refill(g, same ? g->last : g->first)) {
                chain++;
                continue;
            }
        }
        chain = 0;
        rc = new_fill(g, st);
    }
    if (g && rc) count_unique(g, st);
    k.rc = rc;
    return finish(&k, st);
}
