/* enumerate.c — naive enumeration: every complete vector is generated and only then
 * checked against the rules. `enum-all` walks every vector of the domains' product
 * (repeats allowed); `enum-perm` every permutation of 1..n. Both walk the search tree
 * in reading order without pruning, so placements and backtracks count exactly the
 * nodes that `backtrack` would visit without its checks. As there, cells whose
 * domain is one value from the start (givens) are filled first and are not steps.
 *
 * Still naive, but at memory speed: the odometer walks the first cells one step at a
 * time, and the last few cells (a block of up to BLOCK_LANES vectors: the product of
 * their domains, or the permutations of the values left) are enumerated at once, as
 * lanes of byte vectors. Each lane is a complete vector, and the whole rule check
 * (every min-difference pair, every pair of cells of an all-different group, every
 * sum) runs on 64 lanes at a time, with GCC's vector extensions in vectors of 64,
 * 32 or 16 bytes: AVX-512, AVX2 or SSE2, whichever the CPU has (enumerate_lanes.h,
 * compiled for each). As the scalar check stops at a vector's first broken rule,
 * the lanes' check stops once no lane is left, and it takes first the pairs of two
 * cells before the block (the same in every lane, and the likeliest to fail). A block's steps are
 * those its subtree takes one step at a time (they depend on the domains alone), so the counts are
 * exactly those of the first version, one vector at a time, which the tests keep as
 * their oracle (tests/oracles/enumerate_v0.c). Where a block would cross the step at
 * which the limits are polled, or holds a solution that must stop the run (the first
 * solution, a solution cap), it is walked one step at a time instead, as the first
 * version walks it. Models whose sums could pass a byte are enumerated one step at a
 * time throughout. */
#include "../core/engine.h"
#include "../core/limiter.h"
#include "../registry/engine_list.h"
#include "explored.h"

#include <stdlib.h>
#include <string.h>

enum { CONFIG_ALL = 0, CONFIG_PERM = 1 };

/* Lanes per chunk (the unit of the block's storage and of its bits of solutions), and
 * per block at most: hundreds of vectors per block keep the odometer's own steps
 * rare, and the block's steps far below a poll interval. */
enum { CHUNK = 64, BLOCK_LANES = 512, BLOCK_CHUNKS = BLOCK_LANES / CHUNK };

/* One byte per lane: a cell's values in a chunk's lanes, or the lanes' flags. */
typedef struct lane_chunk {
    _Alignas(CHUNK) uint8_t b[CHUNK];
} lane_chunk;

/* The whole rule check as pairs of cells to compare and sums to match. */
typedef struct check_prog {
    int ndiff, nsame, nsums;
    uint16_t (*diff)[2]; /* min-difference pairs, as check_pairs orders them */
    uint16_t (*same)[2]; /* cells of one all-different group */
    int *sum_start;      /* sum group g: cells sum_cell[sum_start[g] .. +1), total sum_total[g] */
    uint16_t *sum_cell;
    uint8_t *sum_total;
    uint8_t dadd, dlim; /* |a - b| < d iff (a - b + d - 1) mod 256 <= 2d - 2 */
} check_prog;

typedef struct block {
    int w;                            /* the block's cells: the last w open cells; 0: no blocks */
    int nlanes, nchunks;              /* lanes used, and chunks of lanes */
    uint64_t placements, backtracks;  /* the steps of one block's subtree */
    lane_chunk valid[BLOCK_CHUNKS];   /* 255 in the lanes used */
    lane_chunk val[8][BLOCK_CHUNKS];  /* block cell i's value in every lane */
    lane_chunk rank[8][BLOCK_CHUNKS]; /* enum-perm: a lane gives cell i the rank[i]-th value left */
} block;

/* The lanes' check at one vector width (enumerate_lanes.h). */
typedef int check_fn(const check_prog *p, const block *b, const int *v, const int *cells,
                     int ncells, lane_chunk *cv, uint64_t *hit);
/* enum-perm: the block's values from the ranks and the values left, at that width. */
typedef void fill_fn(block *b, const uint8_t *left);

typedef struct enum_state {
    const pb_model *m;
    const pb_run *how;
    pb_result *out;
    int perm, n;
    int *v, *open; /* values by cell; the cells enumerated, in order */
    pb_mask used;  /* enum-perm: values held by fixed cells and open cells placed */
    pb_limiter lim;
    uint64_t placements, backtracks, candidates;
    pb_count solutions;
    pb_status status;
    check_prog prog;
    block blk;
    check_fn *check; /* the widest the CPU runs */
    fill_fn *fill;
    lane_chunk *cv; /* per cell: its value in every lane of the chunk being checked */
    /* The part walked, for pb_run.explored: the vectors checked out of all there are
     * (the walk prunes nothing, so that fraction is exact). */
    pb_explore explore;
    double vectors;
} enum_state;

