/* compare.c — `puzzlebench compare OLD.csv NEW.csv` and `puzzlebench compare FILE.csv
 * --by COL=A,B`: the options and help, the key columns of each side, and the run
 * from reading to printing (compare_load.c, compare_pair.c, compare_print.c). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "compare.h"
#include "harness/base/say.h"

static const char compare_about[] =
    "usage: puzzlebench compare OLD.csv NEW.csv [options]\n"
    "       puzzlebench compare FILE.csv --by COL=A,B [options]\n"
    "\n"
    "Compares two runs pair by pair, as Go's benchstat does: the rows of OLD and NEW\n"
    "(or, with --by, the rows of FILE with COL=A and with COL=B) that agree on every key\n"
    "column, that is, every column that is not a measurement (for a sweep: family,\n"
    "instance, cells, engine, order, mode, threads). Any puzzlebench CSV with run_id and\n"
    "row columns will do; every statistic is recomputed from the raw samples in\n"
    "NAME.samples.csv beside NAME.csv.\n"
    "\n"
    "Each pair shows the old and new median time per run with its distribution-free\n"
    "interval, the change, the two-sided Mann-Whitney U p-value and the ratio of steps.\n"
    "The change is the ratio of the medians, written \"N× faster\" or \"N× slower\" with\n"
    "N >= 1, with its percentile bootstrap interval (10000 resamples, seeded from the\n"
    "samples, so the same files give the same output). It is \"~\" when p >= alpha (with\n"
    "5 samples a side, p is at least 0.0079; with 3, at least 0.1), or when the ratio's\n"
    "interval reaches into the noise floor, 1 +- threshold: two identical runs on a\n"
    "shared machine differ by a few percent as a whole, more than their samples can\n"
    "show (the report measures it: its false-positive section). It is \"-\" when\n"
    "either run did not finish (status not done). The geometric mean of the compared pairs'\n"
    "ratios, the counts, and the rows that pair with none close the table.\n"
    "\n"
    "options:\n";

typedef struct compare_opts {
    int csv;
    const char *by;
    double alpha, threshold;
} compare_opts;

static const pb_option compare_options[] = {
    {.name = "csv",
     .type = PB_OPT_FLAG,
     .offset = offsetof(compare_opts, csv),
     .help = "print CSV: a header, one line per pair (ratio = new/old time: below 1,\n"
             "new is faster), then a geomean line"},
    {.name = "by",
     .type = PB_OPT_TEXT,
     .offset = offsetof(compare_opts, by),
     .arg = "COL=A,B",
     .help = "within one file, compare the rows with COL=A (old) against those with\n"
             "COL=B (new), paired on the other key columns (e.g. engine=enum-all,backtrack)"},
    {.name = "alpha",
     .type = PB_OPT_REAL,
     .offset = offsetof(compare_opts, alpha),
     .arg = "P",
     .help = "significance level of the verdicts; the ratio's interval is at 1 - P",
     .lo = 0.0001,
     .hi = 0.5},
    {.name = "threshold",
     .type = PB_OPT_REAL,
     .offset = offsetof(compare_opts, threshold),
     .arg = "F",
     .help = "the noise floor: a verdict's interval must lie wholly above 1 + F\n"
             "or below 1 / (1 + F) (0: significance alone decides)",
     .lo = 0,
     .hi = 1},
    PB_OPTION_END,
};

static const compare_opts compare_defaults = {0, NULL, 0.05, 0.03};

static void print_help(void)
{
    fputs(compare_about, stdout);
    pb_options_help(stdout, compare_options, "compare", &compare_defaults);
    fputs("\nexit status: 0 done, 2 bad usage or input\n", stdout);
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

/* Pairs, measures and prints; frees the set. The exit status. */
static int finish(const cmp_side *old, const cmp_side *new_, cmp_set *set, const compare_opts *o,
                  const char *old_label, const char *new_label)
{
    char err[1200];
    if (!set->nkey)
        return snprintf(err, sizeof err, "%s:1: expected a key column (one not measured)",
                        old->file->path),
               input_error(err);
    if (cmp_pair_up(old, new_, set, err, sizeof err)) return input_error(err);
    int rc = o->csv ? cmp_print_csv(set) : cmp_print_table(set, old_label, new_label);
    cmp_set_free(set);
    return rc ? input_error("out of memory") : 0;
}

