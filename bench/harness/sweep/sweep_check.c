/* sweep_check.c — a sweep's keys checked against its family before anything runs:
 * engines and orders that exist, in every key that names them, each named once, and
 * in step-limit and baseline only engines the sweep runs; the engine keys (params,
 * engine-seeds, max-lengths) against the sweep's engines; the family's settings
 * (family-sets) against its options; max-samples against samples. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness/base/exit.h"
#include "harness/base/say.h"
#include "harness/base/sizes.h"
#include "harness/base/suggest.h"
#include "harness/io/csv.h"
#include "sweep_spec.h"

/* The first word of l given twice, or NULL. */
static const char *twice(const pb_list *l)
{
    for (int i = 0; i < l->n; i++)
        for (int k = 0; k < i; k++)
            if (!strcmp(l->item[i], l->item[k])) return l->item[i];
    return NULL;
}

static int unknown_engine(const pb_sweep_spec *s, const char *key, const char *source,
                          const char *name)
{
    char where[PB_PATH_EXT_MAX], list[1024], hint[200];
    pb_sweep_spec_at(s, key, source, where, sizeof where);
    pb_family_engine_list(s->fam, list, sizeof list);
    return pb_usage_error("sweep", "%s%s names engine '%s', which %s has not (one of: %s)%s", where,
                          key, name, s->fam->name, list,
                          pb_family_engine_hint(s->fam, name, hint, sizeof hint));
}

/* An engine that key names (step-limit E=N) which the family has but the sweep does
 * not run: its setting would change nothing, most likely a slip for another engine. */
static int idle_engine(const pb_sweep_spec *s, const char *key, const char *source,
                       const char *name)
{
    char where[PB_PATH_EXT_MAX], list[1024], hint[300];
    const char *const *engines = (const char *const *)s->matrix.engines.item;
    pb_sweep_spec_at(s, key, source, where, sizeof where);
    return pb_usage_error(
        "sweep", "%s%s names engine '%s', which the sweep does not run (its engines: %s)%s", where,
        key, name, pb_names_join(engines, s->matrix.engines.n, list, sizeof list),
        pb_suggest_hint(name, engines, s->matrix.engines.n, hint, sizeof hint));
}

/* 1 when the sweep runs engine name. */
static int runs_engine(const pb_sweep_spec *s, const char *name)
{
    for (int i = 0; i < s->matrix.engines.n; i++)
        if (!strcmp(s->matrix.engines.item[i], name)) return 1;
    return 0;
}

/* 1 when an option replaced the file's key while the file set key setting, which
 * depends on it: --engines over the file's step-limit E=N, --copies 0 over its
 * copies-seed. A setting the option leaves without use is a rerun's to ignore, not a
 * slip to refuse (one given beside the option, or in the file beside the key, is). */
static int option_over_file(const pb_sweep_spec *s, const char *key, const char *setting)
{
    const int *line = s->key_line;
    return line[pb_option_find(pb_sweep_keys, key) - pb_sweep_keys] < 0 &&
           line[pb_option_find(pb_sweep_keys, setting) - pb_sweep_keys] > 0;
}

/* The baseline: one of the sweep's engines, and, after a '/', one of its orders for an
 * engine that takes one. */
static int check_baseline(const pb_sweep_spec *s, const char *source)
{
    char where[PB_PATH_EXT_MAX], list[1024], hint[300], engine[200];
    if (!s->baseline) return 0;
    const char *slash = strchr(s->baseline, '/');
    const size_t n = slash ? (size_t)(slash - s->baseline) : strlen(s->baseline);
    snprintf(engine, sizeof engine, "%.*s", (int)n, s->baseline);
    const char *const *engines = (const char *const *)s->matrix.engines.item;
    pb_sweep_spec_at(s, "baseline", source, where, sizeof where);
    if (!runs_engine(s, engine))
        return pb_usage_error(
            "sweep",
            "%sbaseline names engine '%s', which the sweep does not run "
            "(its engines: %s)%s",
            where, engine, pb_names_join(engines, s->matrix.engines.n, list, sizeof list),
            pb_suggest_hint(engine, engines, s->matrix.engines.n, hint, sizeof hint));
    if (!slash) return 0;
    const pb_engine *eng = pb_family_engine(s->fam, engine);
    const char *const *orders = (const char *const *)s->matrix.orders.item;
    if (!(eng->about.caps & PB_CAP_ORDER))
        return pb_usage_error("sweep",
                              "%sbaseline '%s': engine %s takes no cell order (write "
                              "baseline %s)",
                              where, s->baseline, engine, engine);
    for (int i = 0; i < s->matrix.orders.n; i++)
        if (!strcmp(s->matrix.orders.item[i], slash + 1)) return 0;
    return pb_usage_error(
        "sweep",
        "%sbaseline names order '%s', which the sweep does not run "
        "(its orders: %s)%s",
        where, slash + 1, pb_names_join(orders, s->matrix.orders.n, list, sizeof list),
        pb_suggest_hint(slash + 1, orders, s->matrix.orders.n, hint, sizeof hint));
}

