/* sweep_spec.c — parsing sweep files and option overrides into a sweep_spec. */
#include "sweep_spec.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

const char sweep_spec_keys_help[] =
    "  name NAME               output files NAME.csv and NAME.meta\n"
    "  family NAME             puzzle family (notouch, sudoku)\n"
    "  instances LIST          instances of the family: boards, or files of puzzles\n"
    "                          (one CSV row per file and run, its stats summed)\n"
    "  engines LIST            engines (default: all)\n"
    "  orders LIST             cell orders for engines that take one (default: row)\n"
    "  modes LIST              first, count and/or unique (count stopped at the second\n"
    "                          solution: a uniqueness check) (default: first count)\n"
    "  search-threads LIST     threads inside one count search; for files of puzzles\n"
    "                          (sudoku): puzzles solved at a time (default: 1)\n"
    "  reps N                  repetitions of each run (default 3)\n"
    "  rep-budget S            repeat a run only while its reps took under S seconds\n"
    "                          in all (default 0: always all reps)\n"
    "  workers N               1-thread runs at a time (default: one per core)\n"
    "  diff D, adj king|orth   notouch parameters (default 2, king)\n"
    "  step-limit N [E=N ...]  per-run step limit (default none); E=N sets engine E's\n"
    "  time-limit S            per-run time limit in seconds (default 60)\n"
    "                          (a file of puzzles shares both limits over its puzzles)\n";

static const char *const keys[] = {
    "name", "family", "instances",  "engines",    "orders",         "modes",      "reps", "workers",
    "diff", "adj",    "step-limit", "time-limit", "search-threads", "rep-budget", NULL};

int sweep_spec_is_key(const char *key)
{
    for (const char *const *k = keys; *k; k++)
        if (!strcmp(*k, key)) return 1;
    return 0;
}

static void list_clear(sweep_list *l)
{
    for (int i = 0; i < l->n; i++) free(l->item[i]);
    l->n = 0;
}

static int list_set(sweep_list *l, const char *value, const char *key, pb_error *err)
{
    list_clear(l);
    const char *p = value;
    for (;;) {
        p += strspn(p, " \t,");
        if (!*p) break;
        size_t n = strcspn(p, " \t,");
        if (l->n == SWEEP_MAX_LIST)
            return pb_fail(err, 0, "%s: more than %d items", key, SWEEP_MAX_LIST);
        l->item[l->n] = malloc(n + 1);
        if (!l->item[l->n]) return pb_fail(err, 0, "out of memory");
        memcpy(l->item[l->n], p, n);
        l->item[l->n++][n] = '\0';
        p += n;
    }
    if (!l->n) return pb_fail(err, 0, "%s: expected at least one value", key);
    return 0;
}

static int set_string(char **dst, const char *value, const char *key, pb_error *err)
{
    size_t n = strcspn(value, " \t");
    if (!n || value[n + strspn(value + n, " \t")])
        return pb_fail(err, 0, "%s: expected one word, got '%s'", key, value);
    char *s = malloc(n + 1);
    if (!s) return pb_fail(err, 0, "out of memory");
    memcpy(s, value, n);
    s[n] = '\0';
    free(*dst);
    *dst = s;
    return 0;
}

static int to_long(const char *v, long lo, long hi, long *out)
{
    char *end;
    errno = 0;
    long x = strtol(v, &end, 10);
    if (!*v || *end || errno || x < lo || x > hi) return -1;
    *out = x;
    return 0;
}

static int parse_steps(const char *v, uint64_t *out)
{
    char *end;
    errno = 0;
    double d = strtod(v, &end);
    if (!*v || *end || errno || !(d >= 0) || d > 1.8e19 || d != floor(d)) return -1;
    *out = (uint64_t)d;
    return 0;
}

uint64_t sweep_spec_step_limit(const sweep_spec *s, const char *engine)
{
    for (int i = 0; i < s->step_limit_engines.n; i++)
        if (!strcmp(s->step_limit_engines.item[i], engine)) return s->step_limit_of[i];
    return s->step_limit;
}

/* "N", "E=N" or a mix: a plain number is the default, E=N engine E's limit. */
static int set_step_limits(sweep_spec *s, const char *value, pb_error *err)
{
    sweep_list l = {0};
    if (list_set(&l, value, "step-limit", err)) return list_clear(&l), -1;
    list_clear(&s->step_limit_engines);
    s->step_limit = 0;
    for (int i = 0; i < l.n; i++) {
        char *eq = strchr(l.item[i], '=');
        uint64_t n;
        if (parse_steps(eq ? eq + 1 : l.item[i], &n) || (eq && eq == l.item[i])) {
            pb_fail(err, 0, "step-limit: expected N or ENGINE=N (N a whole number >= 0), got '%s'",
                    l.item[i]);
            return list_clear(&l), -1;
        }
        if (!eq) {
            s->step_limit = n;
            continue;
        }
        *eq = '\0';
        sweep_list *e = &s->step_limit_engines;
        s->step_limit_of[e->n] = n;
        e->item[e->n++] = l.item[i];
        l.item[i] = NULL;
    }
    list_clear(&l);
    return 0;
}

