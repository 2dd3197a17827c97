/* proc_time.c — outside commands timed as whole processes (proc_time.h): each a
 * spawn (spawn.h) measured by measure.h's steps, their samples in turn. */
#include "proc_time.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "harness/base/exit.h"
#include "harness/base/say.h"
#include "harness/io/outfile.h"
#include "harness/io/progress.h"
#include "harness/measure/spawn.h"
#include "harness/measure/stop.h"
#include "harness/base/sizes.h"

typedef struct timed_command {
    pb_spawn spawn;
    int exit_status;           /* what every run must exit with */
    int limit_status;          /* what a run stopped at its own limit exits with (0: none) */
    const char *output;        /* the file for the first run's stdout, or NULL */
    int err_fd;                /* the first run's stderr: a private file, unlinked; -1: none */
    int runs, at_limit;        /* runs so far; 1 once a run stopped at a limit */
    char err[PB_MSG_LONG_MAX]; /* why the output could not be kept */
    long waited;               /* runs waited for, and their user and system seconds, summed */
    double user_s, sys_s;
    long max_rss_kib; /* the largest resident high-water mark of a run */
} timed_command;

static double tv_s(struct timeval tv)
{
    return (double)tv.tv_sec + 1e-6 * (double)tv.tv_usec;
}

/* Adds the last run's usage (wait4's) to c's sums. */
static void add_usage(timed_command *c)
{
    const struct rusage *u = &c->spawn.usage;
    if (!u->ru_maxrss) return; /* no child was waited for: none ran */
    c->waited++;
    c->user_s += tv_s(u->ru_utime);
    c->sys_s += tv_s(u->ru_stime);
    if (u->ru_maxrss > c->max_rss_kib) c->max_rss_kib = u->ru_maxrss;
}

/* The first run with its stdout in c->output (through a temporary file, renamed
 * when the run ends). */
static void run_keeping_output(timed_command *c)
{
    char tmp[PB_PATH_EXT_MAX], why[500];
    const int fd = pb_out_temp(c->output, tmp, sizeof tmp, why, sizeof why);
    if (fd < 0) {
        snprintf(c->err, sizeof c->err, "--output %s", why);
        return;
    }
    c->spawn.out_fd = fd;
    pb_spawn_run(&c->spawn);
    c->spawn.out_fd = -1;
    if (close(fd) == 0 && rename(tmp, c->output) == 0) return;
    snprintf(c->err, sizeof c->err, "--output %s: cannot write: %s", c->output, strerror(errno));
    unlink(tmp);
}

/* How the run of c just waited for ended. */
static pb_run_end run_end(timed_command *c)
{
    const pb_spawn *s = &c->spawn;
    if (s->interrupted) return PB_RUN_STOPPED;
    if (c->err[0]) return PB_RUN_ERROR;
    const int exited = !s->error && WIFEXITED(s->status);
    if (s->timed_out || (exited && c->limit_status && WEXITSTATUS(s->status) == c->limit_status))
        return c->at_limit = 1, PB_RUN_STOPPED;
    if (exited && WEXITSTATUS(s->status) == c->exit_status) return PB_RUN_SAME;
    return PB_RUN_ERROR;
}

static pb_run_end run_once(void *ctx)
{
    timed_command *c = ctx;
    pb_spawn *s = &c->spawn;
    const int first = !c->runs++;
    s->err_fd = first ? c->err_fd : -1;
    if (c->output && first)
        run_keeping_output(c);
    else
        pb_spawn_run(s);
    s->err_fd = -1;
    add_usage(c);
    const pb_run_end end = run_end(c);
    /* The first run's stderr is read only when that run failed (failed()). Closed once
     * it did not, its file (unlinked, so held by this descriptor alone) gives its space
     * back now, not after the last sample of every command, and no descriptor is held
     * per command through the runs. */
    if (first && end != PB_RUN_ERROR && c->err_fd >= 0) {
        close(c->err_fd);
        c->err_fd = -1;
    }
    return end;
}

