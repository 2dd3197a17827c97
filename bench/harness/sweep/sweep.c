/* sweep.c — expands an experiment matrix (instances x engines x orders x modes x
 * threads) into runs, times each with OpenMP through the batch runner by the one
 * timing method (measure.h), block by block, and writes one CSV row per run and its
 * raw samples as each block ends (sweep_out.h), after the .meta (sweep_meta.h). A run
 * that hits its limit is timed once; combinations an engine refuses are not run. */
#include "sweep.h"

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness/base/exit.h"
#include "sweep_ctx.h"
#include "sweep_resume.h"
#include "harness/mpi/world.h"
#include "harness/base/say.h"

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
    if (st->phase != JOB_SAMPLING || !pb_measure_wants_sample(&st->bm.m)) return;
    if (pb_measure_sample(&st->bm.m) == PB_RUN_ERROR) job_failed(c, i);
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

/* Calls step for the runs first .. end - 1 whose rows are not in the files yet, while
 * no signal came: the 1-thread runs `workers` at a time, then the runs with more
 * threads alone, so that their times are their own. */
static void for_range(sweep_ctx *c, long first, long end, void (*step)(sweep_ctx *, long))
{
#pragma omp parallel num_threads(c->workers)
    {
        pb_binder_bind_thread(c->binder, omp_get_thread_num());
#pragma omp for schedule(dynamic, 1)
        for (long i = first; i < end; i++)
            if (c->jobs[i].threads == 1 && !c->done[i] && !pb_interrupted) step(c, i);
    }
    for (long i = first; i < end; i++)
        if (c->jobs[i].threads > 1 && !c->done[i] && !pb_interrupted) step(c, i);
}

