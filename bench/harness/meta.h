/* meta.h — what every result file records about its run (date, git commit, compiler
 * and flags, CPU, hwloc topology, threads, binding) and `puzzlebench info`. */
#ifndef PB_META_H
#define PB_META_H

#include <stdio.h>

typedef struct pb_meta {
    char date[40];     /* ISO 8601, UTC */
    char commit[64];   /* git commit of the source tree (with "-dirty"), or "unknown" */
    char compiler[96]; /* e.g. "GNU 12.2.0" */
    char flags[512];   /* C flags of this build */
    char build_type[24];
    char cpu[128]; /* model name */
    char host[64];
    int packages, cores, pus; /* from hwloc */
    int threads;              /* threads the run used */
    char bind[16];            /* "none" or "core" */
} pb_meta;

/* Fills m; never fails (unknown fields say "unknown"). */
void pb_meta_collect(pb_meta *m, int threads, const char *bind);

/* Writes m as "key=value" lines, then each extra "key=value" string given (NULL-ended). */
int pb_meta_write(FILE *f, const pb_meta *m, const char *const *extra);

/* `puzzlebench info`: topology summary (packages, cores, PUs, caches, NUMA nodes)
 * and the build information. Returns 0. */
int pb_info_print(FILE *f);

#endif
