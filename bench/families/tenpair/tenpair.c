/* tenpair.c — the tenpair family (seed 003), the crossing-out game: its search is over
 * game states, not the shared model, so it runs solve (the shortest win, board after
 * board) and count (every win up to a length, by length) itself, with the rule
 * switches, limits, and an optional one-row CSV with its metadata. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness/io/csv.h"
#include "harness/base/exit.h"
#include "harness/base/sizes.h"
#include "harness/measure/measure.h"
#include "harness/measure/stop.h"
#include "harness/measure/usage.h"
#include "harness/meta/meta.h"
#include "harness/base/units.h"
#include "harness/mpi/rank_table.h"
#include "harness/mpi/world.h"
#include "tenpair_family.h"
#include "tenpair_ranks.h"
#include "harness/base/say.h"
#include "harness/io/outfile.h"

typedef struct tp_opts {
    const char *start, *upto; /* the instance (pb_tenpair_load) */
    tp_params rules;
    const char *engine, *csv, *levels;
    int max_length, threads, print_wins, quiet;
    pb_limits limits;
    uint64_t max_bytes;
    pb_timing_opts timing;
} tp_opts;

#define OPT(...) PB_OPT_ROW(tp_opts, __VA_ARGS__)
static const pb_option tenpair_options[] = {
    {OPT("start", PB_OPT_TEXT, start, "DIGITS",
         "the digits written first, 1-9 (default: --upto 19)")},
    {OPT("upto", PB_OPT_TEXT, upto, "N", "write 1..N, leaving out numbers with a 0 (default 19)")},
    PB_TENPAIR_RULE_OPTIONS(tp_opts, rules),
    PB_OPTION_ENGINE(tp_opts, engine, "bfs, best-first or compact (see 'puzzlebench engines')"),
    {OPT("max-length", PB_OPT_INT, max_length, "L",
         "count: the longest win counted (required); solve: look no\n"
         "further than L (default: no bound)"),
     .lo = 1, .hi = TP_MAX_LENGTH},
    PB_OPTION_THREADS(tp_opts, threads,
                      "count with an engine marked 'parallel': search T written\n"
                      "sequences at a time (the counts do not depend on it)"),
    {OPT("print-wins", PB_OPT_FLAG, print_wins, NULL,
         "with an engine marked 'paths': print each win's written digits\n"
         "('win length=N digits=...') as it is found"),
     .only = "count"},
    PB_OPTION_STEP_LIMIT(tp_opts, limits.max_steps, "stop after N states expanded"),
    PB_OPTION_TIME_LIMIT(tp_opts, limits.max_seconds, "stop after S seconds"),
    {OPT("max-memory", PB_OPT_BYTES, max_bytes, "SIZE",
         "stop before the search holds more than SIZE bytes (K, M, G);\n"
         "under mpirun, each rank's bound")},
    {OPT("levels", PB_OPT_TEXT, levels, "FILE",
         "engine compact: count a written length at a time and write a\n"
         "CSV row per length to FILE ('-': stderr): states, steps, bytes\n"
         "exchanged between MPI ranks, times (as under mpirun -np N)"),
     .writes = 1, .only = "count"},
    {OPT("csv", PB_OPT_TEXT, csv, "FILE",
         "also write the run as one CSV row (its counts, wall and CPU time,\n"
         "peak memory, why it stopped), and FILE.meta"),
     .writes = 1},
    PB_OPTION_SAMPLES(tp_opts, timing,
                      "time the search by the harness's method: one warm-up run, then N\n"
                      "samples, every run checked to find the same (1: timed once)"),
    PB_OPTION_MIN_SAMPLE_TIME(tp_opts, timing,
                              "with --samples: each sample lasts at least S seconds"),
    PB_OPTION_QUIET(tp_opts, quiet, "print only the stats line, not the boards or wins by length"),
    PB_OPTION_END,
};
#undef OPT

static const tp_opts tp_defaults = {
    .rules = {.width = 9},
    .engine = "compact",
    .threads = 1,
    .max_bytes = 4ull << 30,
    .timing = {.samples = 1, .min_sample_s = 0.010, .warmup_s = 0.050}};

