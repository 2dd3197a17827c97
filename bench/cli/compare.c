/* compare.c — `puzzlebench compare OLD.csv NEW.csv` and `puzzlebench compare FILE.csv
 * --by COL=A,B`: the options and help, the key columns of each side, and the run
 * from reading to printing (compare_load.c, compare_pair.c, compare_print.c). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "commands.h"
#include "compare.h"
#include "harness/base/say.h"
#include "harness/base/sizes.h"

static const char compare_about[] =
    "usage: puzzlebench compare OLD.csv NEW.csv [options]\n"
    "       puzzlebench compare FILE.csv --by COL=A,B [options]\n"
    "\n"
    "Compares two runs pair by pair, as Go's benchstat does: the rows of OLD and NEW\n"
    "(or, with --by, the rows of FILE with COL=A and with COL=B) that agree on every key\n"
    "column, that is, every column that is not a measurement (for a sweep: family,\n"
    "instance, cells, engine, order, mode, threads, params, engine_seed, time_limit_s).\n"
    "A value - is a setting the row's engine lacks (order - for an engine without a\n"
    "cell order): a row left without an equal key pairs with the one row that agrees\n"
    "with it on every key both have, shown as old/new; one that would pair with\n"
    "several is an error (--where picks one). Two sides run with different settings\n"
    "pair as well: a setting that every row of OLD (or COL=A) holds at one value and\n"
    "every row of NEW (COL=B) at another (threads, engine_seed, or an item of params:\n"
    "luby-unit=20 against luby-unit=400) is set aside, the rows pair on their other\n"
    "keys, and a line above the table names it, old/new (--csv: new_keys; --json:\n"
    "set_aside); a setting with several values on a side stays a key. With --by\n"
    "engine=A,B, and between two files whose rows each hold one engine, a different\n"
    "one (the engine then set aside as the settings above; a file of several keeps\n"
    "it a key), the sides are engines: the cell order is a setting too, and, where\n"
    "both engines have parameters, an item that one lacks counts as its value -, so\n"
    "engines with parameters of their own pair (restart,learn).\n"
    "Any puzzlebench CSV with run_id and row columns will do; every statistic is\n"
    "recomputed from the raw samples in NAME.samples.csv beside NAME.csv.\n"
    "\n"
    "Each pair shows the old and new median time per run with its distribution-free\n"
    "interval, the change, its p-value and q-value, n and the ratio of steps. The change\n"
    "is the ratio of times, written \"N× faster\" or \"N× slower\" with N >= 1, with its\n"
    "1 - alpha interval. Runs that took the same rounds of one sweep are paired by\n"
    "round: the geometric mean of the rounds' ratios (not the ratio of the medians\n"
    "shown), a paired t-test on their logs (from the worker processes' means where\n"
    "three or more took them). Other runs are compared from independent samples: the\n"
    "ratio of the medians, its percentile bootstrap interval (10000 resamples, seeded\n"
    "from the samples, so the same files give the same output) and the Mann-Whitney U\n"
    "test. A line above the table says which.\n"
    "\n"
    "A table tests many pairs at once, and 5 in 100 identical pairs have p < 0.05 by\n"
    "chance alone. So a verdict reads q, the Benjamini-Hochberg adjustment of p over the\n"
    "tested pairs: the pairs called faster or slower at q < alpha hold at most a share\n"
    "alpha of false discoveries, on average, and where no pair truly differs the chance\n"
    "of calling any is at most alpha (for independent or positively related tests). The\n"
    "change is \"~\" when q >= alpha (--adjust none: p), or when its interval reaches into\n"
    "the noise floor, 1 +- threshold. It is \"-\" when either run did not finish (status\n"
    "not done), and a bound (\"≥ N× faster\") when one stopped at its limit. The\n"
    "geometric mean of the compared pairs' ratios, the counts, and the rows that pair\n"
    "with none close the table.\n"
    "\n"
    "options:\n";

static const char *const adjustments[] = {"none", "bh", NULL};

/* What is compared: the samples' wall time or CPU time (both tested), or an exact
 * count of the row (its ratio alone). */
