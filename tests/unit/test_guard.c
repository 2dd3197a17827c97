/* test_guard.c — the sweep's guard on the machine's speed (speed_guard.h), driven by
 * scripted readings, and the measurer's retaking of samples that it relies on; what
 * the measurer makes of a first run that waited, and the CPU time of a waited-for
 * child counted in its thread's clock. */
#include <math.h>
#include <string.h>
#include <time.h>

#include "check.h"
#include "core/limiter.h"
#include "harness/measure/measure.h"
#include "harness/measure/spawn.h"
#include "harness/measure/speed_guard.h"
#include "harness/measure/usage.h"

/* Readings in order; the last one repeats once the script is used up. */
typedef struct script {
    const double *r;
    int n, at;
} script;

static double next_reading(void *ctx)
{
    script *s = ctx;
    return s->r[s->at < s->n - 1 ? s->at++ : s->n - 1];
}

static void test_start_waits_out_a_slow_first_reading(void)
{
    static const double r[] = {2.0, 1.6, 1.0};
    script s = {r, 3, 0};
    pb_speed_guard g;
    CHECK(pb_speed_guard_start(&g, 5, 0.10, next_reading, &s) == 0);
    CHECK(g.first_s == 2.0);
    CHECK(g.best_s == 1.0);
    CHECK(g.worst_s == 2.0);
    CHECK(pb_speed_guard_steady(&g, 1.10));
    CHECK(!pb_speed_guard_steady(&g, 1.11));
    CHECK(pb_speed_guard_steady(&g, NAN)); /* no reading: nothing to judge */
}

/* Starts g on readings of 1.0 (its best), waiting a millisecond between readings;
 * the readings after that come from s, which the caller then sets. */
static void start_at_one(pb_speed_guard *g, script *s, double settle_s, double tolerance)
{
    static const double one[] = {1.0};
    *s = (script){one, 1, 0};
    CHECK(pb_speed_guard_start(g, settle_s, tolerance, next_reading, s) == 0);
    g->pause_s = 0.001;
}

static void test_settle_until_the_machine_is_back(void)
{
    static const double r[] = {1.3, 1.25, 1.04};
    script s;
    pb_speed_guard g;
    volatile sig_atomic_t stop = 0;
    start_at_one(&g, &s, 5, 0.05);
    s = (script){r, 3, 0};
    CHECK(pb_speed_guard_read(&g) == 1.3);
    CHECK(pb_speed_guard_settle(&g, &stop, 1) == 1);
    CHECK(g.waits == 1 && g.recovered == 1);
    CHECK(g.last_s == 1.04 && g.best_s == 1.0 && g.worst_s == 1.3);
}

static void test_settle_gives_up_and_takes_the_new_speed(void)
{
    static const double r[] = {1.5};
    script s;
    pb_speed_guard g;
    volatile sig_atomic_t stop = 0;
    start_at_one(&g, &s, 0.02, 0.10);
    s = (script){r, 1, 0};
    CHECK(pb_speed_guard_read(&g) == 1.5);
    CHECK(pb_speed_guard_settle(&g, &stop, 1) == 0);
    CHECK(g.waits == 1 && g.recovered == 0);
    CHECK(g.best_s == 1.5); /* not waited for again */
    CHECK(pb_speed_guard_steady(&g, 1.5));
    /* Once the sweep has waited ten times settle_s, it waits no more. */
    g.best_s = 1.0;
    g.waited_s = 10 * g.settle_s;
    CHECK(pb_speed_guard_settle(&g, &stop, 1) == 0);
    CHECK(g.waits == 1);
    char line[3][160];
    CHECK(pb_speed_guard_lines(&g, line) == 3);
    CHECK(!strncmp(line[0], "ref_s=first 1 best 1 worst 1.5 last 1.5 (", 41));
}

/* The .meta's lines agree in number: one reading is "1 reading". */
static void test_lines_count_in_the_singular(void)
{
    static const double r[] = {1.0};
    script s = {r, 1, 0};
    pb_speed_guard g;
    char line[3][160];
    CHECK(pb_speed_guard_start(&g, 0, 0.10, next_reading, &s) == 0 && g.readings == 1);
    pb_speed_guard_lines(&g, line);
    CHECK(!strcmp(line[0], "ref_s=first 1 best 1 worst 1 last 1 (1 reading)"));
    pb_speed_guard_read(&g);
    pb_speed_guard_lines(&g, line);
    CHECK(!strcmp(line[0], "ref_s=first 1 best 1 worst 1 last 1 (2 readings)"));
}

static void test_settle_stops_on_a_signal(void)
{
    static const double r[] = {2.0};
    script s;
    pb_speed_guard g;
    volatile sig_atomic_t stop = 1;
    start_at_one(&g, &s, 60, 0.10);
    s = (script){r, 1, 0};
    pb_speed_guard_read(&g);
    CHECK(pb_speed_guard_settle(&g, &stop, 1) == 0);
    CHECK(g.best_s == 1.0); /* a signal is no verdict on the machine */
}

static pb_run_end count_run(void *ctx)
{
    ++*(long *)ctx;
    return PB_RUN_SAME;
}

static void test_measure_keep_retakes_samples(void)
{
    const pb_timing_opts o = {.samples = 5}; /* no warm-up: the first run is a sample */
    pb_measurer m;
    pb_timing t;
    long runs = 0;
    CHECK(pb_measure_begin(&m, &o, count_run, &runs, &t) == PB_RUN_SAME);
    CHECK(m.recorded == 1 && t.round[0] == -1);
    for (int k = 0; k < 2; k++) CHECK(pb_measure_sample(&m, k) == PB_RUN_SAME);
    CHECK(m.recorded == 3 && t.round[1] == 0 && t.round[2] == 1);
    pb_measure_keep(&m, 1);
    CHECK(m.recorded == 1 && pb_measure_wants_sample(&m));
    for (int k = 1; pb_measure_wants_sample(&m); k++)
        CHECK(pb_measure_sample(&m, k) == PB_RUN_SAME);
    CHECK(pb_measure_end(&m) == PB_RUN_SAME);
    CHECK(t.samples == 5 && t.ref_s == 0 && t.round[4] == 4);
    CHECK(runs == 1 + 2 + 4); /* the first run, two samples, then four more */
}

