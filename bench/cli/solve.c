/* solve.c — `puzzlebench solve` and `puzzlebench count`: one instance of a family, one
 * engine, run by the batch runner; prints the solutions or verdicts and the stats.
 * Engines marked 'length' (a game's moves) print through the family's path hooks. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "harness/measure/batch.h"
#include "harness/measure/batch_measure.h"
#include "harness/measure/usage.h"
#include "harness/measure/solve_options.h"
#include "solve_json.h"
#include "solve_length.h"
#include "solve_ranks.h"
#include "solve_progress.h"
#include "harness/mpi/count_mpi.h"
#include "harness/mpi/path_mpi.h"
#include "core/text_bytes.h"
#include "harness/base/engine_args.h"
#include "harness/base/exit.h"
#include "harness/io/outfile.h"
#include "harness/io/trace_print.h"
#include "harness/mpi/world.h"
#include "harness/outside/outside.h"
#include "harness/base/say.h"
#include "harness/base/sizes.h"

static void print_help(const char *cmd, const pb_family *only)
{
    printf("usage: puzzlebench %s FAMILY [INSTANCE] [options]\n\n", cmd);
    fputs(strcmp(cmd, "solve")
              ? "Counts every solution of each puzzle (with --limit 2: the uniqueness check)\n"
                "and prints the stats.\n"
              : "Prints the first solution of each puzzle, then one line of stats.\n",
          stdout);
    fputs("\noptions:\n", stdout);
    pb_options_help(stdout, pb_solve_options, cmd, &pb_solve_defaults);
    for (const pb_family *const *f = pb_families; *f; f++) {
        if (only && *f != only) continue;
        int w = printf("\n%s:", (*f)->name) - 1;
        pb_help_wrap(stdout, w, 2, (*f)->summary);
        fputs("  INSTANCE:", stdout);
        pb_help_wrap(stdout, 11, 4, (*f)->instance_help);
        pb_options_help(stdout, (*f)->options, cmd, (*f)->params_default);
        char list[512];
        pb_family_engine_list(*f, list, sizeof list);
        w = printf("  engines (default %s):", (*f)->default_engine);
        pb_help_wrap(stdout, w, 4, list);
    }
    fputs("\nstats: solutions steps placements backtracks candidates guesses learnts restarts\n"
          "[bytes] wall_s status (learnts: the clause-learning engine's, restarts: its and\n"
          "restart's; 0 elsewhere; bytes: the memory an engine that plans its tables\n"
          "needed, path-dp's, also when a --max-memory stopped it before it began),\n"
          "summed over the puzzles; then params (an engine's parameters, defaults too) and\n"
          "engine_seed (an engine marked 'random'), for the engines that have them;\n"
          "files of puzzles add puzzles (those answered: run to their end or to --limit),\n"
          "of=N where fewer than the set's N, elapsed_s, puzzles_per_s (answered ones).\n"
          "engines marked 'length' (a game's moves): solve prints the game and starts the\n"
          "line with length= (0: none within --max-length); count first prints\n"
          "length=N solutions=K for each length that has solutions; after status come\n"
          "the figures of the family's engines (as stored, nodes).\n"
          "count on a file of puzzles first prints one line per puzzle: FILE:LINE: none,\n"
          "unique, multiple, or stopped, then a summary line.\n"
          "exit status: 0 every puzzle has a solution (count: every count is complete, or\n"
          "             reached --limit N), 1 some puzzle has none, 2 bad usage or input,\n"
          "             3 some puzzle stopped at a step, time or memory limit (or its count\n"
          "             overflowed), whatever it found, 4 a timed run's counts differed\n"
          "             from the first run's, memory ran out, or standard output could not\n"
          "             be written, 130 SIGINT, 143 SIGTERM or SIGHUP\n"
          "numbers are decimal: 1000, 1e6 (not 0x10)\n",
          stdout);
}

static void print_stats(FILE *f, pb_status status, const pb_stats *s)
{
    char count[PB_COUNT_CHARS];
    fprintf(f,
            "solutions=%s steps=%llu placements=%llu backtracks=%llu candidates=%llu "
            "guesses=%llu learnts=%llu restarts=%llu ",
            pb_count_format(s->solutions, count), (unsigned long long)s->steps,
            (unsigned long long)s->placements, (unsigned long long)s->backtracks,
            (unsigned long long)s->candidates, (unsigned long long)s->guesses,
            (unsigned long long)s->learnts, (unsigned long long)s->restarts);
    if (s->bytes) fprintf(f, "bytes=%llu ", (unsigned long long)s->bytes);
    fprintf(f, "wall_s=%.6f status=%s", s->wall_s, pb_status_name(status));
}

/* The stats line's parameters and engine seed, for the engines that have them. */
static void print_setting(FILE *f, const pb_batch *b)
{
    const pb_engine_about *a = &b->engine->about;
    char text[400];
    if (a->params) fprintf(f, " params=%s", pb_params_text(a, &b->how, text, sizeof text));
    if (a->caps & PB_CAP_RANDOM)
        fprintf(f, " engine_seed=%s", pb_seed_text(a, &b->how, text, sizeof text));
}

