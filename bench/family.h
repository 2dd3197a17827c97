/* family.h — the one plug-in point of a puzzle family: everything the CLI, the sweeps,
 * the micro-benchmarks, run.sh and the report need to know about it, in one const
 * struct per family (after the `struct game` of Simon Tatham's puzzles). The front
 * end knows no family: it walks the table in bench/families/families.c. */
#ifndef PB_FAMILY_H
#define PB_FAMILY_H

#include <stdint.h>
#include <stdio.h>
#include "core/engine.h"
#include "core/model.h"
#include "harness/base/options.h"
#include "harness/base/sizes.h"

/* One puzzle of an instance. A puzzle that could not be read has no model and carries
 * its error. One that reads but cannot be solved as given (a clue no digits meet,
 * givens that clash) has its model and a note saying why; its answer is "none". */
typedef struct pb_puzzle {
    pb_model *model; /* NULL when the puzzle could not be read */
    int line;        /* its first line in the file; 0 when not from a file */
    char *error;     /* "FILE:LINE: what was expected", or NULL */
    char *note;      /* "FILE:LINE: why it has no solution", or NULL (the family frees it) */
} pb_puzzle;

/* One instance, loaded: a board (one puzzle) or a file of any number of puzzles. */
typedef struct pb_set {
    int count, bad; /* puzzles, and how many of them could not be read */
    pb_puzzle *puzzle;
    void *priv; /* the family's own data (shared models, formats, ...) */
} pb_set;

/* A command of the family's own (a generator, `generate NAME`, or a command such as
 * `kakuro-sums`): its name, a line for listings, its options for the generated
 * help, and what runs it. run parses argv[first ..] with pb_command_parse and
 * returns the exit status. */
typedef struct pb_command {
    const char *name, *summary;
    const char *about; /* paragraphs for --help, after the usage line; may be NULL */
    const pb_option *options;
    const void *defaults; /* the option struct as run starts it, for the help */
    int (*run)(const struct pb_command *self, int argc, char **argv, int first);
    int generator; /* 1: run as `generate NAME`; 0: as `NAME` */
    /* 1: one of the family's default experiments: run.sh runs it as `NAME --out DIR`
     * (`--quick` added in a quick run, `--full` in a full one: the sizes that take
     * hours or most of the memory, asked for only), after the sweeps */
    int experiment;
} pb_command;

/* A row of a family's generators table: `generate NAME`. */
#define PB_GENERATOR(name_, summary_, about_, options_, defaults_, run_)                           \
    {                                                                                              \
        .name = (name_), .summary = (summary_), .about = (about_), .options = (options_),          \
        .defaults = (defaults_), .run = (run_), .generator = 1                                     \
    }

/* A task of a tool sweep: the same work done by an outside tool (side 0) and by
 * puzzlebench (side 1), each a command with its standard input, the words in buf. */
typedef struct pb_tool_task {
    char set[64];      /* the row's set: an input's short name, or "generated" */
    char level[32];    /* its difficulty, or "-" */
    long puzzles[2];   /* the puzzles each side's run does */
    char *argv[2][16]; /* each side's command, NULL-ended */
    char stdin_path[2][PB_PATH_EXT_MAX];
    char buf[PB_COMMAND_LINE_MAX];
} pb_tool_task;

/* What a side of a self-timed task says of its run: the puzzles, and its own figures
 * as it printed them (kept as text, so the rows hold what the tool said). */
typedef struct pb_tool_figures {
    long puzzles;
    char per_s[32];   /* puzzles per second */
    char guesses[32]; /* guesses per puzzle */
} pb_tool_figures;

/* An outside program that a tool sweep (the sweep key `tool`) times beside
 * puzzlebench on the same tasks. A tool that times itself (measure and figures set,
 * solve and generate NULL) reports its own rate: the sweep runs each side once a
 * round, in turn, and keeps what each says rather than timing the processes. */
