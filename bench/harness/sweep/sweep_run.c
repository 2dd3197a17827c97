/* sweep_run.c — the steps of measuring one run of a sweep, below every scheduler
 * (sweep_rounds.c in one process, sweep_serve.c for --against, the MPI ranks of
 * sweep_world.c): its first run and calibration, one sample, its row's timing from the
 * samples; and the executor's face to a scheduler that hands runs out (sweep.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness/base/exit.h"
#include "harness/base/say.h"
#include "sweep_exec.h"

int pb_sweep_job_due(const pb_sweep_exec *e, long i)
{
    const pb_measurer *m = &e->state[i].bm.m;
    return e->state[i].phase == JOB_SAMPLING &&
           (pb_measure_wants_sample(m) || (e->more && e->more[i] && pb_measure_can_sample(m)));
}

/* The row's names and setting: those of run i of plan p. */
static void name_row(const sweep_plan *p, long i, pb_row *r)
{
    const job *j = &p->jobs[i];
    r->family = p->fam->name;
    r->engine = j->engine->about.name;
    r->order = j->engine->about.caps & PB_CAP_ORDER ? j->order->name : "-";
    r->mode = pb_sweep_mode_name(j);
    pb_sweep_job_setting(j, r->params, sizeof r->params, r->engine_seed, sizeof r->engine_seed);
    r->row = i;
}

static void fill_row(const sweep_plan *p, long i, const pb_set *set, const pb_batch_result *res,
                     pb_row *r)
{
    const job *j = &p->jobs[i];
    pb_sweep_row_instance(p, j, r->instance, sizeof r->instance);
    r->cells = set->puzzle[0].model->ncells;
    r->puzzles = res->finished;
    r->threads = j->threads;
    name_row(p, i, r);
    r->status = res->status;
    r->stats = res->total; /* wall_s: the median, once the samples are taken */
    pb_sweep_job_extra(p, i, res, r->extra, sizeof r->extra);
}

/* Says which run failed a check (counts that varied, memory), and fails the sweep. */
static void job_failed(pb_sweep_exec *e, long i)
{
    const job *j = &e->plan->jobs[i];
    char name[96];
    pb_sweep_row_instance(e->plan, j, name, sizeof name);
    pb_say("sweep: %s %s %s %s threads=%d: %s", name, j->engine->about.name,
           j->engine->about.caps & PB_CAP_ORDER ? j->order->name : "-", pb_sweep_mode_name(j),
           j->threads, e->state[i].why);
    e->state[i].phase = JOB_LEFT_OUT;
#pragma omp atomic write
    e->failed = 1;
}

/* 1, with why in st, when run i is skipped by its series' stop rule: the run of the
 * bound before it was skipped, stopped at a limit or took longer than stop-after. A
 * run before it whose row a resume kept is not looked at. */
static int stopped(const pb_sweep_exec *e, long i, job_state *st)
{
    const long k = e->plan->jobs[i].after;
    if (k < 0 || !(e->plan->stop_after_s > 0) || e->done[k]) return 0;
    const pb_row *r = &e->rows[k];
    if (e->state[k].phase == JOB_SKIPPED)
        memcpy(st->why, e->state[k].why, sizeof st->why); /* k < i: another run's */
    else if (e->state[k].phase == JOB_NEW || e->state[k].phase == JOB_LEFT_OUT)
        return 0; /* not run here (another rank's), or failed: the sweep says so */
    else if (r->status != PB_DONE)
        snprintf(st->why, sizeof st->why, "row %ld stopped: %s", k, pb_status_name(r->status));
    else if (r->stats.wall_s > e->plan->stop_after_s)
        snprintf(st->why, sizeof st->why, "row %ld took %.1f s", k, r->stats.wall_s);
    else
        return 0;
    return 1;
}

/* The first run and the calibration; fills the row's counts. A run that stopped
 * short (a limit) is finished here, timed once. */
void pb_sweep_begin_job(pb_sweep_exec *e, long i)
{
    job_state *st = &e->state[i];
    const job *j = &e->plan->jobs[i];
    pb_row *row = &e->rows[i];
    if (stopped(e, i, st)) {
        st->phase = JOB_SKIPPED;
        pb_progress_step(&e->progress);
        return;
    }
    st->set = pb_sweep_job_set(e->plan, j);
    st->batch = pb_sweep_job_batch(e->plan, j, &st->set, e->binder);
    pb_batch_result first;
    pb_run_end end = pb_batch_measure_begin(&st->bm, &st->batch, &e->timing, &first, &row->timing,
                                            st->why, sizeof st->why);
    pb_progress_step(&e->progress);
    if (end == PB_RUN_ERROR) {
        job_failed(e, i);
        return;
    }
    fill_row(e->plan, i, &st->set, &first, row);
    pb_batch_free(&first);
    if (pb_sweep_levels_run(e, i)) {
        job_failed(e, i);
        return;
    }
    st->phase = end == PB_RUN_SAME ? JOB_SAMPLING : JOB_FINISHED;
    if (end == PB_RUN_STOPPED) {
        row->stats.wall_s = row->timing.sum.median;
        /* An interrupted run is left out: it did not finish even once. */
        e->take[i] = row->status != PB_INTERRUPTED && !pb_interrupted;
    }
}