enum { METRIC_WALL, METRIC_CPU, METRIC_STEPS, METRIC_MEMORY };
static const char *const metrics[] = {"wall", "cpu", "steps", "memory", NULL};
/* Each metric's column: in the samples file (wall, cpu) or in the rows (the rest). */
static const char *const metric_columns[] = {"wall_s", "cpu_s", "steps", "peak_rss_bytes"};

typedef struct compare_opts {
    int csv, json, allow_mismatch, adjust, metric;
    const char *by;
    pb_list where;
    double alpha, threshold;
} compare_opts;

static const pb_option compare_options[] = {
    {.name = "csv",
     .type = PB_OPT_FLAG,
     .offset = offsetof(compare_opts, csv),
     .help = "print CSV: a header, one line per pair (ratio = new/old time: below 1,\n"
             "new is faster; new_keys: the new row's values of keys that one row\n"
             "lacks or that were set aside, KEY=VALUE;..., with '%', ';' (and '=' in\n"
             "a KEY) written %25, %3B, %3D: split at ';', then at the first '=', then\n"
             "decode each, as a URL's), then a geomean line"},
    {.name = "json",
     .type = PB_OPT_FLAG,
     .offset = offsetof(compare_opts, json),
     .help = "print JSON (docs/json.md): both runs' commits, every pair with its\n"
             "ratio, interval, p-value, n, method, bound and verdict, the counts,\n"
             "the settings set aside"},
    {.name = "allow-mismatch",
     .type = PB_OPT_FLAG,
     .offset = offsetof(compare_opts, allow_mismatch),
     .help = "compare two runs that cannot be compared fairly (a different CPU,\n"
             "compiler, flags or build type, quick against full, other timing\n"
             "settings, by their .meta files), saying what differs"},
    {.name = "by",
     .type = PB_OPT_TEXT,
     .offset = offsetof(compare_opts, by),
     .arg = "COL=A,B",
     .help = "within one file, compare the rows with COL=A (old) against those with\n"
             "COL=B (new), paired on the other key columns (e.g. engine=enum-all,backtrack),\n"
             "a setting that each side holds one value of set aside (above); an engine\n"
             "value may be ENGINE/ORDER, its rows in one cell order (backtrack/mrv);\n"
             "a params value may name only the items that differ\n"
             "(params=restarts=luby,restarts=glue), and rows then pair where their\n"
             "other items agree (shown in a params column where those vary)"},
    {.name = "where",
     .type = PB_OPT_LIST,
     .offset = offsetof(compare_opts, where),
     .arg = "KEY=V,...",
     .help = "only the rows whose KEY is V, or - (an engine without that setting):\n"
             "e.g. --by engine=enum-all,backtrack --where order=row; a params value\n"
             "may be some of its items (params=restarts=glue), and a row whose params\n"
             "lack such an item (another engine's) is kept, as - is"},
    {.name = "metric",
     .type = PB_OPT_CHOICE,
     .offset = offsetof(compare_opts, metric),
     .choices = metrics,
     .help = "what is compared: wall or cpu, the time per run from each sample's\n"
             "wall_s or cpu_s (user + system), paired and tested as above; steps\n"
             "or memory (peak_rss_bytes), exact for a run: their ratio alone"},
    {.name = "alpha",
     .type = PB_OPT_REAL,
     .offset = offsetof(compare_opts, alpha),
     .arg = "P",
     .help = "significance level of the verdicts; the ratio's interval is at 1 - P",
     .lo = 0.0001,
     .hi = 0.5},
    {.name = "adjust",
     .type = PB_OPT_CHOICE,
     .offset = offsetof(compare_opts, adjust),
     .choices = adjustments,
     .help = "what a verdict reads: bh, the p-values adjusted over the tested pairs\n"
             "(Benjamini-Hochberg q), or none, each pair's p on its own"},
    {.name = "threshold",
     .type = PB_OPT_REAL,
     .offset = offsetof(compare_opts, threshold),
     .arg = "F",
     .help = "the noise floor: a verdict's interval must lie wholly above 1 + F\n"
             "or below 1 / (1 + F) (0: significance alone decides; default 0 for\n"
             "ratios paired by round, 0.03 for independent ones)",
     .lo = 0,
     .hi = 1},
    PB_OPTION_END,
};