/* Whether a run that stopped at PB_LIMIT stopped at the user's --limit N: that is an
 * answer (N solutions exist; 2 means "multiple"), not a limit of the run. */
static int capped(const pb_outcome *o, const pb_limits *lim)
{
    return o->status == PB_LIMIT && lim->max_solutions && o->stats.solutions >= lim->max_solutions;
}

/* One line per puzzle of a file in count mode: the uniqueness verdict, after the
 * puzzle's place: FILE:LINE, or its own name when it comes from no file. */
static void print_verdict(const char *where, const pb_outcome *o, const pb_limits *lim)
{
    pb_count n = o->stats.solutions;
    char ns[PB_COUNT_CHARS];
    pb_count_format(n, ns);
    printf("%s: ", where);
    if (o->status == PB_DONE && n <= 1)
        printf(n == 0 ? "none\n" : "unique\n");
    else if (o->status == PB_DONE)
        printf("multiple (%s solutions)\n", ns);
    else if (capped(o, lim) && n >= 2)
        printf("multiple (stopped at --limit %s)\n", ns);
    else if (capped(o, lim))
        printf("stopped at --limit %s\n", ns);
    else if (o->status == PB_INTERRUPTED)
        printf("interrupted after %s solution%s\n", ns, n == 1 ? "" : "s");
    else if (o->status == PB_OVERFLOW) /* held at 2^128 - 1: a lower bound */
        printf("overflowed its counter after %s solutions\n", ns);
    else
        printf("stopped at a limit after %s solution%s\n", ns, n == 1 ? "" : "s");
}

/* What a file's puzzles came to. limited: stopped by a step, time or memory limit
 * (or an overflowing count) whatever it found; the exit status is then 3. */
typedef struct tally {
    int none, unique, multiple, stopped, bad, limited, overflow;
    int answered; /* ran to its end, or to the user's solution limit */
} tally;

static void count_outcome(const pb_outcome *r, const pb_limits *lim, tally *t)
{
    pb_count n = r->stats.solutions;
    if (!r->ran) {
        t->stopped++;
        return;
    }
    const int answered = r->status == PB_DONE || capped(r, lim);
    t->answered += answered;
    if (n == 0 && r->status == PB_DONE) t->none++;
    if (n == 1 && r->status == PB_DONE) t->unique++;
    if (n >= 2) t->multiple++;
    if (n <= 1 && r->status != PB_DONE) t->stopped++; /* no verdict: stopped before 2 */
    if (!answered && r->status != PB_INTERRUPTED) t->limited++;
    if (r->status == PB_OVERFLOW) t->overflow++;
}

typedef struct run_ctx {
    const char *cmd, *spec;
    const pb_family *fam;
    const pb_solve_opts *o;
    const void *params;
    pb_set set;
    pb_batch batch;
    pb_batch_result res;
    pb_timing timing;        /* with --samples N > 1 */
    pb_meta *meta;           /* with --csv */
    uint64_t peak_rss_bytes; /* the resident high-water mark of the (first) run; 0: unknown */
} run_ctx;

