/* exit.c — the SIGINT/SIGTERM/SIGHUP flag, its handler and the exit status it gives;
 * the final check of stdout; helper threads that take no signal. */
#include "exit.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "say.h"

volatile sig_atomic_t pb_interrupted;

static void on_signal(int sig)
{
    /* A hang-up (closed terminal or SSH session) ends the run as SIGTERM does. */
    pb_interrupted = sig == SIGHUP ? SIGTERM : sig;
}

/* Sets handler for each of the n signals, with no SA_RESTART (see gen_stream.c). */
static void catch_with(void (*handler)(int), const int *sigs, int n)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = handler;
    sigemptyset(&sa.sa_mask);
    for (int k = 0; k < n; k++) sigaction(sigs[k], &sa, NULL);
}

static int caught; /* pb_install_interrupt_handler was called */

void pb_install_interrupt_handler(void)
{
    static const int sigs[] = {SIGINT, SIGTERM, SIGHUP};
    catch_with(on_signal, sigs, 3);
    caught = 1;
}

int pb_interrupt_handler_installed(void)
{
    return caught;
}

static void hangup_as_term(int sig)
{
    (void)sig;
    signal(SIGTERM, SIG_DFL);
    raise(SIGTERM);
}

void pb_hangup_as_term(void)
{
    static const int sigs[] = {SIGHUP};
    catch_with(hangup_as_term, sigs, 1);
}

int pb_interrupt_exit(void)
{
    return 128 + (pb_interrupted ? (int)pb_interrupted : SIGINT);
}

static int stdout_failure_said;
static int stdout_errno; /* why the last write to stdout failed (pb_stdout_wrote) */

void pb_stdout_wrote(int rc)
{
    if (rc < 0) stdout_errno = errno;
}

void pb_stdout_failure_said(void)
{
    stdout_failure_said = 1;
}

int pb_stdout_finish(int rc)
{
    errno = 0;
    const int flushed = fflush(stdout) == 0;
    if (flushed && !ferror(stdout)) return rc;
    if (stdout_failure_said) return PB_EXIT_FAILED;
    /* A failed flush leaves its errno; a failed last write, the one pb_stdout_wrote
     * kept; an error of an earlier write none. */
    const int why = !flushed && errno ? errno : stdout_errno;
    pb_say("standard output: %s", why ? strerror(why) : "write error");
    return PB_EXIT_FAILED;
}

int pb_thread_start(pthread_t *t, void *(*fn)(void *), void *arg)
{
    sigset_t all, old;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &old); /* the new thread inherits this mask */
    int rc = pthread_create(t, NULL, fn, arg);
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    return rc;
}
