/* inputs.c — the input files a command has read, by device and inode. */
#include "inputs.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

typedef struct noted {
    dev_t dev;
    ino_t ino;
    char *path;
} noted;

/* One list for the process: a sweep's workers load instances on threads of their own. */
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static noted *inputs;
static size_t count, room;

void pb_input_note(const char *path)
{
    struct stat st;
    if (!strcmp(path, "-") || stat(path, &st) || !S_ISREG(st.st_mode)) return;
    pthread_mutex_lock(&lock);
    int known = 0;
    for (size_t i = 0; i < count && !known; i++)
        known = inputs[i].dev == st.st_dev && inputs[i].ino == st.st_ino;
    if (!known && count == room) {
        size_t more = room ? 2 * room : 8;
        noted *grown = realloc(inputs, more * sizeof *grown);
        if (grown) inputs = grown, room = more;
    }
    char *copy = known || count == room ? NULL : strdup(path);
    if (copy) inputs[count++] = (noted){st.st_dev, st.st_ino, copy};
    pthread_mutex_unlock(&lock);
}

int pb_input_clash(const char *path, char *err, size_t errlen)
{
    struct stat st;
    /* lstat: an output is never written through a link, so a link to an input is
     * replaced or refused, and the input itself stays. */
    if (lstat(path, &st) || !S_ISREG(st.st_mode)) return 0;
    int rc = 0;
    pthread_mutex_lock(&lock);
    struct stat now;
    for (size_t i = 0; i < count && !rc; i++)
        /* The input still there, at its name: a file made after it was removed may
         * have been given its inode number. */
        if (inputs[i].dev == st.st_dev && inputs[i].ino == st.st_ino &&
            !stat(inputs[i].path, &now) && now.st_dev == st.st_dev && now.st_ino == st.st_ino) {
            snprintf(err, errlen,
                     "%s: cannot write: it is this command's input %s (the output would "
                     "replace it; write it elsewhere)",
                     path, inputs[i].path);
            rc = -1;
        }
    pthread_mutex_unlock(&lock);
    return rc;
}

int pb_same_file(const char *a, const char *b)
{
    struct stat x, y;
    return !stat(a, &x) && !stat(b, &y) && x.st_dev == y.st_dev && x.st_ino == y.st_ino;
}
