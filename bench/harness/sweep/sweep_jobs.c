/* sweep_jobs.c — a sweep's matrix: its instances loaded, expanded into runs (every
 * combination an engine runs), each run's set, batch, instance name and key. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness/base/exit.h"
#include "harness/io/csv.h"
#include "sweep_plan.h"
#include "harness/base/say.h"
#include "harness/base/sizes.h"

const char *pb_sweep_mode_name(const job *j)
{
    return j->mode == PB_MODE_FIRST ? "first" : j->unique ? "unique" : "count";
}

pb_set pb_sweep_job_set(const sweep_plan *p, const job *j)
{
    pb_set s = p->sets[j->instance];
    if (j->puzzle >= 0) s.count = 1, s.bad = 0, s.puzzle += j->puzzle;
    return s;
}

/* The parameter values and engine seed of job j. */
static void job_engine_args(const job *j, pb_run *how)
{
    how->params = j->params;
    how->nparams = j->nparams;
    how->seed = j->seed;
    how->seeded = j->seeded;
}

void pb_sweep_job_setting(const job *j, char *params, size_t plen, char *seed, size_t slen)
{
    pb_run how = {.mode = j->mode};
    job_engine_args(j, &how);
    pb_params_text(&j->engine->about, &how, params, plen);
    pb_seed_text(&j->engine->about, &how, seed, slen);
}

pb_batch pb_sweep_job_batch(const sweep_plan *p, const job *j, const pb_set *set, pb_binder *binder)
{
    pb_batch b = {
        .set = set,
        .engine = j->engine,
        .how = {.mode = j->mode,
                .order = j->order,
                .limits = {.max_steps = j->max_steps,
                           .max_solutions = j->unique ? 2 : 0,
                           .max_seconds = p->time_limit,
                           .max_bytes = p->max_bytes,
                           .cancel = &pb_interrupted},
                .max_length = j->max_length,
                .thread_start = pb_binder_thread_start,
                .thread_ctx = binder},
        .threads = j->threads,
        .shared_limits = 1,
        .unique = j->unique,
        .binder = binder,
    };
    job_engine_args(j, &b.how);
    return b;
}

/* A row's instance: the instance's name, or for one puzzle of it the puzzle's own
 * name if the family gives one, else NAME#INDEX; a copy's ends in .copyC, so that its
 * rows keep a key of their own and the original's rows read as without copies. */
void pb_sweep_row_instance(const sweep_plan *p, const job *j, char *out, size_t len)
{
    out[0] = '\0';
    if (j->puzzle >= 0 && p->fam->puzzle_name)
        p->fam->puzzle_name(&p->sets[j->instance], j->puzzle, out, len);
    if (!out[0] && j->puzzle < 0) snprintf(out, len, "%s", p->names[j->instance]);
    if (!out[0] && j->puzzle >= 0) snprintf(out, len, "%s#%d", p->names[j->instance], j->puzzle);
    if (p->copy && p->copy[j->instance])
        snprintf(out + strlen(out), len - strlen(out), ".copy%d", p->copy[j->instance]);
}

static int add_job(sweep_plan *p, const job *proto, long *cap)
{
    if (p->njobs == *cap) {
        job *nj = realloc(p->jobs, (size_t)(*cap = *cap ? 2 * *cap : 64) * sizeof *nj);
        if (!nj) return -1;
        p->jobs = nj;
    }
    p->jobs[p->njobs++] = *proto;
    return 0;
}

/* What the matrix's loops share: the spec, the plan being made, the binder the checks
 * run with, the jobs' capacity. */
typedef struct expand {
    const pb_sweep_spec *s;
    sweep_plan *p;
    pb_binder *binder;
    long cap;
    pb_sweep_refusal *why; /* the current engine's row of p->engine_refused */
} expand;

/* The jobs of one instance, engine and order: every mode and thread count the engine
 * runs (pb_batch_check decides), for the set or for each of its puzzles. */
