/* render.c — `puzzlebench render`: one puzzle of an instance as a static SVG picture,
 * drawn by its family's render hook, optionally with a solution that the family's
 * default engine finds. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "harness/base/suggest.h"
#include "harness/measure/batch.h"
#include "render_trace.h"
#include "harness/io/outfile.h"
#include "harness/measure/stop.h"
#include "harness/outside/outside.h"
#include "harness/base/say.h"
#include "harness/base/sizes.h"

typedef struct render_opts {
    const char *out, *engine; /* NULL: the family's default engine */
    int solution, index, win, trace;
    pb_limits limits; /* of the search of --solution, --win or --trace */
} render_opts;

#define OPT(...) PB_OPT_ROW(render_opts, __VA_ARGS__)
static const pb_option render_options[] = {
    {OPT("solution", PB_OPT_FLAG, solution, NULL,
         "fill in a solution found by the family's default engine")},
    {OPT("win", PB_OPT_FLAG, win, NULL,
         "animate the shortest win the family's default engine finds\n(families with one: see "
         "below)")},
    {OPT("trace", PB_OPT_FLAG, trace, NULL,
         "animate the default engine's search, a step a frame (as\n'solve FAMILY INSTANCE "
         "--trace' prints it)")},
    PB_OPTION_ENGINE(render_opts, engine,
                     "--solution and --trace: the engine (default: the family's)"),
    PB_OPTION_STEP_LIMIT(render_opts, limits.max_steps,
                         "--solution, --win and --trace: stop the search after N steps"),
    PB_OPTION_TIME_LIMIT(render_opts, limits.max_seconds,
                         "--solution, --win and --trace: stop the search after S seconds"),
    {OPT("out", PB_OPT_TEXT, out, "FILE", "write the SVG to FILE ('-': standard output)")},
    PB_OPTION_INDEX(render_opts, index),
    PB_OPTION_END,
};
#undef OPT

static const render_opts render_defaults = {.index = 1};

static int has_render(const pb_family *f)
{
    return f->render != NULL;
}

/* The help; only: the family whose section it shows (its instances, its own options
 * and engines, as solve's help does), NULL: every family render draws. */
static void print_help(const pb_family *only)
{
    fputs("usage: puzzlebench render FAMILY INSTANCE [--solution | --win | --trace]\n"
          "                          [--engine E] [--time-limit S] [--step-limit N]\n"
          "                          [--out FILE.svg]\n\n"
          "Writes one puzzle of INSTANCE (named as 'solve FAMILY INSTANCE' takes it) as a\n"
          "static SVG picture in its family's conventions, to standard output unless --out.\n"
          "--win writes instead the shortest win as an animated SVG (SMIL, no script), a\n"
          "frame of 0.4 s a move, the last frame held. --trace writes the default engine's\n"
          "search (row order, to the first solution), a frame of 0.1 s a step: each value\n"
          "placed, each cell cleared as it backs up; --engine backtrack draws seed 000's.\n"
          "A search that --time-limit or --step-limit stops draws nothing (exit 3), nor\n"
          "does one that ends without a solution or win (exit 1).\n"
          "\noptions:\n",
          stdout);
    pb_options_help(stdout, render_options, "render", &render_defaults);
    for (const pb_family *const *f = pb_families; *f; f++) {
        if (!has_render(*f) || (only && *f != only)) continue;
        int w = printf("\n%s:", (*f)->name) - 1;
        pb_help_wrap(stdout, w, 2, (*f)->summary);
        fputs("  INSTANCE:", stdout);
        pb_help_wrap(stdout, 11, 4, (*f)->instance_help);
        pb_options_help(stdout, (*f)->options, "render", (*f)->params_default);
        char list[512];
        pb_family_engine_list(*f, list, sizeof list);
        w = printf("  engines (default %s):", (*f)->default_engine);
        pb_help_wrap(stdout, w, 4, list);
    }
    fputs("\nfamilies:", stdout);
    for (const pb_family *const *f = pb_families; *f; f++)
        if (has_render(*f)) printf(" %s", (*f)->name);
    fputs("\nwith --win:", stdout);
    for (const pb_family *const *f = pb_families; *f; f++)
        if ((*f)->render_win) printf(" %s", (*f)->name);
    fputs("\nwith --trace:", stdout);
    for (const pb_family *const *f = pb_families; *f; f++)
        if ((*f)->render_trace) printf(" %s", (*f)->name);
    fputs("\nexit status: 0 drawn, 1 no solution or no win, 2 bad usage or input, 3 the\n"
          "             search stopped at --time-limit, --step-limit or a memory limit\n",
          stdout);
}

