/* time_cmd.c — `puzzlebench time`: times outside commands by the harness's one method
 * (one warm-up run, samples of at least min-sample-time, short runs repeated within a
 * sample), every run checked to exit 0 (or the status given). `time 'CMD A' 'CMD B'`
 * runs each string by /bin/sh -c, interleaves their samples and reports means with
 * their intervals and the relative speed; `time -- COMMAND ARGS...` executes argv
 * directly (the timing itself: harness/measure/proc_time.c). --csv appends a row per
 * command with its samples beside it (for scripts); --json prints one document. A run
 * stopped at a time limit (the harness's, or the command's own, told by its exit
 * status) is timed once, as a lower bound, and its row says status=limit, as a
 * sweep's does. */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "commands.h"
#include "time_report.h"
#include "time_scan.h"
#include "time_shell.h"
#include "harness/io/csv_append.h"
#include "harness/io/inputs.h"
#include "harness/io/outlock.h"
#include "harness/measure/proc_time.h"
#include "harness/measure/spawn.h"
#include "harness/base/say.h"
#include "harness/base/sizes.h"

typedef struct time_opts {
    const char *csv, *key, *run_id;
    int json, keep_shell;
    pb_proc_opts run; /* how the commands run and are timed */
} time_opts;

#define OPT(...) PB_OPT_ROW(time_opts, __VA_ARGS__)
static const pb_option time_options[] = {
    {OPT("csv", PB_OPT_TEXT, csv, "FILE.csv",
         "add a row per command to FILE.csv, created with its header when\n"
         "missing or empty; the samples go to FILE.samples.csv")},
    {OPT("key", PB_OPT_TEXT, key, "NAME=VALUE,...",
         "the rows' first columns, in order (with --csv; every row of a\n"
         "file has the same names); then, with several commands or no\n"
         "--key, command=N (1 for the first command)"),
     .key = 'k'},
    {OPT("run-id", PB_OPT_TEXT, run_id, "ID",
         "the run_id of the .meta that describes the rows (printed by\n"
         "'puzzlebench meta --begin'); without it one is made up\n"
         "(UTC time + 6 hex digits) and no .meta describes it")},
    {OPT("stdin", PB_OPT_TEXT, run.stdin_path, "FILE",
         "every run's standard input, read from its start each run")},
    {OPT("exit-status", PB_OPT_INT, run.exit_status, "N",
         "the status every run must exit with: SAT solvers exit 10 when\n"
         "they find a model and 20 when they prove there is none"),
     .lo = 0, .hi = 255},
    PB_OPTION_TIME_LIMIT(time_opts, run.time_limit,
                         "kill a run that lasts S seconds (its process group): the\n"
                         "row says status=limit, its time the one sample, a lower bound"),
    {OPT("limit-status", PB_OPT_INT, run.limit_status, "N",
         "a run that exits with status N stopped at a limit of its own\n"
         "(puzzlebench's engines exit 3): status=limit, as above"),
     .lo = 1, .hi = 255},
    {OPT("output", PB_OPT_TEXT, run.output, "FILE",
         "keep the first run's standard output in FILE (written whole),\n"
         "for the counts a command prints (one command only)")},
    {OPT("keep-shell", PB_OPT_FLAG, keep_shell, NULL,
         "keep the shell's start-up in the times of quoted commands (by\n"
         "default an empty command's median time under the same shell\n"
         "is subtracted from each of their samples, as hyperfine does)")},
    {OPT("json", PB_OPT_FLAG, json, NULL,
         "print one JSON document (docs/json.md, puzzlebench.time/1)\n"
         "instead of the text")},
    PB_OPTION_QUIET(time_opts, run.quiet, "no progress report on stderr"),
    PB_OPTION_SAMPLES(time_opts, run.timing, "timed samples, after the warm-up run"),
    PB_OPTION_MIN_SAMPLE_TIME(time_opts, run.timing,
                              "each sample lasts at least S seconds: a shorter command is run\n"
                              "several times back to back within it"),
    PB_OPTION_WARMUP(time_opts, run.timing,
                     "runs before the samples, not recorded, for S seconds; a first\n"
                     "run that long is a sample itself when it lasts --min-sample-time"),
    PB_OPTION_REP_BUDGET(time_opts, run.timing,
                         "take no further sample once the samples took S seconds (a long\n"
                         "command is then timed fewer times; 0: no budget)"),
    PB_OPTION_END,
};
#undef OPT

static const time_opts time_defaults = {
    .run = {.who = "time", .stdin_path = "/dev/null", .timing = PB_TIMING_DEFAULTS}};

