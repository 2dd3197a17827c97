/* test_outfile.c — a whole file written through a temporary one (harness/io/outfile.c)
 * when a stop signal comes in the middle of the writing: a command without a handler
 * of its own ends on it at once with the signal's status, leaving the earlier file and
 * no temporary one; a command with one (exit.h) finishes the file. Each case runs in a
 * child that sends itself the signal from inside the writing, so nothing is timed. */
#include <dirent.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check.h"
#include "harness/base/exit.h"
#include "harness/io/outfile.h"

static int fill_and_stop(FILE *f, void *ctx)
{
    fputs("half of the new text\n", f);
    fflush(f);
    raise(*(const int *)ctx);
    fputs("the rest\n", f);
    return ferror(f) ? -1 : 0;
}

/* The names in dir that are not "." or ".."; joined by spaces into out. */
static void names_in(const char *dir, char *out, size_t len)
{
    DIR *d = opendir(dir);
    out[0] = '\0';
    for (struct dirent *e; d && (e = readdir(d));)
        if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
            snprintf(out + strlen(out), len - strlen(out), "%s ", e->d_name);
    if (d) closedir(d);
}

/* Writes dir/out.txt over "old\n" in a child that sends itself sig while writing, with
 * or without the command's handler; the child's wait status. */
static int write_stopped(const char *dir, int sig, int handler)
{
    char path[512];
    snprintf(path, sizeof path, "%s/out.txt", dir);
    FILE *f = fopen(path, "w");
    if (f) fputs("old\n", f), fclose(f);
    pid_t pid = fork();
    if (pid == 0) {
        char err[600];
        if (handler) pb_install_interrupt_handler();
        _exit(pb_write_file_atomic(path, fill_and_stop, &sig, err, sizeof err) ? 1 : 0);
    }
    int status = 0;
    waitpid(pid, &status, 0);
    return status;
}

static void text_is(const char *dir, const char *want)
{
    char path[512], got[64] = "";
    snprintf(path, sizeof path, "%s/out.txt", dir);
    FILE *f = fopen(path, "r");
    size_t n = f ? fread(got, 1, sizeof got - 1, f) : 0;
    got[n] = '\0';
    if (f) fclose(f);
    CHECK(!strcmp(got, want));
}

int main(void)
{
    char dir[] = "/tmp/pb-outfile-XXXXXX", names[512];
    if (!mkdtemp(dir)) return perror("mkdtemp"), 1;
    const int sigs[] = {SIGINT, SIGTERM, SIGHUP}, ends[] = {SIGINT, SIGTERM, SIGTERM};
    for (int k = 0; k < 3; k++) {
        int st = write_stopped(dir, sigs[k], 0);
        CHECK(WIFSIGNALED(st) && WTERMSIG(st) == ends[k]);
        text_is(dir, "old\n");
        names_in(dir, names, sizeof names);
        CHECK(!strcmp(names, "out.txt ")); /* no out.txt.tmp.PID */
        if (strcmp(names, "out.txt ")) fprintf(stderr, "left: %s\n", names);
    }
    /* The command's own handler: the signal is a flag, the file is written whole. */
    int st = write_stopped(dir, SIGINT, 1);
    CHECK(WIFEXITED(st) && WEXITSTATUS(st) == 0);
    text_is(dir, "half of the new text\nthe rest\n");
    names_in(dir, names, sizeof names);
    CHECK(!strcmp(names, "out.txt "));
    snprintf(names, sizeof names, "rm -rf '%s'", dir);
    if (system(names)) return 1;
    return check_report("test_outfile");
}
