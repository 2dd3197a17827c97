/* gen.c — the generator runner's run (gen.h): the checks of the common options, the
 * making of the tasks on OpenMP threads, or over the ranks of an MPI world
 * (gen_mpi.h), each task written in task order as soon as every one before it is,
 * and --samples, which makes the whole set again and again by the harness's timing
 * method. */
#include "gen_state.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "gen_mpi.h"
#include "harness/base/exit.h"
#include "harness/base/say.h"
#include "harness/mpi/world.h"

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

enum { TEXTS = 3 + PB_GEN_EXTRA };

/* The item's texts, in the order a record carries them. */
static void texts_of(pb_gen_item *it, char **v[TEXTS])
{
    v[0] = &it->text, v[1] = &it->row, v[2] = &it->note;
    for (int k = 0; k < PB_GEN_EXTRA; k++) v[3 + k] = &it->extra[k];
}

void pb_gen_item_free(pb_gen_item *it)
{
    char **v[TEXTS];
    texts_of(it, v);
    for (int k = 0; k < TEXTS; k++) free(*v[k]);
    memset(it, 0, sizeof *it);
}

char *pb_gen_printf(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    char *s = n < 0 ? NULL : malloc((size_t)n + 1);
    if (!s) return NULL;
    va_start(ap, fmt);
    vsnprintf(s, (size_t)n + 1, fmt, ap);
    va_end(ap);
    return s;
}

/* The combinations of the common options that make no sense, said as generator's
 * (its name); 0, or the status. */
static int check_opts(const pb_gen_opts *o, int ranks, const char *generator)
{
    char why[200], cmd[80];
    /* The hint names the generator's own help, which lists these options. */
    snprintf(cmd, sizeof cmd, "generate %s", generator);
    if (o->force && o->resume)
        return pb_usage_error(cmd, "give --force (start over) or --resume, not both");
    if (o->out && !strcmp(o->out, "-"))
        return pb_usage_error(cmd, "--out takes a folder (the puzzles go to standard "
                                   "output without it)");
    /* "-" is no file: the records would go among the puzzles, the .meta to "-.meta". */
    if (o->stats && !strcmp(o->stats, "-"))
        return pb_usage_error(cmd, "--stats names a file (FILE.meta is written beside "
                                   "it), not standard output; give a file name");
    if (o->resume && !o->out && !o->records_only)
        return pb_usage_error(cmd, "--resume completes an --out DIR, or --stats FILE with "
                                   "--records-only (standard output cannot be resumed)");
    if (o->force && !o->out && !o->stats)
        return pb_usage_error(cmd, "--force starts an existing --out DIR or --stats FILE "
                                   "over: give one of them");
    if (o->records_only && !o->stats)
        return pb_usage_error(cmd, "--records-only goes with --stats FILE.csv (the records)");
    if (o->out && o->stats)
        return pb_usage_error(cmd, "--out writes DIR/" PB_GEN_RECORDS "; give --out or --stats");
    /* "-" is no file: the records went to standard output among the puzzles, and
     * "-.meta" beside them. */
    if (o->stats && !strcmp(o->stats, "-"))
        return pb_usage_error(cmd, "--stats names a file (FILE.meta is written beside "
                                   "it), not standard output; give a file name");
    if (o->json && !strcmp(o->json, "-") && !o->out)
        return pb_usage_error(cmd, "--json -: standard output holds the puzzles; give "
                                   "--out DIR, or --json FILE");
    if (pb_timing_check(&o->timing, why, sizeof why)) return pb_usage_error(cmd, "%s", why);
    if (o->resume && o->timing.samples > 1)
        return pb_usage_error(cmd, "--resume makes the missing puzzles once: it takes no "
                                   "--samples");
    if (ranks > 1 && o->timing.samples > 1)
        return pb_usage_error(cmd, "--samples times one process: give it without mpirun");
    return 0;
}

/* Writes the tasks finished since the last call, in task order: each waits for every
 * one before it. Called by one thread at a time. */
