/* solve_json.c — solve's and count's --json document: the request, the summed stats,
 * every puzzle's outcome (and, for solve, its first solution), the timing. Counts are
 * JSON integers of any size (a count may pass 2^64); times are seconds. */
#include "solve_json.h"

#include <stdlib.h>
#include <string.h>

#include "harness/measure/stop.h"
#include "harness/base/sizes.h"

static void stats(FILE *f, const pb_stats *s)
{
    char n[PB_COUNT_CHARS];
    fprintf(f,
            "{\"solutions\": %s, \"steps\": %llu, \"placements\": %llu, \"backtracks\": %llu, "
            "\"candidates\": %llu, \"guesses\": %llu, \"learnts\": %llu, \"restarts\": %llu, "
            "\"wall_s\": %.9g}",
            pb_count_format(s->solutions, n), (unsigned long long)s->steps,
            (unsigned long long)s->placements, (unsigned long long)s->backtracks,
            (unsigned long long)s->candidates, (unsigned long long)s->guesses,
            (unsigned long long)s->learnts, (unsigned long long)s->restarts, s->wall_s);
}

void pb_solve_where(const pb_solve_doc *d, int i, char *where, size_t len)
{
    const pb_puzzle *p = &d->set->puzzle[i];
    where[0] = 0;
    if (!p->line && d->fam->puzzle_name) d->fam->puzzle_name(d->set, i, where, len);
    if (!where[0] && p->line) snprintf(where, len, "%s:%d", d->instance, p->line);
    if (!where[0]) snprintf(where, len, "%s", d->instance);
}

const char *pb_solve_puzzle_status(const pb_solve_doc *d, int i)
{
    const pb_outcome *o = &d->res->puzzle[i];
    return d->set->puzzle[i].error ? "unreadable" : !o->ran ? "not-run" : pb_status_name(o->status);
}

const char *pb_solve_puzzle_stop(const pb_solve_doc *d, int i)
{
    const pb_outcome *o = &d->res->puzzle[i];
    if (d->set->puzzle[i].error || !o->ran) return "";
    return pb_stop_name(
        pb_stop_of(o->status, &d->batch->how.limits, o->stats.solutions, o->stats.wall_s));
}

/* An engine marked 'length': the solution's length (solve), the solutions of each
 * length (a count), and the figures the family's engines report. */
static void lengths(FILE *f, const pb_solve_doc *d, const pb_outcome *o)
{
    if (d->batch->how.mode == PB_MODE_FIRST) fprintf(f, ", \"length\": %d", o->length);
    if (o->by_length) {
        fputs(", \"by_length\": {", f);
        for (int len = 0, n = 0; len <= d->batch->how.max_length; len++)
            if (o->by_length[len])
                fprintf(f, "%s\"%d\": %llu", n++ ? ", " : "", len,
                        (unsigned long long)o->by_length[len]);
        fputc('}', f);
    }
    const char *const *names = d->fam->figures;
    if (!names) return;
    fputs(", \"figures\": {", f);
    for (int k = 0; names[k] && k < PB_FIGURES; k++)
        fprintf(f, "%s\"%s\": %llu", k ? ", " : "", names[k], (unsigned long long)o->figure[k]);
    fputc('}', f);
}

/* Puzzle i: where it is, how its run ended, its stats and (solve) its solution. */
static void puzzle(FILE *f, const pb_solve_doc *d, int i, int *values)
{
    const pb_puzzle *p = &d->set->puzzle[i];
    const pb_outcome *o = &d->res->puzzle[i];
    char where[PB_PATH_EXT_MAX];
    pb_solve_where(d, i, where, sizeof where);
    fputs("    {\"where\": ", f);
    pb_json_string(f, where);
    fputs(", \"status\": ", f);
    pb_json_string(f, pb_solve_puzzle_status(d, i));
    if (p->error) {
        fputs(", \"error\": ", f);
        pb_json_string(f, p->error);
    }
    if (o->ran) {
        fputs(", \"stop\": ", f);
        pb_json_string(f, pb_solve_puzzle_stop(d, i));
        fprintf(f, ", \"cpu_s\": %.9g, \"stats\": ", o->cpu_s);
        stats(f, &o->stats);
    }
    if (o->ran && (d->batch->engine->about.caps & PB_CAP_LENGTH)) lengths(f, d, o);
    if (d->batch->keep_solutions && o->ran && !pb_batch_solution(d->batch, d->res, i, values)) {
        fputs(", \"solution\": [", f);
        for (int c = 0; c < p->model->ncells; c++) fprintf(f, "%s%d", c ? ", " : "", values[c]);
        fputc(']', f);
    }
    fputc('}', f);
}

void pb_solve_json(FILE *f, const pb_solve_doc *d)
{
    int max_cells = 1;
    for (int i = 0; i < d->set->count; i++)
        if (d->set->puzzle[i].model && d->set->puzzle[i].model->ncells > max_cells)
            max_cells = d->set->puzzle[i].model->ncells;
    int *values = malloc((size_t)max_cells * sizeof *values);
    fputs("{\n  \"schema\": \"puzzlebench.solve/1\",\n  \"command\": ", f);
    pb_json_string(f, d->cmd);
    fputs(",\n  \"family\": ", f);
    pb_json_string(f, d->fam->name);
    fputs(",\n  \"instance\": ", f);
    pb_json_string(f, d->instance);
    fputs(",\n  \"engine\": ", f);
    pb_json_string(f, d->batch->engine->about.name);
    fputs(",\n  \"order\": ", f);
    pb_json_string(f, d->order);
    const pb_engine_about *about = &d->batch->engine->about;
    char text[400];
    fputs(",\n  \"params\": ", f);
    pb_json_string(f, pb_params_text(about, &d->batch->how, text, sizeof text));
    fputs(",\n  \"engine_seed\": ", f);
    if (about->caps & PB_CAP_RANDOM)
        fprintf(f, "%llu", (unsigned long long)pb_run_seed(&d->batch->how));
    else
        fputs("null", f);
    fprintf(f, ",\n  \"threads\": %d,\n  \"status\": ", d->threads);
    pb_json_string(f, pb_status_name(d->res->status));
    fprintf(f, ",\n  \"exit_status\": %d,\n  \"elapsed_s\": %.9g,\n  \"peak_rss_bytes\": ",
            d->exit_status, d->res->elapsed_s);
    if (d->peak_rss_bytes)
        fprintf(f, "%llu", (unsigned long long)d->peak_rss_bytes);
    else
        fputs("null", f);
    fprintf(f, ",\n  \"time_limit_s\": %.9g,\n  \"stats\": ", d->batch->how.limits.max_seconds);
    stats(f, &d->res->total);
    fputs(",\n  \"timing\": ", f);
    if (d->timing) {
        const pb_summary *m = &d->timing->sum;
        fprintf(f,
                "{\"samples\": %d, \"runs_per_sample\": %d, \"median_s\": %.9g, "
                "\"median_lo_s\": %.9g, \"median_hi_s\": %.9g, \"cv\": %.6g}",
                d->timing->samples, d->timing->runs_per_sample, m->median, m->median_lo,
                m->median_hi, m->cv);
    } else {
        fputs("null", f);
    }
    fputs(",\n  \"puzzles\": [\n", f);
    for (int i = 0; i < d->set->count && values; i++) {
        puzzle(f, d, i, values);
        fputs(i + 1 < d->set->count ? ",\n" : "\n", f);
    }
    fputs("  ]\n}\n", f);
    free(values);
}
