/* options.c — parsing option tables with getopt_long, setting one option from a
 * string (the command line and sweep files share it), strict number parsing, and
 * help generated from the tables. */
#include "options.h"

#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "say.h"
#include "suggest.h"
#include "harness/base/sizes.h"

/* The length of cmd's first word, the command itself: "generate latin" runs latin's
 * generator under `generate`. */
static int command_length(const char *cmd)
{
    return (int)strcspn(cmd, " ");
}

/* What usage errors begin with in place of "CMD: " (pb_usage_place), or NULL. */
static const char *usage_place;

void pb_usage_place(const char *place)
{
    usage_place = place;
}

int pb_usage_error(const char *cmd, const char *fmt, ...)
{
    char what[PB_SAY_MAX], head[PB_SAY_MAX / 2] = "";
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    /* One hint per message: one that names its own place to look keeps it. */
    const int hinted = strstr(what, "(see ") != NULL;
    if (usage_place)
        snprintf(head, sizeof head, "%s", usage_place);
    else if (cmd)
        snprintf(head, sizeof head, "%.*s: ", command_length(cmd), cmd);
    if (hinted)
        pb_say("%s%s", head, what);
    else if (cmd)
        pb_say("%s%s (see 'puzzlebench %s --help')", head, what, cmd);
    else
        pb_say("%s%s (see 'puzzlebench --help')", head, what);
    return 2;
}

/* ---- lists ---- */

void pb_list_free(pb_list *l)
{
    for (int i = 0; i < l->n; i++) free(l->item[i]);
    free(l->item);
    l->n = 0;
    l->item = NULL;
}

int pb_list_add(pb_list *l, const char *word)
{
    char **items = realloc(l->item, ((size_t)l->n + 1) * sizeof *items);
    if (!items) return -1;
    l->item = items;
    if (!(l->item[l->n] = strdup(word))) return -1;
    l->n++;
    return 0;
}

int pb_list_set(pb_list *l, const char *text, char *err, size_t errlen)
{
    pb_list fresh = {0, NULL};
    for (const char *p = text;;) {
        p += strspn(p, " \t,");
        if (!*p) break;
        size_t n = strcspn(p, " \t,");
        char *word = strndup(p, n); /* whole: a long file name is never cut to another */
        if (!word || pb_list_add(&fresh, word)) {
            free(word);
            pb_list_free(&fresh);
            snprintf(err, errlen, "out of memory");
            return -1;
        }
        free(word);
        p += n;
    }
    if (!fresh.n) {
        snprintf(err, errlen, "expected at least one value");
        return -1;
    }
    pb_list_free(l);
    *l = fresh;
    return 0;
}

/* ---- values ---- */

/* Numbers are written in decimal only: digits, an optional fraction and an optional
 * exponent (2e9, 1.5e6), a sign only where a range allows negatives. strtod alone
 * would also take hexadecimal (0x10), inf, nan and leading blanks. */
static int is_decimal(const char *s, int sign_ok)
{
    const char *p = s;
    if (sign_ok && (*p == '-' || *p == '+')) p++;
    size_t digits = strspn(p, "0123456789");
    p += digits;
    if (*p == '.') {
        size_t frac = strspn(p + 1, "0123456789");
        digits += frac;
        p += 1 + frac;
    }
    if (!digits) return 0;
    if (*p == 'e' || *p == 'E') {
        p++;
        if (*p == '-' || *p == '+') p++;
        size_t exp = strspn(p, "0123456789");
        if (!exp) return 0;
        p += exp;
    }
    return *p == '\0';
}

