/* progress.h — a one-line progress report on stderr (runs done / total, elapsed),
 * redrawn at most a few times a second and only when stderr is a terminal. */
#ifndef PB_PROGRESS_H
#define PB_PROGRESS_H

typedef struct pb_progress {
    int enabled; /* stderr is a terminal */
    long total, done;
    double start_s, last_s;
    const char *label;
} pb_progress;

void pb_progress_start(pb_progress *p, const char *label, long total);
/* Thread-safe: call after each finished run. */
void pb_progress_step(pb_progress *p);
/* Clears the line. */
void pb_progress_end(pb_progress *p);

#endif
