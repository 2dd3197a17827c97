/* meta_info.c — the machine's topology, caches and the build for `puzzlebench info`
 * (whose command adds the parts the build may lack), and `puzzlebench --version`. */
#include <stdio.h>
#include <unistd.h>

#ifdef _OPENMP
#include <omp.h>
#endif

#include "harness/base/units.h"
#include "harness/build_info.h"
#include "harness/measure/bind.h"
#include "meta_probe.h"

/* Prints one cache level as "L2: 8 x 2 MiB, 2 x 4 MiB" (objects grouped by size). */
static void print_cache(FILE *f, hwloc_topology_t topo, const char *name, hwloc_obj_type_t type)
{
    enum { MAX_SIZES = 8 };
    unsigned long long sizes[MAX_SIZES];
    int counts[MAX_SIZES], nsizes = 0, other = 0;
    char buf[32];

    for (hwloc_obj_t o = hwloc_get_next_obj_by_type(topo, type, NULL); o;
         o = hwloc_get_next_obj_by_type(topo, type, o)) {
        unsigned long long size = o->attr ? (unsigned long long)o->attr->cache.size : 0;
        int i = 0;
        while (i < nsizes && sizes[i] != size) i++;
        if (i == nsizes) {
            if (nsizes == MAX_SIZES) {
                other++;
                continue;
            }
            sizes[nsizes] = size;
            counts[nsizes++] = 0;
        }
        counts[i]++;
    }

    fprintf(f, "%s: ", name);
    if (nsizes == 0) fputs("none", f);
    for (int i = 0; i < nsizes; i++) {
        pb_format_bytes(buf, sizeof buf, sizes[i]);
        fprintf(f, "%s%d x %s", i ? ", " : "", counts[i], buf);
    }
    if (other) fprintf(f, ", %d more", other);
    fputc('\n', f);
}

int pb_info_print(FILE *f)
{
    hwloc_topology_t topo;
    int have_topo = pb_topology_load(&topo) == 0;
    char cpu[128], flags[sizeof PB_C_FLAGS], host[256];
    int threads = 1;

#ifdef _OPENMP
    threads = omp_get_max_threads();
#endif

    pb_probe_cpu_model(have_topo ? topo : NULL, cpu, sizeof cpu);
    fprintf(f, "cpu: %s\n", cpu);
    if (gethostname(host, sizeof host) == 0) {
        host[sizeof host - 1] = '\0';
        fprintf(f, "host: %s\n", host);
    }
    if (have_topo) {
        fprintf(f, "packages: %d\n", pb_topology_count(topo, HWLOC_OBJ_PACKAGE));
        fprintf(f, "cores: %d\n", pb_topology_count(topo, HWLOC_OBJ_CORE));
        fprintf(f, "pus: %d\n", pb_topology_count(topo, HWLOC_OBJ_PU));
        fprintf(f, "numa nodes: %d\n", pb_topology_count(topo, HWLOC_OBJ_NUMANODE));
        print_cache(f, topo, "L1d", HWLOC_OBJ_L1CACHE);
        print_cache(f, topo, "L2", HWLOC_OBJ_L2CACHE);
        print_cache(f, topo, "L3", HWLOC_OBJ_L3CACHE);
        hwloc_topology_destroy(topo);
    } else {
        fputs("topology: unknown (hwloc failed)\n", f);
    }
    fprintf(f, "omp max threads: %d\n", threads);

    pb_probe_clean(flags, sizeof flags, PB_C_FLAGS);
    fprintf(f, "version: %s\n", PB_VERSION);
    fprintf(f, "commit: %s\n", pb_build_commit());
    fprintf(f, "compiler: %s\n", PB_C_COMPILER);
    fprintf(f, "flags: %s\n", flags);
    fprintf(f, "build type: %s\n", *PB_BUILD_TYPE ? PB_BUILD_TYPE : "unknown");
    return 0;
}

void pb_version_print(FILE *f)
{
    char flags[sizeof PB_C_FLAGS];

    pb_probe_clean(flags, sizeof flags, PB_C_FLAGS);
    fprintf(f, "puzzlebench %s\n", PB_VERSION);
    fprintf(f, "commit: %s\n", pb_build_commit());
    fprintf(f, "build type: %s\n", *PB_BUILD_TYPE ? PB_BUILD_TYPE : "unknown");
    fprintf(f, "compiler: %s\n", PB_C_COMPILER);
    fprintf(f, "flags: %s\n", flags);
}
