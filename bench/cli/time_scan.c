/* time_scan.c — a parameter scan's options taken out of time's arguments, its values,
 * and {NAME} filled into a command's words. */
#include "time_scan.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Parses a whole number (a sign allowed) in [-1e9, 1e9]. 0, or -1. */
static int whole(const char *s, long *out)
{
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (!*s || *end || errno || v < -1000000000L || v > 1000000000L) return -1;
    *out = v;
    return 0;
}

static int good_name(const char *s)
{
    if (!*s) return 0;
    for (; *s; s++)
        if (!(*s == '_' || (*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') ||
              (*s >= '0' && *s <= '9')))
            return 0;
    return 1;
}

/* Removes argv[at .. at + n) from argv[0 .. *argc), shrinking *argc and *end. */
static void drop(int *argc, char **argv, int *end, int at, int n)
{
    memmove(argv + at, argv + at + n, (size_t)(*argc - at - n + 1) * sizeof *argv);
    *argc -= n;
    *end -= n;
}

int pb_time_scan_take(int *argc, char **argv, int first, int *end, int most, pb_time_scan *s,
                      char *err, size_t errlen)
{
    *s = (pb_time_scan){.step = 1};
    int stepped = 0;
    for (int i = first; i < *end;) {
        const char *a = argv[i];
        /* --parameter-step N or, as every long option takes its value, =N. */
        const int joined = !strncmp(a, "--parameter-step=", 17);
        if (joined || !strcmp(a, "--parameter-step")) {
            const char *v = joined ? a + 17 : i + 1 < *end ? argv[i + 1] : "";
            if (whole(v, &s->step) || s->step < 1)
                return snprintf(err, errlen,
                                "--parameter-step expects a whole number of 1 or "
                                "more"),
                       -1;
            stepped = 1;
            drop(argc, argv, end, i, joined ? 1 : 2);
            continue;
        }
        if (!strncmp(a, "--parameter-scan=", 17))
            return snprintf(err, errlen, "--parameter-scan takes three words: NAME LO HI"), -1;
        if (strcmp(a, "-P") && strcmp(a, "--parameter-scan")) {
            i++;
            continue;
        }
        if (s->name) return snprintf(err, errlen, "%s: one parameter scan at a time", a), -1;
        if (i + 3 >= *end) return snprintf(err, errlen, "%s expects NAME LO HI", a), -1;
        if (!good_name(argv[i + 1]))
            return snprintf(err, errlen, "%s: NAME is letters, digits and '_', got '%.60s'", a,
                            argv[i + 1]),
                   -1;
        if (whole(argv[i + 2], &s->lo) || whole(argv[i + 3], &s->hi))
            return snprintf(err, errlen, "%s %s: LO and HI are whole numbers, got '%.30s' '%.30s'",
                            a, argv[i + 1], argv[i + 2], argv[i + 3]),
                   -1;
        if (s->lo > s->hi)
            return snprintf(err, errlen, "%s %s: LO %ld is above HI %ld", a, argv[i + 1], s->lo,
                            s->hi),
                   -1;
        s->name = argv[i + 1];
        drop(argc, argv, end, i, 4);
    }
    if (stepped && !s->name)
        return snprintf(err, errlen, "--parameter-step goes with -P NAME LO HI"), -1;
    if (s->name && pb_time_scan_count(s) > most)
        return snprintf(err, errlen,
                        "-P %s %ld %ld: %d values, at most %d commands are timed "
                        "together (--parameter-step N takes fewer)",
                        s->name, s->lo, s->hi, pb_time_scan_count(s), most),
               -1;
    return 0;
}

int pb_time_scan_count(const pb_time_scan *s)
{
    return s->name ? (int)((s->hi - s->lo) / s->step) + 1 : 1;
}

void pb_time_scan_value(const pb_time_scan *s, int k, char *out, size_t len)
{
    snprintf(out, len, "%ld", s->lo + (long)k * s->step);
}

/* The placeholder "{NAME}" into out; its length. */
static size_t placeholder(const pb_time_scan *s, char *out, size_t len)
{
    return (size_t)snprintf(out, len, "{%s}", s->name);
}

int pb_time_scan_uses(const pb_time_scan *s, const char *text)
{
    char ph[80];
    placeholder(s, ph, sizeof ph);
    return strstr(text, ph) != NULL;
}

char *pb_time_scan_fill(const pb_time_scan *s, const char *text, const char *value)
{
    char ph[80];
    const size_t n = placeholder(s, ph, sizeof ph), v = strlen(value);
    size_t uses = 0;
    for (const char *p = text; (p = strstr(p, ph)); p += n) uses++;
    char *out = malloc(strlen(text) + uses * v + 1), *o = out;
    if (!out) return NULL;
    for (const char *p = text, *q; *p; p = q + n) {
        if (!(q = strstr(p, ph))) {
            strcpy(o, p);
            return out;
        }
        memcpy(o, p, (size_t)(q - p));
        o += q - p;
        memcpy(o, value, v);
        o += v;
    }
    *o = '\0';
    return out;
}