/* ---- the check ---- */

/* The lanes' check for SSE2 (the x86-64 base, or any GCC vector target), AVX2 and
 * AVX-512; the widest the CPU runs is picked for each run. */
#define LANES_BYTES 16
#define LANES_NAME  check_16
#define LANES_TARGET
#include "enumerate_lanes.h"
#if defined(__x86_64__) && defined(__GNUC__)
#define LANES_BYTES  32
#define LANES_NAME   check_32
#define LANES_TARGET __attribute__((target("avx2")))
#include "enumerate_lanes.h"
#define LANES_BYTES  64
#define LANES_NAME   check_64
#define LANES_TARGET __attribute__((target("avx512f,avx512bw")))
#include "enumerate_lanes.h"
#endif

/* The widest check (and enum-perm's fill) the CPU runs. */
static void pick_width(check_fn **check, fill_fn **fill)
{
#if defined(__x86_64__) && defined(__GNUC__)
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx512bw")) {
        *check = check_64, *fill = check_64_fill;
        return;
    }
    if (__builtin_cpu_supports("avx2")) {
        *check = check_32, *fill = check_32_fill;
        return;
    }
#endif
    *check = check_16, *fill = check_16_fill;
}

/* The scalar rule check of a complete vector, as the first version makes it. */
static int complete_ok(const pb_model *m, const int *v)
{
    const int d = m->min_diff;
    for (int i = 0; i < m->npairs; i++) {
        int x = v[m->check_pairs[i][0]] - v[m->check_pairs[i][1]];
        if (x < d && -x < d) return 0;
    }
    return pb_model_check(m, v);
}

/* ---- the walk ---- */

/* Reports the vectors checked so far as the part of the tree walked. */
static void report_explored(enum_state *e)
{
    pb_explored_reach(&e->explore,
                      pb_explored_fixed(&e->explore, (double)e->candidates / e->vectors));
}

/* After a step: polls the limits when due (and reports the part walked); 0 when the
 * run must stop. */
static inline int step_done(enum_state *e)
{
    uint64_t steps = e->placements + e->backtracks;
    if (steps < e->lim.next) return 1;
    if (e->explore.sink) report_explored(e);
    return (e->status = pb_limiter_poll(&e->lim, steps)) == PB_DONE;
}

/* Records the solution in e->v; 0 when it stops the run. */
static int found(enum_state *e)
{
    const size_t bytes = (size_t)e->m->ncells * sizeof *e->v;
    if (!e->solutions++ && e->out->first) memcpy(e->out->first, e->v, bytes);
    if (e->out->last) memcpy(e->out->last, e->v, bytes);
    return !pb_solution_stops(e->how, e->solutions, &e->status);
}

/* Writes the vector of a block's lane (the prefix in e->v) to dst. */
static void lane_vector(const enum_state *e, int lane, int *dst)
{
    memcpy(dst, e->v, (size_t)e->m->ncells * sizeof *dst);
    for (int i = 0; i < e->blk.w; i++)
        dst[e->open[e->n - e->blk.w + i]] = e->blk.val[i][lane / CHUNK].b[lane % CHUNK];
}

static int run_block(enum_state *e);

/* Walks levels floor.. of the odometer, starting with the cell of level floor empty,
 * until that cell has no further value (its backtrack included), one step at a time
 * down to the block's cells, which run_block takes (when blocks is set). 0 when the
 * run stops. */
static int walk(enum_state *e, int floor, int blocks)
{
    const int top = blocks ? e->n - e->blk.w : e->n; /* levels [top, n): the block */
    const pb_mask all = PB_FULL(e->m->nvalues);
    int i = floor;
    for (;;) {
        if (i == top) {
            if (!run_block(e)) return 0;
            if (i-- == floor) return 1;
            continue;
        }
        const int c = e->open[i], cur = e->v[c];
        pb_mask left;
        if (e->perm) {
            if (cur) e->used &= ~PB_BIT(cur);
            left = all & ~e->used & ~PB_FULL(cur);
        } else {
            left = e->m->domain[c] & ~PB_FULL(cur);
        }
        if (left) {
            int x = __builtin_ctzll(left) + 1;
            e->v[c] = x;
            e->placements++;
            if (i + 1 < e->n) {
                if (e->perm) e->used |= PB_BIT(x);
                i++;
            } else if (e->candidates++, complete_ok(e->m, e->v) && !found(e)) {
                return 0;
            }
        } else {
            e->v[c] = 0;
            e->backtracks++;
            if (i == floor) return floor == 0 || step_done(e);
            i--;
        }
        if (!step_done(e)) return 0;
    }
}

