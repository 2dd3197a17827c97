/* cmd_generate.c — `puzzlebench generate FAMILY`: makes puzzles with one solution from
 * a seed, in parallel, and prints them in index order. Families plug in through the
 * table of generators below. */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "args.h"
#include "commands.h"
#include "csv.h"
#include "generate.h"
#include "sudoku/sudoku.h"

typedef struct generator {
    const char *family;
    const char *help; /* the family's options, for --help */
    int (*run)(int argc, char **argv);
} generator;

static int generate_sudoku(int argc, char **argv);

static const char sudoku_help[] =
    "puzzlebench generate sudoku [options]\n"
    "  Random full grids with givens removed in random order while the puzzle keeps\n"
    "  exactly one solution. Puzzle i depends only on the options that shape it\n"
    "  (size, seed, clues or difficulty) and on i, never on --threads.\n"
    "  --size 4|9|16|25          board side (default 9)\n"
    "  --count N                 how many puzzles (default 1)\n"
    "  --seed S                  seed of the stream (default 1)\n"
    "  --clues K                 stop removing at K givens (default: remove while the\n"
    "                            puzzle stays unique, i.e. a minimal puzzle)\n"
    "  --difficulty D            simple|easy|intermediate|expert: keep only removals\n"
    "                            that leave the grade at most D, and only puzzles\n"
    "                            graded exactly D; any: no target (default any)\n"
    "                            --clues and --difficulty exclude each other\n"
    "  --format line|numbers     one puzzle per line (1-9, A=10, ...; '.' empty), or\n"
    "                            rows of numbers (0 empty), blocks separated by a blank\n"
    "                            line (default line)\n"
    "  --threads T               make puzzles on T OpenMP threads (default 1); the\n"
    "                            output is the same\n"
    "  --out FILE                write the puzzles to FILE, whole or not at all\n"
    "                            (default standard output)\n"
    "  --stats FILE.csv          one row per puzzle: index,size,clues,level,tries,\n"
    "                            checks,wall_s\n"
    "  --max-tries N             full grids tried per puzzle before giving up\n"
    "                            (default 1000)\n"
    "  --time-limit S            seconds per puzzle before giving up (default none)\n"
    "  The output starts with a '# puzzlebench generate ...' line: the command that\n"
    "  makes the same puzzles again.\n";

static const generator generators[] = {
    {"sudoku", sudoku_help, generate_sudoku},
    {"kakuro", kakuro_generate_help, generate_kakuro},
    {"kakuro-outline", kakuro_outline_help, generate_kakuro_outline},
};
enum { NGENERATORS = sizeof generators / sizeof generators[0] };

static const char generate_help_top[] =
    "usage: puzzlebench generate FAMILY [options]\n"
    "\n"
    "Makes puzzles with exactly one solution, reproducibly from a seed.\n"
    "\n";

static const char generate_help_end[] =
    "\n"
    "exit status: 0 all puzzles made, 2 bad usage, 3 a puzzle could not be made\n"
    "             within its limits (--max-tries or --max-attempts, --time-limit)\n";

static void print_help(const generator *only)
{
    fputs(generate_help_top, stdout);
    for (int i = 0; i < NGENERATORS; i++)
        if (!only || only == &generators[i])
            fprintf(stdout, "%s%s", i && !only ? "\n" : "", generators[i].help);
    fputs(generate_help_end, stdout);
}

static void family_names(char *buf, size_t len)
{
    size_t at = 0;
    buf[0] = '\0';
    for (int i = 0; i < NGENERATORS && at < len; i++)
        at += (size_t)snprintf(buf + at, len - at, "%s%s", i ? ", " : "", generators[i].family);
}

int cmd_generate(int argc, char **argv)
{
    char names[256];
    family_names(names, sizeof names);
    if (argc < 3) return pb_usage_error("generate", "missing FAMILY (one of: %s)", names);
    const char *fam = argv[2];
    if (!strcmp(fam, "--help") || !strcmp(fam, "-h")) {
        print_help(NULL);
        return 0;
    }
    for (int i = 0; i < NGENERATORS; i++)
        if (!strcmp(fam, generators[i].family)) return generators[i].run(argc, argv);
    if (fam[0] == '-')
        return pb_usage_error("generate", "missing FAMILY before '%s' (one of: %s)", fam, names);
    return pb_usage_error("generate", "unknown family '%s' (one of: %s)", fam, names);
}

/* ---- sudoku ---- */

typedef struct sudoku_cmd {
    int size, count, threads, clues, level, have_clues, have_level;
    uint64_t seed;
    sudoku_format fmt;
    const char *out, *stats, *level_name;
    sudoku_gen_opts gen;
    /* results, by index */
    char **text;
    sudoku_gen_stats *st;
    int *ok;
} sudoku_cmd;

