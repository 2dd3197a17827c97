/* solve_progress.c — solve's and count's runs with a progress report. A file of
 * puzzles runs in chunks (each about a quarter second of work, so the report moves
 * and a chunk's last puzzle keeps few threads waiting); one puzzle draws its steps
 * from a pool whose refill adds them to the report. Neither changes a count: the
 * chunks are independent runs of the same engine (no shared limits in solve and
 * count), and a pool with no step limit grants every slice asked for. */
#include "solve_progress.h"

#include <stdlib.h>
#include <string.h>

#include "core/limiter.h"

/* ---- one puzzle: steps through a pool ---- */

typedef struct step_feed {
    pb_progress *p;
    uint64_t max, given; /* the step limit (0: none) and the steps granted (atomic) */
} step_feed;

static uint64_t refill(void *ctx, uint64_t want)
{
    step_feed *f = ctx;
    uint64_t got = want;
    if (f->max) {
        uint64_t given = __atomic_load_n(&f->given, __ATOMIC_RELAXED);
        do {
            got = given >= f->max ? 0 : f->max - given < want ? f->max - given : want;
        } while (got && !__atomic_compare_exchange_n(&f->given, &given, given + got, 1,
                                                     __ATOMIC_RELAXED, __ATOMIC_RELAXED));
    }
    pb_progress_add(f->p, got);
    return got;
}

static int run_one(const pb_batch *b, pb_batch_result *r, pb_progress *p)
{
    step_feed feed = {p, b->how.limits.max_steps, 0};
    pb_step_pool pool;
    pb_step_pool_init(&pool, 0, b->threads);
    pool.refill = refill;
    pool.refill_ctx = &feed;
    pb_step_share share = {&pool, 0};
    pb_batch fed = *b;
    fed.how.limits.share = &share;
    fed.how.limits.max_steps = 0;
    /* A search that stops at a solution ends before its tree does: no time left from it. */
    if (b->how.mode == PB_MODE_COUNT && !b->how.limits.max_solutions)
        fed.how.explored = pb_progress_tree(p);
    int rc = pb_batch_run(&fed, r);
    if (!rc) pb_progress_set(p, r->total.steps);
    return rc;
}

/* ---- a file: chunks of puzzles ---- */

/* Adds part, the results of puzzles at.. of the set, to r. */
static void merge(pb_batch_result *r, pb_batch_result *part, int at, int n, int keep)
{
    memcpy(r->puzzle + at, part->puzzle, (size_t)n * sizeof *r->puzzle);
    for (int i = 0; i < n; i++) part->puzzle[i].path = NULL, part->puzzle[i].by_length = NULL;
    if (keep) memcpy(r->solution + r->solution_at[at], part->solution, part->solution_at[n]);
    pb_stats_add(&r->total, &part->total);
    r->status = pb_status_worse(r->status, part->status);
    r->finished += part->finished;
}

static int run_chunks(const pb_batch *b, pb_batch_result *r, pb_progress *p)
{
    const pb_set *set = b->set;
    if (pb_batch_result_init(b, r) < 0) return -1;
    const int least = 4 * (b->threads > 1 ? b->threads : 1);
    const double t0 = pb_now_s();
    /* Each running puzzle's part walked, for the report (a count to its end only: a
     * search that stops at a solution ends before its tree does). */
    const int walked = b->how.mode == PB_MODE_COUNT && !b->how.limits.max_solutions;
    uint64_t *parts = NULL;
    int chunk = least, at = 0;
    r->status = PB_DONE;
    while (at < set->count && !(b->how.limits.cancel && *b->how.limits.cancel)) {
        int n = set->count - at < chunk ? set->count - at : chunk;
        /* A chunk of one puzzle would be a run of one puzzle, which threads split (or
         * an engine that cannot split refuses): the last puzzle joins the chunk before. */
        if (set->count - at - n == 1) n++;
        pb_set view = *set;
        view.count = n;
        view.puzzle = set->puzzle + at;
        pb_batch vb = *b;
        vb.set = &view;
        if (walked) {
            uint64_t *more = realloc(parts, (size_t)n * sizeof *parts);
            if (!more) return free(parts), pb_batch_free(r), -1;
            parts = memset(more, 0, (size_t)n * sizeof *parts);
            vb.explored_each = parts;
            pb_progress_parts(p, parts, n);
        }
        pb_batch_result part;
        const double c0 = pb_now_s();
        const int rc = pb_batch_run(&vb, &part);
        pb_progress_parts(p, NULL, 0);
        if (rc) return free(parts), pb_batch_free(r), -1;
        merge(r, &part, at, n, b->keep_solutions);
        pb_batch_free(&part);
        pb_progress_add(p, (uint64_t)n);
        at += n;
        const double took = pb_now_s() - c0;
        if (took < 0.25 && chunk < (1 << 20)) chunk *= 2;
        if (took > 1.0 && chunk / 2 >= least) chunk /= 2;
    }
    free(parts);
    if (at < set->count) r->status = pb_status_worse(r->status, PB_INTERRUPTED);
    r->elapsed_s = pb_now_s() - t0;
    return 0;
}

int pb_batch_run_reported(const pb_batch *b, pb_batch_result *r, pb_progress *p)
{
    if (b->shared_limits) return pb_batch_run(b, r);
    return b->set->count > 1 ? run_chunks(b, r, p) : run_one(b, r, p);
}
