/* kakuro_generate.c — `puzzlebench generate kakuro` (puzzles with one solution, by
 * the seed's method, over a matrix of sizes x difficulties) and `generate
 * kakuro-outline` (outlines in the seed's format). Puzzle generation writes each
 * puzzle's record (attempts, checker steps, unique-sum share, time) to a CSV with
 * the run's metadata beside it. Puzzles and records are written in task order as
 * they are made, each flushed, so a signal keeps every finished one; --resume
 * completes an interrupted --out DIR. */
#include <errno.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "family.h"
#include "harness/io/csv.h"
#include "harness/base/exit.h"
#include "harness/mpi/gen_mpi.h"
#include "harness/io/gen_stream.h"
#include "harness/mpi/world.h"
#include "harness/meta/meta.h"
#include "harness/io/readfile.h"
#include "kakuro/kakuro.h"
#include "player/page/page.h"
#include "player/puzzle_json.h"
#include "harness/base/say.h"
#include "harness/io/outfile.h"

extern const pb_family pb_family_kakuro;

enum { MAX_SHAPES = 32 };

/* Grid sizes, RxC, given as a comma list (repeated options add to it). */
typedef struct size_list {
    int n;
    int size[MAX_SHAPES][2];
} size_list;

/* Difficulty levels, given as a comma list (repeated options add to it). */
typedef struct level_list {
    int n;
    int level[KAKURO_LEVELS];
} level_list;

static const char *const refills[] = {"diff", "all", NULL};

typedef struct gen_opts {
    size_list sizes;
    level_list levels;
    const char *outline_file, *checker, *order, *out_dir, *stats, *html;
    int count, threads, refill, seed_table, symmetric, candidates, no_solutions, keep_going;
    int force, resume;
    uint64_t seed, max_attempts;
    double density, max_seconds;
} gen_opts;

static int parse_size(const char *v, int *rows, int *cols, char *err, size_t errlen)
{
    char *end;
    long r = strtol(v, &end, 10), c;
    if (end == v || (*end != 'x' && *end != 'X'))
        return snprintf(err, errlen, "expects RxC (e.g. 11x11), got '%s'", v), -1;
    const char *p = end + 1;
    c = strtol(p, &end, 10);
    if (end == p || *end) return snprintf(err, errlen, "expects RxC (e.g. 11x11), got '%s'", v), -1;
    if (r < 3 || c < 3 || r > KAKURO_MAX_DIM || c > KAKURO_MAX_DIM)
        return snprintf(err, errlen, "%s: rows and columns must be 3 to %d", v, KAKURO_MAX_DIM), -1;
    *rows = (int)r, *cols = (int)c;
    return 0;
}

static int add_sizes(const char *value, void *field, char *err, size_t errlen)
{
    size_list *l = field;
    pb_list words = {0, NULL};
    int rc = pb_list_set(&words, value, err, errlen);
    for (int i = 0; !rc && i < words.n; i++) {
        if (l->n == MAX_SHAPES) {
            snprintf(err, errlen, "takes at most %d sizes", MAX_SHAPES);
            rc = -1;
        } else if (!(rc = parse_size(words.item[i], &l->size[l->n][0], &l->size[l->n][1], err,
                                     errlen)))
            l->n++;
    }
    pb_list_free(&words);
    return rc;
}

static int add_levels(const char *value, void *field, char *err, size_t errlen)
{
    level_list *l = field;
    pb_list words = {0, NULL};
    int rc = pb_list_set(&words, value, err, errlen);
    for (int i = 0; !rc && i < words.n; i++) {
        int lv = kakuro_level_find(words.item[i]), seen = 0;
        if (lv < 0) {
            snprintf(err, errlen, "expects easy, medium or hard, got '%s'", words.item[i]);
            rc = -1;
            break;
        }
        for (int k = 0; k < l->n; k++) seen |= l->level[k] == lv;
        if (!seen) l->level[l->n++] = lv;
    }
    pb_list_free(&words);
    return rc;
}

static int parse_one_size(const char *value, void *field, char *err, size_t errlen)
{
    kakuro_outline_opts *o = field;
    return parse_size(value, &o->rows, &o->cols, err, errlen);
}