static int sudoku_parse(int argc, char **argv, sudoku_cmd *o)
{
    const char *cmd = "generate";
    pb_args a = {argc, 3, argv, cmd};
    o->size = 9, o->count = 1, o->threads = 1, o->seed = 1, o->level = -1;
    o->fmt = SUDOKU_LINE;
    o->level_name = "any";
    while (a.i < argc) {
        const char *arg = argv[a.i], *v = NULL;
        int r;
        if (!strcmp(arg, "--help") || !strcmp(arg, "-h")) {
            print_help(&generators[0]);
            exit(0);
        }
#define TAKE(name) ((r = pb_args_take(&a, name, 1, &v)) < 0 ? -1 : r)
        if ((r = TAKE("--size"))) {
            if (r < 0 || pb_parse_int(cmd, "--size", v, 4, 25, &o->size)) return -1;
            if (o->size != 4 && o->size != 9 && o->size != 16 && o->size != 25) {
                pb_usage_error(cmd, "--size expects 4, 9, 16 or 25, got '%s'", v);
                return -1;
            }
        } else if ((r = TAKE("--count"))) {
            if (r < 0 || pb_parse_int(cmd, "--count", v, 1, 1000000, &o->count)) return -1;
        } else if ((r = TAKE("--seed"))) {
            if (r < 0 || pb_parse_u64(cmd, "--seed", v, &o->seed)) return -1;
        } else if ((r = TAKE("--clues"))) {
            if (r < 0 || pb_parse_int(cmd, "--clues", v, 1, SUDOKU_MAX_CELLS, &o->clues)) return -1;
            o->have_clues = 1;
        } else if ((r = TAKE("--difficulty"))) {
            if (r < 0) return -1;
            o->level = strcmp(v, "any") ? sudoku_level_find(v) : -1;
            if (o->level < 0 && strcmp(v, "any")) {
                pb_usage_error(cmd,
                               "--difficulty expects simple, easy, intermediate, expert or "
                               "any, got '%s'",
                               v);
                return -1;
            }
            o->level_name = v;
            o->have_level = o->level >= 0;
        } else if ((r = TAKE("--format"))) {
            if (r < 0) return -1;
            if (!strcmp(v, "line"))
                o->fmt = SUDOKU_LINE;
            else if (!strcmp(v, "numbers"))
                o->fmt = SUDOKU_NUMBERS;
            else {
                pb_usage_error(cmd, "--format expects line or numbers, got '%s'", v);
                return -1;
            }
        } else if ((r = TAKE("--threads"))) {
            if (r < 0 || pb_parse_int(cmd, "--threads", v, 1, 1024, &o->threads)) return -1;
        } else if ((r = TAKE("--out"))) {
            if (r < 0) return -1;
            o->out = v;
        } else if ((r = TAKE("--stats"))) {
            if (r < 0) return -1;
            o->stats = v;
        } else if ((r = TAKE("--max-tries"))) {
            if (r < 0 || pb_parse_u64(cmd, "--max-tries", v, &o->gen.max_tries)) return -1;
            if (!o->gen.max_tries) {
                pb_usage_error(cmd, "--max-tries expects a whole number >= 1, got '%s'", v);
                return -1;
            }
        } else if ((r = TAKE("--time-limit"))) {
            if (r < 0 || pb_parse_seconds(cmd, "--time-limit", v, &o->gen.max_seconds)) return -1;
        } else if (arg[0] == '-' && arg[1] != '\0') {
            pb_usage_error(cmd, "unknown option '%s'", arg);
            return -1;
        } else {
            pb_usage_error(cmd, "unexpected argument '%s'", arg);
            return -1;
        }
#undef TAKE
    }
    const int cells = o->size * o->size;
    if (o->have_clues && o->have_level) {
        pb_usage_error(cmd, "give --clues or --difficulty, not both");
        return -1;
    }
    if (o->clues > cells) {
        pb_usage_error(cmd, "--clues %d: a %dx%d board has %d cells", o->clues, o->size, o->size,
                       cells);
        return -1;
    }
    /* The known minimums; below them the search could only run out of tries. */
    const int least = o->size == 4 ? 4 : o->size == 9 ? 17 : 1;
    if (o->have_clues && o->clues < least) {
        pb_usage_error(cmd, "--clues %d: no %dx%d sudoku with one solution has fewer than %d",
                       o->clues, o->size, o->size, least);
        return -1;
    }
    o->gen.box = o->size == 4 ? 2 : o->size == 9 ? 3 : o->size == 16 ? 4 : 5;
    o->gen.clues = o->clues;
    o->gen.level = o->level;
    o->gen.seed = o->seed;
    return 0;
}

