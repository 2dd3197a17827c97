/* meta_probe.c — what a run's metadata reads from the machine: /proc and /sys (CPU
 * name, identity, clock, governors, memory, SMT), the load average, uname, the
 * library versions and hwloc's topology counts. Each probe says "unknown" for what it
 * cannot find. */
#define _DEFAULT_SOURCE /* getloadavg */
#include "meta_probe.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#ifdef __GLIBC__
#include <gnu/libc-version.h>
#endif

#ifdef _OPENMP
#include <omp.h>
#endif

#include "harness/build_info.h"
#include "harness/measure/bind.h"
#include "harness/base/units.h"

/* Copies src into dst (size n), collapsing runs of whitespace (newlines included) into
 * single spaces and trimming both ends; an empty result becomes "unknown". */
void pb_probe_clean(char *dst, size_t n, const char *src)
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

/* The value of the first /proc/cpuinfo line starting with key, cleaned, into dst;
 * 0 if found. */
static int cpuinfo_value(const char *key, char *dst, size_t n)
{
    char line[512];
    size_t klen = strlen(key);
    int found = -1;
    FILE *f = fopen("/proc/cpuinfo", "r");

    if (!f) return -1;
    while (found && fgets(line, sizeof line, f)) {
        char *colon = strchr(line, ':');
        /* the key itself, then only blanks up to the colon ("model" is not "model name") */
        if (strncmp(line, key, klen) != 0 || !colon || colon < line + klen ||
            strspn(line + klen, " \t") != (size_t)(colon - line - (ptrdiff_t)klen))
            continue;
        pb_probe_clean(dst, n, colon + 1);
        found = 0;
    }
    fclose(f);
    return found;
}

/* CPU model: the full model name of /proc/cpuinfo, else hwloc's CPUModel of the first
 * package, else "unknown". */
void pb_probe_cpu_model(hwloc_topology_t topo, char *dst, size_t n)
{
    if (cpuinfo_value("model name", dst, n) == 0 && strcmp(dst, "unknown") != 0) return;
    const char *model = NULL;
    if (topo) {
        hwloc_obj_t pkg = hwloc_get_obj_by_type(topo, HWLOC_OBJ_PACKAGE, 0);
        if (pkg) model = hwloc_obj_get_info_by_name(pkg, "CPUModel");
    }
    pb_probe_clean(dst, n, model);
}

/* The CPU's identification beyond its name: vendor, family, model and stepping of
 * /proc/cpuinfo (x86), e.g. "AuthenticAMD family 26 model 2 stepping 1", or the CPU
 * implementer/part of other machines; "unknown" when there are none. */
static void cpu_ident(char *dst, size_t n)
{
    static const char *const keys[][2] = {
        {"vendor_id", ""},         {"cpu family", "family "},   {"model", "model "},
        {"stepping", "stepping "}, {"microcode", "microcode "}, {"CPU implementer", "implementer "},
        {"CPU part", "part "},     {"CPU variant", "variant "}, {"CPU revision", "revision "}};
    size_t len = 0;
    char v[96];

    dst[0] = '\0';
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++) {
        if (cpuinfo_value(keys[i][0], v, sizeof v) != 0) continue;
        int w = snprintf(dst + len, n - len, "%s%s%s", len ? " " : "", keys[i][1], v);
        if (w < 0 || (size_t)w >= n - len) break;
        len += (size_t)w;
    }
    if (!len) snprintf(dst, n, "unknown");
}

/* "cpu MHz" of /proc/cpuinfo over all CPUs: "2445.406", or "2400.000-3000.000" when
 * they differ, or "unknown". */
static void cpu_mhz(char *dst, size_t n)
{
    char line[512];
    double lo = 0, hi = 0;
    int seen = 0;
    FILE *f = fopen("/proc/cpuinfo", "r");

    snprintf(dst, n, "unknown");
    if (!f) return;
    while (fgets(line, sizeof line, f)) {
        char *colon = strchr(line, ':');
        if (strncmp(line, "cpu MHz", 7) != 0 || !colon) continue;
        char *end;
        double v = strtod(colon + 1, &end);
        if (end == colon + 1) continue;
        if (!seen || v < lo) lo = v;
        if (!seen || v > hi) hi = v;
        seen = 1;
    }
    fclose(f);
    if (seen && lo == hi) snprintf(dst, n, "%.3f", lo);
    if (seen && lo != hi) snprintf(dst, n, "%.3f-%.3f", lo, hi);
}

