/* sweep_spec.h — an experiment matrix, described by a small text file ("key value..."
 * lines, '#' comments) or by the same keys given as options. The keys are one
 * option table (pb_sweep_keys) plus the options of the sweep's family, so a key
 * means what the option of that name means on the command line. */
#ifndef PB_SWEEP_SPEC_H
#define PB_SWEEP_SPEC_H

#include <stdint.h>
#include "core/error.h"
#include "family.h"
#include "harness/measure/measure.h"
#include "harness/base/options.h"

/* Whole numbers in a list (search-threads, max-lengths). */
enum { PB_SWEEP_THREAD_COUNTS = 64 };
typedef struct pb_int_list {
    int n;
    int v[PB_SWEEP_THREAD_COUNTS];
} pb_int_list;

/* A step limit for every engine, and engine-specific ones (step-limit N E=N ...). */
enum { PB_SWEEP_STEP_LIMITS = 64 };
typedef struct pb_step_limits {
    uint64_t all; /* 0: none */
    pb_list engines;
    uint64_t of[PB_SWEEP_STEP_LIMITS];
} pb_step_limits;

/* The params key: sets of engine parameter values, each a word NAME=VALUE;... ("-":
 * the engines' defaults). An engine runs with each set whose every parameter it
 * declares; an engine that takes none of them runs once, with its defaults. */
enum { PB_PARAM_SETS = 64 };
typedef struct pb_param_sets {
    int n;
    char *text[PB_PARAM_SETS];        /* each set as given (owned) */
    pb_param_value *v[PB_PARAM_SETS]; /* its values (owned), pointing into buf */
    char *buf[PB_PARAM_SETS];
    int count[PB_PARAM_SETS];
} pb_param_sets;

/* The engine-seeds key: the engines marked 'random' run once per seed. */
enum { PB_ENGINE_SEEDS = 1000 };
typedef struct pb_seed_list {
    int n;
    uint64_t v[PB_ENGINE_SEEDS];
} pb_seed_list;

/* 1 when engine e declares every parameter of set i. */
int pb_param_sets_takes(const pb_param_sets *p, int i, const pb_engine_about *e);
void pb_param_sets_free(pb_param_sets *p);

typedef enum pb_sweep_rows { PB_ROWS_PER_SET, PB_ROWS_PER_PUZZLE } pb_sweep_rows;

/* A family key seen before the family was known, applied once it is. */
typedef struct pb_pending_key {
    char *key, *value;
    int line; /* in the sweep file; 0: an option */
} pb_pending_key;

/* A generation sweep's keys (sweep_generate.c): the generator it runs, and its
 * methods, "METHOD: OPTION..." one after the other (of a --quick run: quick_generate). */
typedef struct pb_sweep_gen {
    const char *generator, *generate, *quick_generate;
    int puzzles; /* 0: each method's records only; 1: its folder, puzzles and all */
} pb_sweep_gen;

/* A tool sweep's keys (sweep_tool.c): the outside tool timed beside puzzlebench, the
 * difficulties both generate (none: the tool's), how many puzzles a generating run
 * makes, and how many times over a solving run may read a small file. */
typedef struct pb_sweep_tool_keys {
    const char *name;
    pb_list levels;
    int count, repeat;
} pb_sweep_tool_keys;

/* An engine sweep's collection (sweep_collection.c): a folder whose manifest.csv names
 * puzzles, the environment variable that names it instead when set, a row's file
 * ({name} replaced), and what it became: the folder, and how many instances (the last
 * ones) it added. */
typedef struct pb_sweep_collection {
    const char *dir, *env, *file, *found;
    int n;
} pb_sweep_collection;

/* An engine sweep's matrix: the combinations of its engines, orders, modes, thread
 * counts, parameter sets and seeds on the instances, and how they are measured. */
