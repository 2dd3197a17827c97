/* inputs.h — the files a command reads as its input (puzzles, a board, outlines, a
 * sweep file, --stdin), noted so that no output of the same command replaces one:
 * `solve FILE --csv FILE` or `render FILE --out FILE` would put the result where the
 * input was. Its own earlier output read back (--resume, an appended CSV, meta --end)
 * is not an input in this sense and is not noted. */
#ifndef PB_INPUTS_H
#define PB_INPUTS_H

#include <stddef.h>

/* Notes path (as given) when it names a regular file; thread-safe. */
void pb_input_note(const char *path);

/* 0 when path is not one of the noted inputs (the same file, by device and inode:
 * a hard link too), else -1 with "PATH: cannot write: it is this command's input
 * INPUT (...)" in err. */
int pb_input_clash(const char *path, char *err, size_t errlen);

/* Whether paths a and b name one file or folder, both there (by device and inode: a
 * hard link or another spelling of the path too). */
int pb_same_file(const char *a, const char *b);

#endif