static void write_ready(pb_gen_state *s)
{
    while (!s->write_failed && s->next < s->n && s->made[s->next] && !pb_gen_stops(s, s->next)) {
        if (pb_gen_write(s, s->next)) {
            s->write_failed = 1;
            s->stop_at = 0;
            return;
        }
        s->next++;
    }
}

/* Task t is finished (*it is taken over): stops the handing out after a task that
 * stops the run, and writes what is ready. Called by one thread at a time. */
static void finished(pb_gen_state *s, long t, pb_gen_item *it)
{
    /* A task the signal cut short ends as a limit: --resume makes it again rather
     * than keep it as one. */
    if (pb_interrupted && it->status == PB_GEN_LIMIT) {
        pb_gen_item_free(it);
        return;
    }
    s->item[t] = *it;
    s->made[t] = 1;
    if (pb_gen_stops(s, t) && t < s->stop_at) s->stop_at = t;
    if (!s->emit) return;
    write_ready(s);
    pb_progress_step(&s->progress);
}

/* Makes task t into *it, timed; out of memory makes it a failure. */
static void make_one(pb_gen_state *s, long t, void *scratch, pb_gen_item *it)
{
    memset(it, 0, sizeof *it);
    const double t0 = now_s();
    if ((!s->h->scratch || scratch) && !s->h->make(s->p->ctx, t, scratch, it)) {
        it->wall_s = now_s() - t0;
        return;
    }
    pb_gen_item_free(it);
    it->status = PB_GEN_FAILED;
    it->note = strdup("out of memory");
#pragma omp atomic write
    s->nomem = 1;
}

/* Makes the tasks from s->from on, on o->threads threads. Tasks vary a lot in cost,
 * so they are handed out one at a time; a task that stops the run, or a signal,
 * stops the handing out (the tasks being made are finished and written). */
static void make_all(pb_gen_state *s)
{
#pragma omp parallel num_threads(s->o->threads)
    {
        void *scratch = s->h->scratch ? calloc(1, s->h->scratch) : NULL;
#pragma omp for schedule(dynamic, 1)
        for (long t = s->from; t < s->n; t++) {
            int skip;
#pragma omp critical(pb_gen_write)
            skip = t >= s->stop_at || pb_interrupted;
            if (skip) continue;
            pb_gen_item it;
            make_one(s, t, scratch, &it);
#pragma omp critical(pb_gen_write)
            finished(s, t, &it);
        }
        free(scratch);
    }
}

/* ---- --samples: the whole set made again by the harness's method ---- */

typedef struct gen_measured {
    pb_gen_state *s;
    int runs;
} gen_measured;

static int same_text(const char *a, const char *b)
{
    return a == b || (a && b && !strcmp(a, b));
}

/* One generation of every task: the first is kept (and written); every later one
 * must make the same tasks. */
static pb_run_end make_once(void *ctx)
{
    gen_measured *m = ctx;
    pb_gen_state *s = m->s, again = *s;
    if (m->runs++ == 0) {
        make_all(s);
        if (s->nomem) return PB_RUN_ERROR;
        for (long t = 0; t < s->n; t++)
            if (!s->made[t] || s->item[t].status != PB_GEN_MADE) return PB_RUN_STOPPED;
        return PB_RUN_SAME;
    }
    again.emit = 0, again.stop_at = s->n, again.nomem = 0;
    again.item = calloc((size_t)s->n, sizeof *again.item);
    again.made = calloc((size_t)s->n, 1);
    pb_run_end end = PB_RUN_ERROR;
    if (again.item && again.made) {
        make_all(&again);
        end = again.nomem ? PB_RUN_ERROR : PB_RUN_SAME;
    }
    for (long t = 0; t < s->n && end == PB_RUN_SAME; t++) {
        const pb_gen_item *a = &again.item[t], *b = &s->item[t];
        if (!again.made[t] || a->status != PB_GEN_MADE)
            end = PB_RUN_STOPPED; /* a time limit can strike on a later run */
        else if (!same_text(a->text, b->text) || !same_text(a->row, b->row))
            end = PB_RUN_ERROR;
    }
    for (long t = 0; again.item && t < s->n; t++) pb_gen_item_free(&again.item[t]);
    free(again.item), free(again.made);
    return end;
}