/* Prints puzzle i's result: its solution (solve) or verdict (count on a file). */
static void print_puzzle(const run_ctx *c, int i, int *values)
{
    const pb_puzzle *p = &c->set.puzzle[i];
    const pb_outcome *r = &c->res.puzzle[i];
    if (!strcmp(c->cmd, "count")) {
        if (!c->o->quiet) pb_print_by_length(stdout, r, c->batch.how.max_length);
        if (!c->fam->batch || c->o->quiet) return;
        /* A file name, shown whole (on the heap: every byte may take four). */
        char where[PB_PATH_EXT_MAX] = "", cut[64], *shown = malloc(PB_SHOWN_SIZE(sizeof where));
        if (!p->line && c->fam->puzzle_name) c->fam->puzzle_name(&c->set, i, where, sizeof where);
        if (!where[0]) snprintf(where, sizeof where, "%s:%d", c->spec, p->line);
        print_verdict(shown ? pb_text_show(shown, PB_SHOWN_SIZE(sizeof where), where)
                            : pb_text_show(cut, sizeof cut, where),
                      r, &c->o->limits);
        free(shown);
        return;
    }
    if (c->o->quiet) return;
    if (r->path && c->fam->print_path) {
        c->fam->print_path(stdout, &c->set, i, r->path, r->npath);
    } else if (!pb_batch_solution(&c->batch, &c->res, i, values)) {
        if (!c->o->trace) c->fam->print_solution(stdout, &c->set, i, values, c->batch.engine);
    } else {
        puts(r->status == PB_DONE          ? "no solution"
             : r->status == PB_INTERRUPTED ? "interrupted"
                                           : "stopped at a limit");
    }
    if (c->o->candidates) c->fam->print_candidates(stdout, &c->set, i);
}

/* The exit status of a run whose puzzles came to t (saying so when a count overflowed). */
static int exit_status(const run_ctx *c, const tally *t)
{
    /* The results are the first run's, complete: only the timing was cut short,
     * which status=done alone would not tell. */
    if (pb_interrupted && c->res.status != PB_INTERRUPTED && c->o->timing.samples > 1)
        pb_say("%s: interrupted after %d of %d samples: the timing is of those", c->cmd,
               c->timing.samples, c->o->timing.samples);
    if (pb_interrupted || c->res.status == PB_INTERRUPTED) return pb_interrupt_exit();
    if (t->overflow)
        pb_say("%s: %d count%s overflowed the counter (status overflow): the solutions printed are "
               "a lower bound",
               c->cmd, t->overflow, t->overflow == 1 ? "" : "s");
    if (t->bad) return PB_EXIT_USAGE;
    /* A run stopped by a limit is no answer, even when it found solutions: a count
     * cut short is a lower bound (--limit N, the user's cap, is an answer). */
    if (t->limited) return PB_EXIT_LIMIT;
    if (t->none) return PB_EXIT_NONE;
    return PB_EXIT_FOUND;
}

/* --csv: the rows and FILE.meta (rank 0 alone); 0, or -1 after the message. */
static int write_csv(run_ctx *c, const pb_solve_doc *d)
{
    char err[PB_MSG_LONG_MAX];
    if (pb_world_get()->rank) return 0;
    pb_meta_end(c->meta);
    if (!pb_solve_csv(c->o->csv, d, c->meta, err, sizeof err)) return 0;
    fflush(stdout);
    pb_say("%s: %s", c->cmd, err);
    return -1;
}

/* Prints every puzzle's result in input order, the summary and the stats; returns
 * the exit status. */
