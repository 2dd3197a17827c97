/* family.c — looking families, their engines and their commands up, and the
 * helpers the families' adapters share (short names, printing a board). */
#include "family.h"

#include <stdlib.h>
#include <string.h>
#include "harness/base/suggest.h"
#include "harness/io/readfile.h"
#include "harness/io/inputs.h"
#include "harness/outside/outside.h"
#include "registry/registry.h"

/* Room for the names of every family, every engine of one, every cell order. */
enum { MAX_NAMES = 128 };

const pb_family *pb_family_find(const char *name)
{
    for (const pb_family *const *f = pb_families; *f; f++)
        if (!strcmp((*f)->name, name)) return *f;
    return NULL;
}

void pb_family_list(char *out, size_t len)
{
    size_t at = 0;
    out[0] = '\0';
    for (const pb_family *const *f = pb_families; *f && at < len; f++)
        at +=
            (size_t)snprintf(out + at, len - at, "%s%s", f == pb_families ? "" : ", ", (*f)->name);
}

const pb_engine *pb_family_engine(const pb_family *f, const char *name)
{
    const pb_registered *r = pb_registry_find(f->name, f->placement, name);
    if (r) return r->model;
    return f->placement ? pb_outside_engine(name) : NULL;
}

void pb_family_engine_list(const pb_family *f, char *out, size_t len)
{
    size_t at = 0;
    out[0] = '\0';
    for (const pb_registered *r = pb_registry; r->about && at < len; r++)
        if (pb_registry_offers(r, f->name, f->placement, f->permutations))
            at += (size_t)snprintf(out + at, len - at, "%s%s", at ? ", " : "", r->about->name);
    for (const pb_engine *const *e = pb_outside_engines; f->placement && *e && at < len; e++)
        at += (size_t)snprintf(out + at, len - at, "%s%s", at ? ", " : "", (*e)->about.name);
}

char *pb_family_hint(const char *word, char *out, size_t len)
{
    const char *names[MAX_NAMES];
    int n = 0;
    for (const pb_family *const *f = pb_families; *f && n < MAX_NAMES; f++) names[n++] = (*f)->name;
    return pb_suggest_hint(word, names, n, out, len);
}

char *pb_family_engine_hint(const pb_family *f, const char *word, char *out, size_t len)
{
    const char *names[MAX_NAMES];
    int n = 0;
    for (const pb_registered *r = pb_registry; r->about && n < MAX_NAMES; r++)
        if (pb_registry_offers(r, f->name, f->placement, f->permutations))
            names[n++] = r->about->name;
    for (const pb_engine *const *e = pb_outside_engines; f->placement && *e && n < MAX_NAMES; e++)
        names[n++] = (*e)->about.name;
    return pb_suggest_hint(word, names, n, out, len);
}

char *pb_order_hint(const char *word, char *out, size_t len)
{
    const char *names[MAX_NAMES];
    int n = 0;
    for (const pb_order *const *o = pb_orders; *o && n < MAX_NAMES; o++) names[n++] = (*o)->name;
    return pb_suggest_hint(word, names, n, out, len);
}

void pb_order_list(char *out, size_t len)
{
    const char *names[MAX_NAMES];
    int n = 0;
    for (const pb_order *const *o = pb_orders; *o && n < MAX_NAMES; o++) names[n++] = (*o)->name;
    pb_names_join(names, n, out, len);
}

static const pb_command *find_in(const char *name, const pb_family **owner, int generators)
{
    for (const pb_family *const *f = pb_families; *f; f++)
        for (const pb_command *c = generators ? (*f)->generators : (*f)->commands; c && c->name;
             c++)
            if (!strcmp(c->name, name)) {
                if (owner) *owner = *f;
                return c;
            }
    return NULL;
}

const pb_command *pb_generator_find(const char *name, const pb_family **owner)
{
    return find_in(name, owner, 1);
}

const pb_command *pb_command_find(const char *name, const pb_family **owner)
{
    return find_in(name, owner, 0);
}

int pb_read_puzzle_file(const char *spec, pb_set *set, pb_text_reader read, char *err,
                        size_t errlen)
{
    size_t len;
    char *text = pb_read_file(spec, &len, err, errlen);
    if (!text) return -1;
    pb_input_note(spec);
    const int rc = read(spec, text, len, set, err, errlen);
    free(text);
    return rc;
}

char *pb_puzzle_message(const char *spec, int line, const char *msg, const char *why)
{
    const int n = snprintf(NULL, 0, "%s:%d: %s%s", spec, line, msg, why);
    char *s = n >= 0 ? malloc((size_t)n + 1) : NULL;
    if (s) snprintf(s, (size_t)n + 1, "%s:%d: %s%s", spec, line, msg, why);
    return s;
}

void pb_base_name(const char *spec, char *out, size_t outlen)
{
    if (!strcmp(spec, "-")) spec = "stdin";
    const char *base = strrchr(spec, '/');
    base = base ? base + 1 : spec;
    size_t n = strcspn(base, ".");
    if (n == 0) n = strlen(base);
    snprintf(out, outlen, "%.*s", (int)n, base);
    for (char *c = out; *c; c++)
        if (*c == ',' || *c == ' ' || *c == '"') *c = '_';
}

void pb_instance_row_name(const pb_family *f, const char *spec, const pb_set *set, char *out,
                          size_t outlen)
{
    if (f->instance_name)
        f->instance_name(spec, out, outlen);
    else if (f->puzzle_name)
        f->puzzle_name(set, 0, out, outlen);
    else
        pb_base_name(spec, out, outlen);
}

void pb_print_board(FILE *f, const pb_model *m, const int *values, int width, const char *prefix,
                    const char *suffix)
{
    fputs(prefix, f);
    int printed_rows = 0;
    for (int r = 0; r < m->rows; r++) {
        int first = 1;
        for (int c = 0; c < m->cols; c++) {
            int cell = m->at[r * m->cols + c];
            if (cell < 0) continue;
            if (first && printed_rows) fputc('\n', f);
            fprintf(f, first ? "%*d" : " %*d", width, values[cell]);
            first = 0;
        }
        printed_rows += !first;
    }
    fputs(suffix, f);
    fputc('\n', f);
}

const char *pb_command_line(const pb_command *c, char *buf, size_t len)
{
    snprintf(buf, len, "%s%s", c->generator ? "generate " : "", c->name);
    return buf;
}

void pb_command_help(FILE *f, const pb_command *c)
{
    char line[128];
    fprintf(f, "usage: puzzlebench %s [options]\n\n%s\n", pb_command_line(c, line, sizeof line),
            c->summary);
    if (c->about) fprintf(f, "\n%s", c->about);
    if (c->options && c->options->name) {
        fputs("\noptions:\n", f);
        pb_options_help(f, c->options, NULL, c->defaults);
    }
}

int pb_command_parse(const pb_command *c, void *opts, int argc, char **argv, int first,
                     const char **pos, int maxpos, int *npos)
{
    pb_opt_group group = {c->options, opts};
    char cmd[64];
    snprintf(cmd, sizeof cmd, c->generator ? "generate %s" : "%s", c->name);
    int rc = pb_options_parse(cmd, &group, 1, argc, argv, first, pos, maxpos, npos, NULL);
    if (rc == PB_OPT_HELP) pb_command_help(stdout, c);
    return rc;
}
