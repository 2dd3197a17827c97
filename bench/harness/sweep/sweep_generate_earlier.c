/* sweep_generate_earlier.c — what a generation sweep does with the files of its
 * earlier run that this run does not write (a method taken out of the sweep file, one
 * that --quick leaves out, records where a folder is now written): the report reads
 * every NAME-METHOD.csv in the folder as a method of sweep NAME, so with --force each
 * goes, named on standard error, and the folder holds this run alone; without it (a
 * new run, or --resume) the sweep is refused, since finishing it would leave them in
 * the folder as part of this run. Only what an earlier .meta of the sweep claims
 * counts: NAME-X.meta of this generator and family whose generate= line names method
 * X, its records NAME-X.csv and topology beside it. A method's folder NAME-X/ also
 * holds the generator's own files, which the sweep cannot name: --force refuses it
 * instead, and nothing is removed. */
#include "sweep.h"

#include <dirent.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "harness/base/exit.h"
#include "harness/base/say.h"
#include "harness/base/sizes.h"
#include "harness/base/text.h"
#include "harness/io/inputs.h"
#include "harness/io/outlock.h"
#include "harness/meta/meta.h"
#include "harness/mpi/world.h"
#include "sweep_generate_earlier.h"

/* An earlier method's files: NAME-X.meta (folder 0) or NAME-X/generate.meta (folder 1). */
typedef struct earlier {
    char method[PB_LINES_NAME_MAX + 1];
    int folder;
} earlier;

/* 1 when this run writes method x as folder says (its folder, or its records). */
static int written(const pb_sweep_spec *s, const pb_sweep_lines *m, const char *x, int folder)
{
    for (int k = 0; k < m->n; k++)
        if (!strcmp(m->name[k], x)) return !folder == !s->gen.puzzles;
    return 0;
}

/* 1 when the regular file meta is a .meta that this sweep's method x wrote: its
 * generator, its family, and "generate=X: ..." (a file of another sweep, of generate
 * alone, or one that cannot be read is none of this sweep's). */
static int claims(const pb_sweep_spec *s, const char *meta, const char *x)
{
    struct stat st;
    char err[PB_MSG_MAX];
    size_t len, n;
    if (lstat(meta, &st) || !S_ISREG(st.st_mode)) return 0;
    char *text = pb_meta_read(meta, &len, err, sizeof err);
    if (!text) return 0;
    const char *v = pb_meta_value(text, "generate", &n);
    const size_t xn = strlen(x);
    const int ours = v && n > xn && !strncmp(v, x, xn) && v[xn] == ':' &&
                     pb_meta_value_is(text, "generator", s->gen.generator) &&
                     pb_meta_value_is(text, "family", s->fam->name);
    free(text);
    return ours;
}

/* Entry f of dir: an earlier method of sweep `name` that this run does not write, into
 * *e. 1 when it is one. */
static int earlier_method(const pb_sweep_spec *s, const pb_sweep_lines *m, const char *dir,
                          const char *f, earlier *e)
{
    char path[PB_PATH_MAX], meta[PB_PATH_EXT_MAX];
    struct stat st;
    const size_t nl = strlen(s->name);
    if (strncmp(f, s->name, nl) || f[nl] != '-') return 0;
    const char *x = f + nl + 1;
    size_t xn = strlen(x);
    if (snprintf(path, sizeof path, "%s/%s", dir, f) >= (int)sizeof path || lstat(path, &st))
        return 0;
    e->folder = S_ISDIR(st.st_mode);
    if (!e->folder) {
        if (xn <= 5 || strcmp(x + xn - 5, ".meta")) return 0;
        xn -= 5;
    }
    if (!xn || xn > PB_LINES_NAME_MAX) return 0;
    memcpy(e->method, x, xn), e->method[xn] = '\0';
    if (written(s, m, e->method, e->folder)) return 0;
    snprintf(meta, sizeof meta, "%s%s", path, e->folder ? "/generate.meta" : "");
    return claims(s, meta, e->method);
}

static int by_method(const void *a, const void *b)
{
    const earlier *x = a, *y = b;
    const int c = strcmp(x->method, y->method);
    return c ? c : x->folder - y->folder;
}

/* The earlier methods in dir that this run does not write, malloc'd, sorted; their
 * number in *n. NULL with *n 0 when none (or no folder), NULL with *n -1 when out of
 * memory. */
static earlier *find_earlier(const pb_sweep_spec *s, const pb_sweep_lines *m, const char *dir,
                             int *n)
{
    DIR *d = opendir(dir);
    earlier *all = NULL, e;
    int cap = 0;
    *n = 0;
    if (!d) return NULL; /* a folder that is not there holds no earlier run */
    for (struct dirent *f; (f = readdir(d));) {
        if (!earlier_method(s, m, dir, f->d_name, &e)) continue;
        if (*n == cap) {
            earlier *more = realloc(all, (size_t)(cap = cap ? 2 * cap : 8) * sizeof *all);
            if (!more) return closedir(d), free(all), *n = -1, NULL;
            all = more;
        }
        all[(*n)++] = e;
    }
    closedir(d);
    if (*n) qsort(all, (size_t)*n, sizeof *all, by_method);
    return all;
}

/* The files of earlier method e's records, its .meta among them: what removing it
 * removes. */
