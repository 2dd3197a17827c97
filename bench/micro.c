/* micro.c — puzzlebench-micro: Google Benchmark timings of each engine on fixed instances. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "build_info.h"
#include "core/engine.h"
#include "gbench_shim.h"
#include "meta.h"
#include "micro_kakuro.h"
#include "micro_sudoku.h"
#include "micro_tenpair.h"
#include "notouch/board.h"

/* Cases whose validation run passes this many steps are too slow to time; skipped. */
#define VALIDATE_MAX_STEPS 2000000000u

static const char *const counter_names[] = {"steps", "solutions", "candidates"};
enum { NCOUNTERS = sizeof counter_names / sizeof counter_names[0] };

/* The fixed instances: board, mode, and the solution count every engine must give. */
static const struct instance {
    const char *board;
    pb_mode mode;
    uint64_t solutions;
} instances[] = {
    {"cross8", PB_MODE_FIRST, 1},
    {"cross8", PB_MODE_COUNT, 4},
    {"3x4", PB_MODE_COUNT, 272836},
};
enum { NINSTANCES = sizeof instances / sizeof instances[0] };

typedef struct bench_case {
    char name[128];
    const struct instance *inst;
    const pb_model *m;
    const pb_engine *e;
    const pb_order *order; /* NULL: the engine's default */
    int *first;            /* ncells: the first solution of the last run */
} bench_case;

/* Runs c once; 0 when the result is right, else -1 with a message in msg. *status is
 * the run's status (PB_UNSUPPORTED and PB_LIMIT return -1 too). */
static int run_case(bench_case *c, uint64_t max_steps, pb_result *res, pb_status *status, char *msg,
                    size_t msglen)
{
    pb_run how = {.mode = c->inst->mode, .order = c->order, .threads = 1};
    how.limits.max_steps = max_steps;
    memset(res, 0, sizeof *res);
    memset(c->first, 0, (size_t)c->m->ncells * sizeof *c->first);
    res->first = c->first;
    *status = pb_engine_run(c->e, c->m, &how, res);
    if (*status != PB_DONE) {
        snprintf(msg, msglen, "status %s", pb_status_name(*status));
        return -1;
    }
    if (res->stats.solutions != c->inst->solutions) {
        snprintf(msg, msglen, "%llu solutions, expected %llu",
                 (unsigned long long)res->stats.solutions, (unsigned long long)c->inst->solutions);
        return -1;
    }
    if (c->inst->mode == PB_MODE_FIRST && !pb_model_check(c->m, c->first)) {
        snprintf(msg, msglen, "the first solution reported breaks the rules");
        return -1;
    }
    return 0;
}

/* The benchmarked work: one full run, checked. */
static int bench_fn(void *ctx, double *counters)
{
    bench_case *c = ctx;
    pb_result res;
    pb_status status;
    char msg[160];
    if (run_case(c, 0, &res, &status, msg, sizeof msg)) {
        fprintf(stderr, "puzzlebench-micro: %s: %s\n", c->name, msg);
        return 1;
    }
    counters[0] = (double)res.stats.steps;
    counters[1] = (double)res.stats.solutions;
    counters[2] = (double)res.stats.candidates;
    return 0;
}

/* Validates c once (the warm-up) and registers it. 0 when registered or skipped,
 * -1 on a wrong result. */
static int validate_and_register(bench_case *c)
{
    if (!pb_bench_selected(c->name, 1)) return 0;
    pb_result res;
    pb_status status;
    char msg[160];
    if (run_case(c, VALIDATE_MAX_STEPS, &res, &status, msg, sizeof msg)) {
        if (status == PB_UNSUPPORTED) return 0;
        if (status == PB_LIMIT) {
            fprintf(stderr, "puzzlebench-micro: note: skipping %s: over %llu steps\n", c->name,
                    (unsigned long long)VALIDATE_MAX_STEPS);
            return 0;
        }
        fprintf(stderr, "puzzlebench-micro: error: %s: %s\n", c->name, msg);
        return -1;
    }
    if (pb_bench_register(c->name, bench_fn, c, counter_names, NCOUNTERS, 1)) return -1;
    return 0;
}

static void usage(FILE *f)
{
    fputs("usage: puzzlebench-micro [--json FILE] [Google Benchmark flags]\n"
          "\n"
          "Times every engine on fixed notouch instances (cross8 first solution, cross8\n"
          "count-all, 3x4 count-all), one benchmark per engine and, for engines that take\n"
          "one, per cell order. Each case is run once and checked before it is timed; cases\n"
          "whose check passes 2e9 steps are skipped. Counters per run: steps, solutions,\n"
          "candidates.\n"
          "Sudoku: every engine that can solves the fixed set DATA/sudoku/9x9-bench.txt, one\n"
          "iteration per set, each solution checked first; counters steps, puzzles, guesses\n"
          "(items/s is then puzzles/s). Cases over 5e7 steps on one puzzle are skipped.\n"
          "Tenpair (default rules): the shortest win within length 100 per engine (must\n"
          "be 68), and compact counts up to 90 (35 wins) and 100 (221 wins); counters\n"
          "expanded, peak_bytes, wins (items/s is states expanded/s). A case with a wrong\n"
          "result is reported and skipped, and the exit status is then 1.\n"
          "\n"
          "  --json FILE  write the results as JSON to FILE too (the same as\n"
          "               --benchmark_out=FILE --benchmark_out_format=json)\n"
          "  --data DIR   the project's data folder (default: the source tree's)\n"
          "  --help       this text, then Google Benchmark's flags\n"
          "\n",
          f);
}

