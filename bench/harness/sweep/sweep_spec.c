/* sweep_spec.c — the sweep's keys as an option table, and sweep files and option
 * overrides read into a pb_sweep_spec. */
#include "sweep_spec.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <omp.h>
#include <sys/stat.h>

#include "harness/measure/bind.h"
#include "harness/base/options.h"
#include "harness/base/sizes.h"
#include "harness/base/suggest.h"
#include "harness/base/text.h"
#include "core/text_bytes.h"
#include "harness/measure/speed_guard.h"

/* 1 when s is digits only: numbers are decimal (no sign, blank, 0x or inf). */
static int all_digits(const char *s)
{
    return *s && strspn(s, "0123456789") == strlen(s);
}

/* value's whole numbers, each from lo to hi and none twice, into the list at field;
 * what names them in the message. 0, or -1 with err. */
static int parse_int_list(const char *value, void *field, long lo, long hi, const char *what,
                          char *err, size_t errlen)
{
    pb_int_list *l = field;
    pb_list words = {0, NULL};
    if (pb_list_set(&words, value, err, errlen)) return -1;
    int n = 0, rc = 0;
    for (int i = 0; i < words.n && !rc; i++) {
        char *end;
        errno = 0;
        long x = strtol(words.item[i], &end, 10);
        int twice = 0;
        for (int k = 0; k < n; k++) twice |= l->v[k] == x;
        if (twice) {
            snprintf(err, errlen, "gives %ld twice", x);
            rc = -1;
        } else if (!all_digits(words.item[i]) || *end || errno || x < lo || x > hi ||
                   n == PB_SWEEP_THREAD_COUNTS) {
            snprintf(err, errlen, "expects %s from %ld to %ld (at most %d), got '%s'", what, lo, hi,
                     PB_SWEEP_THREAD_COUNTS, words.item[i]);
            rc = -1;
        } else {
            l->v[n++] = (int)x;
        }
    }
    if (!rc) l->n = n;
    pb_list_free(&words);
    return rc;
}

/* Thread counts; 'cores' is the cores this process may run on, and a list with it
 * keeps no count above it (the same list serves every machine). */
static int parse_threads(const char *value, void *field, char *err, size_t errlen)
{
    pb_list words = {0, NULL};
    char text[1024] = "", num[24];
    int with_cores = 0, listed = 0;
    const int cores = omp_get_num_procs();
    if (pb_list_set(&words, value, err, errlen)) return -1;
    for (int i = 0; i < words.n; i++) {
        with_cores += !strcmp(words.item[i], "cores");
        listed |= all_digits(words.item[i]) && atol(words.item[i]) == cores;
    }
    /* Said as given: its number would name neither word. */
    if (with_cores > 1) {
        pb_list_free(&words);
        return snprintf(err, errlen, "gives cores twice"), -1;
    }
    for (int i = 0; i < words.n; i++) {
        const char *w = words.item[i];
        if (!strcmp(w, "cores")) {
            if (listed) continue; /* given as a number too */
            snprintf(num, sizeof num, "%d", cores), w = num;
        } else if (with_cores && all_digits(w) && strlen(w) < 6 && atol(w) > cores) {
            continue;
        }
        snprintf(text + strlen(text), sizeof text - strlen(text), "%s%s", *text ? " " : "", w);
    }
    pb_list_free(&words);
    return parse_int_list(text, field, 1, 1024, "thread counts (or cores)", err, errlen);
}

static int parse_lengths(const char *value, void *field, char *err, size_t errlen)
{
    return parse_int_list(value, field, 1, PB_LENGTH_MAX, "length bounds", err, errlen);
}

