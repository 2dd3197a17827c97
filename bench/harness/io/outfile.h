/* outfile.h — how every output file is made: created or appended to without following
 * a symbolic link (one planted at an output's name, or at its temporary name, is
 * refused, never written through), and whole files written through a fresh temporary
 * file in the same folder, renamed into place (complete or absent): only over a regular
 * file or a link, never over a device, a pipe or a socket, and never over an input of
 * the same command (harness/io/inputs.h). */
#ifndef PB_OUTFILE_H
#define PB_OUTFILE_H

#include <stddef.h>
#include <stdio.h>

/* open(2) of an output, with O_NOFOLLOW and O_CLOEXEC added to flags (mode 0666, less
 * the umask); one that exists and is not a regular file is refused. The descriptor, or
 * -1 with "PATH: cannot write: REASON" in err. */
int pb_out_open(const char *path, int flags, char *err, size_t errlen);

/* The same as a stream (fdopen with fmode, "w", "a" or "r+"); NULL on failure. */
FILE *pb_out_fopen(const char *path, int flags, const char *fmode, char *err, size_t errlen);

/* Before an output is read back (a resume, an append): 0 when path is not a symbolic
 * link (or is absent), else -1 with "PATH: cannot resume: it is a symbolic link, which
 * is not followed" in err. Its writing is refused again at open (O_NOFOLLOW). */
int pb_out_not_link(const char *path, char *err, size_t errlen);

/* An output folder (--out DIR): made when absent; a symbolic link there is refused,
 * not followed, and so is "-" (standard output, never a folder's name). 0, or -1 with "DIR: cannot
 * write: it is a symbolic link, which is not followed" or "DIR: cannot make the folder: REASON" in
 * err. */
int pb_out_folder(const char *dir, char *err, size_t errlen);

/* Before long work whose output comes at its end: 0 when a file could be made at path
 * (a name, not a folder, in a folder that exists and can be written into; a link there
 * is replaced, as when written; "-", standard output, is no file's name; the name and
 * its temporary one, PATH.tmp.PID, within PATH_MAX and the folder's longest name), else
 * -1 with "PATH: cannot write: REASON" in err. Writing it may still fail (a full disk). */
int pb_out_check(const char *path, char *err, size_t errlen);

/* Creates tmp = "PATH.tmp.PID" anew (O_EXCL: whatever was at that name, a link too,
 * is removed first, never followed) for writing. The descriptor, or -1. */
int pb_out_temp(const char *path, char *tmp, size_t tmplen, char *err, size_t errlen);

/* The mkstemp(3) or mkdtemp(3) template of a private scratch file or folder, in out:
 * "$TMPDIR/STEMXXXXXX", /tmp where TMPDIR is unset or empty. */
void pb_scratch_template(char *out, size_t len, const char *stem);

/* Removes the temporary files "NAME.tmp.PID" (pb_out_temp's) in dir whose process is
 * gone: a run killed by SIGKILL, which no handler sees, leaves its file half written,
 * and a run that resumes the folder must not keep it. Another live process's file is
 * left alone. The count removed. */
int pb_out_drop_stale_temps(const char *dir);

/* Writes text produced by fill(f, ctx) (0, or -1 on failure) to path atomically: a
 * temporary file, then renamed over path (a link at path is replaced, not
 * followed). In a command without a handler of its own (exit.h), SIGINT, SIGTERM or
 * SIGHUP meanwhile removes the temporary file before it ends the process. 0, or -1
 * with "PATH: cannot write: REASON" in err. */
int pb_write_file_atomic(const char *path, int (*fill)(FILE *f, void *ctx), void *ctx, char *err,
                         size_t errlen);

/* One file of a group written together (pb_write_files_atomic): its name, and its text
 * from fill(f, ctx) (0, or -1 on failure); or, with fill NULL, written: a temporary file
 * in path's folder already written whole (a stream's FILE.part), renamed to path. */
typedef struct pb_out_part {
    const char *path;
    int (*fill)(FILE *f, void *ctx);
    void *ctx;
    const char *written;
} pb_out_part;

/* The most files one group holds. */
enum { PB_OUT_GROUP_MAX = 24 };

/* Writes n files (1 to PB_OUT_GROUP_MAX) as pb_write_file_atomic writes one, but as a
 * group: each to a temporary file of its own first, and only when every one is whole
 * are they renamed into place, in the order given. When one cannot be written, none
 * is renamed and every temporary file of its own is removed (a written one is left
 * where it is, the caller's: rows that took long to make are not lost): what was at
 * those names stays as it was. A rename that fails (rare: every file is whole by then)
 * leaves those before it renamed and removes the rest: put last the file that must
 * not stand without the others. 0, or -1 with "PATH: cannot write: REASON" in err. */
int pb_write_files_atomic(const pb_out_part *part, int n, char *err, size_t errlen);

#endif
