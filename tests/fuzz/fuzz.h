/* fuzz.h — what the fuzz targets in tests/fuzz/ share. Each target is one file,
 * fuzz_READER.c, that defines LLVMFuzzerTestOneInput for one reader. libFuzzer calls
 * it in the PB_FUZZ build (clang, scripts/test.sh and scripts/fuzz.sh); driver.c calls
 * it in every other build, on the seed corpus and on mutations of it, under ctest.
 * A target checks what must hold of the reader's answer with FUZZ_CHECK, which
 * aborts, so that either driver reports the input: "no crash" alone is not enough. */
#ifndef PB_FUZZ_H
#define PB_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/error.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

_Noreturn static inline void fuzz_fail(const char *what, const char *file, int line)
{
    fprintf(stderr, "%s:%d: fuzz check failed: %s\n", file, line, what);
    abort();
}

#define FUZZ_CHECK(cond) ((cond) ? (void)0 : fuzz_fail(#cond, __FILE__, __LINE__))

/* The lines of an input: 1 + its newlines (a last line without one counts). */
static inline int fuzz_lines(const uint8_t *data, size_t size)
{
    int n = 1;
    for (size_t i = 0; i < size; i++) n += data[i] == '\n';
    return n;
}

/* A reader's error: a message in printable ASCII (bad bytes are named "byte 0xNN",
 * never echoed), on a line of the input, min_line..lines (0: not tied to a line). */
static inline void fuzz_check_error(const pb_error *e, int min_line, int lines)
{
    FUZZ_CHECK(e->msg[0] != '\0');
    FUZZ_CHECK(e->line >= min_line && e->line <= lines);
    for (const char *p = e->msg; *p; p++) FUZZ_CHECK(*p >= 0x20 && *p < 0x7f);
}

/* A reader that walks an input puzzle by puzzle, called in a loop's condition:
 *   fuzz_walk w = fuzz_walk_start(data, size, 1);
 *   for (w.before = r.pos; (rc = READ(&r, ...)) != 0; w.before = r.pos)
 *       if (!fuzz_walk_step(&w, rc, r.pos, line, &e)) continue; */
typedef struct fuzz_walk {
    size_t size, before; /* the input's bytes; the reader's place before this call */
    int lines;           /* the input's (fuzz_lines) */
    int last_line;       /* the line of the last puzzle read; 0 before the first */
    int column;          /* its errors name the column ("column N: ...") */
} fuzz_walk;

static inline fuzz_walk fuzz_walk_start(const uint8_t *data, size_t size, int column)
{
    return (fuzz_walk){size, 0, fuzz_lines(data, size), 0, column};
}

/* One call's answer, as every such reader must give it: it consumed input (its place
 * pos past before, within the input); an error (rc < 0) is fuzz_check_error's, on a
 * line of the input; a puzzle (rc 1, at `line`) starts on a later line than the one
 * before. Returns whether a puzzle was read. */
static inline int fuzz_walk_step(fuzz_walk *w, int rc, size_t pos, int line, const pb_error *e)
{
    FUZZ_CHECK(pos > w->before && pos <= w->size);
    if (rc < 0) {
        fuzz_check_error(e, 1, w->lines);
        if (w->column) FUZZ_CHECK(!strncmp(e->msg, "column ", 7));
        return 0;
    }
    FUZZ_CHECK(rc == 1 && line > w->last_line && line <= w->lines);
    w->last_line = line;
    return 1;
}

/* Writes part k of the input (its parts cut apart at form feeds) to path, and the part's
 * lines to *lines (0 when there is no part k: path is then removed), for a target whose
 * reader takes several files. */
static inline void fuzz_write_part(const uint8_t *data, size_t size, int k, const char *path,
                                   long *lines)
{
    const uint8_t *p = data, *end = data + size;
    for (int i = 0; i < k && p; i++) {
        p = memchr(p, '\f', (size_t)(end - p));
        if (p) p++;
    }
    remove(path);
    *lines = 0;
    if (!p) return;
    const uint8_t *stop = memchr(p, '\f', (size_t)(end - p));
    const size_t n = (size_t)((stop ? stop : end) - p);
    FILE *f = fopen(path, "wb");
    FUZZ_CHECK(f && fwrite(p, 1, n, f) == n && !fclose(f));
    *lines = 1;
    for (size_t i = 0; i < n; i++) *lines += p[i] == '\n';
}

#endif