/* "N", "E=N" or a mix: a plain number is the default, E=N engine E's limit. */
static int parse_step_limits(const char *value, void *field, char *err, size_t errlen)
{
    pb_step_limits *sl = field, fresh = {0, {0, NULL}, {0}};
    pb_list words = {0, NULL};
    if (pb_list_set(&words, value, err, errlen)) return -1;
    for (int i = 0; i < words.n; i++) {
        char *eq = strchr(words.item[i], '=');
        uint64_t n;
        if (pb_parse_count(eq ? eq + 1 : words.item[i], &n) || (eq && eq == words.item[i]) ||
            fresh.engines.n == PB_SWEEP_STEP_LIMITS) {
            snprintf(err, errlen,
                     "expects N or ENGINE=N (N a whole number from 0 to 2^64 - 1 in decimal, e.g. "
                     "1000 or 1e6), "
                     "got '%s'",
                     words.item[i]);
            pb_list_free(&words), pb_list_free(&fresh.engines);
            return -1;
        }
        if (!eq) {
            fresh.all = n;
            continue;
        }
        *eq = '\0';
        for (int k = 0; k < fresh.engines.n; k++)
            if (!strcmp(fresh.engines.item[k], words.item[i])) {
                snprintf(err, errlen, "gives engine %s twice", words.item[i]);
                pb_list_free(&words), pb_list_free(&fresh.engines);
                return -1;
            }
        fresh.of[fresh.engines.n] = n;
        if (pb_list_add(&fresh.engines, words.item[i])) {
            snprintf(err, errlen, "out of memory");
            pb_list_free(&words), pb_list_free(&fresh.engines);
            return -1;
        }
    }
    pb_list_free(&words);
    pb_list_free(&sl->engines);
    *sl = fresh;
    return 0;
}

/* value's words into the list at field when each is one of choices. 0; -1 with err when
 * value is not a list of words; 1 with the first word that is not a choice in bad (the
 * caller says what was expected). */
static int choose_words(const char *value, void *field, const char *const *choices, char *bad,
                        size_t badlen, char *err, size_t errlen)
{
    pb_list words = {0, NULL};
    if (pb_list_set(&words, value, err, errlen)) return -1;
    for (int i = 0; i < words.n; i++) {
        int known = 0;
        for (const char *const *c = choices; *c; c++) known |= !strcmp(*c, words.item[i]);
        if (!known) {
            snprintf(bad, badlen, "%s", words.item[i]);
            pb_list_free(&words);
            return 1;
        }
    }
    pb_list_free(field);
    *(pb_list *)field = words;
    return 0;
}

static const char *const mode_names[] = {"first", "count", "unique", NULL};

static int parse_modes(const char *value, void *field, char *err, size_t errlen)
{
    char bad[200], hint[300];
    const int rc = choose_words(value, field, mode_names, bad, sizeof bad, err, errlen);
    if (rc > 0)
        snprintf(err, errlen, "expects first, count or unique, got '%s'%s", bad,
                 pb_suggest_hint(bad, mode_names, -1, hint, sizeof hint));
    return rc ? -1 : 0;
}

static const char *const row_kinds[] = {"per-set", "per-puzzle", NULL};

/* A generation sweep's methods: the text as given; sweep_generate.c reads it. */
static int keep_text(const char *value, void *field, char *err, size_t errlen)
{
    (void)err, (void)errlen;
    *(const char **)field = value;
    return 0;
}

static const char *const puzzle_outputs[] = {"records", "folder", NULL};
static const char *const off_on[] = {"off", "on", NULL};

