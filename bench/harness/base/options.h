/* options.h — declarative command-line options: each command (and each family) keeps
 * one table of its options, parsed with getopt_long into its own struct; the help
 * text is generated from the same table, so the two cannot drift. Sweep files set
 * the same options by name (pb_option_apply), so a key means one thing everywhere. */
#ifndef PB_OPTIONS_H
#define PB_OPTIONS_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

typedef enum pb_opt_type {
    PB_OPT_FLAG,     /* int, set to 1 */
    PB_OPT_INT,      /* int from lo to hi */
    PB_OPT_COUNT,    /* uint64_t: a decimal whole number >= 0 (exact forms such as 2e9 too) */
    PB_OPT_SECONDS,  /* double >= 0 */
    PB_OPT_REAL,     /* double from lo to hi */
    PB_OPT_BYTES,    /* uint64_t > 0 with an optional K, M or G suffix */
    PB_OPT_TEXT,     /* const char *, pointing at the argument itself */
    PB_OPT_CHOICE,   /* int: the index of the word among choices */
    PB_OPT_LIST,     /* pb_list: words separated by blanks or commas (copied) */
    PB_OPT_INSTANCE, /* the instance, by name or file: goes to the parse's pb_instance */
    PB_OPT_CUSTOM,   /* parse(value, field, err, errlen) */
    PB_OPT_RENAMED,  /* an option's old name: refused with `help` ("--x is now --y"), not shown */
} pb_opt_type;

typedef struct pb_option {
    const char *name; /* long name, without "--"; NULL ends a table */
    int key;          /* short option character, or 0 */
    pb_opt_type type;
    size_t offset;              /* where the value goes in the struct the table fills */
    const char *arg;            /* the value's name in help ("N", "FILE"); NULL for flags */
    const char *help;           /* what it does; '\n' starts another line */
    double lo, hi;              /* INT and REAL: the range allowed */
    const char *const *choices; /* CHOICE: the words, NULL-terminated */
    int (*parse)(const char *value, void *field, char *err, size_t errlen); /* CUSTOM */
    const char *only; /* the one command it applies to (e.g. "solve"); NULL: all */
    int file;         /* INSTANCE: the value is always a file name */
    int writes;       /* TEXT: names a file or folder the command writes, which only a
                         command line gives (never a sweep file) */
    int reads;        /* TEXT: names a file the command reads, which a sweep's method
                         may not name (a sweep reads its own file and instances only) */
    int repeats;      /* may be given more than once, each adding to the value (help
                         says "repeatable"); any other option given twice is refused */
} pb_option;

/* A list option's words, owned by the list. */
typedef struct pb_list {
    int n;
    char **item;
} pb_list;

void pb_list_free(pb_list *l);
/* Replaces l's words with those of text (blanks or commas between). 0, or -1 with a
 * message in err (no words, or out of memory). */
int pb_list_set(pb_list *l, const char *text, char *err, size_t errlen);
/* Appends a copy of word. 0, or -1 when out of memory. */
int pb_list_add(pb_list *l, const char *word);

/* An instance as given on the command line: a positional INSTANCE, or an option
 * that names it (e.g. notouch's --board and --board-file). */
typedef struct pb_instance {
    const char *spec; /* NULL: none given */
    int file;         /* 1: spec is a file name, whatever it looks like */
    const char *from; /* the option that gave it ("--board-file"), or NULL: positional */
} pb_instance;

/* One table and the struct it fills. */
typedef struct pb_opt_group {
    const pb_option *options;
    void *target;
} pb_opt_group;

/* What pb_options_parse returns besides 0. */
enum { PB_OPT_ERROR = -1, PB_OPT_HELP = 1 };

/* Parses argv[first .. argc) for command cmd ("solve", ...): the options of every
 * group, -h/--help, and "--" to end the options. Options may come before, between
 * and after the positional arguments, which go to pos[0 .. *npos) (at most maxpos;
 * more is a usage error). An option given twice is a usage error, unless it repeats. An INSTANCE
 * option fills *instance. 0, PB_OPT_HELP when help was asked (nothing printed), or PB_OPT_ERROR
 * after printing a one-line usage error. Reorders argv (getopt_long). */
int pb_options_parse(const char *cmd, const pb_opt_group *groups, int ngroups, int argc,
                     char **argv, int first, const char **pos, int maxpos, int *npos,
                     pb_instance *instance);

/* Sets option o of a table filling target from value, as the command line would.
 * 0, or -1 with "--NAME expects ..., got 'VALUE'" in err. */
int pb_option_apply(const pb_option *o, void *target, const char *value, char *err, size_t errlen);

/* Parses a count as PB_OPT_COUNT does: decimal digits, or an exact decimal form such
 * as 1e6 or 2.5e3; never hexadecimal (0x10), inf, nan, a sign or blanks. 0, or -1. */
int pb_parse_count(const char *s, uint64_t *out);

/* Parses a real number from lo to hi written in decimal (1.5, 2e-3; a sign where the
 * range allows negatives), as PB_OPT_REAL does. 0, or -1. */
int pb_parse_real(const char *s, double lo, double hi, double *out);

