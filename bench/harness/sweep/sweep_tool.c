/* sweep_tool.c — a tool sweep: an outside tool of the family (pb_tool) timed beside
 * puzzlebench on the same work, solving each instance file and generating at each
 * difficulty, both sides of a task timed together as whole processes (proc_time.h),
 * their samples in turn. The rows go to NAME.csv (task, tool, set, difficulty,
 * puzzles, status, then the timing columns) with NAME.samples.csv, NAME.meta and the
 * topology: written under hidden names and renamed into place at the end, so a
 * failed or interrupted sweep leaves the files of the last one as they were. */
#include "harness/base/sizes.h"
#include "sweep.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/limiter.h"
#include "harness/base/exit.h"
#include "harness/base/say.h"
#include "harness/io/csv_append.h"
#include "harness/meta/meta.h"
#include "harness/measure/proc_time.h"
#include "harness/measure/spawn.h"
#include "sweep_scratch.h"
#include "sweep_tool.h"

/* The keys of a tool sweep. */
static const char *const tool_keys[] = {"name",       "family",
                                        "tool",       "tool-levels",
                                        "tool-count", "tool-repeat",
                                        "instances",  "quick-instances",
                                        "samples",    "min-sample-time",
                                        "warmup",     "rep-budget",
                                        "time-limit", NULL};

/* The run: its files, the tool, and the folder its inputs are written to. */
typedef struct tool_run {
    const pb_sweep_spec *s;
    const pb_sweep_opts *o;
    const pb_tool *tool;
    char self[PB_PATH_MAX], tmp[PB_PATH_MAX];
    char csv[PB_PATH_PART_MAX], samples[PB_PATH_PART_MAX], part[PB_PATH_PART_MAX],
        part_samples[PB_PATH_PART_MAX], meta_path[PB_PATH_PART_MAX];
    pb_out_part rows[2]; /* the samples, then the rows: a CSV always has its samples beside it */
    pb_meta meta;
    pb_sweep_settings settings; /* the .meta's (settings()) */
    pb_sweep_out out;           /* its lock on the name */
    double start_s;             /* when the tasks began (pb_now_s) */
    int tasks;
} tool_run;

/* Times task t's two sides and appends their rows. 0, or the exit status. */
static int time_task(tool_run *r, const char *task, pb_tool_task *t)
{
    const pb_sweep_spec *s = r->s;
    static pb_timed d[2];
    char text[2][600], puzzles[2][24], err[PB_MSG_LONG_MAX];
    for (int i = 0; i < 2; i++) {
        pb_spawn_command_text(t->argv[i], text[i], sizeof text[i]);
        d[i] = (pb_timed){
            .text = text[i], .argv = t->argv[i], .stdin_path = t->stdin_path[i], .row = -1};
    }
    const pb_proc_opts how = {.who = "sweep",
                              .stdin_path = "/dev/null",
                              .time_limit = s->time_limit,
                              .quiet = r->o->quiet,
                              .rows = 1,
                              .timing = s->timing};
    int rc = pb_proc_time(&how, d, 2);
    if (rc) return rc;
    for (int i = 0; i < 2; i++) {
        snprintf(puzzles[i], sizeof puzzles[i], "%ld", t->puzzles[i]);
        const pb_csv_keys k = {6,
                               {"task", "tool", "set", "difficulty", "puzzles", "status"},
                               {task, i ? "puzzlebench" : r->tool->name, t->set, t->level,
                                puzzles[i], d[i].at_limit ? "limit" : "done"}};
        if (pb_csv_append_timed(r->part, &k, r->meta.run_id, &d[i].t, &d[i].row, err, sizeof err))
            return pb_say("sweep: %s", err), PB_EXIT_USAGE;
    }
    if (!r->o->quiet)
        pb_say("sweep: %s %s (%ld puzzles): %s %.3g s, puzzlebench %.3g s a run", task,
               strcmp(task, "solve") ? t->level : t->set, t->puzzles[0], r->tool->name,
               d[0].t.sum.median, d[1].t.sum.median);
    r->tasks++;
    return 0;
}

/* A fresh folder under r->tmp for task i's inputs. */
static int task_dir(const tool_run *r, int i, char *dir, size_t len)
{
    snprintf(dir, len, "%s/task%d", r->tmp, i);
    if (mkdir(dir, 0700)) return pb_say("sweep: %s: %s", dir, strerror(errno)), PB_EXIT_USAGE;
    return 0;
}

