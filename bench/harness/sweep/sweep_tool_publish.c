/* sweep_tool_publish.c — the end of a tool sweep, one rule for both kinds (sweep_tool.c,
 * sweep_tool_self.c): rows made whole are published with the .meta as one group and, if
 * that fails, kept in their .part files, named; rows cut short are removed. */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "harness/base/exit.h"
#include "harness/base/say.h"
#include "harness/base/sizes.h"
#include "harness/meta/meta.h"
#include "sweep_tool.h"

int pb_sweep_tool_publish(const char *meta_path, const pb_meta *m, const char *const *extra,
                          const pb_out_part *rows, int n)
{
    char err[PB_MSG_LONG_MAX], kept[2 * PB_PATH_PART_MAX + 8] = "";
    if (!pb_meta_save_with(meta_path, m, extra, rows, n, err, sizeof err)) return 0;
    /* The rows' own file, the group's last, named first. */
    for (int i = n - 1; i >= 0; i--)
        snprintf(kept + strlen(kept), sizeof kept - strlen(kept), "%s%s", i < n - 1 ? " and " : "",
                 rows[i].written);
    return pb_say("sweep: %s (the rows are kept in %s)", err, kept), PB_EXIT_USAGE;
}

void pb_sweep_tool_drop(const pb_out_part *rows, int n)
{
    for (int i = 0; i < n; i++) unlink(rows[i].written);
}