/* The first line of a small file, cleaned, into dst; 0 if it was read. */
static int read_line(const char *path, char *dst, size_t n)
{
    char line[256];
    FILE *f = fopen(path, "r");

    if (!f) return -1;
    int ok = fgets(line, sizeof line, f) != NULL;
    fclose(f);
    if (!ok) return -1;
    pb_probe_clean(dst, n, line);
    return 0;
}

/* A cpufreq value of cpu0 in kHz (file NAME), as MHz text, or "unknown". */
static void cpufreq_mhz(const char *name, char *dst, size_t n)
{
    char path[128], text[64];

    snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu0/cpufreq/%s", name);
    snprintf(dst, n, "unknown");
    if (read_line(path, text, sizeof text) != 0) return;
    char *end;
    double khz = strtod(text, &end);
    if (end != text && khz > 0) snprintf(dst, n, "%.0f", khz / 1000.0);
}

/* The scaling governors of the CPUs: "performance", or "performance,powersave" when
 * they differ, or "unknown". */
void pb_probe_governor(char *dst, size_t n)
{
    long ncpu = sysconf(_SC_NPROCESSORS_CONF);
    size_t len = 0;

    dst[0] = '\0';
    if (ncpu < 1 || ncpu > 8192) ncpu = 1;
    for (long i = 0; i < ncpu; i++) {
        char path[96], g[32];
        snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu%ld/cpufreq/scaling_governor", i);
        if (read_line(path, g, sizeof g) != 0) continue;
        /* already listed? */
        const char *at = dst;
        size_t glen = strlen(g);
        int listed = 0;
        while (!listed && (at = strstr(at, g)) != NULL) {
            listed = (at == dst || at[-1] == ',') && (at[glen] == ',' || at[glen] == '\0');
            at += glen;
        }
        if (listed || len + glen + 2 > n) continue;
        len += (size_t)snprintf(dst + len, n - len, "%s%s", len ? "," : "", g);
    }
    if (!dst[0]) snprintf(dst, n, "unknown");
}

void pb_probe_load(double load[3])
{
    if (getloadavg(load, 3) != 3) load[0] = load[1] = load[2] = -1;
}

/* OpenMP version of the compiler (from _OPENMP), e.g. "4.5 (_OPENMP 201511)". */
static void openmp_version(char *dst, size_t n)
{
#ifdef _OPENMP
    static const struct {
        long date;
        const char *version;
    } known[] = {{200505, "2.5"}, {200805, "3.0"}, {201107, "3.1"},
                 {201307, "4.0"}, {201511, "4.5"}, {201811, "5.0"},
                 {202011, "5.1"}, {202111, "5.2"}, {202411, "6.0"}};
    const char *v = "unknown";
    for (size_t i = 0; i < sizeof known / sizeof known[0]; i++)
        if (known[i].date == (long)_OPENMP) v = known[i].version;
    snprintf(dst, n, "%s (_OPENMP %ld)", v, (long)_OPENMP);
#else
    snprintf(dst, n, "none");
#endif
}

/* hwloc: the library version built against, and the API versions built against and
 * found at run time, e.g. "2.9.0 (API 0x20800, runtime API 0x20800)". */
static void hwloc_version(char *dst, size_t n)
{
#ifdef HWLOC_VERSION
    const char *lib = HWLOC_VERSION;
#else
    const char *lib = "unknown";
#endif
    snprintf(dst, n, "%s (API 0x%x, runtime API 0x%x)", lib, (unsigned)HWLOC_API_VERSION,
             hwloc_get_api_version());
}

/* Total memory: sysconf, else /proc/meminfo; 0 when unknown. */
static unsigned long long total_memory(void)
{
    long pages = sysconf(_SC_PHYS_PAGES), size = sysconf(_SC_PAGESIZE);
    char text[64];

    if (pages > 0 && size > 0) return (unsigned long long)pages * (unsigned long long)size;
    FILE *f = fopen("/proc/meminfo", "r");
    unsigned long long kb = 0;
    if (!f) return 0;
    while (fgets(text, sizeof text, f))
        if (sscanf(text, "MemTotal: %llu kB", &kb) == 1) break;
    fclose(f);
    return kb * 1024ULL;
}