typedef struct pb_sweep_matrix {
    pb_list engines, orders, modes;
    pb_int_list search_threads;
    /* Engines marked 'length': a run per bound, in order (the quick list in a --quick
     * run); the others run once. */
    pb_int_list max_lengths, quick_max_lengths;
    uint64_t max_bytes; /* a run's memory limit (0: none) */
    /* The family-sets key: sets of the family's options (NAME=VALUE;..., "-": the
     * sweep's own), each the instances loaded again with them (none: once). */
    pb_param_sets family_sets;
    int levels; /* 1: count runs write their family's rows per length (count --levels) */
    pb_param_sets engine_params; /* the params key (none: every engine its defaults) */
    pb_seed_list engine_seeds;   /* the engine-seeds key (none: the default seed) */
    pb_seed_list puzzles;        /* the only-puzzles key (none: every puzzle) */
    double ci_target;            /* pairs sample on until their ratio's CI is within +- this */
    int seed;                    /* of each round's order of the runs */
    int workers;                 /* runs at a time (1-thread runs only); 0: one per core */
    int bind;                    /* index in pb_bind_modes: 0 none, 1 core */
    double settle_s;             /* the longest wait for a slowed machine (speed_guard.h) */
    double speed_tolerance;      /* how much slower than its best the machine may read */
    pb_step_limits step_limit;
    int rows; /* pb_sweep_rows */
    /* The copies key: each instance also runs as this many isomorphic copies (the
     * family's copy_set), drawn from copies_seed. */
    int copies, copies_seed;
} pb_sweep_matrix;

/* A sweep as read: the keys every kind shares (name, family, instances, timing), what
 * the report reads, and one struct for each kind. */
typedef struct pb_sweep_spec {
    const char *name;   /* output files NAME.csv and NAME.meta */
    const char *family; /* e.g. notouch */
    pb_list instances;
    pb_list quick_instances; /* the instances of a --quick run (none: the same) */
    int quick;               /* 1: made quick by pb_sweep_spec_quick */
    pb_timing_opts timing;   /* samples, max-samples, min-sample-time, warmup, rep-budget,
                                slowdown */
    double time_limit;
    /* The engine (ENGINE or ENGINE/ORDER) the report sets the others against; NULL:
     * the first of engines. */
    const char *baseline;

    pb_sweep_matrix matrix;
    pb_sweep_collection collection; /* an engine sweep's instances from a folder */
    pb_sweep_gen gen;
    pb_sweep_tool_keys tool;
    /* The stop rule of an engine's series of length bounds (max-lengths). */
    double stop_after_s;

    const pb_family *fam; /* set by pb_sweep_spec_resolve */
    void *params;         /* the family's parameters, once resolved */
    pb_list strings;      /* owned copies of the values the fields above point to */
    pb_pending_key *pending;
    int npending;
    /* Keys given as options (NULL-ended; NULL: none): the option replaces the key's
     * lines in a sweep file, which pb_sweep_spec_parse therefore does not read. */
    const char *const *given;
    /* Where each key of pb_sweep_keys was set, one entry per key of the table: its
     * line in the sweep file, -1 for an option, 0 not at all (for messages, and a key
     * given twice in a file). */
    int *key_line;
} pb_sweep_spec;

/* The keys of the sweep itself (the family's options are keys too). */
extern const pb_option pb_sweep_keys[];

/* Defaults: no instances, every engine of the family, orders "row", modes first and
 * count, search threads 1, the default timing (PB_TIMING_DEFAULTS), workers 0, no step limit, time
 * limit 60 s, one row per instance and run. */
int pb_sweep_spec_init(pb_sweep_spec *s);
void pb_sweep_spec_free(pb_sweep_spec *s);

/* Applies one "key value..." setting (line: its line in a file, 0 for an option).
 * A key that is not the sweep's is kept for the family. 0, or -1 with err set. */
int pb_sweep_spec_set(pb_sweep_spec *s, const char *key, const char *value, int line,
                      pb_error *err);

/* Reads a whole file's text, but the lines of the keys in s->given. 0, or -1 with err
 * naming the line. */
int pb_sweep_spec_parse(pb_sweep_spec *s, const char *text, size_t len, pb_error *err);

/* Finds the family, fills its parameters from their defaults and the family keys
 * given, and checks them. 0, or -1 with err (err->line: the key's line, or 0). */
int pb_sweep_spec_resolve(pb_sweep_spec *s, pb_error *err);

