/* gen_stream.h — a generator's output file, written record by record (a puzzle, or a
 * CSV row) and flushed as each is made, so a run stopped by a signal (or killed)
 * keeps every finished record. `--resume` opens an earlier run's file, keeps its
 * complete records (a record cut short by a kill is dropped) and appends the rest:
 * records depend only on the options and their index, so the resumed file is the
 * file an uninterrupted run writes. An existing file is never overwritten without
 * --force. */
#ifndef PB_GEN_STREAM_H
#define PB_GEN_STREAM_H

#include <stdio.h>

typedef enum pb_stream_mode {
    PB_STREAM_NEW,    /* the file must not exist (standard output: always) */
    PB_STREAM_FORCE,  /* start the file over */
    PB_STREAM_RESUME, /* keep the complete records of the file, append the rest */
    PB_STREAM_CHECK,  /* read a file to resume as RESUME does, open nothing for writing */
} pb_stream_mode;

/* How many lines record `index` has: a resumed file is cut into records by it, and
 * a record counts only when all its lines are there, each ended by '\n'. */
typedef long (*pb_record_lines)(long index, void *ctx);

typedef struct pb_stream {
    FILE *f;
    const char *path; /* NULL: standard output */
    long kept;        /* complete records found in a resumed file (0 otherwise) */
    long *ends;       /* byte offsets: ends[0] after the header, ends[i] after record i-1 */
    long whole;       /* the file's length up to its last whole record; -1: unknown */
    int error;        /* the errno of the first write that failed, or 0 */
} pb_stream;

/* Opens path (NULL or "-": standard output, which cannot be resumed) for records.
 * header is the text the file starts with: written to a new file, and a resumed
 * file must start with exactly it (it holds the options that shape the records, so
 * a resume with other options is refused). At most max records are read back.
 * 0, or -1 with "PATH: why" in err. */
int pb_stream_open(pb_stream *s, const char *path, pb_stream_mode mode, const char *header,
                   long max, pb_record_lines lines_of, void *ctx, char *err, size_t errlen);

/* "PATH: cannot write: REASON" for the stream's failed write, in err. */
void pb_stream_why(const pb_stream *s, char *err, size_t errlen);

/* Keeps the first n (<= s->kept) records of a resumed file, drops what follows (a
 * record cut short) and appends after them. 0, or -1 with a message. */
int pb_stream_keep(pb_stream *s, long n, char *err, size_t errlen);

/* Writes one record and flushes it. 0, or -1 (the write failed: disk full, ...), and
 * then the file ends at its last whole record and takes no more. */
int pb_stream_put(pb_stream *s, const char *text);

/* Closes the file (standard output is flushed, not closed). 0, or -1 with a message
 * when a write failed. */
int pb_stream_close(pb_stream *s, char *err, size_t errlen);

#endif