static int report(run_ctx *c)
{
    tally t = {0};
    int max_cells = 1;
    for (int i = 0; i < c->set.count; i++)
        if (c->set.puzzle[i].model && c->set.puzzle[i].model->ncells > max_cells)
            max_cells = c->set.puzzle[i].model->ncells;
    int *values = malloc((size_t)max_cells * sizeof *values);
    if (!values) return pb_say("out of memory"), PB_EXIT_USAGE;
    for (int i = 0; i < c->set.count; i++) {
        if (c->set.puzzle[i].error) {
            fflush(stdout);
            pb_say("%s: %s", c->cmd, c->set.puzzle[i].error);
            t.bad++;
            continue;
        }
        if (c->set.puzzle[i].note) {
            fflush(stdout);
            pb_say("note: %s", c->set.puzzle[i].note);
        }
        if (c->res.failed == i + 1) {
            fflush(stdout);
            if (c->set.puzzle[i].line)
                pb_say("%s: %s:%d: %s", c->cmd, c->spec, c->set.puzzle[i].line, c->res.failure);
            else
                pb_say("%s: %s: %s", c->cmd, c->spec, c->res.failure);
            t.bad++;
            continue;
        }
        count_outcome(&c->res.puzzle[i], &c->o->limits, &t);
        if (c->res.puzzle[i].ran && !c->o->json) print_puzzle(c, i, values);
        fflush(stdout);
        pb_say_length_outcome(c->cmd, c->fam, &c->batch, &c->res.puzzle[i]);
    }
    free(values);
    int rc = exit_status(c, &t);
    /* An engine without a cell order has none to name: "-", as a sweep's rows say. */
    const char *order = c->batch.engine->about.caps & PB_CAP_ORDER ? c->o->order : "-";
    pb_solve_doc d = {c->cmd,  c->spec, order,     c->fam,        &c->set, &c->batch,
                      &c->res, NULL,    c->params, c->o->threads, rc,      c->peak_rss_bytes};
    if (c->o->timing.samples > 1) d.timing = &c->timing;
    if (c->meta && write_csv(c, &d)) d.exit_status = rc = PB_EXIT_USAGE;
    if (c->o->json) {
        pb_solve_json(stdout, &d);
        return rc;
    }
    if (c->fam->batch && !strcmp(c->cmd, "count"))
        printf("puzzles=%d none=%d unique=%d multiple=%d stopped=%d unreadable=%d\n", c->set.count,
               t.none, t.unique, t.multiple, t.stopped, t.bad);
    pb_print_length_head(stdout, &c->batch, &c->res);
    print_stats(stdout, c->res.status, &c->res.total);
    pb_print_figures(stdout, c->fam, &c->res);
    print_setting(stdout, &c->batch);
    const pb_summary *sum = &c->timing.sum;
    const int measured = c->o->timing.samples > 1;
    if (c->fam->batch) {
        /* A rate of the set counts the puzzles answered: one stopped by a limit or a
         * signal took time and gave no answer. */
        const int n = c->set.count - t.bad;
        const double e = measured ? sum->median : c->res.elapsed_s;
        printf(" puzzles=%d", t.answered);
        if (t.answered < n) printf(" of=%d", n);
        printf(" elapsed_s=%.6f puzzles_per_s=%.1f", e, e > 0 ? t.answered / e : 0.0);
    }
    if (measured)
        printf(" samples=%d runs_per_sample=%d median_s=%.6g median_lo_s=%.6g median_hi_s=%.6g "
               "cv=%.3g",
               c->timing.samples, c->timing.runs_per_sample, sum->median, sum->median_lo,
               sum->median_hi, sum->cv);
    putchar('\n');
    return rc;
}

/* "a, b" of the families that offer a feature, for "applies to ... only" messages. */
static void families_with(int (*has)(const pb_family *), char *out, size_t len)
{
    size_t at = 0;
    out[0] = '\0';
    for (const pb_family *const *f = pb_families; *f && at < len; f++)
        if (has(*f)) at += (size_t)snprintf(out + at, len - at, "%s%s", at ? ", " : "", (*f)->name);
}

static int has_candidates(const pb_family *f)
{
    return f->print_candidates != NULL;
}

static int is_batch(const pb_family *f)
{
    return f->batch;
}

