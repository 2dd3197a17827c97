/* search.c — chronological backtracking and bit-mask forward checking, one loop.
 *
 * Both engines keep, for every unassigned cell, the values that agree with the cells
 * assigned so far: dom[c] holds what min-difference neighbours left (changes undone
 * through a trail) and used[g] the values taken in all-different group g, so a
 * placement costs one OR per group instead of a write per peer. For `backtrack` that
 * set is exactly what the seed tests value by value, so steps match the seed's
 * count; `propagate` also rejects a value whose placement leaves some unassigned
 * neighbour or peer with no value (forward checking).
 *
 * Cells whose domain is one value from the start (a puzzle's givens) are filled
 * before the search and are not steps: the tree has a level per open cell only.
 *
 * Sum groups (kakuro's runs): both engines reject a value when some sum group of its
 * cell could no longer reach its total, bounding what the group's remaining cells
 * can add with the smallest and the largest sums of that many distinct values not
 * yet used in it (a complete group must hit its total exactly). `propagate` also
 * keeps each sum group's open cells within the union of the value sets that can
 * still fill it, revising the crossing groups of every cell it narrows until
 * nothing changes, once before the search and after every placement. A model
 * without sums runs a copy of the loop compiled without any of this, so its steps
 * and speed stay what they were.
 *
 * Count mode with threads > 1 splits the tree at depth SPLIT_DEPTH into OpenMP
 * tasks; each task counts its subtree, including the backtrack that leaves it, so
 * the sums are the sequential counts whatever the thread count. Tasks are numbered
 * in the order the sequential search would enter them, so the first and last
 * solutions reported are the sequential search's, whatever task finishes first.
 *
 * The same cut serves callers that spread a count over processes (subtree.h): the
 * paths to the split depth are listed instead of spawned, and each subtree is counted
 * alone after walking down its path again from the fixed cells.
 *
 * At each poll a walk reports the part of the tree behind it (explored.h), for a
 * progress report's time left; a task reports its subtree, the parent its dead ends. */
#include "../core/engine.h"
#include "../core/grow.h"
#include "../core/limiter.h"
#include "../registry/engine_list.h"
#include "explored.h"
#include "subtree.h"

#include <omp.h>
#include <stdlib.h>
#include <string.h>

enum { CONFIG_BACKTRACK = 0, CONFIG_PROPAGATE = 1 };
enum { SPLIT_DEPTH = 5 };

typedef struct trail_entry {
    int cell;
    pb_mask old;
} trail_entry;

typedef struct shared_run shared_run;

typedef struct search {
    const pb_model *m;
    const pb_run *how;
    int forward;             /* reject values that wipe out a neighbour's domain */
    int sums;                /* the model has sum groups: the sum-aware loop runs */
    const int *static_order; /* the open cells, in the order's sequence */
    int nopen;               /* cells the search fills (the tree's depth) */
    int *values;             /* values[c]: 0 empty, else 1..nvalues */
    pb_mask *dom;            /* dom[c]: values neighbours still allow in unassigned cell c */
    pb_mask *used;           /* used[g]: values assigned in group g */
    pb_mask *eff;            /* scratch for dynamic orders: the allowed values of every cell */
    int *cell_at;            /* cell_at[d]: the cell assigned at depth d */
    int *mark;               /* mark[d]: trail length before depth d's placement */
    pb_mask *options_at;     /* options_at[d]: the values depth d's node can take */
    trail_entry *trail;
    int trail_len, trail_cap;
    /* Sums only. propagate's narrowing can trail more than the block holds, so the
     * trail may move to the heap; psum[g] is the total of the values in group g;
     * queue/queued hold the sum groups waiting to be revised. */
    trail_entry *trail_heap;
    int *psum, *queue;
    unsigned char *queued;
    pb_stats st;
    pb_limiter lim;
    pb_status status;
    int stopped;
    int *first; /* where to copy the first solution, or NULL */
    int *last;  /* where to copy every solution found, or NULL */
    int split;  /* spawn tasks at this depth; 0: never */
    shared_run *shared;
    pb_prefixes *collect; /* pb_search_prefixes: record the paths to the split */
    uint64_t seq;         /* a task's rank in the sequential order of the tasks */
    uint64_t spawned;     /* the parent: tasks spawned so far */
    pb_explore explored;  /* the report of the part of the tree walked (explored.h) */
} search;