static int fill_puzzles(FILE *f, void *p)
{
    const sudoku_cmd *o = p;
    fprintf(f, "# puzzlebench generate sudoku --size %d --count %d --seed %llu", o->size, o->count,
            (unsigned long long)o->seed);
    if (o->have_clues)
        fprintf(f, " --clues %d", o->clues);
    else
        fprintf(f, " --difficulty %s", o->level_name);
    if (o->fmt == SUDOKU_NUMBERS) fputs(" --format numbers", f);
    fputc('\n', f);
    for (int i = 0; i < o->count; i++) {
        if (i && o->fmt == SUDOKU_NUMBERS) fputc('\n', f);
        fputs(o->text[i], f);
    }
    return ferror(f) ? -1 : 0;
}

static int fill_stats(FILE *f, void *p)
{
    const sudoku_cmd *o = p;
    fputs("index,size,clues,level,tries,checks,wall_s\n", f);
    for (int i = 0; i < o->count; i++) {
        const sudoku_gen_stats *s = &o->st[i];
        fprintf(f, "%d,%d,%d,%s,%llu,%llu,%.6f\n", i, o->size, o->ok[i] ? s->clues : 0,
                o->ok[i] ? sudoku_level_names[s->level] : "-", (unsigned long long)s->tries,
                (unsigned long long)s->checks, s->wall_s);
    }
    return ferror(f) ? -1 : 0;
}

static int generate_sudoku(int argc, char **argv)
{
    sudoku_cmd o;
    memset(&o, 0, sizeof o);
    if (sudoku_parse(argc, argv, &o)) return PB_EXIT_USAGE;

    o.text = calloc((size_t)o.count, sizeof *o.text);
    o.st = calloc((size_t)o.count, sizeof *o.st);
    o.ok = calloc((size_t)o.count, sizeof *o.ok);
    if (!o.text || !o.st || !o.ok) {
        fprintf(stderr, "puzzlebench: generate: out of memory\n");
        free(o.text), free(o.st), free(o.ok);
        return PB_EXIT_USAGE;
    }
    int nomem = 0;
    /* Puzzles vary a lot in cost, so indices are handed out one at a time. */
#pragma omp parallel for schedule(dynamic, 1) num_threads(o.threads)
    for (int i = 0; i < o.count; i++) {
        sudoku_grid puzzle, solution;
        if (sudoku_generate(&o.gen, (uint64_t)i, &puzzle, &solution, &o.st[i])) continue;
        size_t need = sudoku_format_grid(&puzzle, o.fmt, NULL, 0) + 1;
        o.text[i] = malloc(need);
        if (!o.text[i]) {
#pragma omp atomic write
            nomem = 1;
            continue;
        }
        sudoku_format_grid(&puzzle, o.fmt, o.text[i], need);
        o.ok[i] = 1;
    }

    int failed = 0, first = -1, rc = PB_EXIT_FOUND;
    for (int i = 0; i < o.count; i++)
        if (!o.ok[i]) failed++, first = first < 0 ? i : first;
    char err[4400];
    if (o.stats && write_file_atomic(o.stats, fill_stats, &o, err, sizeof err)) {
        fprintf(stderr, "puzzlebench: %s\n", err);
        rc = PB_EXIT_USAGE;
    } else if (nomem) {
        fprintf(stderr, "puzzlebench: generate: out of memory\n");
        rc = PB_EXIT_USAGE;
    } else if (failed) {
        const sudoku_gen_stats *s = &o.st[first];
        fprintf(stderr,
                "puzzlebench: generate: %d of %d puzzles could not be made within the limits "
                "(first: puzzle %d, after %llu tries and %.1f s); raise --max-tries or "
                "--time-limit\n",
                failed, o.count, first, (unsigned long long)s->tries, s->wall_s);
        rc = PB_EXIT_LIMIT;
    } else if (o.out) {
        if (write_file_atomic(o.out, fill_puzzles, &o, err, sizeof err)) {
            fprintf(stderr, "puzzlebench: %s\n", err);
            rc = PB_EXIT_USAGE;
        }
    } else if (fill_puzzles(stdout, &o) || fflush(stdout)) {
        fprintf(stderr, "puzzlebench: generate: cannot write the output\n");
        rc = PB_EXIT_USAGE;
    }
    for (int i = 0; i < o.count; i++) free(o.text[i]);
    free(o.text), free(o.st), free(o.ok);
    return rc;
}
