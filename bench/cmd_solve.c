/* cmd_solve.c — `puzzlebench solve` and `puzzlebench count`: one instance, one engine. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <omp.h>

#include "args.h"
#include "commands.h"
#include "core/engine.h"
#include "core/limiter.h"
#include "family.h"
#include "meta.h"
#include "trace_print.h"

static const char solve_help[] =
    "usage: puzzlebench solve FAMILY [INSTANCE] [options]\n"
    "       puzzlebench count FAMILY [INSTANCE] [options]\n"
    "\n"
    "solve prints the first solution of each puzzle, then one line of stats; count\n"
    "counts every solution (with --limit 2: the uniqueness check) and prints the stats.\n"
    "\n"
    "tenpair: no instance; see 'puzzlebench solve tenpair --help'\n"
    "notouch instance:\n"
    "  INSTANCE, --board NAME   built-in board: cross8 (the seed's) or RxC, e.g. 2x5\n"
    "  --board-file FILE        mask file: rows of '#' (cell) and '.' (hole)\n"
    "  --diff D                 touching cells differ by at least D (default 2)\n"
    "  --adj king|orth          touching: 8 neighbours (default) or 4\n"
    "sudoku instance:\n"
    "  FILE                     any number of puzzles ('-': standard input), each either\n"
    "                           one line of 16/81/256/625 symbols (1-9, A=10, B=11, ...;\n"
    "                           '.' or '0' empty) or the seed's block of numbers, row by\n"
    "                           row, 0 empty, ended by a blank line; '#' starts a comment.\n"
    "                           Solutions print in the format their puzzle came in.\n"
    "  --keep-going             a puzzle that cannot be read is reported (exit 2) and the\n"
    "                           others are still solved\n"
    "  --candidates             after each solution, the candidates of every open cell\n"
    "                           left by the seed's deduction (solve only)\n"
    "search:\n"
    "  --engine NAME            see 'puzzlebench engines' (default: propagate for\n"
    "                           notouch, logic for sudoku)\n"
    "  --order NAME             cell order for backtrack/propagate (default row)\n"
    "  --trace                  print every step in the seed's layout (solve only)\n"
    "  --threads T              notouch count: split the search over T OpenMP threads;\n"
    "                           sudoku: solve T puzzles at a time (output stays in input\n"
    "                           order). Default 1.\n"
    "  --bind none|core         pin those threads to cores with hwloc (default none)\n"
    "limits, per puzzle (a run that reaches one stops with status=limit):\n"
    "  --step-limit N           stop after N steps (placements + backtracks)\n"
    "  --time-limit S           stop after S seconds\n"
    "  --limit N                count: stop after N solutions (2 = uniqueness check)\n"
    "\n"
    "stats: solutions steps placements backtracks candidates guesses wall_s status,\n"
    "summed over the puzzles; sudoku adds puzzles, elapsed_s and puzzles_per_s.\n"
    "count on a sudoku file first prints one line per puzzle: FILE:LINE: none, unique,\n"
    "multiple, or stopped, then a summary line.\n"
    "exit status: 0 every puzzle has a solution, 1 some puzzle has none, 2 bad usage\n"
    "             or input, 3 stopped at a limit before a solution, 130 interrupted\n";

typedef struct solve_opts {
    const char *family, *spec, *engine, *order, *bind;
    bench_params params;
    int trace, threads, keep_going, candidates;
    pb_limits limits;
    char file_spec[4096];
} solve_opts;

static void bind_thread(void *ctx, int thread)
{
    pb_binder_bind_thread(ctx, thread);
}

static int parse(int argc, char **argv, const char *cmd, solve_opts *o)
{
    pb_args a = {argc, 2, argv, cmd};
    bench_params defaults = BENCH_PARAMS_DEFAULT;
    memset(o, 0, sizeof *o);
    o->params = defaults;
    o->order = "row";
    o->bind = "none";
    o->threads = 1;
    while (a.i < argc) {
        const char *arg = argv[a.i], *v = NULL;
        int r;
        if (!strcmp(arg, "--help") || !strcmp(arg, "-h")) {
            fputs(solve_help, stdout);
            exit(0);
        }
#define TAKE(name, has) ((r = pb_args_take(&a, name, has, &v)) < 0 ? -1 : r)
        if ((r = TAKE("--board", 1))) {
            if (r < 0) return -1;
            o->spec = v;
        } else if ((r = TAKE("--board-file", 1))) {
            if (r < 0) return -1;
            /* A path, even one without '/' or '.', is read as a file. */
            snprintf(o->file_spec, sizeof o->file_spec, "%s%s", strchr(v, '/') ? "" : "./", v);
            o->spec = o->file_spec;
        } else if ((r = TAKE("--diff", 1))) {
            if (r < 0 || pb_parse_int(cmd, "--diff", v, 1, 64, &o->params.diff)) return -1;
        } else if ((r = TAKE("--adj", 1))) {
            if (r < 0) return -1;
            o->params.adj = v;
        } else if ((r = TAKE("--engine", 1))) {
            if (r < 0) return -1;
            o->engine = v;
        } else if ((r = TAKE("--order", 1))) {
            if (r < 0) return -1;
            o->order = v;
        } else if ((r = TAKE("--trace", 0))) {
            o->trace = 1;
        } else if ((r = TAKE("--keep-going", 0))) {
            o->keep_going = 1;
        } else if ((r = TAKE("--candidates", 0))) {
            o->candidates = 1;
        } else if ((r = TAKE("--threads", 1))) {
            if (r < 0 || pb_parse_int(cmd, "--threads", v, 1, 1024, &o->threads)) return -1;
        } else if ((r = TAKE("--bind", 1))) {
            if (r < 0) return -1;
            o->bind = v;
        } else if ((r = TAKE("--step-limit", 1))) {
            if (r < 0 || pb_parse_u64(cmd, "--step-limit", v, &o->limits.max_steps)) return -1;
        } else if ((r = TAKE("--time-limit", 1))) {
            if (r < 0 || pb_parse_seconds(cmd, "--time-limit", v, &o->limits.max_seconds))
                return -1;
        } else if ((r = TAKE("--limit", 1))) {
            if (r < 0 || pb_parse_u64(cmd, "--limit", v, &o->limits.max_solutions)) return -1;
        } else if (arg[0] == '-' && arg[1] != '\0') {
            pb_usage_error(cmd, "unknown option '%s'", arg);
            return -1;
        } else if (!o->family) {
            o->family = arg, a.i++;
        } else if (!o->spec) {
            o->spec = arg, a.i++;
        } else {
            pb_usage_error(cmd, "unexpected argument '%s'", arg);
            return -1;
        }
