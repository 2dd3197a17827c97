/* error.h — how the library reports bad input: a line number and a message; the
 * caller adds the file name and decides how to print it. */
#ifndef PB_ERROR_H
#define PB_ERROR_H

#include <stdarg.h>
#include <stdio.h>

typedef struct pb_error {
    int line; /* 1-based line of the input, 0 when not tied to a line */
    char msg[200];
} pb_error;

static inline int pb_fail(pb_error *e, int line, const char *fmt, ...)
{
    if (e) {
        va_list ap;
        va_start(ap, fmt);
        e->line = line;
        vsnprintf(e->msg, sizeof e->msg, fmt, ap);
        va_end(ap);
    }
    return -1;
}

#endif