struct shared_run {
    pb_stats total;
    pb_step_pool pool; /* the step limit, shared by the tasks (when there is one) */
    int stop;
    pb_status status;
    int *first, *last;
    uint64_t first_seq, last_seq; /* the tasks whose solutions first/last hold */
    int have_first, have_last;
};

static size_t trail_capacity(const pb_model *m)
{
    return (size_t)m->nbr_start[m->ncells] + 1 + (m->nsums ? 2 * (size_t)m->ncells : 0);
}

/* One allocation for every per-search array, so a task's copy is one malloc. */
static search *search_alloc(const pb_model *m)
{
    size_t n = (size_t)m->ncells;
    size_t ng = (size_t)m->ngroups;
    size_t nsum = m->nsums ? ng : 0;
    size_t bytes = sizeof(search) + (3 * n + ng) * sizeof(pb_mask) +
                   trail_capacity(m) * sizeof(trail_entry) + (3 * n + 1 + 2 * nsum) * sizeof(int) +
                   nsum;
    search *s = calloc(1, bytes);
    if (!s) return NULL;
    s->m = m;
    s->sums = m->nsums > 0;
    s->dom = (pb_mask *)(s + 1);
    s->eff = s->dom + n;
    s->options_at = s->eff + n;
    s->used = s->options_at + n;
    s->trail = (trail_entry *)(s->used + ng);
    s->trail_cap = (int)trail_capacity(m);
    s->values = (int *)(s->trail + trail_capacity(m));
    s->cell_at = s->values + n;
    s->mark = s->cell_at + n;
    if (s->sums) {
        s->psum = s->mark + n + 1;
        s->queue = s->psum + ng;
        s->queued = (unsigned char *)(s->queue + ng);
    }
    return s;
}

static void search_free(search *s)
{
    free(s->trail_heap);
    free(s);
}

static search *search_clone(const search *p)
{
    search *s = search_alloc(p->m);
    if (!s) return NULL;
    size_t n = (size_t)p->m->ncells;
    s->how = p->how, s->forward = p->forward, s->static_order = p->static_order;
    s->nopen = p->nopen;
    s->shared = p->shared;
    memcpy(s->values, p->values, n * sizeof *s->values);
    memcpy(s->dom, p->dom, n * sizeof *s->dom);
    memcpy(s->used, p->used, (size_t)p->m->ngroups * sizeof *s->used);
    if (s->sums) memcpy(s->psum, p->psum, (size_t)p->m->ngroups * sizeof *s->psum);
    memcpy(s->cell_at, p->cell_at, n * sizeof *s->cell_at);
    pb_limiter_fork(&s->lim, &p->lim); /* steps reserved when the task starts */
    s->status = PB_DONE;
    return s;
}

/* Sums: makes room for `extra` more trail entries; 0 when out of memory. */
static int trail_reserve(search *s, int extra)
{
    if (s->trail_len + extra <= s->trail_cap) return 1;
    int cap = 2 * s->trail_cap;
    while (cap < s->trail_len + extra) cap *= 2;
    trail_entry *t = malloc((size_t)cap * sizeof *t);
    if (!t) return 0;
    memcpy(t, s->trail, (size_t)s->trail_len * sizeof *t);
    free(s->trail_heap);
    s->trail = s->trail_heap = t;
    s->trail_cap = cap;
    return 1;
}

static void undo_to(search *s, int len)
{
    while (s->trail_len > len) {
        trail_entry *t = &s->trail[--s->trail_len];
        s->dom[t->cell] = t->old;
    }
}

/* The values cell c may take now. */
static inline pb_mask allowed(const search *s, int c)
{
    const pb_model *m = s->m;
    pb_mask taken = 0;
    for (int k = m->cgroup_start[c]; k < m->cgroup_start[c + 1]; k++)
        taken |= s->used[m->cgroup[k]];
    return s->dom[c] & ~taken;
}

static inline void mark_used(search *s, int c, int v, int on, const int sums)
{
    const pb_model *m = s->m;
    for (int k = m->cgroup_start[c]; k < m->cgroup_start[c + 1]; k++) {
        if (on)
            s->used[m->cgroup[k]] |= PB_BIT(v);
        else
            s->used[m->cgroup[k]] &= ~PB_BIT(v);
        if (sums) s->psum[m->cgroup[k]] += on ? v : -v;
    }
}