#define OPT(T, F) .type = T, .offset = offsetof(gen_opts, F)
static const pb_option gen_options[] = {
    {.name = "size",
     OPT(PB_OPT_CUSTOM, sizes),
     .parse = add_sizes,
     .arg = "RxC[,RxC...]",
     .help = "whole grid, clue row and column included (default 9x9);\n"
             "each puzzle gets its own generated outline"},
    {.name = "outline",
     OPT(PB_OPT_TEXT, outline_file),
     .arg = "FILE",
     .help = "fill the outlines of FILE (the seed's format) instead"},
    {.name = "difficulty",
     OPT(PB_OPT_CUSTOM, levels),
     .parse = add_levels,
     .arg = "D[,D...]",
     .help = "easy|medium|hard: unique sums on about 80|60|40% of the\nruns (default medium)"},
    {.name = "count",
     OPT(PB_OPT_INT, count),
     .arg = "N",
     .lo = 1,
     .hi = 1000000,
     .help = "puzzles per size and difficulty"},
    PB_OPTION_SEED(gen_opts, seed),
    {.name = "checker",
     OPT(PB_OPT_TEXT, checker),
     .arg = "ENGINE",
     .help = "uniqueness checker (see 'puzzlebench engines')"},
    {.name = "order",
     .key = 'o',
     OPT(PB_OPT_TEXT, order),
     .arg = "ORDER",
     .help = "the checker's cell order, for engines that take one"},
    {.name = "refill",
     OPT(PB_OPT_CHOICE, refill),
     .choices = refills,
     .help = "diff: re-randomise only the cells where two solutions\n"
             "differ; all: a whole new fill, as the seed"},
    {.name = "seed-table",
     OPT(PB_OPT_FLAG, seed_table),
     .help = "the seed's 25 unique sums (it left out length 8)"},
    {.name = "density",
     OPT(PB_OPT_REAL, density),
     .arg = "D",
     .lo = 0.2,
     .hi = 0.9,
     .help = "white share of generated outlines"},
    {.name = "symmetric",
     OPT(PB_OPT_FLAG, symmetric),
     .help = "generated outlines symmetric under a half turn"},
    {.name = "candidates",
     OPT(PB_OPT_FLAG, candidates),
     .help = "write filled candidates without checking uniqueness\n"
             "(for comparing checkers on the same candidates)"},
    {.name = "no-solutions",
     OPT(PB_OPT_FLAG, no_solutions),
     .help = "print the puzzles only (a file `solve kakuro` reads)"},
    PB_OPTION_THREADS(gen_opts, threads, "make puzzles on T OpenMP threads"),
    {.name = "out",
     OPT(PB_OPT_TEXT, out_dir),
     .arg = "DIR",
     .help = "NAME.kak and NAME.sol.kak per puzzle, and DIR/generate.csv\n"
             "with DIR/generate.meta; an existing DIR/generate.csv is refused"},
    {.name = "stats",
     OPT(PB_OPT_TEXT, stats),
     .arg = "FILE.csv",
     .help = "the per-puzzle records (and FILE.meta) without --out; an\n"
             "existing FILE is refused"},
    {.name = "html",
     OPT(PB_OPT_TEXT, html),
     .arg = "FILE",
     .help = "also write FILE, the kakuro player page (see 'player')\n"
             "holding these puzzles: its New walks through them"},
    {.name = "force",
     OPT(PB_OPT_FLAG, force),
     .help = "start an existing --out DIR's records (or --stats FILE) over"},
    {.name = "resume",
     OPT(PB_OPT_FLAG, resume),
     .help = "complete an interrupted --out DIR: keep the puzzles its\n"
             "generate.csv records, make the rest (same options)"},
    {.name = "max-attempts",
     OPT(PB_OPT_COUNT, max_attempts),
     .arg = "N",
     .help = "filled candidates checked per puzzle"},
    PB_OPTION_TIME_LIMIT(gen_opts, max_seconds, "seconds per puzzle"),
    {.name = "keep-going",
     OPT(PB_OPT_FLAG, keep_going),
     .help = "record a puzzle that hits a limit (status limit) and go\n"
             "on; the exit status is still 3"},
    PB_OPTION_END,
};
#undef OPT

static const gen_opts gen_defaults = {.checker = "combo",
                                      .count = 1,
                                      .threads = 1,
                                      .seed = 1,
                                      .max_attempts = KAKURO_DEFAULT_MAX_ATTEMPTS,
                                      .density = KAKURO_DEFAULT_DENSITY,
                                      .max_seconds = 60};

typedef struct gen_cmd {
    const gen_opts *opt;
    int count, threads, nsizes, nlevels, candidates, no_solutions, keep_going;
    int size[MAX_SHAPES][2];
    int level[KAKURO_LEVELS];
    const char *outline_file, *out_dir, *stats;
    kakuro_gen_opts gen;
    char **argv;
    int argc;
    /* the shapes: generated sizes, or the outlines of --outline */
    int nshapes;
    kakuro_grid *outlines;
    char shape_name[MAX_SHAPES][32];
    /* results, one task per (shape, level, index) */
    long ntasks;
    char **puzzle_text, **solution_text;
    char **json; /* --html: each puzzle's object for the page */
    kakuro_gen_stats *st;
    int *rc;
    int *made;        /* task t is finished (rc[t] holds how) */
    long from, next;  /* the first task to make (--resume), the next to write */
    long stop_at;     /* no task from here on is made (ntasks: none) */
    long rows;        /* records written, those kept by --resume included */
    int write_failed; /* a write failed: the message is in write_error */
    char write_error[4400];
    pb_stream text;    /* the puzzles without --out: standard output */
    pb_stream records; /* DIR/generate.csv or --stats FILE */
    pb_meta meta;      /* with --out or --stats: the run's metadata */
} gen_cmd;

/* Checks the combination of options and sets the generator up. 0, or -1 after a
 * usage error. */
