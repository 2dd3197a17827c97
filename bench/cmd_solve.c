/* cmd_solve.c — `puzzlebench solve` and `puzzlebench count`: one instance, one engine. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "args.h"
#include "commands.h"
#include "core/engine.h"
#include "family.h"
#include "meta.h"
#include "trace_print.h"

static const char solve_help[] =
    "usage: puzzlebench solve FAMILY [INSTANCE] [options]\n"
    "       puzzlebench count FAMILY [INSTANCE] [options]\n"
    "\n"
    "solve prints the first solution, then one line of stats; count counts every\n"
    "solution and prints the stats line.\n"
    "\n"
    "instance:\n"
    "  INSTANCE, --board NAME   built-in board: cross8 (the seed's) or RxC, e.g. 2x5\n"
    "  --board-file FILE        mask file: rows of '#' (cell) and '.' (hole)\n"
    "  --diff D                 touching cells differ by at least D (default 2)\n"
    "  --adj king|orth          touching: 8 neighbours (default) or 4\n"
    "search:\n"
    "  --engine NAME            see 'puzzlebench engines' (default propagate)\n"
    "  --order NAME             cell order for backtrack/propagate (default row)\n"
    "  --trace                  print every step in the seed's layout (solve only)\n"
    "  --threads T              count: split the search over T OpenMP threads (default 1)\n"
    "  --bind none|core         pin those threads to cores with hwloc (default none)\n"
    "limits (a run that reaches one stops with status=limit):\n"
    "  --step-limit N           stop after N steps (placements + backtracks)\n"
    "  --time-limit S           stop after S seconds\n"
    "  --limit N                count: stop after N solutions (2 = uniqueness check)\n"
    "\n"
    "stats: solutions steps placements backtracks candidates guesses wall_s status\n"
    "exit status: 0 solution found, 1 none exists, 2 bad usage or input,\n"
    "             3 stopped at a limit before a solution, 130 interrupted\n";

typedef struct solve_opts {
    const char *family, *spec, *engine, *order, *bind;
    bench_params params;
    int trace, threads;
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
    o->engine = "propagate";
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
        pb_usage_error(cmd, "missing FAMILY (one of: notouch)");
        return -1;
    }
    return 0;
}

static void print_stats(FILE *f, const pb_result *r)
{
    const pb_stats *s = &r->stats;
    fprintf(f,
            "solutions=%llu steps=%llu placements=%llu backtracks=%llu candidates=%llu "
            "guesses=%llu wall_s=%.6f status=%s\n",
            (unsigned long long)s->solutions, (unsigned long long)s->steps,
            (unsigned long long)s->placements, (unsigned long long)s->backtracks,
            (unsigned long long)s->candidates, (unsigned long long)s->guesses, s->wall_s,
            pb_status_name(r->status));
}

static int digits(int v)
{
    int d = 1;
    while (v >= 10) v /= 10, d++;
    return d;
}

int cmd_solve(int argc, char **argv, int count_mode)
{
    const char *cmd = count_mode ? "count" : "solve";
    solve_opts o;
    if (parse(argc, argv, cmd, &o)) return PB_EXIT_USAGE;

    const bench_family *fam = bench_family_find(o.family);
    if (!fam) return pb_usage_error(cmd, "unknown family '%s' (one of: notouch)", o.family);
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
    if (!o.spec) return pb_usage_error(cmd, "missing instance: %s", fam->instance_help);

    char err[512];
    if (fam->check_params(&o.params, err, sizeof err)) return pb_usage_error(cmd, "%s", err);
    pb_binder *binder = pb_binder_new(o.bind, err, sizeof err);
    if (!binder) return pb_usage_error(cmd, "%s", err);
    pb_model *m = fam->load(o.spec, &o.params, err, sizeof err);
    if (!m) {
        pb_binder_free(binder);
        fprintf(stderr, "puzzlebench: %s\n", err);
        return PB_EXIT_USAGE;
    }

    const char *why = "";
    if (eng->accepts && !eng->accepts(m, &why)) {
        fprintf(stderr, "puzzlebench: engine %s cannot run this instance: %s\n", eng->name, why);
        pb_model_free(m);
        pb_binder_free(binder);
        return PB_EXIT_USAGE;
    }

    trace_printer tp = {stdout, count_mode ? PB_MODE_COUNT : PB_MODE_FIRST, 0, 0};
    int *first = calloc((size_t)m->ncells, sizeof *first);
    pb_run how = {
        .mode = count_mode ? PB_MODE_COUNT : PB_MODE_FIRST,
        .order = ord,
        .threads = o.threads,
        .limits = o.limits,
        .trace = o.trace ? trace_print_step : NULL,
        .trace_ctx = &tp,
        .thread_start = bind_thread,
        .thread_ctx = binder,
    };
    how.limits.cancel = &pb_interrupted;
    pb_result res = {.first = first};
    pb_install_interrupt_handler();
    pb_engine_run(eng, m, &how, &res);

    if (!count_mode && !o.trace && res.stats.solutions && first)
        bench_print_board(stdout, m, first, digits(m->nvalues), "", "");
    if (!count_mode && !res.stats.solutions && res.status == PB_DONE) puts("no solution");
    print_stats(stdout, &res);

    int rc = res.stats.solutions            ? PB_EXIT_FOUND
             : res.status == PB_DONE        ? PB_EXIT_NONE
             : res.status == PB_INTERRUPTED ? PB_EXIT_INTERRUPT
                                            : PB_EXIT_LIMIT;
    free(first);
    pb_model_free(m);
    pb_binder_free(binder);
    return rc;
}
