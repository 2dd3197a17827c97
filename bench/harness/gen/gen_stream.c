/* gen_stream.c — a generator's output written record by record and flushed, and
 * read back by --resume: the complete records kept, a record cut short dropped. */
#include "gen_stream.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio_ext.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "harness/base/exit.h"
#include "harness/io/outfile.h"
#include "harness/io/readfile.h"

/* Cuts text[from .. len) into records of lines_of(i) lines; fills s->ends[1 ..] and
 * s->kept. */
static void scan_records(pb_stream *s, const char *text, size_t len, size_t from, long max,
                         pb_record_lines lines_of, void *ctx)
{
    size_t at = from;
    s->ends[0] = (long)from;
    s->kept = 0;
    while (s->kept < max) {
        long need = lines_of(s->kept, ctx);
        size_t p = at;
        for (; need > 0; need--) {
            const char *nl = memchr(text + p, '\n', len - p);
            if (!nl) break;
            p = (size_t)(nl - text) + 1;
        }
        if (need > 0) break; /* the record was cut short */
        at = p;
        s->ends[++s->kept] = (long)at;
    }
}

/* Opens an earlier run's file for --resume and finds its complete records; check:
 * finds them only (PB_STREAM_CHECK). */
static int open_resumed(pb_stream *s, const char *header, long max, pb_record_lines lines_of,
                        void *ctx, int check, char *err, size_t errlen)
{
    size_t len, hlen = strlen(header);
    if (pb_out_not_link(s->path, err, errlen)) return -1;
    char *text = pb_read_file(s->path, &len, err, errlen);
    if (!text) return -1;
    const int rewrite = len < hlen && !memcmp(text, header, len); /* killed in the header */
    if (!rewrite && (len < hlen || memcmp(text, header, hlen))) {
        free(text);
        size_t line = strcspn(header, "\n");
        snprintf(err, errlen,
                 "%s was not made by this command (its first lines are not '%.*s'): "
                 "nothing to resume; give --force to start it over",
                 s->path, (int)(line < 200 ? line : 200), header);
        return -1;
    }
    if (!rewrite) scan_records(s, text, len, hlen, max, lines_of, ctx);
    free(text);
    if (check) return 0;
    if (!(s->f = pb_out_fopen(s->path, O_RDWR, "r+", err, errlen))) return -1;
    if (rewrite) {
        s->ends[0] = 0;
        if (pb_stream_keep(s, 0, err, errlen) || pb_stream_put(s, header)) return -1;
        s->ends[0] = (long)hlen;
        return 0;
    }
    return pb_stream_keep(s, s->kept, err, errlen);
}

int pb_stream_open(pb_stream *s, const char *path, pb_stream_mode mode, const char *header,
                   long max, pb_record_lines lines_of, void *ctx, char *err, size_t errlen)
{
    memset(s, 0, sizeof *s);
    s->whole = -1;
    if (path && !strcmp(path, "-")) path = NULL;
    s->path = path;
    if (!(s->ends = calloc((size_t)max + 1, sizeof *s->ends))) {
        snprintf(err, errlen, "%s: out of memory", path ? path : "standard output");
        return -1;
    }
    if (!path) {
        s->f = stdout;
    } else if (mode >= PB_STREAM_RESUME && access(path, F_OK) == 0) {
        return open_resumed(s, header, max, lines_of, ctx, mode == PB_STREAM_CHECK, err, errlen);
    } else if (mode == PB_STREAM_CHECK) {
        return 0; /* none to resume: the run starts it */
    } else {
        /* --resume of a run stopped before it made its file starts it, as a sweep's does. */
        /* O_EXCL: a finished file is never replaced by a run that may not finish. */
        s->f =
            pb_out_fopen(path, O_WRONLY | O_CREAT | O_TRUNC | (mode == PB_STREAM_NEW ? O_EXCL : 0),
                         "w", err, errlen);
        if (!s->f && errno == EEXIST)
            snprintf(err, errlen,
                     "%s exists: give --force to start it over, or --resume to complete it", path);
        if (!s->f) return -1;
    }
    s->ends[0] = (long)strlen(header);
    if (pb_stream_put(s, header)) {
        snprintf(err, errlen, "%s: %s", path ? path : "standard output", strerror(errno));
        if (!path) pb_stdout_failure_said(); /* the caller says err */
        return -1;
    }
    return 0;
}