#define KEY(...) PB_OPT_ROW(pb_sweep_spec, __VA_ARGS__)
const pb_option pb_sweep_keys[] = {
    {KEY("name", PB_OPT_TEXT, name, "NAME",
         "output files NAME.csv and NAME.meta (default: the sweep file's\n"
         "name without its extension, as 'my' for my.sweep, where that is a\n"
         "name; else the family's name)")},
    {KEY("family", PB_OPT_TEXT, family, "NAME", "the puzzle family")},
    {KEY("instances", PB_OPT_LIST, instances, "LIST",
         "the family's instances: boards, or files of puzzles (relative to the\n"
         "sweep file's folder)")},
    {KEY("quick-instances", PB_OPT_LIST, quick_instances, "LIST",
         "the instances of a --quick run (default: instances)")},
    {KEY("engines", PB_OPT_LIST, matrix.engines, "LIST",
         "engines (default: every engine of the family)")},
    {KEY("orders", PB_OPT_LIST, matrix.orders, "LIST",
         "cell orders, for the engines that take one")},
    {KEY("modes", PB_OPT_CUSTOM, matrix.modes, "LIST",
         "first, count and/or unique (a count stopped at the second\n"
         "solution: the uniqueness check) (default first count)"),
     .parse = parse_modes},
    {KEY("search-threads", PB_OPT_CUSTOM, matrix.search_threads, "LIST",
         "threads of each run: one search split over them, or, for\n"
         "an instance of several puzzles, puzzles solved at a time (default 1);\n"
         "'cores' is the cores it may run on, and a list with it keeps no\n"
         "count above them"),
     .parse = parse_threads},
    {KEY("max-lengths", PB_OPT_CUSTOM, matrix.max_lengths, "LIST",
         "engines marked 'length' (a game's moves): a run per length bound,\n"
         "in this order; a count counts by length up to it (such engines\n"
         "need it)"),
     .parse = parse_lengths},
    {KEY("quick-max-lengths", PB_OPT_CUSTOM, matrix.quick_max_lengths, "LIST",
         "the length bounds of a --quick run (default: max-lengths)"),
     .parse = parse_lengths},
    {KEY("max-memory", PB_OPT_BYTES, matrix.max_bytes, "SIZE",
         "engines that hold tables: a run stops, before allocating, when it\n"
         "would hold more than SIZE bytes (K, M, G) (default: no limit)")},
    {KEY("params", PB_OPT_CUSTOM, matrix.engine_params, "SETS",
         "engine parameter settings, each a word NAME=VALUE;... (- for the\n"
         "defaults; NAME=A/B/C: a set per value, every combination of such\n"
         "items): an engine runs once with each set whose every parameter it\n"
         "has; an engine with none of them, once with its defaults"),
     .parse = pb_sweep_parse_params},
    {KEY("levels", PB_OPT_CHOICE, matrix.levels, NULL,
         "a family with a count of its own by lengths: each count run's rows\n"
         "per length (count --levels) go to NAME.levels.csv behind its row\n"
         "(a run of its own, untimed; one process, one build)"),
     .choices = off_on},
    {KEY("family-sets", PB_OPT_CUSTOM, matrix.family_sets, "SETS",
         "settings of the family's options, each a word NAME=VALUE;... (- for\n"
         "the sweep's own; NAME=A/B: a set per value, as in params): the\n"
         "instances run once with each, and the rows name the setting"),
     .parse = pb_sweep_parse_params},
    {KEY("engine-seeds", PB_OPT_CUSTOM, matrix.engine_seeds, "LIST",
         "engine seeds (N or A-B, e.g. 1-10): the engines marked 'random'\n"
         "run once per seed; the others once (default: the seed 1)"),
     .parse = pb_sweep_parse_seeds},
    PB_OPTION_SAMPLES(pb_sweep_spec, timing,
                      "timed samples of each run; a run that stops at a limit\n"
                      "is timed once"),
    PB_OPTION_MIN_SAMPLE_TIME(pb_sweep_spec, timing,
                              "each sample lasts at least S seconds: shorter runs are repeated\n"
                              "back to back within it and the time per run recorded"),
    {KEY("max-samples", PB_OPT_INT, timing.max_samples, "N",
         "runs that a comparison pairs (the engines and orders of one\n"
         "instance, mode and thread count) take further rounds of samples, up to\n"
         "N, while a pair's ratio is known less well than ci-target (0: samples)"),
     .lo = 0, .hi = PB_MAX_SAMPLES},
    {KEY("ci-target", PB_OPT_REAL, matrix.ci_target, "F",
         "a pair samples on while its time ratio's 95% interval is wider\n"
         "than +- F (default 0: every run takes samples and no more)"),
     .lo = 0, .hi = 1},
    {KEY("seed", PB_OPT_INT, matrix.seed, "N",
         "seed of the order of the runs within each round of samples\n"
         "(a fresh order every round; kept in the .meta)"),
     .key = 's', .lo = 0, .hi = 2147483647},
    PB_OPTION_WARMUP(pb_sweep_spec, timing,
                     "runs before the samples, not recorded, for S seconds; a first\n"
                     "run that long (by its CPU time: not a wait) is a sample itself\n"
                     "(a long run is not run twice)"),
    {KEY("slowdown", PB_OPT_REAL, timing.slowdown, "F",
         "every timed batch of runs (a sample) ends with (F - 1) times its\n"
         "own time of extra busy work: slower work of a known size, to check\n"
         "that a comparison sees it (0 or 1: none)"),
     .lo = 0, .hi = 100},
    PB_OPTION_REP_BUDGET(pb_sweep_spec, timing,
                         "take no further sample once a run's samples took S seconds\n"
                         "(0: no budget)"),
    {KEY("workers", PB_OPT_INT, matrix.workers, "N",
         "1-thread runs at a time (default: one per core)"),
     .lo = 1, .hi = 1024},
    {KEY("bind", PB_OPT_CHOICE, matrix.bind, NULL,
         "pin the OpenMP threads to cores with hwloc: thread i to core i"),
     .choices = pb_bind_modes},
    {KEY("speed-tolerance", PB_OPT_REAL, matrix.speed_tolerance, "F",
         "a round of samples taken while the machine read more than F\n"
         "slower than its best (the ref_run's time) is taken again once the\n"
         "machine is back"),
     .lo = 0.01, .hi = 10},
    {KEY("settle-time", PB_OPT_SECONDS, matrix.settle_s, "S",
         "wait up to S seconds for a slower machine to come back; when it\n"
         "does not, its speed counts as its best from then on (0: read the\n"
         "speed and keep it in ref_s, never wait)")},
    {KEY("step-limit", PB_OPT_CUSTOM, matrix.step_limit, "N [E=N ...]",
         "per-run step limit (default none); E=N sets engine E's (an\n"
         "engine the sweep runs; --engines narrowing a file leaves\n"
         "the file's E=N for the engines it drops unused)"),
     .parse = parse_step_limits},
    {KEY("time-limit", PB_OPT_SECONDS, time_limit, "S",
         "per-run time limit in seconds, 0 for none (a file of puzzles\n"
         "shares both limits over its puzzles, unless rows is per-puzzle)")},
    {KEY("rows", PB_OPT_CHOICE, matrix.rows, NULL,
         "one row per instance and run (its puzzles summed), or one per\n"
         "puzzle and run (each puzzle its own limits)"),
     .choices = row_kinds},
    {KEY("only-puzzles", PB_OPT_CUSTOM, matrix.puzzles, "LIST",
         "with rows per-puzzle: only these puzzles of each file (from 0, as\n"
         "the rows name them NAME#P: N or A-B), to run a row or a few of a\n"
         "sweep again, under their names (default: every puzzle)"),
     .parse = pb_sweep_parse_puzzles},
    {KEY("copies", PB_OPT_INT, matrix.copies, "K",
         "each instance also runs as K isomorphic copies of its puzzles (a\n"
         "symmetry of the family's rules, the same for every engine); copy c's\n"
         "rows name their instance NAME.copyC (default 0: none)"),
     .lo = 0, .hi = 1000},
    {KEY("copies-seed", PB_OPT_INT, matrix.copies_seed, "N",
         "the seed the copies' symmetries are drawn from, with each puzzle's\n"
         "index and the copy's (kept in the .meta)"),
     .lo = 0, .hi = 2147483647},
    {KEY("baseline", PB_OPT_TEXT, baseline, "ENGINE[/ORDER]",
         "the engine (in one of the orders) that the report's scatter plots\n"
         "and paired ratios set every other solver against (kept in the .meta)\n"
         "(default: the first of engines); of an engine run with several\n"
         "settings, the sweep's first (the first of params, engine-seeds and\n"
         "search-threads that it runs)")},
    {KEY("collection", PB_OPT_TEXT, collection.dir, "DIR",
         "a folder whose manifest.csv (a column name) names puzzles: each\n"
         "row's file is an instance (relative to the sweep file's folder); the\n"
         "sweep copies the manifest to NAME.manifest.csv. No folder: the sweep\n"
         "is skipped (exit 77)")},
    {KEY("collection-env", PB_OPT_TEXT, collection.env, "VAR",
         "an environment variable that names the collection's folder\n"
         "instead, when it is set")},
    {KEY("collection-file", PB_OPT_TEXT, collection.file, "PATTERN",
         "a manifest row's file in the folder, {name} its name (default\n"
         "{name})")},
    {KEY("generator", PB_OPT_TEXT, gen.generator, "NAME",
         "a generation sweep: it runs `generate NAME` (a generator of the\n"
         "family) once per method of 'generate', instead of engine runs")},
    {KEY("generate", PB_OPT_CUSTOM, gen.generate, "METHOD: OPTIONS ...",
         "a generation sweep's methods, each a name and a colon, then the\n"
         "generator's options (blank-separated, no quoting; none that names\n"
         "a file it writes): NAME-METHOD.csv holds each one's records"),
     .parse = keep_text},
    {KEY("quick-generate", PB_OPT_CUSTOM, gen.quick_generate, "METHOD: OPTIONS ...",
         "the methods of a --quick run (default: generate)"),
     .parse = keep_text},
    {KEY("puzzles", PB_OPT_CHOICE, gen.puzzles, NULL,
         "a generation sweep keeps each method's records (NAME-METHOD.csv),\n"
         "or its folder NAME-METHOD/ (generate --out: the puzzles too)"),
     .choices = puzzle_outputs},
    {KEY("tool", PB_OPT_TEXT, tool.name, "NAME",
         "a tool sweep: times the family's outside tool NAME beside\n"
         "puzzlebench on the same work, solving each of 'instances' and\n"
         "generating at each of 'tool-levels', instead of engine runs")},
    {KEY("tool-levels", PB_OPT_LIST, tool.levels, "LIST",
         "a tool sweep's difficulties to generate at (default: the tool's)")},
    {KEY("tool-count", PB_OPT_INT, tool.count, "N",
         "a tool sweep's puzzles per generating run (0: no generating)"),
     .lo = 0, .hi = 100000},
    {KEY("tool-repeat", PB_OPT_INT, tool.repeat, "K",
         "a tool sweep reads a small file up to K times over in one run, to\n"
         "about 1000 puzzles, so that the process start does not dominate"),
     .lo = 1, .hi = 1000},
    {KEY("stop-after", PB_OPT_SECONDS, stop_after_s, "S",
         "in a series (an engine's max-lengths), the later runs are skipped\n"
         "once one took more than S seconds or stopped at a limit (0: never\n"
         "skipped); a sweep with it runs one run at a time")},
    PB_OPTION_END,
};
#undef KEY