/* The seconds a begun run's samples are expected to take. */
static double expected_s(const sweep_ctx *c, long i)
{
    const pb_measurer *m = &c->state[i].bm.m;
    if (c->done[i] || c->state[i].phase != JOB_SAMPLING) return 0;
    double s = (double)c->spec->timing.samples * (double)m->runs * m->first_s;
    if (c->spec->timing.budget_s > 0 && s > c->spec->timing.budget_s) s = c->spec->timing.budget_s;
    return c->jobs[i].threads == 1 ? s / c->workers : s;
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

/* Says whether round k of the samples of runs first .. end - 1 stands, by the
 * machine's speed read after it: when it reads slower than the guard allows, the
 * machine is waited for and the round taken again (at most twice); once the wait
 * runs out the round stands. */
static int round_stands(sweep_ctx *c, long first, long end, int k, int again)
{
    if (!c->ref_tried || c->ref_job < 0) return 1;
    const double reading = pb_speed_guard_read(&c->speed);
    if (pb_speed_guard_steady(&c->speed, reading) || pb_interrupted) return 1;
    if (again == 2 || !(c->speed.settle_s > 0) ||
        !pb_speed_guard_settle(&c->speed, &pb_interrupted, c->opts->quiet)) {
        c->speed.unsteady++;
        return 1;
    }
    c->speed.resampled++;
    for (long i = first; i < end; i++)
        if (!c->done[i] && c->state[i].phase == JOB_SAMPLING) pb_measure_keep(&c->state[i].bm.m, k);
    return 0;
}

/* Samples of runs first .. end - 1 in rounds — sample k of every run before sample
 * k + 1 of any — each round guarded (round_stands). Returns the median reading of
 * the machine's speed after the rounds, which the block's rows keep. */
static double sample_rounds(sweep_ctx *c, long first, long end)
{
    double reading[PB_MAX_SAMPLES];
    int n = 0;
    for (int k = 0; k < c->spec->timing.samples && !pb_interrupted; k++) {
        for (int again = 0;; again++) {
            for_range(c, first, end, pb_sweep_sample_job);
            if (round_stands(c, first, end, k, again)) break;
        }
        reading[n++] = c->speed.last_s;
        for (long i = first; !c->opts->quiet && i < end; i++)
            if (!c->done[i]) pb_progress_step(&c->progress);
    }
    return n ? pb_median_sort(reading, n) : c->speed.last_s;
}

/* One block from run first: runs begun (first run and calibration) a few at a time
 * until the block holds opts->block runs or PB_SWEEP_BLOCK_S seconds of expected
 * samples, then its samples in guarded rounds — so that a burst of load from
 * elsewhere spreads over the samples of many runs, where the median and the
 * interval absorb it, and a slowdown that outlasts a round is waited out instead of
 * shifting runs whole — then its rows written. Returns the end of the block. */
static long run_block(sweep_ctx *c, long first)
{
    long end = first;
    double expect = 0;
    while (end < c->njobs && end - first < c->opts->block && expect < PB_SWEEP_BLOCK_S &&
           !pb_interrupted) {
        long wave = end + 2L * c->workers;
        if (wave > first + c->opts->block) wave = first + c->opts->block;
        if (wave > c->njobs) wave = c->njobs;
        for_range(c, end, wave, pb_sweep_begin_job);
        for (long i = end; i < wave; i++) expect += expected_s(c, i);
        end = wave;
    }
    const double ref_s = sample_rounds(c, first, end);
    for (long i = first; i < end; i++) {
        pb_sweep_end_job(c, i);
        c->rows[i].timing.ref_s = ref_s;
    }
    pb_sweep_write_rows(c, first, end);
    return end;
}

static void run_all(sweep_ctx *c)
{
    long todo = c->njobs - c->written;
    if (!c->opts->quiet)
        pb_progress_start(&c->progress, c->spec->name, todo * (1 + (long)c->spec->timing.samples));
    (void)pb_sweep_ref_start(c); /* without one the sweep runs unguarded, and says so */
    for (long i = 0; i < c->njobs && !pb_interrupted && !c->write_failed;) i = run_block(c, i);
    if (!c->opts->quiet) pb_progress_end(&c->progress);
}

/* Writes the .meta with status; the lines after the settings are the ranks of an
 * MPI sweep, or the guard's readings of the machine's speed (once there are any).
 * 0, or -1 with err. */
static int write_meta(sweep_ctx *c, const char *status, char *err, size_t errlen)
{
    char speed[4][160];
    long n = 0;
    while (c->world && c->world[n]) n++;
    char **lines = malloc((size_t)(n + 5) * sizeof *lines);
    if (!lines) return snprintf(err, errlen, "%s: out of memory", c->out.meta), -1;
    for (long i = 0; i < n; i++) lines[i] = c->world[i];
    if (c->ref_tried) {
        pb_sweep_ref_line(c, speed[0], sizeof speed[0]);
        lines[n++] = speed[0];
    }
    if (c->ref_tried && c->ref_job >= 0)
        for (int i = 0, k = pb_speed_guard_lines(&c->speed, speed + 1); i < k; i++)
            lines[n++] = speed[1 + i];
    lines[n] = NULL;
    int rc = pb_sweep_meta_save(c->out.meta, &c->meta, &c->settings, lines, c->written, c->njobs,
                                status, err, errlen);
    free(lines);
    return rc;
}

static int save_meta(sweep_ctx *c, const char *status)
{
    char err[4600];
    if (!write_meta(c, status, err, sizeof err)) return 0;
    pb_say("sweep: %s", err);
    return -1;
}

/* --resume: checks the earlier run's .meta, keeps its rows. 0 to run, 1 when the sweep
 * is complete already, or the exit status of an error. */
static int resume(sweep_ctx *c, char *err, size_t errlen)
{
    const char *want[PB_SWEEP_SETTINGS + 3];
    char commit[80], bind[40];
    int n = 0;
    for (int i = 0; i < c->settings.n; i++)
        if (strncmp(c->settings.line[i], "sweep=", 6)) want[n++] = c->settings.line[i];
    snprintf(commit, sizeof commit, "commit=%s", c->meta.commit);
    snprintf(bind, sizeof bind, "bind=%s", c->meta.bind);
    want[n++] = commit, want[n++] = bind, want[n] = NULL;
    pb_sweep_prior p;
    long dropped = 0;
    int rc = pb_sweep_resume_check(&c->out, want, &p, err, errlen);
    if (rc == 1) {
        if (!c->opts->quiet)
            printf("%s: the sweep is complete already; nothing to resume\n", c->out.csv);
        return 1;
    }
    if (rc || pb_sweep_resume_rows(&c->out, &p, c->njobs, pb_sweep_job_key, c, c->done, &c->written,
                                   &dropped, err, errlen))
        return PB_EXIT_USAGE;
    snprintf(c->meta.prior_run_ids, sizeof c->meta.prior_run_ids, "%s", p.run_ids);
    if (!c->opts->quiet) {
        printf("resuming %s: %ld of %ld rows there", c->out.csv, c->written, c->njobs);
        if (dropped) printf(", %ld left out (cut short, or samples incomplete)", dropped);
        printf("\n");
    }
    return 0;
}

/* The paths and the lock (another sweep of this name running here is refused);
 * refuses to overwrite an earlier sweep's files unless --force (which removes them)
 * or --resume. 0, or the exit status. *there: 1 when they exist. */
static int check_files(sweep_ctx *c, int *there)
{
    char err[4600];
    const pb_sweep_opts *o = c->opts;
    const char *found = NULL;
    if (pb_sweep_out_paths(&c->out, o->out_dir, c->spec->name, err, sizeof err) ||
        pb_sweep_out_lock(&c->out, err, sizeof err) ||
        ((found = pb_sweep_out_existing(&c->out)) && o->force &&
         pb_sweep_out_remove(&c->out, err, sizeof err))) {
        pb_say("sweep: %s", err);
        return PB_EXIT_USAGE;
    }
    if (found && !o->force && !o->resume) {
        pb_say("sweep: %s exists: --force starts the sweep over, --resume continues it", found);
        return PB_EXIT_USAGE;
    }
    *there = found && !o->force;
    return 0;
}

/* The files: takes up an earlier run's (--resume); writes the .meta first
 * (status=running), then opens the .part files. 0, -1 when the sweep is complete
 * already (--resume), or the exit status. */
static int open_files(sweep_ctx *c, int there)
{
    char err[4600];
    const pb_sweep_opts *o = c->opts;
    int resumed = 0;
    pb_sweep_origin origin = {o->source, o->source_hash, (const char(*)[96])c->names, c->workers,
                              c->njobs};
    pb_sweep_settings_make(&c->settings, c->spec, &origin);
    if (there) {
        int rc = resume(c, err, sizeof err);
        if (rc == 1) return -1;
        if (rc) goto fail;
        resumed = 1;
    }
    if (save_meta(c, "running")) return PB_EXIT_USAGE;
    if (pb_sweep_out_open(&c->out, !resumed, err, sizeof err)) goto fail;
    return 0;
fail:
    pb_say("sweep: %s", err);
    return PB_EXIT_USAGE;
}

/* The end: after a failed write the .part files stay as they are (and the .meta says
 * failed, if it can); else they are renamed into place and the .meta completed. */
static int finish(sweep_ctx *c)
{
    char err[4600];
    pb_meta_end(&c->meta);
    if (c->write_failed) {
        pb_sweep_out_close(&c->out);
        (void)write_meta(c, "failed", err, sizeof err); /* the error is said already */
        return PB_EXIT_USAGE;
    }
    if (pb_sweep_out_finish(&c->out, err, sizeof err)) {
        pb_say("sweep: %s", err);
        return PB_EXIT_USAGE;
    }
    if (save_meta(c, pb_interrupted ? "interrupted" : "complete")) return PB_EXIT_USAGE;
    if (!c->opts->quiet)
        printf("wrote %s (%ld of %ld rows), %s.samples.csv and %s.meta\n", c->out.csv, c->written,
               c->njobs, c->spec->name, c->spec->name);
    return pb_interrupted ? pb_interrupt_exit() : c->failed ? PB_EXIT_FAILED : 0;
}

static void free_ctx(sweep_ctx *c)
{
    for (int i = 0; c->sets && i < c->spec->instances.n; i++)
        if (c->sets[i].puzzle) c->fam->free_set(&c->sets[i]);
    free(c->sets);
    free(c->names);
    free(c->jobs);
    free(c->rows);
    free(c->state);
    free(c->done);
    free(c->take);
    for (char **l = c->world; l && *l; l++) free(*l);
    free(c->world);
    pb_binder_free(c->binder);
}

/* Each rank of an MPI world binds to its own share of its machine's cores. */
static pb_binder *make_binder(const pb_sweep_opts *opts, char *err, size_t errlen)
{
    int part, parts;
    pb_world_node(&part, &parts); /* collective: every rank is here */
    return pb_binder_new_part(opts->bind, part, parts, err, errlen);
}

int pb_sweep_run(pb_sweep_spec *spec, const pb_sweep_opts *opts)
{
    sweep_ctx c = {.spec = spec, .fam = spec->fam, .opts = opts};
    const pb_world *w = pb_world_get();
    char err[512];
    int rc = PB_EXIT_USAGE, gathered = 0;
    c.out.csv_fd = c.out.samples_fd = c.out.lock_fd = -1;
    if (c.fam->run) {
        pb_usage_error("sweep", "%s: family %s searches no placement model and has no sweeps%s%s",
                       opts->source, c.fam->name, c.fam->experiments ? "; its experiments: " : "",
                       c.fam->experiments ? c.fam->experiments : "");
        return PB_EXIT_USAGE;
    }
    if (!spec->instances.n)
        return pb_usage_error("sweep", "%s: no 'instances' given", opts->source);
    if ((rc = pb_sweep_spec_check(spec, opts->source)) || (rc = pb_sweep_load_instances(&c)))
        goto out;
    rc = PB_EXIT_USAGE;
    if (!(c.binder = make_binder(opts, err, sizeof err))) {
        pb_usage_error("sweep", "%s", err);
        goto out;
    }
    if (pb_sweep_add_jobs(&c)) goto out;
    if (!c.njobs) {
        pb_say("sweep: %s: the sweep runs nothing: %s", opts->source, c.refused);
        goto out;
    }
    if (opts->list_only) {
        if (w->rank == 0) pb_sweep_list_jobs(&c);
        rc = 0;
        goto out;
    }
    c.rows = calloc((size_t)c.njobs + 1, sizeof *c.rows);
    c.state = calloc((size_t)c.njobs + 1, sizeof *c.state);
    c.done = calloc((size_t)c.njobs + 1, 1);
    c.take = calloc((size_t)c.njobs + 1, 1);
    if (!c.rows || !c.state || !c.done || !c.take) goto out;
    /* In an MPI world each rank measures one run at a time (sweep_world.c). */
    c.workers = w->mpi ? 1 : spec->workers ? spec->workers : omp_get_num_procs();
    if (w->mpi && w->rank > 0) {
        rc = pb_sweep_world_work(&c);
        goto out;
    }
    if (w->mpi && pb_sweep_world_gather(&c)) goto out;
    gathered = w->mpi;
    int there = 0;
    if ((rc = check_files(&c, &there))) goto out;
    pb_install_interrupt_handler(); /* before the first file: a signal keeps what is done */
    pb_meta_begin(&c.meta, c.workers, opts->bind);
    rc = open_files(&c, there);
    if (rc) {
        rc = rc < 0 ? 0 : rc;
        goto out;
    }
    if (w->mpi)
        pb_sweep_world_run(&c);
    else
        run_all(&c);
    rc = finish(&c);
out:
    if (gathered) pb_sweep_world_stop(&c);
    pb_sweep_out_close(&c.out);
    pb_sweep_out_unlock(&c.out);
    free_ctx(&c);
    return rc;
}
