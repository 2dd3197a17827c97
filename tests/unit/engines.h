/* engines.h — the tests' view of the engine registry: the engines over the shared
 * model as one NULL-terminated list in registry order, one of them or a cell order by
 * name, tenpair's engines by name, and what lets an engine test take every engine
 * from the registry: the refusal through pb_engine_check, the orders an engine
 * honours, and which engines a test ran. */
#ifndef PB_TEST_ENGINES_H
#define PB_TEST_ENGINES_H

#include <stdio.h>
#include <stdlib.h>

#include "check.h"
#include "registry/registry.h"
#include "tenpair/tenpair.h"

static inline const pb_engine *const *model_engines(void)
{
    static const pb_engine *list[64];
    int n = 0;
    for (const pb_registered *r = pb_registry; r->about && n < 63; r++)
        if (r->model) list[n++] = r->model;
    list[n] = NULL;
    return list;
}

/* The registry's engines over the shared model that run as e does (e first among
 * them when it comes first: one function serving several entries), NULL-ended. */
static inline const pb_engine *const *engines_sharing_run(const pb_engine *e)
{
    static const pb_engine *list[64];
    int n = 0;
    for (const pb_registered *r = pb_registry; r->about && n < 63; r++)
        if (r->model && r->model->run == e->run) list[n++] = r->model;
    list[n] = NULL;
    return list;
}

/* Whether e counts as learn does, with a clause per solution (learn and the engines
 * sharing its run): for uniqueness checks and small counts, not 10^5 solutions. */
static inline int counts_by_clauses(const pb_engine *e)
{
    return e->run == pb_model_engine_find("learn")->run;
}

/* The engines a test ran, by their place in the registry: those that took a model
 * (engine_takes) and those that finished a checked run on one (engine_ran). */
static unsigned char engines_took_[128], engines_ran_[128];
static inline int engine_index_(const pb_engine *e)
{
    for (int i = 0; pb_registry[i].about && i < 128; i++)
        if (pb_registry[i].model == e) return i;
    return -1;
}

/* Whether e runs this request on m. An engine refuses a model or a request only
 * through pb_engine_check (its capabilities and its accepts) and with a reason, which
 * is checked here: a test takes the refusal, and keeps no list of who refuses. */
static inline int engine_takes(const pb_engine *e, const pb_model *m, const pb_run *how)
{
    char why[200] = "";
    if (pb_engine_check(e, m, how, why, sizeof why) == PB_RUNS) {
        if (engine_index_(e) >= 0) engines_took_[engine_index_(e)] = 1;
        return 1;
    }
    if (!why[0]) fprintf(stderr, "engine %s refused without a reason\n", e->about.name);
    CHECK(why[0] != '\0');
    return 0;
}

/* The k-th order e runs under: every cell order when it honours one (PB_CAP_ORDER),
 * else row order alone; NULL past the last. */
static inline const pb_order *engine_order(const pb_engine *e, int k)
{
    if (!(e->about.caps & PB_CAP_ORDER)) return k ? NULL : pb_orders[0];
    return pb_orders[k];
}

/* e finished a run whose results the test checked. */
static inline void engine_ran(const pb_engine *e)
{
    if (engine_index_(e) >= 0) engines_ran_[engine_index_(e)] = 1;
}

/* Every engine that took a model of the test finished a checked run on one (a run
 * let off at a step budget everywhere checks nothing); every engine tagged family,
 * and backtrack, which every placement family takes, ran: one of the family's own
 * that accepted none of its models is broken, and a test that ran nothing fails. */
static inline void engines_all_ran(const char *family)
{
    const pb_engine *backtrack = pb_model_engine_find("backtrack");
    for (int i = 0; pb_registry[i].about && i < 128; i++) {
        const pb_registered *r = &pb_registry[i];
        const int must =
            r->model && (engines_took_[i] || !strcmp(r->family, family) || r->model == backtrack);
        if (must && !engines_ran_[i])
            fprintf(stderr, "engine %s finished no checked run on a %s model\n", r->about->name,
                    family);
        CHECK(!must || engines_ran_[i]);
    }
}

/* The engine over the shared model called name; a test without it cannot run (exit 2). */
static inline const pb_engine *engine_named(const char *name)
{
    const pb_engine *e = pb_model_engine_find(name);
    if (!e) {
        fprintf(stderr, "no engine %s\n", name);
        exit(2);
    }
    return e;
}

/* The cell order called name; as engine_named. */
static inline const pb_order *order_named(const char *name)
{
    const pb_order *o = pb_order_find(name);
    if (!o) {
        fprintf(stderr, "no order %s\n", name);
        exit(2);
    }
    return o;
}

/* tenpair's engine called name (the registry's entry tagged "tenpair"), or NULL. */
static inline const pb_engine *tenpair_engine(const char *name)
{
    const pb_registered *r = pb_registry_find("tenpair", 0, name);
    return r ? r->model : NULL;
}

/* Runs e through pb_engine_run on the rules r, as the model tp_model_new makes of them
 * (rules it cannot make one of: the test stops, exit 2). */
static inline pb_status tp_run_rules(const pb_engine *e, const tp_rules *r, const pb_run *how,
                                     pb_result *res)
{
    pb_model *m = tp_model_new(r);
    if (!m) {
        fprintf(stderr, "tp_model_new refused rules the test meant to play\n");
        exit(2);
    }
    const pb_status st = pb_engine_run(e, m, how, res);
    pb_model_free(m);
    return st;
}

#endif
