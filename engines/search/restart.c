/* restart.c — backtracking over a random cell order, begun again now and then: the
 * engine whose parameters and engine seed make a sweep of random restarts.
 *
 * Each attempt walks the tree as `backtrack` does (the next allowed value, else back
 * up), its cells in an order drawn from the engine seed: a fresh random order of the
 * open cells (cell-choice random), or at each level the open cell with the fewest
 * values left, ties broken at random (fewest). An attempt that has taken its share
 * of steps is abandoned (a restart: its cells emptied, no step counted for it) and
 * the next begins with the next random draws. The shares follow restart-schedule
 * from restart-steps: the Luby sequence (1 1 2 1 1 2 4 ... times restart-steps),
 * a geometric one (times 3/2 each restart) or none (one attempt). Both grow without
 * bound, so some attempt at last walks its whole tree: an instance without a
 * solution ends too, proved so by that attempt.
 *
 * First-solution mode only: a count must walk the whole tree, where a restart only
 * walks its first part again, and an exact count over restarts would have to remember
 * every subtree already counted (a different engine). So count mode is refused.
 *
 * The random draws come from one stream of the engine seed, taken in the order the
 * search makes them, so the steps depend on the instance, the parameters and the
 * seed alone. */
#include "../core/engine.h"
#include "../core/limiter.h"
#include "../core/rng.h"
#include "../registry/engine_list.h"

#include <stdlib.h>
#include <string.h>

static const char *const schedules[] = {"luby", "geometric", "none", NULL};
static const char *const choices[] = {"random", "fewest", NULL};
enum { SCHEDULE_LUBY, SCHEDULE_GEOMETRIC, SCHEDULE_NONE };
enum { CHOICE_RANDOM, CHOICE_FEWEST };

static const pb_param restart_params[] = {
    {"restart-steps", "steps of the first attempt; the schedule scales the later ones", NULL, 1,
     (int64_t)1 << 40, 100},
    {"restart-schedule",
     "how the attempts' steps grow: luby (1 1 2 1 1 2 4 ...), geometric (x 3/2), none (no restart)",
     schedules, 0, 2, SCHEDULE_LUBY},
    {"cell-choice",
     "random: a fresh random cell order each attempt; fewest: the cell with the fewest values "
     "left, ties at random",
     choices, 0, 1, CHOICE_RANDOM},
    {NULL, NULL, NULL, 0, 0, 0},
};

typedef struct attempt {
    const pb_model *m;
    const pb_run *how;
    int *values;   /* values[c]: 0 empty, else 1..nvalues */
    pb_mask *used; /* used[g]: the values placed in group g */
    int *psum;     /* psum[g]: their total */
    int *open;     /* the open cells (not fixed from the start) */
    int *cell_at;  /* cell_at[d]: the cell assigned at depth d */
    int nopen;
    int fewest;
    pb_rng rng;
    pb_run_state r;
} attempt;

/* The i-th term (from 1) of the Luby sequence: 1 1 2 1 1 2 4 1 1 2 1 1 2 4 8 ... */
static uint64_t luby(uint64_t i)
{
    for (;;) {
        int k = 1;
        while (k < 63 && ((uint64_t)1 << k) - 1 < i) k++;
        if (i == ((uint64_t)1 << k) - 1) return (uint64_t)1 << (k - 1);
        i -= ((uint64_t)1 << (k - 1)) - 1;
    }
}

/* The values cell c may take with the cells placed so far (c itself empty). */
static pb_mask allowed(const attempt *a, int c)
{
    const pb_model *m = a->m;
    pb_mask d = m->domain[c];
    for (int k = m->cgroup_start[c]; k < m->cgroup_start[c + 1]; k++) d &= ~a->used[m->cgroup[k]];
    for (int i = m->nbr_start[c]; i < m->nbr_start[c + 1]; i++)
        if (a->values[m->nbr[i]]) d &= ~m->near[a->values[m->nbr[i]]];
    return d;
}

/* Whether every sum group of c can still reach its total with v placed in c. */
static int sums_allow(const attempt *a, int c, int v)
{
    const pb_model *m = a->m;
    for (int k = m->cgroup_start[c]; k < m->cgroup_start[c + 1]; k++) {
        int g = m->cgroup[k];
        if (!m->group_sum || !m->group_sum[g]) continue;
        pb_mask used = a->used[g] | (v ? PB_BIT(v) : 0);
        int left = m->group_start[g + 1] - m->group_start[g] - __builtin_popcountll(used);
        if (!pb_sum_reachable(PB_FULL(m->nvalues) & ~used, left, m->group_sum[g] - a->psum[g] - v))
            return 0;
    }
    return 1;
}

static void set_value(attempt *a, int c, int v, int on)
{
    const pb_model *m = a->m;
    for (int k = m->cgroup_start[c]; k < m->cgroup_start[c + 1]; k++) {
        int g = m->cgroup[k];
        if (on)
            a->used[g] |= PB_BIT(v);
        else
            a->used[g] &= ~PB_BIT(v);
        a->psum[g] += on ? v : -v;
    }
    a->values[c] = on ? v : 0;
}

/* The cell of depth d: the next of this attempt's order, or the open cell with the
 * fewest values left (among equals, each as likely). */
static int choose(attempt *a, int d)
{
    if (!a->fewest) return a->open[d];
    int best = -1, best_n = 0, ties = 0;
    for (int i = 0; i < a->nopen; i++) {
        int c = a->open[i];
        if (a->values[c]) continue;
        int n = __builtin_popcountll(allowed(a, c));
        if (best < 0 || n < best_n) {
            best = c, best_n = n, ties = 1;
        } else if (n == best_n && pb_rng_below(&a->rng, (uint32_t)++ties) == 0) {
            best = c;
        }
    }
    return best;
}

