/* meta_read.c — reading a .meta back: its text, and the value of one of its
 * "key=value" lines, or whether it is a given one. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "meta.h"
#include "harness/io/readfile.h"

char *pb_meta_read(const char *path, size_t *len, char *err, size_t errlen)
{
    char *text = pb_read_file(path, len, err, errlen);
    const char *nul = text ? memchr(text, '\0', *len) : NULL;
    if (!nul) return text;
    int line = 1;
    for (const char *c = text; c < nul; c++) line += *c == '\n';
    snprintf(err, errlen, "%s:%d: expected text, got a NUL byte", path, line);
    free(text);
    return NULL;
}

const char *pb_meta_value(const char *text, const char *key, size_t *n)
{
    const size_t k = strlen(key);
    for (const char *line = text; *line;) {
        if (!strncmp(line, key, k) && line[k] == '=') {
            *n = strcspn(line + k + 1, "\n");
            return line + k + 1;
        }
        const char *nl = strchr(line, '\n');
        if (!nl) break; /* the last line, without a newline */
        line = nl + 1;
    }
    return NULL;
}

int pb_meta_value_is(const char *text, const char *key, const char *want)
{
    size_t n;
    const char *v = pb_meta_value(text, key, &n);
    return v && n == strlen(want) && !strncmp(v, want, n);
}