/* The option called name in a table, or NULL. */
const pb_option *pb_option_find(const pb_option *table, const char *name);

/* The value of option o in target as text, for help and metadata: "" for a zero
 * number, a NULL text, an empty list, a flag or an instance. */
void pb_option_value_text(const pb_option *o, const void *target, char *out, size_t len);

/* Prints text from column `column` (where the cursor is) wrapped at 80 columns, the
 * lines after the first indented by indent; '\n' in text is a space. */
void pb_help_wrap(FILE *f, int column, int indent, const char *text);

/* Prints a table's options for cmd (those limited to another command are left out),
 * one per line, with the help text beside them; defaults (when non-NULL) is a
 * struct as the table fills it, holding the values used when an option is not
 * given: non-zero ones are shown as "(default X)". */
void pb_options_help(FILE *f, const pb_option *table, const char *cmd, const void *defaults);

/* Prints "puzzlebench: CMD: <msg> (see 'puzzlebench CMD --help')" on stderr; returns
 * the usage exit status, 2. cmd may be NULL, or a command and what it runs
 * ("generate latin"): the message names the command, the hint the whole, whose --help
 * lists that one's options. */
int pb_usage_error(const char *cmd, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Until pb_usage_place(NULL), usage errors begin with place ("sweep: FILE:LINE: method
 * NAME: ") in place of "CMD: ": for a caller that runs a command of its own in this
 * process with words from its own file (a generation sweep's methods). */
void pb_usage_place(const char *place);

/* A table row's usual fields: the long name, the type, the field of struct S that
 * it fills, the value's name in help (NULL for a flag) and the help. A row adds any
 * other field after it: {PB_OPT_ROW(S, ...), .key = 'k'}. */
#define PB_OPT_ROW(S, name_, type_, field, arg_, help_)                                            \
    .name = (name_), .type = (type_), .offset = offsetof(S, field), .arg = (arg_), .help = (help_)
/* A row of an option that its own function parses (PB_OPT_CUSTOM). */
#define PB_OPT_CUSTOM_ROW(S, name_, field, arg_, help_, parse_)                                    \
    {                                                                                              \
        PB_OPT_ROW(S, name_, PB_OPT_CUSTOM, field, arg_, help_), .parse = (parse_)                 \
    }

/* The options every command that runs engines shares, for the tables of the
 * commands and of the families that run their own searches: the same names, keys
 * and help everywhere. T is the struct type, F its field. */
#define PB_OPTION_ENGINE(T, F, what)                                                               \
    {                                                                                              \
        PB_OPT_ROW(T, "engine", PB_OPT_TEXT, F, "NAME", what), .key = 'e'                          \
    }
#define PB_OPTION_THREADS(T, F, what)                                                              \
    {                                                                                              \
        PB_OPT_ROW(T, "threads", PB_OPT_INT, F, "T", what), .key = 't', .lo = 1, .hi = 1024        \
    }
#define PB_OPTION_STEP_LIMIT(T, F, what)                                                           \
    {                                                                                              \
        PB_OPT_ROW(T, "step-limit", PB_OPT_COUNT, F, "N", what "; 0: none")                        \
    }
#define PB_OPTION_TIME_LIMIT(T, F, what)                                                           \
    {                                                                                              \
        PB_OPT_ROW(T, "time-limit", PB_OPT_SECONDS, F, "S", what "; 0: none")                      \
    }
#define PB_OPTION_SEED(T, F)                                                                       \
    {                                                                                              \
        PB_OPT_ROW(T, "seed", PB_OPT_COUNT, F, "S", "seed of the random stream"), .key = 's'       \
    }
/* Every -q says in the same words that it keeps warnings: the load warning tells
 * whether the timings can be trusted, which no quiet run should lose. */
#define PB_OPTION_QUIET(T, F, what)                                                                \
    {                                                                                              \
        PB_OPT_ROW(T, "quiet", PB_OPT_FLAG, F, NULL, what "; warnings still print"), .key = 'q'    \
    }
/* The timing method's settings (measure.h); F is the pb_timing_opts field. */
#define PB_OPTION_SAMPLES(T, F, what)                                                              \
    {                                                                                              \
        PB_OPT_ROW(T, "samples", PB_OPT_INT, F.samples, "N", what), .lo = 1, .hi = PB_MAX_SAMPLES  \
    }
#define PB_OPTION_MIN_SAMPLE_TIME(T, F, what)                                                      \
    {                                                                                              \
        PB_OPT_ROW(T, "min-sample-time", PB_OPT_SECONDS, F.min_sample_s, "S", what)                \
    }
#define PB_OPTION_WARMUP(T, F, what)                                                               \
    {                                                                                              \
        PB_OPT_ROW(T, "warmup", PB_OPT_SECONDS, F.warmup_s, "S", what)                             \
    }
#define PB_OPTION_REP_BUDGET(T, F, what)                                                           \
    {                                                                                              \
        PB_OPT_ROW(T, "rep-budget", PB_OPT_SECONDS, F.budget_s, "S", what)                         \
    }
#define PB_OPTION_END                                                                              \
    {                                                                                              \
        .name = NULL                                                                               \
    }

#endif
