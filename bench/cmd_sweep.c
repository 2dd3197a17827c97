/* cmd_sweep.c — `puzzlebench sweep`: expands an experiment matrix (instances x engines
 * x orders x modes x search threads x reps), runs it with OpenMP, and writes one CSV
 * row per run plus the run's metadata. A run that hits its limit is not repeated. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <omp.h>

#include "args.h"
#include "core/limiter.h"
#include "commands.h"
#include "csv.h"
#include "meta.h"
#include "progress.h"
#include "readfile.h"
#include "sweep_spec.h"

static const char sweep_help_head[] =
    "usage: puzzlebench sweep [FILE] [options] [--KEY VALUE ...]\n"
    "\n"
    "Runs every combination of a sweep's instances, engines, orders, modes and search\n"
    "threads, each `reps` times, and writes OUT/NAME.csv (one row per run) and\n"
    "OUT/NAME.meta (date, commit, compiler, flags, CPU, topology, threads, binding).\n"
    "FILE holds 'key value...' lines ('#' starts a comment); every key may also be\n"
    "given as an option, which overrides the file (e.g. --instances \"2x3 2x4\").\n"
    "Runs with one search thread run `workers` at a time; runs with more run alone.\n"
    "A run that stops at a limit gets status 'limit', stays in the CSV, and is not\n"
    "repeated; nor is one whose reps used up `rep-budget`. Ctrl-C stops: the rows\n"
    "already finished are written.\n"
    "\n"
    "options:\n"
    "  --out DIR               where to write (default results)\n"
    "  --threads N             same as --workers N\n"
    "  --bind none|core        pin OpenMP threads to cores with hwloc (default none)\n"
    "  --list                  print the runs and exit\n"
    "keys:\n";

typedef struct job {
    int instance, engine_i, threads;
    const pb_engine *engine;
    const pb_order *order;
    pb_mode mode;
    int unique; /* count mode stopped at the second solution */
    long first_row;
} job;

typedef struct sweep_ctx {
    sweep_spec spec;
    const bench_family *fam;
    bench_set *sets;
    char (*names)[64];
    job *jobs;
    long njobs, nrows;
    result_row *rows;
    unsigned char *done;
    pb_binder *binder;
    const char *bind;
    pb_progress progress;
    int workers;
} sweep_ctx;

static void bind_thread(void *ctx, int thread)
{
    pb_binder_bind_thread(ctx, thread);
}

typedef struct set_run {
    pb_status status;
    pb_stats stats;
    int puzzles; /* finished */
} set_run;

/* Runs every puzzle of instance set once. The step and time limits hold for the
 * whole set: each puzzle gets what the ones before it left. A batch family runs
 * `threads` puzzles at a time; otherwise the threads split each search. */
static void run_set(sweep_ctx *c, const job *j, set_run *out)
{
    const bench_set *set = &c->sets[j->instance];
    const uint64_t step_limit = sweep_spec_step_limit(&c->spec, j->engine->name);
    const double time_limit = c->spec.time_limit, t0 = pb_now_s();
    const int batch = c->fam->batch ? j->threads : 1;
    uint64_t steps = 0;
    int stop = 0;
    memset(out, 0, sizeof *out);
    out->status = PB_DONE;
#pragma omp parallel num_threads(batch) if (batch > 1)
    {
        if (batch > 1) pb_binder_bind_thread(c->binder, omp_get_thread_num());
#pragma omp for schedule(dynamic, 1)
        for (int i = 0; i < set->count; i++) {
            uint64_t used;
            int halt;
#pragma omp atomic read
            used = steps;
#pragma omp atomic read
            halt = stop;
            double left = time_limit > 0 ? time_limit - (pb_now_s() - t0) : 0;
            if (halt || pb_interrupted || (step_limit && used >= step_limit) ||
                (time_limit > 0 && left <= 0)) {
                if (!halt && !pb_interrupted) {
#pragma omp critical(pb_sweep_set)
                    out->status = PB_LIMIT;
                }
#pragma omp atomic write
                stop = 1;
                continue;
            }
            pb_run how = {
                .mode = j->mode,
                .order = j->order,
                .threads = batch > 1 ? 1 : j->threads,
                .limits = {step_limit ? step_limit - used : 0, j->unique ? 2 : 0, left,
                           &pb_interrupted},
                .thread_start = bind_thread,
                .thread_ctx = c->binder,
            };
            pb_result res = {0};
            pb_engine_run(j->engine, set->puzzle[i].model, &how, &res);
            /* Stopping at the second solution is the point of a uniqueness check. */
            if (j->unique && res.status == PB_LIMIT && res.stats.solutions == 2)
                res.status = PB_DONE;
#pragma omp atomic update
            steps += res.stats.steps;
#pragma omp critical(pb_sweep_set)
            {
                pb_stats_add(&out->stats, &res.stats);
                if (res.status == PB_DONE)
                    out->puzzles++;
                else if (out->status == PB_DONE || res.status == PB_INTERRUPTED)
                    out->status = res.status;
            }
            if (res.status != PB_DONE) {
#pragma omp atomic write
                stop = 1;
            }
        }
    }
    /* A file's time is the whole batch's, so that threads show as a speedup. */
    if (set->count > 1) out->stats.wall_s = pb_now_s() - t0;
}