int pb_parse_count(const char *s, uint64_t *out)
{
    if (!is_decimal(s, 0)) return -1;
    /* Exactly, digit by digit: a double would round a count past 2^53
     * ("12345678901234567891e0" read as 12345678901234567168). The value is the
     * significant digits times 10^shift: the exponent, less a place for each digit of
     * the fraction, plus the zeros that end the digits. */
    const char *p = s, *dot = strchr(s, '.');
    char digits[24];
    size_t n = 0;
    long shift = 0, zeros = 0;
    for (; (*p >= '0' && *p <= '9') || *p == '.'; p++) {
        if (*p == '.') continue;
        if (dot && p > dot) shift--;
        if (*p == '0') {
            zeros += n > 0; /* leading zeros are nothing; later ones wait for a digit */
            continue;
        }
        if (n + (size_t)zeros >= sizeof digits - 1) return -1; /* past 2^64 or a fraction */
        for (; zeros > 0; zeros--) digits[n++] = '0';
        digits[n++] = *p;
    }
    shift += zeros;
    if (*p == 'e' || *p == 'E') {
        /* The digits move shift by at most their count: an exponent past that and 20
         * more leaves 10^20 or more (past 2^64) or a fraction, whatever the digits. A
         * bound of its own would refuse a count such as 1, 110 zeros, e-105. */
        const long most = (long)strlen(s) + 20;
        errno = 0;
        const long e = strtol(p + 1, NULL, 10);
        if (errno || e > most || e < -most) return n ? -1 : (*out = 0, 0);
        shift += e;
    }
    if (n && shift < 0) return -1; /* a fraction */
    uint64_t v = 0;
    for (size_t i = 0; i < n; i++) {
        if (v > (UINT64_MAX - (uint64_t)(digits[i] - '0')) / 10) return -1;
        v = 10 * v + (uint64_t)(digits[i] - '0');
    }
    for (; n && shift > 0; shift--) {
        if (v > UINT64_MAX / 10) return -1;
        v *= 10;
    }
    *out = v;
    return 0;
}

int pb_parse_real(const char *s, double lo, double hi, double *out)
{
    char *end;
    if (!is_decimal(s, 1)) return -1;
    errno = 0;
    double v = strtod(s, &end);
    if (*end != '\0' || errno || !(v >= lo) || !(v <= hi)) return -1;
    *out = v;
    return 0;
}

static int parse_bytes(const char *s, uint64_t *out)
{
    char *end;
    errno = 0;
    size_t n = strspn(s, "0123456789.eE+-");
    char num[64];
    if (!n || n >= sizeof num) return -1;
    memcpy(num, s, n), num[n] = '\0';
    if (!is_decimal(num, 0)) return -1;
    double v = strtod(num, &end), mult = 1;
    if (*end || errno) return -1;
    end = (char *)s + n;
    if (!strcmp(end, "K") || !strcmp(end, "k"))
        mult = 1024.0;
    else if (!strcmp(end, "M"))
        mult = 1024.0 * 1024;
    else if (!strcmp(end, "G"))
        mult = 1024.0 * 1024 * 1024;
    else if (*end)
        return -1;
    if (!(v > 0) || v * mult > 1e18 || v * mult < 1) return -1;
    *out = (uint64_t)(v * mult);
    return 0;
}

/* "a, b or c" from a NULL-terminated word list. */
static void join_choices(const char *const *w, char *out, size_t len)
{
    size_t at = 0;
    out[0] = '\0';
    for (int i = 0; w[i] && at < len; i++)
        at += (size_t)snprintf(out + at, len - at, "%s%s",
                               i == 0     ? ""
                               : w[i + 1] ? ", "
                                          : " or ",
                               w[i]);
}