/* enum-perm: the block's values in each lane, from the values left (in order). */
static void perm_lanes(enum_state *e)
{
    uint8_t left[8] = {0};
    int k = 0;
    for (pb_mask x = PB_FULL(e->m->nvalues) & ~e->used; x && k < 8; x &= x - 1)
        left[k++] = (uint8_t)(__builtin_ctzll(x) + 1);
    e->fill(&e->blk, left);
}

/* The subtree of the block's cells under the prefix in e->v, all its vectors checked
 * at once; or one step at a time where the limits must be polled inside it or a
 * solution in it must stop the run. 0 when the run stops. */
static int run_block(enum_state *e)
{
    block *b = &e->blk;
    const int floor = e->n - b->w;
    uint64_t steps = e->placements + e->backtracks;
    if (steps + b->placements + b->backtracks > e->lim.next) return walk(e, floor, 0);
    if (e->perm) perm_lanes(e);
    uint64_t hit[BLOCK_LANES / 64];
    int count = e->check(&e->prog, b, e->v, e->open + floor, e->m->ncells, e->cv, hit);
    if (count && (e->how->mode == PB_MODE_FIRST || e->how->limits.max_solutions))
        return walk(e, floor, 0);
    if (count && e->out->first && !e->solutions) {
        int lane = 0;
        while (!(hit[lane / 64] >> (lane % 64) & 1)) lane++;
        lane_vector(e, lane, e->out->first);
    }
    if (count && e->out->last) {
        int lane = b->nlanes - 1;
        while (!(hit[lane / 64] >> (lane % 64) & 1)) lane--;
        lane_vector(e, lane, e->out->last);
    }
    e->placements += b->placements;
    e->backtracks += b->backtracks;
    e->candidates += (uint64_t)b->nlanes;
    e->solutions += (pb_count)count;
    return floor == 0 || step_done(e);
}

/* ---- setting up ---- */

/* The check as pairs and sums; 0 when its bytes cannot hold the model (a sum that
 * may pass 255, a minimum difference past the values), or out of memory. */
static int make_prog(const pb_model *m, check_prog *p)
{
    const int d = m->min_diff;
    int nsame = 0, nsumcells = 0;
    for (int g = 0; g < m->ngroups; g++) {
        int k = m->group_start[g + 1] - m->group_start[g], top = 0;
        nsame += k * (k - 1) / 2;
        for (int i = m->group_start[g]; i < m->group_start[g + 1]; i++)
            top += 64 - __builtin_clzll(m->domain[m->group_cells[i]] | 1);
        if (m->group_sum && m->group_sum[g]) {
            if (top > 255 || m->group_sum[g] > 255) return 0;
            nsumcells += k, p->nsums++;
        }
    }
    if (m->npairs && (d < 1 || d > 64)) return 0;
    p->diff = malloc(((size_t)m->npairs + 1) * sizeof *p->diff);
    p->same = malloc(((size_t)nsame + 1) * sizeof *p->same);
    p->sum_start = malloc(((size_t)p->nsums + 1) * sizeof *p->sum_start);
    p->sum_cell = malloc(((size_t)nsumcells + 1) * sizeof *p->sum_cell);
    p->sum_total = malloc(((size_t)p->nsums + 1) * sizeof *p->sum_total);
    if (!p->diff || !p->same || !p->sum_start || !p->sum_cell || !p->sum_total) return 0;
    p->dadd = (uint8_t)(d - 1), p->dlim = (uint8_t)(2 * d - 2);
    for (int i = 0; i < m->npairs; i++)
        for (int j = 0; j < 2; j++) p->diff[p->ndiff + i][j] = (uint16_t)m->check_pairs[i][j];
    p->ndiff = m->npairs;
    int ns = 0;
    p->sum_start[0] = 0;
    for (int g = 0; g < m->ngroups; g++) {
        const int *gc = m->group_cells + m->group_start[g],
                  k = m->group_start[g + 1] - m->group_start[g];
        for (int i = 0; i < k; i++)
            for (int j = i + 1; j < k; j++)
                p->same[p->nsame][0] = (uint16_t)gc[i], p->same[p->nsame++][1] = (uint16_t)gc[j];
        if (!m->group_sum || !m->group_sum[g]) continue;
        for (int i = 0; i < k; i++) p->sum_cell[p->sum_start[ns] + i] = (uint16_t)gc[i];
        p->sum_total[ns] = (uint8_t)m->group_sum[g];
        p->sum_start[ns + 1] = p->sum_start[ns] + k;
        ns++;
    }
    return 1;
}

