/* args.c — option scanning and strict number parsing for the CLI. */
#include "args.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int pb_usage_error(const char *cmd, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("puzzlebench: ", stderr);
    if (cmd) fprintf(stderr, "%s: ", cmd);
    vfprintf(stderr, fmt, ap);
    if (cmd)
        fprintf(stderr, " (see 'puzzlebench %s --help')\n", cmd);
    else
        fputs(" (see 'puzzlebench --help')\n", stderr);
    va_end(ap);
    return 2;
}

int pb_args_take(pb_args *a, const char *name, int has_value, const char **value)
{
    const char *arg = a->argv[a->i];
    size_t n = strlen(name);
    if (strncmp(arg, name, n) != 0) return 0;
    if (arg[n] == '\0') {
        a->i++;
        if (!has_value) return 1;
        if (a->i >= a->argc) {
            pb_usage_error(a->cmd, "option %s needs a value", name);
            return -1;
        }
        *value = a->argv[a->i++];
        return 1;
    }
    if (arg[n] == '=' && has_value) {
        *value = arg + n + 1;
        a->i++;
        return 1;
    }
    return 0;
}

int pb_parse_u64(const char *cmd, const char *opt, const char *s, uint64_t *out)
{
    char *end;
    errno = 0;
    /* Accept plain integers and exact scientific forms such as 2e9. */
    double d = strtod(s, &end);
    if (s[0] == '-' || s[0] == '\0' || *end != '\0' || errno || !(d >= 0) || d > 1.8e19 ||
        d != floor(d)) {
        pb_usage_error(cmd, "%s expects a whole number >= 0, got '%s'", opt, s);
        return -1;
    }
    unsigned long long v = strtoull(s, &end, 10);
    *out = *end == '\0' ? (uint64_t)v : (uint64_t)d;
    return 0;
}

int pb_parse_int(const char *cmd, const char *opt, const char *s, int lo, int hi, int *out)
{
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (s[0] == '\0' || *end != '\0' || errno || v < lo || v > hi) {
        pb_usage_error(cmd, "%s expects a whole number from %d to %d, got '%s'", opt, lo, hi, s);
        return -1;
    }
    *out = (int)v;
    return 0;
}

int pb_parse_seconds(const char *cmd, const char *opt, const char *s, double *out)
{
    char *end;
    errno = 0;
    double v = strtod(s, &end);
    if (s[0] == '\0' || *end != '\0' || errno || !(v >= 0) || v > 1e9) {
        pb_usage_error(cmd, "%s expects seconds >= 0, got '%s'", opt, s);
        return -1;
    }
    *out = v;
    return 0;
}
