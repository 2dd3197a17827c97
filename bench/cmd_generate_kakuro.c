/* cmd_generate_kakuro.c — `puzzlebench generate kakuro` (puzzles with one solution, by
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

#include "args.h"
#include "commands.h"
#include "csv.h"
#include "generate.h"
#include "kakuro/kakuro.h"
#include "meta.h"
#include "readfile.h"

const char kakuro_generate_help[] =
    "puzzlebench generate kakuro [options]\n"
    "  The seed's method: put unique sums (one digit set for their length) on a share\n"
    "  of the runs, fill the other white cells with random digits, derive the clues and\n"
    "  check uniqueness; when two solutions exist, fill again. Makes --count puzzles\n"
    "  for every size (or outline) and difficulty given. Puzzle i of a size and\n"
    "  difficulty depends only on the options and i, never on --threads.\n"
    "  --size RxC[,RxC...]       whole grid, clue row and column included (default 9x9);\n"
    "                            each puzzle gets its own generated outline\n"
    "  --outline FILE            fill the outlines of FILE (the seed's format) instead\n"
    "  --difficulty D[,D...]     easy|medium|hard: unique sums on about 80|60|40% of the\n"
    "                            runs (default medium)\n"
    "  --count N                 puzzles per size and difficulty (default 1)\n"
    "  --seed S                  seed of the stream (default 1)\n"
    "  --checker ENGINE          uniqueness checker (default combo; see `engines`)\n"
    "  --order ORDER             the checker's cell order, for engines that take one\n"
    "  --refill diff|all         diff: re-randomise only the cells where two solutions\n"
    "                            differ (default); all: a whole new fill, as the seed\n"
    "  --seed-table              the seed's 25 unique sums (it left out length 8)\n"
    "  --density D               white share of generated outlines (default 0.6)\n"
    "  --symmetric               generated outlines symmetric under a half turn\n"
    "  --candidates              write filled candidates without checking uniqueness\n"
    "                            (for comparing checkers on the same candidates)\n"
    "  --no-solutions            print the puzzles only (a file `solve kakuro` reads)\n"
    "  --threads T               make puzzles on T OpenMP threads (default 1)\n"
    "  --out DIR                 NAME.kak and NAME.sol.kak per puzzle, and\n"
    "                            DIR/generate.csv with DIR/generate.meta\n"
    "  --stats FILE.csv          the per-puzzle records (and FILE.meta) without --out\n"
    "  --max-attempts N          filled candidates checked per puzzle (default 1000000)\n"
    "  --time-limit S            seconds per puzzle (default 60)\n"
    "  --keep-going              record a puzzle that hits a limit (status limit) and\n"
    "                            go on; the exit status is still 3\n"
    "  NAME is RxC-DIFFICULTY-sSEED-INDEX. Records: attempts (candidates checked),\n"
    "  fills (made from scratch), the checker's steps, the achieved unique-sum share,\n"
    "  wall_s.\n";

const char kakuro_outline_help[] =
    "puzzlebench generate kakuro-outline [options]\n"
    "  Outlines in the seed's format (`rows cols`, then tokens nn xx cx xr cr): every\n"
    "  white cell in one across and one down run of 2 to 9 cells, white cells connected.\n"
    "  --size RxC                whole grid, clue row and column included (default 9x9)\n"
    "  --count N                 how many (default 1), separated by blank lines\n"
    "  --seed S                  seed of the stream (default 1)\n"
    "  --density D               share of white cells (default 0.6)\n"
    "  --symmetric               black cells symmetric under a half turn\n"
    "  --out FILE                write to FILE, whole or not at all (default standard\n"
    "                            output)\n";

enum { MAX_SHAPES = 32 };

typedef struct gen_cmd {
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
} gen_cmd;

static int parse_size(const char *cmd, const char *v, int *rows, int *cols)
{
    char *end;
    long r = strtol(v, &end, 10), c;
    if (end == v || (*end != 'x' && *end != 'X')) goto bad;
    const char *p = end + 1;
    c = strtol(p, &end, 10);
    if (end == p || *end) goto bad;
    if (r < 3 || c < 3 || r > KAKURO_MAX_DIM || c > KAKURO_MAX_DIM) {
        pb_usage_error(cmd, "--size %s: rows and columns must be 3 to %d", v, KAKURO_MAX_DIM);
        return -1;
    }
    *rows = (int)r, *cols = (int)c;
    return 0;
bad:
    pb_usage_error(cmd, "--size expects RxC (e.g. 11x11), got '%s'", v);
    return -1;
}

/* Splits a comma list in place; calls each(item) for every item. */
static int each_item(char *list, int (*each)(gen_cmd *, const char *), gen_cmd *o)
{
    for (char *save = NULL, *it = strtok_r(list, ",", &save); it; it = strtok_r(NULL, ",", &save))
        if (each(o, it)) return -1;
    return 0;
}

