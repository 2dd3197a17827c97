/* sweep_tool.h — what the two ways of running a tool sweep share: the tool's own word
 * on its build, and the sweep of a tool that times itself (sweep_tool_self.c). */
#ifndef PB_SWEEP_TOOL_H
#define PB_SWEEP_TOOL_H

#include <stddef.h>

#include "family.h"
#include "sweep.h"

/* What program (the tool's path) says of its version or build: the rest of its line
 * that starts with tool->version_line, else its first line, after tool->version_flag
 * (default --version); "unknown" when it says nothing. Its output goes through a file
 * in the scratch folder tmp. */
void pb_sweep_tool_version(const pb_tool *tool, const char *program, const char *tmp, char *out,
                           size_t len);

/* Runs the tool sweep of a tool that times itself (tool->measure set): per instance and
 * mode, rounds of one run a side in turn, each row what a side said of itself. The
 * exit status. */
int pb_sweep_tool_self(const pb_sweep_spec *s, const pb_sweep_opts *o, const pb_tool *tool);

#endif
