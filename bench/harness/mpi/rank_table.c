/* rank_table.c — a table that rank 0 alone writes while every rank computes it, into
 * FILE.part renamed to FILE once whole (a full disk leaves no file cut short), and its
 * FILE.meta with the rank count. */
#include "rank_table.h"

#define _DEFAULT_SOURCE /* fsync */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <string.h>
#include <unistd.h>

#include "harness/base/exit.h"
#include "harness/base/sizes.h"
#include "harness/io/outfile.h"
#include "world.h"

int pb_rank_table_open(const char *path, FILE **f, char *err, size_t errlen)
{
    char part[PB_PATH_EXT_MAX], meta[PB_PATH_EXT_MAX];
    *f = NULL;
    snprintf(part, sizeof part, "%s.part", path);
    snprintf(meta, sizeof meta, "%s.meta", path);
    if (pb_world_get()->rank == 0)
        *f = !strcmp(path, "-") ? stderr
             : pb_out_check(path, err, errlen) || pb_meta_check(meta, err, errlen)
                 ? NULL
                 : pb_out_fopen(part, O_WRONLY | O_CREAT | O_TRUNC, "w", err, errlen);
    uint64_t failed = pb_world_get()->rank == 0 && !*f;
    if (pb_world_allreduce_u64(&failed, 1, PB_WORLD_MAX)) pb_world_abort(PB_EXIT_FAILED);
    return failed ? -1 : 0;
}

int pb_rank_table_meta(const char *path, const pb_meta *meta, char *err, size_t errlen)
{
    char meta_path[PB_PATH_EXT_MAX], ranks[64], mpi[300];
    const char *what, *extra[] = {ranks, mpi, NULL};
    snprintf(meta_path, sizeof meta_path, "%s.meta", path);
    snprintf(ranks, sizeof ranks, "mpi_ranks=%d", pb_world_get()->size);
    snprintf(mpi, sizeof mpi, "mpi_library=%s",
             pb_world_built_with_mpi(&what) ? what : "none (built without MPI)");
    return pb_meta_save(meta_path, meta, extra, err, errlen);
}

int pb_rank_table_close(const char *path, FILE *f, const pb_meta *meta, char *err, size_t errlen)
{
    char part[PB_PATH_EXT_MAX];
    snprintf(part, sizeof part, "%s.part", path);
    errno = 0;
    int e = fflush(f) || fsync(fileno(f)) ? errno : 0;
    /* An earlier write's error leaves no errno behind (the rows are flushed one by
     * one): a probe write at the end of the file, which is removed anyway, finds the
     * reason where it lasts, as a full disk's does. */
    if (!e && ferror(f))
        e = lseek(fileno(f), 0, SEEK_END) < 0 || write(fileno(f), "\n", 1) < 0 ? errno : 0;
    const int bad = e || ferror(f);
    if (fclose(f) && !bad) e = errno;
    if (bad || e)
        snprintf(err, errlen, "%s: cannot write: %s (no file left)", path,
                 e ? strerror(e) : "write error");
    if (bad || e || (meta && pb_rank_table_meta(path, meta, err, errlen))) return unlink(part), -1;
    if (rename(part, path)) {
        snprintf(err, errlen, "%s: cannot rename %s to it: %s", path, part, strerror(errno));
        return unlink(part), -1;
    }
    return 0;
}

void pb_rank_table_drop(const char *path, FILE *f)
{
    char part[PB_PATH_EXT_MAX];
    snprintf(part, sizeof part, "%s.part", path);
    fclose(f);
    unlink(part);
}