static int add_engine_jobs(expand *x, int inst, const pb_engine *eng, const pb_order *ord, int pset,
                           int seed)
{
    const pb_sweep_spec *s = x->s;
    sweep_plan *pl = x->p;
    const int per_puzzle = s->matrix.rows == PB_ROWS_PER_PUZZLE;
    const int lengths = eng->about.caps & PB_CAP_LENGTH ? s->matrix.max_lengths.n : 0;
    /* The only-puzzles key picks some (load_one checked that each file holds them). */
    const pb_seed_list *some = s->matrix.puzzles.n ? &s->matrix.puzzles : NULL;
    const int npuzzles = !per_puzzle ? 0 : some ? some->n : pl->sets[inst].count;
    for (int md = 0; md < s->matrix.modes.n; md++)
        for (int t = 0; t < s->matrix.search_threads.n; t++)
            for (int q = per_puzzle ? 0 : -1; q < npuzzles; q++)
                for (int l = lengths ? 0 : -1, after = -1; l < lengths; l++) {
                    job j = {.instance = inst,
                             .puzzle = q >= 0 && some ? (int)some->v[q] : q,
                             .threads = s->matrix.search_threads.v[t],
                             .engine = eng,
                             .order = ord,
                             .params = pset >= 0 ? s->matrix.engine_params.v[pset] : NULL,
                             .nparams = pset >= 0 ? s->matrix.engine_params.count[pset] : 0,
                             .seeded = seed >= 0,
                             .seed = seed >= 0 ? s->matrix.engine_seeds.v[seed] : 0,
                             .max_steps = pb_sweep_spec_step_limit(s, eng->about.name),
                             .max_length = l >= 0 ? s->matrix.max_lengths.v[l] : 0,
                             .after = after};
                    j.mode =
                        strcmp(s->matrix.modes.item[md], "first") ? PB_MODE_COUNT : PB_MODE_FIRST;
                    j.unique = !strcmp(s->matrix.modes.item[md], "unique");
                    const pb_set set = pb_sweep_job_set(pl, &j);
                    const pb_batch b = pb_sweep_job_batch(pl, &j, &set, x->binder);
                    char why[200];
                    int which;
                    const pb_refusal r = pb_batch_check(&b, &which, why, sizeof why);
                    if (r != PB_RUNS) {
                        snprintf(pl->refused, sizeof pl->refused, "%s %s threads=%d: %s",
                                 eng->about.name, s->matrix.modes.item[md], j.threads, why);
                        /* The refusal kept is the one that passed the most of
                         * pb_engine_check's checks (mode, trace, order, threads come
                         * first): "cadical is not installed" outranks "cannot count". */
                        if (r >= x->why->code)
                            snprintf(x->why->why, sizeof x->why->why, "%s", why), x->why->code = r;
                        continue;
                    }
                    if (add_job(pl, &j, &x->cap)) return -1;
                    after = (int)pl->njobs - 1; /* the next bound's run follows this one */
                }
    return 0;
}

/* The extra columns of p's rows: with an engine marked 'length' among s's, its bytes,
 * bound, length and the family's figures; with family-sets, the family's settings. */
static void extra_header(sweep_plan *p, const pb_sweep_spec *s)
{
    char *h = p->extra_header;
    const size_t len = sizeof p->extra_header;
    int lengths = 0;
    h[0] = '\0';
    for (int e = 0; e < s->matrix.engines.n; e++) {
        const pb_engine *eng = pb_family_engine(p->fam, s->matrix.engines.item[e]);
        lengths |= eng && (eng->about.caps & PB_CAP_LENGTH);
    }
    if (lengths) snprintf(h, len, ",bytes,max_length,length");
    for (int k = 0; lengths && p->fam->figures && p->fam->figures[k] && k < PB_FIGURES; k++)
        snprintf(h + strlen(h), len - strlen(h), ",%s", p->fam->figures[k]);
    for (const pb_option *o = p->fam->options; s->matrix.family_sets.n && o && o->name; o++)
        if (o->type != PB_OPT_INSTANCE) snprintf(h + strlen(h), len - strlen(h), ",%s", o->name);
}

