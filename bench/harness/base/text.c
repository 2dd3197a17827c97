/* text.c — small tests on text that several parts of bench make alike. */
#include "text.h"

#include <string.h>

int pb_has_suffix(const char *s, const char *suffix)
{
    const size_t n = strlen(s), t = strlen(suffix);
    return n >= t && !memcmp(s + n - t, suffix, t);
}