/* Every set of the params key is some engine's whole: a set that mixes two engines'
 * parameters would be taken by neither and vanish from the runs without a word. */
static int check_sets_taken(const pb_sweep_spec *s, const char *where)
{
    const pb_param_sets *ps = &s->matrix.engine_params;
    for (int i = 0; i < ps->n; i++) {
        int taken = 0;
        for (int e = 0; e < s->matrix.engines.n && !taken; e++)
            taken = pb_param_sets_takes(
                ps, i, &pb_family_engine(s->fam, s->matrix.engines.item[e])->about);
        if (!taken)
            return pb_usage_error("sweep",
                                  "%sparams: no engine of the sweep has every parameter of the "
                                  "set '%s', so none would run it (an engine runs the sets whose "
                                  "every parameter it has: give each engine's a set of its own)",
                                  where, ps->text[i]);
    }
    return 0;
}

int pb_sweep_check_engine_keys(const pb_sweep_spec *s, const char *source)
{
    char where[PB_PATH_EXT_MAX], why[300];
    const pb_param_sets *ps = &s->matrix.engine_params;
    pb_sweep_spec_at(s, "params", source, where, sizeof where);
    /* Every parameter named is some engine's of the sweep. */
    const char *names[256];
    int nnames = 0;
    for (int e = 0; e < s->matrix.engines.n; e++) {
        const pb_engine *eng = pb_family_engine(s->fam, s->matrix.engines.item[e]);
        for (const pb_param *p = eng->about.params; p && p->name && nnames < 256; p++)
            names[nnames++] = p->name;
    }
    for (int i = 0; i < ps->n; i++)
        for (int k = 0; k < ps->count[i]; k++) {
            const char *name = ps->v[i][k].name;
            int known = 0;
            for (int n = 0; n < nnames; n++) known |= !strcmp(names[n], name);
            if (known) continue;
            char hint[200], list[1024];
            pb_suggest_hint(name, names, nnames, hint, sizeof hint);
            if (!nnames)
                return pb_usage_error("sweep",
                                      "%sparams names parameter %s, but no engine of the sweep "
                                      "takes parameters (see 'puzzlebench engines')",
                                      where, name);
            pb_names_join(names, nnames, list, sizeof list);
            return pb_usage_error("sweep",
                                  "%sparams names parameter %s, which no engine of the sweep has%s "
                                  "(see 'puzzlebench engines'; theirs: %s)",
                                  where, name, hint, list);
        }
    const int untaken = check_sets_taken(s, where);
    if (untaken) return untaken;
    /* Every set an engine takes holds values it accepts, and no two are one setting
     * (their rows would have one key). */
    for (int e = 0; e < s->matrix.engines.n; e++) {
        const pb_engine *eng = pb_family_engine(s->fam, s->matrix.engines.item[e]);
        char text[PB_PARAM_SETS][200];
        for (int i = 0; i < ps->n; i++) {
            text[i][0] = '\0';
            if (!pb_param_sets_takes(ps, i, &eng->about)) continue;
            pb_run how = {.params = ps->v[i], .nparams = ps->count[i]};
            if (pb_params_check(&eng->about, &how, why, sizeof why) != PB_RUNS)
                return pb_usage_error("sweep", "%sparams: %s", where, why);
            pb_params_text(&eng->about, &how, text[i], sizeof text[i]);
            for (int k = 0; k < i; k++)
                if (!strcmp(text[k], text[i]))
                    return pb_usage_error("sweep",
                                          "%sparams: the sets '%s' and '%s' are one setting of "
                                          "engine %s (%s)",
                                          where, ps->text[k], ps->text[i], eng->about.name,
                                          text[i]);
        }
    }
    if (!s->matrix.engine_seeds.n) return 0;
    for (int e = 0; e < s->matrix.engines.n; e++)
        if (pb_family_engine(s->fam, s->matrix.engines.item[e])->about.caps & PB_CAP_RANDOM)
            return 0;
    pb_sweep_spec_at(s, "engine-seeds", source, where, sizeof where);
    return pb_usage_error("sweep",
                          "%sengine-seeds: no engine of the sweep makes random choices (see "
                          "the engines marked 'random' in 'puzzlebench engines')",
                          where);
}

/* max-lengths: given when, and only when, an engine of the sweep is marked 'length';
 * stop-after only with them; levels only for a family with a count by lengths. */