int pb_render_stopped(const char *mode, const char *what, pb_status st, const pb_limits *lim,
                      double wall_s)
{
    char opt[64];
    pb_stop_option(pb_stop_of(st, lim, 0, wall_s), lim, opt, sizeof opt);
    if (opt[0])
        pb_say("render%s: stopped at %s before finding %s", mode, opt, what);
    else
        pb_say("render%s: the search stopped (%s) before finding %s", mode, pb_status_name(st),
               what);
    return PB_EXIT_LIMIT;
}

/* Puzzle k of set (from spec) solved by fam's default engine into values; 0, or the
 * exit status after a message. */
static int solve_one(const pb_family *fam, const char *engine, const pb_limits *lim,
                     const pb_set *set, int k, const char *spec, int *values)
{
    char why[600];
    int which = 0;
    const pb_engine *eng = pb_family_engine(fam, engine);
    pb_set one = {.count = 1, .puzzle = &set->puzzle[k], .priv = set->priv};
    pb_batch b = {.set = &one,
                  .engine = eng,
                  .how = {.mode = PB_MODE_FIRST, .order = pb_order_find("row"), .limits = *lim},
                  .threads = 1,
                  .keep_solutions = 1};
    if (!eng || pb_batch_check(&b, &which, why, sizeof why) != PB_RUNS)
        return pb_say("render: %s", eng ? why : "no such engine"), PB_EXIT_USAGE;
    pb_batch_result r;
    if (pb_batch_run(&b, &r)) return pb_say("render: out of memory"), PB_EXIT_FAILED;
    int rc = pb_batch_solution(&b, &r, 0, values);
    const pb_outcome *out = &r.puzzle[0];
    if (rc && out->status != PB_DONE)
        rc = pb_render_stopped(" --solution", "a solution", out->status, lim, out->stats.wall_s);
    else if (rc && set->count > 1)
        rc = (pb_say("render: %s: puzzle %d has no solution", spec, k + 1), PB_EXIT_NONE);
    else if (rc)
        rc = (pb_say("render: %s: the puzzle has no solution", spec), PB_EXIT_NONE);
    pb_batch_free(&r);
    return rc;
}

/* Loads the instance and writes puzzle o->index as a picture; the exit status. */
/* What one picture is drawn from; rc and why: a win that could not be drawn. */
typedef struct picture {
    const pb_family *fam;
    const pb_limits *limits;
    const pb_set *set;
    int k;
    const int *values;
    const pb_trace_step *steps;
    int nsteps, win, trace;
    int rc;
    char why[300];
} picture;

static int draw(FILE *f, void *ctx)
{
    picture *p = ctx;
    if (p->win)
        return (p->rc = p->fam->render_win(f, p->set, p->k, p->limits, p->why, sizeof p->why)) ? -1
                                                                                               : 0;
    if (p->trace)
        p->fam->render_trace(f, p->set, p->k, p->steps, p->nsteps);
    else
        p->fam->render(f, p->set, p->k, p->values);
    return 0;
}

