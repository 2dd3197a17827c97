/* gen.h — the one runner of every generator (`generate NAME`). A family says how to
 * make task t (a puzzle's text and its record's fields) in a const pb_gen_hook, and
 * what one run makes in a pb_gen_plan; the runner does the rest the same way for
 * every family: the order of the tasks, making them on OpenMP threads or MPI ranks
 * and writing them in task order as they become ready, the output folder, the
 * streams with --force and --resume (files whole, a signal keeps the finished
 * puzzles, a resumed file is byte for byte the uninterrupted one), the records CSV
 * and its .meta, --samples, limits and --keep-going, the exit status and the
 * summary (and its JSON). Task t depends only on the options and t, so none of
 * this changes what a task makes. */
#ifndef PB_GEN_H
#define PB_GEN_H

#include <stddef.h>

#include "harness/base/options.h"
#include "harness/measure/measure.h"

/* How the making of one task ended. */
typedef enum pb_gen_status {
    PB_GEN_MADE,   /* made: its text, record and files are written */
    PB_GEN_LIMIT,  /* stopped at a limit: the run stops there, or (--keep-going) its
                      record says so, it has no text, and the run goes on */
    PB_GEN_FAILED, /* cannot be made (note says why): the run stops there */
} pb_gen_status;

enum { PB_GEN_EXTRA = 3 };

/* What making one task gives. Every text is malloc'd, or NULL for none; the runner
 * frees them. */
typedef struct pb_gen_item {
    int status;    /* a pb_gen_status */
    double wall_s; /* the time make took (the runner times it): records, summary */
    char *text;    /* what the puzzle file (or standard output) gets for it */
    char *row;     /* its record's fields before wall_s and run_id, comma-separated */
    char *note;    /* with a limit or a failure: what it took, or why ("after 9 tries") */
    char *extra[PB_GEN_EXTRA]; /* the family's own texts, for its put and finish hooks */
} pb_gen_item;

/* A generator, as the runner sees it. ctx is the family's run state (the plan's). */
typedef struct pb_gen_hook {
    /* The record's columns before wall_s,run_id, comma-separated, e.g. "index,size". */
    const char *columns;
    /* The column (from 0) whose value is "done" or "limit"; -1: none, every record
     * is a made puzzle. A resumed run reads the kept tasks' ends from it. */
    int status_column;
    /* 1: the options take --keep-going (PB_GEN_KEEP_GOING): a task at a limit is
     * recorded as "limit" in status_column and the run goes on. */
    int keeps_limits;
    /* The options that raise the limits, for the message: "--max-tries or --time-limit". */
    const char *raise;
    size_t scratch; /* bytes of scratch each making thread gets, zeroed (0: none) */

    /* Makes task t into *it (zeroed): on any thread, any rank, any number of times
     * (--samples), always the same. 0, or -1 when out of memory. */
    int (*make)(void *ctx, long t, void *scratch, pb_gen_item *it);
    /* The lines of made task t's text: a resumed file is cut into tasks by it. */
    long (*lines)(void *ctx, long t);
    /* Task t's name in messages ("puzzle 7", "9x9-hard-s1-0007"), in a buffer of
     * PB_GEN_NAME_MAX. */
    void (*name)(void *ctx, long t, char *buf, size_t len);
    /* Group g's name in the summary ("9x9-hard"). */
    void (*group)(void *ctx, int g, char *buf, size_t len);

    /* Optional: the leading fields of task t's record that the options alone decide
     * (with their last comma); --resume refuses a kept record that does not start so.
     * Returns their length. */
    int (*key)(void *ctx, long t, char *buf, size_t len);
    /* Optional, with --out: writes the family's own files of made task t into dir
     * (whole files). 0, or -1 with "PATH: why" in err. */
    int (*put)(void *ctx, long t, const pb_gen_item *it, const char *dir, char *err, size_t errlen);
    /* Optional, with --resume: 0 when kept made task t's own files are in dir, else
     * -1 with a message in err. */
    int (*kept)(void *ctx, long t, const char *dir, char *err, size_t errlen);
    /* Optional, with --out and --force: removes from dir the family's own files (put's)
     * of an earlier run's task, named as name gives it, which this run does not make.
     * 1 when a file went, 0 when none was there, -1 with "PATH: why" in err. */
    int (*drop)(const char *dir, const char *name, char *err, size_t errlen);
    /* Optional: called once the outputs are closed, with every task written so far
     * (items[0 .. written); kept tasks of a resumed run hold only their status).
     * 0, or -1 with a message in err. */
    int (*finish)(void *ctx, const pb_gen_item *items, long written, char *err, size_t errlen);
} pb_gen_hook;

/* One run, as the family's options ask for it. */
typedef struct pb_gen_plan {
    const char *generator; /* its name ("sudoku"): the summary's and the .meta's */
    long tasks;            /* tasks 0 .. tasks-1 */
    int groups;            /* the tasks fall in groups of tasks/groups consecutive ones */
    const char *header;    /* the puzzle file's first text: the command that makes it */
    void *ctx;
    const char *page; /* a file of the generator's own written whole at the end (kakuro's
                       * --html), or NULL: refused where it would replace the run's own */
} pb_gen_plan;

/* The options every generator takes (PB_GEN_OPTIONS fills them). */
typedef struct pb_gen_opts {
    int threads, force, resume, keep_going, quiet, records_only;
    const char *out, *stats, *json;
    pb_timing_opts timing;
} pb_gen_opts;

/* One thread, no output but standard output, one untimed run. */
#define PB_GEN_DEFAULTS                                                                            \
    {                                                                                              \
        .threads = 1, .timing = {.samples = 1, .min_sample_s = 0.010, .warmup_s = 0.050 }          \
    }

