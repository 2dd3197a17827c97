/* say.c — messages for people, one safe line each on stderr. */
#include "say.h"

#include <stdio.h>

#include "core/text_bytes.h"

void pb_vsay(const char *fmt, va_list ap)
{
    char text[PB_SAY_MAX], shown[PB_SAY_MAX];
    vsnprintf(text, sizeof text, fmt, ap);
    fprintf(stderr, "puzzlebench: %s\n", pb_text_show(shown, sizeof shown, text));
}

void pb_say(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    pb_vsay(fmt, ap);
    va_end(ap);
}
