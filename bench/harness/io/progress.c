/* progress.c — the progress report on stderr: a redrawn line on a terminal, a plain
 * line now and then elsewhere, drawn by a thread of its own from an atomic count. */
#include "progress.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "core/engine.h"
#include "harness/base/exit.h"

#define TERMINAL_TICK_S  0.2
#define PLAIN_INTERVAL_S 30.0

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

void pb_progress_duration(double s, char *out, size_t len)
{
    if (!(s >= 0)) s = 0;
    long t = (long)(s + 0.5);
    if (s < 10)
        snprintf(out, len, "%.1f s", s);
    else if (t < 60)
        snprintf(out, len, "%ld s", t);
    else if (t < 3600)
        snprintf(out, len, "%ld min %02ld s", t / 60, t % 60);
    else
        snprintf(out, len, "%ld h %02ld min", t / 3600, t / 60 % 60);
}

/* A count for people: 1234, 12.3k, 4.56M, 7.89G; a part of one unit with three
 * figures (0.0123, 2.5: units still running counted by their part walked). */
static void amount(double v, char *out, size_t len)
{
    static const char *const suffix[] = {"", "k", "M", "G", "T", "P"};
    int k = 0;
    while (v >= 999.5 && k < 5) v /= 1000, k++;
    if (k == 0 && v > 0 && v < 100 && v != (double)(long)v)
        snprintf(out, len, "%.3g", v);
    else if (k == 0)
        snprintf(out, len, "%.0f", v);
    else
        snprintf(out, len, "%.3g%s", v, suffix[k]);
}

/* ", ~12% of the tree, ETA ~3 min 05 s": the time left if the rest of the tree takes
 * as long as its part walked did; "" while no part is reported. */
static void tree_left(const pb_progress *p, double elapsed, char *out, size_t n)
{
    /* Signed: rounding can hold the sum a few units under 0 for a moment. */
    int64_t walked = (int64_t)__atomic_load_n(&p->explored, __ATOMIC_RELAXED);
    *out = 0;
    if (walked <= 0) return; /* only an engine handed the counter adds to it */
    double part = (double)walked / (double)PB_EXPLORED_WHOLE;
    if (part > 1) part = 1;
    char eta[32];
    pb_progress_duration(elapsed * (1 - part) / part, eta, sizeof eta);
    snprintf(out, n, ", ~%.3g%% of the tree, ETA ~%s", 100 * part, eta);
}

/* The parts walked of the units still running, in units (each at most 1). */
static double parts_walked(const pb_progress *p)
{
    double sum = 0;
    for (int i = 0; p->parts && i < p->nparts; i++) {
        int64_t walked = (int64_t)__atomic_load_n(&p->parts[i], __ATOMIC_RELAXED);
        double part = walked > 0 ? (double)walked / (double)PB_EXPLORED_WHOLE : 0;
        sum += part < 1 ? part : 1;
    }
    return sum;
}

/* The report's text at time now: done[/total] unit, rate, elapsed[, ETA]. */
static int format_line(const pb_progress *p, double now, char *buf, size_t n)
{
    const uint64_t whole = __atomic_load_n(&p->done, __ATOMIC_RELAXED);
    uint64_t total = __atomic_load_n(&p->total, __ATOMIC_RELAXED);
    /* Units still running count by their part walked. */
    const double done = (double)whole + parts_walked(p);
    double el = now - p->start_s, rate = el > 0 ? done / el : 0;
    char d[32], t[32], r[32], e[32], left[64] = "";
    amount(done, d, sizeof d);
    amount(rate, r, sizeof r);
    pb_progress_duration(el, e, sizeof e);
    if (total) {
        amount((double)total, t, sizeof t);
        if (done > 0 && done <= (double)total) {
            char eta[32];
            pb_progress_duration(el * ((double)total - done) / done, eta, sizeof eta);
            snprintf(left, sizeof left, ", ETA %s", eta);
        } else {
            snprintf(left, sizeof left, ", ETA ?");
        }
        return snprintf(buf, n, "%s: %s/%s %s (%.0f%%), %s %s/s, %s elapsed%s%s%s", p->label, d, t,
                        p->unit, done <= (double)total ? 100.0 * done / (double)total : 100.0, r,
                        p->unit, e, left, p->note ? "; " : "", p->note ? p->note : "");
    }
    tree_left(p, el, left, sizeof left);
    return snprintf(buf, n, "%s: %s %s, %s %s/s, %s elapsed%s%s%s", p->label, d, p->unit, r,
                    p->unit, e, left, p->note ? "; " : "", p->note ? p->note : "");
}

/* Draws once; the caller holds the lock. */
static void draw(pb_progress *p, double now)
{
    char buf[400];
    int len = format_line(p, now, buf, sizeof buf);
    if (len < 0) return;
    if (len >= (int)sizeof buf) len = (int)sizeof buf - 1;
    if (p->mode == 1) {
        /* Pad over a longer line drawn before. */
        fprintf(stderr, "\r%s%*s", buf, p->width > len ? p->width - len : 0, "");
        if (len > p->width) p->width = len;
    } else {
        fprintf(stderr, "puzzlebench: %s\n", buf);
        p->lines++;
        p->last_line_s = now;
    }
    fflush(stderr);
}