/* Every row's last key column: how its runs ended. */
#define STATUS_COLUMN "status"

enum { MAX_COMMANDS = PB_PROC_MAX };

static void print_help(void)
{
    fputs("usage: puzzlebench time [options] 'COMMAND' ['COMMAND'...]\n"
          "       puzzlebench time [options] -- COMMAND [ARGS...]\n"
          "       puzzlebench time [options] -P NAME LO HI 'COMMAND {NAME}'\n\n"
          "Times each command as a whole process by the harness's one method: runs not\n"
          "recorded for --warmup seconds, runs per sample calibrated (unrecorded) until a\n"
          "sample lasts at least --min-sample-time, then the samples; the commands'\n"
          "samples taken in turn (sample k of every command before sample k + 1 of\n"
          "any), so that the machine's slow spells hit them all. A quoted COMMAND is\n"
          "run by /bin/sh -c, as a shell would (pipes, quotes, variables); after '--'\n"
          "the words are executed directly, without a shell. Output goes to /dev/null\n"
          "(the first run's stderr to a private temporary file: when that run fails,\n"
          "the error quotes its last line); every run must exit with status 0\n"
          "(--exit-status), so a run that fails or answers differently is never timed.\n"
          "A run stopped at a time limit (--time-limit, or the command's own:\n"
          "--limit-status) is not repeated. The samples taken so far and the time left\n"
          "are shown on stderr (-q: not).\n\n"
          "A quoted command's times are corrected for the shell's start-up: an empty\n"
          "command under the same shell is timed first, and its median is subtracted\n"
          "from each sample (--keep-shell: not).\n\n"
          "-P NAME LO HI (--parameter-scan) times one command per whole value of NAME\n"
          "from LO to HI (--parameter-step N apart, at most 16 values), {NAME} in the\n"
          "command replaced by the value; with --csv, NAME is the column that tells the\n"
          "rows apart.\n\n"
          "Prints per command the mean time with its 95% confidence interval (Student's\n"
          "t), the median with its distribution-free interval, and with two or more, how\n"
          "many times faster the fastest mean is (the interval from both means'; one\n"
          "that reaches down to 1 is said not to tell the two apart).\n\n"
          "--csv FILE.csv appends a row per command: the --key values, command (see\n"
          "--key), status (done, or limit), wall_s (the median time per run, seconds; at a\n"
          "limit, the stopped run's time, a lower bound), run_id, row (the row's index in\n"
          "the file), samples, runs_per_sample, min_s, median_s, mean_s, stddev_s, cv,\n"
          "median_lo_s, median_hi_s, noisy, ref_s (empty), cpu_s (user + system seconds\n"
          "per run, median of the samples), peak_rss_bytes (the largest resident memory of a\n"
          "run), stop (done, or time-limit), time_limit_s; and the samples to\n"
          "FILE.samples.csv (run_id,row,sample,runs,wall_s,round,process,cpu_s). The\n"
          "report also gives user and system time per run. With --key, one line per row is\n"
          "printed instead of the report (for scripts). While a run adds rows to\n"
          "FILE.csv it holds FILE.csv.lock: a second run on the same file is refused.\n"
          "\noptions:\n",
          stdout);
    pb_options_help(stdout, time_options, "time", &time_defaults);
    fputs("\nexit status: 0 timed (rows written), 2 bad usage or input, 4 a run of a command\n"
          "             did not exit with a status expected (no row), 130 SIGINT,\n"
          "             143 SIGTERM or SIGHUP (the command killed, no row)\n",
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
    static const char ok[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-";
    if (id && (!*id || id[strspn(id, ok)]))
        return pb_usage_error("time", "--run-id '%s': letters, digits, '.', '_' and '-' only", id);
    return 0;
}

/* A run id as 'puzzlebench meta' makes them: the UTC time and 6 hex digits. */
static void make_run_id(char *id, size_t len)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    struct tm tm;
    gmtime_r(&ts.tv_sec, &tm);
    char stamp[32];
    strftime(stamp, sizeof stamp, "%Y%m%dT%H%M%SZ", &tm);
    const unsigned mix = (unsigned)ts.tv_nsec ^ (unsigned)getpid() * 2654435761u;
    snprintf(id, len, "%s-%06x", stamp, mix & 0xffffff);
}

/* 0 when every run can read the --stdin file from its start, else 2 after a message
 * that names the option (the first run to fail would be the shell's start-up's). */
static int check_stdin(const char *path)
{
    struct stat st;
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC); /* a FIFO: no wait for a writer */
    if (fd < 0) {
        pb_say("time: --stdin %s: cannot open: %s", path, strerror(errno));
        return PB_EXIT_USAGE;
    }
    const char *why = NULL;
    if (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode))
        why = "is a directory";
    else if (lseek(fd, 0, SEEK_SET) < 0)
        why = "cannot be read again at every run";
    close(fd);
    if (!why) return pb_input_note(path), 0;
    pb_say("time: --stdin %s: %s; expected a regular file, every run's standard input", path, why);
    return PB_EXIT_USAGE;
}

