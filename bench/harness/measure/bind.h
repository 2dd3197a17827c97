/* bind.h — the machine's topology (hwloc) and the binding of OpenMP threads to cores. */
#ifndef PB_BIND_H
#define PB_BIND_H

#include <stddef.h>
#include <hwloc.h>

/* Loads the topology of this machine (allowed resources only). 0 on success. */
int pb_topology_load(hwloc_topology_t *topo);
/* Objects of a type in the topology (0 when hwloc knows none). */
int pb_topology_count(hwloc_topology_t topo, hwloc_obj_type_t type);

/* The binding modes, NULL-terminated: the choices of every --bind option. */
extern const char *const pb_bind_modes[];

/* Thread binding. mode "none" binds nothing; "core" pins OpenMP thread i to core
 * i mod cores. NULL with a message in err for an unknown mode or hwloc failure. */
typedef struct pb_binder pb_binder;
pb_binder *pb_binder_new(const char *mode, char *err, size_t errlen);
/* The same for one of `parts` processes that share this machine (the ranks of an MPI
 * world on one host): part p gets its own contiguous share of the cores (one core,
 * shared, when there are more parts than cores), and OpenMP thread i is pinned to
 * core i mod share of it. pb_binder_new is part 0 of 1. */
pb_binder *pb_binder_new_part(const char *mode, int part, int parts, char *err, size_t errlen);
/* What the binder binds to, for the metadata: "none", or "core:FIRST-LAST" (hwloc's
 * logical core indices) and the machine's cores ("core:2-3 of 4"). */
void pb_binder_describe(const pb_binder *b, char *out, size_t len);
/* Call from inside an OpenMP parallel region, from each thread. */
void pb_binder_bind_thread(pb_binder *b, int thread);
void pb_binder_free(pb_binder *b);
/* A pb_run.thread_start that binds: ctx is the pb_binder. */
void pb_binder_thread_start(void *ctx, int thread);

#endif
