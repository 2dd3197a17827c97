/* sweep.c — a sweep from start to end: the matrix expanded into runs (sweep_jobs.c),
 * the files checked, locked and opened (sweep_out.h, --resume), the runs measured in
 * one process (sweep_rounds.c) or over MPI ranks (sweep_world.c), and the files
 * finished with the .meta (sweep_meta.h). */
#include "sweep.h"

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/limiter.h"
#include "harness/base/exit.h"
#include "sweep_collection.h"
#include "sweep_ctx.h"
#include "sweep_resume.h"
#include "harness/mpi/world.h"
#include "harness/base/say.h"
#include "harness/meta/meta_probe.h"

/* Writes the .meta with status; the lines after the settings are the ranks of an
 * MPI sweep, or the guard's readings of the machine's speed (once there are any).
 * 0, or -1 with err. */
const char *const pb_pairings[] = {"auto", "duet", "alternate", NULL};

static int write_meta(sweep_ctx *c, const char *status, char *err, size_t errlen)
{
    char speed[4][160], elapsed[48], peer[4200], worker[sizeof c->worker_command + 16];
    long n = 0;
    while (c->world && c->world[n]) n++;
    char **lines = malloc((size_t)(n + 8) * sizeof *lines);
    if (!lines) return snprintf(err, errlen, "%s: out of memory", c->out.meta), -1;
    for (long i = 0; i < n; i++) lines[i] = c->world[i];
    if (c->opts->serve) {
        snprintf(peer, sizeof peer, "against=%s (%s; %d worker processes per build)",
                 c->opts->serve,
                 c->opts->pairing == PB_PAIR_DUET
                     ? "duet: the same runs at the same time, one core each"
                     : "alternate: one run at a time, both builds in each round",
                 c->opts->processes);
        lines[n++] = peer;
    }
    if (c->worker_command[0]) {
        snprintf(worker, sizeof worker, "worker_command=%s", c->worker_command);
        lines[n++] = worker;
    }
    if (strcmp(status, "running")) {
        /* This process's time: a resumed sweep's earlier part is not in it. */
        snprintf(elapsed, sizeof elapsed, "elapsed_s=%.1f", pb_now_s() - c->start_s);
        lines[n++] = elapsed;
    }
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
    int resumed = 0;
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
    free(c->more);
    free(c->order);
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

/* What the writing process does once the runs are known: the files, the runs (served
 * to an --against parent, over MPI ranks or in rounds here) and the end. */
static int measure_and_write(sweep_ctx *c)
{
    const pb_sweep_opts *opts = c->opts;
    int there = 0, served = 0, rc;
    pb_sweep_note_earlier(c); /* before --force removes the earlier run's files */
    if ((rc = check_files(c, &there))) return rc;
    pb_install_interrupt_handler(); /* before the first file: a signal keeps what is done */
    pb_meta_begin(&c->meta, c->workers, opts->bind);
    const char *parent = opts->serve ? getenv("PB_SWEEP_COMMAND") : NULL;
    if (parent && *parent) { /* the command that started this worker, given by sweep --against */
        memcpy(c->worker_command, c->meta.command, sizeof c->worker_command);
        pb_probe_clean(c->meta.command, sizeof c->meta.command, parent);
    }
    if (opts->run_id) snprintf(c->meta.run_id, sizeof c->meta.run_id, "%s", opts->run_id);
    c->start_s = pb_now_s();
    if ((rc = open_files(c, there))) return rc < 0 ? 0 : rc;
    if (opts->serve)
        served = pb_sweep_serve(c);
    else if (pb_world_get()->mpi)
        pb_sweep_world_run(c);
    else
        pb_sweep_rounds_run(c);
    rc = finish(c);
    return served && !rc ? PB_EXIT_USAGE : rc;
}

/* The keys that only a generation, a tool or a runs sweep takes. */
static const char *const kind_keys[] = {"generate",   "quick-generate", "puzzles",   "tool-levels",
                                        "tool-count", "tool-repeat",    "quick-run", "repeat",
                                        "stop-after", "run-tables",     NULL};

/* Runs a sweep of another kind than engine runs, or refuses its keys in an engine
 * sweep: 1 with *rc the exit status, or 0 for an engine sweep. */
static int other_kind(pb_sweep_spec *spec, const pb_sweep_opts *opts, int *rc)
{
    char err[512];
    const char *kind = spec->gen.generator ? "generation"
                       : spec->tool.name   ? "tool"
                       : spec->run         ? "runs"
                                           : 0;
    /* --against measures engine runs; generation alone spreads over MPI ranks. */
    if (kind &&
        (opts->against || opts->serve || (!spec->gen.generator && pb_world_get()->size > 1)))
        return *rc = pb_usage_error("sweep", "%s: a %s sweep runs on %sone build", opts->source,
                                    kind, spec->gen.generator ? "" : "one machine, "),
               1;
    if (spec->gen.generator) return *rc = pb_sweep_generate(spec, opts), 1;
    if (spec->tool.name) return *rc = pb_sweep_tool(spec, opts), 1;
    if (spec->run) return *rc = pb_sweep_runs(spec, opts), 1;
    *rc = PB_EXIT_USAGE;
    for (const char *const *k = kind_keys; *k; k++) {
        const pb_option *o = pb_option_find(pb_sweep_keys, *k);
        if (!spec->key_line[o - pb_sweep_keys]) continue;
        pb_sweep_spec_where(spec, *k, opts->source, err, sizeof err);
        pb_say("sweep: %s'%s' belongs to a generation sweep (key generator), a tool sweep "
               "(key tool) or a runs sweep (key run)",
               err, *k);
        return 1;
    }
    if (spec->fam->run)
        return pb_usage_error("sweep",
                              "%s: family %s searches no placement model: its sweeps are runs "
                              "sweeps (key run)",
                              opts->source, spec->fam->name),
               1;
    return 0;
}

int pb_sweep_run(pb_sweep_spec *spec, const pb_sweep_opts *opts)
{
    sweep_ctx c = {.spec = spec, .fam = spec->fam, .opts = opts, .round = -1};
    const pb_world *w = pb_world_get();
    char err[512];
    int rc = PB_EXIT_USAGE, gathered = 0;
    c.out.csv_fd = c.out.samples_fd = c.out.lock_fd = -1;
    if (other_kind(spec, opts, &rc)) return rc;
    if ((spec->collection.dir || spec->collection.env) &&
        (rc = pb_sweep_collection_load(spec, opts)))
        return rc;
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
    /* In an MPI world each rank measures one run at a time (sweep_world.c). */
    c.workers = w->mpi ? 1 : spec->workers ? spec->workers : omp_get_num_procs();
    /* The settings the .meta records, made once: --list and the progress compare them
     * with the earlier run's, --resume checks them, the .meta writes them. */
    pb_sweep_origin origin = {opts->source, opts->source_hash, (const char(*)[96])c.names,
                              c.workers, c.njobs};
    pb_sweep_settings_make(&c.settings, spec, &origin);
    if (opts->list_only) {
        if (w->rank == 0) pb_sweep_list_jobs(&c), pb_sweep_list_estimate(&c);
        rc = 0;
        goto out;
    }
    if (opts->against && w->mpi) {
        rc = pb_usage_error("sweep", "--against runs on one machine, not under MPI");
        goto out;
    }
    if (opts->against) {
        rc = pb_sweep_against_run(&c);
        goto out;
    }
    c.rows = calloc((size_t)c.njobs + 1, sizeof *c.rows);
    c.state = calloc((size_t)c.njobs + 1, sizeof *c.state);
    c.done = calloc((size_t)c.njobs + 1, 1);
    c.take = calloc((size_t)c.njobs + 1, 1);
    c.more = calloc((size_t)c.njobs + 1, 1);
    c.order = malloc(((size_t)c.njobs + 1) * sizeof *c.order);
    if (!c.rows || !c.state || !c.done || !c.take || !c.more || !c.order) goto out;
    if (opts->serve_helper) { /* measures only: the build's first worker writes the files */
        spec->timing.no_calibration = 1; /* it takes the first worker's runs per sample */
        pb_install_interrupt_handler();
        rc = pb_sweep_serve(&c) ? PB_EXIT_USAGE : 0;
        goto out;
    }
    if (w->mpi && w->rank > 0) {
        rc = pb_sweep_world_work(&c);
        goto out;
    }
    if (w->mpi && pb_sweep_world_gather(&c)) goto out;
    gathered = w->mpi;
    rc = measure_and_write(&c);
out:
    if (gathered) pb_sweep_world_stop(&c);
    pb_sweep_out_close(&c.out);
    pb_sweep_out_unlock(&c.out);
    free_ctx(&c);
    return rc;
}
