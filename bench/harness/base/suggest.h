/* suggest.h — "did you mean": the known name nearest to a mistyped one, and the
 * known names listed, so that every "no such X" error can name both. */
#ifndef PB_SUGGEST_H
#define PB_SUGGEST_H

#include <stddef.h>

/* The name in names[0 .. n) (n < 0: up to a NULL entry) nearest to word by edit
 * distance, ignoring case: NULL when none is near enough to be a likely typo (more
 * than a third of the longer name's letters would change). */
const char *pb_suggest(const char *word, const char *const *names, int n);

/* Writes " (did you mean 'NAME'?)" into out when a name is near, else "" : for the end
 * of a one-line error; " (did you mean 'NAME' or 'OTHER'?)" where another name holds
 * the word as a whole hyphenated part ('seeds': 'seed' or 'engine-seeds'). Returns
 * out. */
char *pb_suggest_hint(const char *word, const char *const *names, int n, char *out, size_t len);

/* Writes names[0 .. n) (n < 0: up to a NULL entry) joined by ", " into out, cut with
 * "..." when it does not fit. Returns out. */
char *pb_names_join(const char *const *names, int n, char *out, size_t len);

#endif