static void *drawer(void *arg)
{
    pb_progress *p = arg;
    pthread_mutex_lock(&p->lock);
    while (!p->stop) {
        double now = now_s();
        double next = p->mode == 1 ? now + TERMINAL_TICK_S : p->last_line_s + p->interval_s;
        if (p->mode == 2 && now >= next) {
            draw(p, now);
            next = now + (p->interval_s > 0 ? p->interval_s : TERMINAL_TICK_S);
        }
        struct timespec until;
        clock_gettime(CLOCK_MONOTONIC, &until);
        double wait = next - now;
        if (wait < 0.01) wait = 0.01;
        until.tv_sec += (time_t)wait;
        until.tv_nsec += (long)((wait - (double)(long)wait) * 1e9);
        if (until.tv_nsec >= 1000000000L) until.tv_sec++, until.tv_nsec -= 1000000000L;
        int rc = 0;
        while (!p->stop && rc != ETIMEDOUT) rc = pthread_cond_timedwait(&p->wake, &p->lock, &until);
        if (!p->stop && p->mode == 1) draw(p, now_s());
    }
    pthread_mutex_unlock(&p->lock);
    return NULL;
}

void pb_progress_parts(pb_progress *p, const uint64_t *parts, int n)
{
    if (!p->mode) return;
    pthread_mutex_lock(&p->lock);
    p->parts = parts;
    p->nparts = parts ? n : 0;
    pthread_mutex_unlock(&p->lock);
}

void pb_progress_note(pb_progress *p, const char *note)
{
    if (!p->mode) return;
    pthread_mutex_lock(&p->lock);
    p->note = note && *note ? note : NULL;
    pthread_mutex_unlock(&p->lock);
}

void pb_progress_begin(pb_progress *p, const char *label, const char *unit, uint64_t total,
                       int quiet)
{
    memset(p, 0, sizeof *p);
    p->label = label ? label : "progress";
    p->unit = unit ? unit : "steps";
    p->total = total;
    p->start_s = p->last_line_s = now_s();
    p->interval_s = PLAIN_INTERVAL_S;
    const char *env = getenv("PB_PROGRESS_INTERVAL");
    char *end;
    if (env && *env) {
        double v = strtod(env, &end);
        if (!*end && v >= 0) p->interval_s = v;
    }
    if (quiet) return;
    p->mode = isatty(STDERR_FILENO) ? 1 : 2;
    pthread_condattr_t ca;
    pthread_condattr_init(&ca);
    pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
    pthread_mutex_init(&p->lock, NULL);
    pthread_cond_init(&p->wake, &ca);
    pthread_condattr_destroy(&ca);
    /* A terminal shows the line at once; so do plain lines asked for at every moment. */
    if (p->mode == 1 || p->interval_s == 0) draw(p, p->start_s);
    if (pb_thread_start(&p->thread, drawer, p)) {
        pthread_mutex_destroy(&p->lock);
        pthread_cond_destroy(&p->wake);
        p->mode = 0;
    }
}

uint64_t *pb_progress_tree(pb_progress *p)
{
    return &p->explored;
}

void pb_progress_add(pb_progress *p, uint64_t n)
{
    __atomic_fetch_add(&p->done, n, __ATOMIC_RELAXED);
}

void pb_progress_set(pb_progress *p, uint64_t done)
{
    __atomic_store_n(&p->done, done, __ATOMIC_RELAXED);
}

void pb_progress_total(pb_progress *p, uint64_t total)
{
    __atomic_store_n(&p->total, total, __ATOMIC_RELAXED);
}

void pb_progress_finish(pb_progress *p, const char *summary)
{
    if (!p->mode) return;
    pthread_mutex_lock(&p->lock);
    p->stop = 1;
    pthread_cond_signal(&p->wake);
    pthread_mutex_unlock(&p->lock);
    pthread_join(p->thread, NULL);
    double now = now_s();
    if (p->mode == 1) {
        draw(p, now); /* the last state, then a clean line for what follows */
        fprintf(stderr, "\r%*s\r", p->width, "");
    } else if (p->lines) {
        char buf[400], e[32];
        uint64_t done = __atomic_load_n(&p->done, __ATOMIC_RELAXED);
        pb_progress_duration(now - p->start_s, e, sizeof e);
        if (summary)
            snprintf(buf, sizeof buf, "%s", summary);
        else
            snprintf(buf, sizeof buf, "%llu %s in %s", (unsigned long long)done, p->unit, e);
        /* A signal ends the report too; "done" would read as the work finished. */
        fprintf(stderr, "puzzlebench: %s: %s: %s\n", p->label,
                pb_interrupted ? "interrupted" : "done", buf);
    }
    fflush(stderr);
    pthread_mutex_destroy(&p->lock);
    pthread_cond_destroy(&p->wake);
    p->mode = 0;
}

void pb_progress_start(pb_progress *p, const char *label, long total)
{
    pb_progress_begin(p, label, "runs", total > 0 ? (uint64_t)total : 0, 0);
}

void pb_progress_step(pb_progress *p)
{
    pb_progress_add(p, 1);
}

void pb_progress_end(pb_progress *p)
{
    pb_progress_finish(p, NULL);
}
