/* solve_csv.c — solve's and count's --csv FILE: one row per puzzle: the request (family, instance,
 * puzzle, engine, order, mode, threads, params, engine_seed), how the puzzle's run ended, its
 * counts (bytes: the tables an engine that plans them needed, 0 elsewhere), its wall and CPU time,
 * the process's peak memory in the run (the same on every row: the puzzles share the process), why
 * it stopped and its time limit; for an engine marked 'length' the length bound, the solution's
 * length and the family's engine figures; the family's settings (its options that name no instance,
 * as given); and the run_id of FILE.meta beside it. Written whole through a temporary file, never
 * through a link, together with FILE.meta: both land, or neither. */
#include <stdio.h>

#include "harness/io/csv.h"
#include "harness/io/outfile.h"
#include "solve_json.h"
#include "harness/base/sizes.h"

typedef struct csv_ctx {
    const pb_solve_doc *d;
    const pb_meta *meta;
} csv_ctx;

static int fill(FILE *f, void *p)
{
    const csv_ctx *c = p;
    const pb_solve_doc *d = c->d;
    char where[PB_PATH_EXT_MAX], n[PB_COUNT_CHARS], text[400];
    const pb_engine_about *about = &d->batch->engine->about;
    const int lengths = (about->caps & PB_CAP_LENGTH) != 0;
    const char *const *figures = lengths && d->fam->figures ? d->fam->figures : NULL;
    fputs("family,instance,puzzle,engine,order,mode,threads,params,engine_seed,status,solutions,"
          "steps,placements,backtracks,candidates,guesses,learnts,restarts,bytes,wall_s,cpu_s,"
          "peak_rss_bytes,stop,time_limit_s",
          f);
    if (lengths) fputs(",max_length,length", f);
    for (int k = 0; figures && figures[k] && k < PB_FIGURES; k++) fprintf(f, ",%s", figures[k]);
    for (const pb_option *o = d->fam->options; o && o->name; o++)
        if (o->type != PB_OPT_INSTANCE) fprintf(f, ",%s", o->name);
    fputs(",run_id\n", f);
    for (int i = 0; i < d->set->count; i++) {
        const pb_outcome *o = &d->res->puzzle[i];
        const pb_stats *s = &o->stats;
        pb_csv_field(f, d->fam->name);
        fputc(',', f);
        pb_csv_field(f, d->instance);
        fputc(',', f);
        pb_solve_where(d, i, where, sizeof where);
        pb_csv_field(f, where);
        fprintf(f, ",%s,", d->batch->engine->about.name);
        pb_csv_field(f, d->order);
        fprintf(f, ",%s,%d,", d->cmd, d->threads);
        pb_csv_field(f, pb_params_text(about, &d->batch->how, text, sizeof text));
        fprintf(f, ",%s,%s", pb_seed_text(about, &d->batch->how, text, sizeof text),
                pb_solve_puzzle_status(d, i));
        if (o->ran)
            fprintf(f, ",%s,%llu,%llu,%llu,%llu,%llu,%llu,%llu,%llu,%.6f,",
                    pb_count_format(s->solutions, n), (unsigned long long)s->steps,
                    (unsigned long long)s->placements, (unsigned long long)s->backtracks,
                    (unsigned long long)s->candidates, (unsigned long long)s->guesses,
                    (unsigned long long)s->learnts, (unsigned long long)s->restarts,
                    (unsigned long long)s->bytes, s->wall_s);
        else
            fputs(",,,,,,,,,,,", f);
        if (o->ran) fprintf(f, "%.6f", o->cpu_s);
        fputc(',', f);
        if (d->peak_rss_bytes) fprintf(f, "%llu", (unsigned long long)d->peak_rss_bytes);
        fprintf(f, ",%s,%.9g", pb_solve_puzzle_stop(d, i), d->batch->how.limits.max_seconds);
        if (lengths) fprintf(f, ",%d,%d", d->batch->how.max_length, o->length);
        for (int k = 0; figures && figures[k] && k < PB_FIGURES; k++)
            fprintf(f, ",%llu", (unsigned long long)o->figure[k]);
        for (const pb_option *opt = d->fam->options; opt && opt->name; opt++)
            if (opt->type != PB_OPT_INSTANCE) {
                pb_option_value_text(opt, d->params, text, sizeof text);
                fputc(',', f);
                pb_csv_field(f, text);
            }
        fprintf(f, ",%s\n", c->meta->run_id);
    }
    return ferror(f) ? -1 : 0;
}

int pb_solve_csv(const char *path, const pb_solve_doc *d, const pb_meta *meta, char *err,
                 size_t errlen)
{
    csv_ctx c = {d, meta};
    char meta_path[PB_PATH_EXT_MAX];
    if (snprintf(meta_path, sizeof meta_path, "%s.meta", path) >= (int)sizeof meta_path)
        return snprintf(err, errlen, "%s: the name is too long", path), -1;
    /* The rows and their .meta land together, or neither does. */
    const pb_out_part rows = {path, fill, &c, NULL};
    return pb_meta_save_with(meta_path, meta, NULL, &rows, 1, err, errlen);
}