static const compare_opts compare_defaults = {.alpha = 0.05, .threshold = -1, .adjust = 1};

static void print_help(void)
{
    fputs(compare_about, stdout);
    pb_options_help(stdout, compare_options, "compare", &compare_defaults);
    fputs("\nexit status: 0 done, 2 bad usage or input (also: a --by or --where value no\n"
          "row has, a row that would pair with several, no rows that pair)\n",
          stdout);
}

static int input_error(const char *err)
{
    pb_say("compare: %s", err);
    return PB_EXIT_USAGE;
}

/* The key columns of f other than skip, in the file's order: indices in key[],
 * names in names[] (room for every column). Returns how many. */
static int key_columns(const cmp_file *f, int skip, int *key, const char **names)
{
    int n = 0;
    for (int c = 0; c < f->table.ncols; c++)
        if (c != skip && !cmp_is_measured(f->table.cell[c]))
            key[n] = c, names[n++] = f->table.cell[c];
    return n;
}

/* The new file's columns for the old file's keys: it must have the same key
 * columns, in any order. 0, or -1 with a message. */
static int map_keys(const cmp_file *nf, const char *const *names, int nkey, int *key,
                    const char *old_path, char *err, size_t errlen)
{
    int own = 0, ok = 1;
    for (int c = 0; c < nf->table.ncols; c++) own += !cmp_is_measured(nf->table.cell[c]);
    for (int k = 0; k < nkey; k++) ok &= (key[k] = pb_table_column(&nf->table, names[k])) >= 0;
    if (ok && own == nkey) return 0;
    char list[400];
    size_t at = 0;
    for (int k = 0; k < nkey && at < sizeof list; k++)
        at += (size_t)snprintf(list + at, sizeof list - at, "%s%s", k ? "," : "", names[k]);
    snprintf(err, errlen, "%s:1: expected the key columns of %s (%s)", nf->path, old_path, list);
    return -1;
}

/* The runs' .meta files: a mismatch is refused unless --allow-mismatch, which says
 * what differs. 0, or the exit status. */
static int check_fair(const cmp_side *old, const cmp_side *new_, const compare_opts *o,
                      cmp_meta meta[2])
{
    char err[PB_MSG_MAX], diff[CMP_META_DIFF_MAX];
    if (cmp_meta_read(&meta[0], old->file, err, sizeof err) ||
        cmp_meta_read(&meta[1], new_->file, err, sizeof err))
        return input_error(err);
    const int n = cmp_meta_differences(&meta[0], &meta[1], diff, sizeof diff);
    if (!n) return 0;
    if (!o->allow_mismatch) {
        pb_say("compare: %s and %s cannot be compared fairly: %s (--allow-mismatch compares "
               "them anyway)",
               old->file->meta_path, new_->file->meta_path, diff);
        return PB_EXIT_USAGE;
    }
    pb_say("compare: warning: compared although their runs differ: %s", diff);
    return 0;
}

/* The exact measure's column in both files, or a message naming the file without it. */
static int exact_columns(const cmp_side *old, const cmp_side *new_, const char *name, int col[2],
                         char *err, size_t errlen)
{
    const cmp_file *f[2] = {old->file, new_->file};
    for (int i = 0; i < 2; i++)
        if ((col[i] = pb_table_column(&f[i]->table, name)) < 0)
            return snprintf(err, errlen,
                            "%s:1: expected a column %s for --metric (a file written "
                            "before it was kept?)",
                            f[i]->path, name),
                   -1;
    return 0;
}

