/* say.h — messages for people: one line on stderr, "puzzlebench: " first, with every
 * byte that is not printable ASCII shown as \xNN. File names, fields and tokens come
 * from data: an escape sequence in them must not reach the terminal as it is, nor a
 * newline split the line. */
#ifndef PB_SAY_H
#define PB_SAY_H

#include <stdarg.h>
#include <stddef.h>

#include "harness/base/sizes.h"

/* Prints "puzzlebench: " and the formatted message (no newline in fmt) as one line. */
void pb_say(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void pb_vsay(const char *fmt, va_list ap);

/* The most bytes of one message (a longer one is cut, ending in "..."): room for a
 * place and a message that each name a file (harness/base/sizes.h). */
#define PB_SAY_MAX (2 * PB_MSG_LONG_MAX)

#endif
