/* meta.c — a run's metadata: its id, date, build, command line and what the machine
 * was (meta_probe.c), the load and governor at its start and end, written as a .meta
 * with the hwloc topology beside it. */
#include "meta.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "harness/base/say.h"
#include "harness/base/text.h"
#include "harness/base/units.h"
#include "harness/build_commit.h"
#include "harness/build_info.h"
#include "harness/io/csv.h"
#include "harness/io/outfile.h"
#include "harness/measure/bind.h"
#include "meta_probe.h"
#include "harness/base/sizes.h"

/* The build's own strings are recorded whole: a build whose flags outgrow their field
 * fails here rather than writing them cut. */
_Static_assert(sizeof PB_VERSION <= sizeof((pb_meta *)0)->version,
               "PB_VERSION: grow pb_meta.version");
_Static_assert(sizeof PB_C_COMPILER <= sizeof((pb_meta *)0)->compiler,
               "PB_C_COMPILER: grow pb_meta.compiler");
_Static_assert(sizeof PB_C_FLAGS <= sizeof((pb_meta *)0)->flags,
               "this build's C flags (PB_C_FLAGS) are longer than pb_meta.flags: grow it");
_Static_assert(sizeof PB_BUILD_TYPE <= sizeof((pb_meta *)0)->build_type,
               "PB_BUILD_TYPE: grow pb_meta.build_type");

/* The command line given to pb_meta_set_command_line, shell-quoted. */
static char command_line[PB_COMMAND_LINE_MAX];

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

void pb_meta_set_command(pb_meta *m, const char *command)
{
    pb_probe_clean(m->command, sizeof m->command, command);
}

const char *pb_build_commit(void)
{
    return PB_BUILD_COMMIT;
}

/* Everything but the warning line; quiet: no line on stderr. */
static void meta_begin(pb_meta *m, int threads, const char *bind, int quiet)
{
    time_t now = time(NULL);
    struct tm tm;
    char stamp[24];

    memset(m, 0, sizeof *m);

    if (now != (time_t)-1 && gmtime_r(&now, &tm) &&
        strftime(m->date, sizeof m->date, "%Y-%m-%dT%H:%M:%SZ", &tm) > 0 &&
        strftime(stamp, sizeof stamp, "%Y%m%dT%H%M%SZ", &tm) > 0) {
        /* done */
    } else {
        snprintf(m->date, sizeof m->date, "unknown");
        snprintf(stamp, sizeof stamp, "00000000T000000Z");
    }
    snprintf(m->run_id, sizeof m->run_id, "%s-%06x", stamp, pb_probe_random24());

    pb_probe_clean(m->commit, sizeof m->commit, PB_BUILD_COMMIT);
    pb_probe_clean(m->version, sizeof m->version, PB_VERSION);
    pb_probe_clean(m->compiler, sizeof m->compiler, PB_C_COMPILER);
    pb_probe_clean(m->flags, sizeof m->flags, PB_C_FLAGS);
    pb_probe_clean(m->build_type, sizeof m->build_type, PB_BUILD_TYPE);
    pb_probe_clean(m->command, sizeof m->command, command_line);

    pb_probe_system(m);

    m->threads = threads;
    pb_probe_clean(m->bind, sizeof m->bind, bind);

    pb_probe_governor(m->governor_start, sizeof m->governor_start);
    snprintf(m->governor_end, sizeof m->governor_end, "unknown");
    pb_probe_load(m->loadavg_start);
    m->loadavg_end[0] = m->loadavg_end[1] = m->loadavg_end[2] = -1;

    long cores = m->cores > 0 ? m->cores : sysconf(_SC_NPROCESSORS_ONLN);
    if (cores < 1) cores = 1;
    if (m->loadavg_start[0] > 0.2 * (double)cores) {
        snprintf(m->load_warning, sizeof m->load_warning,
                 "1-minute load %.2f at start is over 0.2 per core (%ld core%s): timings may be "
                 "noisy",
                 m->loadavg_start[0], cores, cores == 1 ? "" : "s");
        if (!quiet) pb_meta_say_load(m);
    }
}

int pb_run_id_listed(const char *ids, const char *id)
{
    const size_t n = strlen(id);
    for (const char *w = ids; n && (w = strstr(w, id)); w += n)
        if ((w == ids || w[-1] == ' ') && (w[n] == ' ' || w[n] == '\0')) return 1;
    return 0;
}