int pb_sweep_spec_init(pb_sweep_spec *s)
{
    char err[200];
    memset(s, 0, sizeof *s);
    s->timing = (pb_timing_opts)PB_TIMING_DEFAULTS;
    s->matrix.seed = 1;
    s->matrix.copies_seed = 1;
    s->time_limit = 60;
    s->matrix.speed_tolerance = PB_SPEED_TOLERANCE;
    s->matrix.search_threads.n = 1;
    s->matrix.search_threads.v[0] = 1;
    s->matrix.rows = PB_ROWS_PER_SET;
    s->tool.count = 20;
    s->tool.repeat = 10;
    size_t nkeys = 0;
    while (pb_sweep_keys[nkeys].name) nkeys++;
    return !(s->key_line = calloc(nkeys, sizeof *s->key_line)) ||
                   pb_list_set(&s->matrix.orders, "row", err, sizeof err) ||
                   pb_list_set(&s->matrix.modes, "first count", err, sizeof err)
               ? -1
               : 0;
}

void pb_sweep_spec_free(pb_sweep_spec *s)
{
    pb_list_free(&s->instances);
    pb_list_free(&s->quick_instances);
    pb_list_free(&s->matrix.engines);
    pb_list_free(&s->matrix.orders);
    pb_list_free(&s->matrix.modes);
    pb_list_free(&s->tool.levels);
    pb_list_free(&s->matrix.step_limit.engines);
    pb_param_sets_free(&s->matrix.engine_params);
    pb_param_sets_free(&s->matrix.family_sets);
    pb_list_free(&s->strings);
    for (int i = 0; i < s->npending; i++) free(s->pending[i].key), free(s->pending[i].value);
    free(s->pending);
    free(s->params);
    free(s->key_line);
    memset(s, 0, sizeof *s);
}