static int add_size(gen_cmd *o, const char *v)
{
    if (o->nsizes == MAX_SHAPES) return pb_usage_error("generate", "at most %d sizes", MAX_SHAPES);
    if (parse_size("generate", v, &o->size[o->nsizes][0], &o->size[o->nsizes][1])) return -1;
    o->nsizes++;
    return 0;
}

static int add_level(gen_cmd *o, const char *v)
{
    int l = kakuro_level_find(v);
    if (l < 0)
        return pb_usage_error("generate", "--difficulty expects easy, medium or hard, got '%s'", v);
    for (int i = 0; i < o->nlevels; i++)
        if (o->level[i] == l) return 0;
    o->level[o->nlevels++] = l;
    return 0;
}

static int parse_density(const char *cmd, const char *v, double *out)
{
    char *end;
    errno = 0;
    double d = strtod(v, &end);
    if (end == v || *end || errno || !(d >= 0.2 && d <= 0.9)) {
        pb_usage_error(cmd, "--density expects a share from 0.2 to 0.9, got '%s'", v);
        return -1;
    }
    *out = d;
    return 0;
}

static int gen_parse(int argc, char **argv, gen_cmd *o)
{
    const char *cmd = "generate";
    pb_args a = {argc, 3, argv, cmd};
    const char *checker = "combo", *order = NULL;
    o->count = 1, o->threads = 1;
    o->gen.seed = 1;
    o->gen.refill = KAKURO_REFILL_DIFF;
    o->gen.max_attempts = 1000000;
    o->gen.max_seconds = 60;
    o->gen.shape.density = 0.6;
    while (a.i < argc) {
        const char *arg = argv[a.i], *v = NULL;
        int r;
        if (!strcmp(arg, "--help") || !strcmp(arg, "-h")) {
            fputs(kakuro_generate_help, stdout);
            exit(0);
        }
#define TAKE(name, has) ((r = pb_args_take(&a, name, has, &v)) < 0 ? -1 : r)
        if ((r = TAKE("--size", 1))) {
            char buf[512];
            if (r < 0) return -1;
            snprintf(buf, sizeof buf, "%s", v);
            if (each_item(buf, add_size, o)) return -1;
        } else if ((r = TAKE("--difficulty", 1))) {
            char buf[512];
            if (r < 0) return -1;
            snprintf(buf, sizeof buf, "%s", v);
            if (each_item(buf, add_level, o)) return -1;
        } else if ((r = TAKE("--outline", 1))) {
            if (r < 0) return -1;
            o->outline_file = v;
        } else if ((r = TAKE("--count", 1))) {
            if (r < 0 || pb_parse_int(cmd, "--count", v, 1, 1000000, &o->count)) return -1;
        } else if ((r = TAKE("--seed", 1))) {
            if (r < 0 || pb_parse_u64(cmd, "--seed", v, &o->gen.seed)) return -1;
        } else if ((r = TAKE("--checker", 1))) {
            if (r < 0) return -1;
            checker = v;
        } else if ((r = TAKE("--order", 1))) {
            if (r < 0) return -1;
            order = v;
        } else if ((r = TAKE("--refill", 1))) {
            if (r < 0) return -1;
            if (!strcmp(v, "diff"))
                o->gen.refill = KAKURO_REFILL_DIFF;
            else if (!strcmp(v, "all"))
                o->gen.refill = KAKURO_REFILL_ALL;
            else
                return pb_usage_error(cmd, "--refill expects diff or all, got '%s'", v), -1;
        } else if ((r = TAKE("--seed-table", 0))) {
            o->gen.seed_table = 1;
        } else if ((r = TAKE("--density", 1))) {
            if (r < 0 || parse_density(cmd, v, &o->gen.shape.density)) return -1;
        } else if ((r = TAKE("--symmetric", 0))) {
            o->gen.shape.symmetric = 1;
        } else if ((r = TAKE("--candidates", 0))) {
            o->candidates = 1;
        } else if ((r = TAKE("--no-solutions", 0))) {
            o->no_solutions = 1;
        } else if ((r = TAKE("--keep-going", 0))) {
            o->keep_going = 1;
        } else if ((r = TAKE("--threads", 1))) {
            if (r < 0 || pb_parse_int(cmd, "--threads", v, 1, 1024, &o->threads)) return -1;
        } else if ((r = TAKE("--out", 1))) {
            if (r < 0) return -1;
            o->out_dir = v;
        } else if ((r = TAKE("--stats", 1))) {
            if (r < 0) return -1;
            o->stats = v;
        } else if ((r = TAKE("--max-attempts", 1))) {
            if (r < 0 || pb_parse_u64(cmd, "--max-attempts", v, &o->gen.max_attempts)) return -1;
            if (!o->gen.max_attempts)
                return pb_usage_error(cmd, "--max-attempts expects a whole number >= 1"), -1;
        } else if ((r = TAKE("--time-limit", 1))) {
            if (r < 0 || pb_parse_seconds(cmd, "--time-limit", v, &o->gen.max_seconds)) return -1;
        } else if (arg[0] == '-' && arg[1] != '\0') {
            return pb_usage_error(cmd, "unknown option '%s'", arg), -1;
        } else {
            return pb_usage_error(cmd, "unexpected argument '%s'", arg), -1;
        }
#undef TAKE
    }
    if (o->outline_file && o->nsizes)
        return pb_usage_error(cmd, "give --size or --outline, not both"), -1;
    if (!o->outline_file && !o->nsizes) add_size(o, "9x9");
    if (!o->nlevels) add_level(o, "medium");
    o->gen.checker = pb_engine_find(checker);
    if (!o->gen.checker) return pb_usage_error(cmd, "unknown engine '%s'", checker), -1;
    if (!(o->gen.checker->caps & PB_CAP_COUNT))
        return pb_usage_error(cmd, "engine %s cannot count solutions", checker), -1;
    if (order) {
        if (!(o->gen.order = pb_order_find(order)))
            return pb_usage_error(cmd, "unknown order '%s'", order), -1;
        if (!(o->gen.checker->caps & PB_CAP_ORDER))
            return pb_usage_error(cmd, "engine %s takes no --order", checker), -1;
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
          "unique_share,wall_s\n",
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
            e->caps & PB_CAP_ORDER ? (o->gen.order ? o->gen.order->name : "row") : "-";
        fprintf(
            f, "%s,%d,%d,%s,%.2f,%s,%s,%s,%d,%llu,%d,%s,%llu,%llu,%llu,%llu,%llu,%d,%d,%.4f,%.6f\n",
            name, rows, cols, kakuro_level_names[level], kakuro_level_share[level],
            o->candidates ? "-" : e->name, o->candidates ? "-" : order,
            o->gen.refill == KAKURO_REFILL_DIFF ? "diff" : "all", o->gen.seed_table,
            (unsigned long long)o->gen.seed, index, status_of(o->rc[t]),
            (unsigned long long)s->attempts, (unsigned long long)s->fills,
            (unsigned long long)s->check.steps, (unsigned long long)s->check.placements,
            (unsigned long long)s->check.backtracks, s->runs, s->unique_runs,
            s->runs ? (double)s->unique_runs / s->runs : 0.0, s->wall_s);
    }
    return ferror(f) ? -1 : 0;
}

