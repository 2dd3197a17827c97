/* readfile.h — reading a whole input file ("-" is standard input) with a size cap. */
#ifndef PB_READFILE_H
#define PB_READFILE_H

#include <stdlib.h>

#define PB_MAX_INPUT_BYTES (64u << 20)

/* Returns a malloc'd, NUL-terminated buffer and its length, or NULL with
 * "FILE: reason" in err. A directory is refused, and so is a FIFO with no writer and
 * nothing to read (never waited on); a pipe with a writer is read to its end. */
char *pb_read_file(const char *path, size_t *len, char *err, size_t errlen);

#endif
