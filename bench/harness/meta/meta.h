/* meta.h — what every result file records about its run (run id, date, built-in commit,
 * build, command line, system and library versions, CPU, memory, load, topology) and
 * `puzzlebench info` / `--version`. */
#ifndef PB_META_H
#define PB_META_H

#include <stddef.h>
#include <stdio.h>
#include "harness/base/sizes.h"
#include "harness/io/outfile.h"

typedef struct pb_meta {
    char run_id[32]; /* "20261130T132512Z-3f9a1c": UTC start time + 6 hex digits */
    /* The ids of earlier runs whose rows the same files hold (a resumed sweep), written
     * before run_id on the run_id= line, as many as there are; NULL or "" for none. Not
     * m's own: the caller's text, which lives while m is written. */
    const char *prior_run_ids;
    char date[40];     /* ISO 8601, UTC, the run's start */
    char commit[64];   /* built-in commit of the source tree (with "-dirty"), or "unknown" */
    char version[24];  /* puzzlebench version */
    char compiler[96]; /* e.g. "GNU 12.2.0" */
    char flags[1024];  /* C flags of this build (meta.c asserts they fit) */
    char build_type[24];
    char command[PB_COMMAND_LINE_MAX];  /* the command line, shell-quoted, or "unknown" */
    char kernel[256];                   /* uname: sysname release version machine */
    char glibc[32];                     /* gnu_get_libc_version(), or "unknown" */
    char openmp[48];                    /* e.g. "4.5 (_OPENMP 201511)" */
    char gbench[32];                    /* Google Benchmark version this build found */
    char hwloc[64];                     /* e.g. "build 2.9.0, runtime 2.9.0" */
    char mem_total[32];                 /* e.g. "15.6 GiB" */
    unsigned long long mem_total_bytes; /* 0 when unknown */
    char cpu[128];                      /* full model name (/proc/cpuinfo, else hwloc) */
    char cpu_id[160];     /* e.g. "AuthenticAMD family 26 model 2 stepping 1 microcode ..." */
    char cpu_mhz[48];     /* /proc/cpuinfo "cpu MHz": one value, or "MIN-MAX" over CPUs */
    char cpu_min_mhz[24]; /* cpufreq cpuinfo_min_freq of cpu0, or "unknown" */
    char cpu_max_mhz[24]; /* cpufreq cpuinfo_max_freq of cpu0, or "unknown" */
    char smt[16];         /* "on", "off" or "unknown" */
    /* gethostname's, whole: Linux's are up to 64 bytes */
    char host[256];
    int packages, cores, pus; /* from hwloc */
    int threads;              /* threads the run used */
    char bind[16];            /* "none" or "core" */
    /* Sampled by pb_meta_begin (start) and pb_meta_end (end). */
    char governor_start[64], governor_end[64]; /* scaling_governor(s), or "unknown" */
    double loadavg_start[3], loadavg_end[3];   /* 1, 5, 15 minutes; -1 when unknown */
    int have_end;                              /* pb_meta_end was called */
    char load_warning[160];                    /* "" or why the load at start was high */
} pb_meta;

/* Records the process's command line (shell-quoted) for every later pb_meta_begin;
 * call it first thing in main. Without it .meta says command=unknown. */
void pb_meta_set_command_line(int argc, char **argv);

/* Records another command as m's (a worker's .meta names the command that started
 * it), cleaned as the fields pb_meta_begin fills are. */
void pb_meta_set_command(pb_meta *m, const char *command);

/* Fills m at the start of a run: run id, date, build, system, CPU, memory, topology
 * counts, and the load average and governor now. When the 1-minute load is over 0.2
 * per core it prints one warning line on stderr and records load_warning. Never fails
 * (what cannot be found says "unknown"). */
void pb_meta_begin(pb_meta *m, int threads, const char *bind);

/* Samples the load average and the governor at the end of the run. */
void pb_meta_end(pb_meta *m);

/* Whether run id `id` is a word of `ids`, a run_id= line's space-separated list. */
int pb_run_id_listed(const char *ids, const char *id);