static int gen_setup(const gen_opts *p, int argc, char **argv, gen_cmd *o)
{
    const char *cmd = "generate";
    o->opt = p;
    o->count = p->count, o->threads = p->threads, o->candidates = p->candidates;
    o->no_solutions = p->no_solutions, o->keep_going = p->keep_going;
    o->outline_file = p->outline_file, o->out_dir = p->out_dir, o->stats = p->stats;
    o->gen = (kakuro_gen_opts){.shape = {.density = p->density, .symmetric = p->symmetric},
                               .seed_table = p->seed_table,
                               .refill = p->refill ? KAKURO_REFILL_ALL : KAKURO_REFILL_DIFF,
                               .seed = p->seed,
                               .max_attempts = p->max_attempts,
                               .max_seconds = p->max_seconds};
    if (p->outline_file && p->sizes.n)
        return pb_usage_error(cmd, "give --size or --outline, not both"), -1;
    o->nsizes = p->sizes.n ? p->sizes.n : 1;
    if (p->sizes.n)
        memcpy(o->size, p->sizes.size, sizeof o->size);
    else
        o->size[0][0] = o->size[0][1] = 9;
    o->nlevels = p->levels.n ? p->levels.n : 1;
    if (p->levels.n)
        memcpy(o->level, p->levels.level, sizeof(int) * (size_t)o->nlevels);
    else
        o->level[0] = KAKURO_MEDIUM;
    if (!p->max_attempts)
        return pb_usage_error(cmd, "--max-attempts expects a whole number >= 1"), -1;
    char list[512];
    if (!(o->gen.checker = pb_family_engine(&pb_family_kakuro, p->checker))) {
        pb_family_engine_list(&pb_family_kakuro, list, sizeof list);
        return pb_usage_error(cmd, "unknown engine '%s' (one of: %s)", p->checker, list), -1;
    }
    if (!(o->gen.checker->about.caps & PB_CAP_COUNT))
        return pb_usage_error(cmd, "engine %s cannot count solutions", p->checker), -1;
    if (p->order) {
        if (!(o->gen.order = pb_order_find(p->order)))
            return pb_usage_error(cmd, "unknown order '%s'", p->order), -1;
        if (!(o->gen.checker->about.caps & PB_CAP_ORDER))
            return pb_usage_error(cmd, "engine %s takes no --order", p->checker), -1;
    }
    if (o->out_dir && o->stats)
        return pb_usage_error(cmd, "--out writes DIR/generate.csv; give --out or --stats"), -1;
    if (p->resume && !p->out_dir)
        return pb_usage_error(cmd, "--resume completes an --out DIR (standard output cannot "
                                   "be resumed)"),
               -1;
    if (p->html && (p->resume || p->candidates))
        return pb_usage_error(cmd, "--html holds the puzzles made in this run: not with %s",
                              p->resume ? "--resume" : "--candidates"),
               -1;
    if (p->html && !pb_player_available())
        return pb_usage_error(cmd, "--html: this build has no kakuro player (see 'puzzlebench "
                                   "info'; scripts/setup.sh installs its toolchain)"),
               -1;
    o->argc = argc, o->argv = argv;
    return 0;
}

/* The outlines of --outline FILE, or none. */
static int load_outlines(gen_cmd *o)
{
    if (!o->outline_file) {
        o->nshapes = o->nsizes;
        for (int i = 0; i < o->nsizes; i++)
            snprintf(o->shape_name[i], sizeof o->shape_name[i], "%dx%d", o->size[i][0],
                     o->size[i][1]);
        return 0;
    }
    char err[4400];
    size_t len;
    char *text = pb_read_file(o->outline_file, &len, err, sizeof err);
    if (!text) return pb_say("%s", err), -1;
    o->outlines = calloc(MAX_SHAPES, sizeof *o->outlines);
    if (!o->outlines) return free(text), pb_say("out of memory"), -1;
    kakuro_reader rd;
    kakuro_reader_init(&rd, text, len);
    pb_error e;
    int line, rc;
    char msg[200];
    while ((rc = kakuro_read_outline(&rd, &o->outlines[o->nshapes], &line, &e)) != 0) {
        if (rc < 0) {
            pb_say("%s:%d: %s", o->outline_file, e.line, e.msg);
            return free(text), -1;
        }
        kakuro_grid *g = &o->outlines[o->nshapes];
        if (kakuro_outline_check(g, msg, sizeof msg)) {
            pb_say("%s:%d: not a valid outline: %s", o->outline_file, line, msg);
            return free(text), -1;
        }
        snprintf(o->shape_name[o->nshapes], sizeof o->shape_name[0], "%dx%d", g->rows, g->cols);
        if (++o->nshapes == MAX_SHAPES) break;
    }
    free(text);
    if (!o->nshapes) return pb_say("%s: no outline found", o->outline_file), -1;
    return 0;
}

static void task_coords(const gen_cmd *o, long t, int *shape, int *level, int *index)
{
    *index = (int)(t % o->count);
    *level = o->level[(t / o->count) % o->nlevels];
    *shape = (int)(t / o->count / o->nlevels);
}

static void task_name(const gen_cmd *o, long t, char *buf, size_t len)
{
    int shape, level, index;
    task_coords(o, t, &shape, &level, &index);
    snprintf(buf, len, "%s-%s-s%llu-%04d", o->shape_name[shape], kakuro_level_names[level],
             (unsigned long long)o->gen.seed, index);
}

static char *format_grid(const kakuro_grid *g)
{
    size_t need = kakuro_format_grid(g, NULL, 0) + 1;
    char *s = malloc(need);
    if (s) kakuro_format_grid(g, s, need);
    return s;
}

static void run_task(gen_cmd *o, long t, kakuro_grid *puzzle, kakuro_grid *solution)
{
    int shape, level, index;
    task_coords(o, t, &shape, &level, &index);
    kakuro_gen_opts g = o->gen;
    g.share = kakuro_level_share[level];
    if (o->outlines) {
        g.outline = &o->outlines[shape];
    } else {
        g.shape.rows = o->size[shape][0];
        g.shape.cols = o->size[shape][1];
    }
    o->rc[t] = o->candidates
                   ? kakuro_fill_candidate(&g, (uint64_t)index, puzzle, solution, &o->st[t])
                   : kakuro_generate(&g, (uint64_t)index, puzzle, solution, &o->st[t]);
    if (o->rc[t]) return;
    o->puzzle_text[t] = format_grid(puzzle);
    o->solution_text[t] = format_grid(solution);
    if (!o->puzzle_text[t] || !o->solution_text[t]) o->rc[t] = -2;
    if (o->json && !o->rc[t]) {
        char name[96];
        task_name(o, t, name, sizeof name);
        pb_kakuro_json_in in = {name, level, o->gen.seed, (uint64_t)index, solution, &o->st[t]};
        size_t need = pb_kakuro_json(&in, NULL, 0) + 1;
        if ((o->json[t] = malloc(need)))
            pb_kakuro_json(&in, o->json[t], need);
        else
            o->rc[t] = -2;
    }
}

