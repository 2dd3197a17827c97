/* time_cmd.c — `puzzlebench time`: times an outside command by the harness's one method
 * (one warm-up run, samples of at least min-sample-time, short runs repeated within a
 * sample), every run checked to exit 0 (or the status given), and appends the row to a
 * CSV with its samples beside it: for scripts that time other programs (bench/qqwing.sh,
 * bench/ladder.py). A run stopped at a time limit (the harness's, or the command's own,
 * told by its exit status) is timed once, as a lower bound, and its row says
 * status=limit, as a sweep's does. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "commands.h"
#include "harness/io/csv_append.h"
#include "harness/measure/measure.h"
#include "harness/measure/spawn.h"
#include "harness/io/outfile.h"
#include "harness/base/say.h"

typedef struct time_opts {
    const char *csv, *key, *run_id, *stdin_path, *output;
    int exit_status, limit_status;
    double time_limit;
    pb_timing_opts timing;
} time_opts;

#define OPT(T, F) .type = T, .offset = offsetof(time_opts, F)
static const pb_option time_options[] = {
    {.name = "csv",
     OPT(PB_OPT_TEXT, csv),
     .arg = "FILE.csv",
     .help = "the CSV to add the row to (required); created with its header\n"
             "when missing or empty; the samples go to FILE.samples.csv"},
    {.name = "key",
     .key = 'k',
     OPT(PB_OPT_TEXT, key),
     .arg = "NAME=VALUE,...",
     .help = "the row's first columns, in order (required); every row of a\n"
             "file has the same names"},
    {.name = "run-id",
     OPT(PB_OPT_TEXT, run_id),
     .arg = "ID",
     .help = "the run_id of the .meta that describes the row (required; printed\n"
             "by 'puzzlebench meta --begin')"},
    {.name = "stdin",
     OPT(PB_OPT_TEXT, stdin_path),
     .arg = "FILE",
     .help = "every run's standard input, read from its start each run"},
    {.name = "exit-status",
     OPT(PB_OPT_INT, exit_status),
     .arg = "N",
     .lo = 0,
     .hi = 255,
     .help = "the status every run must exit with: SAT solvers exit 10 when\n"
             "they find a model and 20 when they prove there is none"},
    PB_OPTION_TIME_LIMIT(time_opts, time_limit,
                         "kill a run that lasts S seconds (its process group): the\n"
                         "row says status=limit, its time the one sample, a lower bound"),
    {.name = "limit-status",
     OPT(PB_OPT_INT, limit_status),
     .arg = "N",
     .lo = 1,
     .hi = 255,
     .help = "a run that exits with status N stopped at a limit of its own\n"
             "(puzzlebench's engines exit 3): status=limit, as above"},
    {.name = "output",
     OPT(PB_OPT_TEXT, output),
     .arg = "FILE",
     .help = "keep the first run's standard output in FILE (written whole),\n"
             "for the counts a command prints"},
    PB_OPTION_SAMPLES(time_opts, timing, "timed samples, after the warm-up run"),
    PB_OPTION_MIN_SAMPLE_TIME(time_opts, timing,
                              "each sample lasts at least S seconds: a shorter command is run\n"
                              "several times back to back within it"),
    PB_OPTION_WARMUP(time_opts, timing,
                     "1: one run before the samples, not recorded; 0: the first run\n"
                     "is a sample when it lasts --min-sample-time"),
    PB_OPTION_REP_BUDGET(time_opts, timing,
                         "take no further sample once the samples took S seconds (a long\n"
                         "command is then timed fewer times; 0: no budget)"),
    PB_OPTION_END,
};
#undef OPT

static const time_opts time_defaults = {.stdin_path = "/dev/null", .timing = PB_TIMING_DEFAULTS};

/* Every row's last key column: how its runs ended. */
#define STATUS_COLUMN "status"

