/* solve_json.h — solve's and count's result as one JSON document (--json), in the
 * schema docs/json.md describes ("puzzlebench.solve/1"), or as CSV rows (--csv). */
#ifndef PB_SOLVE_JSON_H
#define PB_SOLVE_JSON_H

#include <stdio.h>

#include "harness/measure/batch.h"
#include "harness/measure/measure.h"
#include "harness/meta/meta.h"

typedef struct pb_solve_doc {
    const char *cmd, *instance, *order;
    const pb_family *fam;
    const pb_set *set;
    const pb_batch *batch;
    const pb_batch_result *res;
    const pb_timing *timing; /* NULL: timed once */
    const void *params;      /* the family's settings (pb_family.options) */
    int threads, exit_status;
    uint64_t peak_rss_bytes; /* the process's resident high-water mark in the (first) run;
                                0: not known */
} pb_solve_doc;

/* Why puzzle i's run ended (stop.h's names), "" for one that did not run. */
const char *pb_solve_puzzle_stop(const pb_solve_doc *d, int i);

void pb_solve_json(FILE *f, const pb_solve_doc *d);

/* Where puzzle i is: its name, FILE:LINE, or the instance. */
void pb_solve_where(const pb_solve_doc *d, int i, char *where, size_t len);

/* How puzzle i's run ended: a status name, "unreadable" or "not-run". */
const char *pb_solve_puzzle_status(const pb_solve_doc *d, int i);

/* solve's and count's --csv FILE: a row per puzzle (the request, its status and
 * stats, run_id), written whole; FILE.meta, with its topology, describes the run.
 * 0, or -1 with a message in err. */
int pb_solve_csv(const char *path, const pb_solve_doc *d, const pb_meta *meta, char *err,
                 size_t errlen);

/* JSON strings: harness/io/json.h. */
#include "harness/io/json.h"

#endif
