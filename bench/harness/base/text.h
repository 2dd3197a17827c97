/* text.h — small tests on text that several parts of bench make alike: whether a name
 * ends with a suffix (".csv", ".meta"), without the length arithmetic at each place. */
#ifndef PB_TEXT_H
#define PB_TEXT_H

/* 1 when s ends with suffix, else 0. A name that is the suffix itself ends with it:
 * where such a name keeps its suffix, the caller says so (a length check). */
int pb_has_suffix(const char *s, const char *suffix);

#endif