static const char *status_of(int rc)
{
    return rc == 0 ? "done" : rc == -1 ? "limit" : "failed";
}

static const char records_header[] =
    "name,rows,cols,level,target_share,checker,order,refill,seed_table,seed,index,status,"
    "attempts,fills,check_steps,check_placements,check_backtracks,runs,unique_runs,"
    "unique_share,wall_s,run_id\n";

/* Task t's record up to its index: what the options alone decide, so --resume can
 * check that a kept record is the one this run would write. */
static int record_key(const gen_cmd *o, long t, char *buf, size_t len)
{
    int shape, level, index;
    char name[96];
    task_coords(o, t, &shape, &level, &index);
    task_name(o, t, name, sizeof name);
    int rows = o->outlines ? o->outlines[shape].rows : o->size[shape][0];
    int cols = o->outlines ? o->outlines[shape].cols : o->size[shape][1];
    const pb_engine *e = o->gen.checker;
    const char *order =
        e->about.caps & PB_CAP_ORDER ? (o->gen.order ? o->gen.order->name : "row") : "-";
    return snprintf(buf, len, "%s,%d,%d,%s,%.2f,%s,%s,%s,%d,%llu,%d,", name, rows, cols,
                    kakuro_level_names[level], kakuro_level_share[level],
                    o->candidates ? "-" : e->about.name, o->candidates ? "-" : order,
                    o->gen.refill == KAKURO_REFILL_DIFF ? "diff" : "all", o->gen.seed_table,
                    (unsigned long long)o->gen.seed, index);
}

static void format_record(const gen_cmd *o, long t, char *buf, size_t len)
{
    const kakuro_gen_stats *s = &o->st[t];
    int at = record_key(o, t, buf, len);
    snprintf(buf + at, len - (size_t)at, "%s,%llu,%llu,%llu,%llu,%llu,%d,%d,%.4f,%.6f,%s\n",
             status_of(o->rc[t]), (unsigned long long)s->attempts, (unsigned long long)s->fills,
             (unsigned long long)s->check.steps, (unsigned long long)s->check.placements,
             (unsigned long long)s->check.backtracks, s->runs, s->unique_runs,
             s->runs ? (double)s->unique_runs / s->runs : 0.0, s->wall_s, o->meta.run_id);
}

/* The command that makes the same puzzles: the options as given, less those that
 * change only where and how fast they are made (or whether a file is resumed). */
static void header_comment(FILE *f, const gen_cmd *o)
{
    static const char *const skip[] = {"--threads", "--out",    "--stats", "--html",
                                       "--force",   "--resume", NULL};
    static const int takes_value[] = {1, 1, 1, 1, 0, 0};
    fputs("; puzzlebench", f);
    for (int i = 1; i < o->argc; i++) {
        const char *a = o->argv[i];
        int drop = 0;
        for (int k = 0; skip[k] && !drop; k++) {
            size_t n = strlen(skip[k]);
            if (!strncmp(a, skip[k], n) && (a[n] == '\0' || a[n] == '='))
                drop = a[n] || !takes_value[k] ? 1 : 2;
        }
        if (!strncmp(a, "-t", 2)) drop = a[2] ? 1 : 2; /* -t T, -tT */
        if (drop) {
            i += drop - 1;
            continue;
        }
        fprintf(f, " %s", a);
    }
    fputc('\n', f);
}

/* Task t's text on standard output: its name and record line, the puzzle and (unless
 * --no-solutions) its solution. malloc'd, or NULL. */
static char *task_text(const gen_cmd *o, long t)
{
    char name[96], *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (!f) return NULL;
    const kakuro_gen_stats *s = &o->st[t];
    task_name(o, t, name, sizeof name);
    /* No time here: the text must not depend on the machine (the records have it). */
    fprintf(f, "\n; %s: %llu attempt%s, unique sums on %d of %d runs (%.2f)\n%s", name,
            (unsigned long long)s->attempts, s->attempts == 1 ? "" : "s", s->unique_runs, s->runs,
            s->runs ? (double)s->unique_runs / s->runs : 0.0, o->puzzle_text[t]);
    if (!o->no_solutions) fprintf(f, "\n; %s solution\n%s", name, o->solution_text[t]);
    if (fclose(f)) return free(buf), NULL;
    return buf;
}

typedef struct file_text {
    const gen_cmd *o;
    const char *name, *text;
} file_text;

static int fill_one(FILE *f, void *p)
{
    const file_text *ft = p;
    fprintf(f, "; %s\n%s", ft->name, ft->text);
    return ferror(f) ? -1 : 0;
}

/* Writes task t (finished): its puzzle files (--out) or text (standard output), then
 * its record. 0, or -1 with the message in o->write_error. */
