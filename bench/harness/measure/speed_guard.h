/* speed_guard.h — a guard on the machine's speed while a sweep samples. A shared
 * virtual machine can run its code half again as slow for seconds or minutes (a
 * busy host, a busy SMT sibling): a slowdown that outlasts a round of samples
 * shifts whole runs, and no statistic of their own samples can show it. The guard
 * reads the machine's speed (a caller's reading: the time of a fixed piece of work)
 * after each round of samples; a round read more than its tolerance slower than
 * the best reading so far waits for the machine to come back (up to settle_s)
 * and is taken again. The rows keep their readings (ref_s), so that `compare` can
 * leave unjudged the pairs whose two rows were measured at different speeds. */
#ifndef PB_SPEED_GUARD_H
#define PB_SPEED_GUARD_H

#include <signal.h>

/* The default tolerance: a reading more than this fraction above the best is a
 * slower machine. Above the few percent that readings wander by on a quiet machine,
 * below the slowdowns a shared VM shows (CHANGELOG.md, the timing method). */
#define PB_SPEED_TOLERANCE 0.10

/* A sweep waits at most this many times settle_s in all: a machine that keeps
 * slowing is measured as it is rather than waited for without end. */
#define PB_SPEED_WAITS 10

/* Times the fixed piece of work: seconds, or NAN when it cannot (a signal came). */
typedef double (*pb_speed_read)(void *ctx);

typedef struct pb_speed_guard {
    pb_speed_read read;
    void *ctx;
    double settle_s;  /* the longest wait; 0: read only, never wait */
    double tolerance; /* a reading above best * (1 + tolerance) is a slower machine */
    double pause_s;   /* between readings while waiting: 2 s */
    double first_s, best_s, last_s, worst_s; /* readings: the first, fastest, latest, slowest */
    int readings;
    int waits;     /* times the machine was waited for */
    int recovered; /* of them, the times it came back in time */
    int resampled; /* rounds of samples taken again */
    int unsteady;  /* rounds kept though read slower (the wait ran out) */
    double waited_s;
    double read_end_s, read_s; /* when the last reading ended (pb_now_s) and its length */
} pb_speed_guard;

/* Starts the guard with a first reading; one that waits (settle_s > 0) reads on
 * for a second, and up to ten while the last reading is slower than the best (a
 * core just woken from idle can run slow for seconds). 0, or -1 when read gave
 * none. */
int pb_speed_guard_start(pb_speed_guard *g, double settle_s, double tolerance, pb_speed_read read,
                         void *ctx);

/* Reads the machine's speed and notes the reading; returns it (NAN: none). */
double pb_speed_guard_read(pb_speed_guard *g);

/* Whether a round of samples that ends at now_s is to be read after: always for a
 * guard that waits (settle_s > 0); for one that only reads, once the time since the
 * last reading is at least that reading's own length, so that rounds of microsecond
 * runs are not spent mostly reading (the last reading stands for the rounds between). */
int pb_speed_guard_due(const pb_speed_guard *g, double now_s);

/* 1 when reading is within the tolerance of the best, or is no reading. */
int pb_speed_guard_steady(const pb_speed_guard *g, double reading);

/* Waits, reading every pause_s, until the machine is steady again: 1 when it is; 0 when
 * settle_s passed (the slower speed then counts as the machine's best from here on:
 * it is not waited for again), when the sweep has waited PB_SPEED_WAITS * settle_s
 * already, or when *stop became nonzero. Says on stderr what it waits
 * for unless quiet. */
int pb_speed_guard_settle(pb_speed_guard *g, volatile sig_atomic_t *stop, int quiet);

/* The guard's .meta lines ("key=value"), into line[0..2]; returns how many. */
int pb_speed_guard_lines(const pb_speed_guard *g, char line[][160]);

#endif