static void print_help(const char *cmd)
{
    printf("usage: puzzlebench solve tenpair [options]\n"
           "       puzzlebench count tenpair --max-length L [options]\n"
           "\n"
           "The crossing-out game (seed 003). solve finds the shortest win and prints it as\n"
           "the seed does: the written digits in rows, '#' for crossed ones, board after\n"
           "board with a blank line between, then one stats line. count lists, for every\n"
           "length up to L that has wins, 'length=N wins=K' (a win is its written digit\n"
           "sequence: move orders that write the same digits are one win), then the stats.\n"
           "Under mpirun -np N, count (engine compact) splits the written sequences over\n"
           "the ranks by hash and exchanges their children once per length; rank 0 prints.\n"
           "\noptions:\n");
    pb_options_help(stdout, tenpair_options, cmd, &tp_defaults);
    fputs("\nstats: length (solve), wins, expanded (states whose moves were generated),\n"
          "stored (states kept at the peak; compact count: states of sequences still to\n"
          "search), peak_bytes, nodes (compact count: written sequences searched), wall_s,\n"
          "status.\n"
          "exit status: 0 a win found, 1 none within the bound, 2 bad usage, 3 stopped at a\n"
          "             limit (whatever it found), 130 SIGINT, 143 SIGTERM or SIGHUP\n",
          stdout);
}

/* What one run is: the options, and the rules and request made of them. */
typedef struct tp_cmd {
    const char *cmd;
    tp_opts o;
    pb_set set;            /* the start, loaded */
    const tp_rules *rules; /* its rules, and the model the engines take */
    const pb_model *model;
    const char *instance; /* its short name */
    const pb_engine *engine;
    pb_run how;
    int count;
    pb_timing timing; /* with --samples N > 1 */
    /* The first run's CPU time (its threads': it has the process to itself) and the
     * process's resident high-water mark over it (0: not read). */
    double cpu_s;
    uint64_t peak_rss_bytes;
} tp_cmd;

/* Parses the options into c and loads the start; 0, or the exit status (-1: help
 * printed). */
static int parse(tp_cmd *c, int argc, char **argv, int first)
{
    pb_opt_group g = {tenpair_options, &c->o};
    const char *pos[1];
    int npos = 0;
    char err[600];
    int rc = pb_options_parse(c->cmd, &g, 1, argc, argv, first, pos, 1, &npos, NULL);
    if (rc == PB_OPT_HELP) return print_help(c->cmd), -1;
    if (rc) return PB_EXIT_USAGE;
    if (npos)
        return pb_usage_error(c->cmd,
                              "unexpected argument '%s' (tenpair takes no instance; "
                              "see --start and --upto)",
                              pos[0]);
    if (c->o.start && c->o.upto) return pb_usage_error(c->cmd, "give --start or --upto, not both");
    const pb_instance inst = {c->o.start ? c->o.start : c->o.upto, 0,
                              c->o.start  ? "start"
                              : c->o.upto ? "upto"
                                          : NULL};
    if (pb_tenpair_load(&inst, &c->o.rules, &c->set, err, sizeof err))
        return pb_usage_error(c->cmd, "%s", err);
    const tp_start *start = c->set.priv;
    c->rules = &start->rules, c->instance = start->name, c->model = c->set.puzzle[0].model;
    return 0;
}

static void print_win(void *ctx, const tp_step *path, int npath, int length)
{
    pb_tenpair_print_path_line(stdout, ctx, 0, path, npath, length);
}

typedef struct row_ctx {
    const tp_cmd *c;
    const pb_result *res;
    const pb_meta *meta;
} row_ctx;