/* Names a sweep whose name key is not given after the file it was read from, less
 * the file's extension, where that is a name (pb_sweep_name_problem); else the name
 * stays unset, and resolving gives it the family's. 0, or -1 when out of memory. */
int pb_sweep_spec_name_from(pb_sweep_spec *s, const char *file);

/* Makes the relative instances that name a file in the folder of the sweep file
 * they were read from, and a relative collection, into paths from here. 0, or -1
 * when out of memory. */
int pb_sweep_spec_relative_to(pb_sweep_spec *s, const char *file);

/* Makes the sweep a quick one: its quick instances (and quick-generate), 5 samples
 * of at least 2 ms, a 1 s rep-budget, time limits of at most 5 s, step limits of at
 * most 1e7, at most 5 puzzles a tool sweep's generating run, and quick-max-lengths. */
void pb_sweep_spec_quick(pb_sweep_spec *s);

/* The step limit of runs of this engine. */
uint64_t pb_sweep_spec_step_limit(const pb_sweep_spec *s, const char *engine);

/* Why `name` cannot name a sweep's files in --out (a word of letters, digits and
 * . _ + -, not starting with '.' or '-', not ending as another sweep's files do), as
 * the words after "name expects"; NULL when it can. */
const char *pb_sweep_name_problem(const char *name);

/* Where key was set, for messages: "FILE:LINE: " for a line of the sweep file, "--KEY: "
 * for an option, "FILE: " otherwise. */
void pb_sweep_spec_where(const pb_sweep_spec *s, const char *key, const char *file, char *out,
                         size_t len);
/* The same for a message that names the key itself ("orders: unknown order ..."):
 * "--" for an option, so that it reads "--orders: unknown order ...". */
void pb_sweep_spec_at(const pb_sweep_spec *s, const char *key, const char *file, char *out,
                      size_t len);

/* Checks a resolved spec against its family (sweep_check.c): fills in every engine of
 * the family when none were given; every engine named (engines, step-limit) and every
 * order must exist, no list may name one thing twice, and step-limit's engines and the
 * baseline must be among the sweep's engines (the baseline in one of its orders, for an
 * engine that takes one). 0, or the exit status after a one-line message naming file
 * (source) and line. */
int pb_sweep_spec_check(pb_sweep_spec *s, const char *source);

/* The engine keys: params and engine-seeds read (PB_OPT_CUSTOM parsers,
 * sweep_params.c), and checked against the sweep's engines (sweep_check.c): every parameter named
 * belongs to one of them, every set an engine takes holds values it accepts, and seeds are given
 * only to a sweep with an engine marked 'random'. 0, or the exit status after a one-line message.
 */
int pb_sweep_parse_params(const char *value, void *field, char *err, size_t errlen);
int pb_sweep_parse_seeds(const char *value, void *field, char *err, size_t errlen);
/* The only-puzzles key: puzzle indices (from 0) N or ranges A-B, into a pb_seed_list. */
int pb_sweep_parse_puzzles(const char *value, void *field, char *err, size_t errlen);
int pb_sweep_check_engine_keys(const pb_sweep_spec *s, const char *source);

/* Applies family set i of s (its family options over the sweep's) to params, a copy of
 * s->params. 0, or -1 with err ("NAME: why"). */
int pb_sweep_family_set_apply(const pb_sweep_spec *s, int i, void *params, char *err,
                              size_t errlen);
/* The family's settings in params as rows show them: ",VALUE" for each of f's options
 * that names no instance, in the table's order (the columns solve --csv writes). */
void pb_sweep_family_setting(const pb_family *f, const void *params, char *out, size_t len);

/* Refuses (one line naming file and line, the exit status) every key set in s but
 * those of keys (NULL-ended), and every family key: what a sweep of this kind ("tool
 * sweep") takes. 0 when none. */
int pb_sweep_spec_only(const pb_sweep_spec *s, const char *source, const char *kind,
                       const char *const *keys);

/* 1 when key is the sweep's or some family's option, so the CLI takes --KEY VALUE. */
int pb_sweep_spec_is_key(const char *key);

#endif