int pb_stream_keep(pb_stream *s, long n, char *err, size_t errlen)
{
    if (!s->path) return 0; /* standard output, or none: nothing was read back */
    const long at = s->ends[n];
    if (fflush(s->f) || ftruncate(fileno(s->f), (off_t)at) || fseek(s->f, at, SEEK_SET)) {
        snprintf(err, errlen, "%s: %s", s->path, strerror(errno));
        return -1;
    }
    s->kept = n;
    s->whole = at;
    return 0;
}

/* A write that failed (a full disk) may have put part of a record in the file: the
 * file is cut back to its last whole record, and what stdio still holds is dropped,
 * so --resume finds whole records only and closing writes nothing more. */
static void cut_to_whole(pb_stream *s)
{
    __fpurge(s->f);
    if (s->path && s->whole >= 0 && !ftruncate(fileno(s->f), (off_t)s->whole))
        fseeko(s->f, s->whole, SEEK_SET);
}

int pb_stream_put(pb_stream *s, const char *text)
{
    if (!s->f) return 0;
    if (s->error) return -1; /* nothing follows a record that could not be written */
    errno = 0;
    fputs(text, s->f);
    /* The signal handler has no SA_RESTART (engines and waits must see the signal), so
     * a write to a pipe can fail with EINTR: what is left in the buffer is written
     * again, and the puzzle stays whole. */
    int rc, tries = 0;
    while ((rc = fflush(s->f)) && errno == EINTR && tries++ < 100) clearerr(s->f);
    if (!rc && !ferror(s->f)) {
        if (s->path) s->whole = ftello(s->f);
        return 0;
    }
    s->error = errno ? errno : EIO;
    cut_to_whole(s);
    return -1;
}

void pb_stream_why(const pb_stream *s, char *err, size_t errlen)
{
    const char *e = strerror(s->error ? s->error : EIO);
    if (!s->path) {
        snprintf(err, errlen, "standard output: cannot write: %s", e);
        pb_stdout_failure_said(); /* the caller says err */
        return;
    }
    snprintf(err, errlen,
             "%s: cannot write: %s; the records before it are kept whole: make room and run "
             "the same command with --resume to complete it",
             s->path, e);
}

/* 1 when the file at s->path is no longer the one written (removed, or another put
 * there, while the run wrote it): what went into it is lost with it. */
static int gone(const pb_stream *s)
{
    struct stat held, there;
    if (!s->path || fstat(fileno(s->f), &held)) return 0;
    return lstat(s->path, &there) || held.st_ino != there.st_ino || held.st_dev != there.st_dev;
}

int pb_stream_close(pb_stream *s, char *err, size_t errlen)
{
    int rc = 0;
    if (s->f) {
        errno = 0;
        int bad = ferror(s->f) || fflush(s->f);
        if (bad && !s->error) s->error = errno ? errno : EIO;
        const int lost = !s->error && gone(s);
        if (s->f != stdout && fclose(s->f) && !s->error) s->error = errno ? errno : EIO;
        if (s->error) {
            pb_stream_why(s, err, errlen);
            rc = -1;
        } else if (lost) {
            snprintf(err, errlen,
                     "%s: removed or replaced while this run wrote it (what it held is lost): "
                     "run the same command again; --resume keeps what is left",
                     s->path);
            rc = -1;
        }
    }
    free(s->ends);
    s->f = NULL;
    s->ends = NULL;
    return rc;
}
