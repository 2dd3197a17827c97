/* measure.c — the one timing method: a warm-up by time, calibration of the runs per
 * sample, then samples of at least the minimum time each. */
#include "measure.h"

#include <math.h>
#include <stdio.h>

#include "core/limiter.h"
#include "usage.h"

int pb_timing_check(const pb_timing_opts *o, char *why, size_t whylen)
{
    if (o->samples < 1 || o->samples > PB_MAX_SAMPLES)
        return snprintf(why, whylen, "samples must be 1 to %d, got %d", PB_MAX_SAMPLES, o->samples),
               -1;
    if (o->max_samples && (o->max_samples < o->samples || o->max_samples > PB_MAX_SAMPLES))
        return snprintf(why, whylen, "max-samples must be from samples (%d) to %d, got %d",
                        o->samples, PB_MAX_SAMPLES, o->max_samples),
               -1;
    if (!(o->min_sample_s >= 0) || o->min_sample_s > 3600)
        return snprintf(why, whylen, "min-sample-time must be 0 to 3600 seconds, got %g",
                        o->min_sample_s),
               -1;
    if (!(o->warmup_s >= 0) || o->warmup_s > 3600)
        return snprintf(why, whylen, "warmup must be 0 to 3600 seconds, got %g", o->warmup_s), -1;
    if (!(o->budget_s >= 0))
        return snprintf(why, whylen, "rep-budget must be 0 or more seconds, got %g", o->budget_s),
               -1;
    if (o->slowdown != 0 && !(o->slowdown >= 1 && o->slowdown <= 100))
        return snprintf(why, whylen, "slowdown must be 1 to 100, got %g", o->slowdown), -1;
    return 0;
}

/* Busy for s seconds (the slowdown's slower work: the CPU is used, not left idle). */
static void spin(double s)
{
    const double end = pb_now_s() + s;
    while (pb_now_s() < end) {
    }
}

/* The CPU clock of o's runs (pb_cpu_clock). */
static double cpu_now(const pb_timing_opts *o)
{
    switch (o->cpu_clock) {
    case PB_CPU_THREAD:
        return pb_cpu_thread_s();
    case PB_CPU_CHILDREN:
        return pb_cpu_children_s();
    default:
        return pb_cpu_process_s();
    }
}

/* Runs run n times back to back, the time they took in *took and their CPU time in
 * *cpu (with the slowdown's work after the last: F - 1 times the runs' own time). 0,
 * or -1 when one of them did not end PB_RUN_SAME (its end in *end, the times until
 * then in *took and *cpu). The slowdown is timed over the whole batch, not run by
 * run: clock reads around each of a sample's thousands of sub-microsecond runs would
 * slow it by more than F. */
static int timed_runs(const pb_timing_opts *o, pb_run_once run, void *ctx, long n, pb_run_end *end,
                      double *took, double *cpu)
{
    const double c0 = cpu_now(o), t0 = pb_now_s();
    int rc = 0;
    for (long i = 0; i < n && !rc; i++)
        if ((*end = run(ctx)) != PB_RUN_SAME) rc = -1;
    if (o->slowdown > 1) spin((o->slowdown - 1) * (pb_now_s() - t0));
    *took = pb_now_s() - t0;
    *cpu = cpu_now(o) - c0;
    return rc;
}

/* Runs per sample so that a sample lasts at least min_s: grown from per_run, the
 * fastest run seen (the first, or one of the warm-up's), until one unrecorded trial
 * sample is long enough. A cold first run can be many times slower than the rest,
 * and one descheduled on a loaded machine reads longer than it ran: its time alone
 * would undershoot, down to samples of one run that is far shorter than min_s. */
static pb_run_end calibrate(const pb_timing_opts *o, pb_run_once run, void *ctx, double per_run,
                            long *runs)
{
    *runs = 1;
    double took, cpu;
    for (int round = 0; round < 8 && per_run * (double)*runs < o->min_sample_s; round++) {
        double want = ceil(1.2 * o->min_sample_s / fmax(per_run, 1e-9));
        *runs = want > 1e9 ? 1000000000L : want < 1 ? 1 : (long)want;
        pb_run_end end = PB_RUN_SAME;
        if (timed_runs(o, run, ctx, *runs, &end, &took, &cpu) < 0) return end;
        per_run = took / (double)*runs;
    }
    return PB_RUN_SAME;
}