/* A helper of sweep --against warms up but does not calibrate: a run a sample until
 * its caller sets the runs, and a sample then takes exactly those runs. */
static void test_measure_without_calibration(void)
{
    const pb_timing_opts o = {.samples = 2, .min_sample_s = 1, .no_calibration = 1};
    pb_measurer m;
    pb_timing t;
    long runs = 0;
    CHECK(pb_measure_begin(&m, &o, count_run, &runs, &t) == PB_RUN_SAME);
    CHECK(runs == 1 && m.runs == 1 && m.recorded == 0);
    m.runs = 7;
    CHECK(pb_measure_sample(&m, 0) == PB_RUN_SAME);
    CHECK(runs == 8 && m.recorded == 1 && t.round[0] == 0);
}

/* A run that sleeps 40 ms the first time (as one descheduled on a loaded machine
 * waits) and is busy for 200 us every later time; counts its calls. */
static pb_run_end waits_first(void *ctx)
{
    if (++*(long *)ctx == 1) {
        const struct timespec ts = {0, 40000000};
        nanosleep(&ts, NULL);
    } else {
        for (const double end = pb_now_s() + 200e-6; pb_now_s() < end;) {
        }
    }
    return PB_RUN_SAME;
}

/* A first run that slept ran for next to none of its time: it is not kept as a sample
 * though it outlasted the warm-up and the minimum sample, and the runs per sample
 * come from the warm-up's busy runs (a dozen make the minimum), not from the first
 * run (which alone made it one run a sample). An outside command's waiting is its
 * own: there the first run is kept. */
static void test_measure_first_run_that_waited(void)
{
    pb_timing_opts o = {
        .samples = 2, .min_sample_s = 0.002, .warmup_s = 0.020, .cpu_clock = PB_CPU_THREAD};
    pb_measurer m;
    pb_timing t;
    long runs = 0;
    CHECK(pb_measure_begin(&m, &o, waits_first, &runs, &t) == PB_RUN_SAME);
    CHECK(m.first_s >= 0.040 && m.recorded == 0 && !m.first_kept);
    CHECK(runs > 2 && m.runs > 1);
    o.cpu_clock = PB_CPU_CHILDREN;
    runs = 0;
    CHECK(pb_measure_begin(&m, &o, waits_first, &runs, &t) == PB_RUN_SAME);
    CHECK(m.recorded == 1 && m.first_kept && t.sample_s[0] >= 0.040 && m.runs == 1);
}

/* A child that the thread waited for counts in the thread's CPU time, to the
 * microsecond wait4 gives. */
static void test_waited_child_in_thread_clock(void)
{
    char *argv[] = {"sh", "-c", "i=0; while [ $i -lt 20000 ]; do i=$((i+1)); done", NULL};
    pb_spawn sp;
    char err[256];
    CHECK(pb_spawn_open(&sp, argv, "/dev/null", err, sizeof err) == 0);
    const double before = pb_cpu_thread_s();
    CHECK(pb_spawn_run(&sp) == 0);
    const double after = pb_cpu_thread_s();
    const double child =
        (double)sp.usage.ru_utime.tv_sec + 1e-6 * (double)sp.usage.ru_utime.tv_usec +
        (double)sp.usage.ru_stime.tv_sec + 1e-6 * (double)sp.usage.ru_stime.tv_usec;
    pb_spawn_close(&sp);
    CHECK(child > 0 && after - before >= child - 1e-9);
    CHECK(pb_peak_reset() != 0 || pb_peak_read() > 0);
}

/* A guard that only reads reads again once as long has passed since its last reading
 * as that reading took; one that waits reads after every round. */
static void test_reading_pace(void)
{
    static const double r[] = {1.0, 1.0};
    script s = {r, 2, 0};
    pb_speed_guard g;
    CHECK(pb_speed_guard_start(&g, 0, 0.10, next_reading, &s) == 0);
    /* The reading's end and length, taken around the reading itself. */
    const double t0 = pb_now_s();
    CHECK(pb_speed_guard_read(&g) == 1.0);
    const double t1 = pb_now_s();
    CHECK(g.read_end_s >= t0 && g.read_end_s <= t1);
    CHECK(g.read_s >= 0 && g.read_s <= t1 - t0);
    g.read_end_s = 100, g.read_s = 0.03;
    CHECK(!pb_speed_guard_due(&g, 100.01));
    CHECK(!pb_speed_guard_due(&g, 100.029));
    CHECK(pb_speed_guard_due(&g, 100.03));
    CHECK(pb_speed_guard_due(&g, 101));
    g.settle_s = 5;
    CHECK(pb_speed_guard_due(&g, 100.01));
    g.settle_s = 0, g.readings = 0; /* none yet: read */
    CHECK(pb_speed_guard_due(&g, 100.01));
}

int main(void)
{
    test_start_waits_out_a_slow_first_reading();
    test_settle_until_the_machine_is_back();
    test_settle_gives_up_and_takes_the_new_speed();
    test_settle_stops_on_a_signal();
    test_lines_count_in_the_singular();
    test_measure_keep_retakes_samples();
    test_measure_without_calibration();
    test_measure_first_run_that_waited();
    test_waited_child_in_thread_clock();
    test_reading_pace();
    return check_report("guard");
}
