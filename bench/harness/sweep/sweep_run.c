/* sweep_run.c — the steps of measuring one run of a sweep, below both schedulers
 * (sweep_rounds.c in one process, sweep_world.c over MPI ranks): its first run and
 * calibration, one sample, its row's timing from the samples; and the finished rows
 * appended to the files. */
#include <stdio.h>

#include "harness/base/exit.h"
#include "harness/base/say.h"
#include "sweep_ctx.h"

int pb_sweep_job_due(const sweep_ctx *c, long i)
{
    const pb_measurer *m = &c->state[i].bm.m;
    return c->state[i].phase == JOB_SAMPLING &&
           (pb_measure_wants_sample(m) || (c->more && c->more[i] && pb_measure_can_sample(m)));
}

static void fill_row(const sweep_ctx *c, const job *j, const pb_set *set,
                     const pb_batch_result *res, pb_row *r)
{
    r->family = c->fam->name;
    pb_sweep_row_instance(c, j, r->instance, sizeof r->instance);
    r->cells = set->puzzle[0].model->ncells;
    r->puzzles = res->finished;
    r->engine = j->engine->about.name;
    r->order = j->engine->about.caps & PB_CAP_ORDER ? j->order->name : "-";
    r->mode = pb_sweep_mode_name(j);
    r->threads = j->threads;
    pb_sweep_job_setting(c, j, r->params, sizeof r->params, r->engine_seed, sizeof r->engine_seed);
    r->row = j - c->jobs;
    r->status = res->status;
    r->stats = res->total; /* wall_s: the median, once the samples are taken */
}

/* Says which run failed a check (counts that varied, memory), and fails the sweep. */
static void job_failed(sweep_ctx *c, long i)
{
    const job *j = &c->jobs[i];
    char name[96];
    pb_sweep_row_instance(c, j, name, sizeof name);
    pb_say("sweep: %s %s %s %s threads=%d: %s", name, j->engine->about.name,
           j->engine->about.caps & PB_CAP_ORDER ? j->order->name : "-", pb_sweep_mode_name(j),
           j->threads, c->state[i].why);
    c->state[i].phase = JOB_LEFT_OUT;
#pragma omp atomic write
    c->failed = 1;
}

/* The first run and the calibration; fills the row's counts. A run that stopped
 * short (a limit) is finished here, timed once. */
void pb_sweep_begin_job(sweep_ctx *c, long i)
{
    job_state *st = &c->state[i];
    const job *j = &c->jobs[i];
    pb_row *row = &c->rows[i];
    st->set = pb_sweep_job_set(c, j);
    st->batch = pb_sweep_job_batch(c, j, &st->set);
    pb_batch_result first;
    pb_run_end end = pb_batch_measure_begin(&st->bm, &st->batch, &c->spec->timing, &first,
                                            &row->timing, st->why, sizeof st->why);
    pb_progress_step(&c->progress);
    if (end == PB_RUN_ERROR) {
        job_failed(c, i);
        return;
    }
    fill_row(c, j, &st->set, &first, row);
    pb_batch_free(&first);
    st->phase = end == PB_RUN_SAME ? JOB_SAMPLING : JOB_FINISHED;
    if (end == PB_RUN_STOPPED) {
        row->stats.wall_s = row->timing.sum.median;
        /* An interrupted run is left out: it did not finish even once. */
        c->take[i] = row->status != PB_INTERRUPTED && !pb_interrupted;
    }
}

void pb_sweep_sample_job(sweep_ctx *c, long i)
{
    job_state *st = &c->state[i];
    if (!pb_sweep_job_due(c, i)) return;
    if (pb_measure_sample(&st->bm.m, c->round) == PB_RUN_ERROR) job_failed(c, i);
}

/* The row's timing from the samples taken. After a signal only a row whose samples
 * are all taken is kept: one still sampling is left out, and --resume runs it whole. */
void pb_sweep_end_job(sweep_ctx *c, long i)
{
    job_state *st = &c->state[i];
    if (st->phase != JOB_SAMPLING) return;
    st->phase = JOB_FINISHED;
    const int whole = st->bm.m.end == PB_RUN_SAME && !pb_measure_wants_sample(&st->bm.m);
    if (pb_measure_end(&st->bm.m) == PB_RUN_ERROR) {
        job_failed(c, i);
        return;
    }
    c->rows[i].stats.wall_s = c->rows[i].timing.sum.median;
    c->take[i] = whole || !pb_interrupted;
}

/* Writes the finished rows of runs first .. end - 1; a failed write stops the sweep. */
void pb_sweep_write_rows(sweep_ctx *c, long first, long end)
{
    char err[4600];
    long n = 0;
    for (long i = first; i < end; i++) n += c->take[i];
    if (!n || c->write_failed) return;
    if (pb_sweep_out_append(&c->out, c->meta.run_id, c->rows + first, c->take + first, end - first,
                            err, sizeof err)) {
        pb_say("sweep: %s (the %ld rows before stay; --resume continues)", err, c->written);
        c->write_failed = 1;
        return;
    }
    for (long i = first; i < end; i++) c->done[i] |= c->take[i];
    c->written += n;
}
