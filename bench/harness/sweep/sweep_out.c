/* sweep_out.c — a sweep's row files while it runs: .part files appended block by
 * block with write(2) and fsync, cut back on a failed write, renamed at the end; and
 * the lock that keeps a second sweep of the same name out meanwhile. */
#define _DEFAULT_SOURCE /* open_memstream, fsync, ftruncate */
#include "sweep_out.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "harness/base/say.h"
#include "harness/io/inputs.h"
#include "harness/io/outfile.h"
#include "harness/io/outlock.h"

static int path_of(char *out, const char *dir, const char *name, const char *ext, char *err,
                   size_t errlen)
{
    int n = snprintf(out, PB_SWEEP_PATH, "%s/%s%s", dir, name, ext);
    if (n < 0 || n >= PB_SWEEP_PATH - 16) /* room for ".tmp.PID" */
        return snprintf(err, errlen, "%s/%s: path too long", dir, name), -1;
    return 0;
}

int pb_sweep_out_paths(pb_sweep_out *o, const char *dir, const char *name, char *err, size_t errlen)
{
    o->csv_fd = o->samples_fd = o->held.fd = -1;
    o->held.stale_pid = 0;
    if (path_of(o->lock, dir, name, ".lock", err, errlen) ||
        path_of(o->csv, dir, name, ".csv", err, errlen) ||
        path_of(o->samples, dir, name, ".samples.csv", err, errlen) ||
        path_of(o->csv_part, dir, name, ".csv.part", err, errlen) ||
        path_of(o->samples_part, dir, name, ".samples.csv.part", err, errlen) ||
        path_of(o->meta, dir, name, ".meta", err, errlen) ||
        path_of(o->topology, dir, name, ".topology.xml", err, errlen))
        return -1;
    /* The row files are renamed into place at the end, over whatever is there: a device
     * or a pipe at their names is refused now, not replaced after the work; so is a name
     * too long for the system (pb_out_check), the longest too: the samples' .part, and
     * the topology, which a tool sweep writes only at its end. */
    return pb_out_folder(dir, err, errlen) || pb_out_check(o->csv, err, errlen) ||
                   pb_out_check(o->samples, err, errlen) ||
                   pb_out_check(o->samples_part, err, errlen) ||
                   pb_out_check(o->topology, err, errlen)
               ? -1
               : 0;
}

int pb_sweep_out_lock(pb_sweep_out *o, char *err, size_t errlen)
{
    char holder[PB_OUT_LOCK_HOLDER];
    int rc = pb_out_lock_take(&o->held, o->lock, holder, err, errlen);
    if (rc == 1)
        return snprintf(err, errlen,
                        "%s: a sweep of this name is running in this folder (pid %s); "
                        "wait for it, or give --out another folder",
                        o->lock, holder),
               -1;
    return rc;
}

void pb_sweep_out_say_taken_over(const pb_sweep_out *o)
{
    char note[sizeof o->lock + 100];
    if (pb_out_lock_taken_over(&o->held, o->lock, note, sizeof note)) pb_say("sweep: %s", note);
}

void pb_sweep_out_unlock(pb_sweep_out *o)
{
    pb_out_lock_release(&o->held, o->lock);
}

const char *pb_sweep_out_existing(const pb_sweep_out *o)
{
    const char *const all[] = {o->meta, o->csv, o->samples, o->csv_part, o->samples_part};
    struct stat st;
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
        if (!lstat(all[i], &st)) return all[i];
    return NULL;
}

int pb_sweep_out_remove(const pb_sweep_out *o, char *err, size_t errlen)
{
    const char *const all[] = {o->csv,          o->samples, o->csv_part,
                               o->samples_part, o->meta,    o->topology};
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++) /* a sweep file named NAME.meta */
        if (pb_input_clash(all[i], err, errlen)) return -1;
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
        if (remove(all[i]) && errno != ENOENT)
            return snprintf(err, errlen, "%s: cannot remove: %s", all[i], strerror(errno)), -1;
    return 0;
}

/* Writes all of buf, again after a signal cut a write short. 0, or -1 with errno. */
static int write_all(int fd, const char *buf, size_t len)
{
    while (len) {
        ssize_t w = write(fd, buf, len);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) return w == 0 ? (errno = EIO, -1) : -1;
        buf += w, len -= (size_t)w;
    }
    return 0;
}

