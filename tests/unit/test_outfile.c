/* test_outfile.c — a whole file written through a temporary one (harness/io/outfile.c)
 * when a stop signal comes in the middle of the writing: a command without a handler
 * of its own ends on it at once with the signal's status, leaving the earlier file and
 * no temporary one; a command with one (exit.h) finishes the file. Each case runs in a
 * child that sends itself the signal from inside the writing, so nothing is timed.
 * Files written as a group (a result and its .meta): when one cannot be written, or a
 * signal ends the writing, none is renamed and no temporary file is left. */
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

static int fill_text(FILE *f, void *ctx)
{
    fputs(ctx, f);
    return ferror(f) ? -1 : 0;
}

static int fill_fails(FILE *f, void *ctx)
{
    (void)ctx;
    fputs("half of the new text\n", f);
    return -1;
}

/* dir/NAME's text ("" when absent) into got, and whether it exists. */
static int read_text(const char *dir, const char *name, char *got, size_t len)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "r");
    size_t n = f ? fread(got, 1, len - 1, f) : 0;
    got[n] = '\0';
    if (f) fclose(f);
    return f != NULL;
}

static void put_text(const char *dir, const char *name, const char *text)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "w");
    if (f) fputs(text, f), fclose(f);
}

/* A result (a.csv) and its .meta written as a group in a fresh folder under dir, the
 * second file's fill given; with old, an earlier pair there first. Returns what
 * pb_write_files_atomic returned and leaves the folder's names in names. */
static int write_pair(const char *dir, int (*second)(FILE *, void *), int old, char *names,
                      size_t len)
{
    char sub[256], csv[512], meta[512], err[600], cmd[600];
    snprintf(sub, sizeof sub, "%s/pair", dir);
    snprintf(cmd, sizeof cmd, "rm -rf '%s' && mkdir '%s'", sub, sub);
    if (system(cmd)) return -2;
    if (old) put_text(sub, "a.csv", "old rows\n"), put_text(sub, "a.csv.meta", "run_id=old\n");
    snprintf(csv, sizeof csv, "%s/a.csv", sub);
    snprintf(meta, sizeof meta, "%s/a.csv.meta", sub);
    const pb_out_part part[] = {{csv, fill_text, "new rows\n", NULL},
                                {meta, second, "run_id=new\n", NULL}};
    const int rc = pb_write_files_atomic(part, 2, err, sizeof err);
    names_in(sub, names, len);
    return rc;
}

/* Each way a group can end: both files new, or both as they were (an old pair, or no
 * file), never one of each, and no temporary file left. */
static void check_groups(const char *dir)
{
    char names[512], got[64], sub[256];
    snprintf(sub, sizeof sub, "%s/pair", dir);
    CHECK(write_pair(dir, fill_text, 1, names, sizeof names) == 0);
    CHECK(!strcmp(names, "a.csv a.csv.meta ") || !strcmp(names, "a.csv.meta a.csv "));
    CHECK(read_text(sub, "a.csv", got, sizeof got) && !strcmp(got, "new rows\n"));
    CHECK(read_text(sub, "a.csv.meta", got, sizeof got) && !strcmp(got, "run_id=new\n"));
    /* The .meta cannot be written: the old pair stays whole. */
    CHECK(write_pair(dir, fill_fails, 1, names, sizeof names) == -1);
    CHECK(!strcmp(names, "a.csv a.csv.meta ") || !strcmp(names, "a.csv.meta a.csv "));
    CHECK(read_text(sub, "a.csv", got, sizeof got) && !strcmp(got, "old rows\n"));
    CHECK(read_text(sub, "a.csv.meta", got, sizeof got) && !strcmp(got, "run_id=old\n"));
    /* ... and where there was none, none is left. */
    CHECK(write_pair(dir, fill_fails, 0, names, sizeof names) == -1);
    CHECK(!strcmp(names, ""));
    /* A signal in the second file's writing: both temporary files go, the old pair stays. */
    put_text(sub, "a.csv", "old rows\n");
    put_text(sub, "a.csv.meta", "run_id=old\n");
    pid_t pid = fork();
    if (pid == 0) {
        static const int sig = SIGTERM;
        char csv[512], meta[512], err[600];
        snprintf(csv, sizeof csv, "%s/a.csv", sub);
        snprintf(meta, sizeof meta, "%s/a.csv.meta", sub);
        const pb_out_part part[] = {{csv, fill_text, "new rows\n", NULL},
                                    {meta, fill_and_stop, (void *)&sig, NULL}};
        _exit(pb_write_files_atomic(part, 2, err, sizeof err) ? 1 : 0);
    }
    int status = 0;
    waitpid(pid, &status, 0);
    CHECK(WIFSIGNALED(status) && WTERMSIG(status) == SIGTERM);
    names_in(sub, names, sizeof names);
    CHECK(!strcmp(names, "a.csv a.csv.meta ") || !strcmp(names, "a.csv.meta a.csv "));
    CHECK(read_text(sub, "a.csv", got, sizeof got) && !strcmp(got, "old rows\n"));
    /* A file written already (a stream's .part) is renamed with the group, or, when the
     * group fails, left whole where it is (its rows not lost), the caller's. */
    char part_path[512], csv[512], meta[512], err[600];
    snprintf(part_path, sizeof part_path, "%s/.a.part", sub);
    snprintf(csv, sizeof csv, "%s/a.csv", sub);
    snprintf(meta, sizeof meta, "%s/a.csv.meta", sub);
    for (int fail = 1; fail >= 0; fail--) {
        put_text(sub, ".a.part", "streamed rows\n");
        const pb_out_part part[] = {{meta, fail ? fill_fails : fill_text, "run_id=new\n", NULL},
                                    {csv, NULL, NULL, part_path}};
        CHECK(pb_write_files_atomic(part, 2, err, sizeof err) == (fail ? -1 : 0));
        CHECK(read_text(sub, "a.csv", got, sizeof got) &&
              !strcmp(got, fail ? "old rows\n" : "streamed rows\n"));
        CHECK(read_text(sub, "a.csv.meta", got, sizeof got));
        CHECK(fail ? read_text(sub, ".a.part", got, sizeof got) && !strcmp(got, "streamed rows\n")
                   : access(part_path, F_OK) != 0);
        if (fail) unlink(part_path);
        names_in(sub, names, sizeof names);
        CHECK(!strcmp(names, "a.csv a.csv.meta ") || !strcmp(names, "a.csv.meta a.csv "));
    }
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
    check_groups(dir);
    snprintf(names, sizeof names, "rm -rf '%s'", dir);
    if (system(names)) return 1;
    return check_report("test_outfile");
}