int pb_option_apply(const pb_option *o, void *target, const char *value, char *err, size_t errlen)
{
    void *field = (char *)target + o->offset;
    char what[400];
    switch (o->type) {
    case PB_OPT_RENAMED:
        snprintf(err, errlen, "%s", o->help);
        return -1;
    case PB_OPT_FLAG:
        *(int *)field = 1;
        return 0;
    case PB_OPT_INT: {
        char *end;
        errno = 0;
        long v = strtol(value, &end, 10);
        int whole = is_decimal(value, 1) && !*end && !errno;
        uint64_t u;
        /* 1e3 as well as 1000, as the counts take it: docs/cli.md says a number is
         * written either way, wherever one is read. */
        if (!whole && !pb_parse_count(value, &u) && u <= (uint64_t)LONG_MAX) whole = 1, v = (long)u;
        if (whole && v >= o->lo && v <= o->hi) {
            *(int *)field = (int)v;
            return 0;
        }
        snprintf(what, sizeof what, "a whole number from %.0f to %.0f", o->lo, o->hi);
        break;
    }
    case PB_OPT_COUNT:
        if (!pb_parse_count(value, field)) return 0;
        snprintf(what, sizeof what,
                 "a whole number from 0 to 2^64 - 1 in decimal (e.g. 1000 or 1e6)");
        break;
    case PB_OPT_SECONDS:
        if (!pb_parse_real(value, 0, 1e9, field)) return 0;
        snprintf(what, sizeof what, "seconds from 0 to 1e9 in decimal");
        break;
    case PB_OPT_REAL:
        if (!pb_parse_real(value, o->lo, o->hi, field)) return 0;
        snprintf(what, sizeof what, "a number from %g to %g", o->lo, o->hi);
        break;
    case PB_OPT_BYTES:
        if (!parse_bytes(value, field)) return 0;
        snprintf(what, sizeof what, "a size such as 512M or 4G");
        break;
    case PB_OPT_TEXT:
        *(const char **)field = value;
        return 0;
    case PB_OPT_CHOICE: {
        char hint[200];
        for (int i = 0; o->choices[i]; i++)
            if (!strcmp(o->choices[i], value)) {
                *(int *)field = i;
                return 0;
            }
        join_choices(o->choices, what, sizeof what);
        snprintf(err, errlen, "--%s expects %s, got '%s'%s", o->name, what, value,
                 pb_suggest_hint(value, o->choices, -1, hint, sizeof hint));
        return -1;
    }
    case PB_OPT_LIST: {
        char why[200];
        if (!pb_list_set(field, value, why, sizeof why)) return 0;
        snprintf(err, errlen, "--%s: %s", o->name, why);
        return -1;
    }
    case PB_OPT_INSTANCE:
        snprintf(err, errlen, "--%s names the instance; it is not a setting", o->name);
        return -1;
    case PB_OPT_CUSTOM: {
        char why[400];
        if (!o->parse(value, field, why, sizeof why)) return 0;
        snprintf(err, errlen, "--%s %s", o->name, why);
        return -1;
    }
    }
    snprintf(err, errlen, "--%s expects %s, got '%s'", o->name, what, value);
    return -1;
}

const pb_option *pb_option_find(const pb_option *table, const char *name)
{
    for (const pb_option *o = table; o && o->name; o++)
        if (!strcmp(o->name, name)) return o;
    return NULL;
}

/* ---- parsing ---- */

enum { LONG_BASE = 1000, HELP_VAL = 999 };

typedef struct flat_option {
    const pb_option *opt;
    void *target;
} flat_option;

static int set_instance(const char *cmd, const pb_option *o, const char *value, pb_instance *inst)
{
    if (!inst) return pb_usage_error(cmd, "--%s is not taken here", o->name), -1;
    if (inst->spec)
        return pb_usage_error(cmd, "the instance is given twice (%s%s and --%s)",
                              inst->from ? "--" : "", inst->from ? inst->from : "INSTANCE",
                              o->name),
               -1;
    inst->spec = value;
    inst->file = o->file;
    inst->from = o->name;
    return 0;
}

/* The option's name as the user wrote it, for "unknown option" messages. */
static void written_name(const char *arg, char *out, size_t len)
{
    size_t n = strcspn(arg, "=");
    snprintf(out, len, "%.*s", (int)(n < len ? n : len - 1), arg);
}

/* 1 when a and b share a word (between '-') of four letters or more, one word a
 * prefix of the other ("steps" and "step"): a name said another way. */