/* Makes every task, timed with --samples N > 1; 0, or -1 (out of memory, or a later
 * generation made other puzzles than the first). */
static int make_measured(pb_gen_state *s)
{
    gen_measured m = {s, 0};
    if (pb_measure(&s->o->timing, make_once, &m, &s->timing) == PB_RUN_ERROR) return -1;
    const pb_summary *t = &s->timing.sum;
    if (!s->o->quiet)
        pb_say("generate: %ld puzzles: median %.6g s [%.6g, %.6g] per run, %d samples of %d "
               "run(s), cv %.3g",
               s->n, t->median, t->median_lo, t->median_hi, s->timing.samples,
               s->timing.runs_per_sample, t->cv);
    return 0;
}

/* ---- under mpirun: the tasks spread over the ranks (gen_mpi.h) ---- */

/* A task as a record: this head, then its texts, each NUL-terminated. */
typedef struct item_head {
    double wall_s;
    int32_t status;
    uint32_t present; /* bit k: text k is there (NULL otherwise) */
    uint32_t len[TEXTS];
} item_head;

static int make_record(void *ctx, int t, void **rec, size_t *len)
{
    pb_gen_state *s = ctx;
    void *scratch = s->h->scratch ? calloc(1, s->h->scratch) : NULL;
    pb_gen_item it;
    make_one(s, t, scratch, &it);
    free(scratch);
    char **v[TEXTS];
    texts_of(&it, v);
    item_head h = {it.wall_s, it.status, 0, {0}};
    size_t n = sizeof h;
    for (int k = 0; k < TEXTS; k++) {
        h.present |= *v[k] ? 1u << k : 0;
        n += (h.len[k] = *v[k] ? (uint32_t)strlen(*v[k]) : 0) + 1;
    }
    char *buf = malloc(n), *at = buf;
    if (buf) {
        memcpy(at, &h, sizeof h), at += sizeof h;
        for (int k = 0; k < TEXTS; k++) {
            if (h.len[k]) memcpy(at, *v[k], h.len[k]);
            at[h.len[k]] = '\0';
            at += h.len[k] + 1;
        }
    }
    pb_gen_item_free(&it); /* this rank keeps no text */
    if (!buf || s->nomem) return free(buf), -1;
    *rec = buf;
    *len = n;
    return h.status == PB_GEN_MADE;
}

/* Rank 0: keeps task t's record and writes the tasks now ready, as make_all. */
static void take_record(void *ctx, int t, int made, const void *rec, size_t len)
{
    pb_gen_state *s = ctx;
    item_head h;
    (void)made;
    if (t < 0 || t >= s->n || len < sizeof h) return;
    const char *at = (const char *)rec + sizeof h;
    memcpy(&h, rec, sizeof h);
    pb_gen_item it = {.status = h.status, .wall_s = h.wall_s};
    char **v[TEXTS];
    texts_of(&it, v);
    for (int k = 0; k < TEXTS; k++) {
        if ((h.present >> k & 1) && !(*v[k] = strdup(at))) it.status = PB_GEN_FAILED;
        at += h.len[k] + 1;
    }
    if (it.status == PB_GEN_FAILED && !it.note) s->nomem = 1;
    finished(s, t, &it);
}

static int stopped(void *ctx)
{
    const pb_gen_state *s = ctx;
    return s->stop_at < s->n || s->write_failed;
}

/* ---- the run ---- */

static void free_state(pb_gen_state *s)
{
    if (s->lock_path[0]) pb_out_lock_release(&s->lock, s->lock_path);
    for (long t = 0; s->item && t < s->n; t++) pb_gen_item_free(&s->item[t]);
    free(s->item), free(s->made), free(s->run_ids), free(s);
}

