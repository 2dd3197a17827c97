/* spawn.c — an outside command run once per timed run: looked up on PATH before the
 * first run, forked and exec'd with its stdin rewound and its output discarded, waited
 * for with SIGINT, SIGTERM and SIGCHLD blocked except while suspended (ppoll: no lost
 * wake-up, and a timeout for the time limit), and killed with its process group when
 * this process is interrupted or the run reaches its time limit. */
#define _GNU_SOURCE /* ppoll */
#include "spawn.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <time.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "core/limiter.h"
#include "harness/base/exit.h"
#include "harness/base/wait_text.h"
#include "harness/base/sizes.h"
#include "usage.h"

/* 1 when path is a regular file this process may execute. */
static int executable(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode) && access(path, X_OK) == 0;
}

int pb_spawn_self(char *out, size_t len)
{
    const ssize_t n = len ? readlink("/proc/self/exe", out, len - 1) : -1;
    if (n <= 0 || (size_t)n >= len - 1) return -1;
    out[n] = '\0';
    return 0;
}

int pb_spawn_find(const char *name, char *err, size_t errlen)
{
    if (strchr(name, '/')) {
        if (executable(name)) return 0;
        if (err) snprintf(err, errlen, "cannot run '%s': not an executable file", name);
        return -1;
    }
    const char *path = getenv("PATH");
    if (!path) path = "/bin:/usr/bin";
    char full[PB_PATH_MAX];
    for (const char *dir = path;;) {
        size_t len = strcspn(dir, ":"); /* an empty entry is the current folder */
        snprintf(full, sizeof full, "%.*s/%s", len ? (int)len : 1, len ? dir : ".", name);
        if (executable(full)) return 0;
        if (!dir[len]) break;
        dir += len + 1;
    }
    if (err) snprintf(err, errlen, "cannot run '%s': not found on PATH", name);
    return -1;
}

static void on_child(int sig)
{
    (void)sig; /* only wakes sigsuspend */
}

/* Opens the stdin file and checks that every run can read it from its start. */
static int open_stdin(pb_spawn *s, const char *path, char *err, size_t errlen)
{
    struct stat st;
    s->in_fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC); /* a FIFO: no wait for a writer */
    if (s->in_fd < 0) {
        snprintf(err, errlen, "%s: cannot open: %s", path, strerror(errno));
        return -1;
    }
    if (fstat(s->in_fd, &st) == 0 && S_ISDIR(st.st_mode)) {
        snprintf(err, errlen, "%s: is a directory", path);
        return -1;
    }
    if (lseek(s->in_fd, 0, SEEK_SET) < 0) {
        snprintf(err, errlen, "%s: cannot be read again at every run (%s): give a regular file",
                 path, strerror(errno));
        return -1;
    }
    if (fcntl(s->in_fd, F_SETFL, fcntl(s->in_fd, F_GETFL) & ~O_NONBLOCK)) {
        snprintf(err, errlen, "%s: %s", path, strerror(errno));
        return -1;
    }
    return 0;
}

int pb_spawn_open(pb_spawn *s, char **argv, const char *stdin_path, char *err, size_t errlen)
{
    memset(s, 0, sizeof *s);
    s->argv = argv;
    s->in_fd = s->null_fd = s->out_fd = s->err_fd = -1;
    if (!argv || !argv[0]) {
        snprintf(err, errlen, "no command to run");
        return -1;
    }
    if (pb_spawn_find(argv[0], err, errlen) || open_stdin(s, stdin_path, err, errlen))
        return pb_spawn_close(s), -1;
    s->null_fd = open("/dev/null", O_WRONLY | O_CLOEXEC);
    if (s->null_fd < 0) {
        snprintf(err, errlen, "/dev/null: cannot open: %s", strerror(errno));
        return pb_spawn_close(s), -1;
    }
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_child;
    sa.sa_flags = SA_NOCLDSTOP;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGCHLD, &sa, NULL);
    pb_install_interrupt_handler();
    return 0;
}

void pb_spawn_close(pb_spawn *s)
{
    if (s->in_fd >= 0) close(s->in_fd);
    if (s->null_fd >= 0) close(s->null_fd);
    s->in_fd = s->null_fd = -1;
}

/* In the child: its own process group, the caller's signal mask, stdin, stdout and
 * stderr in place, then the command. Never returns. */