/* Whether sum group g can still reach its total once v (0: nothing more) joins it. */
static int group_reachable(const search *s, int g, int v)
{
    const pb_model *m = s->m;
    pb_mask used = s->used[g] | (v ? PB_BIT(v) : 0);
    int k = m->group_start[g + 1] - m->group_start[g] - __builtin_popcountll(used);
    return pb_sum_reachable(PB_FULL(m->nvalues) & ~used, k, m->group_sum[g] - s->psum[g] - v);
}

/* The bound check of every sum group of cell c, for v placed there. */
static int sums_allow(const search *s, int c, int v)
{
    const pb_model *m = s->m;
    for (int k = m->cgroup_start[c]; k < m->cgroup_start[c + 1]; k++) {
        int g = m->cgroup[k];
        if (m->group_sum[g] && !group_reachable(s, g, v)) return 0;
    }
    return 1;
}

static void enqueue(search *s, int *tail, int g)
{
    if (!s->m->group_sum[g] || s->queued[g]) return;
    s->queued[g] = 1;
    s->queue[(*tail)++ % s->m->ngroups] = g;
}

/* Narrows the open cells of sum group g to the values of the sets that can still
 * fill it: sets holding every value placed in g whose other values are each allowed
 * in some open cell of g. Queues the other sum groups of every cell it narrows.
 * 0 when no set is left or a cell is left with no value. */
static int revise(search *s, int g, int *tail)
{
    const pb_model *m = s->m;
    const pb_mask placed = s->used[g];
    pb_mask open = 0, possible = 0;
    for (int i = m->group_start[g]; i < m->group_start[g + 1]; i++) {
        int q = m->group_cells[i];
        if (!s->values[q]) open |= allowed(s, q);
    }
    int found = 0;
    for (int k = m->sum_set_start[g]; k < m->sum_set_start[g + 1]; k++) {
        pb_mask set = m->sum_set[k];
        if ((set & placed) != placed || (set & ~placed & ~open)) continue;
        found = 1;
        possible |= set & ~placed;
    }
    if (!found) return 0;
    for (int i = m->group_start[g]; i < m->group_start[g + 1]; i++) {
        int q = m->group_cells[i];
        if (s->values[q]) continue;
        pb_mask a = allowed(s, q);
        if (!(a & ~possible)) continue;
        s->trail[s->trail_len].cell = q;
        s->trail[s->trail_len].old = s->dom[q];
        s->trail_len++;
        s->dom[q] &= possible;
        if (!(a & possible)) return 0;
        for (int k = m->cgroup_start[q]; k < m->cgroup_start[q + 1]; k++)
            if (m->cgroup[k] != g) enqueue(s, tail, m->cgroup[k]);
    }
    return 1;
}

/* Revises the queued sum groups (queue[0 .. tail)) until none is left; 0 on a wipeout.
 * The trail must have room for nvalues entries per open cell. */
static int settle(search *s, int tail)
{
    int head = 0, ok = 1;
    while (head < tail) {
        int g = s->queue[head++ % s->m->ngroups];
        s->queued[g] = 0;
        if (ok && !revise(s, g, &tail)) ok = 0;
    }
    return ok;
}

/* Revises the sum groups of cell c, and what that narrowing reaches. */
static int propagate_sums(search *s, int c)
{
    const pb_model *m = s->m;
    int tail = 0;
    for (int k = m->cgroup_start[c]; k < m->cgroup_start[c + 1]; k++)
        enqueue(s, &tail, m->cgroup[k]);
    return settle(s, tail);
}

/* Takes back the placement of v in cell c made at depth d. */
static inline void unplace(search *s, int d, int c, int v, const int sums)
{
    undo_to(s, s->mark[d]);
    mark_used(s, c, v, 0, sums);
    s->values[c] = 0;
}

/* Writes v into cell c and removes what it rules out from the unassigned cells; 0
 * when a sum can no longer be reached or forward checking finds a cell left with no
 * value (everything is then undone). */