typedef struct pb_tool {
    const char *name;          /* the rows' tool column, and the key's value */
    const char *program;       /* looked up on PATH */
    const char *package;       /* its Debian package, named when it is missing; NULL: none */
    const char *program_env;   /* NULL, or a variable that gives program's path instead */
    const char *version_flag;  /* what makes it name its build (NULL: --version) */
    const char *version_line;  /* the start of the line that does, cut off (NULL: line 1) */
    const char *const *levels; /* the difficulties both generate (tool-levels' default) */
    /* Solving every puzzle of file, read up to repeat times over (so that a small file
     * is not all process start), with the inputs written into dir (a fresh folder);
     * self is puzzlebench's path. 0; 1 when file is not one the tool reads (skipped);
     * -1 with "FILE: why" in err. */
    int (*solve)(const char *file, int repeat, const char *dir, const char *self, pb_tool_task *t,
                 char *err, size_t errlen);
    /* Generating count puzzles of level. 0, or -1 with err. */
    int (*generate)(const char *level, int count, const char *self, pb_tool_task *t, char *err,
                    size_t errlen);
    /* ---- a tool that times itself ---- */
    const char *const *modes; /* the ways each file is solved, a task each */
    const char *ours;         /* the rows' tool for puzzlebench's side (NULL: puzzlebench) */
    /* The task of solving every puzzle of file in mode, each side measuring itself
     * for about seconds, the inputs written into dir; program is the tool's path, self
     * puzzlebench's. 0; -1 with "FILE: why" in err. */
    int (*measure)(const char *file, const char *mode, double seconds, const char *dir,
                   const char *program, const char *self, pb_tool_task *t, char *err,
                   size_t errlen);
    /* Side's figures from what its run printed (out, len bytes, NUL-ended). 0, or -1
     * when it printed none. */
    int (*figures)(int side, const char *out, size_t len, const pb_tool_task *t,
                   pb_tool_figures *f);
} pb_tool;

/* How long a micro-benchmark case takes, as its family marks it: a run leaves out the
 * cases above the cost it asks for (puzzlebench-micro --cases). */
enum {
    PB_MICRO_QUICK = 0, /* fractions of a second: every run */
    PB_MICRO_LONG = 1,  /* seconds: left out of a quick run */
    PB_MICRO_HUGE = 2   /* minutes or gigabytes: only when asked for */
};

/* The micro-benchmark host: how a family's cases register with Google Benchmark
 * without linking it (bench/micro/driver/ fills it in). */
typedef struct pb_micro_host {
    const char *data_dir; /* the project's data folder */
    /* 1 when the run takes a case of this cost (PB_MICRO_*) and the filter selects it,
     * so that the others are not prepared. */
    int (*selected)(const char *name, int use_real_time, int cost);
    /* Registers a case: fn(ctx, counters) is one iteration (0 ok, non-zero failed). */
    int (*add)(const char *name, int (*fn)(void *ctx, double *counters), void *ctx,
               const char *const *counter_names, int ncounters, int use_real_time);
} pb_micro_host;

/* A family's micro-benchmark cases: prepare validates and registers them (0, -1 on an
 * error that stops the run, 1 when some case was wrong and skipped); release frees
 * what prepare kept once the cases have run. */
typedef struct pb_micro_cases {
    const char *what; /* one line for puzzlebench-micro --help */
    int (*prepare)(const pb_micro_host *host, void **state);
    void (*release)(void *state);
} pb_micro_cases;

/* One step of a search's trace (render --trace): cell set to value, or cleared (0) as
 * the search backs up. */
typedef struct pb_trace_step {
    int cell, value;
} pb_trace_step;

