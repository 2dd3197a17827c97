/* solve_json.h — solve's and count's result as one JSON document (--json), in the
 * schema docs/json.md describes ("puzzlebench.solve/1"). */
#ifndef PB_SOLVE_JSON_H
#define PB_SOLVE_JSON_H

#include <stdio.h>

#include "harness/measure/batch.h"
#include "harness/measure/measure.h"

typedef struct pb_solve_doc {
    const char *cmd, *instance, *order;
    const pb_family *fam;
    const pb_set *set;
    const pb_batch *batch;
    const pb_batch_result *res;
    const pb_timing *timing; /* NULL: timed once */
    int threads, exit_status;
} pb_solve_doc;

void pb_solve_json(FILE *f, const pb_solve_doc *d);

/* Writes s as a JSON string, quotes included. */
void pb_json_string(FILE *f, const char *s);

#endif
