/* sweep_params.c — a sweep's engine keys: `params` (sets of parameter values, each
 * run by the engines that declare them) and `engine-seeds` (the seeds the engines
 * marked 'random' run with), read; sweep_check.c checks them against the engines.
 * `family-sets` is read as params is, and applied to the family's options here. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sweep_spec.h"

void pb_param_sets_free(pb_param_sets *p)
{
    for (int i = 0; i < p->n; i++) free(p->text[i]), free(p->v[i]), free(p->buf[i]);
    memset(p, 0, sizeof *p);
}

int pb_param_sets_takes(const pb_param_sets *p, int i, const pb_engine_about *e)
{
    for (int k = 0; k < p->count[i]; k++)
        if (!pb_param_find(e, p->v[i][k].name)) return 0;
    return 1;
}

/* Reads one set ("-", or NAME=VALUE;... or NAME=VALUE,...) into set i of p. 0, or -1 with err. */
static int read_set(pb_param_sets *p, const char *word, char *err, size_t errlen)
{
    const int i = p->n;
    size_t len = strlen(word);
    p->text[i] = strdup(word);
    p->buf[i] = strdup(word);
    p->v[i] = calloc(len / 2 + 1, sizeof *p->v[i]);
    p->count[i] = 0;
    p->n++; /* freed with the rest on an error */
    if (!p->text[i] || !p->buf[i] || !p->v[i]) return snprintf(err, errlen, "out of memory"), -1;
    if (!strcmp(word, "-")) return 0;
    for (char *item = p->buf[i], *next; item; item = next) {
        next = item + strcspn(item, ",;");
        next = *next ? next : NULL;
        if (next) *next++ = '\0';
        char *eq = strchr(item, '=');
        if (!eq || eq == item || !eq[1])
            return snprintf(err, errlen,
                            "expects sets of NAME=VALUE joined by ';' or ',' (or -), got '%s'",
                            word),
                   -1;
        *eq = '\0';
        for (int k = 0; k < p->count[i]; k++)
            if (!strcmp(p->v[i][k].name, item))
                return snprintf(err, errlen, "names parameter %s twice in the set '%s'", item,
                                word),
                       -1;
        p->v[i][p->count[i]++] = (pb_param_value){item, eq + 1};
    }
    return 0;
}

/* Adds the set `set` (one word) to p, unless p has it already. 0, or -1 with err. */
static int add_set(pb_param_sets *p, const char *set, char *err, size_t errlen)
{
    for (int k = 0; k < p->n; k++)
        if (!strcmp(p->text[k], set))
            return snprintf(err, errlen, "gives the set '%s' twice", set), -1;
    if (p->n == PB_PARAM_SETS)
        return snprintf(err, errlen, "gives more than %d sets", PB_PARAM_SETS), -1;
    return read_set(p, set, err, errlen);
}

/* Adds the sets of one word: NAME=A/B/C gives one set per value, and several such
 * items every combination, the first item's values slowest ("a=1/2;b=x/y": a=1;b=x
 * a=1;b=y a=2;b=x a=2;b=y), joined by the word's own separator. 0, or -1 with err. */
static int add_word(pb_param_sets *p, const char *word, char *err, size_t errlen)
{
    char items[32][256];
    int n = 0;
    for (const char *q = word; *q;) {
        size_t len = strcspn(q, ",;");
        if (n == 32 || len >= sizeof items[0])
            return snprintf(err, errlen, "expects at most 32 parameters a set, got '%s'", word), -1;
        snprintf(items[n++], sizeof items[0], "%.*s", (int)len, q);
        q += len + (q[len] != '\0');
    }
    int pick[32] = {0}, count[32];
    const char *sep = strchr(word, ',') ? "," : ";"; /* the sets are joined as the word is */
    for (int i = 0; i < n; i++) {
        const char *eq = strchr(items[i], '=');
        count[i] = 1;
        for (const char *c = eq ? eq : items[i]; *c; c++) count[i] += *c == '/';
    }
    for (;;) {
        char set[1024];
        size_t at = 0;
        for (int i = 0; i < n && at < sizeof set; i++) {
            const char *eq = strchr(items[i], '=');
            const char *v = eq ? eq + 1 : items[i] + strlen(items[i]);
            for (int k = 0; k < pick[i]; k++) v += strcspn(v, "/") + 1;
            at += (size_t)snprintf(set + at, sizeof set - at, "%s%.*s%.*s", i ? sep : "",
                                   eq ? (int)(eq - items[i] + 1) : (int)strlen(items[i]), items[i],
                                   (int)strcspn(v, "/"), v);
        }
        if (at >= sizeof set)
            return snprintf(err, errlen, "expects a set of at most %d characters, got '%s'",
                            (int)sizeof set - 1, word),
                   -1;
        if (add_set(p, set, err, errlen)) return -1;
        int i = n - 1; /* the next combination: the last item's values fastest */
        while (i >= 0 && ++pick[i] == count[i]) pick[i--] = 0;
        if (i < 0) return 0;
    }
}