#undef TAKE
    }
    if (!o->family) {
        char names[256];
        bench_family_list(names, sizeof names);
        pb_usage_error(cmd, "missing FAMILY (one of: %s)", names);
        return -1;
    }
    return 0;
}

static void print_stats(FILE *f, pb_status status, const pb_stats *s)
{
    fprintf(f,
            "solutions=%llu steps=%llu placements=%llu backtracks=%llu candidates=%llu "
            "guesses=%llu wall_s=%.6f status=%s",
            (unsigned long long)s->solutions, (unsigned long long)s->steps,
            (unsigned long long)s->placements, (unsigned long long)s->backtracks,
            (unsigned long long)s->candidates, (unsigned long long)s->guesses, s->wall_s,
            pb_status_name(status));
}

/* What one puzzle's run left. */
typedef struct outcome {
    int ran;
    pb_status status;
    pb_stats stats;
    unsigned char *solution; /* solve mode: the first solution (values fit a byte: at
                                most 64), or NULL when none was found */
} outcome;

/* The worse of two statuses, for a file's summary. */
static pb_status worse(pb_status a, pb_status b)
{
    static const int rank[] = {
        [PB_DONE] = 0, [PB_LIMIT] = 2, [PB_INTERRUPTED] = 4, [PB_UNSUPPORTED] = 1, [PB_NOMEM] = 3};
    return rank[b] > rank[a] ? b : a;
}

/* Runs one puzzle; a solution goes from scratch (ncells ints) to store (ncells bytes),
 * so that a file of 50,000 puzzles keeps its solutions in little memory. */
static void run_one(const pb_engine *eng, const pb_model *m, const pb_run *how, outcome *out,
                    int *scratch, unsigned char *store)
{
    pb_result res = {.first = store ? scratch : NULL};
    pb_engine_run(eng, m, how, &res);
    out->ran = 1;
    out->status = res.status;
    out->stats = res.stats;
    if (store && res.stats.solutions) {
        for (int c = 0; c < m->ncells; c++) store[c] = (unsigned char)scratch[c];
        out->solution = store;
    }
}