static int write_task(gen_cmd *o, long t)
{
    char *err = o->write_error, path[4096], name[96], row[1024];
    const size_t errlen = sizeof o->write_error;
    if (!o->rc[t] && o->out_dir) {
        task_name(o, t, name, sizeof name);
        file_text ft = {o, name, o->puzzle_text[t]};
        snprintf(path, sizeof path, "%s/%s.kak", o->out_dir, name);
        if (pb_write_file_atomic(path, fill_one, &ft, err, errlen)) return -1;
        ft.text = o->solution_text[t];
        snprintf(path, sizeof path, "%s/%s.sol.kak", o->out_dir, name);
        if (pb_write_file_atomic(path, fill_one, &ft, err, errlen)) return -1;
    } else if (!o->rc[t]) {
        char *text = task_text(o, t);
        if (!text) return snprintf(err, errlen, "out of memory"), -1;
        int bad = pb_stream_put(&o->text, text);
        free(text);
        if (bad) return pb_stream_why(&o->text, err, errlen), -1;
    }
    if (!o->out_dir && !o->stats) return 0;
    format_record(o, t, row, sizeof row);
    if (pb_stream_put(&o->records, row))
        return snprintf(err, errlen, "cannot write the records: %s", strerror(errno)), -1;
    o->rows++;
    return 0;
}

/* A task's end that stops the run: any failure, or a limit without --keep-going. */
static int stops(const gen_cmd *o, long t)
{
    return o->rc[t] && !(o->rc[t] == -1 && o->keep_going);
}

/* Writes the tasks finished since the last call, in task order: each waits for every
 * one before it. Called by one thread at a time. */
static void write_ready(gen_cmd *o)
{
    while (!o->write_failed && o->next < o->ntasks && o->made[o->next] && !stops(o, o->next)) {
        if (write_task(o, o->next)) {
            o->write_failed = 1;
            o->stop_at = 0;
            return;
        }
        o->next++;
    }
}

/* --resume: checks that each record kept is the one this run would write (the
 * options match) and that its puzzle files are there. 0, or -1 with a message. */
static int check_kept(gen_cmd *o, char *err, size_t errlen)
{
    char path[4096], key[512];
    size_t len;
    snprintf(path, sizeof path, "%s/generate.csv", o->out_dir);
    char *text = pb_read_file(path, &len, err, errlen), *line = text;
    if (!text) return -1;
    line += strcspn(line, "\n") + 1; /* the header */
    for (long t = 0; t < o->records.kept; t++, line += strcspn(line, "\n") + 1) {
        int n = record_key(o, t, key, sizeof key);
        if (strncmp(line, key, (size_t)n)) {
            snprintf(err, errlen,
                     "%s: record %ld is not '%.*s...': made with other options; nothing to "
                     "resume (give --force to start over)",
                     path, t + 1, n, key);
            return free(text), -1;
        }
        o->rc[t] = !strncmp(line + n, "done,", 5) ? 0 : -1;
        if (o->rc[t]) continue;
        task_name(o, t, key, sizeof key);
        snprintf(path, sizeof path, "%s/%s.sol.kak", o->out_dir, key);
        if (access(path, R_OK)) {
            snprintf(err, errlen, "%s: missing, but its record is kept: give --force", path);
            return free(text), -1;
        }
    }
    free(text);
    return 0;
}

static long record_lines(long t, void *ctx)
{
    (void)t, (void)ctx;
    return 1;
}

/* Opens the outputs (--out DIR, --stats FILE, standard output); with --resume, keeps
 * the tasks recorded and starts after them. 0, or -1 after printing why. */
static int open_outputs(gen_cmd *o)
{
    char err[4400], path[4096], *header = NULL;
    size_t hlen = 0;
    pb_stream_mode mode;
    if (pb_stream_mode_of(o->opt->force, o->opt->resume, o->out_dir, &mode)) return -1;
    if (o->out_dir && mkdir(o->out_dir, 0777) && errno != EEXIST) {
        pb_say("generate: cannot create %s: %s", o->out_dir, strerror(errno));
        return -1;
    }
    if (o->out_dir || o->stats) {
        snprintf(path, sizeof path, o->out_dir ? "%s/generate.csv" : "%s",
                 o->out_dir ? o->out_dir : o->stats);
        if (pb_stream_open(&o->records, path, mode, records_header, o->ntasks, record_lines, o, err,
                           sizeof err) ||
            (o->records.kept && check_kept(o, err, sizeof err)))
            return pb_say("generate: %s", err), -1;
        o->from = o->next = o->rows = o->records.kept;
        for (long t = 0; t < o->from; t++) o->made[t] = 1;
        if (o->opt->resume)
            pb_say("generate: %s holds %ld of %ld records", path, o->from, o->ntasks);
    }
    if (o->out_dir) return 0;
    FILE *f = open_memstream(&header, &hlen);
    if (!f) return pb_say("generate: out of memory"), -1;
    header_comment(f, o);
    fclose(f);
    int rc =
        pb_stream_open(&o->text, NULL, PB_STREAM_NEW, header, 0, record_lines, o, err, sizeof err);
    free(header);
    if (rc) return pb_say("generate: %s", err), -1;
    return 0;
}

/* Closes the outputs and writes the records' .meta (the rows written). 0, or -1
 * after printing why. */
static int close_outputs(gen_cmd *o)
{
    char err[4400], path[4096];
    int bad = 0;
    if (!o->out_dir && pb_stream_close(&o->text, err, sizeof err)) bad = 1;
    if ((o->out_dir || o->stats) && pb_stream_close(&o->records, err, sizeof err)) bad = 1;
    if (o->write_failed) return pb_say("generate: %s", o->write_error), -1;
    if (bad) return pb_say("generate: %s", err), -1;
    if (!o->out_dir && !o->stats) return 0;
    snprintf(path, sizeof path, o->out_dir ? "%s/generate.csv" : "%s",
             o->out_dir ? o->out_dir : o->stats);
    size_t n = strlen(path);
    if (n > 4 && !strcmp(path + n - 4, ".csv")) path[n - 4] = '\0';
    strncat(path, ".meta", sizeof path - strlen(path) - 1);
    char rows[64];
    snprintf(rows, sizeof rows, "puzzles=%ld", o->rows);
    const char *extra[] = {rows, NULL};
    if (pb_meta_save(path, &o->meta, extra, err, sizeof err)) return pb_say("%s", err), -1;
    return 0;
}

