/* sweep_tool_publish.c — what both kinds of tool sweep (sweep_tool.c, sweep_tool_self.c)
 * hold, record and how they end, one rule: the folder's lock on the sweep's name; the
 * settings their .meta and --list's estimate
 * share; rows made whole published with the .meta as one group and, if that fails, kept
 * in their .part files, named; rows cut short removed. */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "harness/base/exit.h"
#include "harness/base/say.h"
#include "harness/base/sizes.h"
#include "harness/meta/meta.h"
#include "sweep_tool.h"

int pb_sweep_tool_lock(pb_sweep_out *out, const pb_sweep_opts *o, const char *name)
{
    char err[PB_MSG_LONG_MAX];
    if (pb_sweep_out_paths(out, o->out_dir, name, err, sizeof err) ||
        pb_sweep_out_lock(out, err, sizeof err))
        return pb_say("sweep: %s", err), PB_EXIT_USAGE;
    pb_sweep_out_say_taken_over(out);
    return 0;
}

void pb_sweep_tool_settings(pb_sweep_settings *st, const pb_sweep_spec *s, const pb_sweep_opts *o,
                            const pb_tool *tool)
{
    pb_sweep_settings_free(st);
    pb_sweep_setting(st, "tool=%s", tool->name);
    pb_sweep_setting(st, "family=%s", s->fam->name);
    pb_sweep_setting(st, "sweep=%s", o->source);
}

int pb_sweep_tool_publish(const char *meta_path, const pb_meta *m, const pb_sweep_settings *st,
                          const char *const *found, double elapsed_s, long rows, long runs,
                          const pb_out_part *parts, int n)
{
    char err[PB_MSG_LONG_MAX], kept[2 * PB_PATH_PART_MAX + 8] = "", elapsed[48], counted[64];
    const char *extra[PB_SWEEP_SETTINGS + 8];
    int k = 0;
    if (st->failed) return pb_say("sweep: %s: out of memory", meta_path), PB_EXIT_FAILED;
    for (int i = 0; i < st->n; i++) extra[k++] = st->line[i];
    for (; found && *found && k < PB_SWEEP_SETTINGS + 5; found++) extra[k++] = *found;
    snprintf(elapsed, sizeof elapsed, "elapsed_s=%.1f", elapsed_s);
    snprintf(counted, sizeof counted, "rows=%ld of %ld", rows, runs);
    extra[k++] = elapsed, extra[k++] = counted, extra[k] = NULL;
    if (!pb_meta_save_with(meta_path, m, extra, parts, n, err, sizeof err)) return 0;
    /* The rows' own file, the group's last, named first. */
    for (int i = n - 1; i >= 0; i--)
        snprintf(kept + strlen(kept), sizeof kept - strlen(kept), "%s%s", i < n - 1 ? " and " : "",
                 parts[i].written);
    return pb_say("sweep: %s (the rows are kept in %s)", err, kept), PB_EXIT_USAGE;
}

void pb_sweep_tool_drop(const pb_out_part *parts, int n)
{
    for (int i = 0; i < n; i++) unlink(parts[i].written);
}