/* One line per puzzle of a file in count mode: the uniqueness verdict. */
static void print_verdict(const char *spec, const bench_puzzle *p, const outcome *o,
                          const pb_limits *lim)
{
    unsigned long long n = o->stats.solutions;
    printf("%s:%d: ", spec, p->line);
    if (o->status == PB_DONE)
        printf(n == 0 ? "none\n" : n == 1 ? "unique\n" : "multiple (%llu solutions)\n", n);
    else if (lim->max_solutions && n >= lim->max_solutions && n >= 2)
        printf("multiple (stopped at --limit %llu)\n", n);
    else if (o->status == PB_INTERRUPTED)
        printf("interrupted after %llu solution%s\n", n, n == 1 ? "" : "s");
    else
        printf("stopped at a limit after %llu solution%s\n", n, n == 1 ? "" : "s");
}

int cmd_solve(int argc, char **argv, int count_mode)
{
    const char *cmd = count_mode ? "count" : "solve";
    const bench_family *own = argc > 2 ? bench_family_find(argv[2]) : NULL;
    if (own && own->command) return own->command(argc, argv, count_mode);
    solve_opts o;
    if (parse(argc, argv, cmd, &o)) return PB_EXIT_USAGE;

    const bench_family *fam = bench_family_find(o.family);
    if (!fam) {
        char names[256];
        bench_family_list(names, sizeof names);
        return pb_usage_error(cmd, "unknown family '%s' (one of: %s)", o.family, names);
    }
    if (!o.engine) o.engine = fam->default_engine;
    const pb_engine *eng = pb_engine_find(o.engine);
    if (!eng) return pb_usage_error(cmd, "unknown engine '%s'", o.engine);
    const pb_order *ord = pb_order_find(o.order);
    if (!ord) return pb_usage_error(cmd, "unknown order '%s'", o.order);
    if (strcmp(o.order, "row") && !(eng->caps & PB_CAP_ORDER))
        return pb_usage_error(cmd,
                              "engine %s has no cell order; --order applies to engines "
                              "marked 'order' in 'puzzlebench engines'",
                              eng->name);
    if (o.trace && count_mode) return pb_usage_error(cmd, "--trace applies to solve only");
    if (o.trace && !(eng->caps & PB_CAP_TRACE))
        return pb_usage_error(cmd, "engine %s cannot trace", eng->name);
    if (o.limits.max_solutions && !count_mode)
        return pb_usage_error(cmd, "--limit applies to count only");
    if (o.candidates && (count_mode || !fam->print_candidates))
        return pb_usage_error(cmd, "--candidates applies to solve sudoku only");
    if (o.keep_going && !fam->batch)
        return pb_usage_error(cmd, "--keep-going applies to files of puzzles (sudoku)");
    if (!o.spec) return pb_usage_error(cmd, "missing instance: %s", fam->instance_help);

    char err[512];
    if (fam->check_params(&o.params, err, sizeof err)) return pb_usage_error(cmd, "%s", err);
    pb_binder *binder = pb_binder_new(o.bind, err, sizeof err);
    if (!binder) return pb_usage_error(cmd, "%s", err);
    bench_set set;
    if (fam->load(o.spec, &o.params, &set, err, sizeof err)) {
        pb_binder_free(binder);
        fprintf(stderr, "puzzlebench: %s\n", err);
        return PB_EXIT_USAGE;
    }
    int rc = PB_EXIT_USAGE;
    outcome *out = calloc((size_t)set.count, sizeof *out);
    size_t *at = calloc((size_t)set.count + 1, sizeof *at); /* each puzzle's solution bytes */
    int max_cells = 1;
    for (int i = 0; at && i < set.count; i++) {
        int n = set.puzzle[i].model ? set.puzzle[i].model->ncells : 0;
        at[i + 1] = at[i] + (size_t)n;
        if (n > max_cells) max_cells = n;
    }
    unsigned char *solutions = at && !count_mode ? malloc(at[set.count] + 1) : NULL;
    int *values = malloc((size_t)max_cells * sizeof *values);
    if (!out || !at || !values || (!count_mode && !solutions)) {
        fprintf(stderr, "puzzlebench: out of memory\n");
        goto done;
    }
    /* Without --keep-going, bad input stops everything before any work is done. */
    for (int i = 0; i < set.count; i++) {
        const bench_puzzle *p = &set.puzzle[i];
        const char *why = "";
        if (p->error && !o.keep_going) {
            fprintf(stderr, "puzzlebench: %s\n", p->error);
            goto done;
        }
        if (p->model && eng->accepts && !eng->accepts(p->model, &why)) {
            if (fam->batch)
                fprintf(stderr, "puzzlebench: %s:%d: engine %s cannot run this puzzle: %s\n",
                        o.spec, p->line, eng->name, why);
            else
                fprintf(stderr, "puzzlebench: engine %s cannot run this instance: %s\n", eng->name,
                        why);
            goto done;
        }
    }

    trace_printer tp = {stdout, count_mode ? PB_MODE_COUNT : PB_MODE_FIRST, 0, 0};
    pb_run how = {
        .mode = count_mode ? PB_MODE_COUNT : PB_MODE_FIRST,
        .order = ord,
        .threads = fam->batch ? 1 : o.threads,
        .limits = o.limits,
        .trace = o.trace ? trace_print_step : NULL,
        .trace_ctx = &tp,
        .thread_start = bind_thread,
        .thread_ctx = binder,
    };
    how.limits.cancel = &pb_interrupted;
    pb_install_interrupt_handler();
    int batch_threads = fam->batch && !o.trace ? o.threads : 1;
    double t0 = pb_now_s();
#pragma omp parallel num_threads(batch_threads) if (batch_threads > 1)
    {
        if (batch_threads > 1) pb_binder_bind_thread(binder, omp_get_thread_num());
        int *scratch = malloc((size_t)max_cells * sizeof *scratch);
#pragma omp for schedule(dynamic, 1)
        for (int i = 0; i < set.count; i++)
            if (scratch && set.puzzle[i].model && !pb_interrupted)
                run_one(eng, set.puzzle[i].model, &how, &out[i], scratch,
                        solutions ? solutions + at[i] : NULL);
        free(scratch);
    }
    double elapsed = pb_now_s() - t0;

    pb_stats total = {0};
    pb_status status = PB_DONE;
    int none = 0, unique = 0, multiple = 0, stopped = 0, bad = 0, unsolved = 0;
    for (int i = 0; i < set.count; i++) {
        const bench_puzzle *p = &set.puzzle[i];
        const outcome *r = &out[i];
        if (p->error) {
            fflush(stdout);
            fprintf(stderr, "puzzlebench: %s\n", p->error);
            bad++;
            continue;
        }
        if (!r->ran) {
            status = worse(status, PB_INTERRUPTED);
            stopped++;
            continue;
        }
        pb_stats_add(&total, &r->stats);
        status = worse(status, r->status);
        uint64_t n = r->stats.solutions;
        if (n == 0 && r->status == PB_DONE) none++;
        if (n == 0 && r->status != PB_DONE) unsolved++; /* stopped before any solution */
        if (n == 1 && r->status == PB_DONE) unique++;
        if (n >= 2) multiple++;
        if (n <= 1 && r->status != PB_DONE) stopped++;
        if (count_mode) {
            if (fam->batch) print_verdict(o.spec, p, r, &o.limits);
            continue;
        }
        if (r->solution && !strcmp(eng->name, "seed"))
            fputs("FIRST SOLUTION\n==============\n\n", stdout);
        if (r->solution && !o.trace) {
            for (int c = 0; c < p->model->ncells; c++) values[c] = r->solution[c];
            fam->print_solution(stdout, &set, i, values);
        } else if (!r->solution)
            puts(r->status == PB_DONE          ? "no solution"
                 : r->status == PB_INTERRUPTED ? "interrupted"
                                               : "stopped at a limit");
        if (o.candidates) fam->print_candidates(stdout, &set, i);
    }
    if (fam->batch && count_mode)
        printf("puzzles=%d none=%d unique=%d multiple=%d stopped=%d unreadable=%d\n", set.count,
               none, unique, multiple, stopped, bad);
    print_stats(stdout, status, &total);
    if (fam->batch)
        printf(" puzzles=%d elapsed_s=%.6f puzzles_per_s=%.1f", set.count - bad, elapsed,
               elapsed > 0 ? (set.count - bad) / elapsed : 0.0);
    putchar('\n');

    if (pb_interrupted)
        rc = PB_EXIT_INTERRUPT;
    else if (bad)
        rc = PB_EXIT_USAGE;
    else if (status == PB_INTERRUPTED)
        rc = PB_EXIT_INTERRUPT;
    else if (none)
        rc = PB_EXIT_NONE;
    else if (unsolved)
        rc = PB_EXIT_LIMIT;
    else
        rc = PB_EXIT_FOUND;
done:
    free(out);
    free(at);
    free(solutions);
    free(values);
    fam->free_set(&set);
    pb_binder_free(binder);
    return rc;
}