static void print_help(void)
{
    fputs("usage: puzzlebench time --csv FILE.csv --key NAME=VALUE,... --run-id ID [options]\n"
          "                        -- COMMAND [ARGS...]\n\n"
          "Times COMMAND as a whole process by the harness's one method: one warm-up run,\n"
          "then samples that each last at least --min-sample-time, a short command run\n"
          "back to back within a sample. Each run forks and executes COMMAND with its\n"
          "output sent to /dev/null; every run must exit with status 0 (--exit-status), so\n"
          "a run that fails or answers differently is never timed. A run stopped at a\n"
          "time limit (--time-limit, or the command's own: --limit-status) is not\n"
          "repeated. Then appends one row to FILE.csv: the --key values, status (done, or\n"
          "limit), wall_s (the median time per run, seconds; at a limit, the stopped run's\n"
          "time, a lower bound), run_id, row (the row's index in the file), samples,\n"
          "runs_per_sample, min_s, median_s, mean_s, stddev_s, cv, median_lo_s,\n"
          "median_hi_s, noisy; and the row's samples to FILE.samples.csv\n"
          "(run_id,row,sample,runs,wall_s).\n\noptions:\n",
          stdout);
    pb_options_help(stdout, time_options, "time", &time_defaults);
    fputs("\nexit status: 0 row written, 2 bad usage or input, 4 a run of COMMAND did not\n"
          "             exit with a status expected (no row), 130 interrupted (COMMAND\n"
          "             killed, no row)\n",
          stdout);
}

/* The index of the "--" that ends the options, or argc. */
static int options_end(int argc, char **argv)
{
    for (int i = 2; i < argc; i++)
        if (!strcmp(argv[i], "--")) return i;
    return argc;
}