/* The key columns: --key's, then command=N (or a scan's NAME=VALUE) when the rows need
 * it, status last. */
typedef struct row_keys {
    pb_csv_keys k;
    int command_at; /* the index of the command column, or -1 */
    char text[PB_CSV_HEADER_MAX], number[MAX_COMMANDS][24];
} row_keys;

/* Checks the options and sets the key columns up for n commands (of scan s, whose
 * name is then the column that tells them apart). 0, or the usage error's status. */
static int check_options(const time_opts *o, int n, const pb_time_scan *s, row_keys *r)
{
    char err[PB_MSG_LONG_MAX];
    pb_csv_keys *k = &r->k;
    if (!n)
        return pb_usage_error("time", "give the commands to time ('CMD A' 'CMD B'), or one "
                                      "after '--'");
    if (o->key && !o->csv)
        return pb_usage_error("time", "--key names a CSV's rows: give the CSV with --csv FILE.csv");
    if (check_run_id(o->run_id)) return PB_EXIT_USAGE;
    if (check_stdin(o->run.stdin_path)) return PB_EXIT_USAGE;
    if (pb_timing_check(&o->run.timing, err, sizeof err)) return pb_usage_error("time", "%s", err);
    if (o->run.limit_status && o->run.limit_status == o->run.exit_status)
        return pb_usage_error("time", "--limit-status %d is also the --exit-status",
                              o->run.limit_status);
    if (o->run.output && n > 1)
        return pb_usage_error("time", "--output keeps one command's output");
    /* "-" is no file: the output would land in a file named "-". */
    if (o->run.output && !strcmp(o->run.output, "-"))
        return pb_usage_error("time", "--output names a file, not standard output (which holds "
                                      "the timing report); give a file name");
    k->n = 0;
    if (o->key) {
        if (strlen(o->key) >= sizeof r->text) return pb_usage_error("time", "--key is too long");
        strcpy(r->text, o->key);
        if (pb_csv_keys_parse(r->text, k, err, sizeof err))
            return pb_usage_error("time", "--key: %s", err);
    }
    r->command_at = !o->key || n > 1 || s->name ? k->n : -1;
    const char *column = s->name ? s->name : "command";
    const char *added[2] = {r->command_at >= 0 ? column : STATUS_COLUMN, STATUS_COLUMN};
    for (int i = 0; i < k->n; i++)
        for (int a = 0; a < 2; a++)
            if (!strcmp(k->name[i], added[a]))
                return pb_usage_error("time", "--key: '%s' is the column time adds", added[a]);
    if (k->n + (r->command_at >= 0) >= PB_CSV_MAX_KEYS)
        return pb_usage_error("time", "--key: at most %d keys",
                              PB_CSV_MAX_KEYS - 1 - (r->command_at >= 0));
    if (r->command_at >= 0) k->name[k->n++] = column;
    k->name[k->n] = STATUS_COLUMN;
    k->value[k->n++] = "done";
    return 0;
}

/* Appends each command's row (printing one line per row when --key was given); 0,
 * or 2 after the message. */
static int write_rows(const time_opts *o, const pb_time_scan *s, row_keys *r, pb_timed *d, int n,
                      const char *run_id)
{
    char err[PB_MSG_LONG_MAX];
    pb_csv_keys *k = &r->k;
    for (int i = 0; i < n; i++) {
        if (r->command_at >= 0) {
            if (s->name)
                pb_time_scan_value(s, i, r->number[i], sizeof r->number[i]);
            else
                snprintf(r->number[i], sizeof r->number[i], "%d", i + 1);
            k->value[r->command_at] = r->number[i];
        }
        k->value[k->n - 1] = d[i].at_limit ? "limit" : "done";
        if (pb_csv_append_timed(o->csv, k, run_id, &d[i].t, &d[i].row, err, sizeof err))
            return pb_say("time: %s", err), PB_EXIT_USAGE;
        if (!o->key || o->json) continue;
        const pb_summary *m = &d[i].t.sum;
        if (d[i].at_limit) {
            printf("%s row %ld: stopped at a limit after %.3g s\n", o->csv, d[i].row, m->median);
            continue;
        }
        printf("%s row %ld: median %.3g s", o->csv, d[i].row, m->median);
        if (d[i].t.samples > 1) printf(" [%.3g, %.3g], cv %.2g", m->median_lo, m->median_hi, m->cv);
        printf(", %d sample%s of %d run%s\n", d[i].t.samples, d[i].t.samples == 1 ? "" : "s",
               d[i].t.runs_per_sample, d[i].t.runs_per_sample == 1 ? "" : "s");
    }
    return 0;
}

