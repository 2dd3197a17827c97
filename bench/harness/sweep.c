/* sweep.c — expands an experiment matrix (instances x engines x orders x modes x
 * threads) into runs, times each with OpenMP through the batch runner by the one
 * timing method (measure.h), and writes one CSV row per run, its raw samples and
 * the run's metadata. A run that hits its limit is timed once; combinations an
 * engine refuses are not run. */
#include "sweep.h"

#include <errno.h>
#include <stdarg.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "batch.h"
#include "batch_measure.h"
#include "csv.h"
#include "exit.h"
#include "meta.h"
#include "progress.h"

typedef struct job {
    int instance, puzzle; /* puzzle: -1 for the whole set, else one puzzle (rows per-puzzle) */
    int threads;
    const pb_engine *engine;
    const pb_order *order;
    pb_mode mode;
    int unique; /* count mode stopped at the second solution */
} job;

/* Where a run is: begun (first run and calibration), sampling, finished. */
enum { JOB_NEW, JOB_SAMPLING, JOB_FINISHED, JOB_LEFT_OUT };

/* A run's measurement in progress; it stays in place (the batch points at the set,
 * the measurer at the batch) from the first run to the last sample. */
typedef struct job_state {
    pb_set set;
    pb_batch batch;
    pb_batch_measurer bm;
    int phase;
    char why[300];
} job_state;

typedef struct sweep_ctx {
    pb_sweep_spec *spec;
    const pb_family *fam;
    const pb_sweep_opts *opts;
    pb_set *sets;
    char (*names)[96];
    job *jobs;
    long njobs; /* one row each */
    pb_row *rows;
    job_state *state;
    unsigned char *done;
    pb_binder *binder;
    pb_progress progress;
    int workers;
    int failed;   /* a run's counts varied, or memory ran out */
    pb_meta meta; /* begun before the runs, ended after them */
} sweep_ctx;

static const char *mode_name(const job *j)
{
    return j->mode == PB_MODE_FIRST ? "first" : j->unique ? "unique" : "count";
}

/* The set a job runs: the instance's, or a view of one of its puzzles. */
static pb_set job_set(const sweep_ctx *c, const job *j)
{
    pb_set s = c->sets[j->instance];
    if (j->puzzle >= 0) s.count = 1, s.bad = 0, s.puzzle += j->puzzle;
    return s;
}

static pb_batch job_batch(const sweep_ctx *c, const job *j, const pb_set *set)
{
    pb_batch b = {
        .set = set,
        .engine = j->engine,
        .how = {.mode = j->mode,
                .order = j->order,
                .limits = {pb_sweep_spec_step_limit(c->spec, j->engine->about.name),
                           j->unique ? 2 : 0, c->spec->time_limit, &pb_interrupted},
                .thread_start = pb_binder_thread_start,
                .thread_ctx = c->binder},
        .threads = j->threads,
        .shared_limits = 1,
        .unique = j->unique,
        .binder = c->binder,
    };
    return b;
}

/* A row's instance: the instance's name, or for one puzzle of it the puzzle's own
 * name if the family gives one, else NAME#INDEX. */
static void row_instance(const sweep_ctx *c, const job *j, char *out, size_t len)
{
    out[0] = '\0';
    if (j->puzzle >= 0 && c->fam->puzzle_name)
        c->fam->puzzle_name(&c->sets[j->instance], j->puzzle, out, len);
    if (out[0]) return;
    if (j->puzzle < 0)
        snprintf(out, len, "%s", c->names[j->instance]);
    else
        snprintf(out, len, "%s#%d", c->names[j->instance], j->puzzle);
}

static void fill_row(const sweep_ctx *c, const job *j, const pb_set *set,
                     const pb_batch_result *res, pb_row *r)
{
    r->family = c->fam->name;
    row_instance(c, j, r->instance, sizeof r->instance);
    r->cells = set->puzzle[0].model->ncells;
    r->puzzles = res->finished;
    r->engine = j->engine->about.name;
    r->order = j->engine->about.caps & PB_CAP_ORDER ? j->order->name : "-";
    r->mode = mode_name(j);
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
    row_instance(c, j, name, sizeof name);
    fprintf(stderr, "puzzlebench: sweep: %s %s %s %s threads=%d: %s\n", name, j->engine->about.name,
            j->engine->about.caps & PB_CAP_ORDER ? j->order->name : "-", mode_name(j), j->threads,
            c->state[i].why);
    c->state[i].phase = JOB_LEFT_OUT;
#pragma omp atomic write
    c->failed = 1;
}

/* The first run and the calibration; fills the row's counts. A run that stopped
 * short (a limit) is finished here, timed once. */