/* 0 when id can tag a CSV row (letters, digits, '.', '_', '-'), else a usage error. */
static int check_run_id(const char *id)
{
    if (!id)
        return pb_usage_error("time", "give the run id of the rows' .meta with --run-id ID "
                                      "(printed by 'puzzlebench meta --begin')");
    static const char ok[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-";
    if (!*id || id[strspn(id, ok)])
        return pb_usage_error("time", "--run-id '%s': letters, digits, '.', '_' and '-' only", id);
    return 0;
}

/* Checks the options and parses the keys into k (keybuf holds their text), the
 * status column last. 0, or the usage error's status. */
static int check_options(const time_opts *o, int have_command, pb_csv_keys *k, char *keybuf,
                         size_t keylen)
{
    char err[600];
    if (!have_command) return pb_usage_error("time", "give the command to time after '--'");
    if (!o->csv) return pb_usage_error("time", "give the CSV to write with --csv FILE.csv");
    if (!o->key) return pb_usage_error("time", "give the row's keys with --key NAME=VALUE,...");
    if (check_run_id(o->run_id)) return PB_EXIT_USAGE;
    if (pb_timing_check(&o->timing, err, sizeof err)) return pb_usage_error("time", "%s", err);
    if (o->limit_status && o->limit_status == o->exit_status)
        return pb_usage_error("time", "--limit-status %d is also the --exit-status",
                              o->limit_status);
    if (strlen(o->key) >= keylen) return pb_usage_error("time", "--key is too long");
    strcpy(keybuf, o->key);
    if (pb_csv_keys_parse(keybuf, k, err, sizeof err))
        return pb_usage_error("time", "--key: %s", err);
    for (int i = 0; i < k->n; i++)
        if (!strcmp(k->name[i], STATUS_COLUMN))
            return pb_usage_error("time", "--key: '" STATUS_COLUMN "' is the column time adds");
    if (k->n == PB_CSV_MAX_KEYS)
        return pb_usage_error("time", "--key: at most %d keys", PB_CSV_MAX_KEYS - 1);
    k->name[k->n] = STATUS_COLUMN;
    k->value[k->n++] = "done";
    return 0;
}

typedef struct timed_command {
    pb_spawn spawn;
    int exit_status;    /* what every run must exit with */
    int limit_status;   /* what a run stopped at its own limit exits with (0: none) */
    const char *output; /* the file for the first run's stdout, or NULL */
    int runs, at_limit; /* runs so far; 1 once a run stopped at a limit */
    char err[600];      /* why the output could not be kept */
} timed_command;

/* The first run with its stdout in c->output (through a temporary file, renamed
 * when the run ends). */
static void run_keeping_output(timed_command *c)
{
    char tmp[4200], why[500];
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

static pb_run_end run_once(void *ctx)
{
    timed_command *c = ctx;
    pb_spawn *s = &c->spawn;
    if (c->output && !c->runs++)
        run_keeping_output(c);
    else
        pb_spawn_run(s);
    if (s->interrupted) return PB_RUN_STOPPED;
    if (c->err[0]) return PB_RUN_ERROR;
    const int exited = !s->error && WIFEXITED(s->status);
    if (s->timed_out || (exited && c->limit_status && WEXITSTATUS(s->status) == c->limit_status))
        return c->at_limit = 1, PB_RUN_STOPPED;
    if (exited && WEXITSTATUS(s->status) == c->exit_status) return PB_RUN_SAME;
    return PB_RUN_ERROR;
}

/* Measures the command; 0 (*at_limit set when a run stopped at a limit), or the exit
 * status after its message. */
static int measure(const time_opts *o, pb_spawn *s, pb_timing *t, int *at_limit)
{
    char what[200], cmd[600];
    timed_command c = {.spawn = *s,
                       .exit_status = o->exit_status,
                       .limit_status = o->limit_status,
                       .output = o->output};
    c.spawn.limit_s = o->time_limit;
    pb_run_end end = pb_measure(&o->timing, run_once, &c, t);
    *s = c.spawn;
    *at_limit = c.at_limit;
    if (pb_interrupted || (end == PB_RUN_STOPPED && !c.at_limit)) {
        pb_say("time: interrupted; no row written");
        return pb_interrupt_exit();
    }
    if (end != PB_RUN_ERROR) return 0;
    if (c.err[0]) return pb_say("time: %s; no row written", c.err), 2;
    pb_spawn_command_text(s->argv, cmd, sizeof cmd);
    pb_spawn_describe(s, what, sizeof what);
    pb_say("time: '%s' %s (every run must exit %d); no row written", cmd, what, o->exit_status);
    return PB_EXIT_FAILED;
}

/* Appends the row and prints it in one line; 0, or 2 after the message. */
static int write_row(const time_opts *o, const pb_csv_keys *k, const pb_timing *t)
{
    char err[4600];
    long row = 0;
    if (pb_csv_append_timed(o->csv, k, o->run_id, t, &row, err, sizeof err)) {
        pb_say("time: %s", err);
        return PB_EXIT_USAGE;
    }
    const pb_summary *m = &t->sum;
    if (strcmp(k->value[k->n - 1], "done")) {
        printf("%s row %ld: stopped at a limit after %.3g s\n", o->csv, row, m->median);
        return 0;
    }
    printf("%s row %ld: median %.3g s", o->csv, row, m->median);
    if (t->samples > 1) printf(" [%.3g, %.3g], cv %.2g", m->median_lo, m->median_hi, m->cv);
    printf(", %d sample%s of %d run%s\n", t->samples, t->samples == 1 ? "" : "s",
           t->runs_per_sample, t->runs_per_sample == 1 ? "" : "s");
    return 0;
}

int pb_cmd_time(int argc, char **argv)
{
    const int end = options_end(argc, argv);
    time_opts o = time_defaults;
    pb_opt_group g = {time_options, &o};
    const char *pos[1];
    int npos = 0;
    int rc = pb_options_parse("time", &g, 1, end, argv, 2, pos, 0, &npos, NULL);
    if (rc == PB_OPT_HELP) return print_help(), 0;
    if (rc) return PB_EXIT_USAGE;
    pb_csv_keys k;
    char keybuf[4096], err[4600];
    if ((rc = check_options(&o, end + 1 < argc, &k, keybuf, sizeof keybuf))) return rc;
    if (pb_csv_append_check(o.csv, &k, err, sizeof err))
        return pb_say("time: %s", err), PB_EXIT_USAGE;
    pb_spawn s;
    if (pb_spawn_open(&s, argv + end + 1, o.stdin_path, err, sizeof err))
        return pb_say("time: %s", err), PB_EXIT_USAGE;
    pb_timing t;
    int at_limit = 0;
    rc = measure(&o, &s, &t, &at_limit);
    pb_spawn_close(&s);
    if (at_limit) k.value[k.n - 1] = "limit";
    return rc ? rc : write_row(&o, &k, &t);
}