/* pb_meta_begin without the line on stderr (load_warning is still recorded). */
void pb_meta_collect(pb_meta *m, int threads, const char *bind);
/* The load warning on stderr, if m has one, unless PB_LOAD_WARNED=1: for a caller that
 * collects first and warns once the run is sure to go ahead. */
void pb_meta_say_load(const pb_meta *m);

/* Writes m as "key=value" lines, then each extra "key=value" string given (NULL-ended).
 * load_end / governor_end say "unknown" when pb_meta_end was not called. */
int pb_meta_write(FILE *f, const pb_meta *m, const char *const *extra);

/* The topology file beside a .meta: "DIR/NAME.meta" -> "DIR/NAME.topology.xml" (a
 * path without ".meta" gets ".topology.xml" appended). 0, or -1 when it does not fit. */
int pb_meta_topology_path(const char *meta_path, char *out, size_t n);

/* Before work whose .meta is written at its end: 0 when both meta_path and the
 * topology beside it could be made (pb_out_check), else -1 with "PATH: cannot write:
 * REASON" in err (a name whose topology's would be too long, too); so that the work is
 * not done for a result left without its .meta. */
int pb_meta_check(const char *meta_path, char *err, size_t errlen);

/* Writes m (+ extra) to meta_path atomically and the topology beside it
 * (pb_meta_topology_path). 0, or -1 with a message in err. */
int pb_meta_save(const char *meta_path, const pb_meta *m, const char *const *extra, char *err,
                 size_t errlen);

/* pb_meta_save and the result files it describes, results[0..n) (n at most
 * PB_OUT_GROUP_MAX - 2), written as one group (pb_write_files_atomic): all land, or
 * none does and the files there before stay as they were, never a result beside
 * another run's .meta or none. The topology and the .meta are renamed first, the
 * results last (why: meta.c). 0, or -1 with a message in err. */
int pb_meta_save_with(const char *meta_path, const pb_meta *m, const char *const *extra,
                      const pb_out_part *results, int n, char *err, size_t errlen);

/* pb_meta_save_with of a .meta whose text fill(f, ctx) writes (0, or -1 on failure):
 * `meta --end`, another .meta's lines brought up to date, lands with its topology as
 * one group as every .meta does. 0, or -1 with a message in err. */
int pb_meta_save_text(const char *meta_path, int (*fill)(FILE *f, void *ctx), void *ctx,
                      const pb_out_part *results, int n, char *err, size_t errlen);

/* Rewrites the .meta at meta_path where it lies (no new file, no topology): for when
 * pb_meta_save failed on a full disk and the old .meta would otherwise go on saying
 * what is no longer so. A text no longer than the file's last block needs no new
 * space. 0, or -1 with a message in err. */
int pb_meta_save_in_place(const char *meta_path, const pb_meta *m, const char *const *extra,
                          char *err, size_t errlen);

/* The value of the line "key=..." of a .meta's text (its length in *n, up to the end
 * of the line), or NULL when there is none (meta_read.c). */
const char *pb_meta_value(const char *text, const char *key, size_t *n);

/* Whether the line "key=..." of a .meta's text holds want, whole (meta_read.c); 0
 * when there is none. */
int pb_meta_value_is(const char *text, const char *key, const char *want);

/* A .meta's whole text read back (pb_read_file), or NULL with "PATH: ..." in err; one
 * holding a NUL byte is refused ("PATH:LINE: expected text, got a NUL byte"), since
 * every key after it would read as absent (meta_read.c). */
char *pb_meta_read(const char *path, size_t *len, char *err, size_t errlen);

/* The built-in provenance of this binary. */
const char *pb_build_commit(void); /* 40 hex digits (+ "-dirty"), or "unknown" */

/* `puzzlebench --version`: version, commit, build type, compiler, flags. */
void pb_version_print(FILE *f);

/* The start of `puzzlebench info`: topology summary (packages, cores, PUs, caches,
 * NUMA nodes) and the build information. Returns 0. */
int pb_info_print(FILE *f);

#endif