/* The commands to time: the quoted ones, each run by /bin/sh -c, or the one after
 * "--". Their argv in shell_argv (the caller's) where needed. The count. */
static int commands(int argc, char **argv, int end, const char **pos, int npos, pb_timed *d,
                    char *shell_argv[][4], char *joined, size_t joinedlen)
{
    if (end < argc) {
        pb_spawn_command_text(argv + end + 1, joined, joinedlen);
        d[0] = (pb_timed){.text = joined, .argv = argv + end + 1, .row = -1};
        return end + 1 < argc;
    }
    for (int i = 0; i < npos; i++) {
        char **a = shell_argv[i];
        a[0] = "/bin/sh", a[1] = "-c", a[2] = (char *)pos[i], a[3] = NULL;
        d[i] = (pb_timed){.text = pos[i], .shell = 1, .argv = a, .row = -1};
    }
    return npos;
}

/* The words a scan made, freed at the end. */
typedef struct scan_words {
    char *text[MAX_COMMANDS];  /* each command's filled text */
    char **argv[MAX_COMMANDS]; /* each direct command's filled words, NULL-ended */
    char joined[MAX_COMMANDS][600];
} scan_words;

static void scan_free(scan_words *w)
{
    for (int i = 0; i < MAX_COMMANDS; i++) {
        free(w->text[i]);
        for (char **a = w->argv[i]; a && *a; a++) free(*a);
        free(w->argv[i]);
    }
}

/* The scan's commands made from the one command d[0] (a shell command, or words after
 * "--"), each with {NAME} filled in, into d; their count, or -1 after the message. */
static int expand_scan(const pb_time_scan *s, int n, pb_timed *d, char *shell_argv[][4],
                       scan_words *w)
{
    if (n != 1)
        return pb_usage_error("time", "-P %s: give one command, with {%s} where the value goes",
                              s->name, s->name),
               -1;
    const pb_timed t = d[0];
    int uses = pb_time_scan_uses(s, t.text), words = 0;
    for (char **a = t.argv; *a; a++, words++) uses |= !t.shell && pb_time_scan_uses(s, *a);
    if (!uses)
        return pb_usage_error("time", "-P %s: the command has no {%s} to fill in", s->name,
                              s->name),
               -1;
    const int count = pb_time_scan_count(s);
    for (int k = 0; k < count; k++) {
        char value[24];
        pb_time_scan_value(s, k, value, sizeof value);
        d[k] = (pb_timed){.shell = t.shell, .row = -1};
        if (t.shell) {
            if (!(w->text[k] = pb_time_scan_fill(s, t.text, value))) goto oom;
            char **a = shell_argv[k];
            a[0] = "/bin/sh", a[1] = "-c", a[2] = w->text[k], a[3] = NULL;
            d[k].text = w->text[k], d[k].argv = a;
            continue;
        }
        if (!(w->argv[k] = calloc((size_t)words + 1, sizeof *w->argv[k]))) goto oom;
        for (int i = 0; i < words; i++)
            if (!(w->argv[k][i] = pb_time_scan_fill(s, t.argv[i], value))) goto oom;
        pb_spawn_command_text(w->argv[k], w->joined[k], sizeof w->joined[k]);
        d[k].text = w->joined[k], d[k].argv = w->argv[k];
    }
    return count;
oom:
    pb_say("time: out of memory");
    return -1;
}

/* --csv FILE: takes FILE.lock for the run (lock_path gets its name); 0, or 2 after the
 * message. */
static int lock_csv(const char *csv, pb_out_lock *lock, char *lock_path, size_t len)
{
    char err[PB_MSG_LONG_MAX], holder[PB_OUT_LOCK_HOLDER];
    int n = snprintf(lock_path, len, "%s.lock", csv);
    if (n < 0 || (size_t)n >= len) return pb_say("time: %s: path too long", csv), PB_EXIT_USAGE;
    int rc = pb_out_lock_take(lock, lock_path, holder, err, sizeof err);
    if (rc < 0) return pb_say("time: %s", err), PB_EXIT_USAGE;
    if (!rc && pb_out_lock_taken_over(lock, lock_path, err, sizeof err)) pb_say("time: %s", err);
    if (rc == 1)
        return pb_say("time: %s: another run is adding rows to %s (pid %s); wait for it, or "
                      "give another --csv",
                      lock_path, csv, holder),
               PB_EXIT_USAGE;
    return 0;
}

