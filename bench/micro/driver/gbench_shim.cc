// gbench_shim.cc — the C API of gbench_shim.h, implemented over Google Benchmark.
#include "gbench_shim.h"

#include <benchmark/benchmark.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <cstdio>
#include <exception>
#include <regex.h>
#include <string>
#include <vector>

namespace
{

std::atomic<bool> g_failed{false};

struct Entry {
    std::string name;
    pb_bench_fn *fn;
    void *ctx;
    std::vector<std::string> counter_names;
};

void run_entry(benchmark::State &state, const Entry &e)
{
    const size_t n = e.counter_names.size();
    std::vector<double> one(n), sum(n, 0.0);
    for (auto _ : state) {
        std::fill(one.begin(), one.end(), 0.0);
        if (e.fn(e.ctx, one.data()) != 0) {
            g_failed = true;
            state.SkipWithError("the benchmarked run failed (see stderr)");
            break;
        }
        for (size_t i = 0; i < n; i++) sum[i] += one[i];
    }
    for (size_t i = 0; i < n; i++)
        state.counters[e.counter_names[i]] =
            benchmark::Counter(sum[i], benchmark::Counter::kAvgIterations);
    if (n > 0) state.SetItemsProcessed(static_cast<int64_t>(sum[0]));
}

} // namespace

extern "C" int pb_bench_init(int *argc, char **argv)
{
    try {
        benchmark::Initialize(argc, argv);
        return benchmark::ReportUnrecognizedArguments(*argc, argv) ? 1 : 0;
    } catch (const std::exception &ex) {
        std::fprintf(stderr, "benchmark: %s\n", ex.what());
        return 1;
    }
}

// Mirrors Google Benchmark's own filter: empty or "all" selects everything, a leading
// '-' negates, otherwise an extended regex searched for in the name.
extern "C" int pb_bench_selected(const char *name, int use_real_time)
{
    std::string spec = benchmark::GetBenchmarkFilter();
    if (spec.empty() || spec == "all") return 1;
    bool negative = spec[0] == '-';
    if (negative) spec.erase(0, 1);
    std::string full = name;
    if (use_real_time) full += "/real_time";
    regex_t re;
    if (regcomp(&re, spec.c_str(), REG_EXTENDED | REG_NOSUB) != 0)
        return 1; // a bad pattern: let Google Benchmark report it
    bool hit = regexec(&re, full.c_str(), 0, nullptr, 0) == 0;
    regfree(&re);
    return hit != negative;
}

extern "C" int pb_bench_register(const char *name, pb_bench_fn *fn, void *ctx,
                                 const char *const *counter_names, int ncounters, int use_real_time)
{
    try {
        Entry e{name, fn, ctx, {}};
        for (int i = 0; i < ncounters; i++) e.counter_names.emplace_back(counter_names[i]);
        benchmark::internal::Benchmark *b = benchmark::RegisterBenchmark(
            e.name.c_str(), [e](benchmark::State &state) { run_entry(state, e); });
        b->Unit(benchmark::kMicrosecond);
        if (use_real_time) b->UseRealTime();
        return 0;
    } catch (const std::exception &ex) {
        std::fprintf(stderr, "benchmark: cannot register %s: %s\n", name, ex.what());
        return -1;
    }
}

extern "C" void pb_bench_context(const char *key, const char *value)
{
    try {
        benchmark::AddCustomContext(key, value);
    } catch (const std::exception &) {
    }
}

extern "C" int pb_bench_run(void)
{
    try {
        benchmark::RunSpecifiedBenchmarks();
        benchmark::Shutdown();
    } catch (const std::exception &ex) {
        std::fprintf(stderr, "benchmark: %s\n", ex.what());
        return 1;
    }
    return g_failed ? 1 : 0;
}

extern "C" int pb_bench_main(int argc, char **argv)
{
    if (pb_bench_init(&argc, argv)) return 1;
    return pb_bench_run();
}
