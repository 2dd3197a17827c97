/* text.c — small tests and edits on text that several parts of bench make alike. */
#include "text.h"

#include <stdio.h>
#include <string.h>

int pb_has_suffix(const char *s, const char *suffix)
{
    const size_t n = strlen(s), t = strlen(suffix);
    return n >= t && !memcmp(s + n - t, suffix, t);
}

void pb_text_list_add(char *list, size_t len, const char *item)
{
    const size_t at = strlen(list);
    if (at < len) snprintf(list + at, len - at, "%s%s", at ? ", " : "", item);
}