static void begin_job(sweep_ctx *c, long i)
{
    job_state *st = &c->state[i];
    const job *j = &c->jobs[i];
    pb_row *row = &c->rows[i];
    st->set = job_set(c, j);
    st->batch = job_batch(c, j, &st->set);
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
        c->done[i] = row->status != PB_INTERRUPTED && !pb_interrupted;
    }
}

static void sample_job(sweep_ctx *c, long i)
{
    job_state *st = &c->state[i];
    if (st->phase != JOB_SAMPLING || !pb_measure_wants_sample(&st->bm.m)) return;
    if (pb_measure_sample(&st->bm.m) == PB_RUN_ERROR) job_failed(c, i);
}

/* The row's timing from the samples taken. After Ctrl-C a row keeps the samples it
 * has, and is left out if it has none. */
static void end_job(sweep_ctx *c, long i)
{
    job_state *st = &c->state[i];
    if (st->phase != JOB_SAMPLING) return;
    st->phase = JOB_FINISHED;
    const int sampled = st->bm.m.recorded > 0;
    if (pb_measure_end(&st->bm.m) == PB_RUN_ERROR) {
        job_failed(c, i);
        return;
    }
    c->rows[i].stats.wall_s = c->rows[i].timing.sum.median;
    c->done[i] = sampled || !pb_interrupted;
}

static int add_job(sweep_ctx *c, const job *proto, long *cap)
{
    if (c->njobs == *cap) {
        job *nj = realloc(c->jobs, (size_t)(*cap = *cap ? 2 * *cap : 64) * sizeof *nj);
        if (!nj) return -1;
        c->jobs = nj;
    }
    c->jobs[c->njobs++] = *proto;
    return 0;
}

/* The jobs of one instance, engine and order: every mode and thread count the engine
 * runs (pb_batch_check decides), for the set or for each of its puzzles. */
static int add_engine_jobs(sweep_ctx *c, int inst, const pb_engine *eng, const pb_order *ord,
                           long *cap)
{
    const pb_sweep_spec *s = c->spec;
    const int per_puzzle = s->rows == PB_ROWS_PER_PUZZLE;
    for (int md = 0; md < s->modes.n; md++)
        for (int t = 0; t < s->search_threads.n; t++)
            for (int p = per_puzzle ? 0 : -1; p < (per_puzzle ? c->sets[inst].count : 0); p++) {
                job j = {inst, p, s->search_threads.v[t], eng, ord, PB_MODE_COUNT, 0};
                j.mode = strcmp(s->modes.item[md], "first") ? PB_MODE_COUNT : PB_MODE_FIRST;
                j.unique = !strcmp(s->modes.item[md], "unique");
                const pb_set set = job_set(c, &j);
                const pb_batch b = job_batch(c, &j, &set);
                char why[200];
                int which;
                if (pb_batch_check(&b, &which, why, sizeof why) != PB_RUNS) continue;
                if (add_job(c, &j, cap)) return -1;
            }
    return 0;
}

static int add_jobs(sweep_ctx *c)
{
    const pb_sweep_spec *s = c->spec;
    long cap = 0;
    for (int i = 0; i < s->instances.n; i++)
        for (int e = 0; e < s->engines.n; e++) {
            const pb_engine *eng = pb_family_engine(c->fam, s->engines.item[e]);
            const int ordered = (eng->about.caps & PB_CAP_ORDER) != 0;
            for (int o = 0; o < (ordered ? s->orders.n : 1); o++)
                if (add_engine_jobs(c, i, eng, pb_order_find(s->orders.item[o]), &cap)) return -1;
        }
    return 0;
}

/* Fills in the family's engines when none were given, and checks engines and orders. */
static int check_engines(sweep_ctx *c)
{
    pb_sweep_spec *s = c->spec;
    char list[1024];
    if (!s->engines.n) {
        pb_family_engine_list(c->fam, list, sizeof list);
        if (pb_list_set(&s->engines, list, list, sizeof list))
            return pb_usage_error("sweep", "out of memory");
    }
    for (int i = 0; i < s->engines.n; i++)
        if (!pb_family_engine(c->fam, s->engines.item[i])) {
            pb_family_engine_list(c->fam, list, sizeof list);
            return pb_usage_error("sweep", "%s: unknown engine '%s' for %s (one of: %s)",
                                  c->opts->source, s->engines.item[i], c->fam->name, list);
        }
    for (int i = 0; i < s->orders.n; i++)
        if (!pb_order_find(s->orders.item[i]))
            return pb_usage_error("sweep", "%s: unknown order '%s'", c->opts->source,
                                  s->orders.item[i]);
    return 0;
}