/* Moves the pairs of two cells before the block (the same in every lane, and most
 * often what fails) ahead of the others, each part in its order. */
static void prefix_pairs_first(uint16_t (*pair)[2], int n, const char *in_block)
{
    uint16_t(*tmp)[2] = malloc(((size_t)n + 1) * sizeof *tmp);
    if (!tmp) return; /* the order is only a speed-up */
    int k = 0;
    for (int pass = 0; pass < 2; pass++)
        for (int i = 0; i < n; i++)
            if ((in_block[pair[i][0]] || in_block[pair[i][1]]) == pass)
                tmp[k][0] = pair[i][0], tmp[k++][1] = pair[i][1];
    memcpy(pair, tmp, (size_t)n * sizeof *tmp);
    free(tmp);
}

static void order_prog(const enum_state *e, check_prog *p)
{
    char *in_block = calloc((size_t)e->m->ncells, 1);
    if (!in_block) return;
    for (int i = e->n - e->blk.w; i < e->n; i++) in_block[e->open[i]] = 1;
    prefix_pairs_first(p->diff, p->ndiff, in_block);
    prefix_pairs_first(p->same, p->nsame, in_block);
    free(in_block);
}

static void free_prog(check_prog *p)
{
    free(p->diff), free(p->same), free(p->sum_start), free(p->sum_cell), free(p->sum_total);
}

/* enum-perm's lanes: the permutations of the w values left, in the order the walk
 * would take them (lexicographic), as ranks among those values. */
static void perm_ranks(block *b)
{
    int r[8];
    for (int i = 0; i < b->w; i++) r[i] = i;
    for (int l = 0; l < b->nlanes; l++) {
        for (int i = 0; i < b->w; i++) b->rank[i][l / CHUNK].b[l % CHUNK] = (uint8_t)r[i];
        int i = b->w - 2; /* the next permutation */
        while (i >= 0 && r[i] > r[i + 1]) i--;
        if (i < 0) break;
        int j = b->w - 1;
        while (r[j] < r[i]) j--;
        int t = r[i];
        r[i] = r[j], r[j] = t;
        for (int a = i + 1, z = b->w - 1; a < z; a++, z--) t = r[a], r[a] = r[z], r[z] = t;
    }
}

/* The block: the last open cells, as many as keep its lanes within BLOCK_LANES, their
 * lanes and the steps of their subtree (nodes[j]: the subtree's nodes j cells deep;
 * each deeper node is a placement, each node above the last cells ends in one
 * backtrack). */
static void make_block(enum_state *e)
{
    block *b = &e->blk;
    uint64_t nodes[9] = {1}, lanes_now = 1;
    int size[8];
    while (b->w < 8 && b->w < e->n) {
        uint64_t d = e->perm
                         ? (uint64_t)b->w + 1
                         : (uint64_t)__builtin_popcountll(e->m->domain[e->open[e->n - 1 - b->w]]);
        if (lanes_now * d > BLOCK_LANES) break;
        lanes_now *= d;
        size[b->w++] = (int)d;
    }
    b->nlanes = (int)lanes_now;
    b->nchunks = (b->nlanes + CHUNK - 1) / CHUNK;
    for (int j = 0; j < b->w; j++) { /* sizes were taken from the last cell back */
        uint64_t d = e->perm ? (uint64_t)(b->w - j) : (uint64_t)size[b->w - 1 - j];
        nodes[j + 1] = nodes[j] * d;
        b->placements += nodes[j + 1];
        b->backtracks += nodes[j];
    }
    for (int l = 0; l < BLOCK_LANES; l++)
        b->valid[l / CHUNK].b[l % CHUNK] = l < b->nlanes ? 255 : 0;
    if (e->perm) {
        perm_ranks(b);
        return;
    }
    for (int l = 0; l < b->nlanes; l++) { /* the odometer of the block's cells */
        int rest = l;
        for (int i = b->w - 1; i >= 0; i--) {
            pb_mask dom = e->m->domain[e->open[e->n - b->w + i]];
            int k = rest % __builtin_popcountll(dom);
            rest /= __builtin_popcountll(dom);
            while (k--) dom &= dom - 1;
            b->val[i][l / CHUNK].b[l % CHUNK] = (uint8_t)(__builtin_ctzll(dom) + 1);
        }
    }
}

