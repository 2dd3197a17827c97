/* time_shell.c — the empty shell command timed, and its time taken out of the shell
 * commands' samples. */
#include "time_shell.h"

#include <math.h>

int pb_shell_start_measure(const pb_proc_opts *o, const pb_timed *d, int n, pb_shell_start *s)
{
    *s = (pb_shell_start){0};
    int shell = 0;
    for (int i = 0; i < n; i++) shell |= d[i].shell;
    if (!shell) return 0;
    static char *argv[] = {"/bin/sh", "-c", "", NULL};
    pb_timed empty = {.text = "/bin/sh -c ''", .shell = 1, .argv = argv, .row = -1};
    pb_proc_opts quiet = *o;
    quiet.output = NULL, quiet.quiet = 1, quiet.rows = 0, quiet.who = "time (the shell's start-up)";
    quiet.exit_status = 0, quiet.limit_status = 0;
    const int rc = pb_proc_time(&quiet, &empty, 1);
    if (rc) return rc;
    s->measured = 1;
    s->wall_s = empty.t.sum.median;
    s->cpu_s = isnan(empty.t.cpu_median_s) ? 0 : empty.t.cpu_median_s;
    return 0;
}

void pb_shell_start_subtract(pb_shell_start *s, pb_timed *d, int n)
{
    if (!s->measured) return;
    for (int i = 0; i < n; i++) {
        pb_timing *t = &d[i].t;
        if (!d[i].shell || d[i].at_limit) continue;
        for (int k = 0; k < t->samples; k++) {
            double w = t->sample_s[k] - s->wall_s;
            if (w < 0) w = 0, s->clamped++;
            t->sample_s[k] = w;
            if (!isnan(t->cpu_s[k])) t->cpu_s[k] = fmax(0, t->cpu_s[k] - s->cpu_s);
        }
        pb_summarize(t->sample_s, t->samples, &t->sum);
        if (!isnan(t->cpu_median_s)) t->cpu_median_s = fmax(0, t->cpu_median_s - s->cpu_s);
    }
}
