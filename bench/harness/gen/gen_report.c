/* gen_report.c — how a generator's run ended (gen.h): the summary on standard error
 * (per group, e.g. size x difficulty: puzzles made, limit hits, median, p90 and max
 * of the time a puzzle took), the same as JSON with --json (its schema is in
 * `generate --help`, bench/cli/generate.c), the last line (interrupted, a limit, a failure) and the
 * exit status. The figures are of the puzzles made and written in this run: a resumed run's kept
 * ones were timed by the run that made them (their records say so). */
#include "gen_state.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness/base/exit.h"
#include "harness/base/say.h"
#include "harness/io/json.h"
#include "harness/io/outfile.h"
#include "stats/summary.h"
#include "harness/base/sizes.h"

int pb_gen_stops(const pb_gen_state *s, long t)
{
    const int st = s->item[t].status;
    return st == PB_GEN_FAILED || (st == PB_GEN_LIMIT && !s->o->keep_going);
}

/* One group's figures. */
typedef struct group_sum {
    char name[64];
    long tasks, made, limits;
    double median_s, p90_s, max_s; /* NAN when none was made */
} group_sum;

/* How the run ended, before it is said. */
typedef struct ending {
    int exit;
    const char *status; /* "done", "limit", "interrupted", "failed" */
    char line[PB_SAY_MAX];
} ending;

/* Group g's figures over the tasks written in this run; v has room for its tasks. */
static void sum_group(const pb_gen_state *s, int g, long per, double *v, group_sum *out)
{
    const long lo = (long)g * per, hi = lo + per;
    int m = 0;
    memset(out, 0, sizeof *out);
    s->h->group(s->p->ctx, g, out->name, sizeof out->name);
    out->tasks = per;
    for (long t = lo > s->from ? lo : s->from; t < hi && t < s->next; t++) {
        if (s->item[t].status == PB_GEN_MADE)
            v[m++] = s->item[t].wall_s;
        else
            out->limits++;
    }
    out->made = m;
    out->median_s = out->p90_s = out->max_s = NAN;
    if (!m) return;
    out->median_s = pb_median_sort(v, m); /* sorts v */
    out->p90_s = v[(long)ceil(0.9 * m) - 1];
    out->max_s = v[m - 1];
}

/* Every group's figures, malloc'd (NULL when out of memory). */
static group_sum *sum_groups(const pb_gen_state *s, int *ngroups)
{
    int ng = s->p->groups > 0 && s->n % s->p->groups == 0 ? s->p->groups : 1;
    const long per = s->n / ng;
    group_sum *g = calloc((size_t)ng, sizeof *g);
    double *v = malloc(((size_t)per + 1) * sizeof *v);
    for (int k = 0; g && v && k < ng; k++) sum_group(s, k, per, v, &g[k]);
    free(v);
    if (!v) free(g), g = NULL;
    *ngroups = ng;
    return g;
}

static void print_time(FILE *f, double x)
{
    if (isnan(x))
        fprintf(f, " %10s", "-");
    else
        fprintf(f, " %10.6f", x);
}

/* The summary on standard error: a line, then a row a group. */
static void print_summary(const pb_gen_state *s, const group_sum *g, int ng)
{
    char kept[64] = "", on[64], where[PB_PATH_EXT_MAX] = "";
    long made = 0, limits = 0;
    for (int k = 0; k < ng; k++) made += g[k].made, limits += g[k].limits;
    if (s->from) snprintf(kept, sizeof kept, ", %ld kept from the earlier run", s->from);
    if (s->ranks > 1)
        snprintf(on, sizeof on, "%d ranks", s->ranks);
    else
        snprintf(on, sizeof on, "%d thread%s", s->o->threads, s->o->threads == 1 ? "" : "s");
    if (s->o->out)
        snprintf(where, sizeof where, "; files in %s", s->o->out);
    else if (s->o->stats)
        snprintf(where, sizeof where, "; records in %s", s->o->stats);
    pb_say("generate: %ld puzzle%s made, %ld at a limit%s, in %.3f s on %s%s", made,
           made == 1 ? "" : "s", limits, kept, s->elapsed_s, on, where);
    fprintf(stderr, "  %-20s %6s %6s %10s %10s %10s\n", "group", "made", "limit", "median_s",
            "p90_s", "max_s");
    for (int k = 0; k < ng; k++) {
        fprintf(stderr, "  %-20s %6ld %6ld", g[k].name, g[k].made, g[k].limits);
        print_time(stderr, g[k].median_s);
        print_time(stderr, g[k].p90_s);
        print_time(stderr, g[k].max_s);
        fputc('\n', stderr);
    }
}