void pb_sweep_sample_job(pb_sweep_exec *e, long i)
{
    job_state *st = &e->state[i];
    if (!pb_sweep_job_due(e, i)) return;
    if (pb_measure_sample(&st->bm.m, e->round) == PB_RUN_ERROR) job_failed(e, i);
}

/* The row's timing from the samples taken. After a signal only a row whose samples
 * are all taken is kept: one still sampling is left out, and --resume runs it whole. */
void pb_sweep_end_job(pb_sweep_exec *e, long i)
{
    job_state *st = &e->state[i];
    if (st->phase != JOB_SAMPLING) return;
    st->phase = JOB_FINISHED;
    const int whole = st->bm.m.end == PB_RUN_SAME && !pb_measure_wants_sample(&st->bm.m);
    if (pb_measure_end(&st->bm.m) == PB_RUN_ERROR) {
        job_failed(e, i);
        return;
    }
    e->rows[i].stats.wall_s = e->rows[i].timing.sum.median;
    e->take[i] = whole || !pb_interrupted;
}

/* ---- the face to a scheduler that hands runs out (sweep.h) ---- */

long pb_sweep_exec_runs(const pb_sweep_exec *e)
{
    return e->plan->njobs;
}

/* How big a run is expected to be: its cells (times the puzzles of a set), then count
 * before unique before first, then more threads. */
typedef struct size_key {
    long i;
    double cells;
    int mode, threads;
} size_key;

static int larger_first(const void *a, const void *b)
{
    const size_key *x = a, *y = b;
    if (x->cells != y->cells) return x->cells > y->cells ? -1 : 1;
    if (x->mode != y->mode) return y->mode - x->mode;
    if (x->threads != y->threads) return y->threads - x->threads;
    return x->i < y->i ? -1 : x->i > y->i;
}

long pb_sweep_exec_todo(const pb_sweep_exec *e, long *order)
{
    const sweep_plan *p = e->plan;
    size_key *k = calloc((size_t)p->njobs + 1, sizeof *k);
    if (!k) return -1;
    long n = 0;
    for (long i = 0; i < p->njobs; i++) {
        if (e->done[i]) continue;
        const job *j = &p->jobs[i];
        const pb_set set = pb_sweep_job_set(p, j);
        k[n++] = (size_key){i, (double)set.puzzle[0].model->ncells * set.count,
                            j->mode == PB_MODE_FIRST ? 0
                            : j->unique              ? 1
                                                     : 2,
                            j->threads};
    }
    qsort(k, (size_t)n, sizeof *k, larger_first);
    for (long r = 0; r < n; r++) order[r] = k[r].i;
    free(k);
    return n;
}

void pb_sweep_exec_measure(pb_sweep_exec *e, long i, pb_sweep_outcome *o)
{
    pb_sweep_begin_job(e, i);
    while (!pb_interrupted && e->state[i].phase == JOB_SAMPLING &&
           pb_measure_wants_sample(&e->state[i].bm.m))
        pb_sweep_sample_job(e, i);
    pb_sweep_end_job(e, i);
    if (!o) return;
    o->i = i;
    o->take = e->take[i];
    o->failed = e->state[i].phase == JOB_LEFT_OUT;
    o->interrupted = (int)pb_interrupted;
    o->row = e->rows[i];
}

void pb_sweep_exec_accept(pb_sweep_exec *e, const pb_sweep_outcome *o)
{
    pb_row *r = &e->rows[o->i];
    *r = o->row;
    name_row(e->plan, o->i, r);
    e->take[o->i] = (unsigned char)o->take;
    if (o->failed) e->failed = 1;
}

void pb_sweep_exec_finished(pb_sweep_exec *e, pb_sweep_writer *w, long i, int elsewhere)
{
    pb_sweep_write_rows(w, e, i, i + 1);
    for (int k = 0; k < (elsewhere ? 1 : 0) + e->timing.samples && !e->quiet; k++)
        pb_progress_step(&e->progress);
}

void pb_sweep_exec_progress_begin(pb_sweep_exec *e, long n)
{
    if (e->quiet) return;
    pb_progress_start(&e->progress, e->plan->name, n * (1 + (long)e->timing.samples));
    pb_progress_note(&e->progress, e->earlier);
}

void pb_sweep_exec_progress_end(pb_sweep_exec *e)
{
    if (!e->quiet) pb_progress_end(&e->progress);
}

void pb_sweep_exec_bind(const pb_sweep_exec *e)
{
    pb_binder_bind_thread(e->binder, 0);
}

void pb_sweep_exec_describe(const pb_sweep_exec *e, char *bind, size_t len, int *workers)
{
    pb_binder_describe(e->binder, bind, len);
    *workers = e->workers;
}

int pb_sweep_exec_failed(const pb_sweep_exec *e)
{
    return e->failed;
}
