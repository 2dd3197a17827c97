/* tenpair_start.c — tenpair's instance: the start digits (--start DIGITS, --upto N,
 * or as the INSTANCE DIGITS or uptoN; never a file) and the rule switches (--width,
 * --wrap, --append), loaded as one puzzle whose model the engines take. */
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "tenpair_family.h"

const char *const pb_tenpair_wrap_modes[] = {"on", "off", NULL};
const char *const pb_tenpair_append_modes[] = {"stuck", "any", NULL};

/* A wrapper, so that the rows' offsets are those of tp_params itself. */
typedef struct tp_params_row {
    tp_params params;
} tp_params_row;

const pb_option pb_tenpair_options[] = {
    {.name = "start",
     .type = PB_OPT_INSTANCE,
     .arg = "DIGITS",
     .help = "the digits written first, 1-9, at most 512 (default: --upto 19)"},
    {.name = "upto",
     .type = PB_OPT_INSTANCE,
     .arg = "N",
     .help = "write 1..N, leaving out numbers with a 0, N at most 245 (512 digits) "
             "(default 19)"},
    PB_TENPAIR_RULE_OPTIONS(tp_params_row, params),
    PB_OPTION_END,
};

const tp_params pb_tenpair_defaults = {.width = 9};

/* --upto N: N in decimal, nothing after it. 0, or -1 with e. */
static int set_upto(tp_rules *r, const char *text, const char *form, pb_error *e)
{
    char *end;
    errno = 0;
    long n = strtol(text, &end, 10);
    if (*end || end == text) return pb_fail(e, 0, "%s: expected a number, got '%s'", form, text);
    if (errno != ERANGE) return tp_rules_set_upto(r, n, e);
    /* Past a long, N is out of bounds either way; the rules would name the long strtol
     * gave instead of N, so the message names N as given. */
    if (n < 0) return pb_fail(e, 0, "--upto: expected a number of at least 1, got %s", text);
    tp_rules_set_upto(r, n, e);
    const char *reason = strchr(e->msg, ':');
    char msg[sizeof e->msg];
    snprintf(msg, sizeof msg, "%s", reason ? reason : ": too large");
    return pb_fail(e, 0, "--upto %s%s", text, msg);
}

/* The rules of inst into s: 0, or -1 with e. */
static int read_start(const pb_instance *inst, tp_start *s, pb_error *e)
{
    tp_rules *r = &s->rules;
    tp_rules_default(r);
    if (!inst->spec) return snprintf(s->name, sizeof s->name, "upto19"), 0;
    if (inst->from && !strcmp(inst->from, "upto")) {
        snprintf(s->name, sizeof s->name, "upto%.50s", inst->spec);
        return set_upto(r, inst->spec, "--upto", e);
    }
    if (!inst->from && !strncmp(inst->spec, "upto", 4)) {
        snprintf(s->name, sizeof s->name, "%.60s", inst->spec);
        return set_upto(r, inst->spec + 4, "uptoN", e);
    }
    snprintf(s->name, sizeof s->name, "start%.50s", inst->spec);
    if (!tp_rules_set_start(r, inst->spec, e)) return 0;
    if (inst->from) { /* the option is named; a start given as the instance is named by it */
        char msg[sizeof e->msg];
        snprintf(msg, sizeof msg, "%s", e->msg);
        pb_fail(e, 0, "--start: %s", msg);
    }
    return -1;
}

/* Whether an INSTANCE the start could not be read from is a path or "-" (standard
 * input): a start is text, so a file given there is refused as a file rather than read
 * as digits. Digits win over a file of that name, which is looked for only after they
 * fail. */
static int is_path(const pb_instance *inst)
{
    struct stat st;
    return !inst->from && (!strcmp(inst->spec, "-") || strchr(inst->spec, '/') ||
                           strchr(inst->spec, '.') || !stat(inst->spec, &st));
}

int pb_tenpair_load(const pb_instance *inst, const void *params, pb_set *set, char *err,
                    size_t errlen)
{
    const tp_params *p = params ? params : &pb_tenpair_defaults;
    memset(set, 0, sizeof *set);
    tp_start *s = malloc(sizeof *s);
    pb_puzzle *puzzle = calloc(1, sizeof *puzzle);
    pb_error e = {0, ""};
    if (!s || !puzzle) {
        free(s), free(puzzle);
        return snprintf(err, errlen, "%s: out of memory", inst->spec ? inst->spec : "tenpair"), -1;
    }
    int rc = read_start(inst, s, &e);
    if (rc && inst->from)
        snprintf(err, errlen, "%s", e.msg);
    else if (rc && is_path(inst))
        snprintf(err, errlen,
                 "%s: %s, but tenpair reads no file: the start is digits 1-9 or uptoN "
                 "(or --start DIGITS, --upto N)",
                 inst->spec, strcmp(inst->spec, "-") ? "a path" : "standard input");
    else if (rc)
        snprintf(err, errlen, "%s: %s (the start: digits 1-9, or uptoN)", inst->spec, e.msg);
    if (!rc) {
        s->rules.width = p->width;
        s->rules.wrap = p->wrap == 0;
        s->rules.append_any = p->append == 1;
        if (!(puzzle->model = tp_model_new(&s->rules)))
            rc = -1, snprintf(err, errlen, "%s: out of memory", s->name);
    }
    if (rc) {
        free(s), free(puzzle);
        return -1;
    }
    set->count = 1, set->puzzle = puzzle, set->priv = s;
    return 0;
}

void pb_tenpair_free_set(pb_set *set)
{
    if (set->puzzle) pb_model_free(set->puzzle[0].model);
    free(set->priv);
    free(set->puzzle);
    memset(set, 0, sizeof *set);
}

void pb_tenpair_puzzle_name(const pb_set *set, int i, char *out, size_t outlen)
{
    (void)i;
    snprintf(out, outlen, "%s", ((const tp_start *)set->priv)->name);
}
