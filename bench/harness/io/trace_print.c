/* trace_print.c — the seed-layout step trace (see trace_print.h). */
#include "trace_print.h"

#include "family.h"

void pb_trace_print_step(void *ctx, const pb_model *m, const int *values, int cell, pb_event ev,
                         uint64_t step)
{
    pb_trace_printer *t = ctx;
    char prefix[32];
    (void)cell;
    t->last_step = step;
    switch (ev) {
    case PB_EV_START:
        pb_print_board(t->out, m, values, 0, "0: ", " start");
        break;
    case PB_EV_PLACE:
        snprintf(prefix, sizeof prefix, "%llu: ", (unsigned long long)step);
        pb_print_board(t->out, m, values, 0, prefix, "");
        break;
    case PB_EV_BACKTRACK:
        snprintf(prefix, sizeof prefix, "%llu: ", (unsigned long long)step);
        pb_print_board(t->out, m, values, 0, prefix, " backtrack");
        break;
    case PB_EV_SOLUTION:
        t->solutions++;
        if (t->mode == PB_MODE_FIRST) {
            snprintf(prefix, sizeof prefix, "%llu: ", (unsigned long long)step + 1);
            pb_print_board(t->out, m, values, 0, prefix, " solved");
        } else {
            fprintf(t->out, "solution %llu at step %llu\n", (unsigned long long)t->solutions,
                    (unsigned long long)step);
        }
        break;
    }
}
