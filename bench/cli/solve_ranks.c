/* solve_ranks.c — count by a family's own split (pb_family.count_ranks): over the
 * MPI ranks, or level by level with --levels FILE, whose rows rank 0 writes, with
 * FILE.meta (the machine and build, as every result file has, and the rank count).
 * The result goes where the batch runner's would, so that solve.c reports it. */
#include "solve_ranks.h"

#include <fcntl.h>
#include <stdlib.h>
#include <string.h>

#include "harness/base/exit.h"
#include "harness/base/say.h"
#include "harness/base/sizes.h"
#include "harness/io/outfile.h"
#include "harness/meta/meta.h"
#include "harness/mpi/world.h"

int pb_solve_ranks_apply(const char *cmd, const pb_family *fam, const char *levels)
{
    return !strcmp(cmd, "count") && fam->count_ranks && (pb_world_get()->size > 1 || levels);
}

/* Opens levels on rank 0 (the others write nothing); every rank learns whether it
 * opened. 0, or the exit status. */
static int open_levels(const char *cmd, const char *levels, FILE **f)
{
    char err[PB_MSG_LONG_MAX] = "";
    *f = NULL;
    if (!levels) return 0;
    if (pb_world_get()->rank == 0)
        *f = strcmp(levels, "-")
                 ? pb_out_fopen(levels, O_WRONLY | O_CREAT | O_TRUNC, "w", err, sizeof err)
                 : stderr;
    uint64_t failed = pb_world_get()->rank == 0 && !*f;
    if (pb_world_allreduce_u64(&failed, 1, PB_WORLD_MAX)) pb_world_abort(PB_EXIT_FAILED);
    if (!failed) return 0;
    if (pb_world_get()->rank == 0) pb_say("%s: --levels: %s", cmd, err);
    return PB_EXIT_USAGE;
}

/* FILE.meta beside --levels FILE. 0, or -1 after saying why. */
static int save_meta(const char *levels, const pb_meta *meta)
{
    char path[PB_PATH_EXT_MAX], err[PB_MSG_LONG_MAX], ranks[64], mpi[300];
    const char *what, *extra[] = {ranks, mpi, NULL};
    snprintf(path, sizeof path, "%s.meta", levels);
    snprintf(ranks, sizeof ranks, "mpi_ranks=%d", pb_world_get()->size);
    snprintf(mpi, sizeof mpi, "mpi_library=%s",
             pb_world_built_with_mpi(&what) ? what : "none (built without MPI)");
    if (pb_meta_save(path, meta, extra, err, sizeof err)) {
        pb_say("%s", err);
        return -1;
    }
    return 0;
}

int pb_solve_ranks_run(const char *cmd, const pb_family *fam, const pb_batch *b, const char *levels,
                       pb_batch_result *r)
{
    char err[PB_MSG_LONG_MAX];
    memset(r, 0, sizeof *r);
    r->puzzle = calloc(2, sizeof *r->puzzle);
    pb_result res = {.by_length = calloc((size_t)b->how.max_length + 1, sizeof(uint64_t))};
    if (!r->puzzle || !res.by_length) {
        free(res.by_length);
        return pb_batch_free(r), pb_say("%s: out of memory", cmd), PB_EXIT_FAILED;
    }
    r->npuzzles = 1;
    FILE *f;
    int rc = open_levels(cmd, levels, &f);
    if (rc) return free(res.by_length), pb_batch_free(r), rc;
    const int file = f && f != stderr;
    pb_meta meta;
    if (file) pb_meta_collect(&meta, b->threads, "none");
    pb_run how = b->how;
    how.threads = b->threads;
    if (fam->count_ranks(b->set, b->engine, &how, &res, f, err, sizeof err)) {
        if (file) fclose(f);
        free(res.by_length);
        pb_batch_free(r);
        return pb_usage_error(cmd, "%s", err);
    }
    if (file) {
        fclose(f);
        pb_meta_end(&meta);
        if (save_meta(levels, &meta)) rc = PB_EXIT_USAGE;
    }
    pb_outcome *o = &r->puzzle[0];
    *o = (pb_outcome){.ran = 1,
                      .status = res.status,
                      .stats = res.stats,
                      .length = res.length,
                      .by_length = res.by_length,
                      .refused_used = res.refused_used,
                      .refused_total = res.refused_total};
    memcpy(o->figure, res.figure, sizeof o->figure);
    free(res.path);
    r->total = res.stats;
    r->status = res.status;
    r->finished = res.status == PB_DONE;
    r->elapsed_s = res.stats.wall_s;
    return rc;
}