/* Makes the tasks from s->from on, by whichever way the options ask; 0, or -1. */
static int make_tasks(pb_gen_state *s, const pb_world *w)
{
    if (w->size > 1) {
        pb_gen_mpi g = {(int)s->from, (int)s->n, make_record, take_record, stopped, s};
        return pb_gen_mpi_run(&g);
    }
    if (s->o->timing.samples > 1) return make_measured(s);
    make_all(s);
    return 0;
}

/* The caller that runs generators in this process, or NULL (gen.h). */
static pb_gen_caller *caller;

void pb_gen_set_caller(pb_gen_caller *c)
{
    caller = c;
}

/* The word the run's refusals begin with. */
static const char *said_as(void)
{
    return caller && caller->as ? caller->as : "generate";
}

/* A checked run (pb_gen_caller.check): its tasks told, its outputs checked where the
 * caller asks, nothing made. 0, or the exit status after saying why. */
static int check_only(const pb_gen_hook *h, const pb_gen_plan *p, const pb_gen_opts *o,
                      const pb_world *w)
{
    caller->tasks = p->tasks;
    pb_gen_state *s = calloc(1, sizeof *s);
    if (!s) return pb_say("%s: out of memory", said_as()), PB_EXIT_FAILED;
    *s = (pb_gen_state){.h = h, .p = p, .o = o, .n = p->tasks, .as = said_as()};
    s->recorded = (o->out || o->stats) && !w->rank;
    /* Rank 0 looks; every rank returns what it found, as pb_gen_run's ranks do. */
    int32_t rc = w->rank || !caller->check_outputs ? 0 : pb_gen_check_outputs(s);
    if (w->size > 1 && pb_world_bcast(&rc, sizeof rc, 0)) rc = PB_EXIT_FAILED;
    free(s->run_ids); /* the kept records' run ids, read in the check */
    free(s);
    return rc;
}

int pb_gen_run(const pb_gen_hook *h, const pb_gen_plan *p, const pb_gen_opts *o)
{
    const pb_world *w = pb_world_get();
    int rc = check_opts(o, w->size, p->generator);
    if (rc) return rc;
    if (caller && caller->check) return check_only(h, p, o, w);
    pb_gen_state *s = calloc(1, sizeof *s);
    if (s) {
        *s = (pb_gen_state){.h = h, .p = p, .o = o, .n = p->tasks, .stop_at = p->tasks};
        s->ranks = w->size;
        s->as = said_as();
        s->meta_lines = caller ? caller->meta : NULL;
        s->stops = caller && caller->stops ? caller->stops : "";
        s->item = calloc((size_t)s->n + 1, sizeof *s->item);
        s->made = calloc((size_t)s->n + 1, 1);
    }
    if (!s || !s->item || !s->made) {
        if (s) free_state(s);
        return pb_say("generate: out of memory"), PB_EXIT_FAILED;
    }
    /* Under mpirun rank 0 opens and writes the outputs; the others only make tasks. */
    s->recorded = (o->out || o->stats) && !w->rank;
    if (s->recorded) pb_meta_begin(&s->meta, o->threads, "none");
    int32_t opened = w->rank ? 0 : pb_gen_open(s);
    if (w->size > 1 && pb_world_bcast(&opened, sizeof opened, 0)) opened = PB_EXIT_FAILED;
    if (opened) return free_state(s), opened;
    s->emit = 1;
    if (!w->rank && !o->quiet)
        pb_progress_begin(&s->progress, "generate", "puzzles", (uint64_t)(s->n - s->from), 0);
    const double t0 = now_s();
    int made = make_tasks(s, w);
    s->elapsed_s = now_s() - t0;
    if (w->rank) return free_state(s), made ? PB_EXIT_FAILED : PB_EXIT_FOUND;
    if (!o->quiet) pb_progress_end(&s->progress);
    if (s->recorded) pb_meta_end(&s->meta);
    rc = pb_gen_report(s, made);
    if (caller) caller->went_on = s->went_on;
    free_state(s);
    return rc;
}