/* The i-th level to generate at: tool-levels', or the tool's own; NULL past the last. */
static const char *level_at(const tool_run *r, int i)
{
    const pb_list *l = &r->s->tool.levels;
    return l->n ? (i < l->n ? l->item[i] : NULL) : r->tool->levels[i];
}

/* Every task: each instance solved, then each level generated. */
static int run_tasks(tool_run *r)
{
    const pb_sweep_spec *s = r->s;
    char err[PB_MSG_LONG_MAX], dir[PB_PATH_EXT_MAX];
    int rc = 0;
    for (int i = 0; i < s->instances.n && !rc; i++) {
        pb_tool_task t;
        memset(&t, 0, sizeof t);
        const char *file = s->instances.item[i];
        if ((rc = task_dir(r, i, dir, sizeof dir))) break;
        const int got = r->tool->solve(file, s->tool.repeat, dir, r->self, &t, err, sizeof err);
        if (got < 0) return pb_say("sweep: %s", err), PB_EXIT_USAGE;
        if (got > 0)
            pb_say("sweep: note: %s is not a file %s reads; skipped", file, r->tool->name);
        else
            rc = time_task(r, "solve", &t);
    }
    const char *level;
    for (int i = 0; s->tool.count && !rc && (level = level_at(r, i)); i++) {
        pb_tool_task t;
        memset(&t, 0, sizeof t);
        if (r->tool->generate(level, s->tool.count, r->self, &t, err, sizeof err))
            return pb_say("sweep: %s", err), PB_EXIT_USAGE;
        rc = time_task(r, "generate", &t);
    }
    return rc;
}

/* The rows the listing plans: two a task. */
static long planned_rows(const tool_run *r)
{
    long tasks = r->s->instances.n;
    for (int i = 0; r->s->tool.count && level_at(r, i); i++) tasks++;
    return 2 * tasks;
}

/* What the .meta records of the sweep, for a reader and for --list's estimate. */
static void settings(tool_run *r)
{
    const pb_sweep_spec *s = r->s;
    pb_sweep_tool_settings(&r->settings, s, r->o, r->tool);
    pb_sweep_setting(&r->settings, "tool_count=%d", s->tool.count);
    pb_sweep_setting(&r->settings, "tool_repeat=%d", s->tool.repeat);
    pb_sweep_setting(&r->settings,
                     "timing=whole processes, output to /dev/null; warm-up %g s, %d samples "
                     "of at least %g s",
                     s->timing.warmup_s, s->timing.samples, s->timing.min_sample_s);
}

/* Writes the .meta and renames the rows into place with it (pb_sweep_tool_publish). 0,
 * or the exit status. */
static int publish(tool_run *r)
{
    char version[PB_TOOL_VERSION_MAX + 16], v[PB_TOOL_VERSION_MAX];
    if (!r->tasks)
        return pb_say("sweep: %s: no task ran (no file the tool reads?)", r->o->source),
               PB_EXIT_USAGE;
    const double elapsed = pb_now_s() - r->start_s;
    pb_meta_end(&r->meta);
    pb_sweep_tool_version(r->tool, r->tool->program, r->tmp, v, sizeof v);
    snprintf(version, sizeof version, "tool_version=%s", v);
    const char *found[] = {version, NULL};
    settings(r);
    const int rc = pb_sweep_tool_publish(r->meta_path, &r->meta, &r->settings, found, elapsed,
                                         2L * r->tasks, planned_rows(r), r->rows, 2);
    if (!rc && !r->o->quiet) pb_say("sweep: wrote %s (%d tasks) and its .meta", r->csv, r->tasks);
    return rc;
}

