/* solve_length.c — what solve and count print for engines marked 'length', whose
 * solutions are moves from the start: the solutions by length, the solution's length
 * and the engine's own figures in the stats line, each solution a count lists, and
 * why a run found nothing or stopped for memory. */
#include "solve_length.h"

#include "harness/base/say.h"
#include "harness/base/units.h"

void pb_path_print(void *ctx, const pb_move *path, int npath, int length)
{
    const pb_path_printer *p = ctx;
    p->fam->print_path_line(p->f, p->set, 0, path, npath, length);
}

void pb_print_by_length(FILE *f, const pb_outcome *o, int max_length)
{
    if (!o->by_length) return;
    for (int len = 0; len <= max_length; len++)
        if (o->by_length[len])
            fprintf(f, "length=%d solutions=%llu\n", len, (unsigned long long)o->by_length[len]);
}

static int has_length(const pb_batch *b)
{
    return (b->engine->about.caps & PB_CAP_LENGTH) != 0;
}

void pb_print_length_head(FILE *f, const pb_batch *b, const pb_batch_result *r)
{
    if (has_length(b) && b->how.mode == PB_MODE_FIRST && r->npuzzles == 1 && r->puzzle[0].ran)
        fprintf(f, "length=%d ", r->puzzle[0].length);
}

void pb_print_figures(FILE *f, const pb_family *fam, const pb_batch_result *r)
{
    const char *const *names = fam->figures;
    for (int k = 0; names && names[k] && k < PB_FIGURES; k++) {
        uint64_t sum = 0;
        for (int i = 0; i < r->npuzzles; i++)
            if (r->puzzle[i].ran) sum += r->puzzle[i].figure[k];
        fprintf(f, " %s=%llu", names[k], (unsigned long long)sum);
    }
}

void pb_say_length_outcome(const char *cmd, const pb_family *fam, const pb_batch *b,
                           const pb_outcome *o)
{
    if (!has_length(b) || !o->ran) return;
    const int bound = b->how.max_length;
    /* Without a bound, a search that keeps every length at once can run out first. */
    const char *hint = bound ? "" : "; --max-length bounds the search";
    if (o->status == PB_DONE && !o->stats.solutions) {
        if (bound)
            pb_say("%s %s: no solution of length %d or less", cmd, fam->name, bound);
        else
            pb_say("%s %s: no solution", cmd, fam->name);
    }
    if (o->status != PB_NOMEM) return;
    if (!o->refused_total) {
        pb_say("%s %s: out of memory (the system refused an allocation)%s", cmd, fam->name, hint);
        return;
    }
    /* A stop comes before the bound: a set doubles, so one in use under the bound may
     * not grow past it. */
    char used[32], total[32], max[32];
    pb_format_bytes(used, sizeof used, o->refused_used);
    pb_format_bytes(total, sizeof total, o->refused_total);
    pb_format_bytes(max, sizeof max, b->how.limits.max_bytes);
    pb_say("%s %s: stopped before growing from %s to %s: over --max-memory %s%s", cmd, fam->name,
           used, total, max, hint);
}
