/* sweep_serve.c — one build's side of `sweep --against` (sweep --serve): the runs of
 * the sweep measured one step at a time, as the process that compares two builds asks
 * over stdin, each answer one line on stdout:
 *   (first)          ready NJOBS HASH     the runs expanded, so that both sides agree
 *   begin I          ok PHASE WANTS CAN SECONDS CPU   the first run's time where it is
 *                                         kept as a sample (long enough to be one),
 *                                         else "-"
 *   keep I N         ok PHASE WANTS CAN - -   run I keeps its first N samples (the
 *                                         other build did not keep its first run)
 *   sample I ROUND   ok PHASE WANTS CAN SECONDS CPU   (each "-" when not taken or known)
 *   end FIRST END    ok WRITTEN           runs FIRST .. END - 1 ended, their rows written
 *   bind P           ok                   from now on, run on part P of the cores split
 *                                         in two (--duet)
 *   take I ROUND P S [C]  ok PHASE WANTS CAN S C  record S seconds (C CPU seconds, "-" or
 *                                         absent: not known) per run as run I's sample
 *                                         of ROUND, taken by worker P of this build
 *   runs I N         ok RUNS              run I's runs per sample, set to N first where
 *                                         N > 0 and the run is sampling (a duet's two
 *                                         sides then take batches of one size; a
 *                                         helper, which begins a run with its warm-up
 *                                         alone, takes its first worker's)
 *   done I           ok D                 D 1: --resume kept run I's row from an
 *                                         earlier run (it is not measured again)
 *   drop I           ok WRITTEN           --resume: run I's kept row left out, to be
 *                                         measured again (the other build has none)
 *   quit             ends the sweep; stop SIG ends it as signal SIG would (the end
 *                    of stdin as SIGTERM would)
 * PHASE is a run's JOB_* phase; WANTS and CAN say whether its samples are due, and
 * whether a further one may be taken. A worker that cannot serve says `refused`
 * (its message on stderr), or `complete` where --resume finds the sweep complete. */
#include <inttypes.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "harness/base/exit.h"
#include "harness/base/say.h"
#include "harness/io/peer.h"
#include "sweep_exec.h"

/* The state of run i as the answers give it. */
static void answer(const pb_sweep_exec *e, long i, double seconds, double cpu)
{
    const pb_measurer *m = &e->state[i].bm.m;
    const int sampling = e->state[i].phase == JOB_SAMPLING;
    char s[32] = "-", u[32] = "-";
    if (!isnan(seconds)) snprintf(s, sizeof s, "%.9g", seconds);
    if (!isnan(seconds) && !isnan(cpu)) snprintf(u, sizeof u, "%.9g", cpu);
    printf("ok %d %d %d %s %s\n", e->state[i].phase, sampling && pb_measure_wants_sample(m),
           sampling && pb_measure_can_sample(m), s, u);
    fflush(stdout);
}

/* One sample of run i in round `round`, whether due by its own count or asked for
 * beyond it (a pair known less well than ci-target); its time, or NAN, and its CPU
 * time in *cpu. */
static double sample(pb_sweep_exec *e, long i, int round, double *cpu)
{
    const pb_measurer *m = &e->state[i].bm.m;
    const int before = m->recorded;
    e->round = round;
    e->more[i] = 1;
    pb_sweep_sample_job(e, i);
    e->more[i] = 0;
    e->round = -1;
    *cpu = m->recorded > before ? m->t->cpu_s[m->recorded - 1] : NAN;
    return m->recorded > before ? m->t->sample_s[m->recorded - 1] : NAN;
}

/* Records seconds as run i's sample of `round` where it may take one (worker `process`
 * of this build measured it); seconds, or NAN when it was not recorded. */
static double take(pb_sweep_exec *e, long i, int round, int process, double seconds, double cpu)
{
    pb_measurer *m = &e->state[i].bm.m;
    if (e->state[i].phase != JOB_SAMPLING || !pb_measure_can_sample(m)) return NAN;
    pb_measure_take(m, round, process, seconds, cpu);
    return seconds;
}

/* Binds this thread to part `part` of the machine's cores split in two (the binders
 * made on first use). 0, or -1 (said). */
static int bind_part(pb_binder **half, int part)
{
    char err[300];
    if (!half[part] && !(half[part] = pb_binder_new_part("core", part, 2, err, sizeof err)))
        return pb_say("sweep --serve: %s", err), -1;
    pb_binder_bind_thread(half[part], 0);
    printf("ok\n");
    fflush(stdout);
    return 0;
}