void sweep_spec_init(sweep_spec *s)
{
    memset(s, 0, sizeof *s);
    bench_params p = BENCH_PARAMS_DEFAULT;
    s->params = p;
    s->reps = 3;
    s->time_limit = 60;
    s->search_threads[0] = 1;
    s->nsearch_threads = 1;
    pb_error e;
    list_set(&s->orders, "row", "orders", &e);
    list_set(&s->modes, "first count", "modes", &e);
}

void sweep_spec_free(sweep_spec *s)
{
    free(s->name);
    free(s->family);
    free(s->adj_storage);
    list_clear(&s->instances);
    list_clear(&s->engines);
    list_clear(&s->orders);
    list_clear(&s->modes);
    list_clear(&s->step_limit_engines);
}

int sweep_spec_set(sweep_spec *s, const char *key, const char *value, pb_error *err)
{
    long x;
    if (!strcmp(key, "name")) return set_string(&s->name, value, key, err);
    if (!strcmp(key, "family")) return set_string(&s->family, value, key, err);
    if (!strcmp(key, "adj")) {
        if (set_string(&s->adj_storage, value, key, err)) return -1;
        if (strcmp(s->adj_storage, "king") && strcmp(s->adj_storage, "orth"))
            return pb_fail(err, 0, "adj: expected king or orth, got '%s'", value);
        s->params.adj = s->adj_storage;
        return 0;
    }
    if (!strcmp(key, "instances")) return list_set(&s->instances, value, key, err);
    if (!strcmp(key, "engines")) return list_set(&s->engines, value, key, err);
    if (!strcmp(key, "orders")) return list_set(&s->orders, value, key, err);
    if (!strcmp(key, "modes")) {
        if (list_set(&s->modes, value, key, err)) return -1;
        for (int i = 0; i < s->modes.n; i++)
            if (strcmp(s->modes.item[i], "first") && strcmp(s->modes.item[i], "count") &&
                strcmp(s->modes.item[i], "unique"))
                return pb_fail(err, 0, "modes: expected first, count or unique, got '%s'",
                               s->modes.item[i]);
        return 0;
    }
    if (!strcmp(key, "search-threads")) {
        sweep_list l = {0};
        if (list_set(&l, value, key, err)) return list_clear(&l), -1;
        for (int i = 0; i < l.n; i++) {
            if (to_long(l.item[i], 1, 1024, &x)) {
                pb_fail(err, 0, "search-threads: expected 1 to 1024, got '%s'", l.item[i]);
                return list_clear(&l), -1;
            }
            s->search_threads[i] = (int)x;
        }
        s->nsearch_threads = l.n;
        list_clear(&l);
        return 0;
    }
    if (!strcmp(key, "reps") || !strcmp(key, "workers") || !strcmp(key, "diff")) {
        long lo = !strcmp(key, "workers") ? 0 : 1, hi = !strcmp(key, "diff") ? 64 : 1000;
        if (to_long(value, lo, hi, &x))
            return pb_fail(err, 0, "%s: expected a whole number from %ld to %ld, got '%s'", key, lo,
                           hi, value);
        if (!strcmp(key, "reps"))
            s->reps = (int)x;
        else if (!strcmp(key, "workers"))
            s->workers = (int)x;
        else
            s->params.diff = (int)x;
        return 0;
    }
    if (!strcmp(key, "step-limit")) return set_step_limits(s, value, err);
    if (!strcmp(key, "time-limit") || !strcmp(key, "rep-budget")) {
        char *end;
        errno = 0;
        double d = strtod(value, &end);
        if (!*value || *end || errno || !(d >= 0) || d > 1e9)
            return pb_fail(err, 0, "%s: expected seconds >= 0, got '%s'", key, value);
        if (key[0] == 't')
            s->time_limit = d;
        else
            s->rep_budget = d;
        return 0;
    }
    return pb_fail(err, 0,
                   "unknown key '%s': expected one of name, family, instances, engines, "
                   "orders, modes, search-threads, reps, rep-budget, workers, diff, adj, "
                   "step-limit, time-limit",
                   key);
}

/* Applies one logical line (key and value, comments removed). */
static int apply_line(sweep_spec *s, char *line, int lineno, pb_error *err)
{
    char *key = line + strspn(line, " ");
    if (!*key) return 0;
    char *sp = key + strcspn(key, " ");
    char *value = sp + strspn(sp, " ");
    *sp = '\0';
    size_t vl = strlen(value);
    while (vl && value[vl - 1] == ' ') value[--vl] = '\0';
    if (!*value) return pb_fail(err, lineno, "%s: expected a value after the key", key);
    if (sweep_spec_set(s, key, value, err)) {
        err->line = lineno;
        return -1;
    }
    return 0;
}

/* Lines that start with a blank continue the previous key's value. */
int sweep_spec_parse(sweep_spec *s, const char *text, size_t len, pb_error *err)
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