/* Writes text to fd and syncs it; -1 with err naming path on failure. */
static int put(int fd, const char *path, const char *text, size_t len, char *err, size_t errlen)
{
    if (write_all(fd, text, len) || fsync(fd))
        return snprintf(err, errlen, "%s: cannot write: %s", path, strerror(errno)), -1;
    return 0;
}

static int open_part(const char *path, int fresh, const char *header, char *err, size_t errlen)
{
    int fd = pb_out_open(path, O_WRONLY | O_APPEND | O_CREAT | (fresh ? O_TRUNC : 0), err, errlen);
    if (fd < 0) return -1;
    if (fresh && put(fd, path, header, strlen(header), err, errlen)) {
        close(fd);
        return -1;
    }
    return fd;
}

int pb_sweep_out_open(pb_sweep_out *o, int fresh, char *err, size_t errlen)
{
    char header[1024], samples_header[200];
    snprintf(header, sizeof header, "%s%s%s\n", pb_csv_header, pb_csv_timing_header,
             o->extra_header);
    snprintf(samples_header, sizeof samples_header, "%s\n", pb_csv_samples_header);
    o->samples_fd = open_part(o->samples_part, fresh, samples_header, err, errlen);
    if (o->samples_fd < 0) return -1;
    o->csv_fd = open_part(o->csv_part, fresh, header, err, errlen);
    if (o->csv_fd < 0) {
        pb_sweep_out_close(o);
        return -1;
    }
    return 0;
}

/* The text write(f) makes, malloc'd; NULL when out of memory. */
static char *
text_of(int (*write)(FILE *, const char *, const pb_row *, const unsigned char *, long),
        const char *run_id, const pb_row *rows, const unsigned char *take, long n, size_t *len)
{
    char *buf = NULL;
    FILE *f = open_memstream(&buf, len);
    if (!f) return NULL;
    int bad = write(f, run_id, rows, take, n);
    if (fclose(f) || bad) free(buf), buf = NULL;
    return buf;
}

int pb_sweep_out_append(pb_sweep_out *o, const char *run_id, const pb_row *rows,
                        const unsigned char *take, long n, char *err, size_t errlen)
{
    size_t slen = 0, clen = 0;
    char *s = text_of(pb_csv_samples_write, run_id, rows, take, n, &slen);
    char *c = text_of(pb_csv_rows_write, run_id, rows, take, n, &clen);
    off_t s_at = lseek(o->samples_fd, 0, SEEK_END), c_at = lseek(o->csv_fd, 0, SEEK_END);
    int rc = -1;
    if (!s || !c)
        snprintf(err, errlen, "%s: out of memory", o->csv_part);
    else if (s_at < 0 || c_at < 0)
        snprintf(err, errlen, "%s: %s", o->csv_part, strerror(errno));
    /* The samples first: a row on disk always has the samples it was computed from. */
    else if (put(o->samples_fd, o->samples_part, s, slen, err, errlen) ||
             put(o->csv_fd, o->csv_part, c, clen, err, errlen)) {
        /* Undo the block, rows first: what stays are whole lines only. (Should the
         * cut fail too, a resume still drops a last line cut short.) */
        int cut = ftruncate(o->csv_fd, c_at) == 0 && ftruncate(o->samples_fd, s_at) == 0;
        (void)cut;
    } else {
        rc = 0;
    }
    free(s);
    free(c);
    return rc;
}

void pb_sweep_out_close(pb_sweep_out *o)
{
    if (o->samples_fd >= 0) close(o->samples_fd);
    if (o->csv_fd >= 0) close(o->csv_fd);
    o->samples_fd = o->csv_fd = -1;
}

int pb_sweep_out_finish(pb_sweep_out *o, char *err, size_t errlen)
{
    pb_sweep_out_close(o);
    if (rename(o->samples_part, o->samples))
        return snprintf(err, errlen, "%s: cannot rename: %s", o->samples_part, strerror(errno)), -1;
    if (rename(o->csv_part, o->csv))
        return snprintf(err, errlen, "%s: cannot rename: %s", o->csv_part, strerror(errno)), -1;
    return 0;
}