/* Checks what the options ask of the family; 0, or the usage error's status. */
static int check_request(const char *cmd, const pb_family *fam, const pb_solve_opts *o,
                         const pb_instance *inst)
{
    char names[256];
    if (o->candidates && !fam->print_candidates) {
        families_with(has_candidates, names, sizeof names);
        return pb_usage_error(cmd, "--candidates applies to solve %s only", names);
    }
    if (o->keep_going && !fam->batch) {
        families_with(is_batch, names, sizeof names);
        return pb_usage_error(cmd, "--keep-going applies to files of puzzles (%s)", names);
    }
    if (o->levels && !fam->count_ranks)
        return pb_usage_error(cmd, "--levels: family %s has no count by lengths of its own",
                              fam->name);
    if (o->print_paths && !fam->print_path_line)
        return pb_usage_error(cmd, "--print-paths: family %s has no solutions to list as paths",
                              fam->name);
    if (!inst->spec && !fam->default_instance)
        return pb_usage_error(cmd, "missing instance: %s", fam->instance_help);
    if (o->trace && o->timing.samples > 1)
        return pb_usage_error(cmd, "--trace prints one run: it takes no --samples");
    /* Both print on standard output as the search goes, before the document. */
    if (o->json && (o->trace || o->print_paths))
        return pb_usage_error(cmd, "--json prints one JSON document: it takes no %s",
                              o->trace ? "--trace" : "--print-paths");
    return 0;
}

/* Parses the options of cmd for fam into o, params and inst; 0, or the status to
 * exit with (-1 after printing the help). */
static int parse(const char *cmd, const pb_family *fam, int argc, char **argv, pb_solve_opts *o,
                 void *params, pb_instance *inst)
{
    const char *pos[1];
    int npos = 0;
    pb_opt_group groups[] = {{pb_solve_options, o}, {fam->options, params}};
    int rc = pb_options_parse(cmd, groups, 2, argc, argv, 3, pos, 1, &npos, inst);
    if (rc == PB_OPT_HELP) return print_help(cmd, fam), -1;
    if (rc) return PB_EXIT_USAGE;
    if (npos && inst->spec)
        return pb_usage_error(cmd, "give the instance as INSTANCE or as --%s, not both",
                              inst->from);
    if (npos) *inst = (pb_instance){pos[0], 0, NULL};
    return check_request(cmd, fam, o, inst);
}

/* Prints why the engine refused, err, naming the option at fault, or the puzzle's line
 * (line > 0) when its content is; returns the exit status. */
static int say_refusal(const run_ctx *c, pb_refusal r, int line, const char *err)
{
    char hint[200];
    /* Only a refusal of one puzzle's content is a fault in the file; the others are
     * the options', whatever puzzle they were asked of first. */
    if (r == PB_REFUSE_INSTANCE && c->fam->batch && line > 0)
        pb_say("%s: %s:%d: %s", c->cmd, c->spec, line, err);
    else if (r == PB_REFUSE_ORDER)
        pb_say("%s: --order %s: %s", c->cmd, c->o->order, err);
    else if (r == PB_REFUSE_THREADS)
        pb_say("%s: --threads %d: %s", c->cmd, c->o->threads, err);
    else if (r == PB_REFUSE_TRACE)
        pb_say("%s: --trace: %s", c->cmd, err);
    else if (r == PB_REFUSE_REQUEST && (c->batch.engine->about.caps & PB_CAP_LENGTH) &&
             !c->batch.how.max_length && !strcmp(c->cmd, "count"))
        pb_say("%s: %s (--max-length L)", c->cmd, err); /* the library names no option */
    else if (r == PB_REFUSE_REQUEST)
        pb_say("%s: %s%s", c->cmd, err,
               pb_engine_args_hint(&c->batch.engine->about, &c->batch.how, hint, sizeof hint));
    else
        pb_say("%s: %s", c->cmd, err);
    return PB_EXIT_USAGE;
}

/* Asks the engine whether it takes the request, and whether the program of an outside
 * solver is installed, before the instance is read: neither is the puzzles' fault,
 * and a missing solver would otherwise be refused per puzzle, at the first one's line.
 * 0, or the exit status after printing why not. */
