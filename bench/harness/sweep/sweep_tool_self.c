/* sweep_tool_self.c — the tool sweep of a tool that times itself (pb_tool.measure):
 * both sides report their own puzzles per second and guesses per puzzle, so the sweep
 * times no process; it pins itself (and so both sides) to one core, runs each side
 * once a round for the sweep's min-sample-time, the first of a round swapping every
 * round so that each round's ratio compares runs made moments apart, and keeps what
 * each side said. Rows: set, mode, tool, round, puzzles, puzzles_per_s,
 * guesses_per_puzzle, in NAME.csv with NAME.meta; written under a hidden name and
 * renamed into place at the end, so a failed sweep leaves the last one's files. */
#define _GNU_SOURCE /* sched_setaffinity, CPU_SET */
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/limiter.h"
#include "harness/base/exit.h"
#include "harness/base/say.h"
#include "harness/base/sizes.h"
#include "harness/io/outfile.h"
#include "harness/io/readfile.h"
#include "harness/measure/spawn.h"
#include "harness/meta/meta.h"
#include "sweep_scratch.h"
#include "sweep_tool.h"

/* The keys such a sweep reads: samples are its rounds, min-sample-time each side's
 * measuring time a round. */
static const char *const self_keys[] = {
    "name", "family", "tool", "instances", "quick-instances", "samples", "min-sample-time", NULL};

typedef struct self_run {
    const pb_sweep_spec *s;
    const pb_sweep_opts *o;
    const pb_tool *tool;
    char program[PB_PATH_MAX], self[PB_PATH_MAX], tmp[PB_PATH_MAX];
    char csv[PB_PATH_PART_MAX], part[PB_PATH_PART_MAX], meta_path[PB_PATH_PART_MAX];
    FILE *rows;
    pb_out_part published; /* the rows: part, renamed to csv */
    pb_tool_task task;     /* the task being run */
    int core, nrows;
    pb_meta meta;
    pb_sweep_settings settings; /* the .meta's (settings()) */
    pb_sweep_out out;           /* its lock on the name */
    double start_s;             /* when the tasks began (pb_now_s) */
} self_run;

/* The tool's path: its variable's value, else its name on PATH. 0, or the exit
 * status after saying how to get it. */
static int find_program(self_run *r)
{
    const pb_tool *t = r->tool;
    const char *given = t->program_env ? getenv(t->program_env) : NULL;
    char err[PB_MSG_MAX];
    if (given && *given) {
        snprintf(r->program, sizeof r->program, "%s", given);
        if (!strchr(r->program, '/') || pb_spawn_find(r->program, err, sizeof err))
            return pb_say("sweep: %s=%s: not an executable file (%s's %s)", t->program_env, given,
                          t->name, t->program),
                   PB_EXIT_USAGE;
        return 0;
    }
    snprintf(r->program, sizeof r->program, "%s", t->program);
    if (!pb_spawn_find(r->program, NULL, 0)) return 0;
    if (t->program_env)
        return pb_say("sweep: %s's %s is not on PATH: set %s to its path", t->name, t->program,
                      t->program_env),
               PB_EXIT_USAGE;
    return pb_say("sweep: %s is not installed (Debian package '%s')", t->program,
                  t->package ? t->package : "none"),
           PB_EXIT_USAGE;
}

/* Pins this process, and so every side it starts, to the last core it may run on. */
static int pin(self_run *r)
{
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof set, &set))
        return pb_say("sweep: sched_getaffinity: %s", strerror(errno)), PB_EXIT_USAGE;
    r->core = -1;
    for (int c = 0; c < CPU_SETSIZE; c++)
        if (CPU_ISSET(c, &set)) r->core = c;
    if (r->core < 0) return pb_say("sweep: no core to run on"), PB_EXIT_USAGE;
    CPU_ZERO(&set);
    CPU_SET(r->core, &set);
    if (sched_setaffinity(0, sizeof set, &set))
        return pb_say("sweep: cannot pin to core %d: %s", r->core, strerror(errno)), PB_EXIT_USAGE;
    return 0;
}

/* A figure as the tool printed it, made fit for a CSV field. */
static void csv_safe(char *text)
{
    for (char *c = text; *c; c++)
        if (*c == ',' || *c == '"' || (unsigned char)*c < 33 || *c == 127) *c = '_';
}

/* Runs side i of task t once, its output into dir/side-I.txt, and reads its figures.
 * 0, or the exit status after a message naming the run. */
