/* sweep_resume.h — `sweep --resume`: checks that the .meta of the sweep's earlier run
 * describes the same sweep (sweep file, instances, commit, settings), then keeps the
 * rows already written whose samples are all there, marks their runs done, and writes
 * them back as the .part files the sweep appends to. */
#ifndef PB_SWEEP_RESUME_H
#define PB_SWEEP_RESUME_H

#include <stddef.h>

#include "sweep_out.h"

typedef struct pb_sweep_prior {
    char *run_ids;   /* the .meta's run_id= line, whole: the runs whose rows the files hold
                        (malloc'd by pb_sweep_resume_check; NULL before) */
    char status[32]; /* running, interrupted, failed or complete */
} pb_sweep_prior;

/* Reads o's .meta and checks each "key=value" of want (NULL-ended) against it.
 * 0: resumable; 1: the sweep is complete already; -1 with err naming what differs. */
int pb_sweep_resume_check(const pb_sweep_out *o, const char *const *want, pb_sweep_prior *p,
                          char *err, size_t errlen);

/* The key of run `row` of this sweep: its first columns as the CSV has them
 * ("family,instance,cells,engine,order,mode,threads"), into out. */
typedef void (*pb_sweep_key_fn)(void *ctx, long row, char *out, size_t len);

/* Reads the rows written (the .part files, else the finished ones), keeps each row
 * whose run key is this sweep's run of that index, whose run_id is one of p's, whose
 * samples are all there and, where keep is not NULL, with keep[row] set; sets
 * done[row] for them; writes them back as the .part
 * files and removes the finished names. *kept and *dropped count the rows. 0, or -1
 * with err ("FILE:LINE: ..." for a line that is no row of this sweep). */
int pb_sweep_resume_rows(const pb_sweep_out *o, const pb_sweep_prior *p, long runs,
                         pb_sweep_key_fn key, void *ctx, const unsigned char *keep,
                         unsigned char *done, long *kept, long *dropped, char *err, size_t errlen);

#endif
