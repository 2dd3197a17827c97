/* sweep.c — a sweep from start to end: parse is done (sweep_spec.c); the plan made
 * (sweep_jobs.c: the instances loaded, the matrix expanded into runs), then the runs
 * measured (sweep_exec.h: in one process, sweep_rounds.c, or over MPI ranks,
 * sweep_world.c) while the writer (sweep_write.c) puts their rows in the files. */
#include "sweep.h"

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness/base/exit.h"
#include "harness/base/say.h"
#include "harness/mpi/world.h"
#include "sweep_collection.h"
#include "sweep_exec.h"
#include "sweep_world.h"
#include "harness/base/sizes.h"

const char *const pb_pairings[] = {"auto", "duet", "alternate", NULL};

/* Each rank of an MPI world binds to its own share of its machine's cores. */
static pb_binder *make_binder(const pb_sweep_opts *opts, char *err, size_t errlen)
{
    int part, parts;
    pb_world_node(&part, &parts); /* collective: every rank is here */
    return pb_binder_new_part(opts->bind, part, parts, err, errlen);
}

/* What the writing process does once the runs are known: the files, the runs (served
 * to an --against parent, over MPI ranks or in rounds here) and the end. */
static int measure_and_write(pb_sweep_exec *e, pb_sweep_writer *w)
{
    const pb_sweep_opts *opts = w->opts;
    const sweep_plan *p = e->plan;
    int there = 0, served = 0, rc;
    /* Before --force removes the earlier run's files. */
    pb_sweep_note_earlier(p->name, p->njobs, &w->settings, opts, e->earlier, sizeof e->earlier);
    if ((rc = pb_sweep_files_check(w, &there))) return rc;
    pb_install_interrupt_handler(); /* before the first file: a signal keeps what is done */
    pb_sweep_files_begin(w, e->workers);
    if ((rc = pb_sweep_files_open(w, p, there))) {
        /* A worker of --against tells the comparing process, which decides for both. */
        if (rc < 0 && opts->serve) printf("complete\n"), w->serving = 1;
        return rc < 0 ? 0 : rc;
    }
    if (opts->serve)
        served = pb_sweep_serve(e, w);
    else if (!pb_world_get()->mpi)
        pb_sweep_rounds_run(e, w);
    else if (pb_sweep_world_run(e, w))
        w->write_failed = 1; /* said: the files end as failed */
    rc = pb_sweep_files_finish(w, e);
    return served && !rc ? PB_EXIT_USAGE : rc;
}

/* The executor's copies of what measuring takes from the spec and the options. */
static void exec_settings(pb_sweep_exec *e, const pb_sweep_spec *spec, const pb_sweep_opts *opts)
{
    e->timing = spec->timing;
    e->ci_target = spec->matrix.ci_target;
    e->seed = spec->matrix.seed;
    e->settle_s = spec->matrix.settle_s;
    e->speed_tolerance = spec->matrix.speed_tolerance;
    e->quiet = opts->quiet;
    e->block = opts->block;
}

/* The executor's arrays, one entry per run (the writer's `done` shared). 0, or -1 out
 * of memory. */
static int exec_arrays(pb_sweep_exec *e, pb_sweep_writer *w)
{
    const size_t n = (size_t)e->plan->njobs + 1;
    e->rows = calloc(n, sizeof *e->rows);
    e->state = calloc(n, sizeof *e->state);
    e->done = w->done = calloc(n, 1);
    e->take = calloc(n, 1);
    e->more = calloc(n, 1);
    e->order = malloc(n * sizeof *e->order);
    e->levels = calloc(n, sizeof *e->levels);
    return e->rows && e->state && w->done && e->take && e->more && e->order && e->levels ? 0 : -1;
}

static void exec_free(pb_sweep_exec *e, pb_sweep_writer *w)
{
    free(e->rows);
    free(e->state);
    free(w->done);
    free(e->take);
    free(e->more);
    free(e->order);
    for (long i = 0; e->levels && i < e->plan->njobs; i++) free(e->levels[i]);
    free(e->levels);
    for (char **l = w->world; l && *l; l++) free(*l);
    free(w->world);
    free(w->prior.run_ids);
    pb_binder_free(e->binder);
}

/* The keys that only a generation or a tool sweep takes. */
static const char *const kind_keys[] = {"generate",   "quick-generate", "puzzles", "tool-levels",
                                        "tool-count", "tool-repeat",    NULL};

/* Runs a sweep of another kind than engine runs, or refuses its keys in an engine
 * sweep: 1 with *rc the exit status, or 0 for an engine sweep. */
static int other_kind(pb_sweep_spec *spec, const pb_sweep_opts *opts, int *rc)
{
    char err[PB_MSG_LONG_MAX];
    const char *kind = spec->gen.generator ? "generation" : spec->tool.name ? "tool" : 0;
    /* --against measures engine runs; generation alone spreads over MPI ranks. */
    if (kind &&
        (opts->against || opts->serve || (!spec->gen.generator && pb_world_get()->size > 1)))
        return *rc = pb_usage_error("sweep", "%s: a %s sweep runs on %sone build", opts->source,
                                    kind, spec->gen.generator ? "" : "one machine, "),
               1;
    /* Blocks are of engine runs measured together: another kind has none to size. */
    if (kind && opts->block_given)
        return *rc = pb_usage_error("sweep",
                                    "%s: --block belongs to a sweep of engine runs (measured in "
                                    "blocks); a %s sweep takes none",
                                    opts->source, kind),
               1;
    /* A tool sweep keeps no rows until it ends, and its .meta does not record the
     * instances and levels it ran: nothing to continue, no way to tell an earlier run
     * of other work (--quick, --instances) from this one's. Refused, rather than
     * made again silently. */
    if (spec->tool.name && opts->resume)
        return *rc = pb_usage_error("sweep",
                                    "%s: a tool sweep cannot resume: it keeps no rows until it "
                                    "ends, and its .meta does not record the instances and "
                                    "levels an earlier run ran; --force makes it again",
                                    opts->source),
               1;
    if (spec->gen.generator) return *rc = pb_sweep_generate(spec, opts), 1;
    if (spec->tool.name) return *rc = pb_sweep_tool(spec, opts), 1;
    *rc = PB_EXIT_USAGE;
    for (const char *const *k = kind_keys; *k; k++) {
        const pb_option *o = pb_option_find(pb_sweep_keys, *k);
        if (!spec->key_line[o - pb_sweep_keys]) continue;
        pb_sweep_spec_where(spec, *k, opts->source, err, sizeof err);
        pb_say("sweep: %s'%s' belongs to a generation sweep (key generator) or a tool sweep "
               "(key tool)",
               err, *k);
        return 1;
    }
    return 0;
}

