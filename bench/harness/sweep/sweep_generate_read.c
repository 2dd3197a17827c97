/* sweep_generate_read.c — a generation sweep's methods read from the `generate` key
 * and checked word by word against the generator's option table. The words are
 * data: no shell, no quoting, and no option that names a file. */
#include "sweep_generate.h"

#include <stdlib.h>
#include <string.h>

/* The generator's options that the sweep gives itself. */
static const char *const sweep_owned[] = {"force", "resume", "quiet", "records-only", "help", NULL};

static int owned(const char *name)
{
    for (const char *const *o = sweep_owned; *o; o++)
        if (!strcmp(name, *o)) return 1;
    return 0;
}

const char *pb_gen_methods_key(const pb_sweep_spec *s)
{
    return s->quick && s->quick_generate ? "quick-generate" : "generate";
}

/* Option word i of a method (its words end before end): the words it takes (1 or 2),
 * or 0 with err. */
static int check_option(const pb_command *g, char **w, int i, int end, int line, pb_error *err)
{
    const char *word = w[i];
    if (strncmp(word, "--", 2) || !word[2])
        return pb_fail(err, line, "expected an option --NAME of generate %s, got '%s'", g->name,
                       word),
               0;
    char name[64];
    const size_t n = strcspn(word + 2, "=");
    snprintf(name, sizeof name, "%.*s", (int)(n < sizeof name ? n : sizeof name - 1), word + 2);
    const pb_option *o = n < sizeof name ? pb_option_find(g->options, name) : NULL;
    if (!o)
        return pb_fail(err, line,
                       "generate %s has no option --%s (see 'puzzlebench generate --help')",
                       g->name, name),
               0;
    if (o->writes || owned(name))
        return pb_fail(err, line,
                       "--%s is the sweep's to give, not a method's (where each method "
                       "writes: --out, name and puzzles)",
                       name),
               0;
    if (o->type == PB_OPT_FLAG || word[2 + n] == '=') return 1;
    if (i + 1 >= end) return pb_fail(err, line, "--%s expects a value", name), 0;
    return 2;
}

/* Word i, "NAME:", starts a method. 0, or -1 with err. */
static int start_method(pb_gen_methods *m, int i, int line, pb_error *err)
{
    char *name = m->words[i];
    const size_t len = strlen(name) - 1;
    name[len] = '\0';
    if (!len || len > 40 || name[0] == '-' ||
        strspn(name, "abcdefghijklmnopqrstuvwxyz0123456789-") != len)
        return pb_fail(err, line,
                       "a method's name is up to 40 lower-case letters, digits and '-', "
                       "got '%s'",
                       name);
    for (int k = 0; k < m->n; k++)
        if (!strcmp(m->name[k], name)) return pb_fail(err, line, "method %s is given twice", name);
    if (m->n == PB_GEN_MAX_METHODS)
        return pb_fail(err, line, "more than %d methods", PB_GEN_MAX_METHODS);
    m->name[m->n] = name;
    m->first[m->n++] = i + 1;
    return 0;
}

int pb_gen_methods_read(const pb_sweep_spec *s, const pb_command *g, pb_gen_methods *m,
                        pb_error *err)
{
    const char *key = pb_gen_methods_key(s);
    const int at = s->key_line[pb_option_find(pb_sweep_keys, key) - pb_sweep_keys];
    const int line = at > 0 ? at : 0;
    memset(m, 0, sizeof *m);
    const char *text = s->generate; /* quick_generate in a --quick spec (pb_sweep_spec_quick) */
    if (!text) return pb_fail(err, 0, "a generation sweep needs 'generate' (its methods)");
    if (!(m->text = strdup(text))) return pb_fail(err, line, "out of memory");
    int nw = 0;
    for (char *save = NULL, *w = strtok_r(m->text, " ", &save); w; w = strtok_r(NULL, " ", &save)) {
        if (nw == PB_GEN_MAX_WORDS)
            return pb_fail(err, line, "%s: more than %d words", key, PB_GEN_MAX_WORDS);
        m->words[nw++] = w;
    }
    for (int i = 0; i < nw; i++) {
        if (m->words[i][strlen(m->words[i]) - 1] == ':') {
            if (start_method(m, i, line, err)) return -1;
        } else if (!m->n) {
            return pb_fail(err, line, "%s expects METHOD: first, got '%s'", key, m->words[i]);
        }
    }
    m->first[m->n] = nw + 1;
    for (int k = 0; k < m->n; k++)
        for (int i = m->first[k], end = m->first[k + 1] - 1, took; i < end; i += took)
            if (!(took = check_option(g, m->words, i, end, line, err))) return -1;
    return 0;
}

void pb_gen_methods_free(pb_gen_methods *m)
{
    free(m->text);
    memset(m, 0, sizeof *m);
}