void pb_sweep_spec_quick(pb_sweep_spec *s)
{
    const uint64_t most_steps = 10000000;
    s->quick = 1;
    if (s->gen.quick_generate) s->gen.generate = s->gen.quick_generate;
    if (s->tool.count > 5) s->tool.count = 5;
    if (s->matrix.quick_max_lengths.n) s->matrix.max_lengths = s->matrix.quick_max_lengths;
    if (s->quick_instances.n) {
        pb_list t = s->instances;
        s->instances = s->quick_instances;
        s->quick_instances = t;
    }
    s->timing = (pb_timing_opts){.samples = 5,
                                 .max_samples = 10,
                                 .min_sample_s = 0.002,
                                 .warmup_s = 0.010,
                                 .budget_s = 1.0,
                                 .slowdown = s->timing.slowdown};
    if (!(s->time_limit > 0) || s->time_limit > 5) s->time_limit = 5;
    if (s->matrix.settle_s > 2) s->matrix.settle_s = 2;
    if (!s->matrix.step_limit.all || s->matrix.step_limit.all > most_steps)
        s->matrix.step_limit.all = most_steps;
    for (int i = 0; i < s->matrix.step_limit.engines.n; i++)
        if (!s->matrix.step_limit.of[i] || s->matrix.step_limit.of[i] > most_steps)
            s->matrix.step_limit.of[i] = most_steps;
}

uint64_t pb_sweep_spec_step_limit(const pb_sweep_spec *s, const char *engine)
{
    for (int i = 0; i < s->matrix.step_limit.engines.n; i++)
        if (!strcmp(s->matrix.step_limit.engines.item[i], engine))
            return s->matrix.step_limit.of[i];
    return s->matrix.step_limit.all;
}