/* The output paths, and the checks before anything runs. 0, or the exit status. */
static int prepare(tool_run *r)
{
    const pb_sweep_opts *o = r->o;
    const char *name = r->s->name;
    snprintf(r->csv, sizeof r->csv, "%s/%s.csv", o->out_dir, name);
    snprintf(r->samples, sizeof r->samples, "%s/%s.samples.csv", o->out_dir, name);
    snprintf(r->part, sizeof r->part, "%s/.%s.part.csv", o->out_dir, name);
    snprintf(r->part_samples, sizeof r->part_samples, "%s/.%s.part.samples.csv", o->out_dir, name);
    snprintf(r->meta_path, sizeof r->meta_path, "%s/%s.meta", o->out_dir, name);
    r->rows[0] = (pb_out_part){r->samples, NULL, NULL, r->part_samples};
    r->rows[1] = (pb_out_part){r->csv, NULL, NULL, r->part};
    if (pb_spawn_find(r->tool->program, NULL, 0))
        return pb_say("sweep: %s is not installed (Debian package '%s': apt-get install %s)",
                      r->tool->program, r->tool->package, r->tool->package),
               PB_EXIT_USAGE;
    const int made =
        pb_sweep_scratch_make(o, r->csv, "tool", r->self, sizeof r->self, r->tmp, sizeof r->tmp);
    if (made) return made;
    const int locked = pb_sweep_tool_lock(&r->out, o, name);
    if (locked) return locked;
    pb_sweep_tool_drop(r->rows, 2); /* a killed sweep's, or kept by the last one */
    return 0;
}

/* What --list shows: each task, no command run, then the estimate of the time. */
static void list_tasks(tool_run *r)
{
    const pb_sweep_spec *s = r->s;
    for (int i = 0; i < s->instances.n; i++)
        printf("%s: solve %s: %s and puzzlebench\n", s->name, s->instances.item[i], r->tool->name);
    const char *level;
    for (int i = 0; s->tool.count && (level = level_at(r, i)); i++)
        printf("%s: generate %d %s: %s and puzzlebench\n", s->name, s->tool.count, level,
               r->tool->name);
    printf("%ld rows, %d sample%s each\n", planned_rows(r), s->timing.samples,
           s->timing.samples == 1 ? "" : "s");
    /* The estimate is of a run as it is made: bound to nothing. */
    pb_sweep_opts as_run = *r->o;
    as_run.bind = "none";
    settings(r);
    pb_sweep_list_time(s->name, planned_rows(r), &r->settings, &as_run);
}

int pb_sweep_tool(const pb_sweep_spec *s, const pb_sweep_opts *o)
{
    static tool_run r;
    r = (tool_run){.s = s, .o = o, .out.held.fd = -1};
    char at[600];
    for (const pb_tool *t = s->fam->tools; t && t->name && !r.tool; t++)
        if (!strcmp(t->name, s->tool.name)) r.tool = t;
    if (!r.tool) {
        pb_sweep_spec_where(s, "tool", o->source, at, sizeof at);
        return pb_say("sweep: %sfamily %s has no tool '%s'", at, s->fam->name, s->tool.name),
               PB_EXIT_USAGE;
    }
    if (r.tool->measure) return pb_sweep_tool_self(s, o, r.tool);
    int rc = pb_sweep_spec_only(s, o->source, "tool sweep", tool_keys);
    if (rc) return rc;
    for (int i = 0; i < s->tool.levels.n; i++) {
        int known = 0;
        for (const char *const *l = r.tool->levels; *l && !known; l++)
            known = !strcmp(*l, s->tool.levels.item[i]);
        if (known) continue;
        char names[300] = "";
        for (const char *const *l = r.tool->levels; *l; l++)
            snprintf(names + strlen(names), sizeof names - strlen(names), "%s%s",
                     l == r.tool->levels ? "" : ", ", *l);
        pb_sweep_spec_at(s, "tool-levels", o->source, at, sizeof at);
        return pb_say("sweep: %stool-levels expects difficulties of %s (%s), got '%s'", at,
                      r.tool->name, names, s->tool.levels.item[i]),
               PB_EXIT_USAGE;
    }
    if (!s->instances.n && !s->tool.count)
        return pb_usage_error(
            "sweep", "%s: the tool sweep runs nothing (no instances, tool-count 0)", o->source);
    if (o->list_only) {
        list_tasks(&r);
        pb_sweep_settings_free(&r.settings);
        return 0;
    }
    if ((rc = prepare(&r))) { /* the lock not taken */
        pb_sweep_scratch_remove(r.tmp);
        return rc;
    }
    pb_meta_begin(&r.meta, 1, "none");
    r.start_s = pb_now_s();
    if ((rc = run_tasks(&r))) {
        pb_sweep_tool_drop(r.rows, 2);
    } else {
        rc = publish(&r);
    }
    pb_sweep_out_unlock(&r.out);
    pb_sweep_scratch_remove(r.tmp);
    pb_sweep_settings_free(&r.settings);
    return rc;
}