enum { FOUND, EXHAUSTED, RESTART, STOPPED };

/* One attempt, until a solution, the whole tree walked, its steps spent, or a limit.
 * On RESTART its cells are emptied again. */
static int run_attempt(attempt *a, uint64_t share)
{
    const pb_model *m = a->m;
    const uint64_t begin = a->r.st.placements + a->r.st.backtracks;
    if (!a->fewest) pb_rng_shuffle(&a->rng, a->open, a->nopen);
    int depth = 0;
    a->cell_at[0] = choose(a, 0);
    for (;;) {
        int c = a->cell_at[depth], cur = a->values[c];
        if (cur) set_value(a, c, cur, 0);
        const pb_mask options = allowed(a, c);
        pb_mask left = options & ~PB_FULL(cur);
        int v = 0;
        for (; left; left &= left - 1) {
            int u = __builtin_ctzll(left) + 1;
            if (!m->nsums || sums_allow(a, c, u)) {
                v = u;
                break;
            }
        }
        pb_stats_tried(&a->r.st, m->domain[c], m->nvalues, cur, v, options);
        if (v) {
            set_value(a, c, v, 1);
            pb_run_trace(a->how, m, a->values, c, PB_EV_PLACE, &a->r.st);
            if (depth + 1 == a->nopen) return FOUND;
            depth++;
            a->cell_at[depth] = choose(a, depth);
        } else {
            pb_run_backtrack(a->how, m, a->values, c, &a->r.st);
            if (depth == 0) return EXHAUSTED;
            depth--;
        }
        if (!pb_run_state_tick(&a->r)) return STOPPED;
        if (share && a->r.st.placements + a->r.st.backtracks - begin >= share) {
            for (int d = 0; d <= depth; d++)
                if (a->values[a->cell_at[d]])
                    set_value(a, a->cell_at[d], a->values[a->cell_at[d]], 0);
            return RESTART;
        }
    }
}

/* The cells with one value from the start are placed before the search (not steps,
 * as in backtrack). 1; 0 when they clash or leave a sum group unreachable. */
static int place_fixed(attempt *a)
{
    const pb_model *m = a->m;
    for (int c = 0; c < m->ncells; c++) {
        pb_mask d = m->domain[c];
        if (!d || (d & (d - 1))) {
            a->open[a->nopen++] = c;
            continue;
        }
        int v = __builtin_ctzll(d) + 1;
        if (!(allowed(a, c) & d) || (m->nsums && !sums_allow(a, c, v))) return 0;
        set_value(a, c, v, 1);
    }
    return 1;
}

static pb_status restart_run(const pb_model *m, int config, const pb_run *how, pb_result *out);

const pb_engine pb_engine_restart = {
    {"restart",
     "backtracking over a random cell order drawn from the engine seed, restarted on a "
     "schedule (first solution only)",
     PB_CAP_FIRST | PB_CAP_TRACE | PB_CAP_RANDOM, pb_cap_names, restart_params},
    0,
    NULL,
    restart_run,
};

static pb_status restart_run(const pb_model *m, int config, const pb_run *how, pb_result *out)
{
    (void)config;
    const pb_engine_about *about = &pb_engine_restart.about;
    const size_t n = (size_t)m->ncells, ng = (size_t)m->ngroups;
    attempt a = {.m = m, .how = how};
    a.values = calloc(3 * n + 2 * ng + 1, sizeof(int));
    a.used = calloc(ng + 1, sizeof *a.used);
    if (!a.values || !a.used) {
        free(a.values), free(a.used);
        return PB_NOMEM;
    }
    a.psum = a.values + n;
    a.open = a.psum + ng;
    a.cell_at = a.open + n;
    a.fewest = pb_param_get(about, how, "cell-choice") == CHOICE_FEWEST;
    const int schedule = (int)pb_param_get(about, how, "restart-schedule");
    const uint64_t base = (uint64_t)pb_param_get(about, how, "restart-steps");
    pb_rng_seed(&a.rng, pb_run_seed(how));
    pb_run_state_init(&a.r, how, out->first);
    int end = place_fixed(&a) ? a.nopen ? RESTART : FOUND : EXHAUSTED;
    uint64_t share = base;
    for (uint64_t k = 1; end == RESTART; k++) {
        if (schedule == SCHEDULE_LUBY) { /* held at 2^62: no overflow however long it runs */
            const uint64_t l = luby(k);
            share = l > ((uint64_t)1 << 62) / base ? (uint64_t)1 << 62 : base * l;
        }
        end = run_attempt(&a, schedule == SCHEDULE_NONE ? 0 : share);
        if (end != RESTART) break;
        a.r.st.restarts++;
        if (schedule == SCHEDULE_GEOMETRIC && share < ((uint64_t)1 << 62)) share += share / 2;
    }
    if (end == FOUND) {
        a.r.st.solutions = 1;
        if (out->first) memcpy(out->first, a.values, n * sizeof *a.values);
        if (out->last) memcpy(out->last, a.values, n * sizeof *a.values);
        pb_run_trace(how, m, a.values, -1, PB_EV_SOLUTION, &a.r.st);
    }
    out->stats = a.r.st;
    free(a.values), free(a.used);
    return end == STOPPED ? a.r.status : PB_DONE;
}