enum { FILES = 3 };
static void files_of(const char *dir, const char *name, const earlier *e,
                     char path[FILES][PB_PATH_EXT_MAX])
{
    snprintf(path[0], PB_PATH_EXT_MAX, "%s/%s-%s.csv", dir, name, e->method);
    snprintf(path[1], PB_PATH_EXT_MAX, "%s/%s-%s.meta", dir, name, e->method);
    if (pb_meta_topology_path(path[1], path[2], PB_PATH_EXT_MAX)) path[2][0] = '\0';
}

/* Removes earlier method e's records under their lock (a run that writes them now is
 * left alone), naming them. 0, or the exit status after saying why. */
static int drop(const char *dir, const char *name, const earlier *e)
{
    char path[FILES][PB_PATH_EXT_MAX], lock[PB_PATH_EXT_MAX + 8], holder[PB_OUT_LOCK_HOLDER],
        err[PB_MSG_MAX], said[3 * PB_PATH_EXT_MAX + 8] = "";
    struct stat st;
    pb_out_lock l = {-1, 0};
    files_of(dir, name, e, path);
    snprintf(lock, sizeof lock, "%s.lock", path[0]); /* generate --stats FILE's */
    for (int k = 0; k < FILES; k++)
        if (path[k][0] && pb_input_clash(path[k], err, sizeof err))
            return pb_say("sweep: --force: %s", err), PB_EXIT_USAGE;
    const int held = pb_out_lock_take(&l, lock, holder, err, sizeof err);
    if (held < 0) return pb_say("sweep: --force: %s", err), PB_EXIT_USAGE;
    if (held)
        return pb_say("sweep: --force: %s: another run is writing method %s of this sweep's "
                      "earlier run (pid %s); wait for it, or give --out another folder",
                      lock, e->method, holder),
               PB_EXIT_USAGE;
    int rc = 0;
    for (int k = 0; k < FILES && !rc; k++) {
        if (!path[k][0] || lstat(path[k], &st)) continue;
        if (remove(path[k])) {
            pb_say("sweep: --force: %s: cannot remove: %s", path[k], strerror(errno));
            rc = PB_EXIT_USAGE;
        } else {
            pb_text_list_add(said, sizeof said, path[k]);
        }
    }
    pb_out_lock_release(&l, lock);
    if (said[0])
        pb_say("sweep: --force removed %s: method %s of the earlier run, which this run does "
               "not make",
               said, e->method);
    return rc;
}

/* Rank 0's part: a folder refuses the whole (nothing removed), then the records go. */
static int drop_all(const pb_sweep_spec *s, const pb_sweep_opts *o, const pb_sweep_lines *m)
{
    int n, rc = 0;
    earlier *e = find_earlier(s, m, o->out_dir, &n);
    if (n < 0) return pb_say("sweep: out of memory"), PB_EXIT_FAILED;
    for (int k = 0; k < n && !rc; k++)
        if (e[k].folder) {
            pb_say("sweep: --force: %s/%s-%s/ holds method %s of the earlier run, which this "
                   "run does not make, and the generator's own files, which the sweep cannot "
                   "name; remove it, or give --out another folder",
                   o->out_dir, s->name, e[k].method, e[k].method);
            rc = PB_EXIT_USAGE;
        }
    for (int k = 0; k < n && !rc; k++) rc = drop(o->out_dir, s->name, &e[k]);
    free(e);
    return rc;
}

/* Rank 0's part without --force: the first earlier method refuses the run (nothing is
 * made, nothing removed), its files named. */
static int refuse_any(const pb_sweep_spec *s, const pb_sweep_opts *o, const pb_sweep_lines *m)
{
    int n;
    earlier *e = find_earlier(s, m, o->out_dir, &n);
    if (n < 0) return pb_say("sweep: out of memory"), PB_EXIT_FAILED;
    if (!n) return 0;
    char path[FILES][PB_PATH_EXT_MAX], what[3 * PB_PATH_EXT_MAX + 8] = "";
    struct stat st;
    if (e[0].folder) {
        pb_say("sweep: %s/%s-%s/ holds method %s of an earlier run of this sweep, which this "
               "run does not make, and the generator's own files; remove it, or give --out "
               "another folder",
               o->out_dir, s->name, e[0].method, e[0].method);
    } else {
        files_of(o->out_dir, s->name, &e[0], path);
        for (int k = 0; k < FILES; k++)
            if (path[k][0] && !lstat(path[k], &st)) pb_text_list_add(what, sizeof what, path[k]);
        pb_say("sweep: %s: the records of method %s of an earlier run of this sweep, which this "
               "run does not make, and the report would read them as this run's; remove them, "
               "give --force (every method made again, and these removed), or give --out another "
               "folder",
               what, e[0].method);
    }
    free(e);
    return PB_EXIT_USAGE;
}

int pb_sweep_generate_earlier(const pb_sweep_spec *s, const pb_sweep_opts *o,
                              const pb_sweep_lines *m)
{
    const pb_world *w = pb_world_get();
    /* Rank 0 looks (and removes); every rank returns what it found, as the methods'
     * runs do. */
    int32_t rc = w->rank ? 0 : o->force ? drop_all(s, o, m) : refuse_any(s, o, m);
    if (w->size > 1 && pb_world_bcast(&rc, sizeof rc, 0)) rc = PB_EXIT_FAILED;
    return rc;
}
