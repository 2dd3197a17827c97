/* json.c — JSON strings and numbers for the --json writers. */
#include "json.h"

#include <math.h>

/* Whether s is UTF-8 by its byte patterns (overlong forms not checked: the text is
 * passed on, not decoded). */
static int utf8(const unsigned char *s)
{
    while (*s) {
        int more = *s < 0x80             ? 0
                   : (*s & 0xe0) == 0xc0 ? 1
                   : (*s & 0xf0) == 0xe0 ? 2
                   : (*s & 0xf8) == 0xf0 ? 3
                                         : -1;
        if (more < 0) return 0;
        for (s++; more > 0; more--, s++)
            if ((*s & 0xc0) != 0x80) return 0; /* the NUL at the end fails too */
    }
    return 1;
}

void pb_json_string(FILE *f, const char *s)
{
    const int raw = utf8((const unsigned char *)s);
    fputc('"', f);
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        if (*p == '"' || *p == '\\')
            fprintf(f, "\\%c", *p);
        else if (*p < 0x20 || *p == 0x7f || (*p >= 0x80 && !raw))
            fprintf(f, "\\u%04x", *p);
        else
            fputc(*p, f);
    }
    fputc('"', f);
}

void pb_json_number(FILE *f, const char *fmt, double x)
{
    if (isfinite(x))
        fprintf(f, fmt, x);
    else
        fputs("null", f);
}

void pb_json_member(FILE *f, const char *key, const char *fmt, double x)
{
    fprintf(f, ",\"%s\":", key);
    pb_json_number(f, fmt, x);
}