static void add_context(void)
{
    pb_meta meta;
    pb_meta_collect(&meta, 1, "none");
    pb_bench_context("puzzlebench_version", PB_VERSION);
    pb_bench_context("commit", meta.commit);
    pb_bench_context("compiler", meta.compiler);
    pb_bench_context("c_flags", meta.flags);
    pb_bench_context("build_type", meta.build_type);
    pb_bench_context("cpu", meta.cpu);
    pb_bench_context("threads", "1");
    pb_bench_context("bind", meta.bind);
}

int main(int argc, char **argv)
{
    /* Our own options out, --json turned into Google Benchmark's two flags. */
    char **args = calloc((size_t)argc * 2 + 1, sizeof *args);
    char *out_flag = NULL;
    const char *data_dir = PB_DATA_DIR;
    if (!args) return 1;
    int nargs = 0;
    args[nargs++] = argv[0];
    for (int i = 1; i < argc; i++) {
        const char *json = NULL;
        if (!strcmp(argv[i], "--json")) {
            if (i + 1 >= argc) {
                fprintf(stderr, "puzzlebench-micro: --json needs a file name\n");
                return 1;
            }
            json = argv[++i];
        } else if (!strncmp(argv[i], "--json=", 7)) {
            json = argv[i] + 7;
        } else if (!strcmp(argv[i], "--data") && i + 1 < argc) {
            data_dir = argv[++i];
            continue;
        } else if (!strncmp(argv[i], "--data=", 7)) {
            data_dir = argv[i] + 7;
            continue;
        } else if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            usage(stdout);
            fflush(stdout);
            args[nargs++] = "--help";
            continue;
        }
        if (!json) {
            args[nargs++] = argv[i];
            continue;
        }
        free(out_flag);
        out_flag = malloc(strlen(json) + sizeof "--benchmark_out=");
        if (!out_flag) return 1;
        sprintf(out_flag, "--benchmark_out=%s", json);
        args[nargs++] = out_flag;
        args[nargs++] = "--benchmark_out_format=json";
    }
    args[nargs] = NULL;
    if (pb_bench_init(&nargs, args)) {
        fprintf(stderr, "puzzlebench-micro: see --help\n");
        return 1;
    }
    add_context();

    pb_model *models[NINSTANCES] = {0};
    int ncases = 0, cap = 0, rc = 0;
    bench_case *cases = NULL;
    for (int k = 0; k < NINSTANCES; k++) {
        notouch_board b;
        pb_error err = {0};
        if (notouch_board_named(instances[k].board, &b, &err) ||
            !(models[k] = notouch_model(&b, 2, NOTOUCH_KING))) {
            fprintf(stderr, "puzzlebench-micro: board %s: %s\n", instances[k].board,
                    err.msg[0] ? err.msg : "out of memory");
            return 1;
        }
    }
    /* Count the cases first so that registered pointers stay valid. */
    for (int k = 0; k < NINSTANCES; k++)
        for (const pb_engine *const *e = pb_engines; *e; e++)
            if ((*e)->caps & PB_CAP_ORDER)
                for (const pb_order *const *o = pb_orders; *o; o++) cap++;
            else
                cap++;
    cases = calloc((size_t)cap, sizeof *cases);
    if (!cases) return 1;
    for (int k = 0; k < NINSTANCES && !rc; k++) {
        const struct instance *inst = &instances[k];
        for (const pb_engine *const *e = pb_engines; *e && !rc; e++) {
            const char *why;
            if ((*e)->accepts && !(*e)->accepts(models[k], &why)) continue;
            const int ordered = ((*e)->caps & PB_CAP_ORDER) != 0;
            for (const pb_order *const *o = pb_orders; *o && !rc; o++) {
                bench_case *c = &cases[ncases++];
                c->inst = inst;
                c->m = models[k];
                c->e = *e;
                c->order = ordered ? *o : NULL;
                snprintf(c->name, sizeof c->name, "notouch/%s/%s/%s%s%s", inst->board,
                         inst->mode == PB_MODE_FIRST ? "first" : "count", (*e)->name,
                         ordered ? "/" : "", ordered ? (*o)->name : "");
                c->first = calloc((size_t)c->m->ncells, sizeof *c->first);
                if (!c->first || validate_and_register(c)) rc = 1;
                if (!ordered) break;
            }
        }
    }
    if (!rc) rc = micro_sudoku_register(data_dir) ? 1 : 0;
    if (!rc) rc = micro_kakuro_register(data_dir) ? 1 : 0;
    /* A tenpair case with a wrong result is skipped, the rest still run; the exit
     * status then says so. */
    int tenpair_wrong = 0;
    if (!rc) {
        int t = micro_tenpair_register();
        if (t < 0) rc = 1;
        tenpair_wrong = t > 0;
    }
    if (!rc) rc = pb_bench_run();
    if (tenpair_wrong) rc = 1;
    micro_sudoku_free();
    micro_kakuro_free();
    micro_tenpair_free();

    for (int i = 0; i < ncases; i++) free(cases[i].first);
    free(cases);
    for (int k = 0; k < NINSTANCES; k++) pb_model_free(models[k]);
    free(out_flag);
    free(args);
    return rc;
}