static inline int place(search *s, int d, int c, int v, const int sums)
{
    const pb_model *m = s->m;
    if (sums && !sums_allow(s, c, v)) return 0;
    const pb_mask near = m->near[v];
    mark_used(s, c, v, 1, sums);
    s->values[c] = v;
    for (int i = m->nbr_start[c]; i < m->nbr_start[c + 1]; i++) {
        int q = m->nbr[i];
        if (s->values[q] || !(s->dom[q] & near)) continue;
        s->trail[s->trail_len].cell = q;
        s->trail[s->trail_len].old = s->dom[q];
        s->trail_len++;
        s->dom[q] &= ~near;
    }
    if (!s->forward) return 1;
    for (int i = m->nbr_start[c]; i < m->nbr_start[c + 1]; i++)
        if (!s->values[m->nbr[i]] && !allowed(s, m->nbr[i])) goto wiped;
    for (int i = m->peer_start[c]; i < m->peer_start[c + 1]; i++)
        if (!s->values[m->peer[i]] && !allowed(s, m->peer[i])) goto wiped;
    if (sums && !propagate_sums(s, c)) goto wiped;
    return 1;
wiped:
    unplace(s, d, c, v, sums);
    return 0;
}

static void trace(search *s, int cell, pb_event ev)
{
    pb_run_trace(s->how, s->m, s->values, cell, ev, &s->st);
}

static int choose_cell(search *s, int depth)
{
    if (s->static_order) return s->static_order[depth];
    for (int c = 0; c < s->m->ncells; c++) s->eff[c] = s->values[c] ? 0 : allowed(s, c);
    return s->how->order->pick(s->m, s->eff, s->values);
}

static void enter(search *s, int depth)
{
    s->cell_at[depth] = choose_cell(s, depth);
    s->mark[depth] = s->trail_len;
}

static void stop(search *s, pb_status st)
{
    s->stopped = 1;
    s->status = st;
    if (s->shared) {
#pragma omp atomic write
        s->shared->stop = 1;
    }
}

static int shared_stopped(const search *s)
{
    int v;
#pragma omp atomic read
    v = s->shared->stop;
    return v;
}

/* Checks time, cancellation and the step limit; 0 when the search must stop. In
 * parallel the tasks reserve their steps from the run's shared pool (pb_step_pool),
 * so together they never pass the limit. Reports the part of the tree walked. */
__attribute__((noinline, cold)) static int poll_limits(search *s, uint64_t steps, int floor,
                                                       int depth)
{
    pb_status st = pb_limiter_poll(&s->lim, steps);
    if (st != PB_DONE) {
        stop(s, st);
        return 0;
    }
    if (s->shared && shared_stopped(s)) { /* another task hit a limit: it reports it */
        s->stopped = 1;
        return 0;
    }
    if (s->explored.sink)
        pb_explored_reach(&s->explored, pb_explored_at(&s->explored, s->options_at, s->cell_at,
                                                       s->values, floor, depth));
    return 1;
}

static void merge_task(search *t);
static void run_from(search *s, int floor);
static void collect_prefix(search *s);

static void spawn(search *s, int depth)
{
    if (shared_stopped(s)) { /* a task hit a limit: it reports it */
        s->stopped = 1;
        return;
    }
    search *t = search_clone(s);
    if (!t) {
        stop(s, PB_NOMEM);
        return;
    }
    t->seq = s->spawned++;
    enter(t, depth);
    pb_explored_hand_out(&s->explored, &t->explored, s->options_at, s->cell_at, s->values, depth);
#pragma omp task firstprivate(t, depth)
    {
        if (!shared_stopped(t)) {
            pb_status st = pb_limiter_begin(&t->lim);
            if (st == PB_DONE)
                run_from(t, depth);
            else
                stop(t, st);
            if (!t->stopped) pb_explored_finish(&t->explored);
        }
        merge_task(t);
    }
}

static void merge_task(search *t)
{
    shared_run *sh = t->shared;
    const size_t n = (size_t)t->m->ncells;
    pb_limiter_end(&t->lim, t->st.placements + t->st.backtracks); /* unused steps back */
#pragma omp critical(pb_search_merge)
    {
        pb_stats_add(&sh->total, &t->st);
        if (t->status != PB_DONE && sh->status == PB_DONE) sh->status = t->status;
        if (t->st.solutions && sh->first && t->first &&
            (!sh->have_first || t->seq < sh->first_seq)) {
            memcpy(sh->first, t->first, n * sizeof *sh->first);
            sh->have_first = 1;
            sh->first_seq = t->seq;
        }
        if (t->st.solutions && sh->last && t->last && (!sh->have_last || t->seq > sh->last_seq)) {
            memcpy(sh->last, t->last, n * sizeof *sh->last);
            sh->have_last = 1;
            sh->last_seq = t->seq;
        }
    }
    free(t->first);
    free(t->last);
    search_free(t);
}

