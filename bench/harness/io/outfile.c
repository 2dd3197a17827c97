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
#include <limits.h>
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

/* Whether path, and the temporary name beside it that a whole file is written through
 * (pb_out_temp's PATH.tmp.PID), fit the system's bounds: PATH_MAX for the whole and the
 * folder dir's for a name in it (pathconf). Else -1, with why in err. */
static int name_too_long(const char *path, const char *dir, char *err, size_t errlen)
{
    const size_t tmp = (size_t)snprintf(NULL, 0, ".tmp.%ld", (long)getpid());
    const char *slash = strrchr(path, '/');
    const size_t len = strlen(path), name = strlen(slash ? slash + 1 : path);
    long name_max = pathconf(dir, _PC_NAME_MAX);
    if (name_max <= 0) name_max = NAME_MAX;
    if (len + tmp >= PATH_MAX)
        return snprintf(err, errlen,
                        "%s: cannot write: File name too long (%zu bytes, %zu as PATH.tmp.PID, "
                        "the temporary name it is written through; PATH_MAX is %d)",
                        path, len, len + tmp, PATH_MAX),
               -1;
    if (name + tmp > (size_t)name_max)
        return snprintf(err, errlen,
                        "%s: cannot write: File name too long (its name is %zu bytes, %zu as "
                        "NAME.tmp.PID, the temporary name it is written through; a name in "
                        "its folder is at most %ld)",
                        path, name, name + tmp, name_max),
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
    return name_too_long(path, dir, err, errlen);
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

/* Writes fill's text to the temporary file open as fd (for path). 0, or -1 with why in
 * err; the caller removes the file. */
static int fill_temp(const char *path, int fd, int (*fill)(FILE *f, void *ctx), void *ctx,
                     char *err, size_t errlen)
{
    FILE *f = fdopen(fd, "w");
    if (!f) {
        say_why(path, errno, err, errlen);
        close(fd);
        return -1;
    }
    int rc = fill(f, ctx);
    int e = 0;
    if (fflush(f) || ferror(f)) rc = -1, e = errno;
    if (fclose(f) && !rc) rc = -1, e = errno;
    if (rc) say_why(path, e ? e : EIO, err, errlen);
    return rc ? -1 : 0;
}

/* The temporary files being written, for the handler below: the first n_pending names
 * of the writer's array at pending ("" where a file has none). */
static char (*pending)[PB_PATH_PART_MAX];
static volatile sig_atomic_t n_pending;
static const int stop_signals[] = {SIGINT, SIGTERM, SIGHUP};
enum { N_STOP = sizeof stop_signals / sizeof stop_signals[0] };

/* A command without a handler of its own (exit.h) ends on the signal at once: the
 * temporary files go first, so that Ctrl-C leaves no half-written NAME.tmp.PID. A
 * hang-up ends it as SIGTERM does (exit.h). */
static void drop_pending(int sig)
{
    for (int k = 0; k < n_pending; k++)
        if (pending[k][0]) unlink(pending[k]);
    if (sig == SIGHUP) sig = SIGTERM;
    signal(sig, SIG_DFL);
    raise(sig);
}

/* Puts drop_pending in place of each stop signal's default action (old keeps what
 * was there) for the names in tmp, as guard_count counts them; nothing when the
 * command has its own handler. */
static void guard_temps(char (*tmp)[PB_PATH_PART_MAX], struct sigaction *old)
{
    if (pb_interrupt_handler_installed()) return;
    n_pending = 0;
    pending = tmp;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = drop_pending;
    sigemptyset(&sa.sa_mask);
    for (int k = 0; k < N_STOP; k++) {
        sigaction(stop_signals[k], NULL, &old[k]);
        if (old[k].sa_handler != SIG_IGN) sigaction(stop_signals[k], &sa, NULL);
    }
}

/* The first n names are the handler's to remove (each made whole before it counts). */
static void guard_count(int n)
{
    if (!pb_interrupt_handler_installed()) n_pending = n;
}

static void unguard_temps(const struct sigaction *old)
{
    if (pb_interrupt_handler_installed()) return;
    for (int k = 0; k < N_STOP; k++) sigaction(stop_signals[k], &old[k], NULL);
    n_pending = 0;
}

int pb_write_files_atomic(const pb_out_part *part, int n, char *err, size_t errlen)
{
    if (n < 1 || n > PB_OUT_GROUP_MAX)
        return snprintf(err, errlen, "%s: cannot write: %d files in one group (1 to %d)",
                        n > 0 ? shown(part[0].path) : "''", n, (int)PB_OUT_GROUP_MAX),
               -1;
    /* Each file's temporary name, "" until it has one; on the heap, as a group's are
     * many times a path's length. */
    char(*tmp)[PB_PATH_PART_MAX] = calloc((size_t)n, sizeof *tmp);
    const char *from[PB_OUT_GROUP_MAX] = {0}; /* each file's temporary file, once made */
    struct sigaction old[N_STOP];
    int rc = 0, renamed = 0;
    for (int k = 0; k < n; k++) /* one written already: renamed with ours, never removed */
        if (!part[k].fill) from[k] = part[k].written;
    if (!tmp)
        rc = -1, snprintf(err, errlen, "%s: cannot write: out of memory", shown(part[0].path));
    if (tmp) guard_temps(tmp, old);
    for (int k = 0; k < n && !rc; k++) {
        if (!part[k].fill) {
            rc = refused(part[k].path, err, errlen);
            continue;
        }
        const int fd = pb_out_temp(part[k].path, tmp[k], sizeof tmp[k], err, errlen);
        if (fd < 0) {
            tmp[k][0] = '\0';
            rc = -1;
            break;
        }
        from[k] = tmp[k];
        guard_count(k + 1);
        rc = fill_temp(part[k].path, fd, part[k].fill, part[k].ctx, err, errlen);
    }
    for (; !rc && renamed < n; renamed++)
        if (rename(from[renamed], part[renamed].path)) {
            say_why(part[renamed].path, errno, err, errlen);
            rc = -1;
            break;
        }
    for (int k = renamed; rc && k < n; k++)
        if (from[k] && part[k].fill) unlink(from[k]);
    if (tmp) unguard_temps(old);
    free(tmp);
    return rc ? -1 : 0;
}

int pb_write_file_atomic(const char *path, int (*fill)(FILE *f, void *ctx), void *ctx, char *err,
                         size_t errlen)
{
    const pb_out_part one = {path, fill, ctx, NULL};
    return pb_write_files_atomic(&one, 1, err, errlen);
}
