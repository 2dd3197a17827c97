/* gbench_shim.h — a small C API over Google Benchmark (which has only a C++ one). */
#ifndef PB_GBENCH_SHIM_H
#define PB_GBENCH_SHIM_H

#ifdef __cplusplus
extern "C" {
#endif

/* Runs the measured work once. Writes one value per counter name given to
 * pb_bench_register into counters[0 .. ncounters) (the array is zeroed before each
 * call). Returns 0 on success; non-zero marks the benchmark failed (SkipWithError)
 * and makes pb_bench_run return 1. */
typedef int pb_bench_fn(void *ctx, double *counters);

/* Parses and removes Google Benchmark's flags from argv (--help prints its flags
 * and exits). Returns 0, or 1 when arguments are left that nobody recognised (they
 * are reported on stderr). Call before pb_bench_selected and pb_bench_run. */
int pb_bench_init(int *argc, char **argv);

/* 1 when the current --benchmark_filter selects a benchmark registered as `name`
 * with this use_real_time (Google Benchmark appends "/real_time" to such names),
 * so a caller can skip preparing benchmarks that will not run. 1 before init. */
int pb_bench_selected(const char *name, int use_real_time);

/* Registers benchmark `name` calling fn(ctx, counters) once per iteration. The
 * shim copies name and counter_names. Each counter is reported as its average per
 * iteration; counter 0, if any, also counts as items processed (so a rate such as
 * steps/s appears). use_real_time: time by the wall clock rather than this thread's
 * CPU time (right for work that runs on several threads). 0, or -1 on failure. */
int pb_bench_register(const char *name, pb_bench_fn *fn, void *ctx,
                      const char *const *counter_names, int ncounters, int use_real_time);

/* Adds key=value to the "context" record of every report. */
void pb_bench_context(const char *key, const char *value);

/* Runs the selected benchmarks and shuts the library down. 0, or 1 when a
 * benchmark failed. */
int pb_bench_run(void);

/* pb_bench_init, then pb_bench_run: for drivers that register everything first. */
int pb_bench_main(int argc, char **argv);

#ifdef __cplusplus
}
#endif

#endif