/* 1 when some family takes an option called key. */
static int family_key(const char *key)
{
    for (const pb_family *const *f = pb_families; *f; f++) {
        const pb_option *o = pb_option_find((*f)->options, key);
        if (o && o->type != PB_OPT_INSTANCE) return 1;
    }
    return 0;
}

/* " (did you mean 'KEY'?)" after a mistyped key: the sweep's and the families'. */
static char *key_hint(const char *key, char *out, size_t len)
{
    const char *names[256];
    int n = 0;
    for (const pb_option *o = pb_sweep_keys; o->name && n < 256; o++) names[n++] = o->name;
    for (const pb_family *const *f = pb_families; *f; f++)
        for (const pb_option *o = (*f)->options; o && o->name && n < 256; o++)
            if (o->type != PB_OPT_INSTANCE) names[n++] = o->name;
    return pb_suggest_hint(key, names, n, out, len);
}

int pb_sweep_spec_is_key(const char *key)
{
    return pb_option_find(pb_sweep_keys, key) || family_key(key);
}

/* A quick-* key set once the spec was made quick (an option to a --quick sweep) goes
 * in place too, as pb_sweep_spec_quick put the file's: it replaced the file's line,
 * and running the full instances instead would be far from quick. 0, or -1 with msg. */
static int quick_in_place(pb_sweep_spec *s, const char *key, const char *value, char *msg,
                          size_t len)
{
    if (!s->quick) return 0;
    if (!strcmp(key, "quick-max-lengths")) s->matrix.max_lengths = s->matrix.quick_max_lengths;
    if (!strcmp(key, "quick-generate")) s->gen.generate = s->gen.quick_generate;
    return strcmp(key, "quick-instances") ? 0 : pb_list_set(&s->instances, value, msg, len);
}

int pb_sweep_spec_set(pb_sweep_spec *s, const char *key, const char *value, int line, pb_error *err)
{
    const pb_option *o = pb_option_find(pb_sweep_keys, key);
    if (!o) {
        if (!strcmp(key, "reps"))
            return pb_fail(err, line, "'reps' is now 'samples' (timed samples of each run)");
        if (!family_key(key)) {
            char hint[200];
            return pb_fail(err, line, "unknown key '%s'%s (see 'puzzlebench sweep --help')", key,
                           key_hint(key, hint, sizeof hint));
        }
        for (int i = 0; i < s->npending && line > 0; i++)
            if (s->pending[i].line > 0 && !strcmp(s->pending[i].key, key))
                return pb_fail(err, line, "key '%s' given twice (first on line %d)", key,
                               s->pending[i].line);
        pb_pending_key *p = realloc(s->pending, ((size_t)s->npending + 1) * sizeof *p);
        if (!p) return pb_fail(err, line, "out of memory");
        s->pending = p;
        p += s->npending;
        p->key = strdup(key), p->value = strdup(value), p->line = line;
        if (!p->key || !p->value)
            return free(p->key), free(p->value), pb_fail(err, line, "out of memory");
        s->npending++;
        return 0;
    }
    int *where = &s->key_line[o - pb_sweep_keys];
    if (line > 0 && *where > 0)
        return pb_fail(err, line, "key '%s' given twice (first on line %d)", key, *where);
    *where = line > 0 ? line : -1;
    if (!strcmp(key, "name")) {
        const char *why = pb_sweep_name_problem(value);
        char shown[PB_SHOWN_SIZE(80)];
        if (why)
            return pb_fail(err, line, "name expects %s, got '%s'", why,
                           pb_text_show(shown, sizeof shown, value));
    }
    /* Text fields point at the spec's own copy of the value. */
    if (pb_list_add(&s->strings, value)) return pb_fail(err, line, "out of memory");
    char msg[sizeof err->msg];
    if (pb_option_apply(o, s, s->strings.item[s->strings.n - 1], msg, sizeof msg))
        return pb_fail(err, line, "%s", msg + 2); /* "--key expects ..." -> "key expects ..." */
    if (o->type == PB_OPT_TEXT && strcspn(value, " \t") != strlen(value))
        return pb_fail(err, line, "%s expects one word, got '%s'", key, value);
    if (quick_in_place(s, key, s->strings.item[s->strings.n - 1], msg, sizeof msg))
        return pb_fail(err, line, "%s", msg);
    return 0;
}

