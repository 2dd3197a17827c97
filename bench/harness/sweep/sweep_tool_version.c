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
    char path[PB_PATH_PART_MAX], err[PB_MSG_LONG_MAX], line[PB_TOOL_VERSION_MAX];
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
            /* A line longer than line, or than out holds, is cut where it ends "...". */
            const int cut = !strchr(line, '\n') && !feof(f);
            line[strcspn(line, "\r\n")] = '\0';
            if (want ? !strncmp(line, want, strlen(want)) : first) {
                const char *v = line + (want ? strlen(want) : 0);
                snprintf(out, len, "%s", v);
                const size_t n = strlen(out); /* "..." after what fits, within len */
                if ((cut || n < strlen(v)) && len > 4)
                    strcpy(out + (n + 4 <= len ? n : len - 4), "...");
                break;
            }
        }
        if (f) fclose(f);
        for (char *c = out; *c; c++)
            if ((unsigned char)*c < 32 || *c == 127) *c = '?';
    }
    pb_spawn_close(&sp);
}