static int share_word(const char *a, const char *b)
{
    for (const char *p = a; *p; p += strspn(p, "-")) {
        size_t lp = strcspn(p, "-");
        for (const char *q = b; lp >= 4 && *q; q += strspn(q, "-")) {
            size_t lq = strcspn(q, "-"), k = lp < lq ? lp : lq;
            if (k >= 4 && !strncmp(p, q, k)) return 1;
            q += lq;
        }
        p += lp;
    }
    return 0;
}

/* getopt_long's view of the groups: every option flattened, with the struct it fills. */
typedef struct getopt_tables {
    int n; /* options in flat */
    flat_option *flat;
    struct option *longs;
    char *shorts;
    int by_key[256]; /* short option character -> flat index, or -1 */
    char *given;     /* flat index -> 1 once the option has been given */
} getopt_tables;

static void free_tables(getopt_tables *t)
{
    free(t->flat), free(t->longs), free(t->shorts), free(t->given);
}

static int build_tables(const pb_opt_group *groups, int ngroups, getopt_tables *t)
{
    int total = 0, n = 0, at = 0;
    for (int g = 0; g < ngroups; g++)
        for (const pb_option *o = groups[g].options; o && o->name; o++) total++;
    t->flat = calloc((size_t)total + 1, sizeof *t->flat);
    t->longs = calloc((size_t)total + 2, sizeof *t->longs);
    t->shorts = malloc(3 * (size_t)total + 4);
    t->given = calloc((size_t)total + 1, 1);
    if (!t->flat || !t->longs || !t->shorts || !t->given) return free_tables(t), -1;
    for (int k = 0; k < 256; k++) t->by_key[k] = -1;
    t->shorts[at++] = ':'; /* report a missing value as ':' */
    t->shorts[at++] = 'h';
    for (int g = 0; g < ngroups; g++)
        for (const pb_option *o = groups[g].options; o && o->name; o++, n++) {
            /* An old name takes what it took, so that its value is not read as an
             * argument before the refusal. */
            int takes = o->type != PB_OPT_FLAG;
            t->flat[n] = (flat_option){o, groups[g].target};
            t->longs[n] = (struct option){o->name, takes ? required_argument : no_argument, NULL,
                                          LONG_BASE + n};
            if (o->key && t->by_key[(unsigned char)o->key] < 0) {
                t->by_key[(unsigned char)o->key] = n;
                t->shorts[at++] = (char)o->key;
                if (takes) t->shorts[at++] = ':';
            }
        }
    t->longs[n] = (struct option){"help", no_argument, NULL, HELP_VAL};
    t->shorts[at] = '\0';
    t->n = n;
    return 0;
}

/* " (did you mean '--NAME'?)" after an unknown option written as typed: the option
 * nearest by spelling (suggest.h), else the first that shares a word with it
 * (--max-steps, --step-limit); "" when none. Points into a static buffer. */
static const char *option_hint(const getopt_tables *t, const char *typed)
{
    static char hint[200];
    const char *names[512], *near = NULL;
    int n = 0;
    typed += strspn(typed, "-");
    for (int i = 0; i < t->n && n < 512; i++)
        if (t->flat[i].opt->type != PB_OPT_RENAMED) names[n++] = t->flat[i].opt->name;
    if (!(near = pb_suggest(typed, names, n)))
        for (int i = 0; i < n && !near; i++)
            if (share_word(typed, names[i])) near = names[i];
    hint[0] = '\0';
    if (near && *typed) snprintf(hint, sizeof hint, " (did you mean '--%s'?)", near);
    return hint;
}

/* Whether cmd ("solve", or "generate latin") is the command `name`: its first word. */
static int is_command(const char *cmd, const char *name)
{
    const int word = command_length(cmd);
    return strlen(name) == (size_t)word && !strncmp(cmd, name, (size_t)word);
}

/* Handles what getopt_long returned for one argument (c, with optopt and optarg);
 * 0 to go on, else PB_OPT_HELP or PB_OPT_ERROR (the error printed). */