/* Applies one logical line (key and value, comments removed), unless an option gave
 * its key: the option is what the user asked for, so a fault in the line it replaces
 * stops nothing (the next run without the option reports it). */
static int apply_line(pb_sweep_spec *s, char *line, int lineno, pb_error *err)
{
    char *key = line + strspn(line, " ");
    if (!*key) return 0;
    char *sp = key + strcspn(key, " ");
    char *value = sp + strspn(sp, " ");
    *sp = '\0';
    for (const char *const *g = s->given; g && *g; g++)
        if (!strcmp(*g, key)) return 0;
    size_t vl = strlen(value);
    while (vl && value[vl - 1] == ' ') value[--vl] = '\0';
    if (!*value) return pb_fail(err, lineno, "%s: expected a value after the key", key);
    return pb_sweep_spec_set(s, key, value, lineno, err);
}

/* Lines that start with a blank continue the previous key's value. */
int pb_sweep_spec_parse(pb_sweep_spec *s, const char *text, size_t len, pb_error *err)
{
    enum { MAX_LINE = 4096 };
    char logical[4 * MAX_LINE];
    size_t used = 0;
    int lineno = 0, key_line = 0;
    size_t i = 0;
    while (i < len) {
        size_t end = i;
        while (end < len && text[end] != '\n') end++;
        lineno++;
        if (end - i >= MAX_LINE)
            return pb_fail(err, lineno, "line too long (more than %d characters)", MAX_LINE - 1);
        if (memchr(text + i, '\0', end - i))
            return pb_fail(err, lineno, "expected printable ASCII, got byte 0x00");
        char line[MAX_LINE];
        memcpy(line, text + i, end - i);
        line[end - i] = '\0';
        i = end + 1;
        char *hash = strchr(line, '#');
        if (hash) *hash = '\0';
        for (char *c = line; *c; c++) {
            if (*c == '\r' || *c == '\t')
                *c = ' ';
            else if ((unsigned char)*c < 32 || (unsigned char)*c >= 127)
                return pb_fail(err, lineno, "expected printable ASCII, got byte 0x%02x",
                               (unsigned char)*c);
        }
        size_t n = strlen(line);
        if (line[strspn(line, " ")] == '\0') continue;
        if (line[0] == ' ' && used) {
            if (used + n + 1 >= sizeof logical)
                return pb_fail(err, lineno, "value too long (more than %zu characters)",
                               sizeof logical - 1);
            logical[used++] = ' ';
            memcpy(logical + used, line, n + 1);
            used += n;
            continue;
        }
        if (line[0] == ' ')
            return pb_fail(err, lineno, "expected a key at the start of the line, got blanks");
        if (used && apply_line(s, logical, key_line, err)) return -1;
        memcpy(logical, line, n + 1);
        used = n;
        key_line = lineno;
    }
    return used ? apply_line(s, logical, key_line, err) : 0;
}

int pb_sweep_spec_resolve(pb_sweep_spec *s, pb_error *err)
{
    char names[256], msg[400], hint[200];
    if (!s->family) return pb_fail(err, 0, "no 'family' given");
    if (!(s->fam = pb_family_find(s->family))) {
        const int line = s->key_line[pb_option_find(pb_sweep_keys, "family") - pb_sweep_keys];
        pb_family_list(names, sizeof names);
        return pb_fail(err, line > 0 ? line : 0, "unknown family '%s' (one of: %s)%s", s->family,
                       names, pb_family_hint(s->family, hint, sizeof hint));
    }
    if (!(s->params = calloc(1, s->fam->params_size ? s->fam->params_size : 1)))
        return pb_fail(err, 0, "out of memory");
    if (s->fam->params_size) memcpy(s->params, s->fam->params_default, s->fam->params_size);
    for (int i = 0; i < s->npending; i++) {
        const pb_pending_key *p = &s->pending[i];
        const pb_option *o = pb_option_find(s->fam->options, p->key);
        if (!o)
            return pb_fail(err, p->line,
                           "%s is not a key of family %s (see 'puzzlebench sweep "
                           "--help')",
                           p->key, s->fam->name);
        if (pb_option_apply(o, s->params, p->value, msg, sizeof msg))
            return pb_fail(err, p->line, "%s", msg + 2);
    }
    if (s->fam->check_params && s->fam->check_params(s->params, msg, sizeof msg))
        return pb_fail(err, 0, "%s", msg);
    if (!s->name) s->name = s->fam->name;
    return 0;
}

