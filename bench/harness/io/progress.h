/* progress.h — the one progress report on stderr of long work (count, solve on a file,
 * time, sweep): how much is done, the rate, the time elapsed and, where the total is
 * known, the time left from the rate so far; for one search whose engine reports the
 * part of its tree walked, the time left from that part; puzzles of a file still
 * running count by their parts walked, so the rate moves before one ends. On a terminal one line is
 * redrawn a few times a second (like pv or hyperfine); otherwise a plain line is
 * written every 30 s (PB_PROGRESS_INTERVAL=S in the environment sets S; 0: a line at
 * the start too), so logs show life, with a last line at the end when any was
 * written. A thread of its own draws, so the work only adds to a counter. */
#ifndef PB_PROGRESS_H
#define PB_PROGRESS_H

#include <pthread.h>
#include <stdint.h>

typedef struct pb_progress {
    int mode;          /* 0: off, 1: terminal, 2: plain lines */
    const char *label; /* "count notouch" */
    const char *unit;  /* "puzzles", "steps", "runs" */
    const char *note;  /* NULL, or a remark after the ETA (under lock once drawing) */
    uint64_t total;    /* 0: not known */
    uint64_t done;     /* atomic */
    uint64_t explored; /* atomic: the engine's part of its tree walked (pb_run.explored);
                          above 0, the time left is read from it */
    /* Under lock: one counter per unit in progress (pb_run.explored of each puzzle
     * running), each adding its part walked to the units done; NULL: none. */
    const uint64_t *parts;
    int nparts;
    double start_s, interval_s, last_line_s;
    int width, lines; /* the terminal line's width drawn; plain lines written */
    int stop;         /* under lock: the drawing thread ends */
    pthread_t thread;
    pthread_mutex_t lock;
    pthread_cond_t wake;
} pb_progress;

/* Starts the report of work on `total` units (0: not known); quiet: none at all. */
void pb_progress_begin(pb_progress *p, const char *label, const char *unit, uint64_t total,
                       int quiet);
/* Thread-safe: n more units done, or all units done so far. */
void pb_progress_add(pb_progress *p, uint64_t n);
void pb_progress_set(pb_progress *p, uint64_t done);
/* Where an engine may report the part of its search tree walked (pb_run.explored):
 * once that part is above 0, the lines show it and the time left it implies. */
uint64_t *pb_progress_tree(pb_progress *p);
/* Units still running, each with the part of its tree walked in parts[i] (written
 * by engines, read atomically): the lines count those parts as done, so the rate and
 * time left move before a unit ends. Set NULL before adding the units done. */
void pb_progress_parts(pb_progress *p, const uint64_t *parts, int n);
/* A remark each line ends with (the caller keeps the text; NULL: none). */
void pb_progress_note(pb_progress *p, const char *note);
/* A new total (e.g. once the runs to make are known). */
void pb_progress_total(pb_progress *p, uint64_t total);
/* Ends the report: the terminal line is cleared; plain lines end with a last line
 * (summary, or "done" with the count and time) when any was written. */
void pb_progress_finish(pb_progress *p, const char *summary);

/* The sweep's runs: begin with "runs" when stderr is a terminal, add 1, finish. */
void pb_progress_start(pb_progress *p, const char *label, long total);
void pb_progress_step(pb_progress *p);
void pb_progress_end(pb_progress *p);

/* "42 s", "3 min 05 s", "2 h 10 min": a duration for people. */
void pb_progress_duration(double s, char *out, size_t len);

#endif
