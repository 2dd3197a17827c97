/* meta_probe.h — the probes of meta_probe.c, for meta.c (the run's metadata) and
 * meta_info.c (`puzzlebench info`). */
#ifndef PB_META_PROBE_H
#define PB_META_PROBE_H

#include <hwloc.h>
#include <stddef.h>

#include "meta.h"

/* Copies src into dst (size n), runs of whitespace made one space; NULL or empty:
 * "unknown". */
void pb_probe_clean(char *dst, size_t n, const char *src);
/* The CPU's model name (topo may be NULL). */
void pb_probe_cpu_model(hwloc_topology_t topo, char *dst, size_t n);
/* The CPUs' scaling governors, or "unknown". */
void pb_probe_governor(char *dst, size_t n);
/* The 1, 5 and 15 minute load averages; -1 each when unknown. */
void pb_probe_load(double load[3]);
/* Six random hex digits' worth: a run id's tail. */
unsigned pb_probe_random24(void);
/* The system, libraries, CPU, memory, host and topology counts of m. */
void pb_probe_system(pb_meta *m);

#endif