void pb_sweep_job_extra(const sweep_plan *p, long i, const pb_batch_result *res, char *out,
                        size_t len)
{
    const job *j = &p->jobs[i];
    const pb_outcome *o = res->npuzzles > 0 ? &res->puzzle[0] : NULL;
    out[0] = '\0';
    if (!strncmp(p->extra_header, ",bytes,", 7)) {
        snprintf(out, len, ",%llu,%d,%d", (unsigned long long)res->total.bytes, j->max_length,
                 o ? o->length : 0);
        for (int k = 0; p->fam->figures && p->fam->figures[k] && k < PB_FIGURES; k++)
            snprintf(out + strlen(out), len - strlen(out), ",%llu",
                     (unsigned long long)(o ? o->figure[k] : 0));
    }
    snprintf(out + strlen(out), len - strlen(out), "%s", p->settings[j->instance / p->per_set]);
}

int pb_sweep_add_jobs(sweep_plan *p, const pb_sweep_spec *s, pb_binder *binder)
{
    expand x = {s, p, binder, 0, NULL};
    p->engine_refused = calloc((size_t)s->matrix.engines.n + 1, sizeof *p->engine_refused);
    if (!p->engine_refused) return -1;
    p->time_limit = s->time_limit;
    p->max_bytes = s->matrix.max_bytes;
    p->stop_after_s = s->stop_after_s;
    p->levels = s->matrix.levels && p->fam->count_ranks;
    extra_header(p, s);
    for (int i = 0; i < p->ninstances; i++)
        for (int e = 0; e < s->matrix.engines.n; e++) {
            const pb_engine *eng = pb_family_engine(p->fam, s->matrix.engines.item[e]);
            const int ordered = (eng->about.caps & PB_CAP_ORDER) != 0;
            x.why = &p->engine_refused[e];
            /* An engine without a cell order runs once, in its natural (row) order; one
             * that takes none of the params key's sets, once with its defaults; one
             * without random choices, once without a seed. */
            const pb_param_sets *ps = &s->matrix.engine_params;
            int takes = 0;
            for (int k = 0; k < ps->n; k++) takes += pb_param_sets_takes(ps, k, &eng->about);
            const int nseeds = eng->about.caps & PB_CAP_RANDOM ? s->matrix.engine_seeds.n : 0;
            for (int o = 0; o < (ordered ? s->matrix.orders.n : 1); o++)
                for (int k = takes ? 0 : -1; k < (takes ? ps->n : 0); k++) {
                    if (k >= 0 && !pb_param_sets_takes(ps, k, &eng->about)) continue;
                    for (int sd = nseeds ? 0 : -1; sd < nseeds; sd++)
                        if (add_engine_jobs(&x, i, eng,
                                            ordered ? pb_order_find(s->matrix.orders.item[o])
                                                    : pb_orders[0],
                                            k, sd))
                            return -1;
                }
        }
    return 0;
}

/* Where the instances were named, "FILE:LINE: KEY: " (or "--KEY: "), for the errors of
 * an instance: a missing file is looked for beside the sweep file first, so the name
 * alone would not say which line of which file to mend. */
static void instances_where(const pb_sweep_spec *s, const char *source, char *out, size_t len)
{
    const pb_option *q = pb_option_find(pb_sweep_keys, "quick-instances");
    const char *key = s->collection.dir || s->collection.env            ? "collection"
                      : s->quick && q && s->key_line[q - pb_sweep_keys] ? "quick-instances"
                                                                        : "instances";
    char at[PB_PATH_EXT_MAX];
    pb_sweep_spec_at(s, key, source, at, sizeof at);
    snprintf(out, len, "%s%s: ", at, key);
}

/* Loads instance i of the sweep, with the family's settings params, as plan instance
 * at; a puzzle that cannot be read stops the sweep. 0, or the exit status (said). */