/* Pairs, measures and prints; frees the set. The exit status. */
static int finish(const cmp_side *old, const cmp_side *new_, cmp_set *set, const compare_opts *o,
                  const char *old_label, const char *new_label)
{
    char err[PB_MSG_MAX];
    cmp_meta meta[2];
    if (!set->nkey)
        return snprintf(err, sizeof err, "%s:1: expected a key column (one not measured)",
                        old->file->path),
               input_error(err);
    /* Rows that cannot pair are the first thing to say: two sweeps of different
     * families differ in their settings too, which would hide it. */
    if (cmp_pair_up(old, new_, set, err, sizeof err)) return input_error(err);
    int rc = check_fair(old, new_, o, meta);
    if (rc) return cmp_set_free(set), rc;
    const char *labels[2] = {old_label, new_label};
    if (o->metric == METRIC_STEPS || o->metric == METRIC_MEMORY) {
        int col[2];
        if (exact_columns(old, new_, metric_columns[o->metric], col, err, sizeof err))
            return cmp_set_free(set), input_error(err);
        rc = cmp_print_exact(set, metric_columns[o->metric], col, o->csv, labels, meta);
    } else {
        if (o->metric == METRIC_CPU && !o->csv && !o->json)
            printf(
                "metric: CPU time per run (user + system, each sample's cpu_s), not wall time\n");
        rc = o->json  ? cmp_print_json(set, labels, meta)
             : o->csv ? cmp_print_csv(set)
                      : cmp_print_table(set, labels, meta);
    }
    cmp_set_free(set);
    if (rc && ferror(stdout)) return 0; /* a failed write: main says so (exit 4) */
    return rc ? input_error("out of memory") : 0;
}

/* OLD and NEW one file, under two names or one: worth a word, as a slip for two runs
 * more often than an A/A test (which needs two runs). */
static void say_if_same_file(const char *old_path, const char *new_path)
{
    struct stat a, b;
    if (!stat(old_path, &a) && !stat(new_path, &b) && S_ISREG(a.st_mode) && a.st_dev == b.st_dev &&
        a.st_ino == b.st_ino)
        pb_say("compare: warning: %s and %s are the same file: each pair is a run set against "
               "itself",
               old_path, new_path);
}

static int compare_files(const char *old_path, const char *new_path, const compare_opts *o,
                         cmp_where *w)
{
    char err[PB_MSG_MAX];
    cmp_file f[2];
    const char *samples = o->metric == METRIC_CPU ? "cpu_s" : "wall_s";
    if (cmp_file_load(&f[0], old_path, samples, err, sizeof err)) return input_error(err);
    if (cmp_file_load(&f[1], new_path, samples, err, sizeof err))
        return cmp_file_free(&f[0]), input_error(err);
    say_if_same_file(old_path, new_path);
    const int ncols = f[0].table.ncols;
    int *key = malloc(2 * (size_t)ncols * sizeof *key), rc;
    const char **names = malloc((size_t)ncols * sizeof *names);
    if (!key || !names) {
        rc = input_error("out of memory");
    } else {
        const int nkey = key_columns(&f[0], -1, key, names);
        const cmp_file *const both[2] = {&f[0], &f[1]};
        if (map_keys(&f[1], names, nkey, key + ncols, old_path, err, sizeof err) ||
            cmp_where_find(w, both, 2, -1, err, sizeof err)) {
            rc = input_error(err);
        } else {
            cmp_side old = {.file = &f[0],
                            .key = key,
                            .by_col = -1,
                            .nwhere = w->n,
                            .where_col = w->col[0],
                            .where_value = w->value},
                     new_ = old;
            new_.file = &f[1], new_.key = key + ncols, new_.where_col = w->col[1];
            old.engines = new_.engines = cmp_sides_engines(&old, &new_);
            cmp_aside aside;
            if (cmp_aside_find(&aside, &old, &new_, names, nkey)) {
                rc = input_error("out of memory");
            } else {
                /* The rows pair on the settings' other keys; the output shows the
                 * files' own values. */
                old.key = aside.match[0], new_.key = aside.match[1];
                cmp_set set = {.nkey = nkey,
                               .key_names = names,
                               .key_old = key,
                               .key_new = key + ncols,
                               .aside = aside.n ? &aside : NULL,
                               .alpha = o->alpha,
                               .adjust = o->adjust,
                               .threshold = o->threshold};
                rc = finish(&old, &new_, &set, o, old_path, new_path);
                cmp_aside_free(&aside);
            }
        }
    }
    free(key), free(names);
    cmp_file_free(&f[0]), cmp_file_free(&f[1]);
    return rc;
}

