/* sweep_runs_plan.c — a runs sweep's `run` lines expanded into runs: a value that
 * lists values (68,72,76) makes a series of runs in that order, one list a line;
 * 'cores' is the number of cores this process may run on, and a list with it keeps no value above
 * it; each value is checked by the option tables of solve and count and of the family
 * before anything runs. */
#include "sweep_runs.h"

#include "harness/measure/solve_options.h"

#include <stdalign.h>
#include <stdlib.h>
#include <string.h>
#include <omp.h>

const char *const pb_run_commands[] = {"solve", "count", NULL};

/* Where line k's words hold option values: *opt the option word, *val its value's
 * word (the same word for --NAME=VALUE), from word i on. The words the option took,
 * or 0 past the line's end. */
static int next_value(const pb_runs_plan *p, int k, int i, const pb_option *table,
                      const pb_option **opt, const char **val)
{
    const pb_sweep_lines *m = &p->lines;
    const int end = m->first[k + 1] - 1;
    if (i >= end) return 0;
    const char *w = m->words[i], *eq = strchr(w, '=');
    char name[64];
    snprintf(name, sizeof name, "%.*s", (int)(eq ? eq - w - 2 : (long)strlen(w) - 2), w + 2);
    *opt = pb_option_find(table, name); /* known: pb_sweep_lines_read checked it */
    if (eq) return *val = eq + 1, 1;
    if ((*opt)->type == PB_OPT_FLAG) return *val = NULL, 1;
    return *val = m->words[i + 1], 2;
}

/* Checks value v of option o as the family would take it. 0, or -1 with err. */
static int check_value(const pb_option *o, const char *v, int line, pb_error *err)
{
    static union {
        max_align_t align;
        char bytes[16384];
    } scratch;
    char why[300];
    if (o->offset + 64 > sizeof scratch || o->type == PB_OPT_INSTANCE)
        return 0; /* not a setting this scratch holds: the run itself checks it */
    memset(&scratch, 0, sizeof scratch);
    if (pb_option_apply(o, &scratch, v, why, sizeof why)) return pb_fail(err, line, "%s", why);
    return 0;
}

/* The values of the list text into vals (cores replaced; with cores, those above it
 * left out and none twice). Their number, or -1 with err. */
static int list_values(const pb_runs_plan *p, const char *text, char vals[][24], int max, int line,
                       pb_error *err)
{
    int n = 0, with_cores = 0;
    char buf[512];
    snprintf(buf, sizeof buf, "%s", text);
    for (char *save = NULL, *v = strtok_r(buf, ",", &save); v; v = strtok_r(NULL, ",", &save)) {
        if (n == max) return pb_fail(err, line, "more than %d values in '%s'", max, text);
        if (strlen(v) >= 24) return pb_fail(err, line, "value '%s' is too long", v);
        if (!strncmp(v, "--", 2)) return pb_fail(err, line, "expected a value, got option '%s'", v);
        if (!strcmp(v, "cores"))
            with_cores = 1, snprintf(vals[n], 24, "%d", p->cores);
        else
            snprintf(vals[n], 24, "%s", v);
        n++;
    }
    if (!n || text[0] == ',' || text[strlen(text) - 1] == ',' || strstr(text, ",,"))
        return pb_fail(err, line, "expected values separated by single commas, got '%s'", text);
    if (!with_cores) return n;
    int kept = 0;
    for (int i = 0; i < n; i++) {
        char *end;
        const long v = strtol(vals[i], &end, 10);
        if (*end || end == vals[i])
            return pb_fail(err, line, "'cores' goes with whole numbers, got '%s'", vals[i]);
        int seen = v > p->cores;
        for (int j = 0; j < kept && !seen; j++) seen = !strcmp(vals[j], vals[i]);
        if (!seen) memmove(vals[kept++], vals[i], 24);
    }
    return kept;
}

/* Word w's value 'cores' made the core count ("--threads=cores" -> "--threads=2"):
 * the new value, or NULL when out of memory. */
static const char *cores_word(pb_runs_plan *p, pb_sweep_lines *m, int w)
{
    const char *eq = strchr(m->words[w], '=');
    const int prefix = eq ? (int)(eq - m->words[w] + 1) : 0;
    char buf[100];
    snprintf(buf, sizeof buf, "%.*s%d", prefix < 64 ? prefix : 64, m->words[w], p->cores);
    if (p->nowned == PB_LINES_MAX_WORDS || !(p->owned[p->nowned] = strdup(buf))) return NULL;
    m->words[w] = p->owned[p->nowned++];
    return m->words[w] + prefix;
}