/* A private file for the first run's standard error, unlinked at once (nothing is left
 * behind); -1 when none can be made: that run's stderr then goes to /dev/null too. */
static int stderr_file(void)
{
    char path[PB_PATH_EXT_MAX];
    pb_scratch_template(path, sizeof path, "puzzlebench-stderr-");
    const int fd = mkstemp(path);
    if (fd < 0) return -1;
    unlink(path);
    if (fcntl(fd, F_SETFD, FD_CLOEXEC) == 0) return fd; /* the children get it as stderr alone */
    close(fd);
    return -1;
}

/* The last line the first run wrote on standard error (its last 200 bytes at most,
 * "..." before a line cut), in out; "" when it wrote none. */
static void last_line(int fd, char *out, size_t len)
{
    char tail[201];
    out[0] = '\0';
    const off_t end = fd >= 0 ? lseek(fd, 0, SEEK_END) : -1;
    if (end <= 0) return;
    const off_t from = end > (off_t)sizeof tail - 1 ? end - (off_t)(sizeof tail - 1) : 0;
    const ssize_t n = pread(fd, tail, (size_t)(end - from), from);
    if (n <= 0) return;
    size_t k = (size_t)n;
    for (size_t i = 0; i < k; i++)
        if (!tail[i]) tail[i] = ' ';
    while (k && (tail[k - 1] == '\n' || tail[k - 1] == '\r' || tail[k - 1] == ' ')) k--;
    tail[k] = '\0';
    const char *line = strrchr(tail, '\n'), *at = line ? line + 1 : tail;
    snprintf(out, len, "%s%s", !line && from > 0 ? "..." : "", at + strspn(at, " \t"));
}

/* The exit status after a run of c ended as end (not PB_RUN_SAME, nor a stop at a
 * limit), with its message. */
static int failed(const pb_proc_opts *o, const timed_command *c, const pb_timed *d, pb_run_end end)
{
    const char *none = o->rows ? "; no row written" : "";
    if (pb_interrupted || end == PB_RUN_STOPPED) {
        pb_say("%s: interrupted%s", o->who, none);
        return pb_interrupt_exit();
    }
    if (c->err[0]) return pb_say("%s: %s%s", o->who, c->err, none), PB_EXIT_USAGE;
    char what[200], words[210] = "";
    pb_spawn_describe(&c->spawn, what, sizeof what);
    /* Why it failed, where the command said so: its output is otherwise not seen. */
    if (c->runs == 1) last_line(c->err_fd, words, sizeof words);
    pb_say("%s: '%s' %s (every run must exit %d)%s%s%s", o->who, d->text, what, o->exit_status,
           none, words[0] ? "; its last line on stderr: " : "", words);
    return PB_EXIT_FAILED;
}

/* 1 when end is a failure or an interruption rather than a stop at c's limit. */
static int bad_end(pb_run_end end, const timed_command *c)
{
    return end == PB_RUN_ERROR || pb_interrupted || (end == PB_RUN_STOPPED && !c->at_limit);
}

/* What command c's runs used, into d: user and system seconds per run, the largest
 * resident high-water mark of a run (its own, as wait4 gives it), why the first run
 * ended. */
static void usage_of(const pb_proc_opts *o, const timed_command *c, pb_timed *d)
{
    d->user_s = c->waited ? c->user_s / (double)c->waited : NAN;
    d->sys_s = c->waited ? c->sys_s / (double)c->waited : NAN;
    d->t.peak_rss_bytes = (uint64_t)c->max_rss_kib * 1024;
    d->t.stop = c->at_limit ? PB_STOP_TIME : PB_STOP_DONE;
    d->t.time_limit_s = o->time_limit;
}

/* The samples m[0 .. n - 1] have recorded. */
static uint64_t recorded(const pb_measurer *m, int n)
{
    uint64_t k = 0;
    for (int i = 0; i < n; i++) k += (uint64_t)m[i].recorded;
    return k;
}