static void gen_free(gen_cmd *o)
{
    for (long t = 0; t < o->ntasks; t++) {
        if (o->puzzle_text) free(o->puzzle_text[t]);
        if (o->solution_text) free(o->solution_text[t]);
        if (o->json) free(o->json[t]);
    }
    free(o->json);
    free(o->puzzle_text), free(o->solution_text), free(o->st), free(o->rc), free(o->made);
    for (int i = 0; o->outlines && i < MAX_SHAPES; i++) kakuro_grid_free(&o->outlines[i]);
    free(o->outlines);
}

/* Makes every task's puzzle on o->threads threads, each written as soon as those
 * before it are; a task that fails stops the handing out of later ones unless
 * --keep-going, and so does a signal (the tasks being made are finished). */
static void make_all(gen_cmd *o)
{
    /* Puzzles vary a lot in cost, so tasks are handed out one at a time. */
#pragma omp parallel num_threads(o->threads)
    {
        kakuro_grid *puzzle = calloc(1, sizeof *puzzle), *solution = calloc(1, sizeof *solution);
#pragma omp for schedule(dynamic, 1)
        for (long t = o->from; t < o->ntasks; t++) {
            int skip;
#pragma omp critical(pb_kakuro_write)
            skip = t >= o->stop_at || pb_interrupted;
            if (skip) continue;
            if (!puzzle || !solution)
                o->rc[t] = -2;
            else
                run_task(o, t, puzzle, solution);
#pragma omp critical(pb_kakuro_write)
            {
                o->made[t] = 1;
                if (stops(o, t) && t < o->stop_at) o->stop_at = t;
                write_ready(o);
            }
        }
        if (puzzle) kakuro_grid_free(puzzle);
        if (solution) kakuro_grid_free(solution);
        free(puzzle);
        free(solution);
    }
}

/* ---- under mpirun: the tasks spread over the ranks (harness/gen_mpi.h) ---- */

/* A task as a record: this head, its stats, then its puzzle, solution and --html
 * texts, each NUL-terminated (empty when not made). */
typedef struct task_head {
    int32_t rc;
    uint32_t len[3];
} task_head;

static int make_record(void *ctx, int i, void **rec, size_t *len)
{
    gen_cmd *o = ctx;
    kakuro_grid puzzle = {0}, solution = {0};
    run_task(o, i, &puzzle, &solution);
    kakuro_grid_free(&puzzle);
    kakuro_grid_free(&solution);
    char *texts[3] = {o->puzzle_text[i], o->solution_text[i], o->json ? o->json[i] : NULL};
    task_head h = {o->rc[i], {0, 0, 0}};
    size_t n = sizeof h + sizeof o->st[i];
    for (int k = 0; k < 3; k++) n += (h.len[k] = texts[k] ? (uint32_t)strlen(texts[k]) : 0) + 1;
    char *buf = malloc(n), *at = buf;
    if (buf) {
        memcpy(at, &h, sizeof h), at += sizeof h;
        memcpy(at, &o->st[i], sizeof o->st[i]), at += sizeof o->st[i];
        for (int k = 0; k < 3; k++) {
            if (h.len[k]) memcpy(at, texts[k], h.len[k]);
            at[h.len[k]] = '\0';
            at += h.len[k] + 1;
        }
    }
    for (int k = 0; k < 3; k++) free(texts[k]); /* this rank keeps no text */
    o->puzzle_text[i] = o->solution_text[i] = NULL;
    if (o->json) o->json[i] = NULL;
    if (!buf) return -1;
    *rec = buf;
    *len = n;
    return h.rc == 0;
}

/* Rank 0: keeps task t's record and writes the tasks now ready, as make_all. */
static void take_record(void *ctx, int t, int made, const void *rec, size_t len)
{
    gen_cmd *o = ctx;
    task_head h;
    (void)made;
    if (t < 0 || t >= o->ntasks || len < sizeof h + sizeof o->st[t]) return;
    const char *at = rec;
    memcpy(&h, at, sizeof h), at += sizeof h;
    memcpy(&o->st[t], at, sizeof o->st[t]), at += sizeof o->st[t];
    o->rc[t] = h.rc;
    char **texts[3] = {&o->puzzle_text[t], &o->solution_text[t], o->json ? &o->json[t] : NULL};
    for (int k = 0; k < 3; k++) {
        if (h.len[k] && texts[k] && !(*texts[k] = strdup(at))) o->rc[t] = -2;
        at += h.len[k] + 1;
    }
    o->made[t] = 1;
    if (stops(o, t) && t < o->stop_at) o->stop_at = t;
    write_ready(o);
}

static int stopped(void *ctx)
{
    const gen_cmd *o = ctx;
    return o->stop_at < o->ntasks || o->write_failed;
}

/* --html: the player page with the puzzles written (those before o->next that were
 * made). 0, or -1 after printing why. */
