/* outfile.c — output files made without following links, and written atomically. */
#define _DEFAULT_SOURCE /* O_NOFOLLOW */
#include "outfile.h"
#include "harness/base/sizes.h"
#include "inputs.h"
#include "harness/base/exit.h"

#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* A name as messages show it: an empty one as '' (not a bare ": cannot write"). */
static const char *shown(const char *path)
{
    return *path ? path : "''";
}

static void say_why(const char *path, int e, char *err, size_t errlen)
{
    path = shown(path);
    if (e == ELOOP)
        snprintf(err, errlen, "%s: cannot write: it is a symbolic link, which is not followed",
                 path);
    else
        snprintf(err, errlen, "%s: cannot write: %s", path, strerror(e));
}

/* An output is a regular file: a whole file renamed into place would put one where a
 * device, a pipe or a socket was (/dev/null itself, when run as root), and opening a pipe
 * to write waits for a reader that may never come. Those are refused. */
static int not_a_regular_file(const char *path, char *err, size_t errlen)
{
    struct stat st;
    if (lstat(path, &st) || S_ISREG(st.st_mode) || S_ISLNK(st.st_mode)) return 0;
    if (S_ISDIR(st.st_mode)) return say_why(path, EISDIR, err, errlen), -1;
    snprintf(err, errlen,
             "%s: cannot write: not a regular file (an output is a file, never a device, a pipe "
             "or a socket)",
             shown(path));
    return -1;
}

/* Whether an output may be made at path: a regular file (or none), and not an input of
 * this command (harness/io/inputs.h). */
static int refused(const char *path, char *err, size_t errlen)
{
    return not_a_regular_file(path, err, errlen) || pb_input_clash(path, err, errlen) ? -1 : 0;
}

int pb_out_open(const char *path, int flags, char *err, size_t errlen)
{
    if (refused(path, err, errlen)) return -1;
    int fd = open(path, flags | O_NOFOLLOW | O_CLOEXEC, 0666);
    if (fd < 0) say_why(path, errno, err, errlen);
    return fd;
}

FILE *pb_out_fopen(const char *path, int flags, const char *fmode, char *err, size_t errlen)
{
    int fd = pb_out_open(path, flags, err, errlen);
    if (fd < 0) return NULL;
    FILE *f = fdopen(fd, fmode);
    if (!f) {
        say_why(path, errno, err, errlen);
        close(fd);
    }
    return f;
}

int pb_out_folder(const char *dir, char *err, size_t errlen)
{
    struct stat st;
    if (!strcmp(dir, "-")) /* a folder named "-" is never what was meant */
        return snprintf(err, errlen,
                        "-: cannot make the folder: '-' names standard output, not "
                        "a folder; give a folder name"),
               -1;
    if (!lstat(dir, &st)) {
        if (S_ISLNK(st.st_mode)) return say_why(dir, ELOOP, err, errlen), -1;
        if (!S_ISDIR(st.st_mode))
            return snprintf(err, errlen, "%s: cannot make the folder: %s", shown(dir),
                            strerror(ENOTDIR)),
                   -1;
        return 0;
    }
    if (mkdir(dir, 0777) && errno != EEXIST)
        return snprintf(err, errlen, "%s: cannot make the folder: %s", shown(dir), strerror(errno)),
               -1;
    return 0;
}

int pb_out_check(const char *path, char *err, size_t errlen)
{
    struct stat st;
    if (!*path)
        return snprintf(err, errlen, "%s: cannot write: an empty file name", shown(path)), -1;
    if (!strcmp(path, "-")) /* a file named "-" is never what was meant */
        return snprintf(err, errlen,
                        "-: cannot write: '-' names standard output, not a file "
                        "(this output has files beside it); give a file name"),
               -1;
    if (refused(path, err, errlen)) return -1;
    const char *slash = strrchr(path, '/');
    char dir[PB_PATH_MAX] = ".";
    size_t n = !slash ? 1 : slash == path ? 1 : (size_t)(slash - path);
    if (n >= sizeof dir) return say_why(path, ENAMETOOLONG, err, errlen), -1;
    if (slash) memcpy(dir, path, n), dir[n] = '\0';
    if (stat(dir, &st)) return say_why(path, errno, err, errlen), -1;
    if (!S_ISDIR(st.st_mode)) return say_why(path, ENOTDIR, err, errlen), -1;
    /* Every output is made in its folder (a temporary file, or a new one): one that
     * cannot be written into (a read-only mount, its permissions) is known now. */
    if (access(dir, W_OK | X_OK)) return say_why(path, errno, err, errlen), -1;
    return 0;
}

int pb_out_not_link(const char *path, char *err, size_t errlen)
{
    struct stat st;
    if (lstat(path, &st) || !S_ISLNK(st.st_mode)) return 0;
    snprintf(err, errlen, "%s: cannot resume: it is a symbolic link, which is not followed", path);
    return -1;
}

