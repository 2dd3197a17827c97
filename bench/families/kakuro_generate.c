/* kakuro_generate.c — `puzzlebench generate kakuro` (puzzles with one solution, by
 * the seed's method, over a matrix of sizes x difficulties) and `generate
 * kakuro-outline` (outlines in the seed's format). Puzzle generation writes each
 * puzzle's record (attempts, checker steps, unique-sum share, time) to a CSV with
 * the run's metadata beside it. */
#include <errno.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "family.h"
#include "harness/csv.h"
#include "harness/exit.h"
#include "harness/meta.h"
#include "harness/readfile.h"
#include "kakuro/kakuro.h"

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
    const char *outline_file, *checker, *order, *out_dir, *stats;
    int count, threads, refill, seed_table, symmetric, candidates, no_solutions, keep_going;
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
             "with DIR/generate.meta"},
    {.name = "stats",
     OPT(PB_OPT_TEXT, stats),
     .arg = "FILE.csv",
     .help = "the per-puzzle records (and FILE.meta) without --out"},
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
                                      .max_attempts = 1000000,
                                      .density = 0.6,
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
    kakuro_gen_stats *st;
    int *rc;
    pb_meta meta; /* with --out or --stats: the run's metadata */
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
    if (!text) return fprintf(stderr, "puzzlebench: %s\n", err), -1;
    o->outlines = malloc(MAX_SHAPES * sizeof *o->outlines);
    if (!o->outlines) return free(text), fprintf(stderr, "puzzlebench: out of memory\n"), -1;
    kakuro_reader rd;
    kakuro_reader_init(&rd, text, len);
    pb_error e;
    int line, rc;
    char msg[200];
    while ((rc = kakuro_read_outline(&rd, &o->outlines[o->nshapes], &line, &e)) != 0) {
        if (rc < 0) {
            fprintf(stderr, "puzzlebench: %s:%d: %s\n", o->outline_file, e.line, e.msg);
            return free(text), -1;
        }
        kakuro_grid *g = &o->outlines[o->nshapes];
        if (kakuro_outline_check(g, msg, sizeof msg)) {
            fprintf(stderr, "puzzlebench: %s:%d: not a valid outline: %s\n", o->outline_file, line,
                    msg);
            return free(text), -1;
        }
        snprintf(o->shape_name[o->nshapes], sizeof o->shape_name[0], "%dx%d", g->rows, g->cols);
        if (++o->nshapes == MAX_SHAPES) break;
    }
    free(text);
    if (!o->nshapes)
        return fprintf(stderr, "puzzlebench: %s: no outline found\n", o->outline_file), -1;
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
}

static const char *status_of(int rc)
{
    return rc == 0 ? "done" : rc == -1 ? "limit" : "failed";
}

static int fill_records(FILE *f, void *p)
{
    const gen_cmd *o = p;
    fputs("name,rows,cols,level,target_share,checker,order,refill,seed_table,seed,index,status,"
          "attempts,fills,check_steps,check_placements,check_backtracks,runs,unique_runs,"
          "unique_share,wall_s,run_id\n",
          f);
    for (long t = 0; t < o->ntasks; t++) {
        int shape, level, index;
        char name[96];
        task_coords(o, t, &shape, &level, &index);
        task_name(o, t, name, sizeof name);
        const kakuro_gen_stats *s = &o->st[t];
        int rows = o->outlines ? o->outlines[shape].rows : o->size[shape][0];
        int cols = o->outlines ? o->outlines[shape].cols : o->size[shape][1];
        const pb_engine *e = o->gen.checker;
        const char *order =
            e->about.caps & PB_CAP_ORDER ? (o->gen.order ? o->gen.order->name : "row") : "-";
        fprintf(
            f,
            "%s,%d,%d,%s,%.2f,%s,%s,%s,%d,%llu,%d,%s,%llu,%llu,%llu,%llu,%llu,%d,%d,%.4f,%.6f,%s\n",
            name, rows, cols, kakuro_level_names[level], kakuro_level_share[level],
            o->candidates ? "-" : e->about.name, o->candidates ? "-" : order,
            o->gen.refill == KAKURO_REFILL_DIFF ? "diff" : "all", o->gen.seed_table,
            (unsigned long long)o->gen.seed, index, status_of(o->rc[t]),
            (unsigned long long)s->attempts, (unsigned long long)s->fills,
            (unsigned long long)s->check.steps, (unsigned long long)s->check.placements,
            (unsigned long long)s->check.backtracks, s->runs, s->unique_runs,
            s->runs ? (double)s->unique_runs / s->runs : 0.0, s->wall_s, o->meta.run_id);
    }
    return ferror(f) ? -1 : 0;
}

/* The command that makes the same puzzles: the options as given, less those that
 * change only where and how fast they are made. */