int pb_sweep_family_set_apply(const pb_sweep_spec *s, int i, void *params, char *err, size_t errlen)
{
    const pb_param_sets *fs = &s->matrix.family_sets;
    char why[300];
    for (int k = 0; k < fs->count[i]; k++) {
        const pb_option *o = pb_option_find(s->fam->options, fs->v[i][k].name);
        if (!o || o->type == PB_OPT_INSTANCE)
            return snprintf(err, errlen,
                            "%s is no setting of family %s (see 'puzzlebench solve %s --help')",
                            fs->v[i][k].name, s->fam->name, s->fam->name),
                   -1;
        if (pb_option_apply(o, params, fs->v[i][k].value, why, sizeof why))
            return snprintf(err, errlen, "%s", why + 2), -1; /* "--NAME expects" -> "NAME ..." */
    }
    if (s->fam->check_params && s->fam->check_params(params, why, sizeof why))
        return snprintf(err, errlen, "%s: %s", fs->text[i], why), -1;
    return 0;
}

void pb_sweep_family_setting(const pb_family *f, const void *params, char *out, size_t len)
{
    char v[200];
    out[0] = '\0';
    for (const pb_option *o = f->options; o && o->name; o++)
        if (o->type != PB_OPT_INSTANCE) {
            pb_option_value_text(o, params, v, sizeof v);
            snprintf(out + strlen(out), len - strlen(out), ",%s", v);
        }
}

int pb_sweep_parse_params(const char *value, void *field, char *err, size_t errlen)
{
    pb_param_sets fresh;
    memset(&fresh, 0, sizeof fresh);
    for (const char *p = value;;) {
        p += strspn(p, " \t\n");
        if (!*p) break;
        size_t n = strcspn(p, " \t\n");
        char word[1024];
        snprintf(word, sizeof word, "%.*s", (int)(n < sizeof word ? n : sizeof word - 1), p);
        p += n;
        if (add_word(&fresh, word, err, errlen)) {
            pb_param_sets_free(&fresh);
            return -1;
        }
    }
    if (!fresh.n) return snprintf(err, errlen, "expected at least one set"), -1;
    pb_param_sets_free(field);
    memcpy(field, &fresh, sizeof fresh);
    return 0;
}

/* A seed's digits: 0, or -1 when s is not a whole number below 2^64. */
static int seed_of(const char *s, size_t n, uint64_t *out)
{
    uint64_t v = 0;
    if (!n) return -1;
    for (size_t i = 0; i < n; i++) {
        unsigned d = (unsigned)(s[i] - '0');
        if (d > 9 || v > (UINT64_MAX - d) / 10) return -1;
        v = 10 * v + d;
    }
    return *out = v, 0;
}

/* Numbers N or ranges A-B into field (a pb_seed_list), each once; noun names them
 * in messages ("seed", "puzzle"). */
static int parse_numbers(const char *value, void *field, const char *noun, char *err, size_t errlen)
{
    pb_seed_list *l = field;
    static pb_seed_list fresh; /* too large for the stack of a parse */
    fresh.n = 0;
    for (const char *p = value;;) {
        p += strspn(p, " \t\n,");
        if (!*p) break;
        size_t n = strcspn(p, " \t\n,");
        const char *dash = memchr(p, '-', n);
        uint64_t a, b;
        if (dash ? seed_of(p, (size_t)(dash - p), &a) ||
                       seed_of(dash + 1, n - (size_t)(dash - p) - 1, &b) || b < a
                 : seed_of(p, n, &a)) {
            snprintf(err, errlen,
                     "expects %ss N or ranges A-B (whole numbers below 2^64, A <= B), got "
                     "'%.*s'",
                     noun, (int)(n < 100 ? n : 100), p);
            return -1;
        }
        if (!dash) b = a;
        for (uint64_t x = a;; x++) {
            for (int k = 0; k < fresh.n; k++)
                if (fresh.v[k] == x)
                    return snprintf(err, errlen, "gives %s %llu twice", noun,
                                    (unsigned long long)x),
                           -1;
            if (fresh.n == PB_ENGINE_SEEDS)
                return snprintf(err, errlen, "gives more than %d %ss", PB_ENGINE_SEEDS, noun), -1;
            fresh.v[fresh.n++] = x;
            if (x == b) break;
        }
        p += n;
    }
    if (!fresh.n) return snprintf(err, errlen, "expected at least one %s", noun), -1;
    memcpy(l, &fresh, sizeof fresh);
    return 0;
}

int pb_sweep_parse_seeds(const char *value, void *field, char *err, size_t errlen)
{
    return parse_numbers(value, field, "seed", err, errlen);
}

int pb_sweep_parse_puzzles(const char *value, void *field, char *err, size_t errlen)
{
    return parse_numbers(value, field, "puzzle", err, errlen);
}