typedef struct json_in {
    const pb_gen_state *s;
    const group_sum *g;
    int ng;
    const ending *e;
} json_in;

static void json_groups(FILE *f, const group_sum *g, int ng)
{
    fputs("\"groups\":[", f);
    for (int k = 0; k < ng; k++) {
        fputs(k ? ",\n{\"name\":" : "\n{\"name\":", f);
        pb_json_string(f, g[k].name);
        fprintf(f, ",\"tasks\":%ld,\"made\":%ld,\"limit_hits\":%ld,\"median_s\":", g[k].tasks,
                g[k].made, g[k].limits);
        pb_json_number(f, "%.6g", g[k].median_s);
        fputs(",\"p90_s\":", f);
        pb_json_number(f, "%.6g", g[k].p90_s);
        fputs(",\"max_s\":", f);
        pb_json_number(f, "%.6g", g[k].max_s);
        fputc('}', f);
    }
    fputs("],\n", f);
}

static void json_timing(FILE *f, const pb_gen_state *s)
{
    const pb_summary *t = &s->timing.sum;
    fputs("\"timing\":", f);
    if (s->o->timing.samples <= 1 || s->timing.samples < 1) {
        fputs("null", f);
        return;
    }
    fprintf(f, "{\"samples\":%d,\"runs_per_sample\":%d", s->timing.samples,
            s->timing.runs_per_sample);
    pb_json_member(f, "median_s", "%.6g", t->median);
    pb_json_member(f, "median_lo_s", "%.6g", t->median_lo);
    pb_json_member(f, "median_hi_s", "%.6g", t->median_hi);
    pb_json_member(f, "cv", "%.6g", t->cv);
    fputc('}', f);
}

/* The summary as one JSON object (schema: `generate --help`). */
static int json_fill(FILE *f, void *ctx)
{
    const json_in *in = ctx;
    const pb_gen_state *s = in->s;
    long made = 0, limits = 0;
    for (int k = 0; k < in->ng; k++) made += in->g[k].made, limits += in->g[k].limits;
    fputs("{\"schema\":\"puzzlebench.generate/1\",\"generator\":", f);
    pb_json_string(f, s->p->generator);
    fprintf(f, ",\"status\":\"%s\",\"exit\":%d,\n", in->e->status, in->e->exit);
    fprintf(f, "\"tasks\":%ld,\"kept\":%ld,\"written\":%ld,\"made\":%ld,\"limit_hits\":%ld,\n",
            s->n, s->from, s->next, made, limits);
    fprintf(f, "\"threads\":%d,\"ranks\":%d,\"elapsed_s\":", s->o->threads, s->ranks);
    pb_json_number(f, "%.6g", s->elapsed_s);
    fputs(",\"out\":", f);
    if (s->o->out)
        pb_json_string(f, s->o->out);
    else
        fputs("null", f);
    fputs(",\"records\":", f);
    if (s->recorded)
        pb_json_string(f, s->records_path);
    else
        fputs("null", f);
    fputs(",\"run_id\":", f);
    if (s->recorded)
        pb_json_string(f, s->meta.run_id);
    else
        fputs("null", f);
    fputs(",\n", f);
    json_groups(f, in->g, in->ng);
    json_timing(f, s);
    fputs("}\n", f);
    return ferror(f) ? -1 : 0;
}

static int write_json(const json_in *in)
{
    char err[PB_MSG_MAX];
    const char *path = in->s->o->json;
    if (strcmp(path, "-")) {
        if (!pb_write_file_atomic(path, json_fill, (void *)in, err, sizeof err)) return 0;
        return pb_say("generate: %s", err), -1;
    }
    if (!json_fill(stdout, (void *)in) && !fflush(stdout)) return 0;
    return pb_say("generate: standard output: cannot write the summary"), -1;
}