/* How many complete vectors the walk meets: the product of the open cells' domains,
 * or (enum-perm) the arrangements of the values left over the open cells. */
static double count_vectors(const enum_state *e)
{
    double n = 1;
    const int left = e->m->nvalues - __builtin_popcountll(e->used);
    for (int i = 0; i < e->n; i++)
        n *= e->perm ? (double)(left - i) : (double)__builtin_popcountll(e->m->domain[e->open[i]]);
    return n > 0 ? n : 1; /* none at all: the first vector ends the walk anyway */
}

/* Fills the fixed cells and lists the open ones: how many are open. */
static int place_fixed(enum_state *e)
{
    int n = 0;
    for (int c = 0; c < e->m->ncells; c++) {
        pb_mask d = e->m->domain[c];
        if (d && !(d & (d - 1))) {
            e->v[c] = __builtin_ctzll(d) + 1;
            e->used |= d;
        } else {
            e->open[n++] = c;
        }
    }
    return n;
}

static pb_status enumerate(const pb_model *m, const pb_run *how, pb_result *out, int perm)
{
    /* The state holds chunks: aligned as they are, a multiple of that in size. */
    enum_state *e = aligned_alloc(CHUNK, (sizeof *e + CHUNK - 1) / CHUNK * CHUNK);
    const size_t cells = (size_t)m->ncells + 1;
    if (!e) return PB_NOMEM;
    *e = (enum_state){.m = m, .how = how, .out = out, .perm = perm, .status = PB_DONE};
    pick_width(&e->check, &e->fill);
    if (!(e->v = calloc(cells, sizeof *e->v)) || !(e->open = malloc(cells * sizeof *e->open)) ||
        !(e->cv = aligned_alloc(CHUNK, cells * sizeof *e->cv))) {
        free(e->v), free(e->open), free(e);
        return PB_NOMEM;
    }
    pb_limiter_init(&e->lim, &how->limits, 0);
    e->n = place_fixed(e);
    e->explore = (pb_explore){.sink = how->explored, .share = PB_EXPLORED_WHOLE};
    e->vectors = count_vectors(e);
    /* Blocks need the bytes to hold the check, and for permutations fixed cells that
     * leave exactly as many values as open cells. */
    int vec =
        make_prog(m, &e->prog) && (!perm || __builtin_popcountll(e->used) == m->ncells - e->n);
    if (vec && e->n) make_block(e), order_prog(e, &e->prog);
    if (e->n == 0) { /* one vector: the fixed cells */
        e->candidates = 1;
        if (complete_ok(m, e->v)) found(e);
        pb_explored_finish(&e->explore);
    } else if (walk(e, 0, e->blk.w > 0)) {
        pb_explored_finish(&e->explore); /* the whole tree walked */
    }
    out->stats.placements = e->placements;
    out->stats.backtracks = e->backtracks;
    out->stats.candidates = e->candidates;
    out->stats.solutions = e->solutions;
    pb_status status = e->status;
    free_prog(&e->prog);
    free(e->v), free(e->open), free(e->cv), free(e);
    return status;
}

static pb_status run_enum(const pb_model *m, int config, const pb_run *how, pb_result *out)
{
    return enumerate(m, how, out, config == CONFIG_PERM);
}

static int accepts_perm(const pb_model *m, const char **why)
{
    *why = "enum-perm needs one all-different group over all cells and values 1..cells";
    return pb_model_is_permutation(m);
}

/* The two share their capabilities and their entry point (the config picks the tree). */
#define ENUM_CAPS (PB_CAP_FIRST | PB_CAP_COUNT | PB_CAP_LAST)

const pb_engine pb_engine_enum_all = {
    {"enum-all", "every vector of values (repeats allowed), checked only when complete", ENUM_CAPS,
     pb_cap_names, NULL},
    CONFIG_ALL,
    NULL,
    run_enum};

const pb_engine pb_engine_enum_perm = {
    {"enum-perm", "every permutation of the values, checked only when complete",
     ENUM_CAPS | PB_CAP_PERMS, pb_cap_names, NULL},
    CONFIG_PERM,
    accepts_perm,
    run_enum};