const char *pb_sweep_name_problem(const char *name)
{
    /* What other sweeps' files in the same --out end with (NAME.samples.csv,
     * NAME.levels.csv, NAME.manifest.csv): a name ending so would be given another
     * sweep's file, and the report would read its rows as that sweep's table. */
    static const struct {
        const char *suffix, *why;
    } taken[] = {{".samples", "a name not ending in '.samples' (another sweep's samples)"},
                 {".levels", "a name not ending in '.levels' (another sweep's counts by length)"},
                 {".manifest", "a name not ending in '.manifest' (a collection's manifest)"}};
    if (!*name || name[0] == '.' || name[0] == '-')
        return "a file name that starts with a letter, a digit or '_'";
    for (const char *p = name; *p; p++)
        if (!isalnum((unsigned char)*p) && !strchr("._+-", *p))
            return "a file name of letters, digits and . _ + - only";
    const size_t n = strlen(name);
    /* Room in a file name (255 bytes) for the longest of the files it names,
     * NAME-against.samples.csv.part. */
    if (n > 200) return "a file name of at most 200 characters";
    for (size_t k = 0; k < sizeof taken / sizeof *taken; k++)
        if (pb_has_suffix(name, taken[k].suffix)) return taken[k].why;
    return NULL;
}

/* Where key was set; names_key: the message goes on with the key's name, so an option
 * is "--" alone ("--orders: unknown order ..."). */
static void spec_place(const pb_sweep_spec *s, const char *key, const char *file, int names_key,
                       char *out, size_t len)
{
    const pb_option *o = pb_option_find(pb_sweep_keys, key);
    int line = o ? s->key_line[o - pb_sweep_keys] : 0;
    if (line > 0)
        snprintf(out, len, "%s:%d: ", file, line);
    else if (line < 0 && names_key)
        snprintf(out, len, "--");
    else if (line < 0)
        snprintf(out, len, "--%s: ", key);
    else
        snprintf(out, len, "%s: ", file);
}

void pb_sweep_spec_where(const pb_sweep_spec *s, const char *key, const char *file, char *out,
                         size_t len)
{
    spec_place(s, key, file, 0, out, len);
}

void pb_sweep_spec_at(const pb_sweep_spec *s, const char *key, const char *file, char *out,
                      size_t len)
{
    spec_place(s, key, file, 1, out, len);
}

int pb_sweep_spec_name_from(pb_sweep_spec *s, const char *file)
{
    if (s->name) return 0;
    const char *slash = strrchr(file, '/');
    const char *base = slash ? slash + 1 : file;
    const char *dot = strrchr(base, '.');
    const size_t n = dot && dot > base ? (size_t)(dot - base) : strlen(base);
    char stem[256];
    if (n >= sizeof stem) return 0;
    snprintf(stem, sizeof stem, "%.*s", (int)n, base);
    /* A file whose name is no sweep name (standard input, a dot first): the family's. */
    if (pb_sweep_name_problem(stem)) return 0;
    if (pb_list_add(&s->strings, stem)) return -1;
    s->name = s->strings.item[s->strings.n - 1];
    return 0;
}

int pb_sweep_spec_relative_to(pb_sweep_spec *s, const char *file)
{
    const char *slash = strrchr(file, '/');
    if (!slash) return 0;
    int dirlen = (int)(slash - file);
    if (s->collection.dir && s->collection.dir[0] != '/') {
        char *p = malloc((size_t)dirlen + strlen(s->collection.dir) + 2);
        if (!p) return -1;
        sprintf(p, "%.*s/%s", dirlen, file, s->collection.dir);
        const int failed = pb_list_add(&s->strings, p);
        free(p);
        if (failed) return -1;
        s->collection.dir = s->strings.item[s->strings.n - 1];
    }
    for (int i = 0; i < s->instances.n; i++) {
        const char *it = s->instances.item[i];
        if (it[0] == '/' || !strcmp(it, "-")) continue;
        size_t n = (size_t)dirlen + strlen(it) + 2;
        char *p = malloc(n);
        if (!p) return -1;
        snprintf(p, n, "%.*s/%s", dirlen, file, it);
        /* Only names of files beside the sweep file: others are boards or generated
         * instances, whatever characters they hold. */
        struct stat st;
        if (stat(p, &st) == 0) {
            free(s->instances.item[i]);
            s->instances.item[i] = p;
        } else {
            free(p);
        }
    }
    return 0;
}