/* Carries out one command line. 1 to go on, 0 at the end, -1 for a line it cannot read. */
static int serve_line(pb_sweep_exec *e, pb_sweep_writer *w, const char *line, pb_binder **half)
{
    long i, end;
    int n;
    if (!strcmp(line, "quit")) return 0;
    if (sscanf(line, "stop %d", &n) == 1 && n > 0 && n < 64) {
        if (!pb_interrupted) pb_interrupted = n; /* the comparing process's signal */
        return 0;
    }
    if (sscanf(line, "bind %d", &n) == 1 && (n == 0 || n == 1)) return bind_part(half, n) ? -1 : 1;
    if (sscanf(line, "begin %ld", &i) == 1 && i >= 0 && i < e->plan->njobs) {
        pb_sweep_begin_job(e, i);
        const pb_measurer *m = &e->state[i].bm.m;
        const int kept = e->state[i].phase == JOB_SAMPLING && m->first_kept;
        answer(e, i, kept ? m->t->sample_s[0] : NAN, kept ? m->t->cpu_s[0] : NAN);
        return 1;
    }
    if (sscanf(line, "keep %ld %d", &i, &n) == 2 && i >= 0 && i < e->plan->njobs && n >= 0) {
        if (e->state[i].phase == JOB_SAMPLING) pb_measure_keep(&e->state[i].bm.m, n);
        answer(e, i, NAN, NAN);
        return 1;
    }
    if (sscanf(line, "sample %ld %d", &i, &n) == 2 && i >= 0 && i < e->plan->njobs && n >= 0) {
        double cpu;
        const double secs = sample(e, i, n, &cpu);
        answer(e, i, secs, cpu);
        return 1;
    }
    double secs, cpu = NAN;
    char cpu_text[32];
    int p, got = sscanf(line, "take %ld %d %d %lf %31s", &i, &n, &p, &secs, cpu_text);
    if (got >= 4 && i >= 0 && i < e->plan->njobs && n >= 0 && p > 0 &&
        p < PB_AGAINST_MAX_PROCESSES && isfinite(secs) && secs >= 0) {
        if (got == 5 && strcmp(cpu_text, "-")) {
            char *end;
            cpu = strtod(cpu_text, &end);
            if (*end || !isfinite(cpu) || cpu < 0) cpu = NAN;
        }
        answer(e, i, take(e, i, n, p, secs, cpu), cpu);
        return 1;
    }
    long runs;
    if (sscanf(line, "runs %ld %ld", &i, &runs) == 2 && i >= 0 && i < e->plan->njobs && runs >= 0) {
        pb_measurer *m = &e->state[i].bm.m;
        if (runs > 0 && e->state[i].phase == JOB_SAMPLING) m->runs = runs;
        printf("ok %ld\n", m->runs);
        fflush(stdout);
        return 1;
    }
    if (sscanf(line, "done %ld", &i) == 1 && i >= 0 && i < e->plan->njobs) {
        printf("ok %d\n", w->done ? w->done[i] : 0);
        fflush(stdout);
        return 1;
    }
    if (sscanf(line, "drop %ld", &i) == 1 && i >= 0 && i < e->plan->njobs && w->done) {
        if (pb_sweep_files_drop(w, e->plan, i)) return -1;
        printf("ok %ld\n", w->written);
        fflush(stdout);
        return 1;
    }
    if (sscanf(line, "end %ld %ld", &i, &end) == 2 && i >= 0 && i <= end && end <= e->plan->njobs) {
        for (long k = i; k < end; k++) pb_sweep_end_job(e, k);
        pb_sweep_write_rows(w, e, i, end);
        printf("ok %ld\n", w->written);
        fflush(stdout);
        return 1;
    }
    pb_say("sweep --serve: unknown command '%s' (expected begin I, keep I N, sample I ROUND, take "
           "I ROUND P S, runs I N, end FIRST END, done I, drop I, bind P, stop SIG or quit)",
           line);
    return -1;
}

int pb_sweep_serve(pb_sweep_exec *e, pb_sweep_writer *w)
{
    pb_line_in in = {.fd = STDIN_FILENO};
    pb_binder *half[2] = {NULL, NULL};
    char line[256];
    int rc = 1;
    pb_binder_bind_thread(e->binder, 0);
    /* A comparing process that was killed shows as a failed write, not as this
     * worker's end by SIGPIPE: its rows are then kept as after a signal. */
    signal(SIGPIPE, SIG_IGN);
    printf("ready %ld %016" PRIx64 "\n", e->plan->njobs, pb_sweep_jobs_hash(e->plan));
    fflush(stdout);
    w->serving = 1;
    while (rc > 0 && !w->write_failed) {
        if (pb_line_in_read(&in, line, sizeof line)) {
            /* The comparing process went away without a quit: the sweep ends as if
             * terminated, with the rows written so far. */
            if (!pb_interrupted) pb_interrupted = SIGTERM;
            break;
        }
        rc = serve_line(e, w, line, half);
        if (ferror(stdout)) { /* the comparing process is gone */
            if (!pb_interrupted) pb_interrupted = SIGTERM;
            break;
        }
    }
    pb_binder_free(half[0]), pb_binder_free(half[1]);
    return rc < 0 ? -1 : 0;
}