static int compare_files(const char *old_path, const char *new_path, const compare_opts *o)
{
    char err[1200];
    cmp_file f[2];
    if (cmp_file_load(&f[0], old_path, err, sizeof err)) return input_error(err);
    if (cmp_file_load(&f[1], new_path, err, sizeof err))
        return cmp_file_free(&f[0]), input_error(err);
    const int ncols = f[0].table.ncols;
    int *key = malloc(2 * (size_t)ncols * sizeof *key), rc;
    const char **names = malloc((size_t)ncols * sizeof *names);
    if (!key || !names) {
        rc = input_error("out of memory");
    } else {
        const int nkey = key_columns(&f[0], -1, key, names);
        if (map_keys(&f[1], names, nkey, key + ncols, old_path, err, sizeof err)) {
            rc = input_error(err);
        } else {
            const cmp_side old = {&f[0], key, -1, NULL}, new_ = {&f[1], key + ncols, -1, NULL};
            cmp_set set = {.nkey = nkey,
                           .key_names = names,
                           .key_old = key,
                           .alpha = o->alpha,
                           .threshold = o->threshold};
            rc = finish(&old, &new_, &set, o, old_path, new_path);
        }
    }
    free(key), free(names);
    cmp_file_free(&f[0]), cmp_file_free(&f[1]);
    return rc;
}

/* --by COL=A,B, split. */
typedef struct by_spec {
    char col[128], a[128], b[128];
} by_spec;

static int parse_by(const char *text, by_spec *by)
{
    const char *eq = strchr(text, '='), *comma = eq ? strchr(eq, ',') : NULL;
    const int ok = comma && eq > text && comma > eq + 1 && comma[1] && !strchr(comma + 1, ',') &&
                   eq - text < 128 && comma - eq - 1 < 128 && strlen(comma + 1) < 128;
    if (ok) {
        snprintf(by->col, sizeof by->col, "%.*s", (int)(eq - text), text);
        snprintf(by->a, sizeof by->a, "%.*s", (int)(comma - eq - 1), eq + 1);
        snprintf(by->b, sizeof by->b, "%s", comma + 1);
    }
    if (ok && strcmp(by->a, by->b)) return 0;
    return pb_usage_error("compare", "--by expects COL=A,B with A and B different, got '%s'", text);
}

static int compare_by(const char *path, const compare_opts *o)
{
    char err[1200], old_label[400], new_label[400];
    by_spec by;
    cmp_file f;
    if (parse_by(o->by, &by)) return PB_EXIT_USAGE;
    if (cmp_file_load(&f, path, err, sizeof err)) return input_error(err);
    const int col = pb_table_column(&f.table, by.col);
    int *key = malloc((size_t)f.table.ncols * sizeof *key), rc;
    const char **names = malloc((size_t)f.table.ncols * sizeof *names);
    if (!key || !names) {
        rc = input_error("out of memory");
    } else if (col < 0 || cmp_is_measured(by.col)) {
        snprintf(err, sizeof err, "%s:1: expected a key column %s (for --by)", path, by.col);
        rc = input_error(err);
    } else {
        const cmp_side old = {&f, key, col, by.a}, new_ = {&f, key, col, by.b};
        cmp_set set = {.nkey = key_columns(&f, col, key, names),
                       .key_names = names,
                       .key_old = key,
                       .alpha = o->alpha,
                       .threshold = o->threshold};
        snprintf(old_label, sizeof old_label, "%s=%s in %s", by.col, by.a, path);
        snprintf(new_label, sizeof new_label, "%s=%s in %s", by.col, by.b, path);
        rc = finish(&old, &new_, &set, o, old_label, new_label);
    }
    free(key), free(names);
    cmp_file_free(&f);
    return rc;
}

int pb_cmd_compare(int argc, char **argv)
{
    compare_opts o = compare_defaults;
    const char *pos[2];
    int npos = 0;
    pb_opt_group g = {compare_options, &o};
    int rc = pb_options_parse("compare", &g, 1, argc, argv, 2, pos, 2, &npos, NULL);
    if (rc == PB_OPT_HELP) return print_help(), 0;
    if (rc) return PB_EXIT_USAGE;
    if (o.by && npos != 1) return pb_usage_error("compare", "--by expects one file");
    if (!o.by && npos != 2) return pb_usage_error("compare", "expected two files, OLD and NEW");
    for (int i = 0; i < npos; i++)
        if (!strcmp(pos[i], "-"))
            return pb_usage_error("compare", "expected files, not '-': the samples are read "
                                             "from NAME.samples.csv beside NAME.csv");
    return o.by ? compare_by(pos[0], &o) : compare_files(pos[0], pos[1], &o);
}
