/* meta.c — run metadata (run id, date, commit, build, command line, system and library
 * versions, CPU, memory, load, governor, topology export) and `puzzlebench info`. */
#define _DEFAULT_SOURCE /* getloadavg */
#include "meta.h"

#include <errno.h>
#include <stddef.h>
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

#include "harness/measure/bind.h"
#include "harness/io/csv.h"
#include "harness/build_commit.h"
#include "harness/build_info.h"
#include "player/page/page.h"
#include "harness/base/units.h"
#include "harness/mpi/world.h"
#include "harness/base/say.h"
#include "harness/io/outfile.h"

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
        copy_clean(dst, n, colon + 1);
        found = 0;
    }
    fclose(f);
    return found;
}

/* CPU model: the full model name of /proc/cpuinfo, else hwloc's CPUModel of the first
 * package, else "unknown". */
static void cpu_model(hwloc_topology_t topo, char *dst, size_t n)
{
    if (cpuinfo_value("model name", dst, n) == 0 && strcmp(dst, "unknown") != 0) return;
    const char *model = NULL;
    if (topo) {
        hwloc_obj_t pkg = hwloc_get_obj_by_type(topo, HWLOC_OBJ_PACKAGE, 0);
        if (pkg) model = hwloc_obj_get_info_by_name(pkg, "CPUModel");
    }
    copy_clean(dst, n, model);
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
    copy_clean(dst, n, line);
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
static void governor(char *dst, size_t n)
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

static void load_sample(double load[3])
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
static unsigned random24(void)
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

/* The command line given to pb_meta_set_command_line, shell-quoted. */
static char command_line[4096];

/* Appends word to dst (size n) as /bin/sh would need it: as it is when it holds only
 * safe characters, else in single quotes. 0 if it fitted. */
static int append_word(char *dst, size_t n, const char *word)
{
    static const char safe[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                               "0123456789_-+=.,/:@%^";
    size_t len = strlen(dst);
    int quote = !*word || word[strspn(word, safe)] != '\0';

    if (len && len + 1 < n) dst[len++] = ' ';
    if (len + 1 >= n) return -1;
    if (quote) dst[len++] = '\'';
    for (const char *s = word; *s; s++) {
        const char *piece = *s == '\'' ? "'\\''" : NULL;
        size_t plen = piece ? 4 : 1;
        if (len + plen + 2 >= n) return -1;
        if (piece) {
            memcpy(dst + len, piece, plen);
        } else {
            dst[len] = *s == '\n' || *s == '\r' ? ' ' : *s;
        }
        len += plen;
    }
    if (quote) dst[len++] = '\'';
    dst[len] = '\0';
    return 0;
}

void pb_meta_set_command_line(int argc, char **argv)
{
    command_line[0] = '\0';
    for (int i = 0; i < argc && argv[i]; i++) {
        size_t keep = strlen(command_line);
        if (append_word(command_line, sizeof command_line - 4, argv[i]) != 0) {
            command_line[keep] = '\0';
            strcat(command_line, " ...");
            break;
        }
    }
}

const char *pb_build_commit(void)
{
    return PB_BUILD_COMMIT;
}

/* Everything but the warning line; quiet: no line on stderr. */
static void meta_begin(pb_meta *m, int threads, const char *bind, int quiet)
{
    hwloc_topology_t topo;
    int have_topo = pb_topology_load(&topo) == 0;
    time_t now = time(NULL);
    struct tm tm;
    char host[256], stamp[24];
    struct utsname u;

    memset(m, 0, sizeof *m);

    if (now != (time_t)-1 && gmtime_r(&now, &tm) &&
        strftime(m->date, sizeof m->date, "%Y-%m-%dT%H:%M:%SZ", &tm) > 0 &&
        strftime(stamp, sizeof stamp, "%Y%m%dT%H%M%SZ", &tm) > 0) {
        /* done */
    } else {
        snprintf(m->date, sizeof m->date, "unknown");
        snprintf(stamp, sizeof stamp, "00000000T000000Z");
    }
    snprintf(m->run_id, sizeof m->run_id, "%s-%06x", stamp, random24());

    copy_clean(m->commit, sizeof m->commit, PB_BUILD_COMMIT);
    copy_clean(m->version, sizeof m->version, PB_VERSION);
    copy_clean(m->compiler, sizeof m->compiler, PB_C_COMPILER);
    copy_clean(m->flags, sizeof m->flags, PB_C_FLAGS);
    copy_clean(m->build_type, sizeof m->build_type, PB_BUILD_TYPE);
    copy_clean(m->command, sizeof m->command, command_line);

    if (uname(&u) == 0) {
        snprintf(m->kernel, sizeof m->kernel, "%.40s %.60s %.100s %.30s", u.sysname, u.release,
                 u.version, u.machine);
        copy_clean(m->kernel, sizeof m->kernel, m->kernel);
    } else {
        copy_clean(m->kernel, sizeof m->kernel, NULL);
    }
#ifdef __GLIBC__
    copy_clean(m->glibc, sizeof m->glibc, gnu_get_libc_version());
#else
    copy_clean(m->glibc, sizeof m->glibc, NULL);
#endif
    openmp_version(m->openmp, sizeof m->openmp);
    copy_clean(m->gbench, sizeof m->gbench, PB_GBENCH_VERSION);
    hwloc_version(m->hwloc, sizeof m->hwloc);
    m->mem_total_bytes = total_memory();
    if (m->mem_total_bytes)
        pb_format_bytes(m->mem_total, sizeof m->mem_total, m->mem_total_bytes);
    else
        copy_clean(m->mem_total, sizeof m->mem_total, NULL);

    cpu_model(have_topo ? topo : NULL, m->cpu, sizeof m->cpu);
    cpu_ident(m->cpu_id, sizeof m->cpu_id);
    cpu_mhz(m->cpu_mhz, sizeof m->cpu_mhz);
    cpufreq_mhz("cpuinfo_min_freq", m->cpu_min_mhz, sizeof m->cpu_min_mhz);
    cpufreq_mhz("cpuinfo_max_freq", m->cpu_max_mhz, sizeof m->cpu_max_mhz);

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
    smt_state(m, m->smt, sizeof m->smt);

    m->threads = threads;
    copy_clean(m->bind, sizeof m->bind, bind);

    governor(m->governor_start, sizeof m->governor_start);
    snprintf(m->governor_end, sizeof m->governor_end, "unknown");
    load_sample(m->loadavg_start);
    m->loadavg_end[0] = m->loadavg_end[1] = m->loadavg_end[2] = -1;

    long cores = m->cores > 0 ? m->cores : sysconf(_SC_NPROCESSORS_ONLN);
    if (cores < 1) cores = 1;
    if (m->loadavg_start[0] > 0.2 * (double)cores) {
        snprintf(m->load_warning, sizeof m->load_warning,
                 "1-minute load %.2f at start is over 0.2 per core (%ld core%s): timings may be "
                 "noisy",
                 m->loadavg_start[0], cores, cores == 1 ? "" : "s");
        /* A caller that warns once for many runs (run.sh) sets PB_LOAD_WARNED=1; the
         * .meta keeps the warning either way. */
        const char *warned = getenv("PB_LOAD_WARNED");
        if (!quiet && !(warned && !strcmp(warned, "1"))) pb_say("warning: %s", m->load_warning);
    }
}

void pb_meta_begin(pb_meta *m, int threads, const char *bind)
{
    meta_begin(m, threads, bind, 0);
}

void pb_meta_collect(pb_meta *m, int threads, const char *bind)
{
    meta_begin(m, threads, bind, 1);
}

void pb_meta_end(pb_meta *m)
{
    governor(m->governor_end, sizeof m->governor_end);
    load_sample(m->loadavg_end);
    m->have_end = 1;
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

/* "KEY=L1" and "KEYavg...=L1 L5 L15" lines of a load sample ("unknown" when missing). */
static void put_load(FILE *f, const char *key, const char *avg_key, const double load[3])
{
    if (load[0] < 0) {
        fprintf(f, "%s=unknown\n%s=unknown\n", key, avg_key);
        return;
    }
    fprintf(f, "%s=%.2f\n%s=%.2f %.2f %.2f\n", key, load[0], avg_key, load[0], load[1], load[2]);
}

int pb_meta_write(FILE *f, const pb_meta *m, const char *const *extra)
{
    char mem[32];

    if (m->prior_run_ids[0])
        fprintf(f, "run_id=%s %s\n", m->prior_run_ids, m->run_id);
    else
        put_kv(f, "run_id", m->run_id);
    put_kv(f, "date", m->date);
    put_kv(f, "commit", m->commit);
    put_kv(f, "version", m->version);
    put_kv(f, "compiler", m->compiler);
    put_kv(f, "flags", m->flags);
    put_kv(f, "build_type", m->build_type);
    put_kv(f, "command", m->command);
    put_kv(f, "cpu", m->cpu);
    put_kv(f, "host", m->host);
    fprintf(f, "packages=%d\ncores=%d\npus=%d\nthreads=%d\n", m->packages, m->cores, m->pus,
            m->threads);
    put_kv(f, "bind", m->bind);
    put_kv(f, "kernel", m->kernel);
    put_kv(f, "glibc", m->glibc);
    put_kv(f, "openmp", m->openmp);
    put_kv(f, "google_benchmark", m->gbench);
    put_kv(f, "hwloc", m->hwloc);
    put_kv(f, "mem_total", m->mem_total);
    snprintf(mem, sizeof mem, "%llu", m->mem_total_bytes);
    put_kv(f, "mem_total_bytes", m->mem_total_bytes ? mem : "unknown");
    put_kv(f, "cpu_id", m->cpu_id);
    put_kv(f, "cpu_mhz", m->cpu_mhz);
    put_kv(f, "cpu_min_mhz", m->cpu_min_mhz);
    put_kv(f, "cpu_max_mhz", m->cpu_max_mhz);
    put_kv(f, "smt", m->smt);
    put_kv(f, "governor", m->governor_start);
    put_kv(f, "governor_end", m->have_end ? m->governor_end : "unknown");
    put_load(f, "load_start", "loadavg_start", m->loadavg_start);
    static const double none[3] = {-1, -1, -1};
    put_load(f, "load_end", "loadavg_end", m->have_end ? m->loadavg_end : none);
    if (m->load_warning[0]) put_kv(f, "load_warning", m->load_warning);
    for (; extra && *extra; extra++) put_line(f, *extra);
    return ferror(f) ? -1 : 0;
}

typedef struct xml_text {
    const char *text;
    int len;
} xml_text;

static int fill_xml(FILE *f, void *ctx)
{
    const xml_text *x = ctx;
    return fwrite(x->text, 1, (size_t)x->len, f) == (size_t)x->len ? 0 : -1;
}

int pb_meta_write_topology(const char *path, char *err, size_t errlen)
{
    hwloc_topology_t topo;
    if (pb_topology_load(&topo) != 0) {
        snprintf(err, errlen, "%s: hwloc could not load the topology", path);
        return -1;
    }
    /* Exported to memory and written by the harness (hwloc would open the file itself). */
    char *xml = NULL;
    int len = 0;
    int rc = hwloc_topology_export_xmlbuffer(topo, &xml, &len, 0);
    if (rc != 0) {
        snprintf(err, errlen, "%s: cannot export the topology: hwloc failed", path);
    } else {
        xml_text x = {xml, len > 0 && !xml[len - 1] ? len - 1 : len}; /* without the NUL */
        rc = pb_write_file_atomic(path, fill_xml, &x, err, errlen);
        hwloc_free_xmlbuffer(topo, xml);
    }
    hwloc_topology_destroy(topo);
    return rc ? -1 : 0;
}

int pb_meta_topology_path(const char *meta_path, char *out, size_t n)
{
    size_t len = strlen(meta_path);
    if (len >= 5 && strcmp(meta_path + len - 5, ".meta") == 0) len -= 5;
    int w = snprintf(out, n, "%.*s.topology.xml", (int)len, meta_path);
    return w < 0 || (size_t)w >= n ? -1 : 0;
}

typedef struct meta_fill {
    const pb_meta *m;
    const char *const *extra;
} meta_fill;

static int fill_meta(FILE *f, void *p)
{
    const meta_fill *mf = p;
    return pb_meta_write(f, mf->m, mf->extra);
}

int pb_meta_save(const char *meta_path, const pb_meta *m, const char *const *extra, char *err,
                 size_t errlen)
{
    char topo[4200];
    meta_fill mf = {m, extra};

    if (pb_meta_topology_path(meta_path, topo, sizeof topo) != 0) {
        snprintf(err, errlen, "%s: path too long", meta_path);
        return -1;
    }
    /* The topology first: a .meta that says a run is complete is written last. */
    if (pb_meta_write_topology(topo, err, errlen) != 0) return -1;
    return pb_write_file_atomic(meta_path, fill_meta, &mf, err, errlen);
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
    fprintf(f, "commit: %s\n", PB_BUILD_COMMIT);
    fprintf(f, "compiler: %s\n", PB_C_COMPILER);
    fprintf(f, "flags: %s\n", flags);
    fprintf(f, "build type: %s\n", *PB_BUILD_TYPE ? PB_BUILD_TYPE : "unknown");
    const char *mpi;
    const pb_world *w = pb_world_get();
    if (pb_world_built_with_mpi(&mpi))
        fprintf(f, "mpi: %s; this run: rank %d of %d on %s%s\n", mpi, w->rank, w->size, w->host,
                w->mpi ? "" : " (not started by mpirun)");
    else
        fprintf(f, "mpi: %s\n", mpi);
    fprintf(f, "player page: %s\n",
            pb_player_available() ? "with its WebAssembly generator"
                                  : "not built (no wasm32-wasi toolchain: clang, lld, wasi-libc)");
    return 0;
}

void pb_version_print(FILE *f)
{
    char flags[512];

    copy_clean(flags, sizeof flags, PB_C_FLAGS);
    fprintf(f, "puzzlebench %s\n", PB_VERSION);
    fprintf(f, "commit: %s\n", PB_BUILD_COMMIT);
    fprintf(f, "build type: %s\n", *PB_BUILD_TYPE ? PB_BUILD_TYPE : "unknown");
    fprintf(f, "compiler: %s\n", PB_C_COMPILER);
    fprintf(f, "flags: %s\n", flags);
}
