/* gen_out.c — the generator runner's outputs (gen.h): the --out folder, the puzzles
 * (DIR/generate.txt, or standard output) and their records (DIR/generate.csv, or
 * --stats FILE), each opened new, started over (--force) or resumed (gen_stream.h),
 * written task by task in task order, and closed with the run's .meta beside the
 * records. A resumed run keeps the tasks that both files hold whole. */
#include "gen_state.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/text_bytes.h"
#include "harness/base/exit.h"
#include "harness/base/say.h"
#include "harness/base/text.h"
#include "harness/meta/meta.h"
#include "harness/io/inputs.h"
#include "harness/io/outfile.h"
#include "harness/io/readfile.h"
#include "harness/base/sizes.h"

static long one_line(long t, void *ctx)
{
    (void)t, (void)ctx;
    return 1;
}

/* Lines of task t in the puzzle file: none for a kept task that hit a limit. */
static long text_lines(long t, void *ctx)
{
    const pb_gen_state *s = ctx;
    if (s->recorded && t < s->records.kept && s->item[t].status != PB_GEN_MADE) return 0;
    return s->h->lines(s->p->ctx, t);
}

/* Field k (from 0) of a CSV line without quotes: its start and length. */
static const char *field(const char *line, int k, size_t *len)
{
    for (; k > 0; k--) {
        const char *comma = line + strcspn(line, ",\n");
        if (*comma != ',') return NULL;
        line = comma + 1;
    }
    *len = strcspn(line, ",\n");
    return line;
}

/* How kept record t (its line, line t + 2 of the file) ended; checks that the options
 * made it. 0, or -1. */
static int read_kept(pb_gen_state *s, long t, const char *line, char *err, size_t errlen)
{
    char key[1024];
    size_t len;
    const pb_gen_hook *h = s->h;
    int n = h->key ? h->key(s->p->ctx, t, key, sizeof key) : 0;
    if (n > 0 && strncmp(line, key, (size_t)n))
        return snprintf(err, errlen,
                        "%s:%ld: record %ld is not '%.*s...': made with other options; nothing to "
                        "resume (give --force to start over)",
                        s->records_path, t + 2, t + 1, n, key),
               -1;
    if (h->status_column < 0) return 0;
    const char *v = field(line, h->status_column, &len);
    if (v && len == 4 && !strncmp(v, "done", 4)) return 0;
    if (v && len == 5 && !strncmp(v, "limit", 5) && h->keeps_limits)
        return s->item[t].status = PB_GEN_LIMIT, 0;
    char status[41], shown[164];
    snprintf(status, sizeof status, "%.*s", v ? (int)(len < 40 ? len : 40) : 0, v ? v : "");
    return snprintf(err, errlen, "%s:%ld: record %ld: status '%s' is not done or limit",
                    s->records_path, t + 2, t + 1, pb_text_show(shown, sizeof shown, status)),
           -1;
}

/* A kept record's run_id (its last field) joins the .meta's run_id= line, so that
 * the .meta names every run whose records the file holds, however many. 0, or -1 (out
 * of memory). */
static int note_run_id(pb_gen_state *s, const char *line)
{
    const size_t end = strcspn(line, "\n");
    const char *at = line + end;
    while (at > line && at[-1] != ',') at--;
    char id[sizeof s->meta.run_id];
    const size_t n = (size_t)(line + end - at);
    if (!n || n >= sizeof id) return 0;
    memcpy(id, at, n), id[n] = '\0';
    const size_t used = s->run_ids ? strlen(s->run_ids) : 0;
    if (used && pb_run_id_listed(s->run_ids, id)) return 0;
    char *ids = realloc(s->run_ids, used + n + 2);
    if (!ids) return -1;
    snprintf(ids + used, n + 2, "%s%s", used ? " " : "", id);
    s->meta.prior_run_ids = s->run_ids = ids;
    return 0;
}

/* --resume: reads how each kept record's task ended. 0, or -1 with why. */
static int read_records(pb_gen_state *s, char *err, size_t errlen)
{
    size_t len;
    char *text = pb_read_file(s->records_path, &len, err, errlen), *line = text;
    if (!text) return -1;
    /* The records are walked as text: a NUL byte would end a line early and put every
     * later record out of step with the task it is read for. */
    const char *nul = memchr(text, '\0', len);
    if (nul) {
        long at = 1;
        for (const char *c = text; c < nul; c++) at += *c == '\n';
        snprintf(err, errlen, "%s:%ld: expected text, got a NUL byte", s->records_path, at);
        free(text);
        return -1;
    }
    line += strcspn(line, "\n") + 1; /* the header */
    int rc = 0;
    for (long t = 0; t < s->records.kept && !rc; t++, line += strcspn(line, "\n") + 1) {
        rc = read_kept(s, t, line, err, errlen);
        if (!rc && note_run_id(s, line))
            rc = -1, snprintf(err, errlen, "%s: out of memory", s->records_path);
    }
    free(text);
    return rc;
}

