/* time_scan.h — `puzzlebench time -P NAME LO HI` (hyperfine's --parameter-scan): one
 * command per whole value of NAME from LO to HI, each with {NAME} replaced by that
 * value in its words, timed together as commands given one by one would be. */
#ifndef PB_TIME_SCAN_H
#define PB_TIME_SCAN_H

#include <stddef.h>

typedef struct pb_time_scan {
    const char *name; /* NULL: no scan */
    long lo, hi, step;
} pb_time_scan;

/* Takes every "-P NAME LO HI" / "--parameter-scan NAME LO HI" (and "--parameter-step
 * N") out of argv[first .. *end), closing the gaps (argv beyond *end moves down with
 * them; *argc and *end shrink). 0, or -1 with a one-line message in err: a scan given
 * twice, a name that is not letters, digits and '_', bounds that are not whole numbers,
 * LO above HI, or more than `most` values. */
int pb_time_scan_take(int *argc, char **argv, int first, int *end, int most, pb_time_scan *s,
                      char *err, size_t errlen);

/* How many commands the scan makes (1 without one). */
int pb_time_scan_count(const pb_time_scan *s);

/* The scan's k-th value as text into out. */
void pb_time_scan_value(const pb_time_scan *s, int k, char *out, size_t len);

/* text with every {NAME} replaced by value, into a new string (NULL: out of memory). */
char *pb_time_scan_fill(const pb_time_scan *s, const char *text, const char *value);

/* 1 when text holds {NAME}. */
int pb_time_scan_uses(const pb_time_scan *s, const char *text);

#endif
