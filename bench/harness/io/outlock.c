/* outlock.c — an output's lock file: flock, the holder's pid, removed at the end. */
#define _DEFAULT_SOURCE /* flock */
#include "outlock.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "outfile.h"

/* The pid written in the lock file fd, or 0. */
static long pid_in(int fd)
{
    char pid[24];
    ssize_t n = pread(fd, pid, sizeof pid - 1, 0);
    pid[n > 0 ? n : 0] = '\0';
    long v = strtol(pid, NULL, 10);
    return v > 0 ? v : 0;
}

int pb_out_lock_taken_over(const pb_out_lock *l, const char *path, char *note, size_t len)
{
    if (!l->stale_pid) return 0;
    snprintf(note, len,
             "%s: left by pid %ld, which ended without removing it (killed?): taken over", path,
             l->stale_pid);
    return 1;
}

int pb_out_lock_take(pb_out_lock *l, const char *path, char *holder, char *err, size_t errlen)
{
    l->fd = -1;
    l->stale_pid = 0;
    for (;;) {
        int fd = pb_out_open(path, O_RDWR | O_CREAT, err, errlen);
        if (fd < 0) return -1;
        if (flock(fd, LOCK_EX | LOCK_NB)) {
            int e = errno;
            const long pid = e == EWOULDBLOCK ? pid_in(fd) : 0;
            snprintf(holder, PB_OUT_LOCK_HOLDER, pid ? "%ld" : "unknown", pid);
            close(fd);
            if (e == EWOULDBLOCK) return 1;
            return snprintf(err, errlen, "%s: cannot lock: %s", path, strerror(e)), -1;
        }
        /* The holder before may have removed the file as it let go: the lock is only
         * ours if it is on the file that is there now. */
        struct stat held, there;
        if (!fstat(fd, &held) && !lstat(path, &there) && held.st_ino == there.st_ino &&
            held.st_dev == there.st_dev) {
            char pid[24];
            l->stale_pid = pid_in(fd);
            int n = snprintf(pid, sizeof pid, "%ld\n", (long)getpid());
            if (ftruncate(fd, 0) || pwrite(fd, pid, (size_t)n, 0) != n) {
                /* The pid is for the message of a refused second alone: the lock holds
                 * without it. */
            }
            l->fd = fd;
            return 0;
        }
        close(fd);
    }
}

void pb_out_lock_release(pb_out_lock *l, const char *path)
{
    if (l->fd < 0) return;
    unlink(path);
    close(l->fd);
    l->fd = -1;
}