/* The .meta beside the records: FILE.csv's is FILE.meta, another name's NAME.meta. */
static void meta_path(const pb_gen_state *s, char *out, size_t len)
{
    size_t n = strlen(s->records_path);
    if (n > 4 && pb_has_suffix(s->records_path, ".csv")) n -= 4;
    snprintf(out, len, "%.*s.meta", (int)n, s->records_path);
}

/* --resume keeps records of the .meta's build: they are refused, as a sweep's rows are
 * (sweep_resume.c), when its commit is not this build's, so that one file never mixes
 * two builds' records. Records without a .meta (a run killed before it wrote one)
 * are kept. 0, or -1 with why. */
static int check_commit(const pb_gen_state *s, char *err, size_t errlen)
{
    char path[PB_PATH_EXT_MAX];
    struct stat st;
    size_t len, n;
    meta_path(s, path, sizeof path);
    if (access(s->records_path, F_OK) || (lstat(path, &st) && errno == ENOENT)) return 0;
    if (pb_out_not_link(path, err, errlen)) return -1;
    char *text = pb_meta_read(path, &len, err, errlen);
    if (!text) return -1;
    const char *now = s->meta.commit;
    const int rc = pb_meta_value_is(text, "commit", now) ? 0 : -1;
    if (rc) {
        const char *v = pb_meta_value(text, "commit", &n);
        snprintf(err, errlen,
                 "%s: cannot resume: the commit differs (the .meta: '%.*s', now: '%s'); "
                 "--force starts over",
                 path, v ? (int)(n > 200 ? 200 : n) : 4, v ? v : "none", now);
    }
    free(text);
    return rc;
}

/* Opens the records (DIR/generate.csv or --stats FILE); with --resume, reads the
 * kept ones back (PB_STREAM_CHECK: reads them only, s->item has room for them).
 * 0, or -1 with why. */
static int open_records(pb_gen_state *s, pb_stream_mode mode, char *err, size_t errlen)
{
    char header[1024];
    snprintf(header, sizeof header, "%s,wall_s,run_id\n", s->h->columns);
    if (mode == PB_STREAM_CHECK)
        return check_commit(s, err, errlen) ||
                       pb_stream_open(&s->records, s->records_path, mode, header, s->n, one_line, s,
                                      err, errlen) ||
                       (s->records.kept && read_records(s, err, errlen))
                   ? -1
                   : 0;
    if (mode == PB_STREAM_RESUME && check_commit(s, err, errlen)) return -1;
    if (pb_stream_open(&s->records, s->records_path, mode, header, s->n, one_line, s, err, errlen))
        return -1;
    return s->records.kept ? read_records(s, err, errlen) : 0;
}

/* Keeps the tasks both files hold whole (a kill between a puzzle and its record
 * leaves one more of one) and checks the family's own files of each. */
static int keep_tasks(pb_gen_state *s, char *err, size_t errlen)
{
    long kept = s->o->records_only ? s->records.kept : s->text.kept;
    if (s->recorded && s->records.kept < kept) kept = s->records.kept;
    if (pb_stream_keep(&s->text, kept, err, errlen) ||
        (s->recorded && pb_stream_keep(&s->records, kept, err, errlen)))
        return -1;
    for (long t = 0; t < kept; t++) {
        s->made[t] = 1;
        if (s->o->out && s->h->kept && s->item[t].status == PB_GEN_MADE &&
            s->h->kept(s->p->ctx, t, s->o->out, err, errlen))
            return -1;
    }
    s->from = s->next = kept;
    return 0;
}

/* What --resume keeps: progress, which -q silences (the exit status says how it ended). */
static void say_kept(const pb_gen_state *s)
{
    if (!s->o->resume || s->o->quiet) return;
    const char *at = s->o->out ? s->o->out : s->records_path; /* --stats FILE --records-only */
    if (s->from == s->n && s->n == 1)
        pb_say("generate: %s holds its one puzzle: nothing to make", at);
    else if (s->from == s->n)
        pb_say("generate: %s holds all %ld puzzles: nothing to make", at, s->n);
    else if (s->from > 0)
        pb_say("generate: %s holds %ld puzzle%s; making %ld to %ld", at, s->from,
               s->from == 1 ? "" : "s", s->from, s->n - 1);
}

