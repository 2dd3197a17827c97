/* readfile.c — whole-file input for the parsers, which all work on buffers. */
#define _DEFAULT_SOURCE /* O_CLOEXEC, O_NONBLOCK */
#include "readfile.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/text_bytes.h"

/* Opens path to read. A FIFO is opened without waiting for a writer (open(2) would
 * wait forever for one that never comes) and read only when something can be: its
 * first bytes, or a writer still there (a pipe such as bash's <(cmd) has one). A
 * directory is refused by name. The descriptor (blocking again), its first bytes in
 * buf (*got of them), or -1 with "PATH: reason" in err. */
static int open_input(const char *path, char *buf, size_t cap, size_t *got, char *err,
                      size_t errlen)
{
    struct stat st;
    *got = 0;
    /* As an output's: "'': cannot open", not ": cannot open", which names nothing. */
    if (!*path) return snprintf(err, errlen, "'': cannot open: an empty file name"), -1;
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) return snprintf(err, errlen, "%s: cannot open: %s", path, strerror(errno)), -1;
    const char *why = NULL;
    if (fstat(fd, &st))
        why = strerror(errno);
    else if (S_ISDIR(st.st_mode))
        why = "is a directory, not a file";
    else if (S_ISFIFO(st.st_mode)) {
        ssize_t n;
        while ((n = read(fd, buf, cap)) < 0 && errno == EINTR) {
        }
        if (n > 0) *got = (size_t)n;
        if (n == 0)
            why = "a pipe (FIFO) with no writer and nothing to read (expected a file; "
                  "'-' reads standard input)";
        else if (n < 0 && errno != EAGAIN)
            why = strerror(errno);
    }
    if (!why && fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)) why = strerror(errno);
    if (!why) return fd;
    snprintf(err, errlen, "%s: %s", path, why);
    close(fd);
    return -1;
}

char *pb_read_file(const char *path, size_t *len, char *err, size_t errlen)
{
    err[0] = '\0';
    const int is_stdin = !strcmp(path, "-");
    size_t cap = 4096, n = 0;
    char *buf = malloc(cap + 1);
    if (!buf) return snprintf(err, errlen, "%s: out of memory", path), NULL;
    const int fd = is_stdin ? STDIN_FILENO : open_input(path, buf, cap, &n, err, errlen);
    if (fd < 0) return free(buf), NULL;
    for (;;) {
        if (n == cap) {
            if (cap >= PB_MAX_INPUT_BYTES) {
                snprintf(err, errlen, "%s: file too large (more than %u MiB)", path,
                         PB_MAX_INPUT_BYTES >> 20);
                break;
            }
            char *nb = realloc(buf, 2 * cap + 1);
            if (!nb) {
                snprintf(err, errlen, "%s: out of memory", path);
                break;
            }
            buf = nb, cap *= 2;
        }
        const ssize_t got = read(fd, buf + n, cap - n);
        if (got < 0 && errno == EINTR) continue;
        if (got < 0) snprintf(err, errlen, "%s: read error: %s", path, strerror(errno));
        if (got <= 0) break;
        n += (size_t)got;
    }
    if (!is_stdin) close(fd);
    if (err[0]) return free(buf), NULL;
    /* A UTF-8 byte-order mark (some editors write one) is not part of the text: every
     * file read here (puzzles, sweep files, CSVs) is read without it. */
    const size_t bom = pb_bom_length(buf, n);
    if (bom) memmove(buf, buf + bom, n -= bom);
    buf[n] = '\0', *len = n;
    return buf;
}