/* The median of the values of v[0 .. n) that are not NAN; NAN when none is. */
static double known_median(const double *v, int n)
{
    double known[PB_MAX_SAMPLES];
    int k = 0;
    for (int i = 0; i < n; i++)
        if (!isnan(v[i])) known[k++] = v[i];
    return k ? pb_median_sort(known, k) : NAN;
}

/* Fills t from the samples taken; with none, the first run's time is the one. */
static pb_run_end finish(pb_measurer *m, pb_run_end end)
{
    pb_timing *t = m->t;
    if (!m->recorded) {
        t->round[0] = -1, t->process[0] = 0, t->cpu_s[0] = m->first_cpu_s;
        t->sample_s[m->recorded++] = m->first_s, m->runs = 1;
    }
    t->samples = m->recorded;
    t->runs_per_sample = (int)m->runs;
    t->cpu_median_s = known_median(t->cpu_s, m->recorded);
    return pb_summarize(t->sample_s, m->recorded, &t->sum) ? PB_RUN_ERROR : end;
}

/* Runs not recorded until o->warmup_s has passed since the first began (which ran
 * for busy_s): caches, branch predictors and the allocator's pages are then warm.
 * The fastest run's time lowers *fastest_s. */
static pb_run_end warm_up(const pb_timing_opts *o, pb_run_once run, void *ctx, double busy_s,
                          double *fastest_s)
{
    pb_run_end end = PB_RUN_SAME;
    double took, cpu;
    for (double warm = busy_s; warm < o->warmup_s; warm += took) {
        if (timed_runs(o, run, ctx, 1, &end, &took, &cpu) < 0) break;
        if (took < *fastest_s) *fastest_s = took;
    }
    return end;
}

/* How long a first run that took wall seconds ran: a run of this process waited, not
 * ran, for the part of its time that its CPU time lacks (descheduled on a loaded
 * machine). An outside command's wall time stands: it may wait by design. A run of
 * several threads uses more CPU time than wall time, and its wall time stands. */
static double busy_s(const pb_timing_opts *o, double wall, double cpu)
{
    return o->cpu_clock != PB_CPU_CHILDREN && cpu < wall ? cpu : wall;
}

/* Starts reading a run's peak memory from source; 1 when it can be read after it. */
static int peak_begin(int source)
{
    if (source == PB_PEAK_CHILDREN) pb_peak_children_reset();
    return source == PB_PEAK_CHILDREN || (source == PB_PEAK_PROCESS && !pb_peak_reset());
}

/* The peak memory of the run that peak_begin(source) started reading; 0: none. */
static uint64_t peak_end(int source)
{
    return source == PB_PEAK_CHILDREN ? pb_peak_children_read() : pb_peak_read();
}

pb_run_end pb_measure_begin(pb_measurer *m, const pb_timing_opts *o, pb_run_once run, void *ctx,
                            pb_timing *t)
{
    *m = (pb_measurer){.o = o, .run = run, .ctx = ctx, .t = t, .runs = 1, .end = PB_RUN_SAME};
    t->ref_s = 0;
    t->peak_rss_bytes = 0;
    /* The peak of the first run alone: the later ones repeat it, and a sweep's runs
     * interleave their samples. */
    const int peak = peak_begin(o->peak_memory);
    /* A run that stops short is timed once: its time is a lower bound. */
    const int first = timed_runs(o, run, ctx, 1, &m->end, &m->first_s, &m->first_cpu_s);
    if (peak) t->peak_rss_bytes = peak_end(o->peak_memory);
    if (first < 0) return m->end == PB_RUN_STOPPED ? finish(m, m->end) : m->end;
    /* A first run as long as the warm-up is warm enough to be a sample itself, when
     * it is long enough to be one: a long run is not run again only to warm up. That
     * is judged by the time it ran: one that waited descheduled is not long. */
    const double busy = busy_s(o, m->first_s, m->first_cpu_s);
    double fastest = busy;
    if (busy >= o->warmup_s && busy >= o->min_sample_s) {
        t->round[m->recorded] = -1, t->process[m->recorded] = 0;
        t->cpu_s[m->recorded] = m->first_cpu_s;
        t->sample_s[m->recorded++] = m->first_s;
        m->spent = m->first_s;
        m->first_kept = 1;
    }
    if ((m->end = warm_up(o, run, ctx, busy, &fastest)) != PB_RUN_SAME ||
        (!o->no_calibration && (m->end = calibrate(o, run, ctx, fastest, &m->runs)) != PB_RUN_SAME))
        return m->end == PB_RUN_STOPPED ? finish(m, m->end) : m->end;
    return PB_RUN_SAME;
}