static int fill_csv(FILE *f, void *p)
{
    const row_ctx *r = p;
    const tp_cmd *c = r->c;
    const pb_stats *s = &r->res->stats;
    const uint64_t *fig = r->res->figure;
    fprintf(f, "family,instance,engine,mode,max_length,append,wrap,width,threads,status,length,"
               "wins,expanded,stored,peak_bytes,nodes,wall_s,cpu_s,peak_rss_bytes,stop,"
               "time_limit_s,run_id\n");
    fprintf(f, "tenpair,%s,%s,%s,%d,%s,%s,%d,%d,%s,%d,%llu,%llu,%llu,%llu,%llu,%.6f,%.6f,",
            c->instance, c->engine->about.name, c->count ? "count" : "shortest", c->how.max_length,
            c->rules->append_any ? "any" : "stuck", c->rules->wrap ? "on" : "off", c->rules->width,
            c->o.threads, pb_status_name(r->res->status), r->res->length,
            (unsigned long long)s->solutions, (unsigned long long)s->steps,
            (unsigned long long)fig[TP_FIG_STORED], (unsigned long long)s->bytes,
            (unsigned long long)fig[TP_FIG_NODES], s->wall_s, c->cpu_s);
    if (c->peak_rss_bytes) fprintf(f, "%llu", (unsigned long long)c->peak_rss_bytes);
    /* A tenpair run counts states, not solutions: a limit is its time or steps. */
    fprintf(f, ",%s,%.9g,%s\n",
            pb_stop_name(pb_stop_of(r->res->status, &c->how.limits, 0, s->wall_s)),
            c->how.limits.max_seconds, r->meta->run_id);
    return 0;
}

/* FILE (the row) and FILE.meta with FILE.topology.xml beside it. */
static int write_csv(const tp_cmd *c, const pb_result *res, const pb_meta *meta)
{
    row_ctx r = {c, res, meta};
    char err[4400], path[4200];
    snprintf(path, sizeof path, "%s.meta", c->o.csv);
    if (pb_write_file_atomic(c->o.csv, fill_csv, &r, err, sizeof err) ||
        pb_meta_save(path, meta, NULL, err, sizeof err)) {
        pb_say("%s", err);
        return -1;
    }
    return 0;
}

/* Finds the engine and sets the request up; 0, or the exit status. */
static int prepare(tp_cmd *c)
{
    char list[256], hint[200];
    c->engine = pb_family_engine(&pb_family_tenpair, c->o.engine);
    if (!c->engine) {
        pb_family_engine_list(&pb_family_tenpair, list, sizeof list);
        return pb_usage_error(
            c->cmd, "unknown engine '%s' for tenpair (one of: %s)%s", c->o.engine, list,
            pb_family_engine_hint(&pb_family_tenpair, c->o.engine, hint, sizeof hint));
    }
    if (c->count && !c->o.max_length)
        return pb_usage_error(c->cmd,
                              "count tenpair needs --max-length L (the longest win counted)");
    if (c->o.max_length && c->o.max_length < c->rules->nstart)
        return pb_usage_error(c->cmd, "--max-length %d is shorter than the start (%d digits)",
                              c->o.max_length, c->rules->nstart);
    c->how = (pb_run){.mode = c->count ? PB_MODE_COUNT : PB_MODE_FIRST,
                      .max_length = c->o.max_length,
                      .threads = c->o.threads,
                      .limits = c->o.limits};
    c->how.limits.max_bytes = c->o.max_bytes;
    c->how.limits.cancel = &pb_interrupted;
    if (c->o.print_wins) c->how.on_path = print_win, c->how.path_ctx = &c->set;
    return 0;
}

/* Prints the wins by length (count) or the win's boards (solve), then the stats. */
static int print_result(const tp_cmd *c, const pb_result *res, const uint64_t *wins)
{
    int rc = 0;
    if (c->count && !c->o.quiet) {
        for (int len = 0; len <= c->how.max_length; len++)
            if (wins[len]) printf("length=%d wins=%llu\n", len, (unsigned long long)wins[len]);
    } else if (!c->count && res->length && !c->o.quiet) {
        pb_tenpair_print_path(stdout, &c->set, 0, res->path, res->npath);
    }
    const pb_stats *s = &res->stats;
    if (!c->count) printf("length=%d ", res->length);
    printf("wins=%llu expanded=%llu stored=%llu peak_bytes=%llu nodes=%llu wall_s=%.6f "
           "status=%s engine=%s",
           (unsigned long long)s->solutions, (unsigned long long)s->steps,
           (unsigned long long)res->figure[TP_FIG_STORED], (unsigned long long)s->bytes,
           (unsigned long long)res->figure[TP_FIG_NODES], s->wall_s, pb_status_name(res->status),
           c->engine->about.name);
    const pb_summary *m = &c->timing.sum;
    if (c->timing.samples > 1)
        printf(" samples=%d runs_per_sample=%d median_s=%.6g median_lo_s=%.6g median_hi_s=%.6g "
               "cv=%.3g",
               c->timing.samples, c->timing.runs_per_sample, m->median, m->median_lo, m->median_hi,
               m->cv);
    putchar('\n');
    return rc;
}

