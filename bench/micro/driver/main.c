/* main.c — puzzlebench-micro: Google Benchmark timings of every family's engines on
 * fixed instances; the one loop that registers each family's cases (family.h,
 * pb_family.micro) through the C++ shim. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "family.h"
#include "gbench_shim.h"
#include "harness/build_info.h"
#include "harness/meta/meta.h"

static void usage(FILE *f)
{
    fputs("usage: puzzlebench-micro [--json FILE] [--data DIR] [--cases C] [Google Benchmark "
          "flags]\n"
          "\n"
          "Times the engines of every family on fixed instances with Google Benchmark. Each\n"
          "case is run once and checked before it is timed; a case with a wrong result is\n"
          "reported and skipped, and the exit status is then 1. The cases:\n",
          f);
    for (const pb_family *const *fam = pb_families; *fam; fam++)
        if ((*fam)->micro) fprintf(f, "- %s\n", (*fam)->micro->what);
    fputs("\n"
          "  --json FILE  write the results as JSON to FILE too (the same as\n"
          "               --benchmark_out=FILE --benchmark_out_format=json)\n"
          "  --data DIR   the project's data folder (default: the source tree's)\n"
          "  --cases C    which cases, as each family marks them: all (default), default\n"
          "               (not those of minutes or gigabytes: scripts/run.sh's), or quick\n"
          "               (not those of seconds either: run.sh --quick's); a filter then\n"
          "               picks among them\n"
          "  --help       this text, then Google Benchmark's flags\n"
          "\n",
          f);
}

/* The run's metadata as Google Benchmark context (the JSON's "context" object). */
static void add_context(void)
{
    pb_meta meta;
    char load[64];
    pb_meta_begin(&meta, 1, "none");
    snprintf(load, sizeof load, "%.2f %.2f %.2f", meta.loadavg_start[0], meta.loadavg_start[1],
             meta.loadavg_start[2]);
    pb_bench_context("run_id", meta.run_id);
    pb_bench_context("puzzlebench_version", PB_VERSION);
    pb_bench_context("commit", meta.commit);
    pb_bench_context("compiler", meta.compiler);
    pb_bench_context("c_flags", meta.flags);
    pb_bench_context("build_type", meta.build_type);
    pb_bench_context("command", meta.command);
    pb_bench_context("cpu", meta.cpu);
    pb_bench_context("cpu_mhz", meta.cpu_mhz);
    pb_bench_context("kernel", meta.kernel);
    pb_bench_context("glibc", meta.glibc);
    pb_bench_context("openmp", meta.openmp);
    pb_bench_context("google_benchmark", meta.gbench);
    pb_bench_context("hwloc", meta.hwloc);
    pb_bench_context("mem_total", meta.mem_total);
    pb_bench_context("smt", meta.smt);
    pb_bench_context("governor", meta.governor_start);
    pb_bench_context("loadavg_start", meta.loadavg_start[0] < 0 ? "unknown" : load);
    if (meta.load_warning[0]) pb_bench_context("load_warning", meta.load_warning);
    pb_bench_context("threads", "1");
    pb_bench_context("bind", meta.bind);
}

/* The --cases names, by the most costly case each takes (family.h's PB_MICRO_*). */
static const char *const case_sets[] = {"quick", "default", "all", NULL};

/* The case set's cost bound: the costs up to it run. */
static int max_cost = PB_MICRO_HUGE;

static int selected(const char *name, int use_real_time, int cost)
{
    return cost <= max_cost && pb_bench_selected(name, use_real_time);
}

/* --cases C: 0, or 1 after a message. */
static int cases_option(const char *value)
{
    for (int i = 0; case_sets[i]; i++)
        if (!strcmp(value, case_sets[i])) return max_cost = i, 0;
    fprintf(stderr, "puzzlebench-micro: --cases expects all, default or quick, got '%s'\n", value);
    return 1;
}

/* Our own options out, --json turned into Google Benchmark's two flags. args gets
 * room for 2 * argc + 1 entries. 0, or 1 after a message. */
static int own_options(int argc, char **argv, char **args, int *nargs, char **out_flag,
                       const char **data_dir)
{
    *nargs = 0;
    args[(*nargs)++] = argv[0];
    for (int i = 1; i < argc; i++) {
        const char *json = NULL;
        if (!strcmp(argv[i], "--json")) {
            if (i + 1 >= argc)
                return fprintf(stderr, "puzzlebench-micro: --json needs a file name\n"), 1;
            json = argv[++i];
        } else if (!strncmp(argv[i], "--json=", 7)) {
            json = argv[i] + 7;
        } else if (!strcmp(argv[i], "--data") && i + 1 < argc) {
            *data_dir = argv[++i];
            continue;
        } else if (!strncmp(argv[i], "--data=", 7)) {
            *data_dir = argv[i] + 7;
            continue;
        } else if (!strcmp(argv[i], "--cases") || !strncmp(argv[i], "--cases=", 8)) {
            const char *v = argv[i][7] ? argv[i] + 8 : i + 1 < argc ? argv[++i] : "";
            if (cases_option(v)) return 1;
            continue;
        } else if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            usage(stdout);
            fflush(stdout);
            args[(*nargs)++] = "--help";
            continue;
        }
        if (!json) {
            args[(*nargs)++] = argv[i];
            continue;
        }
        free(*out_flag);
        if (!(*out_flag = malloc(strlen(json) + sizeof "--benchmark_out="))) return 1;
        sprintf(*out_flag, "--benchmark_out=%s", json);
        args[(*nargs)++] = *out_flag;
        args[(*nargs)++] = "--benchmark_out_format=json";
    }
    args[*nargs] = NULL;
    return 0;
}

/* The one registration loop: every family's cases. 0, 1 when some case was wrong
 * (and skipped), -1 when the run must stop. */
static int register_all(const pb_micro_host *host, void **state)
{
    int wrong = 0;
    for (int i = 0; pb_families[i]; i++) {
        const pb_micro_cases *m = pb_families[i]->micro;
        if (!m) continue;
        int rc = m->prepare(host, &state[i]);
        if (rc < 0) return -1;
        wrong |= rc > 0;
    }
    return wrong;
}

int main(int argc, char **argv)
{
    pb_meta_set_command_line(argc, argv);
    char **args = calloc((size_t)argc * 2 + 1, sizeof *args);
    char *out_flag = NULL;
    const char *data_dir = PB_DATA_DIR;
    int nargs = 0, nfam = 0;
    if (!args || own_options(argc, argv, args, &nargs, &out_flag, &data_dir)) {
        free(out_flag);
        free(args);
        return 1;
    }
    if (pb_bench_init(&nargs, args)) {
        fprintf(stderr, "puzzlebench-micro: see --help\n");
        free(out_flag);
        free(args);
        return 1;
    }
    add_context();
    while (pb_families[nfam]) nfam++;
    void **state = calloc((size_t)nfam + 1, sizeof *state);
    const pb_micro_host host = {data_dir, selected, pb_bench_register};
    int rc = state ? register_all(&host, state) : -1;
    if (rc >= 0 && pb_bench_run()) rc = 1;
    for (int i = 0; state && i < nfam; i++)
        if (pb_families[i]->micro) pb_families[i]->micro->release(state[i]);
    free(state);
    free(out_flag);
    free(args);
    return rc ? 1 : 0;
}