void pb_meta_say_load(const pb_meta *m)
{
    /* A caller that warns once for many runs (run.sh) sets PB_LOAD_WARNED=1; the .meta
     * keeps the warning either way. */
    const char *warned = getenv("PB_LOAD_WARNED");
    if (m->load_warning[0] && !(warned && !strcmp(warned, "1")))
        pb_say("warning: %s", m->load_warning);
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
    pb_probe_governor(m->governor_end, sizeof m->governor_end);
    pb_probe_load(m->loadavg_end);
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

    if (m->prior_run_ids && m->prior_run_ids[0])
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

/* This machine's topology as hwloc's XML, exported to memory: the harness writes it
 * (hwloc would open the file itself). */
typedef struct xml_text {
    hwloc_topology_t topo;
    char *text;
    int len; /* without the NUL */
} xml_text;

/* 0, or -1 with "PATH: ..." in err; xml_drop frees what it holds. */
static int xml_export(xml_text *x, const char *path, char *err, size_t errlen)
{
    x->text = NULL;
    if (pb_topology_load(&x->topo) != 0) {
        snprintf(err, errlen, "%s: hwloc could not load the topology", path);
        return -1;
    }
    if (hwloc_topology_export_xmlbuffer(x->topo, &x->text, &x->len, 0) != 0) {
        x->text = NULL;
        hwloc_topology_destroy(x->topo);
        snprintf(err, errlen, "%s: cannot export the topology: hwloc failed", path);
        return -1;
    }
    if (x->len > 0 && !x->text[x->len - 1]) x->len--;
    return 0;
}

static void xml_drop(xml_text *x)
{
    if (x->text) hwloc_free_xmlbuffer(x->topo, x->text);
    hwloc_topology_destroy(x->topo);
}

static int fill_xml(FILE *f, void *ctx)
{
    const xml_text *x = ctx;
    return fwrite(x->text, 1, (size_t)x->len, f) == (size_t)x->len ? 0 : -1;
}

int pb_meta_topology_path(const char *meta_path, char *out, size_t n)
{
    size_t len = strlen(meta_path);
    if (pb_has_suffix(meta_path, ".meta")) len -= 5;
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

/* The error of a .meta whose topology's name, beside it, would not fit: -1. */
static int too_long(const char *meta_path, char *err, size_t errlen)
{
    snprintf(err, errlen,
             "%s: cannot write: path too long for its topology (NAME.topology.xml) beside it",
             meta_path);
    return -1;
}

int pb_meta_check(const char *meta_path, char *err, size_t errlen)
{
    char topo[PB_PATH_EXT_MAX];
    if (pb_meta_topology_path(meta_path, topo, sizeof topo) != 0)
        return too_long(meta_path, err, errlen);
    return pb_out_check(meta_path, err, errlen) || pb_out_check(topo, err, errlen) ? -1 : 0;
}

int pb_meta_save(const char *meta_path, const pb_meta *m, const char *const *extra, char *err,
                 size_t errlen)
{
    return pb_meta_save_with(meta_path, m, extra, NULL, 0, err, errlen);
}

int pb_meta_save_with(const char *meta_path, const pb_meta *m, const char *const *extra,
                      const pb_out_part *results, int n, char *err, size_t errlen)
{
    meta_fill mf = {m, extra};
    return pb_meta_save_text(meta_path, fill_meta, &mf, results, n, err, errlen);
}

int pb_meta_save_text(const char *meta_path, int (*fill)(FILE *f, void *ctx), void *ctx,
                      const pb_out_part *results, int n, char *err, size_t errlen)
{
    char topo[PB_PATH_EXT_MAX];
    pb_out_part part[PB_OUT_GROUP_MAX];
    xml_text x;

    if (pb_meta_topology_path(meta_path, topo, sizeof topo) != 0)
        return too_long(meta_path, err, errlen);
    if (n < 0 || n > PB_OUT_GROUP_MAX - 2) {
        snprintf(err, errlen, "%s: cannot write: %d result files beside it (at most %d)", meta_path,
                 n, PB_OUT_GROUP_MAX - 2);
        return -1;
    }
    /* Renamed in this order: the topology, the .meta, the results. A rename that fails
     * part way (or a SIGKILL between two) leaves the results that were there before,
     * whole, or none, beside a .meta of a run they are not of, which their run_id
     * shows: the more honest state. The other way round, new results could stand with
     * no .meta at all, or with another run's, their provenance lost. The topology
     * before the .meta, as it always was: a .meta stands beside its topology. */
    if (xml_export(&x, topo, err, errlen)) return -1;
    part[0] = (pb_out_part){topo, fill_xml, &x, NULL};
    part[1] = (pb_out_part){meta_path, fill, ctx, NULL};
    for (int k = 0; k < n; k++) part[2 + k] = results[k];
    const int rc = pb_write_files_atomic(part, n + 2, err, errlen);
    xml_drop(&x);
    return rc ? -1 : 0;
}

int pb_meta_save_in_place(const char *meta_path, const pb_meta *m, const char *const *extra,
                          char *err, size_t errlen)
{
    char *text = NULL;
    size_t len = 0, at = 0;
    FILE *mem = open_memstream(&text, &len);
    if (!mem) return snprintf(err, errlen, "%s: out of memory", meta_path), -1;
    const int bad = pb_meta_write(mem, m, extra);
    if (fclose(mem) || bad)
        return free(text), snprintf(err, errlen, "%s: out of memory", meta_path), -1;
    const int fd = pb_out_open(meta_path, O_WRONLY, err, errlen);
    if (fd < 0) return free(text), -1;
    while (at < len) {
        const ssize_t n = pwrite(fd, text + at, len - at, (off_t)at);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
        at += (size_t)n;
    }
    const int e = at < len ? (errno ? errno : EIO) : ftruncate(fd, (off_t)len) ? errno : 0;
    close(fd);
    free(text);
    if (e) return snprintf(err, errlen, "%s: cannot write: %s", meta_path, strerror(e)), -1;
    return 0;
}