/* 1 with *rc set when the sweep cannot be planned here: another kind's keys, levels
 * where one process cannot run them, a collection that does not load, no instances. */
static int refused_before_planning(pb_sweep_spec *spec, const pb_sweep_opts *opts,
                                   const pb_world *world, int *rc)
{
    if (other_kind(spec, opts, rc)) return 1;
    /* The family's count by lengths is collective over MPI ranks: one process runs it. */
    if (spec->matrix.levels && (opts->against || opts->serve || world->size > 1)) {
        *rc = pb_usage_error("sweep", "%s: a sweep with levels runs on one process, one build",
                             opts->source);
        return 1;
    }
    if ((spec->collection.dir || spec->collection.env) &&
        (*rc = pb_sweep_collection_load(spec, opts)))
        return 1;
    if (!spec->instances.n) {
        *rc = pb_usage_error("sweep", "%s: no 'instances' given", opts->source);
        return 1;
    }
    return 0;
}

int pb_sweep_run(pb_sweep_spec *spec, const pb_sweep_opts *opts)
{
    sweep_plan plan = {0};
    pb_sweep_exec e = {.plan = &plan, .round = -1};
    pb_sweep_writer w = {.opts = opts};
    const pb_world *world = pb_world_get();
    char err[PB_MSG_LONG_MAX];
    int rc = PB_EXIT_USAGE, gathered = 0;
    w.out.csv_fd = w.out.samples_fd = w.out.held.fd = -1;
    if (refused_before_planning(spec, opts, world, &rc)) return rc;
    if ((rc = pb_sweep_spec_check(spec, opts->source)) ||
        (rc = pb_sweep_load_instances(&plan, spec, opts->source)))
        goto out;
    rc = PB_EXIT_USAGE;
    if (!(e.binder = make_binder(opts, err, sizeof err))) {
        pb_usage_error("sweep", "%s", err);
        goto out;
    }
    if (pb_sweep_add_jobs(&plan, spec, e.binder)) goto out;
    if (!plan.njobs) {
        pb_say("sweep: %s: the sweep runs nothing: %s", opts->source, plan.refused);
        goto out;
    }
    if (world->rank == 0 && !opts->serve) pb_sweep_warn_idle_engines(&plan, spec, opts->source);
    /* In an MPI world each rank measures one run at a time (sweep_world.c). */
    /* With stop-after, a series' runs begin in order, one at a time. */
    e.workers = world->mpi || spec->stop_after_s > 0 ? 1
                : spec->matrix.workers               ? spec->matrix.workers
                                                     : omp_get_num_procs();
    w.name = plan.name, w.runs = plan.njobs;
    /* The settings the .meta records, made once: --list and the progress compare them
     * with the earlier run's, --resume checks them, the .meta writes them. */
    pb_sweep_origin origin = {opts->source, opts->source_hash, (const char(*)[96])plan.names,
                              e.workers, plan.njobs};
    pb_sweep_settings_make(&w.settings, spec, &origin);
    if (opts->list_only) {
        if (world->rank == 0)
            pb_sweep_list_jobs(&plan), pb_sweep_list_estimate(spec, plan.njobs, &w.settings, opts);
        rc = 0;
        goto out;
    }
    if (opts->against && world->mpi) {
        rc = pb_usage_error("sweep", "--against runs on one machine, not under MPI");
        goto out;
    }
    exec_settings(&e, spec, opts); /* from here on the spec is not read */
    if (opts->against) {
        rc = pb_sweep_against_run(&e, opts);
        goto out;
    }
    if (exec_arrays(&e, &w)) goto out;
    if (opts->serve_helper) {        /* measures only: the build's first worker writes the files */
        e.timing.no_calibration = 1; /* it takes the first worker's runs per sample */
        pb_install_interrupt_handler();
        rc = pb_sweep_serve(&e, &w) ? PB_EXIT_USAGE : 0;
        goto out;
    }
    if (world->mpi && world->rank > 0) {
        rc = pb_sweep_world_work(&e);
        goto out;
    }
    if (world->mpi && !(w.world = pb_sweep_world_gather(&e))) goto out;
    gathered = world->mpi;
    rc = measure_and_write(&e, &w);
out:
    if (opts->serve && rc && !w.serving) { /* its message is said: the parent need not guess */
        printf("refused\n");
        fflush(stdout);
    }
    if (gathered) pb_sweep_world_stop();
    pb_sweep_out_close(&w.out);
    pb_sweep_out_unlock(&w.out);
    exec_free(&e, &w);
    pb_sweep_settings_free(&w.settings);
    pb_sweep_plan_free(&plan);
    return rc;
}
