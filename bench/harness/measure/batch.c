/* batch.c — running an engine over an instance's puzzles with OpenMP, puzzles handed
 * out one at a time (their costs vary by orders of magnitude), and the limits held
 * either per puzzle or for the whole set. */
#include "batch.h"

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/limiter.h"
#include "usage.h"

int pb_batch_engine_threads(const pb_batch *b)
{
    return b->set->count > 1 ? 1 : b->threads;
}

pb_refusal pb_batch_check(const pb_batch *b, int *puzzle, char *why, size_t whylen)
{
    pb_run how = b->how;
    how.threads = pb_batch_engine_threads(b);
    if (b->set->count > 1 && b->threads > 1 && how.trace) {
        *puzzle = 0;
        snprintf(why, whylen, "a trace lists the steps in order: it runs on one thread");
        return PB_REFUSE_THREADS;
    }
    for (int i = 0; i < b->set->count; i++) {
        const pb_model *m = b->set->puzzle[i].model;
        if (!m) continue;
        pb_refusal r = pb_engine_check(b->engine, m, &how, why, whylen);
        if (r != PB_RUNS) {
            *puzzle = i;
            return r;
        }
    }
    return PB_RUNS;
}

/* An interruption outranks a memory limit, which outranks a step or time limit,
 * which outranks a refusal. */
pb_status pb_status_worse(pb_status a, pb_status b)
{
    static const int severity[PB_STATUS_COUNT] = {
        [PB_DONE] = 0,  [PB_UNSUPPORTED] = 1, [PB_LIMIT] = 2,
        [PB_NOMEM] = 3, [PB_OVERFLOW] = 3,    [PB_INTERRUPTED] = 4};
    return severity[b] > severity[a] ? b : a;
}

/* What the shared limits leave for the next puzzle; 0 when they are spent. */
typedef struct budget {
    uint64_t steps_used; /* updated atomically */
    int stop;            /* set once a puzzle did not finish, or the limits ran out */
    double t0;
    /* Puzzles on several threads at once draw a shared step limit from one pool, so
     * that together they pass it by at most a step each (each given "what is left"
     * could pass it threads-fold). NULL: one thread, or no step limit. */
    pb_step_pool *pool;
} budget;

static int budget_left(const pb_batch *b, budget *bu, pb_limits *lim)
{
    uint64_t used;
    int halt;
#pragma omp atomic read
    used = bu->steps_used;
#pragma omp atomic read
    halt = bu->stop;
    const pb_limits *all = &b->how.limits;
    double left = all->max_seconds > 0 ? all->max_seconds - (pb_now_s() - bu->t0) : 0;
    if (halt || (all->max_steps && used >= all->max_steps) || (all->max_seconds > 0 && left <= 0))
        return 0;
    lim->max_steps = all->max_steps ? all->max_steps - used : 0;
    lim->max_seconds = left;
    return 1;
}

/* Runs puzzle i; scratch holds ncells ints for its first solution. */
static void run_puzzle(const pb_batch *b, pb_batch_result *r, budget *bu, int i, int *scratch)
{
    const pb_model *m = b->set->puzzle[i].model;
    pb_run how = b->how;
    how.threads = pb_batch_engine_threads(b);
    if (b->explored_each) how.explored = b->explored_each + i;
    if (how.limits.cancel && *how.limits.cancel) return;
    if (b->shared_limits && !budget_left(b, bu, &how.limits)) {
#pragma omp atomic write
        bu->stop = 1;
        return;
    }
    /* Set field by field: a batch of 50,000 small puzzles would otherwise clear the
     * refusal message of every result for nothing. */
    pb_step_share share = {bu->pool, 0};
    if (bu->pool) how.limits.max_steps = 0, how.limits.share = &share;
    pb_result res;
    res.first = b->keep_solutions ? scratch : NULL;
    res.last = NULL;
    /* A count by length: the engine fills the caller's array of max_length + 1. */
    const int lengths =
        (b->engine->about.caps & PB_CAP_LENGTH) && how.mode == PB_MODE_COUNT && how.max_length > 0;
    res.by_length = lengths ? calloc((size_t)how.max_length + 1, sizeof *res.by_length) : NULL;
    /* A one-thread run is its thread's CPU time; a parallel one has the process. */
    const double cpu0 = !b->puzzle_cpu     ? 0
                        : how.threads == 1 ? pb_cpu_thread_s()
                                           : pb_cpu_process_s();
    pb_engine_run(b->engine, m, &how, &res);
    const double cpu = !b->puzzle_cpu     ? 0
                       : how.threads == 1 ? pb_cpu_thread_s() - cpu0
                                          : pb_cpu_process_s() - cpu0;
    if (bu->pool) pb_step_pool_settle(bu->pool, share.reserved, res.stats.steps);
    /* Stopping at the second solution is the point of a uniqueness check. */
    if (b->unique && res.status == PB_LIMIT && res.stats.solutions == 2) res.status = PB_DONE;
    if (res.status == PB_UNSUPPORTED) {
#pragma omp critical(pb_batch_failure)
        if (!r->failed || i + 1 < r->failed) {
            r->failed = i + 1;
            snprintf(r->failure, sizeof r->failure, "%s", res.why);
        }
    }
    pb_outcome *o = &r->puzzle[i];
    o->ran = 1;
    o->status = res.status;
    o->stats = res.stats;
    o->cpu_s = cpu;
    o->length = res.length;
    memcpy(o->figure, res.figure, sizeof o->figure);
    o->refused_used = res.refused_used, o->refused_total = res.refused_total;
    o->path = b->keep_solutions ? res.path : NULL, o->npath = res.npath;
    o->by_length = res.by_length;
    if (!b->keep_solutions) free(res.path);
    if (b->keep_solutions && res.stats.solutions) {
        /* A local pointer: stores through r->solution (bytes) could alias r itself. */
        unsigned char *dst = r->solution + r->solution_at[i];
        for (int c = 0; c < m->ncells; c++) dst[c] = (unsigned char)scratch[c];
    }
    if (b->shared_limits) {
#pragma omp atomic update
        bu->steps_used += res.stats.steps;
        if (res.status != PB_DONE) {
#pragma omp atomic write
            bu->stop = 1;
        }
    }
}