/* --by COL=A,B, split. */
enum { BY_PART_MAX = 128 };
typedef struct by_spec {
    char col[BY_PART_MAX], a[BY_PART_MAX], b[BY_PART_MAX];
} by_spec;

/* A side's label, "COL=A in FILE". */
enum { BY_LABEL_MAX = 2 * BY_PART_MAX + PB_PATH_MAX + 8 };

static int parse_by(const char *text, by_spec *by)
{
    const char *eq = strchr(text, '='), *comma = eq ? strchr(eq, ',') : NULL;
    const int ok = comma && eq > text && comma > eq + 1 && comma[1] && !strchr(comma + 1, ',') &&
                   eq - text < BY_PART_MAX && comma - eq - 1 < BY_PART_MAX &&
                   strlen(comma + 1) < BY_PART_MAX;
    if (ok) {
        snprintf(by->col, sizeof by->col, "%.*s", (int)(eq - text), text);
        snprintf(by->a, sizeof by->a, "%.*s", (int)(comma - eq - 1), eq + 1);
        snprintf(by->b, sizeof by->b, "%s", comma + 1);
    }
    if (ok && strcmp(by->a, by->b)) return 0;
    return pb_usage_error("compare", "--by expects COL=A,B with A and B different, got '%s'", text);
}

/* --by's two sides of one file, picked and checked: the settings set aside, then the
 * pairs, key[] and names[] filled with the key columns. The exit status. */
static int compare_sides(cmp_side *old, cmp_side *new_, int *key, const char **names,
                         const by_spec *by, const char *path, const compare_opts *o)
{
    char old_label[BY_LABEL_MAX], new_label[BY_LABEL_MAX];
    const int nkey = key_columns(old->file, old->by_col, key, names);
    old->engines = new_->engines = cmp_sides_engines(old, new_);
    cmp_aside aside;
    if (cmp_aside_find(&aside, old, new_, names, nkey)) return input_error("out of memory");
    /* As between two files: the sides pair on their other keys. */
    old->key = aside.match[0], new_->key = aside.match[1];
    cmp_set set = {.nkey = nkey,
                   .key_names = names,
                   .key_old = key,
                   .key_new = key,
                   .aside = aside.n ? &aside : NULL,
                   .alpha = o->alpha,
                   .adjust = o->adjust,
                   .threshold = o->threshold};
    snprintf(old_label, sizeof old_label, "%s=%s in %s", by->col, by->a, path);
    snprintf(new_label, sizeof new_label, "%s=%s in %s", by->col, by->b, path);
    const int rc = finish(old, new_, &set, o, old_label, new_label);
    cmp_aside_free(&aside);
    return rc;
}