static int run_side(self_run *r, pb_tool_task *t, int i, int round, const char *dir,
                    pb_tool_figures *f)
{
    const char *who = i ? (r->tool->ours ? r->tool->ours : "puzzlebench") : r->tool->name;
    char path[PB_PATH_PART_MAX], err[PB_MSG_MAX], what[300];
    snprintf(path, sizeof path, "%s/side-%d.txt", dir, i);
    pb_spawn sp;
    if (pb_spawn_open(&sp, t->argv[i], t->stdin_path[i], err, sizeof err))
        return pb_say("sweep: %s", err), PB_EXIT_USAGE;
    sp.out_fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    if (sp.out_fd < 0) {
        pb_spawn_close(&sp);
        return pb_say("sweep: %s: %s", path, strerror(errno)), PB_EXIT_USAGE;
    }
    const int failed = pb_spawn_run(&sp);
    close(sp.out_fd);
    pb_spawn_describe(&sp, what, sizeof what);
    const int interrupted = sp.interrupted;
    pb_spawn_close(&sp);
    if (interrupted) return pb_say("sweep: interrupted"), pb_interrupt_exit();
    if (failed)
        return pb_say("sweep: %s on %s (%s), round %d: %s", who, t->set, t->level, round, what),
               PB_EXIT_FAILED;
    size_t len;
    char *out = pb_read_file(path, &len, err, sizeof err);
    if (!out) return pb_say("sweep: %s", err), PB_EXIT_USAGE;
    const int got = r->tool->figures(i, out, len, t, f);
    free(out);
    if (got)
        return pb_say("sweep: %s on %s (%s), round %d: no figures in its output", who, t->set,
                      t->level, round),
               PB_EXIT_FAILED;
    csv_safe(f->per_s);
    csv_safe(f->guesses);
    fprintf(r->rows, "%s,%s,%s,%d,%ld,%s,%s\n", t->set, t->level, who, round, f->puzzles, f->per_s,
            f->guesses);
    r->nrows++;
    if (!r->o->quiet)
        pb_say("sweep: %s %s round %d: %s %s puzzles/s, %s guesses/puzzle", t->set, t->level, round,
               who, f->per_s, f->guesses);
    return 0;
}

/* Every task: each instance in each mode, rounds of both sides; then the rows' file
 * closed, whole. */
static int run_tasks(self_run *r)
{
    const pb_sweep_spec *s = r->s;
    char err[PB_MSG_LONG_MAX], dir[PB_PATH_EXT_MAX];
    int rc = 0;
    r->start_s = pb_now_s();
    for (int i = 0; i < s->instances.n && !rc; i++)
        for (int m = 0; r->tool->modes[m] && !rc; m++) {
            snprintf(dir, sizeof dir, "%s/task%d-%d", r->tmp, i, m);
            if (mkdir(dir, 0700))
                return pb_say("sweep: %s: %s", dir, strerror(errno)), PB_EXIT_USAGE;
            pb_tool_task *t = &r->task;
            memset(t, 0, sizeof *t);
            if (r->tool->measure(s->instances.item[i], r->tool->modes[m], s->timing.min_sample_s,
                                 dir, r->program, r->self, t, err, sizeof err))
                return pb_say("sweep: %s", err), PB_EXIT_USAGE;
            /* The run starts once its first task is known to be right. */
            if (!i && !m) pb_meta_begin(&r->meta, 1, "core");
            for (int round = 1; round <= s->timing.samples && !rc; round++)
                for (int k = 0; k < 2 && !rc; k++) {
                    pb_tool_figures f;
                    /* puzzlebench first in odd rounds, the tool first in even ones */
                    rc = run_side(r, t, round % 2 ? 1 - k : k, round, dir, &f);
                }
        }
    if (rc) return rc;
    const int bad = ferror(r->rows) | fclose(r->rows);
    r->rows = NULL;
    return bad ? pb_say("sweep: %s: cannot write", r->part), PB_EXIT_USAGE : 0;
}

/* What the .meta records of the sweep, for a reader and for --list's estimate. */
static void settings(self_run *r)
{
    const pb_sweep_spec *s = r->s;
    pb_sweep_tool_settings(&r->settings, s, r->o, r->tool);
    pb_sweep_setting(&r->settings, "rounds=%d", s->timing.samples);
    pb_sweep_setting(&r->settings, "seconds=%g", s->timing.min_sample_s);
    pb_sweep_setting(&r->settings,
                     "timing=each side's own figures, %g s a side a round, the first of a "
                     "round swapping every round, one core",
                     s->timing.min_sample_s);
}

