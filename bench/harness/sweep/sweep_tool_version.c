/* sweep_tool_version.c — what an outside tool of a tool sweep says of its version or
 * build, for the sweep's .meta. */
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "harness/base/sizes.h"
#include "harness/measure/spawn.h"
#include "sweep_tool.h"

void pb_sweep_tool_version(const pb_tool *tool, const char *program, const char *tmp, char *out,
                           size_t len)
{
    char path[PB_PATH_PART_MAX], err[PB_MSG_LONG_MAX], line[512];
    char *argv[] = {(char *)program,
                    (char *)(tool->version_flag ? tool->version_flag : "--version"), NULL};
    const char *want = tool->version_line;
    snprintf(out, len, "unknown");
    snprintf(path, sizeof path, "%s/version.txt", tmp);
    pb_spawn sp;
    if (pb_spawn_open(&sp, argv, "/dev/null", err, sizeof err)) return;
    sp.out_fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    if (want) sp.err_fd = sp.out_fd; /* a tool's help may go to stderr */
    if (sp.out_fd >= 0) {
        sp.limit_s = 10;
        pb_spawn_run(&sp);
        close(sp.out_fd);
        FILE *f = fopen(path, "r");
        for (int first = 1; f && fgets(line, sizeof line, f); first = 0) {
            line[strcspn(line, "\r\n")] = '\0';
            if (want ? !strncmp(line, want, strlen(want)) : first) {
                snprintf(out, len, "%s", line + (want ? strlen(want) : 0));
                break;
            }
        }
        if (f) fclose(f);
        for (char *c = out; *c; c++)
            if ((unsigned char)*c < 32 || *c == 127) *c = '?';
    }
    pb_spawn_close(&sp);
}