static int take(const char *cmd, const getopt_tables *t, int c, const char *written,
                pb_instance *instance)
{
    char err[PB_MSG_LONG_MAX];
    if (c == 'h' || c == HELP_VAL) return PB_OPT_HELP;
    if (c == ':') {
        int i = optopt >= LONG_BASE ? optopt - LONG_BASE : t->by_key[(unsigned char)optopt];
        if (t->flat[i].opt->type == PB_OPT_RENAMED)
            pb_usage_error(cmd, "%s", t->flat[i].opt->help);
        else
            pb_usage_error(cmd, "option --%s needs a value", t->flat[i].opt->name);
        return PB_OPT_ERROR;
    }
    if (c == '?') {
        if (optopt >= LONG_BASE)
            pb_usage_error(cmd, "option --%s takes no value",
                           t->flat[optopt - LONG_BASE].opt->name);
        else if (optopt == 'o')
            pb_usage_error(cmd, "unknown option '-o' (-o is --order in every command that takes "
                                "one; an output is --out)");
        else if (optopt)
            pb_usage_error(cmd, "unknown option '-%c'", optopt);
        else {
            written_name(written, err, sizeof err);
            pb_usage_error(cmd, "unknown option '%s'%s", err, option_hint(t, err));
        }
        return PB_OPT_ERROR;
    }
    const int i = c >= LONG_BASE ? c - LONG_BASE : t->by_key[(unsigned char)c];
    const flat_option *f = &t->flat[i];
    if (f->opt->only && !is_command(cmd, f->opt->only)) {
        pb_usage_error(cmd, "--%s applies to %s only", f->opt->name, f->opt->only);
        return PB_OPT_ERROR;
    }
    /* A second value would silently replace the first (or, for a flag, mean nothing):
     * one of the two is a mistake, and which one is not ours to guess. */
    if (f->opt->type != PB_OPT_INSTANCE && !f->opt->repeats && t->given[i]++) {
        pb_usage_error(cmd, "option --%s is given twice; give it once", f->opt->name);
        return PB_OPT_ERROR;
    }
    if (f->opt->type == PB_OPT_INSTANCE)
        return set_instance(cmd, f->opt, optarg, instance) ? PB_OPT_ERROR : 0;
    if (pb_option_apply(f->opt, f->target, optarg, err, sizeof err)) {
        pb_usage_error(cmd, "%s", err);
        return PB_OPT_ERROR;
    }
    return 0;
}

int pb_options_parse(const char *cmd, const pb_opt_group *groups, int ngroups, int argc,
                     char **argv, int first, const char **pos, int maxpos, int *npos,
                     pb_instance *instance)
{
    getopt_tables t;
    if (build_tables(groups, ngroups, &t))
        return pb_usage_error(cmd, "out of memory"), PB_OPT_ERROR;
    /* getopt_long sees argv[first - 1] as the program name and parses from first. */
    int sub_argc = argc - first + 1, rc = 0, c;
    char **sub_argv = argv + first - 1;
    opterr = 0;
    optind = 0; /* glibc: start afresh, so a second parse in one process works */
    while (!rc && (c = getopt_long(sub_argc, sub_argv, t.shorts, t.longs, NULL)) != -1)
        rc = take(cmd, &t, c, sub_argv[optind - 1], instance);
    *npos = 0;
    for (int i = optind; !rc && i < sub_argc; i++) {
        if (*npos == maxpos) {
            pb_usage_error(cmd, "unexpected argument '%s'", sub_argv[i]);
            rc = PB_OPT_ERROR;
        } else {
            pos[(*npos)++] = sub_argv[i];
        }
    }
    free_tables(&t);
    return rc;
}

/* ---- help ---- */