/* SMT: /sys/devices/system/cpu/smt/active, else more PUs than cores in hwloc. */
static void smt_state(const pb_meta *m, char *dst, size_t n)
{
    char text[16];

    if (read_line("/sys/devices/system/cpu/smt/active", text, sizeof text) == 0 &&
        (text[0] == '0' || text[0] == '1')) {
        snprintf(dst, n, "%s", text[0] == '1' ? "on" : "off");
    } else if (m->cores > 0 && m->pus > 0) {
        snprintf(dst, n, "%s", m->pus > m->cores ? "on" : "off");
    } else {
        snprintf(dst, n, "unknown");
    }
}

/* Six random hex digits: /dev/urandom, else the pid, time and clock mixed. */
unsigned pb_probe_random24(void)
{
    unsigned char b[3];
    FILE *f = fopen("/dev/urandom", "rb");
    int ok = f && fread(b, 1, sizeof b, f) == sizeof b;

    if (f) fclose(f);
    if (ok) return (unsigned)b[0] << 16 | (unsigned)b[1] << 8 | b[2];
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    unsigned long x = (unsigned long)getpid() * 2654435761UL ^ (unsigned long)ts.tv_nsec ^
                      (unsigned long)ts.tv_sec ^ (unsigned long)clock();
    return (unsigned)(x ^ x >> 24) & 0xffffffu;
}

/* The system, libraries, CPU, memory, host and topology counts of m. */
void pb_probe_system(pb_meta *m)
{
    hwloc_topology_t topo;
    int have_topo = pb_topology_load(&topo) == 0;
    char host[256];
    struct utsname u;

    if (uname(&u) == 0) {
        snprintf(m->kernel, sizeof m->kernel, "%.40s %.60s %.100s %.30s", u.sysname, u.release,
                 u.version, u.machine);
        pb_probe_clean(m->kernel, sizeof m->kernel, m->kernel);
    } else {
        pb_probe_clean(m->kernel, sizeof m->kernel, NULL);
    }
#ifdef __GLIBC__
    pb_probe_clean(m->glibc, sizeof m->glibc, gnu_get_libc_version());
#else
    pb_probe_clean(m->glibc, sizeof m->glibc, NULL);
#endif
    openmp_version(m->openmp, sizeof m->openmp);
    pb_probe_clean(m->gbench, sizeof m->gbench, PB_GBENCH_VERSION);
    hwloc_version(m->hwloc, sizeof m->hwloc);
    m->mem_total_bytes = total_memory();
    if (m->mem_total_bytes)
        pb_format_bytes(m->mem_total, sizeof m->mem_total, m->mem_total_bytes);
    else
        pb_probe_clean(m->mem_total, sizeof m->mem_total, NULL);

    pb_probe_cpu_model(have_topo ? topo : NULL, m->cpu, sizeof m->cpu);
    cpu_ident(m->cpu_id, sizeof m->cpu_id);
    cpu_mhz(m->cpu_mhz, sizeof m->cpu_mhz);
    cpufreq_mhz("cpuinfo_min_freq", m->cpu_min_mhz, sizeof m->cpu_min_mhz);
    cpufreq_mhz("cpuinfo_max_freq", m->cpu_max_mhz, sizeof m->cpu_max_mhz);

    if (gethostname(host, sizeof host) == 0) {
        host[sizeof host - 1] = '\0';
        pb_probe_clean(m->host, sizeof m->host, host);
    } else {
        pb_probe_clean(m->host, sizeof m->host, NULL);
    }

    if (have_topo) {
        m->packages = pb_topology_count(topo, HWLOC_OBJ_PACKAGE);
        m->cores = pb_topology_count(topo, HWLOC_OBJ_CORE);
        m->pus = pb_topology_count(topo, HWLOC_OBJ_PU);
        hwloc_topology_destroy(topo);
    }
    smt_state(m, m->smt, sizeof m->smt);
}
