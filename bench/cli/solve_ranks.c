/* solve_ranks.c — count by a family's own split (pb_family.count_ranks): over the
 * MPI ranks, or level by level with --levels FILE, whose rows rank 0 writes, with
 * FILE.meta (the machine and build, as every result file has, and the rank count).
 * The result goes where the batch runner's would, so that solve.c reports it. */
#include "solve_ranks.h"

#include <stdlib.h>
#include <string.h>

#include "harness/base/exit.h"
#include "harness/base/say.h"
#include "harness/base/sizes.h"
#include "harness/meta/meta.h"
#include "harness/mpi/rank_table.h"
#include "harness/mpi/world.h"

int pb_solve_ranks_apply(const char *cmd, const pb_family *fam, const char *levels)
{
    return !strcmp(cmd, "count") && fam->count_ranks && (pb_world_get()->size > 1 || levels);
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
    FILE *f = NULL;
    int rc = 0;
    if (levels && pb_rank_table_open(levels, &f, err, sizeof err)) {
        if (pb_world_get()->rank == 0) pb_say("%s: --levels: %s", cmd, err);
        return free(res.by_length), pb_batch_free(r), PB_EXIT_USAGE;
    }
    const int file = f && f != stderr;
    pb_meta meta;
    if (file) pb_meta_collect(&meta, b->threads, "none");
    pb_run how = b->how;
    how.threads = b->threads;
    if (fam->count_ranks(b->set, b->engine, &how, &res, f, err, sizeof err)) {
        if (file) pb_rank_table_drop(levels, f);
        free(res.by_length);
        pb_batch_free(r);
        return pb_usage_error(cmd, "%s", err);
    }
    if (file) {
        pb_meta_end(&meta);
        if (pb_rank_table_close(levels, f, &meta, err, sizeof err))
            pb_say("%s: --levels: %s", cmd, err), rc = PB_EXIT_FAILED;
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
