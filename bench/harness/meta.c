/* meta.c — run metadata (date, commit, build, CPU, topology) and `puzzlebench info`. */
#include "meta.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#ifdef _OPENMP
#include <omp.h>
#endif

#include "bind.h"
#include "harness/build_info.h"

/* Copies src into dst (size n), collapsing runs of whitespace (newlines included) into
 * single spaces and trimming both ends; an empty result becomes "unknown". */
static void copy_clean(char *dst, size_t n, const char *src)
{
    size_t len = 0;
    int space = 0;

    if (n == 0) return;
    for (const char *s = src ? src : ""; *s && len + 1 < n; s++) {
        if (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r' || *s == '\v' || *s == '\f') {
            space = len > 0;
            continue;
        }
        if (space) {
            if (len + 2 >= n) break;
            dst[len++] = ' ';
            space = 0;
        }
        dst[len++] = *s;
    }
    dst[len] = '\0';
    if (len == 0) snprintf(dst, n, "unknown");
}

/* CPU model: hwloc's CPUModel of the first package, else /proc/cpuinfo, else "unknown". */
static void cpu_model(hwloc_topology_t topo, char *dst, size_t n)
{
    const char *model = NULL;
    char line[512];

    if (topo) {
        hwloc_obj_t pkg = hwloc_get_obj_by_type(topo, HWLOC_OBJ_PACKAGE, 0);
        if (pkg) model = hwloc_obj_get_info_by_name(pkg, "CPUModel");
    }
    if (model && *model) {
        copy_clean(dst, n, model);
        return;
    }
    copy_clean(dst, n, NULL);
    FILE *f = fopen("/proc/cpuinfo", "r");
    if (!f) return;
    while (fgets(line, sizeof line, f)) {
        if (strncmp(line, "model name", 10) != 0) continue;
        char *colon = strchr(line, ':');
        if (colon) {
            copy_clean(dst, n, colon + 1);
            break;
        }
    }
    fclose(f);
}

/* Runs a shell command, keeping the first line of its stdout in out. Returns its exit
 * status, or -1 when it could not be run. */
static int run_command(const char *cmd, char *out, int n)
{
    char buf[256];
    FILE *p = popen(cmd, "r");

    out[0] = '\0';
    if (!p) return -1;
    if (fgets(out, n, p)) out[strcspn(out, "\r\n")] = '\0';
    while (fgets(buf, sizeof buf, p)) {
        /* drain the rest so the command does not die of SIGPIPE */
    }
    return pclose(p);
}

/* Appends s to dst (size n) in single quotes, safe for /bin/sh. 0 if it fitted. */
static int shell_quote(char *dst, size_t n, const char *s)
{
    size_t len = strlen(dst);

    if (len + 1 >= n) return -1;
    dst[len++] = '\'';
    for (; *s; s++) {
        const char *piece = *s == '\'' ? "'\\''" : NULL;
        size_t plen = piece ? 4 : 1;
        if (len + plen + 2 >= n) return -1;
        if (piece) {
            memcpy(dst + len, piece, plen);
        } else {
            dst[len] = *s;
        }
        len += plen;
    }
    dst[len++] = '\'';
    dst[len] = '\0';
    return 0;
}

/* Commit of the source tree, with "-dirty" when tracked files differ from it;
 * results/ does not count, since a run rewrites it while it writes metadata. */
static void git_commit(char *dst, size_t n)
{
    char dir[2048] = "", cmd[2400], head[128], status[128];

    /* A binary run away from its source tree (another machine) is told its commit. */
    const char *given = getenv("PB_COMMIT");
    if (given && *given) {
        copy_clean(dst, n, given);
        return;
    }
    snprintf(dst, n, "unknown");
    if (shell_quote(dir, sizeof dir, PB_SOURCE_DIR) != 0) return;

    snprintf(cmd, sizeof cmd, "git -C %s rev-parse --verify HEAD 2>/dev/null", dir);
    if (run_command(cmd, head, (int)sizeof head) != 0 || head[0] == '\0') return;
    if (strspn(head, "0123456789abcdef") != strlen(head)) return;

    /* No optional locks: a concurrent commit must not trip over our index refresh. */
    snprintf(cmd, sizeof cmd,
             "GIT_OPTIONAL_LOCKS=0 git -C %s status --porcelain --untracked-files=no -- . "
             "':(exclude)results' 2>/dev/null",
             dir);
    int rc = run_command(cmd, status, (int)sizeof status);
    snprintf(dst, n, "%s%s", head, rc == 0 && status[0] ? "-dirty" : "");
}

