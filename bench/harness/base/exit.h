/* exit.h — the exit statuses every command shares, the flag that SIGINT (Ctrl-C),
 * SIGTERM and SIGHUP set, which running engines poll through pb_limits.cancel, the
 * check that a command's output reached stdout, and the start of a helper thread
 * that leaves every signal to the main thread. */
#ifndef PB_EXIT_H
#define PB_EXIT_H

#include <pthread.h>
#include <signal.h>

enum {
    PB_EXIT_FOUND = 0, /* at least one solution (or the command succeeded) */
    PB_EXIT_NONE = 1,  /* the search finished and found no solution */
    PB_EXIT_USAGE = 2, /* bad usage or bad input */
    PB_EXIT_LIMIT = 3, /* stopped at a limit before finding a solution */
    PB_EXIT_FAILED =
        4, /* a check of the harness failed: a run's counts varied, or memory ran out */
    PB_EXIT_SKIPPED = 77,    /* not run: what it needs is not here (ctest's skip) */
    PB_EXIT_INTERRUPT = 130, /* SIGINT; 128 + the signal's number in general */
};

/* The signal that stopped the command (SIGINT, SIGTERM or SIGHUP), or 0. */
extern volatile sig_atomic_t pb_interrupted;
void pb_install_interrupt_handler(void);
/* 1 once the handler above is installed: the command ends on the flag, in its own time. */
int pb_interrupt_handler_installed(void);

/* Until a command installs the handler above, SIGHUP ends the process as SIGTERM
 * does (exit 143, as the docs promise for every command), not with its own 129. */
void pb_hangup_as_term(void);

/* The exit status of a command stopped by a signal: 128 + its number (130 for
 * SIGINT, 143 for SIGTERM and for SIGHUP, which is handled like SIGTERM). */
int pb_interrupt_exit(void);

/* The exit status of a command that returned rc, once its output is out: stdout is
 * flushed and checked, and a write that failed at any time (a full disk, a closed
 * pipe) is said in one line and gives PB_EXIT_FAILED, whatever rc was: output lost is
 * never a success. main calls it once, so that no command checks its own writes. */
int pb_stdout_finish(int rc);

/* A command that has said in its own line that a write to stdout failed (naming what
 * it was writing) calls this, so that pb_stdout_finish gives PB_EXIT_FAILED without a
 * second line. */
void pb_stdout_failure_said(void);

/* A command's last write to stdout passes its stdio call's return here: when it
 * failed (< 0), its errno is kept for pb_stdout_finish's line. stdio drops the buffer
 * it could not write, so the final flush has nothing left to fail on, and the reason
 * would be lost ("write error"). An earlier failure needs no note: the output after
 * it fails again at the final flush. */
void pb_stdout_wrote(int rc);

/* pthread_create for the harness's helper threads (progress, MPI managers and
 * listeners): the thread blocks every signal, so signals reach the main thread. A
 * wait there (for a child, in spawn.c, or for Ctrl-C) sleeps until a signal comes; one
 * taken by a helper thread instead would leave it asleep for good. */
int pb_thread_start(pthread_t *t, void *(*fn)(void *), void *arg);

#endif
