/* solve_options.c — the table of solve's and count's options and their defaults. */
#include "solve_options.h"

#include "bind.h"

#define OPT(...) PB_OPT_ROW(pb_solve_opts, __VA_ARGS__)
const pb_option pb_solve_options[] = {
    PB_OPTION_ENGINE(pb_solve_opts, engine, "see 'puzzlebench engines' (default: the family's)"),
    {OPT("order", PB_OPT_TEXT, order, "NAME", "cell order for the engines marked 'order'"),
     .key = 'o'},
    PB_OPTION_PARAM(pb_solve_opts, eargs),
    PB_OPTION_ENGINE_SEED(pb_solve_opts, eargs),
    {OPT("trace", PB_OPT_FLAG, trace, NULL, "print every step in the seed's layout"),
     .only = "solve"},
    PB_OPTION_THREADS(pb_solve_opts, threads,
                      "threads of the run: an instance of several puzzles solves T\n"
                      "puzzles at a time (output stays in input order); one puzzle is\n"
                      "split over T threads by the engines marked 'parallel' (count)"),
    {OPT("bind", PB_OPT_CHOICE, bind, NULL, "pin those threads to cores with hwloc"),
     .choices = pb_bind_modes},
    PB_OPTION_STEP_LIMIT(pb_solve_opts, limits.max_steps,
                         "stop each puzzle after N steps (placements + backtracks)"),
    PB_OPTION_TIME_LIMIT(pb_solve_opts, limits.max_seconds, "stop each puzzle after S seconds"),
    {OPT("max-memory", PB_OPT_BYTES, limits.max_bytes, "SIZE",
         "engines that hold tables (path-dp, the game engines' stored\n"
         "states; the others hold none and ignore it): stop, before\n"
         "allocating, when the run would hold more than SIZE bytes (K,\n"
         "M, G)")},
    {OPT("limit", PB_OPT_COUNT, limits.max_solutions, "N",
         "stop after N solutions (2: the uniqueness check)"),
     .key = 'l', .only = "count"},
    {OPT("max-length", PB_OPT_INT, max_length, "L",
         "engines marked 'length' (a game's moves): look for no solution\n"
         "longer than L (solve: none by default); count needs L and\n"
         "counts by length up to it"),
     .lo = 1, .hi = PB_LENGTH_MAX},
    {OPT("print-paths", PB_OPT_FLAG, print_paths, NULL,
         "engines marked 'paths': print each solution's moves as the\n"
         "family shows them, as it is found"),
     .only = "count"},
    {OPT("levels", PB_OPT_TEXT, levels, "FILE",
         "families with a count of their own by lengths:\n"
         "count a length at a time and write a CSV row per length to FILE\n"
         "('-': stderr): states, steps, bytes exchanged between MPI ranks,\n"
         "times (as under mpirun -np N), and FILE.meta"),
     .writes = 1, .only = "count"},
    {OPT("keep-going", PB_OPT_FLAG, keep_going, NULL,
         "a puzzle that cannot be read is reported (exit 2) and the\n"
         "others are still solved (files of puzzles)")},
    {OPT("candidates", PB_OPT_FLAG, candidates, NULL,
         "after each solution, the candidates of every open cell left\n"
         "by the family's plain deduction"),
     .only = "solve"},
    PB_OPTION_SAMPLES(pb_solve_opts, timing,
                      "time the run by the harness's method: one warm-up run, then N\n"
                      "samples (1: the run is timed once, no warm-up)"),
    PB_OPTION_MIN_SAMPLE_TIME(pb_solve_opts, timing,
                              "with --samples: each sample lasts at least S seconds, short runs\n"
                              "repeated within it"),
    PB_OPTION_QUIET(pb_solve_opts, quiet,
                    "print only the summary and stats, not each solution or verdict;\n"
                    "no progress line"),
    {OPT("json", PB_OPT_FLAG, json, NULL,
         "print the result as one JSON document instead (docs/json.md):\n"
         "the stats, every puzzle's outcome and solution, the timing")},
    {OPT("csv", PB_OPT_TEXT, csv, "FILE",
         "also write a CSV row per puzzle to FILE (the request, status,\n"
         "counts, bytes, wall_s, cpu_s, peak_rss_bytes, stop,\n"
         "time_limit_s, run_id), and FILE.meta")},
    PB_OPTION_END,
};
#undef OPT

const pb_solve_opts pb_solve_defaults = {
    .order = "row",
    .threads = 1,
    .limits = {.max_bytes = 4ull << 30},
    .timing = {.samples = 1, .min_sample_s = 0.010, .warmup_s = 0.050}};