static const char *mode_name(const job *j)
{
    return j->mode == PB_MODE_FIRST ? "first" : j->unique ? "unique" : "count";
}

/* Runs one job's reps; stops repeating after a limit or an interruption. */
static void run_job(sweep_ctx *c, const job *j)
{
    double spent = 0;
    for (int rep = 0; rep < c->spec.reps; rep++) {
        if (pb_interrupted) return;
        set_run res;
        run_set(c, j, &res);
        result_row *r = &c->rows[j->first_row + rep];
        r->family = c->fam->name;
        snprintf(r->instance, sizeof r->instance, "%s", c->names[j->instance]);
        r->cells = c->sets[j->instance].puzzle[0].model->ncells;
        r->puzzles = res.puzzles;
        r->engine = j->engine->name;
        r->order = j->engine->caps & PB_CAP_ORDER ? j->order->name : "-";
        r->mode = mode_name(j);
        r->threads = j->threads;
        r->rep = rep;
        r->status = res.status;
        r->stats = res.stats;
        pb_progress_step(&c->progress);
        if (res.status == PB_INTERRUPTED || pb_interrupted) return;
        c->done[j->first_row + rep] = 1;
        if (res.status != PB_DONE) return;
        spent += res.stats.wall_s;
        if (c->spec.rep_budget > 0 && spent >= c->spec.rep_budget) return;
    }
}

/* 1 when the engine can run every puzzle of the set. */
static int set_accepted(const pb_engine *eng, const bench_set *set)
{
    const char *why;
    if (!eng->accepts) return 1;
    for (int i = 0; i < set->count; i++)
        if (!eng->accepts(set->puzzle[i].model, &why)) return 0;
    return 1;
}

static int add_jobs(sweep_ctx *c)
{
    sweep_spec *s = &c->spec;
    long cap = 16;
    c->jobs = malloc((size_t)cap * sizeof *c->jobs);
    if (!c->jobs) return -1;
    for (int i = 0; i < s->instances.n; i++)
        for (int e = 0; e < s->engines.n; e++) {
            const pb_engine *eng = pb_engine_find(s->engines.item[e]);
            if (!set_accepted(eng, &c->sets[i])) continue;
            int norders = eng->caps & PB_CAP_ORDER ? s->orders.n : 1;
            for (int o = 0; o < norders; o++)
                for (int md = 0; md < s->modes.n; md++) {
                    pb_mode mode =
                        strcmp(s->modes.item[md], "first") ? PB_MODE_COUNT : PB_MODE_FIRST;
                    if (!(eng->caps & (mode == PB_MODE_FIRST ? PB_CAP_FIRST : PB_CAP_COUNT)))
                        continue;
                    for (int t = 0; t < s->nsearch_threads; t++) {
                        int th = s->search_threads[t];
                        if (th > 1 && !c->fam->batch &&
                            (mode != PB_MODE_COUNT || !(eng->caps & PB_CAP_PARALLEL)))
                            continue;
                        if (c->njobs == cap) {
                            job *nj = realloc(c->jobs, (size_t)(cap *= 2) * sizeof *nj);
                            if (!nj) return -1;
                            c->jobs = nj;
                        }
                        job *j = &c->jobs[c->njobs++];
                        j->instance = i, j->engine_i = e, j->engine = eng, j->threads = th;
                        j->order = pb_order_find(s->orders.item[o]);
                        j->mode = mode;
                        j->unique = !strcmp(s->modes.item[md], "unique");
                        j->first_row = c->nrows;
                        c->nrows += s->reps;
                    }
                }
        }
    return 0;
}

