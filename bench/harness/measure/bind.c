/* bind.c — loading the machine's topology with hwloc, and binding each OpenMP
 * thread of a run to a core. */
#include "bind.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *const pb_bind_modes[] = {"none", "core", NULL};

int pb_topology_load(hwloc_topology_t *topo)
{
    if (hwloc_topology_init(topo) != 0) return -1;
    if (hwloc_topology_load(*topo) != 0) {
        hwloc_topology_destroy(*topo);
        return -1;
    }
    return 0;
}

int pb_topology_count(hwloc_topology_t topo, hwloc_obj_type_t type)
{
    int n = hwloc_get_nbobjs_by_type(topo, type);
    return n < 0 ? 0 : n;
}

struct pb_binder {
    int core;              /* 1: bind to cores, 0: bind nothing */
    hwloc_topology_t topo; /* loaded only when core */
    hwloc_obj_type_t type; /* HWLOC_OBJ_CORE, or HWLOC_OBJ_PU where hwloc sees no cores */
    int n;                 /* objects of that type */
    int first, count;      /* the share bound to: objects first .. first + count - 1 */
};

static void set_err(char *err, size_t errlen, const char *msg)
{
    if (err && errlen > 0) snprintf(err, errlen, "%s", msg);
}

pb_binder *pb_binder_new(const char *mode, char *err, size_t errlen)
{
    return pb_binder_new_part(mode, 0, 1, err, errlen);
}

pb_binder *pb_binder_new_part(const char *mode, int part, int parts, char *err, size_t errlen)
{
    pb_binder *b;
    int core;

    if (!mode || strcmp(mode, "none") == 0) {
        core = 0;
    } else if (strcmp(mode, "core") == 0) {
        core = 1;
    } else {
        if (err && errlen > 0)
            snprintf(err, errlen, "unknown --bind '%s': expected none or core", mode);
        return NULL;
    }

    b = calloc(1, sizeof *b);
    if (!b) {
        set_err(err, errlen, "out of memory");
        return NULL;
    }
    b->core = core;
    if (!core) return b;

    if (pb_topology_load(&b->topo) != 0) {
        set_err(err, errlen, "--bind core: hwloc could not load the topology");
        free(b);
        return NULL;
    }
    b->type = HWLOC_OBJ_CORE;
    b->n = pb_topology_count(b->topo, HWLOC_OBJ_CORE);
    if (b->n == 0) {
        b->type = HWLOC_OBJ_PU;
        b->n = pb_topology_count(b->topo, HWLOC_OBJ_PU);
    }
    if (b->n == 0) {
        set_err(err, errlen, "--bind core: hwloc found no cores");
        hwloc_topology_destroy(b->topo);
        free(b);
        return NULL;
    }
    if (parts < 1 || part < 0 || part >= parts) part = 0, parts = 1;
    if (parts > b->n) {
        b->first = part % b->n, b->count = 1;
    } else {
        b->first = (int)((long)part * b->n / parts);
        b->count = (int)((long)(part + 1) * b->n / parts) - b->first;
    }
    return b;
}

void pb_binder_describe(const pb_binder *b, char *out, size_t len)
{
    if (!b || !b->core)
        snprintf(out, len, "none");
    else
        snprintf(out, len, "%s:%d-%d of %d", b->type == HWLOC_OBJ_CORE ? "core" : "pu", b->first,
                 b->first + b->count - 1, b->n);
}

void pb_binder_bind_thread(pb_binder *b, int thread)
{
    if (!b || !b->core) return;
    int i = thread % b->count;
    if (i < 0) i += b->count;
    i += b->first;
    hwloc_obj_t o = hwloc_get_obj_by_type(b->topo, b->type, (unsigned)i);
    if (o && o->cpuset) (void)hwloc_set_cpubind(b->topo, o->cpuset, HWLOC_CPUBIND_THREAD);
}

void pb_binder_free(pb_binder *b)
{
    if (!b) return;
    if (b->core) hwloc_topology_destroy(b->topo);
    free(b);
}

void pb_binder_thread_start(void *ctx, int thread)
{
    pb_binder_bind_thread(ctx, thread);
}