static void found_solution(search *s)
{
    const size_t n = (size_t)s->m->ncells;
    s->st.solutions++;
    if (s->st.solutions == 1) {
        if (s->shared && !s->first && s->shared->first) s->first = malloc(n * sizeof *s->first);
        if (s->first) memcpy(s->first, s->values, n * sizeof *s->first);
        if (s->shared && !s->last && s->shared->last) s->last = malloc(n * sizeof *s->last);
    }
    if (s->last) memcpy(s->last, s->values, n * sizeof *s->last);
    trace(s, -1, PB_EV_SOLUTION);
    pb_status st;
    if (pb_solution_stops(s->how, s->st.solutions, &st)) stop(s, st);
}

/* Searches the subtree below depth `floor` (whose cell is already entered) and
 * returns after the backtrack out of it, or when stopped. Compiled twice: `sums`
 * is a constant, so models without sum groups run a loop without any sum code. */
static inline __attribute__((always_inline)) void run_loop(search *s, int floor, const int sums)
{
    const pb_model *m = s->m;
    const int n = s->nopen;
    int depth = floor;
    for (;;) {
        int c = s->cell_at[depth], cur = s->values[c];
        if (cur) unplace(s, depth, c, cur, sums);
        if (sums && s->forward &&
            !trail_reserve(s, m->nbr_start[c + 1] - m->nbr_start[c] + (n - depth) * m->nvalues)) {
            stop(s, PB_NOMEM);
            return;
        }
        const pb_mask options = allowed(s, c);
        s->options_at[depth] = options;
        pb_mask left = options & ~PB_FULL(cur);
        int v = 0;
        while (left) {
            int u = __builtin_ctzll(left) + 1;
            if (place(s, depth, c, u, sums)) {
                v = u;
                break;
            }
            left &= left - 1;
        }
        pb_stats_tried(&s->st, m->domain[c], m->nvalues, cur, v, options);
        if (v) {
            trace(s, c, PB_EV_PLACE);
            if (depth + 1 == n) {
                found_solution(s);
            } else if (depth + 1 == s->split) {
                if (s->collect)
                    collect_prefix(s);
                else
                    spawn(s, depth + 1);
            } else {
                enter(s, ++depth);
            }
        } else {
            pb_run_backtrack(s->how, m, s->values, c, &s->st);
            if (depth == floor) return;
            depth--;
        }
        if (s->stopped) return;
        uint64_t steps = s->st.placements + s->st.backtracks;
        if (steps >= s->lim.next && !poll_limits(s, steps, floor, depth)) return;
    }
}

static void run_plain(search *s, int floor)
{
    run_loop(s, floor, 0);
}

static void run_sums(search *s, int floor)
{
    run_loop(s, floor, 1);
}

static void run_from(search *s, int floor)
{
    if (s->sums)
        run_sums(s, floor);
    else
        run_plain(s, floor);
}

/* Sums, before the search: every sum group must still be reachable with the fixed
 * cells in place; propagate also narrows every group once (a unique sum's cells then
 * hold only its values). The narrowing is never undone. 1: search; 0: no
 * solution; -1: out of memory. */
static int settle_fixed(search *s)
{
    const pb_model *m = s->m;
    for (int g = 0; g < m->ngroups; g++)
        if (m->group_sum[g] && !group_reachable(s, g, 0)) return 0;
    if (!s->forward) return 1;
    if (!trail_reserve(s, m->ncells * m->nvalues)) return -1;
    int tail = 0;
    for (int g = 0; g < m->ngroups; g++) enqueue(s, &tail, g);
    int ok = settle(s, tail);
    s->trail_len = 0;
    return ok;
}

/* Fills the cells whose domain is a single value. Returns how many cells are left
 * open, or -1 when two fixed cells clash (then nothing can be a solution). */
static int place_fixed(search *s)
{
    const pb_model *m = s->m;
    int open = 0;
    for (int c = 0; c < m->ncells; c++) {
        pb_mask d = m->domain[c];
        if (!d || (d & (d - 1))) {
            open++;
            continue;
        }
        if (!(allowed(s, c) & d)) return -1;
        int v = __builtin_ctzll(d) + 1;
        mark_used(s, c, v, 1, s->sums);
        s->values[c] = v;
        for (int i = m->nbr_start[c]; i < m->nbr_start[c + 1]; i++)
            s->dom[m->nbr[i]] &= ~m->near[v]; /* never undone: no trail */
    }
    return open;
}