static int validate(sweep_ctx *c, const char *src)
{
    sweep_spec *s = &c->spec;
    char err[512];
    if (!s->family) return pb_usage_error("sweep", "%s: no 'family' given", src);
    c->fam = bench_family_find(s->family);
    if (!c->fam) return pb_usage_error("sweep", "%s: unknown family '%s'", src, s->family);
    if (c->fam->command)
        return pb_usage_error("sweep",
                              "%s: family %s has its own runs: 'puzzlebench count %s --csv "
                              "FILE' (scripts/%s-experiments.sh runs its experiments)",
                              src, s->family, s->family, s->family);
    if (!s->instances.n) return pb_usage_error("sweep", "%s: no 'instances' given", src);
    if (!s->engines.n) {
        char all[1024] = "";
        pb_error pe;
        for (const pb_engine *const *e = pb_engines; *e; e++)
            strncat(strncat(all, (*e)->name, sizeof all - strlen(all) - 2), " ",
                    sizeof all - strlen(all) - 1);
        if (sweep_spec_set(s, "engines", all, &pe)) return pb_usage_error("sweep", "%s", pe.msg);
    }
    for (int i = 0; i < s->engines.n; i++)
        if (!pb_engine_find(s->engines.item[i]))
            return pb_usage_error("sweep", "%s: unknown engine '%s'", src, s->engines.item[i]);
    for (int i = 0; i < s->orders.n; i++)
        if (!pb_order_find(s->orders.item[i]))
            return pb_usage_error("sweep", "%s: unknown order '%s'", src, s->orders.item[i]);
    if (c->fam->check_params(&s->params, err, sizeof err))
        return pb_usage_error("sweep", "%s: %s", src, err);
    if (!s->name) {
        pb_error pe;
        sweep_spec_set(s, "name", s->family, &pe);
    }
    c->sets = calloc((size_t)s->instances.n, sizeof *c->sets);
    c->names = calloc((size_t)s->instances.n, sizeof *c->names);
    if (!c->sets || !c->names) return pb_usage_error("sweep", "out of memory");
    for (int i = 0; i < s->instances.n; i++) {
        if (c->fam->load(s->instances.item[i], &s->params, &c->sets[i], err, sizeof err)) {
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

typedef struct meta_ctx {
    const pb_meta *meta;
    const char *const *extra;
} meta_ctx;

static int fill_meta(FILE *f, void *p)
{
    const meta_ctx *m = p;
    return pb_meta_write(f, m->meta, m->extra);
}

static int write_results(sweep_ctx *c, const char *out_dir, const char *src)
{
    sweep_spec *s = &c->spec;
    char path[4096], err[4400];
    long written = 0;
    for (long i = 0; i < c->nrows; i++) written += c->done[i];
    if (mkdir(out_dir, 0777) && errno != EEXIST) {
        fprintf(stderr, "puzzlebench: sweep: cannot create %s: %s\n", out_dir, strerror(errno));
        return -1;
    }
    snprintf(path, sizeof path, "%s/%s.csv", out_dir, s->name);
    if (csv_write(path, c->rows, c->done, c->nrows, err, sizeof err)) {
        fprintf(stderr, "puzzlebench: sweep: %s\n", err);
        return -1;
    }
    pb_meta meta;
    pb_meta_collect(&meta, c->workers, c->bind);
    char extra[12][600];
    snprintf(extra[0], sizeof extra[0], "sweep=%s", src);
    snprintf(extra[1], sizeof extra[1], "family=%s", s->family);
    snprintf(extra[2], sizeof extra[2], "reps=%d", s->reps);
    int at =
        snprintf(extra[3], sizeof extra[3], "step_limit=%llu", (unsigned long long)s->step_limit);
    for (int i = 0; i < s->step_limit_engines.n && at < (int)sizeof extra[3]; i++)
        at += snprintf(extra[3] + at, sizeof extra[3] - (size_t)at, " %s=%llu",
                       s->step_limit_engines.item[i], (unsigned long long)s->step_limit_of[i]);
    snprintf(extra[4], sizeof extra[4], "time_limit_s=%g", s->time_limit);
    snprintf(extra[5], sizeof extra[5], "params=diff:%d adj:%s", s->params.diff, s->params.adj);
    snprintf(extra[6], sizeof extra[6], "rows=%ld of %ld%s", written, c->nrows,
             pb_interrupted ? " (interrupted)" : "");
    snprintf(extra[7], sizeof extra[7], "rep_budget_s=%g", s->rep_budget);
    const struct {
        const char *key;
        const sweep_list *list;
    } lists[] = {{"engines", &s->engines}, {"orders", &s->orders}, {"modes", &s->modes}};
    for (int k = 0; k < 3; k++) {
        at = snprintf(extra[8 + k], sizeof extra[8 + k], "%s=", lists[k].key);
        for (int i = 0; i < lists[k].list->n && at < (int)sizeof extra[8 + k]; i++)
            at += snprintf(extra[8 + k] + at, sizeof extra[8 + k] - (size_t)at, "%s%s",
                           i ? " " : "", lists[k].list->item[i]);
    }
    at = snprintf(extra[11], sizeof extra[11], "search_threads=");
    for (int i = 0; i < s->nsearch_threads && at < (int)sizeof extra[11]; i++)
        at += snprintf(extra[11] + at, sizeof extra[11] - (size_t)at, "%s%d", i ? " " : "",
                       s->search_threads[i]);
    const char *ex[13];
    for (int k = 0; k < 12; k++) ex[k] = extra[k];
    ex[12] = NULL;
    meta_ctx mc = {&meta, ex};
    snprintf(path, sizeof path, "%s/%s.meta", out_dir, s->name);
    if (write_file_atomic(path, fill_meta, &mc, err, sizeof err)) {
        fprintf(stderr, "puzzlebench: sweep: %s\n", err);
        return -1;
    }
    printf("wrote %s/%s.csv (%ld rows) and %s/%s.meta\n", out_dir, s->name, written, out_dir,
           s->name);
    return 0;
}

/* Instance files named in a sweep file are relative to that file's folder. */
static int relative_to_file(sweep_list *l, const char *file)
{
    const char *slash = strrchr(file, '/');
    if (!slash) return 0;
    int dirlen = (int)(slash - file);
    for (int i = 0; i < l->n; i++) {
        const char *it = l->item[i];
        if (it[0] == '/' || !(strchr(it, '/') || strchr(it, '.'))) continue;
        size_t n = (size_t)dirlen + strlen(it) + 2;
        char *p = malloc(n);
        if (!p) return -1;
        snprintf(p, n, "%.*s/%s", dirlen, file, it);
        free(l->item[i]);
        l->item[i] = p;
    }
    return 0;
}

static void free_ctx(sweep_ctx *c)
{
    for (int i = 0; c->sets && i < c->spec.instances.n; i++)
        if (c->sets[i].puzzle) c->fam->free_set(&c->sets[i]);
    free(c->sets);
    free(c->names);
    free(c->jobs);
    free(c->rows);
    free(c->done);
    pb_binder_free(c->binder);
    sweep_spec_free(&c->spec);
}

int cmd_sweep(int argc, char **argv)
{
    sweep_ctx c;
    memset(&c, 0, sizeof c);
    sweep_spec_init(&c.spec);
    const char *file = NULL, *out_dir = "results", *bind = "none";
    int list_only = 0, rc = PB_EXIT_USAGE;
    pb_args a = {argc, 2, argv, "sweep"};
    /* Options override the file, so the file is read first. */
    for (int i = 2; i < argc; i++) {
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            fputs(sweep_help_head, stdout);
            fputs(sweep_spec_keys_help, stdout);
            sweep_spec_free(&c.spec);
            return 0;
        }
        if (argv[i][0] == '-') {
            if (!strchr(argv[i], '=')) i++;
        } else if (!file) {
            file = argv[i];
        } else {
            sweep_spec_free(&c.spec);
            return pb_usage_error("sweep", "unexpected argument '%s'", argv[i]);
        }
    }
    if (file) {
        char err[512];
        size_t len;
        char *text = pb_read_file(file, &len, err, sizeof err);
        pb_error pe = {0, ""};
        if (!text) {
            fprintf(stderr, "puzzlebench: sweep: %s\n", err);
            goto out;
        }
        int bad = sweep_spec_parse(&c.spec, text, len, &pe);
        free(text);
        if (bad) {
            fprintf(stderr, "puzzlebench: sweep: %s:%d: %s\n", file, pe.line, pe.msg);
            goto out;
        }
        if (relative_to_file(&c.spec.instances, file)) goto out;
    }
    while (a.i < argc) {
        const char *arg = argv[a.i], *v;
        int r;
        if (arg[0] != '-') {
            a.i++;
            continue;
        }
        if ((r = pb_args_take(&a, "--out", 1, &v))) {
            if (r < 0) goto out;
            out_dir = v;
        } else if ((r = pb_args_take(&a, "--bind", 1, &v))) {
            if (r < 0) goto out;
            bind = v;
        } else if ((r = pb_args_take(&a, "--list", 0, &v))) {
            list_only = 1;
        } else if ((r = pb_args_take(&a, "--threads", 1, &v))) {
            pb_error pe;
            if (r < 0) goto out;
            if (sweep_spec_set(&c.spec, "workers", v, &pe)) {
                pb_usage_error("sweep", "--threads: %s", pe.msg);
                goto out;
            }
        } else {
            char key[64];
            size_t n = strcspn(arg + 2, "=");
            snprintf(key, sizeof key, "%.*s", (int)n, arg + 2);
            char opt[80];
            snprintf(opt, sizeof opt, "--%s", key);
            pb_error pe;
            if (arg[1] != '-' || !sweep_spec_is_key(key)) {
                pb_usage_error("sweep", "unknown option '%s'", arg);
                goto out;
            }
            if ((r = pb_args_take(&a, opt, 1, &v)) <= 0) goto out;
            if (sweep_spec_set(&c.spec, key, v, &pe)) {
                pb_usage_error("sweep", "%s: %s", opt, pe.msg);
                goto out;
            }
        }
    }
    const char *src = file ? file : "(options)";
    if ((rc = validate(&c, src))) goto out;
    rc = PB_EXIT_USAGE;
    char err[512];
    c.bind = bind;
    if (!(c.binder = pb_binder_new(bind, err, sizeof err))) {
        pb_usage_error("sweep", "%s", err);
        goto out;
    }
    if (add_jobs(&c)) goto out;
    if (list_only) {
        for (long i = 0; i < c.njobs; i++) {
            job *j = &c.jobs[i];
            printf("%s %s %s %s threads=%d reps=%d\n", c.names[j->instance], j->engine->name,
                   j->engine->caps & PB_CAP_ORDER ? j->order->name : "-", mode_name(j), j->threads,
                   c.spec.reps);
        }
        printf("%ld jobs, %ld runs at most\n", c.njobs, c.nrows);
        rc = 0;
        goto out;
    }
    c.rows = calloc((size_t)c.nrows + 1, sizeof *c.rows);
    c.done = calloc((size_t)c.nrows + 1, 1);
    if (!c.rows || !c.done) goto out;
    c.workers = c.spec.workers ? c.spec.workers : omp_get_num_procs();

    pb_install_interrupt_handler();
    pb_progress_start(&c.progress, c.spec.name, c.nrows);
#pragma omp parallel num_threads(c.workers)
    {
        pb_binder_bind_thread(c.binder, omp_get_thread_num());
#pragma omp for schedule(dynamic, 1)
        for (long i = 0; i < c.njobs; i++)
            if (c.jobs[i].threads == 1) run_job(&c, &c.jobs[i]);
    }
    for (long i = 0; i < c.njobs; i++)
        if (c.jobs[i].threads > 1) run_job(&c, &c.jobs[i]);
    pb_progress_end(&c.progress);

    rc = write_results(&c, out_dir, src) ? PB_EXIT_USAGE : pb_interrupted ? PB_EXIT_INTERRUPT : 0;
out:
    free_ctx(&c);
    return rc;
}
