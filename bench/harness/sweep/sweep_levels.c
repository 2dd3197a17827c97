/* sweep_levels.c — an engine sweep's levels side table: each count run's rows per
 * length as the family's own count by lengths writes them (count --levels FILE), from
 * a run of the family's count_ranks beside the measured ones (untimed: its rows are
 * what it counted, not how fast), joined behind each run's row into NAME.levels.csv
 * when the sweep ends. One process: count_ranks is collective over MPI ranks. */
#include <stdlib.h>
#include <string.h>

#include "harness/io/outfile.h"
#include "sweep_exec.h"

int pb_sweep_levels_run(pb_sweep_exec *e, long i)
{
    const sweep_plan *p = e->plan;
    const job *j = &p->jobs[i];
    job_state *st = &e->state[i];
    if (!p->levels || j->mode != PB_MODE_COUNT || j->unique) return 0;
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    pb_result res = {.by_length = calloc((size_t)j->max_length + 1, sizeof *res.by_length)};
    if (!f || !res.by_length) {
        if (f) fclose(f);
        free(text), free(res.by_length);
        return snprintf(st->why, sizeof st->why, "levels: out of memory"), -1;
    }
    pb_run how = st->batch.how;
    how.threads = st->batch.threads;
    const int rc = p->fam->count_ranks(st->batch.set, st->batch.engine, &how, &res, f, st->why,
                                       sizeof st->why);
    fclose(f);
    free(res.by_length), free(res.path);
    if (rc) return free(text), -1;
    free(e->levels[i]);
    e->levels[i] = text;
    return 0;
}

typedef struct levels_ctx {
    const pb_sweep_exec *e;
    const unsigned char *done;
    const char *run_id;
} levels_ctx;

/* Every run's rows whose row is in the files: its row's index first, the run_id last,
 * under the first run's header. */
static int fill(FILE *f, void *ctx)
{
    const levels_ctx *c = ctx;
    int head = 0;
    for (long i = 0; i < c->e->plan->njobs; i++) {
        const char *t = c->e->levels[i], *nl = t ? strchr(t, '\n') : NULL;
        if (!nl || !c->done[i]) continue;
        if (!head) fprintf(f, "row,%.*s,run_id\n", (int)(nl - t), t), head = 1;
        for (const char *line = nl + 1; *line;) {
            const size_t n = strcspn(line, "\n");
            fprintf(f, "%ld,%.*s,%s\n", i, (int)n, line, c->run_id);
            line += n + (line[n] == '\n');
        }
    }
    return ferror(f) ? -1 : 0;
}

int pb_sweep_levels_write(const pb_sweep_exec *e, const unsigned char *done, const char *csv,
                          const char *run_id, char *err, size_t errlen)
{
    char path[PB_SWEEP_PATH + 16];
    const size_t n = strlen(csv);
    long any = 0;
    for (long i = 0; e->plan->levels && i < e->plan->njobs; i++) any += e->levels[i] && done[i];
    if (!any) return 0;
    /* DIR/NAME.csv -> DIR/NAME.levels.csv */
    snprintf(path, sizeof path, "%.*s.levels.csv", (int)(n > 4 ? n - 4 : n), csv);
    levels_ctx c = {e, done, run_id};
    return pb_write_file_atomic(path, fill, &c, err, errlen);
}
