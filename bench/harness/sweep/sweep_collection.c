/* sweep_collection.c — a sweep's collection: a folder of puzzles that someone else
 * published, with a manifest.csv naming them (and whatever they say of each). Each
 * row's file becomes an instance; the manifest is copied beside the results
 * (NAME.manifest.csv) for the report to compare with; no folder skips the sweep, so
 * that a collection the project does not ship costs nothing where it is absent. */
#include "harness/base/sizes.h"
#include "sweep_collection.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "harness/base/exit.h"
#include "harness/base/say.h"
#include "harness/io/csvtable.h"
#include "harness/io/outfile.h"
#include "harness/io/readfile.h"
#include "harness/mpi/world.h"

/* A puzzle's name is one file name's worth of letters, digits, '.', '_' and '-', not
 * starting with '.': never a path. */
static int good_name(const char *name)
{
    const size_t n = strlen(name);
    return n && n <= 200 && name[0] != '.' &&
           strspn(name, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-") == n;
}

/* Adds the instance of each manifest row. 0, or the exit status. */
static int add_rows(pb_sweep_spec *s, const char *dir, const char *manifest, const pb_table *t)
{
    const char *pattern = s->collection.file ? s->collection.file : "{name}";
    const char *at = strstr(pattern, "{name}");
    const int col = pb_table_column(t, "name");
    char path[PB_PATH_EXT_MAX];
    if (col < 0)
        return pb_say("sweep: %s:1: expected a column 'name' (each puzzle's)", manifest),
               PB_EXIT_USAGE;
    for (long r = 0; r < t->nrows; r++) {
        const char *n = pb_table_cell(t, r, col);
        if (!good_name(n)) /* pb_say shows any byte that is not printable as \xNN */
            return pb_say("sweep: %s:%ld: expected a puzzle name of letters, digits, '.', '_' "
                          "and '-', got '%.60s'",
                          manifest, pb_table_line(t, r), n),
                   PB_EXIT_USAGE;
        snprintf(path, sizeof path, "%s/%.*s%s%s", dir, (int)(at - pattern), pattern, n, at + 6);
        if (pb_list_add(&s->instances, path)) return pb_say("sweep: out of memory"), PB_EXIT_FAILED;
    }
    s->collection.n = (int)t->nrows;
    return 0;
}

typedef struct bytes {
    const char *text;
    size_t len;
} bytes;

static int write_bytes(FILE *f, void *ctx)
{
    const bytes *b = ctx;
    return fwrite(b->text, 1, b->len, f) == b->len ? 0 : -1;
}

/* Writes the manifest's bytes b to OUT/NAME.manifest.csv (rank 0). 0, or the exit
 * status. */
static int copy_manifest(const pb_sweep_spec *s, const pb_sweep_opts *o, bytes *b)
{
    char err[PB_MSG_LONG_MAX], path[PB_PATH_PART_MAX];
    if (o->list_only || pb_world_get()->rank != 0) return 0;
    if (mkdir(o->out_dir, 0777) && errno != EEXIST)
        return pb_say("sweep: cannot create %s: %s", o->out_dir, strerror(errno)), PB_EXIT_USAGE;
    snprintf(path, sizeof path, "%s/%s.manifest.csv", o->out_dir, s->name);
    if (pb_write_file_atomic(path, write_bytes, b, err, sizeof err))
        return pb_say("sweep: %s", err), PB_EXIT_USAGE;
    return 0;
}

/* Reads the manifest once: its bytes in *b (malloc'd), its rows in *t. 0, or the exit
 * status. */
static int read_manifest(const char *manifest, bytes *b, pb_table *t)
{
    char err[PB_MSG_LONG_MAX];
    char *text = pb_read_file(manifest, &b->len, err, sizeof err), *cells;
    if (!text) return pb_say("sweep: %s", err), PB_EXIT_USAGE;
    if (!(cells = malloc(b->len + 1)))
        return free(text), pb_say("sweep: out of memory"), PB_EXIT_FAILED;
    memcpy(cells, text, b->len + 1); /* the table cuts its fields out of its own copy */
    b->text = text;
    if (pb_table_parse(cells, b->len, manifest, t, err, sizeof err)) {
        free(text);
        return pb_say("sweep: %s", err), PB_EXIT_USAGE;
    }
    return 0;
}

int pb_sweep_collection_load(pb_sweep_spec *s, const pb_sweep_opts *o)
{
    const char *env = s->collection.env ? getenv(s->collection.env) : NULL;
    const char *dir = env && *env ? env : s->collection.dir;
    char where[600], manifest[PB_PATH_PART_MAX], hint[200] = "";
    const char *pattern = s->collection.file;
    if (pattern && (!strstr(pattern, "{name}") || strchr(pattern, '/'))) {
        pb_sweep_spec_at(s, "collection-file", o->source, where, sizeof where);
        return pb_say("sweep: %scollection-file expects a file name with {name} in it, got '%s'",
                      where, pattern),
               PB_EXIT_USAGE;
    }
    if (s->collection.env) snprintf(hint, sizeof hint, "; set %s to its folder", s->collection.env);
    snprintf(manifest, sizeof manifest, "%s/manifest.csv", dir ? dir : "");
    struct stat st;
    if (!dir || stat(manifest, &st) || !S_ISREG(st.st_mode)) {
        pb_sweep_spec_where(s, "collection", o->source, where, sizeof where);
        pb_say("sweep: %sno collection at %s (no manifest.csv)%s: %s skipped", where,
               dir ? dir : "(none given)", hint, s->name);
        return PB_EXIT_SKIPPED;
    }
    pb_table t;
    bytes b;
    int rc = read_manifest(manifest, &b, &t);
    if (rc) return rc;
    rc = add_rows(s, dir, manifest, &t);
    pb_table_free(&t);
    if (!rc && pb_list_add(&s->strings, dir)) rc = PB_EXIT_FAILED;
    if (!rc) s->collection.found = s->strings.item[s->strings.n - 1];
    if (!rc) rc = copy_manifest(s, o, &b);
    free((char *)b.text);
    return rc;
}