/* A search of m ready to walk its tree: the fixed cells placed, the sum groups
 * settled, the static order filled (s->static_order, which the caller frees), and
 * how (with its order resolved) copied into *run, which s points to. NULL when out
 * of memory. s->nopen < 0: the fixed cells clash; 0: they are the solution. */
static search *search_setup(const pb_model *m, int config, const pb_run *how, pb_run *run)
{
    search *s = search_alloc(m);
    if (!s) return NULL;
    *run = *how;
    run->order = how->order ? how->order : pb_orders[0];
    s->how = run;
    s->forward = config == CONFIG_PROPAGATE;
    s->status = PB_DONE;
    memcpy(s->dom, m->domain, (size_t)m->ncells * sizeof *s->dom);
    pb_limiter_init(&s->lim, &how->limits, 0);
    s->explored.sink = how->explored;
    s->explored.share = PB_EXPLORED_WHOLE;
    s->nopen = place_fixed(s);
    if (s->nopen >= 0 && s->sums) {
        int ok = settle_fixed(s);
        if (ok < 0) return search_free(s), NULL;
        if (!ok) s->nopen = -1;
    }
    if (s->nopen >= 0 && run->order->fill) {
        int *order = malloc((size_t)m->ncells * sizeof *order);
        if (!order) return search_free(s), NULL;
        run->order->fill(m, order);
        int k = 0;
        for (int i = 0; i < m->ncells; i++)
            if (!s->values[order[i]]) order[k++] = order[i];
        s->static_order = order;
    }
    return s;
}

static void search_done(search *s)
{
    free((int *)s->static_order);
    search_free(s);
}

/* The depth at which a count of a tree of nopen levels splits: SPLIT_DEPTH, or just
 * above the leaves of a shallower tree; 0 (no split) for a tree of one level. */
static int split_depth(int nopen)
{
    return nopen > SPLIT_DEPTH + 1 ? SPLIT_DEPTH : nopen - 1 > 0 ? nopen - 1 : 0;
}

static pb_status search_run(const pb_model *m, int config, const pb_run *how, pb_result *out)
{
    pb_run run;
    search *s = search_setup(m, config, how, &run);
    if (!s) return PB_NOMEM;
    s->first = out->first;
    s->last = out->last;
    trace(s, -1, PB_EV_START);
    if (s->nopen <= 0) { /* nothing to search: the fixed cells clash or are the solution */
        if (s->nopen == 0) found_solution(s);
        pb_explored_finish(&s->explored);
        out->stats = s->st;
        out->status = s->status;
        search_done(s);
        return out->status;
    }

    /* A solution cap needs one global count, so capped counts stay sequential (and
     * pb_engine_check refuses them threads). A tree shallower than SPLIT_DEPTH is
     * split just above its leaves, so the threads asked for are always used. */
    int parallel = how->mode == PB_MODE_COUNT && how->threads > 1 && !how->trace &&
                   !how->limits.max_solutions && s->nopen >= 2;
    enter(s, 0);
    if (!parallel) {
        run_from(s, 0);
        if (!s->stopped) pb_explored_finish(&s->explored);
        out->stats = s->st;
        out->status = s->status;
    } else {
        shared_run sh = {.status = PB_DONE, .first = out->first, .last = out->last};
        s->shared = &sh;
        if (how->limits.max_steps) { /* the parent's own steps come from the pool too */
            pb_step_pool_init(&sh.pool, how->limits.max_steps, how->threads);
            pb_limiter_use_pool(&s->lim, &sh.pool);
            pb_limiter_begin(&s->lim); /* max_steps >= 1: never refused */
        }
        s->split = split_depth(s->nopen);
        s->first = NULL;
        s->last = NULL;
#pragma omp parallel num_threads(how->threads)
        {
            if (how->thread_start) how->thread_start(how->thread_ctx, omp_get_thread_num());
#pragma omp barrier
#pragma omp single
            run_from(s, 0);
        }
        if (!s->stopped) pb_explored_finish(&s->explored); /* its own part: dead ends */
        /* The parent's own steps (the levels above the split) join the tasks'. */
        pb_stats_add(&sh.total, &s->st);
        out->stats = sh.total;
        out->status = s->status != PB_DONE ? s->status : sh.status;
    }
    search_done(s);
    return out->status;
}

/* ---- the tree split into subtrees for callers that spread them (subtree.h) ---- */

int pb_search_splits(const pb_engine *e)
{
    return e && e->run == search_run;
}