/* How the run ended: the exit status, its word and the last line (or ""). */
static void how_it_ended(const pb_gen_state *s, int made_rc, ending *e)
{
    char name[PB_GEN_NAME_MAX];
    *e = (ending){PB_EXIT_FOUND, "done", ""};
    if (s->next < s->n && pb_interrupted) {
        e->exit = pb_interrupt_exit(), e->status = "interrupted";
        const char *out = s->o->out ? s->o->out : s->o->records_only ? s->o->stats : NULL;
        if (!s->next)
            snprintf(e->line, sizeof e->line, "generate: interrupted; no puzzle written");
        else
            snprintf(e->line, sizeof e->line,
                     "generate: interrupted; puzzles 0 to %ld of %ld written%s%s%s", s->next - 1,
                     s->n, out ? " (--resume completes " : "", out ? out : "", out ? ")" : "");
        return;
    }
    if (made_rc || s->nomem || (s->next < s->n && !s->made[s->next])) {
        e->exit = PB_EXIT_FAILED, e->status = "failed";
        snprintf(e->line, sizeof e->line, "generate: %s",
                 s->nomem || s->ranks > 1
                     ? "out of memory, or MPI failed"
                     : "out of memory, or a later generation made other puzzles than the first");
        return;
    }
    if (s->next < s->n) {
        const pb_gen_item *it = &s->item[s->next];
        const char *note = it->note ? it->note : "";
        /* A puzzle that cannot be made is no limit reached: the generator finished
         * without it, as a search finishes without a solution (exit 1). */
        const int failed = it->status == PB_GEN_FAILED;
        e->exit = failed ? PB_EXIT_NONE : PB_EXIT_LIMIT, e->status = failed ? "failed" : "limit";
        s->h->name(s->p->ctx, s->next, name, sizeof name);
        if (failed)
            snprintf(e->line, sizeof e->line, "generate: %s: %s", name, note);
        else
            snprintf(e->line, sizeof e->line,
                     "generate: %s could not be made within the limits (%s); those before it are "
                     "written; raise %s%s",
                     name, note, s->h->raise ? s->h->raise : "the limits",
                     s->h->keeps_limits ? ", or give --keep-going to record it and go on" : "");
        return;
    }
    long limits = 0;
    for (long t = 0; t < s->next; t++) limits += s->item[t].status != PB_GEN_MADE;
    if (limits) {
        e->exit = PB_EXIT_LIMIT, e->status = "limit";
        snprintf(e->line, sizeof e->line,
                 "generate: %ld of %ld puzzles hit a limit (status limit in the records)", limits,
                 s->n);
    }
}

int pb_gen_report(pb_gen_state *s, int made_rc)
{
    char err[PB_MSG_MAX];
    if (pb_gen_close(s)) return PB_EXIT_USAGE;
    if (s->h->finish && s->h->finish(s->p->ctx, s->item, s->next, err, sizeof err))
        return pb_say("generate: %s%s", err, s->stops), PB_EXIT_USAGE;
    ending e;
    how_it_ended(s, made_rc, &e);
    /* Limits recorded with --keep-going are a result: the caller goes on. A failure
     * stops the run, and the caller, with or without it. */
    s->went_on = e.exit == PB_EXIT_LIMIT && s->o->keep_going && !strcmp(e.status, "limit");
    if (e.exit && !s->went_on) {
        const size_t at = strlen(e.line);
        snprintf(e.line + at, sizeof e.line - at, "%s", s->stops);
    }
    int ng = 0, rc = e.exit;
    group_sum *g = sum_groups(s, &ng);
    if (!g) return pb_say("generate: out of memory"), PB_EXIT_FAILED;
    if (!s->o->quiet && s->next > s->from) print_summary(s, g, ng);
    json_in in = {s, g, ng, &e};
    if (s->o->json && write_json(&in)) rc = PB_EXIT_USAGE;
    free(g);
    if (e.line[0]) pb_say("%s", e.line);
    return rc;
}