static int check_engine(const run_ctx *c)
{
    char err[PB_MSG_LONG_MAX];
    pb_run how = c->batch.how;
    how.threads = 1; /* a set's puzzles run on one each: threads are checked once it is read */
    const pb_refusal r = pb_engine_check_request(c->batch.engine, &how, err, sizeof err);
    if (r != PB_RUNS) return say_refusal(c, r, 0, err);
    const char *missing = pb_outside_missing(c->batch.engine);
    if (missing)
        return pb_say("%s: engine %s: %s", c->cmd, c->batch.engine->about.name, missing),
               PB_EXIT_USAGE;
    return 0;
}

/* Asks the engine whether it runs every puzzle of the loaded instance; 0, or the exit
 * status after printing why not. */
static int prepare(run_ctx *c)
{
    char err[PB_MSG_LONG_MAX];
    int which = 0;
    /* Without --keep-going, bad input stops everything before any work is done. */
    for (int i = 0; i < c->set.count; i++)
        if (c->set.puzzle[i].error && !c->o->keep_going)
            return pb_say("%s: %s", c->cmd, c->set.puzzle[i].error), PB_EXIT_USAGE;
    const pb_refusal r = pb_batch_check(&c->batch, &which, err, sizeof err);
    return r == PB_RUNS ? 0 : say_refusal(c, r, c->set.puzzle[which].line, err);
}

/* Runs the batch once, or with --samples by the harness's timing method (the first
 * run's results are the ones reported). 0, or the exit status of a failure. */
static int run_measured(run_ctx *c)
{
    char why[300], label[64];
    if (c->o->timing.samples <= 1) {
        /* A trace is the output itself; under mpirun the ranks would all report. */
        const int quiet = c->o->quiet || c->o->trace || pb_world_get()->size > 1;
        const int many = c->set.count > 1;
        pb_progress p;
        snprintf(label, sizeof label, "%s %s", c->cmd, c->fam->name);
        pb_progress_begin(&p, label, many ? "puzzles" : "steps", many ? (uint64_t)c->set.count : 0,
                          quiet);
        const int peak = !pb_peak_reset();
        const int rc = quiet ? pb_batch_run(&c->batch, &c->res)
                             : pb_batch_run_reported(&c->batch, &c->res, &p);
        if (peak) c->peak_rss_bytes = pb_peak_read();
        pb_progress_finish(&p, NULL);
        if (!rc) return 0;
        pb_say("%s: out of memory", c->cmd);
        return PB_EXIT_FAILED;
    }
    if (pb_batch_measure(&c->batch, &c->o->timing, &c->res, &c->timing, why, sizeof why) !=
        PB_RUN_ERROR)
        return c->peak_rss_bytes = c->timing.peak_rss_bytes, 0;
    pb_say("%s: %s", c->cmd, why);
    return PB_EXIT_FAILED;
}

