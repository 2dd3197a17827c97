/* rank_table.c — a table that rank 0 alone writes while every rank computes it, and
 * its FILE.meta with the rank count. */
#include "rank_table.h"

#include <fcntl.h>
#include <stdint.h>
#include <string.h>

#include "harness/base/exit.h"
#include "harness/base/sizes.h"
#include "harness/io/outfile.h"
#include "world.h"

int pb_rank_table_open(const char *path, FILE **f, char *err, size_t errlen)
{
    *f = NULL;
    if (pb_world_get()->rank == 0)
        *f = strcmp(path, "-") ? pb_out_fopen(path, O_WRONLY | O_CREAT | O_TRUNC, "w", err, errlen)
                               : stderr;
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
