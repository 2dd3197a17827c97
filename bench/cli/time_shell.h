/* time_shell.h — the shell's own start-up taken out of the times of commands that
 * `puzzlebench time` runs through /bin/sh -c, as hyperfine does: an empty command run
 * by the same shell is timed by the same method first, and its median time and CPU
 * time per run are subtracted from every sample of those commands. */
#ifndef PB_TIME_SHELL_H
#define PB_TIME_SHELL_H

#include "harness/measure/proc_time.h"

/* What the empty shell command took per run (median wall and CPU seconds). */
typedef struct pb_shell_start {
    int measured; /* 0: no command ran through the shell, or the correction is off */
    double wall_s, cpu_s;
    int clamped; /* samples that the subtraction would have taken below 0 (held at 0) */
} pb_shell_start;

/* Times /bin/sh -c '' by o's method (without its output, CSV or progress) into *s when
 * one of d[0 .. n) runs through the shell. 0, or the exit status after its message. */
int pb_shell_start_measure(const pb_proc_opts *o, const pb_timed *d, int n, pb_shell_start *s);

/* Subtracts s from the wall and CPU time of every sample of the shell commands of
 * d[0 .. n) (not from one that stopped at a limit: its one time is a bound as it
 * stands), and sums them up again; user and system time, summed over every run
 * from wait4, keep the shell's share. */
void pb_shell_start_subtract(pb_shell_start *s, pb_timed *d, int n);

#endif