/* Resolves engine and order, loads the instance and runs it; the exit status. */
static int run(const char *cmd, const pb_family *fam, pb_solve_opts *o, const void *params,
               const pb_instance *inst)
{
    char err[PB_MSG_LONG_MAX], list[512], hint[200];
    const char *name = o->engine ? o->engine : fam->default_engine;
    const pb_engine *eng = pb_family_engine(fam, name);
    const pb_order *ord = pb_order_find(o->order);
    if (!eng) {
        pb_family_engine_list(fam, list, sizeof list);
        return pb_usage_error(cmd, "unknown engine '%s' for %s (one of: %s)%s", name, fam->name,
                              list, pb_family_engine_hint(fam, name, hint, sizeof hint));
    }
    if (!ord) {
        pb_order_list(list, sizeof list);
        return pb_usage_error(cmd, "unknown order '%s' (one of: %s)%s", o->order, list,
                              pb_order_hint(o->order, hint, sizeof hint));
    }
    if (fam->check_params && fam->check_params(params, err, sizeof err))
        return pb_usage_error(cmd, "%s", err);
    pb_binder *binder = pb_binder_new(pb_bind_modes[o->bind], err, sizeof err);
    if (!binder) return pb_usage_error(cmd, "%s", err);
    /* A family's default instance (none given) is "default" in messages and rows. */
    run_ctx c = {.cmd = cmd,
                 .spec = inst->spec ? inst->spec : "default",
                 .fam = fam,
                 .o = o,
                 .params = params};
    pb_trace_printer tp = {stdout, strcmp(cmd, "count") ? PB_MODE_FIRST : PB_MODE_COUNT, 0, 0};
    c.batch = (pb_batch){
        .set = &c.set,
        .engine = eng,
        .how = {.mode = tp.mode,
                .order = ord,
                .limits = o->limits,
                .trace = o->trace ? pb_trace_print_step : NULL,
                .trace_ctx = &tp,
                .thread_start = pb_binder_thread_start,
                .thread_ctx = binder},
        .threads = o->threads,
        .keep_solutions = tp.mode == PB_MODE_FIRST,
        .puzzle_cpu = o->csv || o->json,
        .binder = binder,
    };
    c.batch.how.limits.cancel = &pb_interrupted;
    c.batch.how.max_length = o->max_length;
    pb_path_printer paths = {stdout, fam, &c.set};
    if (o->print_paths) c.batch.how.on_path = pb_path_print, c.batch.how.path_ctx = &paths;
    pb_engine_args_run(&o->eargs, &c.batch.how);
    int rc = check_engine(&c);
    if (!rc && fam->load(inst, params, &c.set, err, sizeof err))
        rc = (pb_say("%s: %s", cmd, err), PB_EXIT_USAGE);
    if (rc) {
        pb_binder_free(binder);
        return rc;
    }
    rc = prepare(&c);
    /* The --csv file and FILE.meta are written at the end: a name they cannot take is
     * refused first. */
    char out_err[PB_MSG_MAX], csv_meta[PB_PATH_EXT_MAX];
    if (o->csv) snprintf(csv_meta, sizeof csv_meta, "%s.meta", o->csv);
    /* "-" is no file: the rows would land in a file named "-", beside "-.meta". */
    if (!rc && o->csv && !strcmp(o->csv, "-"))
        rc = pb_usage_error(cmd, "--csv names a file (FILE.meta is written beside it), not "
                                 "standard output; give a file name, or --json for standard "
                                 "output");
    if (!rc && o->csv &&
        (pb_out_check(o->csv, out_err, sizeof out_err) ||
         pb_meta_check(csv_meta, out_err, sizeof out_err)))
        rc = (pb_say("%s: %s", cmd, out_err), PB_EXIT_USAGE);
    /* After the checks, so that a refused request says only why. */
    static pb_meta meta;
    if (!rc && o->csv && !pb_world_get()->rank) {
        pb_meta_begin(&meta, o->threads, pb_bind_modes[o->bind]);
        c.meta = &meta;
    }
    /* Under mpirun a count of one tree is spread over the ranks (by the family's own
     * split, when it has one); anything else runs on rank 0 while the others wait.
     * Every rank gets here (the same input), and only rank 0 prints (pb_cmd_solve). */
    const pb_world *w = pb_world_get();
    const int ranks = !rc && pb_solve_ranks_apply(cmd, fam, o->levels);
    const int spread = ranks || (w->size > 1 && !strcmp(cmd, "count") && c.o->timing.samples <= 1 &&
                                 (pb_count_mpi_applies(&c.batch) || pb_path_mpi_applies(&c.batch)));
    if (ranks && o->timing.samples > 1)
        rc = pb_usage_error(cmd,
                            "a count over MPI ranks or by --levels is timed once: no --samples");
    if (!rc && w->size > 1 && !spread && w->rank) {
        rc = pb_world_idle();
    } else if (!rc) {
        pb_install_interrupt_handler();
        if (ranks)
            rc = pb_solve_ranks_run(cmd, fam, &c.batch, o->levels, &c.res);
        else if (spread && pb_count_mpi_applies(&c.batch))
            pb_count_mpi_run(&c.batch, &c.res);
        else if (spread)
            pb_path_mpi_run(&c.batch, &c.res);
        else
            rc = run_measured(&c);
        /* A count whose --levels FILE.meta could not be written still reports. */
        const int late = c.res.npuzzles && ranks && rc;
        if (!rc || late) rc = late ? (report(&c), rc) : report(&c);
        pb_batch_free(&c.res);
        if (w->size > 1 && !spread) pb_world_release(rc);
    }
    fam->free_set(&c.set);
    pb_binder_free(binder);
    return rc;
}

