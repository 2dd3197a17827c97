/* sweep_write.c — a sweep's files from start to end: checked and locked (--force,
 * --resume), the .meta written first (status=running), the rows appended block by
 * block, then the files renamed into place and the .meta completed (sweep_out.h,
 * sweep_meta.h, sweep_resume.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/limiter.h"
#include "harness/base/exit.h"
#include "harness/base/say.h"
#include "harness/base/sizes.h"
#include "harness/meta/meta.h"
#include "sweep_exec.h"
#include "sweep_resume.h"

/* Writes the .meta with status; the lines after the settings are the ranks of an
 * MPI sweep, or the guard's readings of the machine's speed in e (once there are any;
 * e NULL: none), and the runs a series' stop rule skipped (skipped.ROW=why).
 * 0, or -1 with err. */
static int write_meta(const pb_sweep_writer *w, const pb_sweep_exec *e, const char *status,
                      int in_place, char *err, size_t errlen)
{
    char ref[PB_SWEEP_REF_LINE], speed[3][160], elapsed[48], peer[PB_PATH_EXT_MAX],
        worker[sizeof w->worker_command + 16];
    const pb_sweep_opts *o = w->opts;
    long n = 0;
    while (w->world && w->world[n]) n++;
    const long runs = e ? e->plan->njobs : 0;
    char **lines = malloc((size_t)(n + 9 + runs) * sizeof *lines);
    char(*skipped)[sizeof e->state->why + 32] = calloc((size_t)runs + 1, sizeof *skipped);
    if (!lines || !skipped) {
        free(lines), free(skipped);
        return snprintf(err, errlen, "%s: out of memory", w->out.meta), -1;
    }
    for (long i = 0; i < n; i++) lines[i] = w->world[i];
    if (o->serve) {
        snprintf(peer, sizeof peer, "against=%s (%s; %d worker processes per build)", o->serve,
                 o->pairing == PB_PAIR_DUET
                     ? "duet: the same runs at the same time, one core each"
                     : "alternate: one run at a time, both builds in each round",
                 o->processes);
        lines[n++] = peer;
    }
    if (w->outside[0]) lines[n++] = (char *)w->outside;
    if (w->worker_command[0]) {
        snprintf(worker, sizeof worker, "worker_command=%s", w->worker_command);
        lines[n++] = worker;
    }
    if (strcmp(status, "running")) {
        /* This process's time: a resumed sweep's earlier part is not in it. */
        snprintf(elapsed, sizeof elapsed, "elapsed_s=%.1f", pb_now_s() - w->start_s);
        lines[n++] = elapsed;
    }
    const int guard = pb_sweep_ref_lines(e, ref, sizeof ref, speed);
    if (guard > 0) lines[n++] = ref;
    for (int i = 1; i < guard; i++) lines[n++] = speed[i - 1];
    for (long i = 0; i < runs; i++)
        if (e->state[i].phase == JOB_SKIPPED) {
            snprintf(skipped[i], sizeof skipped[i], "skipped.%ld=%s", i, e->state[i].why);
            lines[n++] = skipped[i];
        }
    lines[n] = NULL;
    int rc = pb_sweep_meta_save(w->out.meta, &w->meta, &w->settings, lines, w->written, w->runs,
                                status, in_place, err, errlen);
    free(lines);
    free(skipped);
    return rc;
}

static int save_meta(const pb_sweep_writer *w, const pb_sweep_exec *e, const char *status)
{
    char err[PB_MSG_LONG_MAX];
    if (!write_meta(w, e, status, 0, err, sizeof err)) return 0;
    pb_say("sweep: %s", err);
    return -1;
}

/* --resume: checks the earlier run's .meta, keeps its rows (found by p's keys). 0 to
 * run, 1 when the sweep is complete already, or the exit status of an error. */
static int resume(pb_sweep_writer *w, const sweep_plan *p, char *err, size_t errlen)
{
    const char *want[PB_SWEEP_SETTINGS + 3];
    char commit[80], bind[40];
    int n = 0;
    for (int i = 0; i < w->settings.n; i++)
        if (strncmp(w->settings.line[i], "sweep=", 6)) want[n++] = w->settings.line[i];
    snprintf(commit, sizeof commit, "commit=%s", w->meta.commit);
    snprintf(bind, sizeof bind, "bind=%s", w->meta.bind);
    want[n++] = commit, want[n++] = bind, want[n] = NULL;
    pb_sweep_prior *prior = &w->prior;
    long dropped = 0;
    int rc = pb_sweep_resume_check(&w->out, want, prior, err, errlen);
    if (rc == 1) {
        if (!w->opts->quiet)
            printf("%s: the sweep is complete already; nothing to resume\n", w->out.csv);
        return 1;
    }
    if (rc || pb_sweep_resume_rows(&w->out, prior, p->njobs, pb_sweep_job_key, (void *)p, NULL,
                                   w->done, &w->written, &dropped, err, errlen))
        return PB_EXIT_USAGE;
    w->meta.prior_run_ids = prior->run_ids;
    if (!w->opts->quiet) {
        printf("resuming %s: %ld of %ld rows there", w->out.csv, w->written, p->njobs);
        if (dropped) printf(", %ld left out (cut short, or samples incomplete)", dropped);
        printf("\n");
    }
    return 0;
}

