/* time_report.h — what `puzzlebench time` prints about the commands it timed: per
 * command the mean with its 95% confidence interval and the median with its own,
 * and with two or more the speed of each relative to the fastest; as text, or as
 * one JSON document in the schema docs/json.md describes ("puzzlebench.time/1"). */
#ifndef PB_TIME_REPORT_H
#define PB_TIME_REPORT_H

#include <stdio.h>

#include "harness/measure/proc_time.h"

/* The half-width of the 95% confidence interval of s's mean (Student's t); NAN with
 * fewer than 2 samples. */
double pb_mean_ci95(const pb_summary *s);

/* The index of the fastest command by mean among those not stopped at a limit, or -1
 * when fewer than two ran to the end. */
int pb_time_fastest(const pb_timed *c, int n);

/* The text report: one block per command, then the relative speeds; shell_s, the
 * shell's start-up subtracted from the quoted commands' times (NAN: none). */
void pb_time_print(FILE *f, const pb_timed *c, int n, double shell_s);

/* The JSON document; csv and run_id as the rows were written (csv may be NULL). */
void pb_time_json(FILE *f, const pb_timed *c, int n, const char *run_id, const char *csv,
                  double shell_s);

#endif