/* Loads every instance; a puzzle that cannot be read stops the sweep. */
static int load_instances(sweep_ctx *c)
{
    const pb_sweep_spec *s = c->spec;
    char err[600];
    c->sets = calloc((size_t)s->instances.n + 1, sizeof *c->sets);
    c->names = calloc((size_t)s->instances.n + 1, sizeof *c->names);
    if (!c->sets || !c->names) return pb_usage_error("sweep", "out of memory");
    for (int i = 0; i < s->instances.n; i++) {
        pb_instance inst = {s->instances.item[i], 0, NULL};
        if (c->fam->load(&inst, s->params, &c->sets[i], err, sizeof err)) {
            fprintf(stderr, "puzzlebench: sweep: %s\n", err);
            return PB_EXIT_USAGE;
        }
        for (int k = 0; k < c->sets[i].count; k++)
            if (c->sets[i].puzzle[k].error) {
                fprintf(stderr, "puzzlebench: sweep: %s\n", c->sets[i].puzzle[k].error);
                return PB_EXIT_USAGE;
            }
        c->fam->instance_name(s->instances.item[i], c->names[i], sizeof c->names[i]);
    }
    return 0;
}

enum { META_LINE = 600 };

/* Appends to one metadata line, cut at its end. */
static void append(char *line, const char *fmt, ...)
{
    size_t at = strlen(line);
    if (at + 1 >= META_LINE) return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line + at, META_LINE - at, fmt, ap);
    va_end(ap);
}

/* The sweep's settings, for the .meta file: "key=value" lines. */
static void settings(const sweep_ctx *c, long written, char extra[][META_LINE], int *n)
{
    const pb_sweep_spec *s = c->spec;
    const pb_list *lists[] = {&s->engines, &s->orders, &s->modes};
    const char *list_keys[] = {"engines", "orders", "modes"};
    int k = 0;
    for (int i = 0; i < 24; i++) extra[i][0] = '\0';
    append(extra[k++], "sweep=%s", c->opts->source);
    append(extra[k++], "family=%s", s->fam->name);
    append(extra[k++], "quick=%d", s->quick);
    append(extra[k++], "samples=%d", s->timing.samples);
    append(extra[k++], "min_sample_time_s=%g", s->timing.min_sample_s);
    append(extra[k++], "warmup=%d", s->timing.warmup);
    append(extra[k], "step_limit=%llu", (unsigned long long)s->step_limit.all);
    for (int i = 0; i < s->step_limit.engines.n; i++)
        append(extra[k], " %s=%llu", s->step_limit.engines.item[i],
               (unsigned long long)s->step_limit.of[i]);
    k++;
    append(extra[k++], "time_limit_s=%g", s->time_limit);
    append(extra[k], "params=");
    const char *sep = "";
    for (const pb_option *o = s->fam->options; o && o->name; o++) {
        char v[200];
        pb_option_value_text(o, s->params, v, sizeof v);
        if (v[0]) append(extra[k], "%s%s:%s", sep, o->name, v), sep = " ";
    }
    k++;
    append(extra[k++], "rows=%ld of %ld%s", written, c->njobs,
           pb_interrupted ? " (interrupted)" : "");
    append(extra[k++], "rep_budget_s=%g", s->timing.budget_s);
    for (int l = 0; l < 3; l++, k++) {
        append(extra[k], "%s=", list_keys[l]);
        for (int i = 0; i < lists[l]->n; i++)
            append(extra[k], "%s%s", i ? " " : "", lists[l]->item[i]);
    }
    append(extra[k], "search_threads=");
    for (int i = 0; i < s->search_threads.n; i++)
        append(extra[k], "%s%d", i ? " " : "", s->search_threads.v[i]);
    k++;
    append(extra[k++], "row_kind=%s", s->rows == PB_ROWS_PER_PUZZLE ? "per-puzzle" : "per-set");
    *n = k;
}

static int write_results(const sweep_ctx *c)
{
    const char *dir = c->opts->out_dir, *name = c->spec->name;
    char path[4096], err[4400], extra[24][META_LINE];
    long written = 0;
    int nextra;
    for (long i = 0; i < c->njobs; i++) written += c->done[i];
    if (mkdir(dir, 0777) && errno != EEXIST) {
        fprintf(stderr, "puzzlebench: sweep: cannot create %s: %s\n", dir, strerror(errno));
        return -1;
    }
    snprintf(path, sizeof path, "%s/%s.csv", dir, name);
    if (pb_csv_write(path, c->meta.run_id, c->rows, c->done, c->njobs, err, sizeof err)) {
        fprintf(stderr, "puzzlebench: sweep: %s\n", err);
        return -1;
    }
    settings(c, written, extra, &nextra);
    const char *ex[25];
    for (int k = 0; k < nextra; k++) ex[k] = extra[k];
    ex[nextra] = NULL;
    snprintf(path, sizeof path, "%s/%s.meta", dir, name);
    if (pb_meta_save(path, &c->meta, ex, err, sizeof err)) { /* + NAME.topology.xml */
        fprintf(stderr, "puzzlebench: sweep: %s\n", err);
        return -1;
    }
    if (!c->opts->quiet)
        printf("wrote %s/%s.csv (%ld rows), %s.samples.csv and %s.meta\n", dir, name, written, name,
               name);
    return 0;
}