void pb_meta_collect(pb_meta *m, int threads, const char *bind)
{
    hwloc_topology_t topo;
    int have_topo = pb_topology_load(&topo) == 0;
    time_t now = time(NULL);
    struct tm tm;
    char host[256];

    memset(m, 0, sizeof *m);

    if (now != (time_t)-1 && gmtime_r(&now, &tm) &&
        strftime(m->date, sizeof m->date, "%Y-%m-%dT%H:%M:%SZ", &tm) > 0) {
        /* done */
    } else {
        snprintf(m->date, sizeof m->date, "unknown");
    }

    git_commit(m->commit, sizeof m->commit);
    copy_clean(m->compiler, sizeof m->compiler, PB_C_COMPILER);
    copy_clean(m->flags, sizeof m->flags, PB_C_FLAGS);
    copy_clean(m->build_type, sizeof m->build_type, PB_BUILD_TYPE);
    cpu_model(have_topo ? topo : NULL, m->cpu, sizeof m->cpu);

    if (gethostname(host, sizeof host) == 0) {
        host[sizeof host - 1] = '\0';
        copy_clean(m->host, sizeof m->host, host);
    } else {
        copy_clean(m->host, sizeof m->host, NULL);
    }

    if (have_topo) {
        m->packages = pb_topology_count(topo, HWLOC_OBJ_PACKAGE);
        m->cores = pb_topology_count(topo, HWLOC_OBJ_CORE);
        m->pus = pb_topology_count(topo, HWLOC_OBJ_PU);
        hwloc_topology_destroy(topo);
    }

    m->threads = threads;
    copy_clean(m->bind, sizeof m->bind, bind);
}

/* Writes "key=value\n" with any newline in value turned into a space. */
static void put_kv(FILE *f, const char *key, const char *value)
{
    fputs(key, f);
    fputc('=', f);
    for (const char *s = value ? value : ""; *s; s++) fputc(*s == '\n' || *s == '\r' ? ' ' : *s, f);
    fputc('\n', f);
}

/* Writes a "key=value" string as one line, newlines turned into spaces. */
static void put_line(FILE *f, const char *line)
{
    for (const char *s = line; *s; s++) fputc(*s == '\n' || *s == '\r' ? ' ' : *s, f);
    fputc('\n', f);
}

int pb_meta_write(FILE *f, const pb_meta *m, const char *const *extra)
{
    put_kv(f, "date", m->date);
    put_kv(f, "commit", m->commit);
    put_kv(f, "compiler", m->compiler);
    put_kv(f, "flags", m->flags);
    put_kv(f, "build_type", m->build_type);
    put_kv(f, "cpu", m->cpu);
    put_kv(f, "host", m->host);
    fprintf(f, "packages=%d\ncores=%d\npus=%d\nthreads=%d\n", m->packages, m->cores, m->pus,
            m->threads);
    put_kv(f, "bind", m->bind);
    for (; extra && *extra; extra++) put_line(f, *extra);
    return ferror(f) ? -1 : 0;
}

/* Formats a byte count as "48 KiB", "1.25 MiB", "32 MiB". */
static void format_size(char *dst, size_t n, unsigned long long bytes)
{
    static const char *const units[] = {"B", "KiB", "MiB", "GiB", "TiB"};
    double v = (double)bytes;
    int u = 0;

    while (v >= 1024.0 && u < 4) {
        v /= 1024.0;
        u++;
    }
    snprintf(dst, n, "%.3g %s", v, units[u]);
}

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
        format_size(buf, sizeof buf, sizes[i]);
        fprintf(f, "%s%d x %s", i ? ", " : "", counts[i], buf);
    }
    if (other) fprintf(f, ", %d more", other);
    fputc('\n', f);
}

int pb_info_print(FILE *f)
{
    hwloc_topology_t topo;
    int have_topo = pb_topology_load(&topo) == 0;
    char cpu[128], flags[512], host[256];
    int threads = 1;

#ifdef _OPENMP
    threads = omp_get_max_threads();
#endif

    cpu_model(have_topo ? topo : NULL, cpu, sizeof cpu);
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

    copy_clean(flags, sizeof flags, PB_C_FLAGS);
    fprintf(f, "version: %s\n", PB_VERSION);
    fprintf(f, "compiler: %s\n", PB_C_COMPILER);
    fprintf(f, "flags: %s\n", flags);
    fprintf(f, "build type: %s\n", *PB_BUILD_TYPE ? PB_BUILD_TYPE : "unknown");
    return 0;
}