static int check_lengths(const pb_sweep_spec *s, const char *source)
{
    char where[PB_PATH_EXT_MAX];
    const char *length = NULL;
    for (int e = 0; e < s->matrix.engines.n && !length; e++) {
        const pb_engine *eng = pb_family_engine(s->fam, s->matrix.engines.item[e]);
        if (eng->about.caps & PB_CAP_LENGTH) length = eng->about.name;
    }
    if (length && !s->matrix.max_lengths.n) {
        const pb_option *given = pb_option_find(pb_sweep_keys, "engines");
        /* The engines' line, or where the family that brings them was named. */
        pb_sweep_spec_where(s, s->key_line[given - pb_sweep_keys] ? "engines" : "family", source,
                            where, sizeof where);
        return pb_usage_error("sweep",
                              "%sengine %s is marked 'length': give max-lengths (the length "
                              "bounds of its runs)",
                              where, length);
    }
    if (s->matrix.levels && !s->fam->count_ranks) {
        pb_sweep_spec_at(s, "levels", source, where, sizeof where);
        return pb_usage_error("sweep", "%slevels: family %s has no count by lengths of its own",
                              where, s->fam->name);
    }
    if (s->stop_after_s > 0 && !(length && s->matrix.max_lengths.n)) {
        pb_sweep_spec_at(s, "stop-after", source, where, sizeof where);
        return pb_usage_error("sweep",
                              "%sstop-after ends a series of length bounds, and the sweep has "
                              "none (max-lengths, with an engine marked 'length')",
                              where);
    }
    if (length || !s->matrix.max_lengths.n) return 0;
    pb_sweep_spec_at(s, "max-lengths", source, where, sizeof where);
    return pb_usage_error("sweep",
                          "%smax-lengths: no engine of the sweep is marked 'length' (see "
                          "'puzzlebench engines')",
                          where);
}

/* family-sets: every set names settings of the family, with values it takes, and no
 * two are one setting (their rows would be one). */
static int check_family_sets(const pb_sweep_spec *s, const char *source)
{
    const pb_param_sets *fs = &s->matrix.family_sets;
    char where[PB_PATH_EXT_MAX], why[400], text[PB_PARAM_SETS][PB_ROW_EXTRA];
    const size_t size = s->fam->params_size ? s->fam->params_size : 1;
    void *params = malloc(size);
    if (!params) return pb_usage_error("sweep", "out of memory");
    pb_sweep_spec_at(s, "family-sets", source, where, sizeof where);
    for (int i = 0; i < fs->n; i++) {
        memcpy(params, s->params, size);
        if (pb_sweep_family_set_apply(s, i, params, why, sizeof why)) {
            free(params);
            return pb_usage_error("sweep", "%sfamily-sets: %s", where, why);
        }
        pb_sweep_family_setting(s->fam, params, text[i], sizeof text[i]);
        for (int k = 0; k < i; k++)
            if (!strcmp(text[k], text[i])) {
                free(params);
                return pb_usage_error("sweep",
                                      "%sfamily-sets: the sets '%s' and '%s' are one setting",
                                      where, fs->text[k], fs->text[i]);
            }
    }
    free(params);
    return 0;
}

/* copies: only for a family that makes them; copies-seed only with copies. */
static int check_copies(const pb_sweep_spec *s, const char *source)
{
    char where[PB_PATH_EXT_MAX];
    if (s->matrix.copies > 0 && !s->fam->copy_set) {
        pb_sweep_spec_at(s, "copies", source, where, sizeof where);
        return pb_usage_error("sweep",
                              "%scopies: family %s makes no isomorphic copies of its puzzles",
                              where, s->fam->name);
    }
    const pb_option *seed = pb_option_find(pb_sweep_keys, "copies-seed");
    if (s->matrix.copies > 0 || !s->key_line[seed - pb_sweep_keys] ||
        option_over_file(s, "copies", "copies-seed"))
        return 0;
    pb_sweep_spec_at(s, "copies-seed", source, where, sizeof where);
    return pb_usage_error("sweep", "%scopies-seed: the sweep makes no copies (give copies K)",
                          where);
}

/* only-puzzles: only for rows per puzzle (a per-set row sums every puzzle of its file). */
static int check_puzzles(const pb_sweep_spec *s, const char *source)
{
    char where[PB_PATH_EXT_MAX];
    if (!s->matrix.puzzles.n || s->matrix.rows == PB_ROWS_PER_PUZZLE) return 0;
    pb_sweep_spec_at(s, "only-puzzles", source, where, sizeof where);
    return pb_usage_error("sweep",
                          "%sonly-puzzles: picks puzzles for rows of their own: give 'rows "
                          "per-puzzle' (a per-set row sums every puzzle of its file)",
                          where);
}

