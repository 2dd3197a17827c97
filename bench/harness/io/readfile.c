/* readfile.c — whole-file input for the parsers, which all work on buffers. */
#include "readfile.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "core/text_bytes.h"

char *pb_read_file(const char *path, size_t *len, char *err, size_t errlen)
{
    err[0] = '\0';
    int is_stdin = !strcmp(path, "-");
    FILE *f = is_stdin ? stdin : fopen(path, "rb");
    if (!f) {
        snprintf(err, errlen, "%s: cannot open: %s", path, strerror(errno));
        return NULL;
    }
    /* fopen opens a directory for reading; saying so beats the read's "Is a directory". */
    struct stat st;
    if (!is_stdin && !fstat(fileno(f), &st) && S_ISDIR(st.st_mode)) {
        snprintf(err, errlen, "%s: is a directory, not a file", path);
        fclose(f);
        return NULL;
    }
    size_t cap = 4096, n = 0;
    char *buf = malloc(cap + 1);
    while (buf) {
        if (n == cap) {
            if (cap >= PB_MAX_INPUT_BYTES) {
                snprintf(err, errlen, "%s: file too large (more than %u MiB)", path,
                         PB_MAX_INPUT_BYTES >> 20);
                free(buf);
                buf = NULL;
                break;
            }
            char *nb = realloc(buf, 2 * cap + 1);
            if (!nb) {
                free(buf);
                buf = NULL;
                break;
            }
            buf = nb, cap *= 2;
        }
        size_t got = fread(buf + n, 1, cap - n, f);
        n += got;
        if (got == 0) {
            if (ferror(f)) {
                snprintf(err, errlen, "%s: read error: %s", path, strerror(errno));
                free(buf);
                buf = NULL;
            }
            break;
        }
    }
    if (!buf && !err[0]) snprintf(err, errlen, "%s: out of memory", path);
    if (!is_stdin) fclose(f);
    /* A UTF-8 byte-order mark (some editors write one) is not part of the text: every
     * file read here (puzzles, sweep files, CSVs) is read without it. */
    size_t bom = buf ? pb_bom_length(buf, n) : 0;
    if (bom) memmove(buf, buf + bom, n -= bom);
    if (buf) buf[n] = '\0', *len = n;
    return buf;
}
