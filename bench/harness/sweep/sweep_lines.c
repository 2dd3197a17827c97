/* sweep_lines.c — the "NAME: OPTIONS ..." lines of a sweep key read and checked word
 * by word against an option table (a generator's, a family's solve and count). The
 * words are data: no shell, no quoting, and no option that names a file. */
#include "sweep_lines.h"

#include <stdlib.h>
#include <string.h>

#include "harness/base/suggest.h"

static int listed(const char *const *list, const char *name)
{
    for (; list && *list; list++)
        if (!strcmp(name, *list)) return 1;
    return 0;
}

int pb_sweep_key_line(const pb_sweep_spec *s, const char *key)
{
    const int at = s->key_line[pb_option_find(pb_sweep_keys, key) - pb_sweep_keys];
    return at > 0 ? at : 0;
}

/* Option word i of line k (its words end before end): the words it takes (1 or 2),
 * or 0 with err. */
static int check_option(const pb_lines_rule *r, const pb_sweep_lines *m, int k, int i, int end,
                        int line, pb_error *err)
{
    const char *word = m->words[i];
    if (strncmp(word, "--", 2) || !word[2])
        return pb_fail(err, line, "expected an option --NAME of %s, got '%s'", r->whose, word), 0;
    char name[64];
    const size_t n = strcspn(word + 2, "=");
    snprintf(name, sizeof name, "%.*s", (int)(n < sizeof name ? n : sizeof name - 1), word + 2);
    const pb_option *o = n < sizeof name ? pb_option_find(r->options, name) : NULL;
    if (!o || (o->only && r->names && strcmp(o->only, m->name[k]))) {
        const char *names[256];
        char hint[120] = "";
        int nn = 0;
        for (const pb_option *p = r->options; p && p->name && nn < 256; p++)
            if (!p->only || !r->names || !strcmp(p->only, m->name[k])) names[nn++] = p->name;
        const char *near = pb_suggest(name, names, nn);
        if (near) snprintf(hint, sizeof hint, " (did you mean '--%s'?)", near);
        if (r->names) /* the name is the command: "count tenpair" */
            return pb_fail(err, line, "%s %s has no option --%s%s", m->name[k], r->whose, name,
                           hint),
                   0;
        return pb_fail(err, line, "%s has no option --%s%s", r->whose, name, hint), 0;
    }
    if (o->reads)
        return pb_fail(err, line,
                       "--%s names a file to read, which a %s may not: a sweep reads its own "
                       "file and its instances only",
                       name, r->noun),
               0;
    if (o->writes || listed(r->owned, name) || !strcmp(name, "help"))
        return pb_fail(err, line,
                       "--%s is the sweep's to give, not a %s's (where each %s writes: "
                       "--out and name)",
                       name, r->noun, r->noun),
               0;
    if (o->type == PB_OPT_FLAG || word[2 + n] == '=') return 1;
    if (i + 1 >= end || !strncmp(m->words[i + 1], "--", 2))
        return pb_fail(err, line, "--%s expects a value", name), 0;
    return 2;
}

/* Word i, "NAME:", starts a line. 0, or -1 with err. */
static int start_line(const pb_lines_rule *r, pb_sweep_lines *m, int i, int line, pb_error *err)
{
    char *name = m->words[i];
    const size_t len = strlen(name) - 1;
    name[len] = '\0';
    if (r->names && !listed(r->names, name)) {
        char names[200] = "";
        for (const char *const *n = r->names; *n; n++)
            snprintf(names + strlen(names), sizeof names - strlen(names), "%s%s",
                     n == r->names ? "" : ", ", *n);
        char hint[120];
        return pb_fail(err, line, "%s expects one of %s before a colon, got '%s'%s", r->key, names,
                       name, pb_suggest_hint(name, r->names, -1, hint, sizeof hint));
    }
    if (!len || len > PB_LINES_NAME_MAX || name[0] == '-' ||
        strspn(name, "abcdefghijklmnopqrstuvwxyz0123456789-") != len)
        return pb_fail(err, line,
                       "a %s's name is up to %d lower-case letters, digits and '-', got '%s'",
                       r->noun, PB_LINES_NAME_MAX, name);
    for (int k = 0; k < m->n && !r->names; k++)
        if (!strcmp(m->name[k], name))
            return pb_fail(err, line, "%s %s is given twice", r->noun, name);
    if (m->n == PB_LINES_MAX)
        return pb_fail(err, line, "%s: more than %d lines", r->key, PB_LINES_MAX);
    m->name[m->n] = name;
    m->first[m->n++] = i + 1;
    return 0;
}

int pb_sweep_lines_read(const char *text, int line, const pb_lines_rule *r, pb_sweep_lines *m,
                        pb_error *err)
{
    memset(m, 0, sizeof *m);
    if (!(m->text = strdup(text))) return pb_fail(err, line, "out of memory");
    int nw = 0;
    for (char *save = NULL, *w = strtok_r(m->text, " ", &save); w; w = strtok_r(NULL, " ", &save)) {
        for (const char *c = w; *c; c++)
            if ((unsigned char)*c < 32 || *c == 127)
                return pb_fail(err, line, "%s: a control character (byte %d) in a word", r->key,
                               (unsigned char)*c);
        if (nw == PB_LINES_MAX_WORDS)
            return pb_fail(err, line, "%s: more than %d words", r->key, PB_LINES_MAX_WORDS);
        m->words[nw++] = w;
    }
    for (int i = 0; i < nw; i++) {
        if (m->words[i][strlen(m->words[i]) - 1] == ':') {
            if (start_line(r, m, i, line, err)) return -1;
        } else if (!m->n) {
            return pb_fail(err, line, "%s expects %s: first, got '%s'", r->key,
                           r->names ? "COMMAND" : "METHOD", m->words[i]);
        }
    }
    m->first[m->n] = nw + 1;
    for (int k = 0; k < m->n; k++)
        for (int i = m->first[k], end = m->first[k + 1] - 1, took; i < end; i += took)
            if (!(took = check_option(r, m, k, i, end, line, err))) return -1;
    return 0;
}

void pb_sweep_lines_free(pb_sweep_lines *m)
{
    free(m->text);
    memset(m, 0, sizeof *m);
}

const char *pb_gen_methods_key(const pb_sweep_spec *s)
{
    return s->quick && s->gen.quick_generate ? "quick-generate" : "generate";
}

int pb_gen_methods_read(const pb_sweep_spec *s, const pb_command *g, pb_sweep_lines *m,
                        pb_error *err)
{
    static const char *const owned[] = {"force", "resume", "quiet", "records-only", NULL};
    char whose[80];
    snprintf(whose, sizeof whose, "generate %s", g->name);
    const pb_lines_rule r = {pb_gen_methods_key(s), "method", whose, g->options, NULL, owned};
    memset(m, 0, sizeof *m);
    /* s->gen.generate holds quick_generate's text in a --quick spec (pb_sweep_spec_quick). */
    if (!s->gen.generate)
        return pb_fail(err, 0, "a generation sweep needs 'generate' (its methods)");
    return pb_sweep_lines_read(s->gen.generate, pb_sweep_key_line(s, r.key), &r, m, err);
}