/* Why a run stopped for memory, in one line on stderr: the growth it refused and the
 * bound, which a stop comes before (a set doubles: one in use under the bound may
 * not grow past it), or the system's allocator. */
static void print_memory_stop(const tp_cmd *c, const pb_result *s)
{
    const char *bfs_hint = !c->count && !c->how.max_length && !strcmp(c->engine->about.name, "bfs")
                               ? "; bfs keeps every length in one queue: give it --max-length"
                               : "";
    if (!s->refused_total) {
        pb_say("%s tenpair: out of memory (the system refused an allocation)%s", c->cmd, bfs_hint);
        return;
    }
    char used[32], total[32], bound[32];
    pb_format_bytes(used, sizeof used, s->refused_used);
    pb_format_bytes(total, sizeof total, s->refused_total);
    pb_format_bytes(bound, sizeof bound, c->how.limits.max_bytes);
    pb_say("%s tenpair: stopped before growing from %s to %s: over --max-memory %s%s", c->cmd, used,
           total, bound, bfs_hint);
}

/* The exit status of a finished run, with a line on stderr where it says why (not
 * when quiet: the ranks other than 0 of a count over MPI ranks). */
static int outcome(const tp_cmd *c, const pb_result *res, int quiet)
{
    pb_status st = res->status;
    if (quiet) {
        if (st == PB_INTERRUPTED) return pb_interrupt_exit();
        if (st != PB_DONE) return PB_EXIT_LIMIT;
        return res->stats.solutions ? PB_EXIT_FOUND : PB_EXIT_NONE;
    }
    if (st == PB_DONE && !res->stats.solutions)
        pb_say("%s tenpair: no win of length %d or less from this start", c->cmd,
               c->how.max_length ? c->how.max_length : TP_MAX_LENGTH);
    if (st == PB_NOMEM) print_memory_stop(c, res);
    if (st == PB_INTERRUPTED) return pb_interrupt_exit();
    if (st != PB_DONE) return PB_EXIT_LIMIT;
    return res->stats.solutions ? PB_EXIT_FOUND : PB_EXIT_NONE;
}

/* A count over the world's ranks, or with --levels: the compact engine level by
 * level (tenpair_ranks.c); rank 0 prints, and writes --levels FILE.meta. 0, or -1
 * when FILE.meta could not be written. */
static int run_ranks(const tp_cmd *c, pb_result *res, FILE *levels)
{
    const pb_world *w = pb_world_get();
    pb_tenpair_ranks_total total;
    pb_meta meta;
    if (levels && levels != stderr) pb_meta_collect(&meta, c->o.threads, "none");
    pb_tenpair_count_ranks(c->model, &c->how, res, levels, &total);
    int rc = 0;
    if (levels && levels != stderr) {
        fclose(levels);
        pb_meta_end(&meta);
        char err[PB_MSG_LONG_MAX];
        if ((rc = pb_rank_table_meta(c->o.levels, &meta, err, sizeof err))) pb_say("%s", err);
    }
    if (w->size > 1 && w->rank == 0)
        pb_say("count tenpair over %d ranks: %d lengths searched, %llu bytes exchanged, memory "
               "peak %llu bytes on the largest rank, %llu on all together",
               w->size, total.levels, (unsigned long long)total.sent_bytes,
               (unsigned long long)res->stats.bytes, (unsigned long long)total.peak_bytes_sum);
    return rc;
}