/* The generator's files in --out DIR. */
/* The bytes of a task's name, its NUL included: what the hook's name writes into. */
#define PB_GEN_NAME_MAX 96
#define PB_GEN_PUZZLES  "generate.txt"
#define PB_GEN_RECORDS  "generate.csv"

/* The common options' table entries, for a generator's table: T is its options
 * struct, F its pb_gen_opts field. */
#define PB_GEN_OPTIONS(T, F)                                                                       \
    PB_OPTION_THREADS(T, F.threads, "make puzzles on T OpenMP threads; the output is the same"),   \
        {.name = "out",                                                                            \
         .type = PB_OPT_TEXT,                                                                      \
         .writes = 1,                                                                              \
         .offset = offsetof(T, F.out),                                                             \
         .arg = "DIR",                                                                             \
         .help = "a folder: DIR/" PB_GEN_PUZZLES " (the puzzles, as standard output\n"             \
                 "gets them without --out), DIR/" PB_GEN_RECORDS " (one record a puzzle)\n"        \
                 "and DIR/generate.meta; an existing DIR/" PB_GEN_PUZZLES " is refused"},          \
        {.name = "stats",                                                                          \
         .type = PB_OPT_TEXT,                                                                      \
         .writes = 1,                                                                              \
         .offset = offsetof(T, F.stats),                                                           \
         .arg = "FILE.csv",                                                                        \
         .help = "without --out: the records in FILE.csv, and FILE.meta"},                         \
        {.name = "records-only",                                                                   \
         .type = PB_OPT_FLAG,                                                                      \
         .offset = offsetof(T, F.records_only),                                                    \
         .help = "with --stats: the records alone (standard output gets no puzzles)"},             \
        {.name = "force",                                                                          \
         .type = PB_OPT_FLAG,                                                                      \
         .offset = offsetof(T, F.force),                                                           \
         .help = "start an existing --out DIR (or --stats FILE) over"},                            \
        {.name = "resume",                                                                         \
         .type = PB_OPT_FLAG,                                                                      \
         .offset = offsetof(T, F.resume),                                                          \
         .help = "complete an interrupted --out DIR (or --stats FILE with\n"                       \
                 "--records-only): keep its finished puzzles, make the rest (same\n"               \
                 "options)"},                                                                      \
        PB_OPTION_SAMPLES(T, F.timing,                                                             \
                          "time the whole generation by the harness's method: one\n"               \
                          "warm-up, then N samples, each making the same puzzles again\n"          \
                          "(they must come out the same); in the summary and .meta"),              \
        PB_OPTION_MIN_SAMPLE_TIME(T, F.timing, "with --samples: each sample lasts at least S s"),  \
        {.name = "json",                                                                           \
         .type = PB_OPT_TEXT,                                                                      \
         .writes = 1,                                                                              \
         .offset = offsetof(T, F.json),                                                            \
         .arg = "FILE",                                                                            \
         .help = "the summary as JSON in FILE ('-': standard output, with\n"                       \
                 "--out); its schema: 'puzzlebench generate --help'"},                             \
        PB_OPTION_QUIET(T, F.quiet,                                                                \
                        "no progress, summary or word of what --resume keeps on\n"                 \
                        "standard error")

/* --keep-going, for generators whose records say "limit" (hook.keeps_limits). */
#define PB_GEN_KEEP_GOING(T, F)                                                                    \
    {                                                                                              \
        .name = "keep-going", .type = PB_OPT_FLAG, .offset = offsetof(T, F.keep_going),            \
        .help = "record a puzzle that hits a limit (status limit) and go\n"                        \
                "on; the exit status is still 3"                                                   \
    }

/* Runs the plan: every rank of an MPI world calls it (rank 0 writes). The exit
 * status (harness/base/exit.h). */
int pb_gen_run(const pb_gen_hook *h, const pb_gen_plan *p, const pb_gen_opts *o);

enum { PB_GEN_META_LINES = 8 };

/* What a caller that runs generators in this process (a generation sweep,
 * sweep_generate.c) tells the runner, from pb_gen_set_caller(c) until
 * pb_gen_set_caller(NULL). */
typedef struct pb_gen_caller {
    const char *as;    /* the word the runner's refusals begin with ("sweep"), for "generate" */
    int check;         /* 1: a run stops once its options are checked: it makes and
                          writes nothing, and returns 0 */
    int check_outputs; /* with check: a new run whose outputs exist is refused too */
    long tasks;        /* set by a checked run: the tasks its options ask for */
    /* Lines the .meta adds after generator= ("key=value", NULL-ended, at most
     * PB_GEN_META_LINES), or NULL: what the caller knows of the run (a sweep's
     * family=, sweep=, sweep_hash=). */
    const char *const *meta;
    /* What the line a run ends on adds where the run stops the caller (cut short by a
     * signal, a limit without --keep-going, a failure; e.g. a sweep's "; methods b, c
     * not run"), or NULL. */
    const char *stops;
    /* Set by a run: 1 when it ended at limits that it recorded and went past
     * (--keep-going), whose exit status 3 is then a result and stops nothing; 0 after
     * a failure, a signal, or a limit that stopped it (whatever its options). */
    int went_on;
} pb_gen_caller;
void pb_gen_set_caller(pb_gen_caller *c);

/* The command line argv[1 ..] after prefix, less the runner's options that change
 * only where and how fast the puzzles are made (--threads, --out, --force, ...) and
 * those named in also (options of the family's that take a value), ending in '\n':
 * a header that makes the same puzzles again. malloc'd, or NULL. */
char *pb_gen_command(const char *prefix, int argc, char **argv, const char *const *also);

/* The formatted text, malloc'd (NULL when out of memory): for items' texts. */
char *pb_gen_printf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif
