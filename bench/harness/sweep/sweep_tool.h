/* sweep_tool.h — what the two ways of running a tool sweep share: the tool's own word
 * on its build, the end that publishes or drops the rows (sweep_tool_publish.c), and
 * the sweep of a tool that times itself (sweep_tool_self.c). */
#ifndef PB_SWEEP_TOOL_H
#define PB_SWEEP_TOOL_H

#include <stddef.h>

#include "family.h"
#include "harness/io/outfile.h"
#include "harness/meta/meta.h"
#include "sweep.h"
#include "sweep_meta.h"
#include "sweep_out.h"

/* What program (the tool's path) says of its version or build: the rest of its line
 * that starts with tool->version_line, else its first line, after tool->version_flag
 * (default --version); "unknown" when it says nothing. Its output goes through a file
 * in the scratch folder tmp. A line longer than out (or PB_TOOL_VERSION_MAX) is cut,
 * and ends "..." to say so. */
enum { PB_TOOL_VERSION_MAX = 512 };
void pb_sweep_tool_version(const pb_tool *tool, const char *program, const char *tmp, char *out,
                           size_t len);

/* Takes DIR/NAME.lock, as a solving sweep does (pb_sweep_out_lock), so that a second
 * sweep of this name in the folder is refused rather than mixing its rows into this
 * one's .part files; a device or a pipe at NAME.csv is refused now, not after the work.
 * A killed sweep's lock file is taken over and said (pb_sweep_out_say_taken_over).
 * Let go with pb_sweep_out_unlock (out->held.fd -1 until taken). 0, or the exit status. */
int pb_sweep_tool_lock(pb_sweep_out *out, const pb_sweep_opts *o, const char *name);

/* A tool sweep's settings, the .meta's lines that --list's estimate compares with an
 * earlier run's (pb_sweep_list_time): tool=, family= and the sweep's file, sweep=, to
 * which each kind adds its own (pb_sweep_setting); st freed first (sweep_meta.h). */
void pb_sweep_tool_settings(pb_sweep_settings *st, const pb_sweep_spec *s, const pb_sweep_opts *o,
                            const pb_tool *tool);

/* The end of a tool sweep whose rows are whole in their .part files (parts[i].written,
 * renamed to parts[i].path): the .meta at meta_path (m; the settings st; what the run
 * found, found's lines, NULL-ended; then elapsed_s= and "rows=ROWS of RUNS", its rows of
 * those listed, from which --list estimates the next run's time) and the rows written
 * as one group (pb_meta_save_with). When that fails none lands, an earlier sweep's
 * files stay as they were, and the rows stay in their .part files, which the message
 * names: they took long to make (the next run removes them). 0, or the exit status. */
int pb_sweep_tool_publish(const char *meta_path, const pb_meta *m, const pb_sweep_settings *st,
                          const char *const *found, double elapsed_s, long rows, long runs,
                          const pb_out_part *parts, int n);
/* The end of a tool sweep that failed before its rows were whole: their .part files
 * removed. */
void pb_sweep_tool_drop(const pb_out_part *parts, int n);

/* Runs the tool sweep of a tool that times itself (tool->measure set): per instance and
 * mode, rounds of one run a side in turn, each row what a side said of itself. The
 * exit status. */
int pb_sweep_tool_self(const pb_sweep_spec *s, const pb_sweep_opts *o, const pb_tool *tool);

#endif