int pb_out_temp(const char *path, char *tmp, size_t tmplen, char *err, size_t errlen)
{
    int n = snprintf(tmp, tmplen, "%s.tmp.%ld", path, (long)getpid());
    if (n < 0 || (size_t)n >= tmplen) return snprintf(err, errlen, "%s: path too long", path), -1;
    if (refused(path, err, errlen)) return -1;
    unlink(tmp); /* a stale one of an earlier run with our pid, or a planted link */
    int fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
    if (fd < 0) say_why(path, errno, err, errlen); /* the user's name, not the temporary one */
    return fd;
}

void pb_scratch_template(char *out, size_t len, const char *stem)
{
    const char *dir = getenv("TMPDIR");
    snprintf(out, len, "%s/%sXXXXXX", dir && *dir ? dir : "/tmp", stem);
}

/* The pid of a temporary file's name, "NAME.tmp.PID", or 0 when it is none. */
static long temp_pid(const char *name)
{
    const char *at = NULL;
    for (const char *p = strstr(name, ".tmp."); p; p = strstr(p + 1, ".tmp.")) at = p;
    if (!at || at == name || !at[5]) return 0;
    char *end;
    const long pid = strtol(at + 5, &end, 10);
    /* A number no pid_t holds is no process's: cut to one, kill() would ask after
     * another process, or a whole group (a negative pid), and find the name stale. */
    return *end || at[5] < '1' || at[5] > '9' || (long)(pid_t)pid != pid ? 0 : pid;
}

int pb_out_drop_stale_temps(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d) return 0;
    int dropped = 0;
    for (struct dirent *e; (e = readdir(d));) {
        const long pid = temp_pid(e->d_name);
        struct stat st;
        if (pid <= 0 || pid == (long)getpid() || kill((pid_t)pid, 0) == 0 || errno != ESRCH)
            continue;
        if (fstatat(dirfd(d), e->d_name, &st, AT_SYMLINK_NOFOLLOW) || !S_ISREG(st.st_mode))
            continue;
        dropped += unlinkat(dirfd(d), e->d_name, 0) == 0;
    }
    closedir(d);
    return dropped;
}

/* Writes fill's text to tmp (open as fd) and renames it to path; removes it on failure. */
static int write_temp(const char *path, const char *tmp, int fd, int (*fill)(FILE *f, void *ctx),
                      void *ctx, char *err, size_t errlen)
{
    FILE *f = fdopen(fd, "w");
    if (!f) {
        say_why(path, errno, err, errlen);
        close(fd);
        unlink(tmp);
        return -1;
    }
    int rc = fill(f, ctx);
    int e = 0;
    if (fflush(f) || ferror(f)) rc = -1, e = errno;
    if (fclose(f) && !rc) rc = -1, e = errno;
    if (!rc && rename(tmp, path)) rc = -1, e = errno;
    if (rc) {
        say_why(path, e ? e : EIO, err, errlen);
        unlink(tmp);
        return -1;
    }
    return 0;
}

/* The temporary file being written, for the handler below, while have_pending. */
static char pending[PB_PATH_PART_MAX];
static volatile sig_atomic_t have_pending;
static const int stop_signals[] = {SIGINT, SIGTERM, SIGHUP};
enum { N_STOP = sizeof stop_signals / sizeof stop_signals[0] };

/* A command without a handler of its own (exit.h) ends on the signal at once: the
 * temporary file goes first, so that Ctrl-C leaves no half-written NAME.tmp.PID. A
 * hang-up ends it as SIGTERM does (exit.h). */
static void drop_pending(int sig)
{
    if (have_pending) unlink(pending);
    if (sig == SIGHUP) sig = SIGTERM;
    signal(sig, SIG_DFL);
    raise(sig);
}

/* Puts drop_pending in place of each stop signal's default action (old keeps what
 * was there); nothing when the command has its own handler. */
static void guard_temp(const char *tmp, struct sigaction *old)
{
    if (pb_interrupt_handler_installed()) return;
    snprintf(pending, sizeof pending, "%s", tmp);
    have_pending = 1;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = drop_pending;
    sigemptyset(&sa.sa_mask);
    for (int k = 0; k < N_STOP; k++) {
        sigaction(stop_signals[k], NULL, &old[k]);
        if (old[k].sa_handler != SIG_IGN) sigaction(stop_signals[k], &sa, NULL);
    }
}

static void unguard_temp(const struct sigaction *old)
{
    if (pb_interrupt_handler_installed()) return;
    for (int k = 0; k < N_STOP; k++) sigaction(stop_signals[k], &old[k], NULL);
    have_pending = 0;
}

int pb_write_file_atomic(const char *path, int (*fill)(FILE *f, void *ctx), void *ctx, char *err,
                         size_t errlen)
{
    char tmp[PB_PATH_PART_MAX];
    struct sigaction old[N_STOP];
    int fd = pb_out_temp(path, tmp, sizeof tmp, err, errlen);
    if (fd < 0) return -1;
    guard_temp(tmp, old);
    int rc = write_temp(path, tmp, fd, fill, ctx, err, errlen);
    unguard_temp(old);
    return rc;
}
