/* set.c — loading a family's benchmark set and walking its engines. */
#include "micro.h"

#include <stdio.h>
#include <string.h>

#include "registry/registry.h"
#include "harness/base/sizes.h"

int pb_micro_load_set(const pb_family *f, const char *path, const char *what, pb_set *set)
{
    char err[PB_MSG_LONG_MAX];
    pb_instance inst = {path, 1, NULL};
    if (f->load(&inst, f->params_default, set, err, sizeof err) || set->bad) {
        if (set->bad)
            fprintf(stderr, "puzzlebench-micro: %s has unreadable puzzles\n", what);
        else
            fprintf(stderr, "puzzlebench-micro: %s\n", err);
        return -1;
    }
    return 0;
}

int pb_micro_case_room(const pb_family *f)
{
    int n = 0;
    for (const pb_registered *r = pb_registry; r->about; r++)
        if (r->model && pb_registry_serves(r, f->name, f->placement))
            for (const pb_order *const *o = pb_orders; *o; o++) n++;
    return n;
}

int pb_micro_each_engine(const pb_family *f, const pb_set *set,
                         int (*skip)(const pb_engine *e, const pb_order *o),
                         int (*add)(void *ctx, const pb_engine *e, const pb_order *o), void *ctx)
{
    const pb_model *m0 = set->puzzle[0].model;
    for (const pb_registered *r = pb_registry; r->about; r++) {
        const pb_engine *e = r->model;
        const char *why;
        if (!e || !pb_registry_serves(r, f->name, f->placement)) continue;
        if ((e->accepts && !e->accepts(m0, &why)) || skip(e, NULL)) continue;
        if (!(e->about.caps & PB_CAP_ORDER)) {
            if (add(ctx, e, NULL)) return -1;
            continue;
        }
        for (const pb_order *const *o = pb_orders; *o; o++)
            if (!skip(e, *o) && add(ctx, e, *o)) return -1;
    }
    return 0;
}

int pb_micro_checked(const char *name, int rc, const char *msg)
{
    if (rc > 0) fprintf(stderr, "puzzlebench-micro: note: skipping %s: %s\n", name, msg);
    if (rc < 0) fprintf(stderr, "puzzlebench-micro: error: %s: %s\n", name, msg);
    return rc > 0 ? 1 : rc;
}

int pb_micro_timed(const char *name, int rc, const char *msg)
{
    if (rc) fprintf(stderr, "puzzlebench-micro: %s: %s\n", name, msg);
    return rc != 0;
}

static int set_case_fn(void *ctx, double *counters)
{
    const pb_micro_set_case *c = ctx;
    char msg[200];
    return pb_micro_timed(c->name, c->kind->run(c, 0, counters, msg, sizeof msg), msg);
}

int pb_micro_add_set_case(const pb_micro_host *host, const pb_micro_set_kind *kind,
                          const pb_set *set, const pb_engine *e, const pb_order *order,
                          pb_micro_set_case *c)
{
    c->kind = kind, c->set = set, c->e = e, c->order = order;
    snprintf(c->name, sizeof c->name, "%s/%s%s%s", kind->prefix, e->about.name, order ? "/" : "",
             order ? order->name : "");
    /* Clause learning takes seconds on a set. */
    if (!host->selected(c->name, 1,
                        strcmp(e->about.name, "learn") ? PB_MICRO_QUICK : PB_MICRO_LONG))
        return 0;
    double counters[PB_MICRO_MAX_COUNTERS] = {0};
    char msg[200];
    int rc = kind->run(c, kind->check_max_steps, counters, msg, sizeof msg);
    if ((rc = pb_micro_checked(c->name, rc, msg))) return rc < 0 ? -1 : 0;
    if (host->add(c->name, set_case_fn, c, kind->counter_names, kind->ncounters, 1)) return -1;
    return 1;
}