static int load_one(sweep_plan *p, const pb_sweep_spec *s, const char *source, int i,
                    const void *params, int at)
{
    char err[PB_MSG_LONG_MAX], where[PB_MSG_MAX];
    pb_instance inst = {s->instances.item[i], 0, NULL};
    instances_where(s, source, where, sizeof where);
    if (p->fam->load(&inst, params, &p->sets[at], err, sizeof err)) {
        pb_say("sweep: %s%s", where, err);
        return PB_EXIT_USAGE;
    }
    for (int k = 0; k < p->sets[at].count; k++)
        if (p->sets[at].puzzle[k].error) {
            pb_say("sweep: %s%s", where, p->sets[at].puzzle[k].error);
            return PB_EXIT_USAGE;
        }
    for (int k = 0; k < s->matrix.puzzles.n; k++)
        if (s->matrix.puzzles.v[k] >= (uint64_t)p->sets[at].count) {
            /* The fault is the key's (its line, or --only-puzzles), not the file's. */
            char key_at[PB_PATH_EXT_MAX];
            pb_sweep_spec_at(s, "only-puzzles", source, key_at, sizeof key_at);
            return pb_usage_error(
                "sweep", "%sonly-puzzles: %s holds %d puzzle%s (0 to %d), not puzzle %llu", key_at,
                s->instances.item[i], p->sets[at].count, p->sets[at].count == 1 ? "" : "s",
                p->sets[at].count - 1, (unsigned long long)s->matrix.puzzles.v[k]);
        }
    pb_instance_row_name(p->fam, s->instances.item[i], &p->sets[at], p->names[at],
                         sizeof p->names[at]);
    /* Rows are told apart by this name: two instances under one would merge. */
    for (int k = at - i; k < at; k++)
        if (!strcmp(p->names[k], p->names[at]))
            return pb_usage_error("sweep",
                                  "%s'%s' and '%s' are both named '%s' in the rows "
                                  "(a file's name up to its first dot, at most %zu "
                                  "characters): rename one",
                                  where, s->instances.item[k - (at - i)], s->instances.item[i],
                                  p->names[at], sizeof p->names[at] - 1);
    return 0;
}

/* Copy c of every original of family set f (the copies key), after them. 0, or the exit
 * status (said). */
static int copy_all(sweep_plan *p, const pb_sweep_spec *s, int f, int c)
{
    const int n = s->instances.n;
    char err[PB_MSG_LONG_MAX];
    for (int i = 0; i < n; i++) {
        const int from = f * p->per_set + i, at = from + c * n;
        if (p->fam->copy_set(&p->sets[from], s->instances.item[i], c,
                             (uint64_t)s->matrix.copies_seed, &p->sets[at], err, sizeof err))
            return pb_usage_error("sweep", "copies: %s", err);
        memcpy(p->names[at], p->names[from], sizeof p->names[at]);
        p->copy[at] = c;
    }
    return 0;
}

/* Loads every instance, once per family set (sweep_plan.ninstances), and its copies. */
int pb_sweep_load_instances(sweep_plan *p, const pb_sweep_spec *s, const char *source)
{
    const pb_param_sets *fs = &s->matrix.family_sets;
    const int nsets = fs->n ? fs->n : 1, copies = s->matrix.copies;
    const size_t size = s->fam->params_size ? s->fam->params_size : 1;
    const size_t all = (size_t)s->instances.n * (size_t)(copies + 1) * nsets + 1;
    char err[400];
    p->fam = s->fam;
    p->name = s->name;
    p->per_set = s->instances.n * (copies + 1);
    p->sets = calloc(all, sizeof *p->sets);
    p->names = calloc(all, sizeof *p->names);
    p->copy = calloc(all, sizeof *p->copy);
    p->settings = calloc((size_t)nsets, sizeof *p->settings);
    void *params = malloc(size);
    int rc = 0;
    if (!p->sets || !p->names || !p->copy || !p->settings || !params)
        rc = pb_usage_error("sweep", "out of memory");
    for (int f = 0; f < nsets && !rc; f++) {
        memcpy(params, s->params, size);
        /* sweep_check.c applied every set before: none fails here */
        if (fs->n && pb_sweep_family_set_apply(s, f, params, err, sizeof err))
            rc = pb_usage_error("sweep", "family-sets: %s", err);
        if (fs->n) pb_sweep_family_setting(p->fam, params, p->settings[f], sizeof p->settings[f]);
        p->set_text = fs->n ? (const char *const *)fs->text : NULL;
        for (int i = 0; i < s->instances.n && !rc; i++)
            rc = load_one(p, s, source, i, params, f * p->per_set + i);
        for (int c = 1; c <= copies && !rc; c++) rc = copy_all(p, s, f, c);
    }
    p->ninstances = (int)all - 1; /* the sets not loaded are empty: freeing skips them */
    free(params);
    return rc;
}

