/* sweep_lines.h — the "NAME: OPTIONS ..." lines of a sweep key (a generation sweep's
 * `generate` methods), read from its text into names and
 * option words and checked word by word against the option table of what runs them.
 * The words are data: no shell, no quoting, and no option that names a file. */
#ifndef PB_SWEEP_LINES_H
#define PB_SWEEP_LINES_H

#include "core/error.h"
#include "family.h"
#include "sweep_spec.h"

/* At most: words, lines, and the characters of a line's name. */
enum { PB_LINES_MAX_WORDS = 512, PB_LINES_MAX = 64, PB_LINES_NAME_MAX = 40 };

/* Line m is name[m]: with the options words[first[m] .. first[m + 1] - 1). */
typedef struct pb_sweep_lines {
    char *text; /* the key's value, cut into words in place (malloc'd) */
    char *words[PB_LINES_MAX_WORDS];
    const char *name[PB_LINES_MAX];
    int first[PB_LINES_MAX + 1];
    int n;
} pb_sweep_lines;

/* What the lines of a key may hold. */
typedef struct pb_lines_rule {
    const char *key;          /* the sweep key, for messages */
    const char *noun;         /* what a line is: "method", "run" */
    const char *whose;        /* who takes the options: "generate kakuro", "tenpair" */
    const pb_option *options; /* their table */
    const char *const *names; /* the names a line may have, NULL-ended, each as often
                                 as wanted; NULL: any name, each once */
    const char *const *owned; /* options the sweep gives itself, NULL-ended */
} pb_lines_rule;

/* Reads text (the value of rule's key, set on line, 0 for an option): each line a
 * name with a colon, then options of rule->options that apply to that name (an
 * option's `only`) as --NAME or --NAME=VALUE (a value as the next word), none that
 * writes a file or is owned. 0, or -1 with err; pb_sweep_lines_free either way. */
int pb_sweep_lines_read(const char *text, int line, const pb_lines_rule *rule, pb_sweep_lines *m,
                        pb_error *err);
void pb_sweep_lines_free(pb_sweep_lines *m);

/* The key's line in s's file (0: an option or not set). */
int pb_sweep_key_line(const pb_sweep_spec *s, const char *key);

/* A generation sweep's methods for generator g: s's `generate` key (quick_generate's
 * in a --quick spec), names of lower-case letters, digits and '-', each once. */
int pb_gen_methods_read(const pb_sweep_spec *s, const pb_command *g, pb_sweep_lines *m,
                        pb_error *err);

/* The key that holds s's methods ("generate", or "quick-generate" in a --quick spec
 * that has it), for messages. */
const char *pb_gen_methods_key(const pb_sweep_spec *s);

#endif