/* One more run of the search for --samples: it must find what the first one did. */
typedef struct tp_again {
    const tp_cmd *c;
    const pb_result *first;
    uint64_t *wins;
} tp_again;

static pb_run_end run_again(void *ctx)
{
    tp_again *a = ctx;
    pb_result r = {.by_length = a->wins};
    pb_engine_run(a->c->engine, a->c->model, &a->c->how, &r);
    free(r.path);
    if (r.status == PB_INTERRUPTED) return PB_RUN_STOPPED;
    const int same = r.status == a->first->status && r.length == a->first->length &&
                     r.stats.solutions == a->first->stats.solutions &&
                     r.stats.steps == a->first->stats.steps;
    return same ? PB_RUN_SAME : PB_RUN_ERROR;
}

/* Times the search with --samples N > 1 once its first run finished; 0, or the exit
 * status after saying why not. */
static int measure(tp_cmd *c, const pb_result *first)
{
    char why[300];
    if (c->o.timing.samples <= 1 || first->status != PB_DONE) return 0;
    if (pb_timing_check(&c->o.timing, why, sizeof why)) return pb_usage_error(c->cmd, "%s", why);
    tp_again a = {c, first, NULL};
    if (c->count && !(a.wins = calloc((size_t)c->how.max_length + 1, sizeof *a.wins)))
        return pb_say("%s: out of memory", c->cmd), PB_EXIT_FAILED;
    pb_run_end end = pb_measure(&c->o.timing, run_again, &a, &c->timing);
    free(a.wins);
    if (pb_interrupted) return pb_interrupt_exit();
    if (end == PB_RUN_ERROR) {
        pb_say("%s tenpair: a timed run found other counts than the first (a bug)", c->cmd);
        return PB_EXIT_FAILED;
    }
    return 0;
}

/* Runs the checked request c: the search (over MPI ranks or level by level when
 * asked), its timing, the output and the CSV. The exit status. */
static int run_prepared(tp_cmd *c)
{
    int rc = 0;
    const pb_world *w = pb_world_get();
    /* Over MPI ranks, or level by level: the compact engine's count_levels pieces. */
    const int ranks = c->count && (w->size > 1 || c->o.levels);
    if (ranks && strcmp(c->engine->about.name, "compact"))
        return pb_usage_error(c->cmd, "engine %s cannot count %s (engine compact can)",
                              c->engine->about.name,
                              c->o.levels ? "level by level (--levels)" : "over MPI ranks");
    uint64_t *wins = c->count ? calloc((size_t)c->how.max_length + 1, sizeof *wins) : NULL;
    if (c->count && !wins) return pb_usage_error(c->cmd, "out of memory");
    FILE *levels = NULL;
    char err[PB_MSG_LONG_MAX];
    if (ranks && c->o.levels && pb_rank_table_open(c->o.levels, &levels, err, sizeof err)) {
        if (w->rank == 0) pb_say("%s: --levels: %s", c->cmd, err);
        free(wins);
        return PB_EXIT_USAGE;
    }
    pb_install_interrupt_handler();
    pb_result res = {.by_length = wins};
    pb_meta meta;
    if (c->o.csv) pb_meta_begin(&meta, c->o.threads, "none");
    res.refusal = pb_engine_check(c->engine, c->model, &c->how, res.why, sizeof res.why);
    const int peak = !ranks && res.refusal == PB_RUNS && !pb_peak_reset();
    const double cpu0 = pb_cpu_process_s();
    if (res.refusal != PB_RUNS ||
        (!ranks && pb_engine_run(c->engine, c->model, &c->how, &res) == PB_UNSUPPORTED)) {
        if (levels && levels != stderr) fclose(levels);
        free(wins);
        return pb_usage_error(c->cmd, "%s", res.why);
    }
    if (peak) c->peak_rss_bytes = pb_peak_read();
    int levels_failed = ranks && run_ranks(c, &res, levels);
    c->cpu_s = pb_cpu_process_s() - cpu0; /* over MPI ranks, this rank's */
    if (!ranks && (rc = measure(c, &res))) {
        free(res.path);
        free(wins);
        return rc;
    }
    if (c->o.csv) pb_meta_end(&meta);
    const int quiet = w->rank != 0;
    if (quiet)
        rc = outcome(c, &res, 1);
    else
        rc = print_result(c, &res, wins) ? PB_EXIT_USAGE : outcome(c, &res, 0);
    if (levels_failed) rc = PB_EXIT_USAGE;
    if (c->o.csv && !quiet && write_csv(c, &res, &meta)) rc = PB_EXIT_USAGE;
    free(res.path);
    free(wins);
    return rc;
}

