/* peer.h — a child process spoken to in lines: its stdin and stdout are pipes to this
 * process, its stderr is this process's. The sweep's two builds (sweep --against) are
 * such peers, fed one command at a time. */
#ifndef PB_PEER_H
#define PB_PEER_H

#include <signal.h>
#include <stddef.h>
#include <sys/types.h>

/* Lines read from a file descriptor, a signal's interruption of a read retried. */
typedef struct pb_line_in {
    int fd;
    /* NULL, or a flag a signal handler sets: once it is non-zero a read waiting for
     * input waits PB_PEER_ANSWER_S more at most (a peer finishing its answer, or
     * starting up), then gives up (-1) and sets gave_up, so a peer that never answers
     * cannot hold this process. */
    const volatile sig_atomic_t *cancel;
    int gave_up;
    size_t have; /* bytes in buf not yet returned */
    char buf[512];
} pb_line_in;

/* Reads one line into out, without its newline. 0, or -1 at the end of the input, on a
 * read error, or for a line longer than out holds. */
int pb_line_in_read(pb_line_in *r, char *out, size_t len);

typedef struct pb_peer {
    pid_t pid;       /* 0: not started, or waited for */
    int to;          /* its stdin */
    pb_line_in from; /* its stdout */
    int status;      /* its wait status, once waited for */
} pb_peer;

/* Starts argv[0] (a path) with argv. SIGPIPE is ignored in this process from then on,
 * so that a peer that ended shows as a failed write, not as this process's end. Reads
 * and the wait for its end give up once *cancel is non-zero (cancel may be NULL). 0,
 * or -1 with a message in err. */
int pb_peer_start(pb_peer *p, char *const *argv, const volatile sig_atomic_t *cancel, char *err,
                  size_t errlen);

/* Sends one line (a newline is added). 0, or -1 when the peer is gone. */
int pb_peer_send(pb_peer *p, const char *line);

/* Reads one line into buf, without its newline. 0, or -1 at the end of its output (or a
 * line longer than buf). */
int pb_peer_read(pb_peer *p, char *buf, size_t len);

/* Seconds a peer has to end once its input is closed, after the cancel flag is set or
 * when it is given up on, before it is sent SIGTERM (and a second later SIGKILL); none
 * for a peer that already failed to answer within PB_PEER_ANSWER_S of the flag. */
#define PB_PEER_GRACE_S  3.0
#define PB_PEER_ANSWER_S 5.0

/* Closes its stdin (the peer sees the end of its input) and waits for it; its wait
 * status is in p->status. With give_up, or once the cancel flag is set, it waits at
 * most PB_PEER_GRACE_S, then kills it: 1 when it had to be killed, else 0. */
int pb_peer_finish(pb_peer *p, int give_up);

/* How a finished peer ended, in words: "exited with status 2", "was killed by signal 9". */
void pb_peer_describe(const pb_peer *p, char *out, size_t len);

#endif