/* The option called by long name or key in solve's table or any family's, or NULL. */
static const pb_option *any_option(const char *name, int key)
{
    const pb_option *tables[2 * 16 + 1];
    int n = 0;
    tables[n++] = pb_solve_options;
    for (const pb_family *const *f = pb_families; *f && n < 2 * 16; f++)
        tables[n++] = (*f)->options;
    for (int t = 0; t < n; t++)
        for (const pb_option *o = tables[t]; o && o->name; o++)
            if (name ? !strcmp(o->name, name) : o->key == key) return o;
    return NULL;
}

/* Whether the option word arg ("-e", "--engine", "-qe") takes the next word as its
 * value, so that the family is found among options given before it. */
static int takes_next(const char *arg)
{
    if (arg[1] == '-') {
        if (strchr(arg, '=')) return 0;
        const pb_option *o = any_option(arg + 2, 0);
        return o && o->type != PB_OPT_FLAG;
    }
    for (const char *c = arg + 1; *c; c++) {
        const pb_option *o = any_option(NULL, (unsigned char)*c);
        if (o && o->type != PB_OPT_FLAG) return c[1] == '\0';
    }
    return 0;
}

/* Moves the first positional word (the family) to argv[2], options before it
 * following it in their order. 0, or -1 when there is none. */
static int family_first(int argc, char **argv)
{
    for (int i = 2; i < argc; i++) {
        if (!strcmp(argv[i], "--")) {
            if (i + 1 == argc) return -1;
            i++;
        } else if (argv[i][0] == '-' && argv[i][1]) {
            i += takes_next(argv[i]);
            continue;
        }
        char *fam = argv[i];
        memmove(argv + 3, argv + 2, (size_t)(i - 2) * sizeof *argv);
        argv[2] = fam;
        return 0;
    }
    return -1;
}

static int asks_help(int argc, char **argv)
{
    for (int i = 2; i < argc && strcmp(argv[i], "--"); i++)
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) return 1;
    return 0;
}

int pb_cmd_solve(int argc, char **argv, int count_mode)
{
    const char *cmd = count_mode ? "count" : "solve";
    char names[256];
    pb_family_list(names, sizeof names);
    if (family_first(argc, argv)) {
        if (asks_help(argc, argv)) return print_help(cmd, NULL), 0;
        return pb_usage_error(cmd, "missing FAMILY (one of: %s)", names);
    }
    const pb_family *fam = pb_family_find(argv[2]);
    char hint[200];
    if (!fam)
        return pb_usage_error(cmd, "unknown family '%s' (one of: %s)%s", argv[2], names,
                              pb_family_hint(argv[2], hint, sizeof hint));
    /* Under mpirun every rank parses and loads the same input; rank 0 alone speaks. */
    if (pb_world_get()->rank) {
        if (!freopen("/dev/null", "w", stdout) || !freopen("/dev/null", "w", stderr))
            return PB_EXIT_FAILED;
    }

    pb_solve_opts o = pb_solve_defaults;
    pb_instance inst = {NULL, 0, NULL};
    void *params = calloc(1, fam->params_size ? fam->params_size : 1);
    if (!params) return pb_usage_error(cmd, "out of memory");
    if (fam->params_size) memcpy(params, fam->params_default, fam->params_size);
    int rc = parse(cmd, fam, argc, argv, &o, params, &inst);
    if (rc == 0) rc = run(cmd, fam, &o, params, &inst);
    free(params);
    return rc < 0 ? 0 : rc;
}