typedef struct pb_family {
    const char *name, *summary;

    /* ---- options: solve, count and sweep keys of the same names ---- */
    const pb_option *options; /* the family's own, parsed into its params struct */
    size_t params_size;
    const void *params_default;
    /* Checks the parameters once parsed; 0, or -1 with a message. NULL: none. */
    int (*check_params)(const void *params, char *err, size_t errlen);

    /* ---- instances: readers and writers ---- */
    const char *instance_help; /* one line: what INSTANCE may be */
    /* 1 when load takes no instance (a NULL spec) as the family's default one */
    int default_instance;
    /* 1 when an instance is a file of many puzzles (verdicts per puzzle, puzzles/s) */
    int batch;
    /* Loads an instance ("-": standard input) into *set: 0 (puzzles that could not be
     * read carry their error), or -1 with "FILE:LINE: what was expected" in err. */
    int (*load)(const pb_instance *inst, const void *params, pb_set *set, char *err, size_t errlen);
    void (*free_set)(pb_set *set);
    /* Prints puzzle i's solution (values[cell]) as the puzzle came in; engine is the
     * one that found it (some engines have their own heading, as seed 002's). */
    void (*print_solution)(FILE *f, const pb_set *set, int i, const int *values,
                           const pb_engine *engine);
    /* Optional (`render`): writes puzzle i as a static SVG picture in the family's
     * conventions, with values[cell] (a solution the engines found) filled in, or
     * the puzzle alone when values is NULL. */
    void (*render)(FILE *f, const pb_set *set, int i, const int *values);
    /* Optional (`render --win`): writes puzzle i's shortest win, found by the family's
     * default engine within the user's limits lim, as an animated SVG (SMIL, no
     * script), a frame a move. 0, or the exit status (harness/base/exit.h) with one
     * line in err. */
    int (*render_win)(FILE *f, const pb_set *set, int i, const pb_limits *lim, char *err,
                      size_t errlen);
    /* Optional (`render --trace`): writes puzzle i's search as an animated SVG, a frame
     * a step of steps[0..n) (the default engine's trace, from the puzzle alone). */
    void (*render_trace)(FILE *f, const pb_set *set, int i, const pb_trace_step *steps, int n);
    /* For engines marked 'length', whose solutions are moves from the start: prints
     * puzzle i's solution path[0..npath) as the family shows a game (solve), and one
     * line for each solution a count lists (--print-paths, engines marked 'paths'),
     * length cells long. NULL: the family has no such engines. */
    void (*print_path)(FILE *f, const pb_set *set, int i, const pb_move *path, int npath);
    void (*print_path_line)(FILE *f, const pb_set *set, int i, const pb_move *path, int npath,
                            int length);
    /* Optional: count puzzle 0 with engine e by the family's own split, every MPI
     * rank calling it: over the world's ranks, and with levels (count --levels FILE,
     * rank 0; NULL otherwise) a CSV row per length searched. Fills out as
     * pb_engine_run would, the same on every rank. 0, or -1 with why e cannot. */
    int (*count_ranks)(const pb_set *set, const pb_engine *e, const pb_run *how, pb_result *out,
                       FILE *levels, char *err, size_t errlen);
    /* The names of its engines' own figures (pb_result.figure), NULL-ended, for the
     * stats line; NULL: none. */
    const char *const *figures;
    /* Optional: what is left of puzzle i after the family's plain deduction. */
    void (*print_candidates)(FILE *f, const pb_set *set, int i);
    /* Optional (the sweep key `copies`): makes *out (freed by free_set) a set of as many
     * puzzles as set, its puzzle i copy number `copy` (1, 2, ...) of set's puzzle i: the
     * same puzzle under a symmetry of the family's rules, with as many givens and
     * solutions, each solution the image of one of puzzle i's. Which symmetry depends on
     * (seed, i, copy) alone, so every engine and every run gets the same copy; spec is the
     * instance, for messages. 0, or -1 with "FILE: why" in err. NULL: the family makes
     * no copies. */
    int (*copy_set)(const pb_set *set, const char *spec, int copy, uint64_t seed, pb_set *out,
                    char *err, size_t errlen);
    /* The instance's short name for result files (no commas or spaces). */
    void (*instance_name)(const char *spec, char *out, size_t outlen);
    /* Optional: the name of puzzle i when it comes from no file (a generated instance),
     * in per-puzzle result rows and verdicts; "" or NULL: instance#i, FILE:LINE. */
    void (*puzzle_name)(const pb_set *set, int i, char *out, size_t outlen);

    /* ---- engines: the registry's entries tagged with this family's name, and those
     * tagged PB_PLACEMENT when the family builds the shared model ---- */
    int placement;
    /* 1: every model it builds is a permutation (pb_model_is_permutation), so the
     * engines marked 'perms' are offered; 0: they are left out of its lists. */
    int permutations;
    const char *default_engine;
    const char *const *levels;          /* difficulty levels, easiest first; NULL: none */
    const char *const *level_summaries; /* one line each */

    /* ---- its generators (`generate NAME`) and other commands of its own ---- */
    const pb_command *generators; /* ended by a NULL name; NULL: none */
    const pb_command *commands;
    const pb_tool *tools; /* outside tools timed beside it; ended by a NULL name; NULL: none */

    /* ---- measurements ---- */
    const pb_micro_cases *micro; /* NULL: none */
    const char *const *sweeps;   /* bench/families/FAMILY/NAME.sweep files run.sh runs */
    const char *const *examples; /* command lines for the help ("solve NAME ...") */
} pb_family;

