/* text.h — small tests and edits on text that several parts of bench make alike:
 * whether a name ends with a suffix (".csv", ".meta"), a list of names grown one at a
 * time, without the length arithmetic at each place. */
#ifndef PB_TEXT_H
#define PB_TEXT_H

#include <stddef.h>

/* 1 when s ends with suffix, else 0. A name that is the suffix itself ends with it:
 * where such a name keeps its suffix, the caller says so (a length check). */
int pb_has_suffix(const char *s, const char *suffix);

/* Appends item to the names in list (a string in len bytes), ", " between them; what
 * does not fit is cut. */
void pb_text_list_add(char *list, size_t len, const char *item);

#endif