/* max-samples: 0 (samples), or at least samples: fewer would be no further round. */
static int check_max_samples(const pb_sweep_spec *s, const char *source)
{
    char where[PB_PATH_EXT_MAX];
    const pb_timing_opts *t = &s->timing;
    if (!t->max_samples || t->max_samples >= t->samples) return 0;
    pb_sweep_spec_at(s, "max-samples", source, where, sizeof where);
    return pb_usage_error("sweep",
                          "%smax-samples %d is below samples %d: a pair samples on up to it, so "
                          "give %d or more (or 0: samples)",
                          where, t->max_samples, t->samples, t->samples);
}

/* slowdown: 0 or 1 (none), or up to 100: a factor below 1 would add no work. */
static int check_slowdown(const pb_sweep_spec *s, const char *source)
{
    char where[PB_PATH_EXT_MAX];
    const double f = s->timing.slowdown;
    if (f == 0 || f >= 1) return 0;
    pb_sweep_spec_at(s, "slowdown", source, where, sizeof where);
    return pb_usage_error(
        "sweep", "%sslowdown %g: 0 or 1 for none, else 1 to 100 (F times as slow)", where, f);
}

int pb_sweep_spec_check(pb_sweep_spec *s, const char *source)
{
    const pb_list *lists[] = {&s->instances, &s->matrix.engines, &s->matrix.orders,
                              &s->matrix.modes};
    const char *keys[] = {"instances", "engines", "orders", "modes"};
    char where[PB_PATH_EXT_MAX], list[1024];
    if (!s->matrix.engines.n) {
        pb_family_engine_list(s->fam, list, sizeof list);
        if (pb_list_set(&s->matrix.engines, list, list, sizeof list))
            return pb_usage_error("sweep", "out of memory");
    }
    for (int i = 0; i < s->matrix.engines.n; i++)
        if (!pb_family_engine(s->fam, s->matrix.engines.item[i]))
            return unknown_engine(s, "engines", source, s->matrix.engines.item[i]);
    for (int i = 0; i < s->matrix.step_limit.engines.n; i++) {
        const char *name = s->matrix.step_limit.engines.item[i];
        if (!pb_family_engine(s->fam, name)) return unknown_engine(s, "step-limit", source, name);
        if (!runs_engine(s, name) && !option_over_file(s, "engines", "step-limit"))
            return idle_engine(s, "step-limit", source, name);
    }
    for (int i = 0; i < s->matrix.orders.n; i++)
        if (!pb_order_find(s->matrix.orders.item[i])) {
            char hint[200];
            pb_sweep_spec_at(s, "orders", source, where, sizeof where);
            pb_order_list(list, sizeof list);
            return pb_usage_error("sweep", "%sorders: unknown order '%s' (one of: %s)%s", where,
                                  s->matrix.orders.item[i], list,
                                  pb_order_hint(s->matrix.orders.item[i], hint, sizeof hint));
        }
    for (size_t k = 0; k < sizeof lists / sizeof lists[0]; k++) {
        const char *dup = twice(lists[k]);
        if (!dup) continue;
        pb_sweep_spec_at(s, keys[k], source, where, sizeof where);
        return pb_usage_error("sweep", "%s%s names '%s' twice", where, keys[k], dup);
    }
    if (check_baseline(s, source) || check_lengths(s, source) || check_family_sets(s, source) ||
        check_copies(s, source) || check_puzzles(s, source) || check_max_samples(s, source) ||
        check_slowdown(s, source))
        return PB_EXIT_USAGE;
    return pb_sweep_check_engine_keys(s, source);
}

int pb_sweep_spec_only(const pb_sweep_spec *s, const char *source, const char *kind,
                       const char *const *keys)
{
    char at[600];
    for (const pb_option *o = pb_sweep_keys; o->name; o++) {
        int allowed = 0;
        for (const char *const *k = keys; *k && !allowed; k++) allowed = !strcmp(*k, o->name);
        if (allowed || !s->key_line[o - pb_sweep_keys]) continue;
        pb_sweep_spec_where(s, o->name, source, at, sizeof at);
        return pb_say("sweep: %sa %s takes no '%s'", at, kind, o->name), PB_EXIT_USAGE;
    }
    if (!s->npending) return 0;
    const pb_pending_key *p = &s->pending[0];
    if (p->line > 0)
        snprintf(at, sizeof at, "%s:%d: ", source, p->line);
    else
        snprintf(at, sizeof at, "--%s: ", p->key);
    return pb_say("sweep: %sa %s takes no family key ('%s')", at, kind, p->key), PB_EXIT_USAGE;
}
