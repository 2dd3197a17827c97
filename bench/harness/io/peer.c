/* peer.c — a child process spoken to in lines over two pipes (fork and exec; the
 * child keeps this process's group, so Ctrl-C reaches it as it reaches us). */
#define _GNU_SOURCE /* pipe2 */
#include "peer.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "harness/base/wait_text.h"

int pb_peer_start(pb_peer *p, char *const *argv, const volatile sig_atomic_t *cancel, char *err,
                  size_t errlen)
{
    int in[2], out[2];
    *p = (pb_peer){.to = -1, .from = {.fd = -1, .cancel = cancel}};
    if (access(argv[0], X_OK))
        return snprintf(err, errlen, "cannot run '%s': %s", argv[0], strerror(errno)), -1;
    if (pipe2(in, O_CLOEXEC)) return snprintf(err, errlen, "pipe: %s", strerror(errno)), -1;
    if (pipe2(out, O_CLOEXEC)) {
        close(in[0]), close(in[1]);
        return snprintf(err, errlen, "pipe: %s", strerror(errno)), -1;
    }
    signal(SIGPIPE, SIG_IGN);
    const pid_t pid = fork();
    if (pid == 0) {
        signal(SIGPIPE, SIG_DFL); /* an ignored signal would stay ignored across exec */
        if (dup2(in[0], 0) < 0 || dup2(out[1], 1) < 0) _exit(127);
        execv(argv[0], argv);
        dprintf(2, "puzzlebench: cannot run '%s': %s\n", argv[0], strerror(errno));
        _exit(127);
    }
    close(in[0]), close(out[1]);
    if (pid < 0) {
        close(in[1]), close(out[0]);
        return snprintf(err, errlen, "fork: %s", strerror(errno)), -1;
    }
    p->pid = pid, p->to = in[1], p->from.fd = out[0];
    return 0;
}

int pb_peer_send(pb_peer *p, const char *line)
{
    const size_t len = strlen(line);
    char buf[256];
    if (p->to < 0 || len + 1 > sizeof buf) return -1;
    memcpy(buf, line, len);
    buf[len] = '\n';
    for (size_t at = 0; at < len + 1;) {
        const ssize_t n = write(p->to, buf + at, len + 1 - at);
        if (n < 0 && errno == EINTR && !(p->from.cancel && *p->from.cancel)) continue;
        if (n <= 0) return -1;
        at += (size_t)n;
    }
    return 0;
}

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* Waits until r's input is there (or an error for read to report): 0, or -1 once
 * *cancel has been set for PB_PEER_ANSWER_S. It looks at the flag a few times a
 * second, so a signal that came just before the wait began is seen too. */
static int wait_input(pb_line_in *r)
{
    double until = 0;
    for (;;) {
        if (*r->cancel && !until) until = now_s() + PB_PEER_ANSWER_S;
        if (until && now_s() >= until) return r->gave_up = 1, -1;
        struct pollfd pf = {.fd = r->fd, .events = POLLIN};
        const int n = poll(&pf, 1, 200);
        if (n > 0 || (n < 0 && errno != EINTR)) return 0;
    }
}

int pb_line_in_read(pb_line_in *r, char *out, size_t len)
{
    for (;;) {
        char *nl = memchr(r->buf, '\n', r->have);
        if (nl) {
            const size_t n = (size_t)(nl - r->buf);
            if (n + 1 > len) return -1;
            memcpy(out, r->buf, n);
            out[n] = '\0';
            r->have -= n + 1;
            memmove(r->buf, nl + 1, r->have);
            return 0;
        }
        if (r->fd < 0 || r->have == sizeof r->buf) return -1;
        if (r->cancel && wait_input(r)) return -1;
        const ssize_t got = read(r->fd, r->buf + r->have, sizeof r->buf - r->have);
        if (got < 0 && errno == EINTR) continue; /* a signal: the peer still answers */
        if (got <= 0) return -1;
        r->have += (size_t)got;
    }
}

int pb_peer_read(pb_peer *p, char *buf, size_t len)
{
    return pb_line_in_read(&p->from, buf, len);
}

int pb_peer_finish(pb_peer *p, int give_up)
{
    if (p->to >= 0) close(p->to);
    p->to = -1;
    if (p->from.fd >= 0) close(p->from.fd);
    p->from.fd = -1;
    const volatile sig_atomic_t *cancel = p->from.cancel;
    const struct timespec tick = {0, 20 * 1000 * 1000};
    const double grace = p->from.gave_up ? 0 : PB_PEER_GRACE_S;
    double waited = 0; /* seconds since the wait became a bounded one */
    int killed = 0;
    while (p->pid > 0) {
        const int bounded = give_up || (cancel && *cancel);
        /* A peer under a cancel flag is waited for in ticks, to see the flag. */
        const pid_t r = waitpid(p->pid, &p->status, bounded || cancel ? WNOHANG : 0);
        if (r == p->pid || (r < 0 && errno != EINTR)) break;
        if (r != 0) continue; /* a signal */
        nanosleep(&tick, NULL);
        if (!bounded) continue;
        waited += 0.02;
        if (waited >= grace + killed) kill(p->pid, killed++ ? SIGKILL : SIGTERM);
    }
    p->pid = 0;
    return killed > 0;
}

void pb_peer_describe(const pb_peer *p, char *out, size_t len)
{
    pb_wait_text(p->status, out, len);
}