/* The rows the listing plans: one a side a round, for each instance and mode. */
static long planned_rows(const self_run *r)
{
    long modes = 0;
    while (r->tool->modes[modes]) modes++;
    return 2L * r->s->instances.n * modes * r->s->timing.samples;
}

/* Writes the .meta and renames the rows into place with it (pb_sweep_tool_publish). 0,
 * or the exit status. */
static int publish(self_run *r)
{
    char version[PB_TOOL_VERSION_MAX + 16], core[48], v[PB_TOOL_VERSION_MAX];
    const double elapsed = pb_now_s() - r->start_s;
    pb_meta_end(&r->meta);
    pb_sweep_tool_version(r->tool, r->program, r->tmp, v, sizeof v);
    snprintf(version, sizeof version, "tool_version=%s", v);
    snprintf(core, sizeof core, "core=%d", r->core);
    const char *found[] = {version, core, NULL};
    settings(r);
    const int rc = pb_sweep_tool_publish(r->meta_path, &r->meta, &r->settings, found, elapsed,
                                         r->nrows, planned_rows(r), &r->published, 1);
    if (!rc && !r->o->quiet) pb_say("sweep: wrote %s (%d rows) and its .meta", r->csv, r->nrows);
    return rc;
}

/* The output paths, the tool, the scratch folder, the core and the rows' file. 0, or
 * the exit status. */
static int prepare(self_run *r)
{
    const pb_sweep_opts *o = r->o;
    const char *name = r->s->name;
    char err[PB_MSG_LONG_MAX];
    snprintf(r->csv, sizeof r->csv, "%s/%s.csv", o->out_dir, name);
    snprintf(r->part, sizeof r->part, "%s/.%s.part.csv", o->out_dir, name);
    snprintf(r->meta_path, sizeof r->meta_path, "%s/%s.meta", o->out_dir, name);
    r->published = (pb_out_part){r->csv, NULL, NULL, r->part};
    int rc = find_program(r);
    if (rc) return rc;
    if ((rc = pb_sweep_scratch_make(o, r->csv, "tool", r->self, sizeof r->self, r->tmp,
                                    sizeof r->tmp)))
        return rc;
    if ((rc = pb_sweep_tool_lock(&r->out, o, name)) || (rc = pin(r))) return rc;
    pb_sweep_tool_drop(&r->published, 1); /* a killed sweep's, or kept by the last one */
    if (!(r->rows = pb_out_fopen(r->part, O_WRONLY | O_CREAT | O_EXCL, "w", err, sizeof err)))
        return pb_say("sweep: %s", err), PB_EXIT_USAGE;
    fputs("set,mode,tool,round,puzzles,puzzles_per_s,guesses_per_puzzle\n", r->rows);
    return 0;
}

int pb_sweep_tool_self(const pb_sweep_spec *s, const pb_sweep_opts *o, const pb_tool *tool)
{
    static self_run r;
    r = (self_run){.s = s, .o = o, .tool = tool, .out.held.fd = -1};
    int rc = pb_sweep_spec_only(s, o->source, "tool sweep", self_keys);
    if (rc) return rc;
    if (!s->instances.n && !o->list_only)
        return pb_usage_error("sweep", "%s: the tool sweep runs nothing (no instances)", o->source);
    if (o->list_only) {
        if (!s->instances.n)
            return printf("%s: no instances (--instances \"FILE...\")\n", s->name), 0;
        for (int i = 0; i < s->instances.n; i++)
            for (int m = 0; tool->modes[m]; m++)
                printf("%s: solve %s (%s): %s and puzzlebench, %d rounds\n", s->name,
                       s->instances.item[i], tool->modes[m], tool->name, s->timing.samples);
        printf("%ld rows, one a side a round\n", planned_rows(&r));
        /* The estimate is of a run as it is made: pinned to one core. */
        pb_sweep_opts as_run = *o;
        as_run.bind = "core";
        settings(&r);
        pb_sweep_list_time(s->name, planned_rows(&r), &r.settings, &as_run);
        pb_sweep_settings_free(&r.settings);
        return 0;
    }
    if ((rc = prepare(&r))) { /* before the rows' file is made */
        pb_sweep_out_unlock(&r.out);
        pb_sweep_scratch_remove(r.tmp);
        return rc;
    }
    if ((rc = run_tasks(&r))) {
        if (r.rows) fclose(r.rows);
        pb_sweep_tool_drop(&r.published, 1);
    } else {
        rc = publish(&r);
    }
    pb_sweep_out_unlock(&r.out);
    pb_sweep_scratch_remove(r.tmp);
    pb_sweep_settings_free(&r.settings);
    return rc;
}
