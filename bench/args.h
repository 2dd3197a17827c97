/* args.h — the CLI's small option parser: "--name value" or "--name=value", strict
 * numbers, and one-line usage errors. */
#ifndef PB_ARGS_H
#define PB_ARGS_H

#include <stdint.h>

typedef struct pb_args {
    int argc, i;
    char **argv;
    const char *cmd; /* for messages: "solve", "sweep", ... */
} pb_args;

/* Prints "puzzlebench: <msg>" and a hint to stderr; returns 2 (the usage exit code). */
int pb_usage_error(const char *cmd, const char *fmt, ...);

/* If argv[a->i] is --name or --name=..., consumes it and (when has_value) its value
 * into *value; returns 1. Returns -1 when the value is missing, 0 when no match. */
int pb_args_take(pb_args *a, const char *name, int has_value, const char **value);

/* Strict parses; 0 on success, else an error already printed and -1. */
int pb_parse_u64(const char *cmd, const char *opt, const char *s, uint64_t *out);
int pb_parse_int(const char *cmd, const char *opt, const char *s, int lo, int hi, int *out);
int pb_parse_seconds(const char *cmd, const char *opt, const char *s, double *out);

#endif