void pb_option_value_text(const pb_option *o, const void *target, char *out, size_t len)
{
    out[0] = '\0';
    if (!target) return;
    const void *f = (const char *)target + o->offset;
    switch (o->type) {
    case PB_OPT_INT:
        if (*(const int *)f) snprintf(out, len, "%d", *(const int *)f);
        break;
    case PB_OPT_COUNT:
        if (*(const uint64_t *)f)
            snprintf(out, len, "%llu", (unsigned long long)*(const uint64_t *)f);
        break;
    case PB_OPT_SECONDS:
    case PB_OPT_REAL:
        if (*(const double *)f) snprintf(out, len, "%g", *(const double *)f);
        break;
    case PB_OPT_BYTES: {
        uint64_t b = *(const uint64_t *)f;
        if (b && b % (1ull << 30) == 0)
            snprintf(out, len, "%lluG", (unsigned long long)(b >> 30));
        else if (b && b % (1ull << 20) == 0)
            snprintf(out, len, "%lluM", (unsigned long long)(b >> 20));
        else if (b)
            snprintf(out, len, "%llu", (unsigned long long)b);
        break;
    }
    case PB_OPT_TEXT:
        if (*(const char *const *)f) snprintf(out, len, "%s", *(const char *const *)f);
        break;
    case PB_OPT_CHOICE:
        snprintf(out, len, "%s", o->choices[*(const int *)f]);
        break;
    case PB_OPT_LIST: {
        const pb_list *l = f;
        size_t at = 0;
        for (int i = 0; i < l->n && at < len; i++)
            at += (size_t)snprintf(out + at, len - at, "%s%s", i ? " " : "", l->item[i]);
        break;
    }
    default:
        break;
    }
}

void pb_help_wrap(FILE *f, int column, int indent, const char *text)
{
    enum { WIDTH = 80 };
    int at = column;
    for (const char *p = text; *p;) {
        p += strspn(p, " \n");
        size_t n = strcspn(p, " \n");
        if (!n) break;
        if (at > indent && at + 1 + (int)n > WIDTH) {
            fprintf(f, "\n%*s", indent, "");
            at = indent;
        } else if (at > indent) {
            fputc(' ', f);
            at++;
        }
        fprintf(f, "%.*s", (int)n, p);
        at += (int)n;
        p += n;
    }
    fputc('\n', f);
}

void pb_options_help(FILE *f, const pb_option *table, const char *cmd, const void *defaults)
{
    enum { HELP_COLUMN = 28 };
    for (const pb_option *o = table; o && o->name; o++) {
        if (cmd && o->only && strcmp(o->only, cmd)) continue;
        if (o->type == PB_OPT_RENAMED) continue;
        char head[96], def[200], choices[300] = "", text[1200];
        const char *arg = o->arg;
        if (o->type == PB_OPT_CHOICE && !arg) {
            size_t at = 0;
            for (int i = 0; o->choices[i] && at < sizeof choices; i++)
                at += (size_t)snprintf(choices + at, sizeof choices - at, "%s%s", i ? "|" : "",
                                       o->choices[i]);
            arg = choices;
        }
        int w = snprintf(head, sizeof head, "  %c%c%c --%s%s%s", o->key ? '-' : ' ',
                         o->key ? o->key : ' ', o->key ? ',' : ' ', o->name, arg ? " " : "",
                         arg ? arg : "");
        pb_option_value_text(o, defaults, def, sizeof def);
        /* A default out of the option's range is a sentinel ("decided later"), which the
         * help text words; shown, it would be a value the option refuses. */
        if (defaults && o->type == PB_OPT_REAL && (o->lo || o->hi)) {
            const double v = *(const double *)((const char *)defaults + o->offset);
            if (v < o->lo || v > o->hi) def[0] = '\0';
        }
        snprintf(text, sizeof text, "%s%s%s%s%s%s%s%s", o->help ? o->help : "",
                 def[0] ? " (default " : "", def, def[0] ? ")" : "",
                 o->repeats ? " (repeatable)" : "", !cmd && o->only ? " (" : "",
                 !cmd && o->only ? o->only : "", !cmd && o->only ? " only)" : "");
        fputs(head, f);
        if (w >= HELP_COLUMN) {
            fprintf(f, "\n%*s", HELP_COLUMN, "");
            w = HELP_COLUMN;
        }
        fprintf(f, "%*s", HELP_COLUMN - w, "");
        pb_help_wrap(f, HELP_COLUMN, HELP_COLUMN, text);
    }
}
