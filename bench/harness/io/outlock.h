/* outlock.h — the lock file that keeps a second command from writing the same output
 * while one writes it (two would interleave or drop each other's rows): an flock on
 * a file beside the output, so that a killed holder's lock goes with it; the file
 * holds the holder's pid for the message that refuses the second. */
#ifndef PB_OUTLOCK_H
#define PB_OUTLOCK_H

#include <stddef.h>

typedef struct pb_out_lock {
    int fd;         /* -1 when not held */
    long stale_pid; /* the pid that a lock file left by an ended holder named; 0: none */
} pb_out_lock;

/* The holder's pid as a message shows it: digits, or "unknown". */
enum { PB_OUT_LOCK_HOLDER = 24 };

/* Takes the lock on the file at path (made when absent; a link there is refused, not
 * followed) and writes this process's pid in it. 0 when taken; 1 when another process
 * holds it, its pid in holder (PB_OUT_LOCK_HOLDER bytes); -1 with "PATH: cannot lock:
 * REASON" in err. */
int pb_out_lock_take(pb_out_lock *l, const char *path, char *holder, char *err, size_t errlen);

/* When the lock taken at path was one an ended holder left (stale_pid set): "PATH: left
 * by pid N, which ended without removing it (killed?): taken over" in note, for the
 * command to say, and 1; else 0. Every command says a killed run's lock alike. */
int pb_out_lock_taken_over(const pb_out_lock *l, const char *path, char *note, size_t len);

/* Removes the lock file at path and lets the lock go (nothing when not held). */
void pb_out_lock_release(pb_out_lock *l, const char *path);

#endif