static int compare_by(const char *path, const compare_opts *o, cmp_where *w)
{
    char err[PB_MSG_MAX];
    by_spec by;
    cmp_file f;
    if (parse_by(o->by, &by)) return PB_EXIT_USAGE;
    if (cmp_file_load(&f, path, o->metric == METRIC_CPU ? "cpu_s" : "wall_s", err, sizeof err))
        return input_error(err);
    const cmp_file *const one[1] = {&f};
    /* Room for the column cmp_by_rest_column may add. */
    int *key = malloc((size_t)(f.table.ncols + 1) * sizeof *key), rc, col;
    const char **names = malloc((size_t)(f.table.ncols + 1) * sizeof *names);
    /* Each side's value: the one given, or, for ENGINE/ORDER, the engine and the order. */
    char engine[2][BY_PART_MAX];
    const char *order[2];
    int order_col = -1;
    if (!key || !names) {
        rc = input_error("out of memory");
    } else if ((col = cmp_key_column(&f, by.col, "--by", err, sizeof err)) < 0 ||
               cmp_by_value(&f, col, by.a, engine[0], sizeof engine[0], &order[0], &order_col, err,
                            sizeof err) ||
               cmp_by_value(&f, col, by.b, engine[1], sizeof engine[1], &order[1], &order_col, err,
                            sizeof err)) {
        rc = input_error(err);
    } else {
        cmp_side old = {.file = &f,
                        .key = key,
                        .by_col = col,
                        .by_value = order[0] ? engine[0] : by.a,
                        .nwhere = w->n,
                        .where_col = w->col[0],
                        .where_value = w->value,
                        .by_order = order[0],
                        .order_col = order_col},
                 new_ = old;
        new_.by_value = order[1] ? engine[1] : by.b, new_.by_order = order[1];
        if (cmp_by_apart(&old, &new_, err, sizeof err) ||
            cmp_where_find(w, one, 1, col, err, sizeof err) ||
            cmp_by_rest_column(&f, col, by.a, by.b, err, sizeof err))
            rc = input_error(err);
        else
            rc = compare_sides(&old, &new_, key, names, &by, path, o);
    }
    free(key), free(names);
    cmp_file_free(&f);
    return rc;
}

/* The checks of the parsed options, then the comparison. The exit status. */
static int compare_run(const compare_opts *o, const char *const *pos, int npos)
{
    if (o->csv && o->json) return pb_usage_error("compare", "--csv and --json: choose one");
    if (o->json && (o->metric == METRIC_STEPS || o->metric == METRIC_MEMORY))
        return pb_usage_error("compare", "--metric %s: a table or --csv (no --json)",
                              metrics[o->metric]);
    if (o->by && npos != 1)
        return pb_usage_error("compare", "--by expects one file (two files are the two sides: "
                                         "a setting that tells them apart is set aside)");
    if (!o->by && npos != 2)
        return pb_usage_error("compare",
                              "expected two files, OLD and NEW (or one file with --by COL=A,B)");
    for (int i = 0; i < npos; i++)
        if (!strcmp(pos[i], "-"))
            return pb_usage_error("compare", "expected files, not '-': the samples are read "
                                             "from NAME.samples.csv beside NAME.csv");
    char err[300];
    cmp_where w;
    if (cmp_where_parse(&w, &o->where, err, sizeof err))
        return pb_usage_error("compare", "%s", err);
    const int rc = o->by ? compare_by(pos[0], o, &w) : compare_files(pos[0], pos[1], o, &w);
    cmp_where_free(&w);
    return rc;
}

int pb_cmd_compare(int argc, char **argv)
{
    compare_opts o = compare_defaults;
    const char *pos[2];
    int npos = 0;
    pb_opt_group g = {compare_options, &o};
    int rc = pb_options_parse("compare", &g, 1, argc, argv, 2, pos, 2, &npos, NULL);
    if (rc == PB_OPT_HELP)
        print_help(), rc = 0;
    else
        rc = rc ? PB_EXIT_USAGE : compare_run(&o, pos, npos);
    pb_list_free(&o.where);
    return rc;
}
