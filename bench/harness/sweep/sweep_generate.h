/* sweep_generate.h — a generation sweep's methods (the `generate` key), read from its
 * text into names and the generator's option words, and checked against the
 * generator's option table: the reader that sweep_generate.c runs them from. */
#ifndef PB_SWEEP_GENERATE_H
#define PB_SWEEP_GENERATE_H

#include "core/error.h"
#include "family.h"
#include "sweep_spec.h"

enum { PB_GEN_MAX_WORDS = 512, PB_GEN_MAX_METHODS = 32 };

/* Method m is name[m]: with the options words[first[m] .. first[m + 1] - 1). */
typedef struct pb_gen_methods {
    char *text; /* the key's value, cut into words in place (malloc'd) */
    char *words[PB_GEN_MAX_WORDS];
    const char *name[PB_GEN_MAX_METHODS];
    int first[PB_GEN_MAX_METHODS + 1];
    int n;
} pb_gen_methods;

/* Reads s's methods (quick_generate's in a --quick spec) for generator g: each a
 * name of lower-case letters, digits and '-' with a colon, once, then options of g
 * as --NAME or --NAME=VALUE (a value as the next word), none that writes a file or
 * is the sweep's own (--force, --resume, --quiet, --records-only). 0, or -1 with err
 * (err->line: the key's line in the file, 0 for an option); pb_gen_methods_free
 * either way. */
int pb_gen_methods_read(const pb_sweep_spec *s, const pb_command *g, pb_gen_methods *m,
                        pb_error *err);
void pb_gen_methods_free(pb_gen_methods *m);

/* The key that holds s's methods ("generate", or "quick-generate" in a --quick spec
 * that has it), for messages. */
const char *pb_gen_methods_key(const pb_sweep_spec *s);

#endif