/* Adds line k's runs (one, or one a value of its list) as series `series`. */
static int add_line(pb_runs_plan *p, int k, int series, int line, pb_error *err)
{
    const pb_option *o, *listed = NULL;
    const char *v, *list = NULL;
    int word = -1;
    pb_sweep_lines *m = &p->lines;
    for (int i = m->first[k], took; (took = next_value(p, k, i, p->options, &o, &v)); i += took) {
        if (v && !strcmp(v, "cores") && (v = cores_word(p, m, i + took - 1)) == NULL)
            return pb_fail(err, line, "out of memory");
        if (!v) continue;
        if (strchr(v, ',')) {
            if (list) return pb_fail(err, line, "run %d: one option a line may list values", k + 1);
            list = v, listed = o, word = i + took - 1;
        } else if (check_value(o, v, line, err)) {
            return -1;
        }
    }
    char vals[64][24];
    const int nv = list ? list_values(p, list, vals, 64, line, err) : 1;
    if (nv < 0) return -1;
    for (int j = 0; j < nv; j++) {
        if (list && check_value(listed, vals[j], line, err)) return -1;
        if (p->n == PB_RUNS_MAX) return pb_fail(err, line, "more than %d runs", PB_RUNS_MAX);
        pb_planned_run *r = &p->run[p->n++];
        *r = (pb_planned_run){.line = k, .series = list ? series : -1, .word = word};
        if (list) {
            const char *w = m->words[word];
            const int prefix = strchr(w, '=') ? (int)(strchr(w, '=') - w + 1) : 0;
            snprintf(r->value, sizeof r->value, "%.*s%.23s", prefix < 56 ? prefix : 56, w, vals[j]);
        }
    }
    return 0;
}

/* solve's and count's options, then f's, ended: a run line's options. NULL when out
 * of memory. */
static pb_option *join_options(const pb_family *f)
{
    size_t n = 0, m = 0;
    while (pb_solve_options[n].name) n++;
    while (f->options && f->options[m].name) m++;
    pb_option *t = calloc(n + m + 1, sizeof *t);
    if (!t) return NULL;
    memcpy(t, pb_solve_options, n * sizeof *t);
    if (m) memcpy(t + n, f->options, m * sizeof *t);
    return t;
}

int pb_runs_plan_make(const pb_sweep_spec *s, const pb_family *f, pb_runs_plan *p, pb_error *err)
{
    static const char *const owned[] = {"quiet", "csv", NULL};
    const char *key = s->quick && s->quick_run ? "quick-run" : "run";
    const int line = pb_sweep_key_line(s, key);
    memset(p, 0, sizeof *p);
    p->cores = omp_get_num_procs(); /* the cores this process may run on */
    if (f->placement) {
        char names[200] = "";
        for (const pb_family *const *g = pb_families; *g; g++)
            if (!(*g)->placement)
                snprintf(names + strlen(names), sizeof names - strlen(names), "%s%s",
                         *names ? ", " : "", (*g)->name);
        return pb_fail(err, line,
                       "family %s searches a placement model: a runs sweep is for a family "
                       "that does not (%s)",
                       f->name, names);
    }
    if (!(p->options = join_options(f))) return pb_fail(err, line, "out of memory");
    const pb_lines_rule rule = {key, "run", f->name, p->options, pb_run_commands, owned};
    if (pb_sweep_lines_read(s->run, line, &rule, &p->lines, err)) return -1;
    if (!(p->run = calloc(PB_RUNS_MAX, sizeof *p->run))) return pb_fail(err, line, "out of memory");
    for (int rep = 0; rep < s->repeat; rep++)
        for (int k = 0; k < p->lines.n; k++)
            if (add_line(p, k, rep * p->lines.n + k, line, err)) return -1;
    return 0;
}

void pb_runs_plan_free(pb_runs_plan *p)
{
    pb_sweep_lines_free(&p->lines);
    for (int i = 0; i < p->nowned; i++) free(p->owned[i]);
    free(p->run);
    free(p->options);
    memset(p, 0, sizeof *p);
}

int pb_runs_plan_words(const pb_runs_plan *p, int r, char **argv, int max)
{
    const pb_planned_run *run = &p->run[r];
    const pb_sweep_lines *m = &p->lines;
    int n = 0;
    argv[n++] = (char *)m->name[run->line];
    for (int i = m->first[run->line]; i < m->first[run->line + 1] - 1 && n < max - 1; i++)
        argv[n++] = i == run->word ? (char *)run->value : m->words[i];
    argv[n] = NULL;
    return n;
}
