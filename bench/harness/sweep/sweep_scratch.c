/* sweep_scratch.c — a process-starting sweep's checks and scratch folder: the earlier
 * result refused without --force, this program found, the output and scratch folders
 * made, and the scratch folder removed whole at the end (links in it not followed). */
#define _XOPEN_SOURCE 700 /* nftw */
#include "harness/base/sizes.h"
#include "sweep_scratch.h"

#include <errno.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "harness/base/exit.h"
#include "harness/base/say.h"
#include "harness/io/outfile.h"
#include "harness/measure/spawn.h"

int pb_sweep_scratch_make(const pb_sweep_opts *o, const char *csv, const char *name, char *self,
                          size_t selflen, char *tmp, size_t tmplen)
{
    struct stat st;
    tmp[0] = '\0';
    if (!o->force && !o->resume && !lstat(csv, &st))
        return pb_say("sweep: %s exists: give --force to make it again", csv), PB_EXIT_USAGE;
    if (pb_spawn_self(self, selflen))
        return pb_say("sweep: cannot find this program (/proc/self/exe)"), PB_EXIT_USAGE;
    if (mkdir(o->out_dir, 0777) && errno != EEXIST)
        return pb_say("sweep: cannot create %s: %s", o->out_dir, strerror(errno)), PB_EXIT_USAGE;
    return pb_sweep_scratch_dir(name, tmp, tmplen);
}

int pb_sweep_scratch_dir(const char *name, char *tmp, size_t tmplen)
{
    char path[PB_PATH_MAX], stem[PB_PATH_MAX];
    tmp[0] = '\0';
    snprintf(stem, sizeof stem, "pb%s.", name);
    pb_scratch_template(path, sizeof path, stem);
    if (!mkdtemp(path)) return pb_say("sweep: %s: %s", path, strerror(errno)), PB_EXIT_USAGE;
    snprintf(tmp, tmplen, "%s", path);
    return 0;
}

static int remove_one(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
    (void)st, (void)flag, (void)ftw;
    remove(path);
    return 0;
}

void pb_sweep_scratch_remove(const char *dir)
{
    if (dir[0]) nftw(dir, remove_one, 16, FTW_DEPTH | FTW_PHYS);
}
