/* proc_time.h — outside commands timed as whole processes by the harness's one
 * method (measure.h): warm-up, samples of at least min-sample-time, a short run
 * repeated within a sample, the commands' samples taken in turn so that the
 * machine's slow spells hit them all, and every run checked to exit with the status
 * expected. `puzzlebench time` and a tool sweep time their commands with it. */
#ifndef PB_PROC_TIME_H
#define PB_PROC_TIME_H

#include "harness/measure/measure.h"

enum { PB_PROC_MAX = 16 }; /* commands timed together, at most */

/* One timed command and its timing. */
typedef struct pb_timed {
    const char *text;       /* the command as given (a shell command, or argv joined) */
    int shell;              /* 1: run as /bin/sh -c text; 0: argv executed directly */
    char **argv;            /* what was executed, NULL-ended */
    const char *stdin_path; /* its standard input; NULL: the options' */
    int at_limit;           /* 1: a run stopped at a time limit; t holds its one time */
    long row;               /* its row in the CSV, or -1 */
    double user_s, sys_s;   /* user and system seconds per run, over every run (NAN: none) */
    pb_timing t;
} pb_timed;

/* How the commands run. */
typedef struct pb_proc_opts {
    const char *who;        /* the messages' prefix ("time") */
    const char *stdin_path; /* every run's standard input, read from its start */
    const char *output;     /* the first run's standard output goes here, or NULL */
    int exit_status;        /* what every run must exit with */
    int limit_status;       /* what a run stopped at a limit of its own exits with (0: none) */
    double time_limit;      /* a run still going after this many seconds is killed (0: none) */
    int quiet;              /* no progress report */
    int rows;               /* 1: rows are to be written (a failure says none was) */
    pb_timing_opts timing;
} pb_proc_opts;

/* Times the n commands d[0 .. n) (their argv and text set; at_limit and t filled).
 * 0, or the exit status after a one-line message: 2 a command that cannot be run or
 * an output that cannot be kept, 4 a run that did not exit as expected, 130/143
 * interrupted. */
int pb_proc_time(const pb_proc_opts *o, pb_timed *d, int n);

#endif