static void exec_child(const pb_spawn *s, const sigset_t *mask)
{
    setpgid(0, 0);
    sigprocmask(SIG_SETMASK, mask, NULL);
    if (dup2(s->in_fd, 0) < 0 || dup2(s->out_fd >= 0 ? s->out_fd : s->null_fd, 1) < 0 ||
        dup2(s->err_fd >= 0 ? s->err_fd : s->null_fd, 2) < 0)
        _exit(126);
    execvp(s->argv[0], s->argv);
    _exit(127);
}

/* wait_child's loop; child: the pidfd to poll, or NULL (SIGCHLD alone wakes it). */
static int wait_for(pb_spawn *s, pid_t pid, const sigset_t *mask, double start,
                    struct pollfd *child)
{
    for (int killed = 0;;) {
        pid_t w = wait4(pid, &s->status, killed ? 0 : WNOHANG, &s->usage);
        if (w == pid) return !killed && WIFEXITED(s->status) && !WEXITSTATUS(s->status) ? 0 : -1;
        if (w < 0 && errno != EINTR) {
            s->error = errno;
            return -1;
        }
        const double left = s->limit_s > 0 ? start + s->limit_s - pb_now_s() : INFINITY;
        if ((pb_interrupted || left <= 0) && !killed) {
            kill(-pid, SIGKILL);
            kill(pid, SIGKILL);
            killed = 1;
            if (pb_interrupted)
                s->interrupted = 1;
            else
                s->timed_out = 1;
        } else if (w == 0) {
            struct timespec ts = {0, 0};
            if (isfinite(left)) {
                ts.tv_sec = (time_t)left;
                ts.tv_nsec = (long)((left - (double)ts.tv_sec) * 1e9);
            }
            ppoll(child, child ? 1 : 0, isfinite(left) ? &ts : NULL, mask);
        }
    }
}

/* Waits for pid, suspended with mask (the signals of the run unblocked); kills its
 * group once pb_interrupted is set or limit_s has passed since start. 0 when it
 * exited with status 0, else -1. The wait also polls a pidfd of the child where the
 * kernel has them: its end then wakes this thread whichever thread SIGCHLD goes to,
 * so that outside commands run on several threads at once (a sweep's workers) do not
 * take each other's wake-ups and sleep on to their time limit. */
static int wait_child(pb_spawn *s, pid_t pid, const sigset_t *mask, double start)
{
    struct pollfd child = {(int)syscall(SYS_pidfd_open, pid, 0), POLLIN, 0};
    const int rc = wait_for(s, pid, mask, start, child.fd >= 0 ? &child : NULL);
    if (child.fd >= 0) close(child.fd);
    return rc;
}

int pb_spawn_run(pb_spawn *s)
{
    sigset_t block, old, during;
    sigemptyset(&block);
    sigaddset(&block, SIGINT);
    sigaddset(&block, SIGTERM);
    sigaddset(&block, SIGCHLD);
    sigprocmask(SIG_BLOCK, &block, &old);
    during = old;
    sigdelset(&during, SIGINT);
    sigdelset(&during, SIGTERM);
    sigdelset(&during, SIGCHLD);
    s->status = s->error = s->interrupted = s->timed_out = 0;
    memset(&s->usage, 0, sizeof s->usage);
    const double start = pb_now_s();
    int rc = -1;
    pid_t pid = -1;
    if (pb_interrupted)
        s->interrupted = 1;
    else if (lseek(s->in_fd, 0, SEEK_SET) < 0 || (pid = fork()) < 0)
        s->error = errno;
    if (pid == 0) exec_child(s, &old);
    if (pid > 0) {
        setpgid(pid, pid); /* also here: the group exists before any kill(-pid) */
        rc = wait_child(s, pid, &during, start);
        pb_usage_add_child(&s->usage);
    }
    sigprocmask(SIG_SETMASK, &old, NULL);
    return rc;
}

void pb_spawn_describe(const pb_spawn *s, char *out, size_t len)
{
    if (s->interrupted)
        snprintf(out, len, "was interrupted");
    else if (s->timed_out)
        snprintf(out, len, "was killed at the time limit (%g s)", s->limit_s);
    else if (s->error)
        snprintf(out, len, "could not be run (%s)", strerror(s->error));
    else
        pb_wait_text(s->status, out, len);
}

void pb_spawn_command_text(char *const *argv, char *out, size_t len)
{
    size_t at = 0;
    out[0] = '\0';
    for (int i = 0; argv[i] && at + 1 < len; i++) {
        int n = snprintf(out + at, len - at, "%s%s", i ? " " : "", argv[i]);
        if (n < 0) break;
        at += (size_t)n;
    }
}
