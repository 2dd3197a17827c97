/* json.h — the pieces every --json writer shares: strings escaped for JSON, and
 * numbers that JSON can hold. */
#ifndef PB_JSON_H
#define PB_JSON_H

#include <stdio.h>

/* s as a JSON string: quotes, backslashes and control bytes escaped; bytes >= 0x80 as
 * they are when s is UTF-8, else each as \u00XX (a JSON text must be UTF-8). */
void pb_json_string(FILE *f, const char *s);
/* x in fmt (e.g. "%.9g"), or null for NAN and infinities (JSON has neither). */
void pb_json_number(FILE *f, const char *fmt, double x);
/* The same as a further member of an object: `,"key":` and the number. */
void pb_json_member(FILE *f, const char *key, const char *fmt, double x);

#endif
