/* tenpair.c — the tenpair family (seed 003), the crossing-out game: its start and rule
 * switches are the family's options, its engines (bfs, best-first, compact) are
 * marked 'length', so solve prints the shortest win board after board and count the
 * wins by length; a count over MPI ranks or by --levels is the compact engine's own
 * split (count_ranks). */
#include <stdio.h>
#include <string.h>

#include "harness/base/say.h"
#include "harness/mpi/world.h"
#include "tenpair_family.h"
#include "tenpair_ranks.h"

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

static const char *const tenpair_sweeps[] = {"tenpair-bound",   "tenpair-rules", "tenpair-starts",
                                             "tenpair-threads", "tenpair-count", NULL};

static const char *const tenpair_examples[] = {
    "solve tenpair",
    "count tenpair --max-length 100 -t 2",
    NULL,
};

const pb_family pb_family_tenpair = {
    .name = "tenpair",
    .summary = "the crossing-out game: cross pairs that are equal or sum to 10 (seed 003)",
    .instance_help = "the start, as text (never a file): DIGITS (1-9) or uptoN, or "
                     "--start DIGITS or --upto N (default upto19; render needs one)",
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
    .micro = &pb_micro_tenpair,
    .sweeps = tenpair_sweeps,
    .examples = tenpair_examples,
};