int pb_batch_result_init(const pb_batch *b, pb_batch_result *r)
{
    const pb_set *set = b->set;
    memset(r, 0, sizeof *r);
    r->puzzle = calloc((size_t)set->count + 1, sizeof *r->puzzle);
    r->solution_at = calloc((size_t)set->count + 1, sizeof *r->solution_at);
    if (!r->puzzle || !r->solution_at) return pb_batch_free(r), -1;
    r->npuzzles = set->count;
    int max_cells = 1;
    for (int i = 0; i < set->count; i++) {
        int n = set->puzzle[i].model ? set->puzzle[i].model->ncells : 0;
        r->solution_at[i + 1] = r->solution_at[i] + (size_t)n;
        if (n > max_cells) max_cells = n;
    }
    if (b->keep_solutions && !(r->solution = malloc(r->solution_at[set->count] + 1)))
        return pb_batch_free(r), -1;
    return max_cells;
}

int pb_batch_run(const pb_batch *b, pb_batch_result *r)
{
    const pb_set *set = b->set;
    const int max_cells = pb_batch_result_init(b, r);
    if (max_cells < 0) return -1;

    const int threads = set->count > 1 ? b->threads : 1;
    budget bu = {0, 0, pb_now_s(), NULL};
    pb_step_pool pool;
    if (b->shared_limits && threads > 1 && b->how.limits.max_steps) {
        pb_step_pool_init(&pool, b->how.limits.max_steps, threads);
        bu.pool = &pool;
    }
    int nomem = 0;
    if (threads == 1) {
        /* No parallel region at all: even an inactive one costs microseconds, more
         * than a small puzzle's whole search. */
        int *scratch = malloc((size_t)max_cells * sizeof *scratch);
        nomem = !scratch;
        for (int i = 0; i < set->count && scratch; i++)
            if (set->puzzle[i].model) run_puzzle(b, r, &bu, i, scratch);
        free(scratch);
    } else {
#pragma omp parallel num_threads(threads)
        {
            pb_binder_bind_thread(b->binder, omp_get_thread_num());
            int *scratch = malloc((size_t)max_cells * sizeof *scratch);
            if (!scratch) {
#pragma omp atomic write
                nomem = 1;
            }
#pragma omp for schedule(dynamic, 1)
            for (int i = 0; i < set->count; i++)
                if (scratch && set->puzzle[i].model) run_puzzle(b, r, &bu, i, scratch);
            free(scratch);
        }
    }
    r->elapsed_s = pb_now_s() - bu.t0;
    if (nomem) return pb_batch_free(r), -1;

    r->status = PB_DONE;
    for (int i = 0; i < set->count; i++) {
        const pb_outcome *o = &r->puzzle[i];
        if (!set->puzzle[i].model) continue;
        if (!o->ran) {
            /* Not run: the shared limits were spent, or the run was interrupted. */
            int cancelled = b->how.limits.cancel && *b->how.limits.cancel;
            r->status = pb_status_worse(r->status, cancelled ? PB_INTERRUPTED : PB_LIMIT);
            continue;
        }
        pb_stats_add(&r->total, &o->stats);
        r->status = pb_status_worse(r->status, o->status);
        r->finished += o->status == PB_DONE;
    }
    return 0;
}

int pb_batch_solution(const pb_batch *b, const pb_batch_result *r, int i, int *values)
{
    const pb_model *m = b->set->puzzle[i].model;
    if (!r->solution || !m || !r->puzzle[i].ran || !r->puzzle[i].stats.solutions) return -1;
    const unsigned char *src = r->solution + r->solution_at[i];
    for (int c = 0; c < m->ncells; c++) values[c] = src[c];
    return 0;
}

void pb_batch_free(pb_batch_result *r)
{
    for (int i = 0; r->puzzle && i < r->npuzzles; i++)
        free(r->puzzle[i].path), free(r->puzzle[i].by_length);
    free(r->puzzle);
    free(r->solution);
    free(r->solution_at);
    memset(r, 0, sizeof *r);
}