static int write_html(const gen_cmd *o)
{
    char *list = NULL, err[4400];
    size_t len = 0;
    FILE *f = open_memstream(&list, &len);
    if (!f) return pb_say("generate: out of memory"), -1;
    fputc('[', f);
    for (long t = 0, n = 0; t < o->next; t++)
        if (!o->rc[t]) fprintf(f, "%s%s", n++ ? ",\n" : "\n", o->json[t]);
    fputs("\n]", f);
    int rc = fclose(f) ? -1 : pb_player_write(o->opt->html, list, err, sizeof err);
    if (rc) pb_say("generate: %s", list ? err : "out of memory");
    free(list);
    return rc;
}

/* Says how the run ended; the exit status. */
static int finish(gen_cmd *o)
{
    long failed = 0;
    for (long t = 0; t < o->next; t++) failed += o->rc[t] != 0;
    if (o->next < o->ntasks && pb_interrupted) {
        pb_say("generate: interrupted; %ld of %ld puzzles written%s", o->next, o->ntasks,
               o->out_dir ? " (--resume completes them)" : "");
        return pb_interrupt_exit();
    }
    if (o->next < o->ntasks) {
        char name[96];
        const long first = o->next;
        task_name(o, first, name, sizeof name);
        const kakuro_gen_stats *s = &o->st[first];
        if (o->rc[first] == -2)
            pb_say("generate: %s: the outline cannot be filled (or out of memory)", name);
        else
            pb_say("generate: %s could not be made within the limits (%llu attempts, %.1f s); "
                   "those before it are written; raise --max-attempts or --time-limit, or give "
                   "--keep-going to record it and go on",
                   name, (unsigned long long)s->attempts, s->wall_s);
        return PB_EXIT_LIMIT;
    }
    if (failed) {
        pb_say("generate: %ld of %ld puzzles hit a limit (status limit in the records)", failed,
               o->ntasks);
        return PB_EXIT_LIMIT;
    }
    return PB_EXIT_FOUND;
}

static int run_generate(const pb_command *self, int argc, char **argv, int first)
{
    gen_opts p = gen_defaults;
    gen_cmd o;
    memset(&o, 0, sizeof o);
    int npos = 0, rc = pb_command_parse(self, &p, argc, argv, first, NULL, 0, &npos);
    if (rc) return rc == PB_OPT_HELP ? 0 : PB_EXIT_USAGE;
    if (gen_setup(&p, argc, argv, &o)) return PB_EXIT_USAGE;
    if (load_outlines(&o)) return gen_free(&o), PB_EXIT_USAGE;
    o.ntasks = (long)o.nshapes * o.nlevels * o.count;
    o.puzzle_text = calloc((size_t)o.ntasks, sizeof *o.puzzle_text);
    o.solution_text = calloc((size_t)o.ntasks, sizeof *o.solution_text);
    o.st = calloc((size_t)o.ntasks, sizeof *o.st);
    o.rc = calloc((size_t)o.ntasks, sizeof *o.rc);
    o.made = calloc((size_t)o.ntasks, sizeof *o.made);
    if (p.html) o.json = calloc((size_t)o.ntasks, sizeof *o.json);
    o.stop_at = o.ntasks;
    if (!o.puzzle_text || !o.solution_text || !o.st || !o.rc || !o.made || (p.html && !o.json)) {
        pb_say("generate: out of memory");
        return gen_free(&o), PB_EXIT_USAGE;
    }
    /* Under mpirun rank 0 opens and writes the outputs; the others only make puzzles. */
    const pb_world *w = pb_world_get();
    int recorded = (o.out_dir || o.stats) && !w->rank;
    if (recorded) pb_meta_begin(&o.meta, o.threads, "none");
    int32_t opened = w->rank ? 0 : open_outputs(&o);
    if (w->size > 1 && pb_world_bcast(&opened, sizeof opened, 0)) opened = -1;
    if (opened) {
        if (!w->rank) pb_stream_close(&o.records, o.write_error, sizeof o.write_error);
        if (!w->rank) pb_stream_close(&o.text, o.write_error, sizeof o.write_error);
        return gen_free(&o), PB_EXIT_USAGE;
    }
    if (w->size > 1) {
        pb_gen_mpi g = {(int)o.from, (int)o.ntasks, make_record, take_record, stopped, &o};
        rc = pb_gen_mpi_run(&g);
        if (w->rank) return gen_free(&o), rc ? PB_EXIT_FAILED : PB_EXIT_FOUND;
        if (rc) pb_say("generate: MPI failed or out of memory");
    } else {
        make_all(&o);
    }
    if (recorded) pb_meta_end(&o.meta);
    rc = close_outputs(&o) || (p.html && write_html(&o)) ? PB_EXIT_USAGE : finish(&o);
    gen_free(&o);
    return rc;
}

/* ---- outlines ---- */

typedef struct outline_opts {
    kakuro_outline_opts shape;
    int count, force, resume;
    const char *out;
} outline_opts;

#define OPT(T, F) .type = T, .offset = offsetof(outline_opts, F)
static const pb_option outline_options[] = {
    {.name = "size",
     OPT(PB_OPT_CUSTOM, shape),
     .parse = parse_one_size,
     .arg = "RxC",
     .help = "whole grid, clue row and column included (default 9x9)"},
    {.name = "count",
     OPT(PB_OPT_INT, count),
     .arg = "N",
     .lo = 1,
     .hi = 100000,
     .help = "how many, separated by blank lines"},
    PB_OPTION_SEED(outline_opts, shape.seed),
    {.name = "density",
     OPT(PB_OPT_REAL, shape.density),
     .arg = "D",
     .lo = 0.2,
     .hi = 0.9,
     .help = "share of white cells"},
    {.name = "symmetric",
     OPT(PB_OPT_FLAG, shape.symmetric),
     .help = "black cells symmetric under a half turn"},
    {.name = "out",
     OPT(PB_OPT_TEXT, out),
     .arg = "FILE",
     .help = "write to FILE, each outline as it is made (default standard\noutput); an "
             "existing FILE is refused"},
    {.name = "force", OPT(PB_OPT_FLAG, force), .help = "start an existing --out FILE over"},
    {.name = "resume",
     OPT(PB_OPT_FLAG, resume),
     .help = "complete an interrupted --out FILE: keep its outlines, make\nthe rest (same "
             "options)"},
    PB_OPTION_END,
};
#undef OPT