static void list_jobs(const sweep_ctx *c)
{
    for (long i = 0; i < c->njobs; i++) {
        const job *j = &c->jobs[i];
        char name[96];
        row_instance(c, j, name, sizeof name);
        printf("%s %s %s %s threads=%d\n", name, j->engine->about.name,
               j->engine->about.caps & PB_CAP_ORDER ? j->order->name : "-", mode_name(j),
               j->threads);
    }
    printf("%ld runs, %d samples each at most\n", c->njobs, c->spec->timing.samples);
}

/* Calls step for every run not yet stopped by Ctrl-C: the 1-thread runs `workers`
 * at a time, then the runs with more threads alone, so that their times are their
 * own. */
static void for_each_job(sweep_ctx *c, void (*step)(sweep_ctx *, long))
{
#pragma omp parallel num_threads(c->workers)
    {
        pb_binder_bind_thread(c->binder, omp_get_thread_num());
#pragma omp for schedule(dynamic, 1)
        for (long i = 0; i < c->njobs; i++)
            if (c->jobs[i].threads == 1 && !pb_interrupted) step(c, i);
    }
    for (long i = 0; i < c->njobs; i++)
        if (c->jobs[i].threads > 1 && !pb_interrupted) step(c, i);
}

/* Every run's first run and calibration, then the samples in rounds: sample k of
 * every run before sample k + 1 of any, so that a burst of load from elsewhere or
 * a slow drift of the machine spreads over the samples of many runs, where the
 * median and the interval absorb it, instead of shifting a few runs whole. */
static void run_all(sweep_ctx *c)
{
    pb_install_interrupt_handler();
    if (!c->opts->quiet)
        pb_progress_start(&c->progress, c->spec->name,
                          c->njobs * (1 + (long)c->spec->timing.samples));
    for_each_job(c, begin_job);
    for (int k = 0; k < c->spec->timing.samples; k++) {
        for_each_job(c, sample_job);
        for (long i = 0; !c->opts->quiet && i < c->njobs; i++) pb_progress_step(&c->progress);
    }
    for (long i = 0; i < c->njobs; i++) end_job(c, i);
    if (!c->opts->quiet) pb_progress_end(&c->progress);
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
    pb_binder_free(c->binder);
}

int pb_sweep_run(pb_sweep_spec *spec, const pb_sweep_opts *opts)
{
    sweep_ctx c = {.spec = spec, .fam = spec->fam, .opts = opts};
    char err[512];
    int rc = PB_EXIT_USAGE;
    if (c.fam->run) {
        pb_usage_error("sweep", "%s: family %s searches no placement model and has no sweeps%s%s",
                       opts->source, c.fam->name, c.fam->experiments ? "; its experiments: " : "",
                       c.fam->experiments ? c.fam->experiments : "");
        return PB_EXIT_USAGE;
    }
    if (!spec->instances.n)
        return pb_usage_error("sweep", "%s: no 'instances' given", opts->source);
    if ((rc = check_engines(&c)) || (rc = load_instances(&c))) goto out;
    rc = PB_EXIT_USAGE;
    if (!(c.binder = pb_binder_new(opts->bind, err, sizeof err))) {
        pb_usage_error("sweep", "%s", err);
        goto out;
    }
    if (add_jobs(&c)) goto out;
    if (opts->list_only) {
        list_jobs(&c);
        rc = 0;
        goto out;
    }
    c.rows = calloc((size_t)c.njobs + 1, sizeof *c.rows);
    c.state = calloc((size_t)c.njobs + 1, sizeof *c.state);
    c.done = calloc((size_t)c.njobs + 1, 1);
    if (!c.rows || !c.state || !c.done) goto out;
    c.workers = spec->workers ? spec->workers : omp_get_num_procs();
    pb_meta_begin(&c.meta, c.workers, opts->bind);
    run_all(&c);
    pb_meta_end(&c.meta);
    rc = write_results(&c) ? PB_EXIT_USAGE
         : pb_interrupted  ? pb_interrupt_exit()
         : c.failed        ? PB_EXIT_FAILED
                           : 0;
out:
    free_ctx(&c);
    return rc;
}