static int render(const pb_family *fam, const render_opts *o, const void *params,
                  const pb_instance *inst)
{
    char err[PB_MSG_LONG_MAX];
    pb_set set;
    const char *engine = o->engine ? o->engine : fam->default_engine;
    if (fam->check_params && fam->check_params(params, err, sizeof err))
        return pb_usage_error("render", "%s", err);
    /* An outside solver not installed is said before the puzzle is read, not as the
     * puzzle's refusal. */
    const pb_engine *eng =
        o->solution && !o->win && !o->trace ? pb_family_engine(fam, engine) : NULL;
    const char *missing = eng ? pb_outside_missing(eng) : NULL;
    if (missing) return pb_say("render: engine %s: %s", eng->about.name, missing), PB_EXIT_USAGE;
    if (fam->load(inst, params, &set, err, sizeof err))
        return pb_say("render: %s", err), PB_EXIT_USAGE;
    int k = o->index - 1, rc = 0;
    if (o->engine && o->win)
        rc = pb_usage_error("render", "--win draws the win of %s's default engine: no --engine",
                            fam->name);
    else if (o->engine && !o->solution && !o->trace)
        rc = pb_usage_error("render", "--engine picks the engine of --solution or --trace: give "
                                      "one of them");
    else if (o->engine && !pb_family_engine(fam, o->engine)) {
        char list[256], hint[200];
        pb_family_engine_list(fam, list, sizeof list);
        rc = pb_usage_error("render", "unknown engine '%s' for %s (one of: %s)%s", o->engine,
                            fam->name, list,
                            pb_family_engine_hint(fam, o->engine, hint, sizeof hint));
    }
    int *values = NULL;
    if (rc)
        ;
    else if (k >= set.count)
        rc = pb_usage_error("render", "--index %d: %s holds %d puzzle%s", o->index, inst->spec,
                            set.count, set.count == 1 ? "" : "s");
    else if (set.puzzle[k].error)
        rc = (pb_say("render: %s", set.puzzle[k].error), PB_EXIT_USAGE);
    int searches = o->solution || o->win || o->trace;
    if (!rc && !searches && (o->limits.max_seconds > 0 || o->limits.max_steps))
        rc = pb_usage_error("render",
                            "--%s bounds the search of --solution, --win or --trace: "
                            "give one of them",
                            o->limits.max_seconds > 0 ? "time-limit" : "step-limit");
    if (!rc && o->win && (o->solution || !fam->render_win))
        rc = o->solution ? pb_usage_error("render", "give --solution or --win, not both")
                         : pb_usage_error("render", "--win: no animated win of %s", fam->name);
    if (!rc && o->trace && (o->solution || o->win || !fam->render_trace || !set.puzzle[k].model))
        rc = o->solution || o->win
                 ? pb_usage_error("render", "give one of --solution, --win and --trace")
                 : pb_usage_error("render", "--trace: no animated search of %s", fam->name);
    pb_trace_step *steps = NULL;
    int nsteps = 0;
    if (!rc && o->trace)
        rc = pb_render_trace_record(fam, engine, &o->limits, &set, k, &steps, &nsteps);
    /* A game's solution is its moves, not values in cells: render --win draws it. */
    if (!rc && o->solution && (!set.puzzle[k].model || !fam->placement))
        rc = pb_usage_error("render", "--solution: %s's picture is static (the start only)",
                            fam->name);
    if (!rc && o->solution) {
        values = malloc((size_t)set.puzzle[k].model->ncells * sizeof *values + 1);
        rc = values ? solve_one(fam, engine, &o->limits, &set, k, inst->spec, values)
                    : PB_EXIT_FAILED;
    }
    if (!rc) {
        picture p = {fam, &o->limits, &set, k, values, steps, nsteps, o->win, o->trace, 0, ""};
        char err[PB_MSG_LONG_MAX];
        if (!o->out || !strcmp(o->out, "-")) { /* "-" as export's: no file named "-" */
            rc = draw(stdout, &p);
        } else if (pb_write_file_atomic(o->out, draw, &p, err, sizeof err)) {
            /* the file is absent, never half drawn */
            rc = PB_EXIT_USAGE;
            if (!p.why[0]) pb_say("render: %s", err);
        }
        if (p.why[0]) rc = (pb_say("render --win: %s", p.why), p.rc);
    }
    free(values);
    free(steps);
    fam->free_set(&set);
    return rc;
}

int pb_cmd_render(int argc, char **argv)
{
    char names[256] = "";
    for (const pb_family *const *f = pb_families; *f; f++)
        if (has_render(*f))
            snprintf(names + strlen(names), sizeof names - strlen(names), "%s%s",
                     names[0] ? ", " : "", (*f)->name);
    if (argc < 3) return pb_usage_error("render", "missing FAMILY (one of: %s)", names);
    if (!strcmp(argv[2], "--help") || !strcmp(argv[2], "-h")) return print_help(NULL), 0;
    const pb_family *fam = pb_family_find(argv[2]);
    if (!fam && argv[2][0] == '-' && argv[2][1])
        return pb_usage_error("render", "missing FAMILY before '%s' (one of: %s)", argv[2], names);
    if (!fam || !fam->render || !fam->load) {
        const char *drawn[64];
        int n = 0;
        char hint[200];
        for (const pb_family *const *f = pb_families; *f && n < 64; f++)
            if (has_render(*f)) drawn[n++] = (*f)->name;
        return pb_usage_error("render", "no pictures of '%s' (one of: %s)%s", argv[2], names,
                              pb_suggest_hint(argv[2], drawn, n, hint, sizeof hint));
    }
    render_opts o = render_defaults;
    pb_instance inst = {NULL, 0, NULL};
    const char *pos[1];
    int npos = 0;
    void *params = calloc(1, fam->params_size ? fam->params_size : 1);
    if (!params) return pb_usage_error("render", "out of memory");
    if (fam->params_size) memcpy(params, fam->params_default, fam->params_size);
    pb_opt_group groups[] = {{render_options, &o}, {fam->options, params}};
    int rc = pb_options_parse("render", groups, 2, argc, argv, 3, pos, 1, &npos, &inst);
    if (rc == PB_OPT_HELP)
        rc = (print_help(fam), -1);
    else if (rc)
        rc = PB_EXIT_USAGE;
    else if (npos && inst.spec)
        rc = pb_usage_error("render", "give the instance as INSTANCE or as --%s, not both",
                            inst.from);
    if (!rc && npos) inst = (pb_instance){pos[0], 0, NULL};
    if (!rc && !inst.spec)
        rc = pb_usage_error("render", "missing instance: %s", fam->instance_help);
    if (!rc) rc = render(fam, &o, params, &inst);
    free(params);
    return rc < 0 ? 0 : rc;
}
