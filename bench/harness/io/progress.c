/* progress.c — the one-line "runs done / total, elapsed" report on stderr, for terminals only. */
#include "progress.h"

#include <stdio.h>
#include <time.h>
#include <unistd.h>

#define PB_PROGRESS_INTERVAL_S 0.2

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Formats the report line (without "\r"); returns its length as snprintf does. */
static int format_line(char *buf, size_t n, const pb_progress *p, long done, double now)
{
    return snprintf(buf, n, "%s: %ld/%ld runs, %.1f s elapsed", p->label, done, p->total,
                    now - p->start_s);
}

/* Draws the line for done runs; the caller holds the pb_progress critical section. */
static void draw(pb_progress *p, long done, double now)
{
    char buf[256];
    format_line(buf, sizeof buf, p, done, now);
    fprintf(stderr, "\r%s", buf);
    fflush(stderr);
}

void pb_progress_start(pb_progress *p, const char *label, long total)
{
    p->enabled = isatty(STDERR_FILENO);
    p->label = label ? label : "progress";
    p->total = total;
    p->done = 0;
    p->start_s = now_s();
    p->last_s = p->start_s;
    if (p->enabled) draw(p, 0, p->start_s);
}

void pb_progress_step(pb_progress *p)
{
    long done;
    double last, now;

#pragma omp atomic capture
    done = ++p->done;

    if (!p->enabled) return;
    now = now_s();
#pragma omp atomic read
    last = p->last_s;
    if (now - last < PB_PROGRESS_INTERVAL_S && done != p->total) return;

#pragma omp critical(pb_progress)
    {
        /* Another thread may have drawn meanwhile: check again, and draw the latest count. */
        if (now - p->last_s >= PB_PROGRESS_INTERVAL_S || done == p->total) {
#pragma omp atomic read
            done = p->done;
            draw(p, done, now);
#pragma omp atomic write
            p->last_s = now;
        }
    }
}

void pb_progress_end(pb_progress *p)
{
    char buf[256];
    int len;

    if (!p->enabled) return;
#pragma omp critical(pb_progress)
    {
        /* The line only grows, so blanking the current one's width clears every earlier one. */
        len = format_line(buf, sizeof buf, p, p->done, now_s());
        if (len < 0) len = 0;
        if ((size_t)len >= sizeof buf) len = (int)sizeof buf - 1;
        fprintf(stderr, "\r%*s\r", len, "");
        fflush(stderr);
    }
}
