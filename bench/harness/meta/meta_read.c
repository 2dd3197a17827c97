/* meta_read.c — reading a .meta back: the value of one of its "key=value" lines. */
#include <string.h>

#include "meta.h"

const char *pb_meta_value(const char *text, const char *key, size_t *n)
{
    const size_t k = strlen(key);
    for (const char *line = text; line && *line; line = strchr(line, '\n'), line += !!line)
        if (!strncmp(line, key, k) && line[k] == '=') {
            *n = strcspn(line + k + 1, "\n");
            return line + k + 1;
        }
    return NULL;
}