int pb_sweep_files_check(pb_sweep_writer *w, int *there)
{
    char err[PB_MSG_LONG_MAX];
    const pb_sweep_opts *o = w->opts;
    const char *found = NULL;
    if (w->settings.failed) return pb_say("sweep: out of memory"), PB_EXIT_FAILED;
    if (pb_sweep_out_paths(&w->out, o->out_dir, w->name, err, sizeof err) ||
        pb_sweep_out_lock(&w->out, err, sizeof err) ||
        ((found = pb_sweep_out_existing(&w->out)) && o->force &&
         pb_sweep_out_remove(&w->out, err, sizeof err))) {
        pb_say("sweep: %s", err);
        return PB_EXIT_USAGE;
    }
    pb_sweep_out_say_taken_over(&w->out);
    if (found && !o->force && !o->resume) {
        pb_say("sweep: %s exists: --force starts the sweep over, --resume continues it", found);
        return PB_EXIT_USAGE;
    }
    *there = found && !o->force;
    return 0;
}

void pb_sweep_files_begin(pb_sweep_writer *w, int workers)
{
    const pb_sweep_opts *o = w->opts;
    pb_meta_collect(&w->meta, workers, o->bind); /* the load said once the sweep goes ahead */
    const char *parent = o->serve ? getenv("PB_SWEEP_COMMAND") : NULL;
    if (parent && *parent) { /* the command that started this worker, given by sweep --against */
        memcpy(w->worker_command, w->meta.command, sizeof w->worker_command);
        pb_meta_set_command(&w->meta, parent);
    }
    if (o->run_id) snprintf(w->meta.run_id, sizeof w->meta.run_id, "%s", o->run_id);
    w->start_s = pb_now_s();
}

int pb_sweep_files_open(pb_sweep_writer *w, const sweep_plan *p, int there)
{
    char err[PB_MSG_LONG_MAX];
    int resumed = 0;
    pb_sweep_outside_line(p, w->outside, sizeof w->outside);
    snprintf(w->out.extra_header, sizeof w->out.extra_header, "%s", p->extra_header);
    if (there) {
        int rc = resume(w, p, err, sizeof err);
        if (rc == 1) return -1;
        if (rc) goto fail;
        resumed = 1;
    }
    pb_meta_say_load(&w->meta);
    if (save_meta(w, NULL, "running")) return PB_EXIT_USAGE; /* no run measured yet */
    if (pb_sweep_out_open(&w->out, !resumed, err, sizeof err)) goto fail;
    return 0;
fail:
    pb_say("sweep: %s", err);
    return PB_EXIT_USAGE;
}

int pb_sweep_files_drop(pb_sweep_writer *w, const sweep_plan *p, long i)
{
    char err[PB_MSG_LONG_MAX];
    long dropped;
    if (!w->done[i]) return 0;
    w->done[i] = 0;
    /* The kept rows but run i's written back: the .part files are reread and replaced. */
    unsigned char *keep = malloc((size_t)p->njobs + 1);
    if (!keep) return pb_say("sweep: out of memory"), -1;
    memcpy(keep, w->done, (size_t)p->njobs);
    pb_sweep_out_close(&w->out);
    int rc = pb_sweep_resume_rows(&w->out, &w->prior, p->njobs, pb_sweep_job_key, (void *)p, keep,
                                  w->done, &w->written, &dropped, err, sizeof err) ||
             pb_sweep_out_open(&w->out, 0, err, sizeof err);
    free(keep);
    if (rc) pb_say("sweep: %s", err), w->write_failed = 1;
    return rc ? -1 : 0;
}

void pb_sweep_write_rows(pb_sweep_writer *w, const pb_sweep_exec *e, long first, long end)
{
    char err[PB_MSG_LONG_MAX];
    long n = 0;
    for (long i = first; i < end; i++) n += e->take[i];
    if (!n || w->write_failed) return;
    if (pb_sweep_out_append(&w->out, w->meta.run_id, e->rows + first, e->take + first, end - first,
                            err, sizeof err)) {
        pb_say("sweep: %s (the %ld rows before stay; --resume continues)", err, w->written);
        w->write_failed = 1;
        return;
    }
    for (long i = first; i < end; i++) w->done[i] |= e->take[i];
    w->written += n;
}

int pb_sweep_write_failed(const pb_sweep_writer *w)
{
    return w->write_failed;
}

int pb_sweep_files_finish(pb_sweep_writer *w, const pb_sweep_exec *e)
{
    char err[PB_MSG_LONG_MAX];
    pb_meta_end(&w->meta);
    if (w->write_failed) {
        pb_sweep_out_close(&w->out);
        /* The error is said already; a full disk may take the new .meta too. */
        if (write_meta(w, e, "failed", 0, err, sizeof err))
            (void)write_meta(w, e, "failed", 1, err, sizeof err);
        return PB_EXIT_USAGE;
    }
    if (pb_sweep_levels_write(e, w->done, w->out.csv, w->meta.run_id, err, sizeof err) ||
        pb_sweep_out_finish(&w->out, err, sizeof err)) {
        pb_say("sweep: %s", err);
        return PB_EXIT_USAGE;
    }
    if (write_meta(w, e, pb_interrupted ? "interrupted" : "complete", 0, err, sizeof err)) {
        /* The rows are in place, and the .meta must not go on saying 'running': where
         * it lies (no new space), it says the sweep failed, which --resume completes. */
        char again[PB_MSG_LONG_MAX];
        const int said = !write_meta(w, e, "failed", 1, again, sizeof again);
        pb_say("sweep: %s (%s holds its %ld of %ld rows; %s)", err, w->out.csv, w->written, w->runs,
               said ? "the .meta says status=failed: --resume completes it once there is room"
                    : "the .meta is stale: --resume completes it once there is room");
        return PB_EXIT_USAGE;
    }
    if (!w->opts->quiet)
        printf("wrote %s (%ld of %ld rows), %s.samples.csv and %s.meta\n", w->out.csv, w->written,
               w->runs, w->name, w->name);
    return pb_interrupted ? pb_interrupt_exit() : e->failed ? PB_EXIT_FAILED : 0;
}