static const outline_opts outline_defaults = {
    .shape = {.rows = 9, .cols = 9, .density = KAKURO_DEFAULT_DENSITY, .seed = 1}, .count = 1};

/* Lines of outline i: a blank line between outlines, `rows cols`, then its rows. */
static long outline_lines(long i, void *ctx)
{
    const outline_opts *p = ctx;
    return (i ? 1 : 0) + 1 + p->shape.rows;
}

/* Makes the outlines from --resume's start on, each written and flushed as it is
 * made; a signal stops between outlines. The exit status. */
static int write_outlines(const outline_opts *p, pb_stream *out)
{
    kakuro_grid grid = {0}, *g = &grid;
    char *text = NULL;
    int rc = PB_EXIT_FOUND;
    for (long i = out->kept; i < p->count && rc == PB_EXIT_FOUND && !pb_interrupted; i++) {
        if (kakuro_outline_generate(&p->shape, (uint64_t)i, g)) {
            pb_say("generate: no valid %dx%d outline found at density %g", p->shape.rows,
                   p->shape.cols, p->shape.density);
            rc = PB_EXIT_LIMIT;
            break;
        }
        size_t need = kakuro_format_outline(g, NULL, 0) + 2;
        if (!(text = malloc(need))) {
            rc = PB_EXIT_FAILED;
            break;
        }
        text[0] = '\n';
        kakuro_format_outline(g, text + 1, need - 1);
        if (pb_stream_put(out, i ? text : text + 1)) {
            char why[4400];
            pb_stream_why(out, why, sizeof why);
            pb_say("generate: %s", why);
            rc = PB_EXIT_USAGE;
        } else {
            out->kept = i + 1;
        }
        free(text);
    }
    if (rc == PB_EXIT_FAILED) pb_say("generate: out of memory");
    kakuro_grid_free(g);
    return rc;
}

static int outline_body(const pb_command *self, int argc, char **argv, int first)
{
    outline_opts p = outline_defaults;
    int npos = 0, rc = pb_command_parse(self, &p, argc, argv, first, NULL, 0, &npos);
    if (rc) return rc == PB_OPT_HELP ? 0 : PB_EXIT_USAGE;
    char err[4400];
    pb_stream out;
    pb_stream_mode mode;
    if (pb_stream_mode_of(p.force, p.resume, p.out, &mode)) return PB_EXIT_USAGE;
    /* Outlines have no header line: the file is read back as outlines. */
    if (pb_stream_open(&out, p.out, mode, "", p.count, outline_lines, &p, err, sizeof err)) {
        pb_stream_close(&out, err + 2000, 100);
        return pb_say("generate: %s", err), PB_EXIT_USAGE;
    }
    rc = write_outlines(&p, &out);
    long made = out.kept;
    if (pb_stream_close(&out, err, sizeof err) && rc == PB_EXIT_FOUND)
        return pb_say("generate: %s", err), PB_EXIT_USAGE;
    if (rc == PB_EXIT_FOUND && made < p.count && pb_interrupted) {
        pb_say("generate: interrupted; %ld of %d outlines written%s%s%s", made, p.count,
               p.out ? " (--resume completes " : "", p.out ? p.out : "", p.out ? ")" : "");
        return pb_interrupt_exit();
    }
    return rc;
}

/* Outlines are made on rank 0 alone under mpirun (they are quick): the other ranks
 * wait, so that only one process writes the file. */
static int run_outline(const pb_command *self, int argc, char **argv, int first)
{
    if (pb_world_get()->rank) return pb_world_idle();
    int rc = outline_body(self, argc, argv, first);
    pb_world_release(rc);
    return rc;
}

const pb_command pb_kakuro_generators[] = {
    {.name = "kakuro",
     .summary = "kakuro puzzles with exactly one solution, by size and difficulty",
     .about = "The seed's method: put unique sums (one digit set for their length) on a share\n"
              "of the runs, fill the other white cells with random digits, derive the clues and\n"
              "check uniqueness; when two solutions exist, fill again. Makes --count puzzles\n"
              "for every size (or outline) and difficulty given. Puzzle i of a size and\n"
              "difficulty depends only on the options and i, never on --threads. NAME is\n"
              "RxC-DIFFICULTY-sSEED-INDEX. Records: attempts (candidates checked), fills (made\n"
              "from scratch), the checker's steps, the achieved unique-sum share, wall_s.\n",
     .options = gen_options,
     .defaults = &gen_defaults,
     .run = run_generate,
     .generator = 1},
    {.name = "kakuro-outline",
     .summary = "kakuro outlines in the seed's format",
     .about = "Outlines in the seed's format (`rows cols`, then tokens nn xx cx xr cr): every\n"
              "white cell in one across and one down run of 2 to 9 cells, white cells\n"
              "connected.\n",
     .options = outline_options,
     .defaults = &outline_defaults,
     .run = run_outline,
     .generator = 1},
    {.name = NULL},
};