void pb_sweep_plan_free(sweep_plan *p)
{
    for (int i = 0; p->sets && i < p->ninstances; i++)
        if (p->sets[i].puzzle) p->fam->free_set(&p->sets[i]);
    free(p->sets);
    free(p->names);
    free(p->copy);
    free(p->settings);
    free(p->jobs);
    free(p->engine_refused);
}

void pb_sweep_warn_idle_engines(const sweep_plan *p, const pb_sweep_spec *spec, const char *source)
{
    for (int e = 0; p->engine_refused && e < spec->matrix.engines.n; e++) {
        const pb_engine *eng = pb_family_engine(p->fam, spec->matrix.engines.item[e]);
        long runs = 0;
        for (long i = 0; i < p->njobs; i++) runs += p->jobs[i].engine == eng;
        if (!runs && p->engine_refused[e].code != PB_RUNS)
            pb_say("sweep: %s: warning: engine %s left out, none of its runs can run: %s", source,
                   eng->about.name, p->engine_refused[e].why);
    }
}

void pb_sweep_list_jobs(const sweep_plan *p)
{
    for (long i = 0; i < p->njobs; i++) {
        const job *j = &p->jobs[i];
        char name[96], params[PB_ROW_PARAMS], seed[24];
        pb_sweep_row_instance(p, j, name, sizeof name);
        pb_sweep_job_setting(j, params, sizeof params, seed, sizeof seed);
        printf("%s %s %s %s threads=%d", name, j->engine->about.name,
               j->engine->about.caps & PB_CAP_ORDER ? j->order->name : "-", pb_sweep_mode_name(j),
               j->threads);
        /* The setting only where the engine has one, so other sweeps list as before. */
        if (strcmp(params, "-")) printf(" params=%s", params);
        if (strcmp(seed, "-")) printf(" engine_seed=%s", seed);
        if (j->max_length) printf(" max_length=%d", j->max_length);
        if (p->set_text) printf(" family_set=%s", p->set_text[j->instance / p->per_set]);
        putchar('\n');
    }
}

/* A run's key as its CSV row starts: family,instance,cells,engine,order,mode,threads,
 * params,engine_seed. */
void pb_sweep_job_key(void *ctx, long i, char *out, size_t len)
{
    const sweep_plan *p = ctx;
    const job *j = &p->jobs[i];
    const pb_set set = pb_sweep_job_set(p, j);
    char name[96], params[PB_ROW_PARAMS], seed[24];
    pb_sweep_row_instance(p, j, name, sizeof name);
    pb_sweep_job_setting(j, params, sizeof params, seed, sizeof seed);
    /* As pb_csv_rows_write writes it, quotes and all, for the resume to find it. */
    out[len - 1] = '\0'; /* fmemopen ends the text only where there is room */
    FILE *f = fmemopen(out, len - 1, "w");
    if (!f) {
        snprintf(out, len, "?"); /* matches no row: the run is made again */
        return;
    }
    pb_csv_key_write(f, p->fam->name, name, set.puzzle[0].model->ncells, j->engine->about.name,
                     j->engine->about.caps & PB_CAP_ORDER ? j->order->name : "-",
                     pb_sweep_mode_name(j), j->threads, params, seed);
    fclose(f);
}

uint64_t pb_sweep_jobs_hash(const sweep_plan *p)
{
    uint64_t h = 0xcbf29ce484222325ull; /* FNV-1a */
    char key[512];
    for (long i = 0; i < p->njobs; i++) {
        pb_sweep_job_key((void *)p, i, key, sizeof key);
        /* A bound and a family setting are no columns of the key. */
        if (p->jobs[i].max_length)
            snprintf(key + strlen(key), sizeof key - strlen(key), ",%d", p->jobs[i].max_length);
        snprintf(key + strlen(key), sizeof key - strlen(key), "%s",
                 p->settings[p->jobs[i].instance / p->per_set]);
        for (const char *c = key; *c; c++) h = (h ^ (unsigned char)*c) * 0x100000001b3ull;
        h = (h ^ '\n') * 0x100000001b3ull;
    }
    return h;
}