/* The random stream a copy_set draws copy `copy` of puzzle i from: one copy's
 * symmetries depend on neither the other puzzles nor the other copies (fewer than 2^20
 * copies a puzzle). */
static inline uint64_t pb_copy_stream(int i, int copy)
{
    return ((uint64_t)i << 20) + (uint64_t)copy;
}

/* The members every placement family's table names from its own file: its static load,
 * free_set, print_solution and render. */
#define PB_PLACEMENT_FAMILY                                                                        \
    .placement = 1, .load = load, .free_set = free_set, .print_solution = print_solution,          \
    .render = render

/* The table of families (bench/families/families.c), NULL-terminated. */
extern const pb_family *const pb_families[];

/* ---- looking families and their engines up (bench/harness/base/family.c) ---- */

const pb_family *pb_family_find(const char *name);
/* The families' names, comma-separated, for messages. */
void pb_family_list(char *out, size_t len);
/* The engine of family f called name (over the shared model), or NULL. */
const pb_engine *pb_family_engine(const pb_family *f, const char *name);
/* f's engines' names, comma-separated, for help and messages: those that can run
 * some model of it (pb_registry_offers). */
void pb_family_engine_list(const pb_family *f, char *out, size_t len);
/* " (did you mean 'NAME'?)" after a mistyped family, engine of f, or cell order,
 * else "" (harness/base/suggest.h); the cell orders' names, comma-separated. */
char *pb_family_hint(const char *word, char *out, size_t len);
char *pb_family_engine_hint(const pb_family *f, const char *word, char *out, size_t len);
char *pb_order_hint(const char *word, char *out, size_t len);
void pb_order_list(char *out, size_t len);
/* The generator or command called name among every family's, or NULL; *owner (if
 * not NULL) gets its family. */
const pb_command *pb_generator_find(const char *name, const pb_family **owner);
const pb_command *pb_command_find(const char *name, const pb_family **owner);

/* ---- running a family's own command (bench/harness/base/family.c) ---- */

/* The command line that runs c: "generate NAME" or "NAME". */
const char *pb_command_line(const pb_command *c, char *buf, size_t len);
/* Prints c's help: usage, about, options with their defaults. */
void pb_command_help(FILE *f, const pb_command *c);
/* Parses c's options from argv[first ..] into opts (already holding c's defaults),
 * positional arguments into pos (at most maxpos). 0, PB_OPT_HELP after printing the
 * help, or PB_OPT_ERROR after printing a usage error. */
int pb_command_parse(const pb_command *c, void *opts, int argc, char **argv, int first,
                     const char **pos, int maxpos, int *npos);

/* ---- helpers the families share ---- */

/* What reads a file of puzzles into a set (whose priv the family may have set). */
typedef int (*pb_text_reader)(const char *spec, const char *text, size_t len, pb_set *set,
                              char *err, size_t errlen);

/* Reads the file spec whole ("-": standard input) and hands its text to read. 0, or
 * -1 with "FILE: ..." or "FILE:LINE: ..." in err (the set then for the caller to
 * free). */
int pb_read_puzzle_file(const char *spec, pb_set *set, pb_text_reader read, char *err,
                        size_t errlen);

/* "SPEC:LINE: MSG" with why after it (" (...)", or ""), malloc'd whole however long
 * the file's name: a puzzle's error or note. NULL when out of memory. */
char *pb_puzzle_message(const char *spec, int line, const char *msg, const char *why);

/* The short name of a file spec: its base name up to the first '.', with commas,
 * spaces and quotes replaced, so it can go in a CSV field; "-" is "stdin". */
void pb_base_name(const char *spec, char *out, size_t outlen);

/* The name a sweep's rows give instance spec, loaded as set: the family's
 * instance_name, else its set's own name (puzzle_name of puzzle 0, as solve's rows
 * give it), else the base name; a per-puzzle row adds #P. */
void pb_instance_row_name(const pb_family *f, const char *spec, const pb_set *set, char *out,
                          size_t outlen);

/* Prints a placement board by its layout, holes left out, as seed 000 does: each
 * row's values separated by one space, padded to `width` (0: no padding); `prefix`
 * goes before the first row, `suffix` after the last. values[c] may be 0 or -1. */
void pb_print_board(FILE *f, const pb_model *m, const int *values, int width, const char *prefix,
                    const char *suffix);

#endif