static void header_comment(FILE *f, const gen_cmd *o)
{
    static const char *const skip[] = {"--threads", "--out", "--stats", NULL};
    fputs("; puzzlebench", f);
    for (int i = 1; i < o->argc; i++) {
        const char *a = o->argv[i];
        int drop = 0;
        for (const char *const *k = skip; *k && !drop; k++) {
            size_t n = strlen(*k);
            if (!strncmp(a, *k, n) && (a[n] == '\0' || a[n] == '=')) drop = a[n] ? 1 : 2;
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

static int fill_stdout(FILE *f, void *p)
{
    const gen_cmd *o = p;
    header_comment(f, o);
    for (long t = 0; t < o->ntasks; t++) {
        if (o->rc[t]) continue;
        char name[96];
        const kakuro_gen_stats *s = &o->st[t];
        task_name(o, t, name, sizeof name);
        /* No time here: the text must not depend on the machine (the records have it). */
        fprintf(f, "\n; %s: %llu attempt%s, unique sums on %d of %d runs (%.2f)\n%s", name,
                (unsigned long long)s->attempts, s->attempts == 1 ? "" : "s", s->unique_runs,
                s->runs, s->runs ? (double)s->unique_runs / s->runs : 0.0, o->puzzle_text[t]);
        if (!o->no_solutions) fprintf(f, "\n; %s solution\n%s", name, o->solution_text[t]);
    }
    return ferror(f) ? -1 : 0;
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

static int write_outputs(gen_cmd *o)
{
    char err[4400], path[4096];
    if (o->out_dir) {
        if (mkdir(o->out_dir, 0777) && errno != EEXIST) {
            fprintf(stderr, "puzzlebench: generate: cannot create %s: %s\n", o->out_dir,
                    strerror(errno));
            return -1;
        }
        for (long t = 0; t < o->ntasks; t++) {
            if (o->rc[t]) continue;
            char name[96];
            task_name(o, t, name, sizeof name);
            file_text ft = {o, name, o->puzzle_text[t]};
            snprintf(path, sizeof path, "%s/%s.kak", o->out_dir, name);
            if (pb_write_file_atomic(path, fill_one, &ft, err, sizeof err)) goto fail;
            ft.text = o->solution_text[t];
            snprintf(path, sizeof path, "%s/%s.sol.kak", o->out_dir, name);
            if (pb_write_file_atomic(path, fill_one, &ft, err, sizeof err)) goto fail;
        }
        snprintf(path, sizeof path, "%s/generate.csv", o->out_dir);
    } else if (o->stats) {
        snprintf(path, sizeof path, "%s", o->stats);
    } else {
        if (fill_stdout(stdout, o) || fflush(stdout)) {
            fprintf(stderr, "puzzlebench: generate: cannot write the output\n");
            return -1;
        }
        return 0;
    }
    if (pb_write_file_atomic(path, fill_records, o, err, sizeof err)) goto fail;
    size_t n = strlen(path);
    if (n > 4 && !strcmp(path + n - 4, ".csv")) path[n - 4] = '\0';
    strncat(path, ".meta", sizeof path - strlen(path) - 1);
    char rows[64];
    snprintf(rows, sizeof rows, "puzzles=%ld", o->ntasks);
    const char *extra[] = {rows, NULL};
    if (pb_meta_save(path, &o->meta, extra, err, sizeof err)) goto fail;
    if (o->stats && (fill_stdout(stdout, o) || fflush(stdout))) {
        fprintf(stderr, "puzzlebench: generate: cannot write the output\n");
        return -1;
    }
    return 0;
fail:
    fprintf(stderr, "puzzlebench: %s\n", err);
    return -1;
}

static void gen_free(gen_cmd *o)
{
    for (long t = 0; t < o->ntasks; t++) {
        if (o->puzzle_text) free(o->puzzle_text[t]);
        if (o->solution_text) free(o->solution_text[t]);
    }
    free(o->puzzle_text), free(o->solution_text), free(o->st), free(o->rc), free(o->outlines);
}

/* Makes every task's puzzle on o->threads threads; a task that fails stops the rest
 * unless --keep-going. */
static void make_all(gen_cmd *o)
{
    volatile int stop = 0;
    /* Puzzles vary a lot in cost, so tasks are handed out one at a time. */
#pragma omp parallel num_threads(o->threads)
    {
        kakuro_grid *puzzle = malloc(sizeof *puzzle), *solution = malloc(sizeof *solution);
#pragma omp for schedule(dynamic, 1)
        for (long t = 0; t < o->ntasks; t++) {
            int halt;
#pragma omp atomic read
            halt = stop;
            if (halt || pb_interrupted) {
                o->rc[t] = -3;
                continue;
            }
            if (!puzzle || !solution)
                o->rc[t] = -2;
            else
                run_task(o, t, puzzle, solution);
            if (o->rc[t] && !(o->rc[t] == -1 && o->keep_going)) {
#pragma omp atomic write
                stop = 1;
            }
        }
        free(puzzle);
        free(solution);
    }
}

/* Reports a failed task, or writes the outputs; the exit status. */
static int finish(gen_cmd *o)
{
    long failed = 0, first = -1;
    for (long t = 0; t < o->ntasks; t++)
        if (o->rc[t] == -1 || o->rc[t] == -2) failed++, first = first < 0 ? t : first;
    if (failed && !o->keep_going) {
        char name[96];
        task_name(o, first, name, sizeof name);
        const kakuro_gen_stats *s = &o->st[first];
        if (o->rc[first] == -2)
            fprintf(stderr,
                    "puzzlebench: generate: %s: the outline cannot be filled (or out of "
                    "memory)\n",
                    name);
        else
            fprintf(stderr,
                    "puzzlebench: generate: %s could not be made within the limits (%llu "
                    "attempts, %.1f s); raise --max-attempts or --time-limit, or give "
                    "--keep-going to record it and go on\n",
                    name, (unsigned long long)s->attempts, s->wall_s);
        return PB_EXIT_LIMIT;
    }
    if (write_outputs(o)) return PB_EXIT_USAGE;
    if (failed) {
        fprintf(stderr,
                "puzzlebench: generate: %ld of %ld puzzles hit a limit (status limit in "
                "the records)\n",
                failed, o->ntasks);
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
    if (!o.puzzle_text || !o.solution_text || !o.st || !o.rc) {
        fprintf(stderr, "puzzlebench: generate: out of memory\n");
        return gen_free(&o), PB_EXIT_USAGE;
    }
    int recorded = o.out_dir || o.stats;
    if (recorded) pb_meta_begin(&o.meta, o.threads, "none");
    make_all(&o);
    if (recorded) pb_meta_end(&o.meta);
    rc = pb_interrupted ? pb_interrupt_exit() : finish(&o);
    gen_free(&o);
    return rc;
}

/* ---- outlines ---- */

typedef struct outline_opts {
    kakuro_outline_opts shape;
    int count;
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
     .help = "write to FILE, whole or not at all (default standard\noutput)"},
    PB_OPTION_END,
};
#undef OPT

static const outline_opts outline_defaults = {
    .shape = {.rows = 9, .cols = 9, .density = 0.6, .seed = 1}, .count = 1};

typedef struct outline_text {
    int count;
    char **text;
} outline_text;

static int fill_outlines(FILE *f, void *p)
{
    const outline_text *o = p;
    for (int i = 0; i < o->count; i++) fprintf(f, "%s%s", i ? "\n" : "", o->text[i]);
    return ferror(f) ? -1 : 0;
}

/* Makes the outlines into o->text; the exit status. */
static int make_outlines(const outline_opts *p, outline_text *o)
{
    kakuro_grid *g = malloc(sizeof *g);
    int rc = g && o->text ? PB_EXIT_FOUND : PB_EXIT_USAGE;
    for (int i = 0; i < o->count && rc == PB_EXIT_FOUND; i++) {
        if (kakuro_outline_generate(&p->shape, (uint64_t)i, g)) {
            fprintf(stderr, "puzzlebench: generate: no valid %dx%d outline found at density %g\n",
                    p->shape.rows, p->shape.cols, p->shape.density);
            rc = PB_EXIT_LIMIT;
            break;
        }
        size_t need = kakuro_format_outline(g, NULL, 0) + 1;
        if (!(o->text[i] = malloc(need))) rc = PB_EXIT_USAGE;
        if (o->text[i]) kakuro_format_outline(g, o->text[i], need);
    }
    if (rc == PB_EXIT_USAGE) fprintf(stderr, "puzzlebench: generate: out of memory\n");
    free(g);
    return rc;
}

static int run_outline(const pb_command *self, int argc, char **argv, int first)
{
    outline_opts p = outline_defaults;
    int npos = 0, rc = pb_command_parse(self, &p, argc, argv, first, NULL, 0, &npos);
    if (rc) return rc == PB_OPT_HELP ? 0 : PB_EXIT_USAGE;
    outline_text o = {p.count, calloc((size_t)p.count, sizeof(char *))};
    char err[4400];
    rc = make_outlines(&p, &o);
    if (rc == PB_EXIT_FOUND) {
        if (p.out ? pb_write_file_atomic(p.out, fill_outlines, &o, err, sizeof err)
                  : fill_outlines(stdout, &o) || fflush(stdout)) {
            fprintf(stderr, "puzzlebench: %s\n", p.out ? err : "generate: cannot write the output");
            rc = PB_EXIT_USAGE;
        }
    }
    for (int i = 0; o.text && i < o.count; i++) free(o.text[i]);
    free(o.text);
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