pb_status pb_search_prefixes(const pb_engine *e, const pb_model *m, const pb_run *how, int depth,
                             pb_prefixes *out)
{
    memset(out, 0, sizeof *out);
    pb_run run;
    search *s = search_setup(m, e->config, how, &run);
    if (!s) return out->status = PB_NOMEM;
    s->explored.sink = NULL; /* the caller's pieces are not this tree's shares */
    s->collect = out;
    out->status = PB_DONE;
    if (s->nopen == 0) found_solution(s);
    if (s->nopen > 0) {
        s->split = split_depth(s->nopen);
        if (depth > 0 && depth < s->split) s->split = depth;
    }
    if (s->nopen > 0 && s->split == 0) {
        enter(s, 0); /* one level: no split, the whole count is the top's */
        run_from(s, 0);
    } else if (s->nopen > 0) {
        out->depth = s->split;
        enter(s, 0);
        run_from(s, 0);
    }
    out->top = s->st;
    out->top.steps = s->st.placements + s->st.backtracks;
    if (out->status == PB_DONE) out->status = s->status;
    search_done(s);
    return out->status;
}

/* Appends the values of the path to the split (depths 0 .. split-1) to s->collect. */
static void collect_prefix(search *s)
{
    pb_prefixes *p = s->collect;
    const size_t d = (size_t)p->depth;
    if (p->count == p->cap) {
        int *v = pb_grow(p->values, &p->cap, p->count + 1, d * sizeof *v, 1024);
        if (!v) {
            p->status = PB_NOMEM;
            stop(s, PB_NOMEM);
            return;
        }
        p->values = v;
    }
    for (size_t k = 0; k < d; k++) p->values[p->count * d + k] = s->values[s->cell_at[k]];
    p->count++;
}

pb_status pb_search_subtree(const pb_engine *e, const pb_model *m, const pb_run *how,
                            const pb_prefixes *p, size_t i, pb_result *out)
{
    memset(&out->stats, 0, sizeof out->stats);
    pb_run run;
    search *s = search_setup(m, e->config, how, &run);
    if (!s) return out->status = PB_NOMEM;
    s->explored.sink = NULL;
    /* Walks down the prefix as the sequential search did, so every domain and
     * narrowing is what it was when the tree entered this subtree. */
    const int *v = p->values + i * (size_t)p->depth;
    int ok = s->nopen > p->depth;
    for (int d = 0; ok && d < p->depth; d++) {
        enter(s, d);
        int c = s->cell_at[d];
        if (s->sums && s->forward &&
            !trail_reserve(s, m->nbr_start[c + 1] - m->nbr_start[c] + (s->nopen - d) * m->nvalues))
            return search_done(s), out->status = PB_NOMEM;
        /* A value out of the model's range is refused before it is made a bit. */
        ok = v[d] >= 1 && v[d] <= m->nvalues && (allowed(s, c) & PB_BIT(v[d])) &&
             place(s, d, c, v[d], s->sums);
    }
    if (!ok) { /* not a prefix of this tree: a caller's error */
        search_done(s);
        return out->status = PB_UNSUPPORTED;
    }
    s->trail_len = 0; /* the prefix is never undone: the subtree backtracks out of it */
    enter(s, p->depth);
    run_from(s, p->depth);
    out->stats = s->st;
    out->stats.steps = s->st.placements + s->st.backtracks;
    out->status = s->status;
    search_done(s);
    return out->status;
}

void pb_prefixes_free(pb_prefixes *p)
{
    free(p->values);
    memset(p, 0, sizeof *p);
}

const pb_engine pb_engine_backtrack = {
    {"backtrack", "chronological backtracking as seed 000: next allowed value, else back up (-1)",
     PB_CAP_FIRST | PB_CAP_COUNT | PB_CAP_TRACE | PB_CAP_ORDER | PB_CAP_PARALLEL | PB_CAP_LAST,
     pb_cap_names, NULL},
    CONFIG_BACKTRACK,
    NULL,
    search_run,
};

const pb_engine pb_engine_propagate = {
    {"propagate",
     "bit-mask forward checking: a value that empties another cell's domain is rejected",
     PB_CAP_FIRST | PB_CAP_COUNT | PB_CAP_TRACE | PB_CAP_ORDER | PB_CAP_PARALLEL | PB_CAP_LAST,
     pb_cap_names, NULL},
    CONFIG_PROPAGATE,
    NULL,
    search_run,
};