/* Times the n commands and writes or prints their results. */
static int measure_and_write(time_opts *o, const pb_time_scan *scan, row_keys *keys, pb_timed *d,
                             int n)
{
    int rc;
    char run_id[40];
    o->run.rows = o->csv != NULL;
    pb_shell_start shell = {0};
    if (!o->keep_shell && (rc = pb_shell_start_measure(&o->run, d, n, &shell))) return rc;
    if ((rc = pb_proc_time(&o->run, d, n))) return rc;
    pb_shell_start_subtract(&shell, d, n);
    if (shell.clamped)
        pb_say("time: %d sample%s took less than the shell's start-up (%.3g ms): held at 0",
               shell.clamped, shell.clamped == 1 ? "" : "s", shell.wall_s * 1e3);
    if (o->run_id)
        snprintf(run_id, sizeof run_id, "%s", o->run_id);
    else
        make_run_id(run_id, sizeof run_id);
    if (o->csv && (rc = write_rows(o, scan, keys, d, n, run_id))) return rc;
    if (o->json)
        pb_time_json(stdout, d, n, run_id, o->csv, shell.measured ? shell.wall_s : NAN);
    else if (!o->key)
        pb_time_print(stdout, d, n, shell.measured ? shell.wall_s : NAN);
    if (o->csv && !o->key && !o->json)
        printf("\n%s: rows %ld to %ld added, run_id %s\n", o->csv, d[0].row, d[n - 1].row, run_id);
    return 0;
}

static int time_commands(int argc, char **argv, scan_words *words)
{
    int end = options_end(argc, argv);
    char err[PB_MSG_LONG_MAX];
    pb_time_scan scan;
    if (pb_time_scan_take(&argc, argv, 2, &end, MAX_COMMANDS, &scan, err, sizeof err))
        return pb_usage_error("time", "%s", err);
    time_opts o = time_defaults;
    pb_opt_group g = {time_options, &o};
    const char *pos[MAX_COMMANDS];
    int npos = 0;
    int rc = pb_options_parse("time", &g, 1, end, argv, 2, pos, end < argc ? 0 : MAX_COMMANDS,
                              &npos, NULL);
    if (rc == PB_OPT_HELP) return print_help(), 0;
    if (rc) return PB_EXIT_USAGE;
    static pb_timed d[MAX_COMMANDS];
    static row_keys keys;
    char *shell_argv[MAX_COMMANDS][4], joined[600];
    int n = commands(argc, argv, end, pos, npos, d, shell_argv, joined, sizeof joined);
    if (scan.name && n && (n = expand_scan(&scan, n, d, shell_argv, words)) < 0)
        return PB_EXIT_USAGE;
    /* A blank command times the shell against itself: an unset "$CMD", not a wish. */
    for (int i = 0; i < n; i++)
        if (d[i].shell && !d[i].text[strspn(d[i].text, " \t\r\n")])
            return pb_usage_error("time", "command %d is empty: give the command to time", i + 1);
    if ((rc = check_options(&o, n, &scan, &keys))) return rc;
    /* "-" is no file: the rows would land in a file named "-", beside "-.samples.csv". */
    if (o.csv && !strcmp(o.csv, "-"))
        return pb_usage_error("time", "--csv names a file (FILE.samples.csv is written "
                                      "beside it), not standard output; give a file "
                                      "name, or --json for standard output");
    if (o.csv && pb_csv_append_check(o.csv, &keys.k, err, sizeof err))
        return pb_say("time: %s", err), PB_EXIT_USAGE;
    /* The rows go in by reading the file and writing it anew: two runs at once would
     * each write the rows it read, and one's rows would be lost. */
    char lock_path[PB_PATH_EXT_MAX];
    pb_out_lock lock = {-1, 0};
    if (o.csv && (rc = lock_csv(o.csv, &lock, lock_path, sizeof lock_path))) return rc;
    rc = measure_and_write(&o, &scan, &keys, d, n);
    pb_out_lock_release(&lock, lock_path);
    return rc;
}

int pb_cmd_time(int argc, char **argv)
{
    static scan_words words;
    const int rc = time_commands(argc, argv, &words);
    scan_free(&words);
    return rc;
}