/* Whether the request is one the common solve and count do not serve: a CSV row in
 * this family's own columns (the runs sweeps' rows). */
static int own_request(int argc, char **argv, int first)
{
    for (int i = first; i < argc && strcmp(argv[i], "--"); i++)
        if (!strncmp(argv[i], "--csv", 5)) return 1;
    return 0;
}

/* The family's count_ranks hook: the compact engine's count a length at a time, over
 * the world's ranks (tenpair_ranks.c); rank 0 says what the ranks moved and held. */
static int count_ranks(const pb_set *set, const pb_engine *e, const pb_run *how, pb_result *out,
                       FILE *levels, char *err, size_t errlen)
{
    const pb_world *w = pb_world_get();
    if (strcmp(e->about.name, "compact"))
        return snprintf(err, errlen, "engine %s cannot count %s (engine compact can)",
                        e->about.name,
                        w->size > 1 ? "over MPI ranks" : "level by level (--levels)"),
               -1;
    pb_tenpair_ranks_total total;
    pb_tenpair_count_ranks(set->puzzle[0].model, how, out, levels, &total);
    if (w->size > 1 && w->rank == 0)
        pb_say("count tenpair over %d ranks: %d lengths searched, %llu bytes exchanged, memory "
               "peak %llu bytes on the largest rank, %llu on all together",
               w->size, total.levels, (unsigned long long)total.sent_bytes,
               (unsigned long long)out->stats.bytes, (unsigned long long)total.peak_bytes_sum);
    return 0;
}

static int run_tenpair(const char *cmd, int argc, char **argv, int first)
{
    if (!own_request(argc, argv, first)) return PB_FAMILY_RUN_COMMON;
    tp_cmd c;
    memset(&c, 0, sizeof c);
    c.cmd = cmd;
    c.o = tp_defaults;
    c.count = !strcmp(cmd, "count");
    int rc = parse(&c, argc, argv, first);
    if (rc) return rc < 0 ? 0 : rc;
    if (!(rc = prepare(&c))) rc = run_prepared(&c);
    pb_tenpair_free_set(&c.set);
    return rc;
}

static const char *const tenpair_sweeps[] = {"tenpair-bound", "tenpair-rules", "tenpair-threads",
                                             "tenpair-count", NULL};

static const char *const tenpair_examples[] = {
    "solve tenpair",
    "count tenpair --max-length 100 -t 2",
    NULL,
};

const pb_family pb_family_tenpair = {
    .name = "tenpair",
    .summary = "the crossing-out game: cross pairs that are equal or sum to 10 (seed 003)",
    .instance_help = "no instance: the start is --start DIGITS or --upto N (default 19); "
                     "render takes the start as DIGITS or uptoN",
    .options = pb_tenpair_options,
    .params_size = sizeof(tp_params),
    .params_default = &pb_tenpair_defaults,
    .load = pb_tenpair_load,
    .free_set = pb_tenpair_free_set,
    .render = pb_tenpair_render,
    .render_win = pb_tenpair_render_win,
    .print_path = pb_tenpair_print_path,
    .print_path_line = pb_tenpair_print_path_line,
    .figures = tp_figure_names,
    .default_instance = 1,
    .count_ranks = count_ranks,
    .puzzle_name = pb_tenpair_puzzle_name,
    .default_engine = "compact",
    .run = run_tenpair,
    .run_options = tenpair_options,
    .run_defaults = &tp_defaults,
    .micro = &pb_micro_tenpair,
    .sweeps = tenpair_sweeps,
    .examples = tenpair_examples,
};