typedef struct meta_args {
    const gen_cmd *o;
} meta_args;

static int fill_meta(FILE *f, void *p)
{
    const gen_cmd *o = p;
    pb_meta meta;
    pb_meta_collect(&meta, o->threads, "none");
    char command[2048];
    int at = snprintf(command, sizeof command, "command=puzzlebench");
    for (int i = 1; i < o->argc && at < (int)sizeof command; i++)
        at += snprintf(command + at, sizeof command - (size_t)at, " %s", o->argv[i]);
    char rows[64];
    snprintf(rows, sizeof rows, "puzzles=%ld", o->ntasks);
    const char *extra[] = {command, rows, NULL};
    return pb_meta_write(f, &meta, extra);
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
            if (write_file_atomic(path, fill_one, &ft, err, sizeof err)) goto fail;
            ft.text = o->solution_text[t];
            snprintf(path, sizeof path, "%s/%s.sol.kak", o->out_dir, name);
            if (write_file_atomic(path, fill_one, &ft, err, sizeof err)) goto fail;
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
    if (write_file_atomic(path, fill_records, o, err, sizeof err)) goto fail;
    size_t n = strlen(path);
    if (n > 4 && !strcmp(path + n - 4, ".csv")) path[n - 4] = '\0';
    strncat(path, ".meta", sizeof path - strlen(path) - 1);
    if (write_file_atomic(path, fill_meta, o, err, sizeof err)) goto fail;
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

int generate_kakuro(int argc, char **argv)
{
    gen_cmd o;
    memset(&o, 0, sizeof o);
    if (gen_parse(argc, argv, &o)) return PB_EXIT_USAGE;
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
    volatile int stop = 0;
    /* Puzzles vary a lot in cost, so tasks are handed out one at a time. */
#pragma omp parallel num_threads(o.threads)
    {
        kakuro_grid *puzzle = malloc(sizeof *puzzle), *solution = malloc(sizeof *solution);
#pragma omp for schedule(dynamic, 1)
        for (long t = 0; t < o.ntasks; t++) {
            int halt;
#pragma omp atomic read
            halt = stop;
            if (halt || pb_interrupted) {
                o.rc[t] = -3;
                continue;
            }
            if (!puzzle || !solution) {
                o.rc[t] = -2;
            } else {
                run_task(&o, t, puzzle, solution);
            }
            if (o.rc[t] && !(o.rc[t] == -1 && o.keep_going)) {
#pragma omp atomic write
                stop = 1;
            }
        }
        free(puzzle);
        free(solution);
    }
    if (pb_interrupted) return gen_free(&o), PB_EXIT_INTERRUPT;
    long failed = 0, first = -1;
    for (long t = 0; t < o.ntasks; t++)
        if (o.rc[t] == -1 || o.rc[t] == -2) failed++, first = first < 0 ? t : first;
    int rc = PB_EXIT_FOUND;
    if (failed && !o.keep_going) {
        char name[96];
        task_name(&o, first, name, sizeof name);
        const kakuro_gen_stats *s = &o.st[first];
        if (o.rc[first] == -2)
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
        return gen_free(&o), PB_EXIT_LIMIT;
    }
    if (write_outputs(&o)) rc = PB_EXIT_USAGE;
    if (failed && rc == PB_EXIT_FOUND) {
        fprintf(stderr,
                "puzzlebench: generate: %ld of %ld puzzles hit a limit (status limit in "
                "the records)\n",
                failed, o.ntasks);
        rc = PB_EXIT_LIMIT;
    }
    gen_free(&o);
    return rc;
}

/* ---- outlines ---- */

typedef struct outline_cmd {
    int count;
    kakuro_outline_opts opts;
    char **text;
} outline_cmd;

static int fill_outlines(FILE *f, void *p)
{
    const outline_cmd *o = p;
    for (int i = 0; i < o->count; i++) fprintf(f, "%s%s", i ? "\n" : "", o->text[i]);
    return ferror(f) ? -1 : 0;
}

int generate_kakuro_outline(int argc, char **argv)
{
    const char *cmd = "generate";
    pb_args a = {argc, 3, argv, cmd};
    outline_cmd o = {.count = 1, .opts = {.rows = 9, .cols = 9, .density = 0.6, .seed = 1}};
    const char *out = NULL;
    while (a.i < argc) {
        const char *arg = argv[a.i], *v = NULL;
        int r;
        if (!strcmp(arg, "--help") || !strcmp(arg, "-h")) {
            fputs(kakuro_outline_help, stdout);
            return 0;
        }
#define TAKE(name, has) ((r = pb_args_take(&a, name, has, &v)) < 0 ? -1 : r)
        if ((r = TAKE("--size", 1))) {
            if (r < 0 || parse_size(cmd, v, &o.opts.rows, &o.opts.cols)) return PB_EXIT_USAGE;
        } else if ((r = TAKE("--count", 1))) {
            if (r < 0 || pb_parse_int(cmd, "--count", v, 1, 100000, &o.count)) return PB_EXIT_USAGE;
        } else if ((r = TAKE("--seed", 1))) {
            if (r < 0 || pb_parse_u64(cmd, "--seed", v, &o.opts.seed)) return PB_EXIT_USAGE;
        } else if ((r = TAKE("--density", 1))) {
            if (r < 0 || parse_density(cmd, v, &o.opts.density)) return PB_EXIT_USAGE;
        } else if ((r = TAKE("--symmetric", 0))) {
            o.opts.symmetric = 1;
        } else if ((r = TAKE("--out", 1))) {
            if (r < 0) return PB_EXIT_USAGE;
            out = v;
        } else if (arg[0] == '-' && arg[1] != '\0') {
            return pb_usage_error(cmd, "unknown option '%s'", arg);
        } else {
            return pb_usage_error(cmd, "unexpected argument '%s'", arg);
        }
#undef TAKE
    }
    o.text = calloc((size_t)o.count, sizeof *o.text);
    kakuro_grid *g = malloc(sizeof *g);
    int rc = PB_EXIT_FOUND;
    for (int i = 0; i < o.count && o.text && g; i++) {
        if (kakuro_outline_generate(&o.opts, (uint64_t)i, g)) {
            fprintf(stderr, "puzzlebench: generate: no valid %dx%d outline found at density %g\n",
                    o.opts.rows, o.opts.cols, o.opts.density);
            rc = PB_EXIT_LIMIT;
            break;
        }
        size_t need = kakuro_format_outline(g, NULL, 0) + 1;
        if (!(o.text[i] = malloc(need))) break;
        kakuro_format_outline(g, o.text[i], need);
    }
    if (rc == PB_EXIT_FOUND && (!o.text || !g || !o.text[o.count - 1])) {
        fprintf(stderr, "puzzlebench: generate: out of memory\n");
        rc = PB_EXIT_USAGE;
    }
    char err[4400];
    if (rc == PB_EXIT_FOUND) {
        if (out ? write_file_atomic(out, fill_outlines, &o, err, sizeof err)
                : fill_outlines(stdout, &o) || fflush(stdout)) {
            fprintf(stderr, "puzzlebench: %s\n", out ? err : "generate: cannot write the output");
            rc = PB_EXIT_USAGE;
        }
    }
    for (int i = 0; o.text && i < o.count; i++) free(o.text[i]);
    free(o.text);
    free(g);
    return rc;
}