/* Measures the n commands, their samples in turn (each round starting one command
 * later, so that none is always first), the samples counted on p; 0, or the exit
 * status after its message. */
static int measure_each(const pb_proc_opts *o, timed_command *c, pb_timed *d, int n, pb_progress *p)
{
    static pb_measurer m[PB_PROC_MAX];
    int going[PB_PROC_MAX];
    /* The commands' CPU time is their own, not what this process spends starting them;
     * their peak memory is wait4's, per command. */
    pb_timing_opts timing = o->timing;
    timing.cpu_clock = PB_CPU_CHILDREN;
    timing.peak_memory = PB_PEAK_NONE;
    for (int i = 0; i < n; i++) {
        const pb_run_end end = pb_measure_begin(&m[i], &timing, run_once, &c[i], &d[i].t);
        if (bad_end(end, &c[i])) return failed(o, &c[i], &d[i], end);
        going[i] = end == PB_RUN_SAME;
        pb_progress_set(p, recorded(m, i + 1));
    }
    for (int round = 0, more = 1; more; round++) {
        more = 0;
        for (int j = 0; j < n; j++) {
            const int i = (j + round) % n;
            if (!going[i] || !pb_measure_wants_sample(&m[i])) continue;
            more = 1;
            const pb_run_end end = pb_measure_sample(&m[i], round);
            if (bad_end(end, &c[i])) return failed(o, &c[i], &d[i], end);
            pb_progress_set(p, recorded(m, n));
        }
    }
    for (int i = 0; i < n; i++) {
        pb_run_end end = going[i] ? pb_measure_end(&m[i]) : PB_RUN_SAME;
        if (bad_end(end, &c[i])) return failed(o, &c[i], &d[i], end);
        d[i].at_limit = c[i].at_limit;
        usage_of(o, &c[i], &d[i]);
    }
    return 0;
}

/* measure_each with a progress report of the samples (a command that stops at its
 * first run, or by the budget, takes fewer than the total). */
static int measure_all(const pb_proc_opts *o, timed_command *c, pb_timed *d, int n)
{
    pb_progress p;
    pb_progress_begin(&p, o->who, "samples", (uint64_t)n * (uint64_t)o->timing.samples, o->quiet);
    const int rc = measure_each(o, c, d, n, &p);
    pb_progress_finish(&p, NULL);
    return rc;
}

static void close_command(timed_command *c)
{
    pb_spawn_close(&c->spawn);
    if (c->err_fd >= 0) close(c->err_fd);
}

/* Opens every command's spawn; 0, or 2 after the message (those opened closed). */
static int open_all(const pb_proc_opts *o, timed_command *c, const pb_timed *d, int n)
{
    char err[PB_MSG_LONG_MAX];
    for (int i = 0; i < n; i++) {
        c[i] = (timed_command){.exit_status = o->exit_status,
                               .limit_status = o->limit_status,
                               .output = o->output,
                               .err_fd = -1};
        if (pb_spawn_open(&c[i].spawn, d[i].argv, d[i].stdin_path ? d[i].stdin_path : o->stdin_path,
                          err, sizeof err)) {
            while (i--) close_command(&c[i]);
            return pb_say("%s: %s", o->who, err), PB_EXIT_USAGE;
        }
        c[i].spawn.limit_s = o->time_limit;
        c[i].err_fd = stderr_file();
    }
    return 0;
}

int pb_proc_time(const pb_proc_opts *o, pb_timed *d, int n)
{
    static timed_command c[PB_PROC_MAX];
    if (n < 1 || n > PB_PROC_MAX)
        return pb_say("%s: %d commands to time", o->who, n), PB_EXIT_USAGE;
    int rc = open_all(o, c, d, n);
    if (rc) return rc;
    rc = measure_all(o, c, d, n);
    for (int i = 0; i < n; i++) close_command(&c[i]);
    return rc;
}
