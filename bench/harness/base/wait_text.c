/* wait_text.c — a child process's wait status in words. */
#include "wait_text.h"

#include <stdio.h>
#include <string.h>
#include <sys/wait.h>

void pb_wait_text(int status, char *out, size_t len)
{
    if (WIFEXITED(status))
        snprintf(out, len, "exited with status %d", WEXITSTATUS(status));
    else if (WIFSIGNALED(status))
        snprintf(out, len, "was killed by signal %d (%s)", WTERMSIG(status),
                 strsignal(WTERMSIG(status)));
    else
        snprintf(out, len, "ended with wait status %d", status);
}
