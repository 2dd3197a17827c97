/* spawn.h — running an outside command as a child process, once per timed run: stdin
 * from a file read from its start every run, stdout and stderr to /dev/null (or to
 * files the caller names), an optional time limit, and an interruption (SIGINT,
 * SIGTERM) of this process ends the child too. */
#ifndef PB_SPAWN_H
#define PB_SPAWN_H

#include <stddef.h>
#include <sys/resource.h>

typedef struct pb_spawn {
    char **argv;         /* the command and its arguments, NULL-ended (the caller's) */
    int in_fd;           /* every run's stdin, rewound before each run */
    int null_fd;         /* /dev/null: every run's stdout and stderr */
    int out_fd;          /* >= 0: the next run's stdout goes here instead (the caller's) */
    int err_fd;          /* >= 0: the next run's stderr goes here instead (the caller's) */
    double limit_s;      /* > 0: a run still going after this many seconds is killed */
    int status;          /* the last run's wait status (waitpid) */
    int interrupted;     /* 1: the last run was ended because this process was interrupted */
    int timed_out;       /* 1: the last run was killed at limit_s */
    int error;           /* errno of a fork or waitpid that failed in the last run, else 0 */
    struct rusage usage; /* the last run's (wait4): its CPU times and peak memory */
} pb_spawn;

/* 0 when execvp would find name (as a path when it holds a '/', else in a folder of
 * PATH, an empty entry being the current one), else -1 with a message in err (when
 * err is not NULL). */
int pb_spawn_find(const char *name, char *err, size_t errlen);

/* This program's own path (/proc/self/exe), to start it again, in out. 0, or -1 when
 * it cannot be read or does not fit. */
int pb_spawn_self(char *out, size_t len);

/* Prepares s to run argv with stdin from stdin_path (a file that can be rewound, such
 * as a regular file or /dev/null), and installs the handlers of SIGINT and SIGTERM
 * (pb_interrupted) and of SIGCHLD. 0, or -1 with a message in err: the command is not
 * found or not executable, or stdin_path cannot be opened or rewound. */
int pb_spawn_open(pb_spawn *s, char **argv, const char *stdin_path, char *err, size_t errlen);

/* Closes what pb_spawn_open opened. */
void pb_spawn_close(pb_spawn *s);

/* Runs the command once and waits for it (fork, execvp, waitpid); the child leads a
 * process group of its own. When pb_interrupted is set before or during the run
 * (pb_spawn_open installs its handlers), that group is killed and s->interrupted is
 * set; when the run lasts limit_s, the group is killed and s->timed_out is set. 0
 * when the command exited with status 0; -1 otherwise (s->status, s->error,
 * s->interrupted and s->timed_out say how it ended). */
int pb_spawn_run(pb_spawn *s);

/* How the last run ended, in words: "exited with status 1", "was killed by signal 9
 * (Killed)", "could not be started (fork: ...)". */
void pb_spawn_describe(const pb_spawn *s, char *out, size_t len);

/* The command as one line for messages: its words joined by spaces, cut to len. */
void pb_spawn_command_text(char *const *argv, char *out, size_t len);

#endif