/* A new run's files must not be there (a link neither): both are checked before
 * either is made, so a refused run leaves nothing behind. 0, or -1 with why. */
static int refuse_existing(const pb_gen_state *s, char *err, size_t errlen)
{
    struct stat st;
    const char *paths[] = {s->o->out ? s->dir_text : NULL, s->recorded ? s->records_path : NULL};
    for (int k = 0; k < 2; k++)
        if (paths[k] && !lstat(paths[k], &st))
            return snprintf(err, errlen,
                            "%s exists: give --force to start it over, or --resume to complete it",
                            paths[k]),
                   -1;
    return 0;
}

/* Takes the lock of the outputs (DIR/generate.lock, or FILE.lock for --stats FILE)
 * before they are looked at: two runs on them at once would interleave their puzzles
 * and records, or start over what the other writes. 0, or -1 with why. */
static int lock_outputs(pb_gen_state *s, char *err, size_t errlen)
{
    const char *what = s->o->out ? s->o->out : s->records_path;
    /* A --stats FILE that cannot be made (no such folder, one not writable) is said by
     * its own name, not by the lock's beside it. */
    if (!s->o->out && pb_out_check(what, err, errlen)) return -1;
    int n = s->o->out ? snprintf(s->lock_path, sizeof s->lock_path, "%s/generate.lock", what)
                      : snprintf(s->lock_path, sizeof s->lock_path, "%s.lock", what);
    if (n < 0 || (size_t)n >= sizeof s->lock_path)
        return s->lock_path[0] = '\0', snprintf(err, errlen, "%s: path too long", what), -1;
    char holder[PB_OUT_LOCK_HOLDER];
    int rc = pb_out_lock_take(&s->lock, s->lock_path, holder, err, errlen);
    char note[sizeof s->lock_path + 100];
    if (!rc && pb_out_lock_taken_over(&s->lock, s->lock_path, note, sizeof note))
        pb_say("%s: %s", s->as, note);
    if (rc <= 0) return rc;
    /* A sweep's method writes where the sweep's --out says: its own --out or --stats
     * is none of the user's to change, and the holder may be a sweep or a generate. */
    if (strcmp(s->as, "generate"))
        return snprintf(err, errlen,
                        "%s: another run is writing these outputs (pid %s); wait for it, or "
                        "give --out another folder",
                        s->lock_path, holder),
               -1;
    return snprintf(err, errlen,
                    "%s: another generate is writing these outputs (pid %s); wait "
                    "for it, or give another %s",
                    s->lock_path, holder, s->o->out ? "--out" : "--stats"),
           -1;
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* This run's task names, malloc'd and sorted (one block: free the array), or NULL. */
static char **task_names(const pb_gen_state *s)
{
    char **names = malloc((size_t)s->n * (sizeof *names + PB_GEN_NAME_MAX) + 1);
    if (!names) return NULL;
    char *text = (char *)(names + s->n);
    for (long t = 0; t < s->n; t++, text += PB_GEN_NAME_MAX) {
        s->h->name(s->p->ctx, t, text, PB_GEN_NAME_MAX);
        names[t] = text;
    }
    qsort(names, (size_t)s->n, sizeof *names, by_name);
    return names;
}

/* --force with --out: the family's own files of the earlier run's tasks (named by the
 * first field of the earlier records, when they are this generator's) that this run
 * does not make go, said in one line, so that the folder holds this run's puzzles
 * alone; a file no earlier record names is left. 0, or -1 with why. */
static int drop_earlier(pb_gen_state *s, char *err, size_t errlen)
{
    size_t len;
    char said[200] = "";
    if (!s->h->drop || access(s->records_path, F_OK)) return 0;
    char *text = pb_read_file(s->records_path, &len, err, errlen);
    if (!text) return -1;
    /* Records of another generator name other things: nothing of theirs is touched. */
    char header[1024];
    snprintf(header, sizeof header, "%s,wall_s,run_id\n", s->h->columns);
    if (strncmp(text, header, strlen(header))) return free(text), 0;
    char **names = task_names(s);
    if (!names) return free(text), snprintf(err, errlen, "out of memory"), -1;
    long gone = 0;
    int rc = 0;
    char *line = strchr(text, '\n'); /* past the header */
    while (line && !rc && *++line) {
        char *end = line + strcspn(line, ",\n"), *next = strchr(line, '\n');
        const char save = *end;
        *end = '\0';
        const int sane =
            *line && *line != '.' && !strchr(line, '/') && end - line < PB_GEN_NAME_MAX;
        if (sane && !bsearch(&line, names, (size_t)s->n, sizeof *names, by_name)) {
            const int r = s->h->drop(s->o->out, line, err, errlen);
            if (r < 0) rc = -1;
            if (r > 0 && gone++ < 3) pb_text_list_add(said, sizeof said, line);
        }
        *end = save;
        line = next;
    }
    free(names), free(text);
    if (gone)
        pb_say("%s: --force removed the files of %ld puzzle%s of the earlier run that this run "
               "does not make (%s%s)",
               s->as, gone, gone == 1 ? "" : "s", said, gone > 3 ? ", ..." : "");
    return rc;
}

/* The paths of the puzzles in --out DIR and of the records. */
static void set_paths(pb_gen_state *s)
{
    const pb_gen_opts *o = s->o;
    if (o->out) {
        snprintf(s->dir_text, sizeof s->dir_text, "%s/%s", o->out, PB_GEN_PUZZLES);
        snprintf(s->records_path, sizeof s->records_path, "%s/%s", o->out, PB_GEN_RECORDS);
    } else if (o->stats) {
        snprintf(s->records_path, sizeof s->records_path, "%s", o->stats);
    }
}

/* --resume in a checked run: the kept records' build and options, as pb_gen_open
 * checks them, with nothing opened for writing, so that a sweep's later method that
 * cannot resume is refused before the first is made. 0, or -1 with why. */
static int check_resume(pb_gen_state *s, char *err, size_t errlen)
{
    char ignored[200];
    snprintf(s->meta.commit, sizeof s->meta.commit, "%s", pb_build_commit());
    if (!(s->item = calloc((size_t)s->n + 1, sizeof *s->item)))
        return snprintf(err, errlen, "out of memory"), -1;
    const int rc = open_records(s, PB_STREAM_CHECK, err, errlen);
    pb_stream_close(&s->records, ignored, sizeof ignored);
    free(s->item), s->item = NULL; /* read back: how each kept task ended, no texts */
    return rc;
}

int pb_gen_check_outputs(pb_gen_state *s)
{
    char err[PB_MSG_MAX];
    set_paths(s);
    if (s->o->resume && s->recorded && check_resume(s, err, sizeof err))
        return pb_say("%s: %s", s->as, err), PB_EXIT_USAGE;
    if (s->o->resume || s->o->force || !refuse_existing(s, err, sizeof err)) return 0;
    return pb_say("%s: %s", s->as, err), PB_EXIT_USAGE;
}

/* Whether paths a and b name one place: the same name in the same folder (by device
 * and inode: "d/x" and "./d/x" agree), whether the file is there yet or not. */
static int same_place(const char *a, const char *b)
{
    const char *sa = strrchr(a, '/'), *sb = strrchr(b, '/');
    if (strcmp(sa ? sa + 1 : a, sb ? sb + 1 : b)) return 0;
    char da[PB_PATH_EXT_MAX], db[PB_PATH_EXT_MAX];
    snprintf(da, sizeof da, "%.*s", sa ? (int)(sa - a) + 1 : 1, sa ? a : ".");
    snprintf(db, sizeof db, "%.*s", sb ? (int)(sb - b) + 1 : 1, sb ? b : ".");
    return pb_same_file(da, db);
}

/* A file written whole at the end (--json FILE, a generator's page such as kakuro's
 * --html) would replace one of the files the run writes as it goes (the puzzles, the
 * records, their .meta, topology or lock), or the other such file: what it held would
 * be lost with exit 0. 0, or -1 with why. */
static int end_clash(const pb_gen_state *s, char *err, size_t errlen)
{
    const char *json = s->o->json && strcmp(s->o->json, "-") ? s->o->json : NULL;
    const char *ends[2] = {json, s->p->page}, *opt[2] = {"--json", "--html"};
    char meta[PB_PATH_EXT_MAX], topo[PB_PATH_EXT_MAX], lock[PB_PATH_EXT_MAX];
    const char *mine[6] = {s->dir_text, s->records_path, NULL, NULL, NULL, s->p->page};
    if (s->records_path[0]) {
        meta_path(s, meta, sizeof meta);
        if (pb_meta_topology_path(meta, topo, sizeof topo)) topo[0] = '\0';
        if (s->o->out)
            snprintf(lock, sizeof lock, "%s/generate.lock", s->o->out);
        else
            snprintf(lock, sizeof lock, "%s.lock", s->records_path);
        mine[2] = meta, mine[3] = topo, mine[4] = lock;
    }
    for (int e = 0; e < 2; e++)
        for (int i = 0; ends[e] && i < 6 - e; i++) /* the page is checked against --json */
            if (mine[i] && mine[i][0] && same_place(ends[e], mine[i]))
                return snprintf(err, errlen,
                                "%s: cannot write: %s would replace this run's %s; write it "
                                "elsewhere",
                                ends[e], opt[e], mine[i]),
                       -1;
    return 0;
}

/* Whether --json names a file right in the --out folder (DIR/FILE, as given). */
static int json_in_out(const pb_gen_opts *o)
{
    const char *slash = o->out && o->json ? strrchr(o->json, '/') : NULL;
    if (!slash) return 0;
    size_t n = strlen(o->out);
    while (n > 1 && o->out[n - 1] == '/') n--;
    return (size_t)(slash - o->json) == n && !strncmp(o->json, o->out, n);
}

int pb_gen_open(pb_gen_state *s)
{
    char err[PB_MSG_MAX];
    const pb_gen_opts *o = s->o;
    pb_stream_mode mode = o->resume ? PB_STREAM_RESUME : o->force ? PB_STREAM_FORCE : PB_STREAM_NEW;
    /* The summary is written at the end: a --json FILE that cannot be is refused now,
     * before the work (and before anything is made here), but one in the --out folder
     * this run makes, once it is made. */
    const int json = o->json && strcmp(o->json, "-"), inside = json && json_in_out(o);
    int rc = json && !inside ? pb_out_check(o->json, err, sizeof err) : 0;
    if (!rc && o->out) rc = pb_out_folder(o->out, err, sizeof err);
    if (!rc && inside) rc = pb_out_check(o->json, err, sizeof err);
    set_paths(s);
    if (!rc) rc = end_clash(s, err, sizeof err);
    if (!rc && s->recorded) rc = lock_outputs(s, err, sizeof err);
    /* The folder is ours now: what a run killed there left half written goes. */
    if (!rc && o->out && mode != PB_STREAM_NEW) pb_out_drop_stale_temps(o->out);
    if (!rc && mode == PB_STREAM_NEW) rc = refuse_existing(s, err, sizeof err);
    if (!rc && o->out && mode == PB_STREAM_FORCE) rc = drop_earlier(s, err, sizeof err);
    char meta[PB_PATH_EXT_MAX]; /* written at the end: refused now, before the work */
    if (!rc && s->recorded) {
        meta_path(s, meta, sizeof meta);
        rc = pb_meta_check(meta, err, sizeof err);
    }
    if (!rc && s->recorded) rc = open_records(s, mode, err, sizeof err);
    if (!rc && !o->records_only)
        rc = pb_stream_open(&s->text, o->out ? s->dir_text : NULL, o->out ? mode : PB_STREAM_NEW,
                            s->p->header, s->n, text_lines, s, err, sizeof err);
    if (!rc) rc = keep_tasks(s, err, sizeof err);
    if (rc) {
        char ignored[200];
        pb_stream_close(&s->text, ignored, sizeof ignored);
        pb_stream_close(&s->records, ignored, sizeof ignored);
        return pb_say("%s: %s%s", s->as, err, s->stops), PB_EXIT_USAGE;
    }
    say_kept(s);
    return 0;
}

int pb_gen_write(pb_gen_state *s, long t)
{
    const pb_gen_item *it = &s->item[t];
    const size_t errlen = sizeof s->error;
    if (it->status == PB_GEN_MADE) {
        if (s->o->out && s->h->put && s->h->put(s->p->ctx, t, it, s->o->out, s->error, errlen))
            return -1;
        if (it->text && !s->o->records_only && pb_stream_put(&s->text, it->text))
            return pb_stream_why(&s->text, s->error, errlen), -1;
    }
    if (!s->recorded) return 0;
    const char *row = it->row ? it->row : "";
    size_t need = strlen(row) + strlen(s->meta.run_id) + 64;
    char *line = malloc(need);
    if (!line) return snprintf(s->error, errlen, "out of memory"), -1;
    snprintf(line, need, "%s,%.6f,%s\n", row, it->wall_s, s->meta.run_id);
    int bad = pb_stream_put(&s->records, line);
    free(line);
    if (bad) return pb_stream_why(&s->records, s->error, errlen), -1;
    return 0;
}

/* Writes the .meta beside the records: the run's metadata, the records written and
 * whether they are all the run asked for (status=, rows= as a sweep's say it), so that
 * a reader of an interrupted run's records does not take them for the whole run. */
static int save_meta(const pb_gen_state *s, char *err, size_t errlen)
{
    char meta[PB_PATH_EXT_MAX], generator[80], count[64], timing[200] = "", status[40], rows[80],
                                                          elapsed[48];
    const char *end = s->next == s->n ? "complete" : pb_interrupted ? "interrupted" : "stopped";
    snprintf(status, sizeof status, "status=%s", end);
    snprintf(rows, sizeof rows, "rows=%ld of %ld%s%s%s", s->next, s->n, s->next == s->n ? "" : " (",
             s->next == s->n ? "" : end, s->next == s->n ? "" : ")");
    meta_path(s, meta, sizeof meta);
    snprintf(generator, sizeof generator, "generator=%s", s->p->generator);
    snprintf(count, sizeof count, "puzzles=%ld", s->next);
    /* This process's making, as a sweep's elapsed_s: a resumed run's earlier part is not
     * in it. sweep --list estimates a method's time from it. */
    snprintf(elapsed, sizeof elapsed, "elapsed_s=%.6g", s->elapsed_s);
    const pb_summary *t = &s->timing.sum;
    if (s->o->timing.samples > 1 && s->timing.samples > 0)
        snprintf(timing, sizeof timing,
                 "timing=samples:%d runs_per_sample:%d median_s:%.9g median_lo_s:%.9g "
                 "median_hi_s:%.9g cv:%.4g",
                 s->timing.samples, s->timing.runs_per_sample, t->median, t->median_lo,
                 t->median_hi, t->cv);
    const char *extra[PB_GEN_META_LINES + 7];
    int n = 0;
    extra[n++] = generator;
    for (const char *const *l = s->meta_lines; l && *l && n < PB_GEN_META_LINES + 1; l++)
        extra[n++] = *l;
    extra[n++] = elapsed, extra[n++] = count, extra[n++] = status, extra[n++] = rows;
    if (timing[0]) extra[n++] = timing;
    extra[n] = NULL;
    return pb_meta_save(meta, &s->meta, extra, err, errlen);
}

int pb_gen_close(pb_gen_state *s)
{
    char err[PB_MSG_MAX];
    int bad = 0;
    if (pb_stream_close(&s->text, err, sizeof err)) bad = 1;
    if (s->recorded && pb_stream_close(&s->records, err, sizeof err)) bad = 1;
    if (s->write_failed) return pb_say("generate: %s%s", s->error, s->stops), -1;
    if (bad) return pb_say("generate: %s%s", err, s->stops), -1;
    if (s->recorded && save_meta(s, err, sizeof err))
        return pb_say("generate: %s%s", err, s->stops), -1;
    return 0;
}

/* Whether argument a is option o ("--name", "--name=V", "-k", "-kV"); the number of
 * arguments it takes (1 or 2), or 0 when it is not o. */
static int takes(const char *a, const char *name, int key, int valued)
{
    size_t n = strlen(name);
    if (a[0] == '-' && a[1] == '-' && !strncmp(a + 2, name, n) && (!a[2 + n] || a[2 + n] == '='))
        return a[2 + n] || !valued ? 1 : 2;
    if (key && a[0] == '-' && a[1] == key) return a[2] || !valued ? 1 : 2;
    return 0;
}

/* The runner's options as a table, to know which arguments are theirs. */
typedef struct opts_holder {
    pb_gen_opts g;
} opts_holder;
static const pb_option runner_options[] = {PB_GEN_OPTIONS(opts_holder, g), PB_OPTION_END};

char *pb_gen_command(const char *prefix, int argc, char **argv, const char *const *also)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (!f) return NULL;
    fputs(prefix, f);
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        int drop = 0;
        for (const pb_option *o = runner_options; o->name && !drop; o++)
            drop = takes(a, o->name, o->key, o->type != PB_OPT_FLAG);
        for (int k = 0; also && also[k] && !drop; k++) drop = takes(a, also[k], 0, 1);
        if (drop) {
            i += drop - 1;
            continue;
        }
        fprintf(f, " %s", a);
    }
    fputc('\n', f);
    if (fclose(f)) return free(buf), NULL;
    return buf;
}