static int budget_spent(const pb_measurer *m)
{
    return m->o->budget_s > 0 && m->recorded && m->spent >= m->o->budget_s;
}

int pb_measure_wants_sample(const pb_measurer *m)
{
    return m->end == PB_RUN_SAME && m->recorded < m->o->samples && !budget_spent(m);
}

int pb_measure_can_sample(const pb_measurer *m)
{
    const int most = m->o->max_samples > m->o->samples ? m->o->max_samples : m->o->samples;
    return m->end == PB_RUN_SAME && m->recorded < most && !budget_spent(m);
}

/* The stack shift of sample k: 5 samples fall 816 bytes apart over a 4 KiB page. */
static size_t stack_shift(int k)
{
    return (size_t)k * 816 % 4096;
}

/* Runs one sample with the stack shifted by shift bytes. Where a run's arrays on
 * the stack fall within a page changes its speed (4K aliasing of loads and stores,
 * cache sets): some processes ran slower than others only by where their stack
 * began. A different shift for each sample puts that effect in the spread of one
 * process's samples, where the median and the statistics see it, instead of between
 * processes, where nothing does (Mytkowicz et al., "Producing wrong data without doing
 * anything obviously wrong!", ASPLOS 2009). */
static int shifted_runs(pb_measurer *m, size_t shift, double *took, double *cpu)
{
    volatile char pad[shift + 1];
    (void)pad;
    pad[0] = 0;
    const int rc = timed_runs(m->o, m->run, m->ctx, m->runs, &m->end, took, cpu);
    pad[shift] = 0; /* the frame stays until the runs are done */
    return rc;
}

pb_run_end pb_measure_sample(pb_measurer *m, int round)
{
    double took, cpu;
    if (shifted_runs(m, stack_shift(m->recorded), &took, &cpu) < 0) return m->end;
    m->t->round[m->recorded] = round, m->t->process[m->recorded] = 0;
    m->t->cpu_s[m->recorded] = cpu / (double)m->runs;
    m->t->sample_s[m->recorded++] = took / (double)m->runs;
    m->spent += took;
    return PB_RUN_SAME;
}

void pb_measure_take(pb_measurer *m, int round, int process, double seconds, double cpu_s)
{
    if (m->recorded >= PB_MAX_SAMPLES) return;
    m->t->round[m->recorded] = round, m->t->process[m->recorded] = process;
    m->t->cpu_s[m->recorded] = cpu_s;
    m->t->sample_s[m->recorded++] = seconds;
    m->spent += seconds * (double)m->runs;
}

pb_run_end pb_measure_end(pb_measurer *m)
{
    if (m->end == PB_RUN_ERROR) return PB_RUN_ERROR;
    return finish(m, m->end);
}

void pb_measure_keep(pb_measurer *m, int keep)
{
    if (m->end != PB_RUN_SAME) return;
    for (; m->recorded > keep; m->recorded--)
        if (m->recorded == 1 && m->first_kept)
            m->spent -= m->first_s, m->first_kept = 0; /* one run, before the calibration */
        else
            m->spent -= m->t->sample_s[m->recorded - 1] * (double)m->runs;
    if (m->spent < 0) m->spent = 0;
}

pb_run_end pb_measure(const pb_timing_opts *o, pb_run_once run, void *ctx, pb_timing *t)
{
    pb_measurer m;
    pb_run_end begun = pb_measure_begin(&m, o, run, ctx, t);
    if (begun != PB_RUN_SAME) return begun;
    while (pb_measure_wants_sample(&m) && pb_measure_sample(&m, -1) == PB_RUN_SAME) {
    }
    return pb_measure_end(&m);
}
