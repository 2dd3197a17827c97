/* sweep_out.h — the files of a sweep while it runs: rows and their samples appended
 * to NAME.csv.part and NAME.samples.csv.part block by block, each block synced
 * (samples first, so a row on disk always has its samples), and renamed to NAME.csv
 * and NAME.samples.csv when the sweep ends. A write that fails is undone (the files
 * cut back to where the block began), so no half line is ever left for a resume. */
#ifndef PB_SWEEP_OUT_H
#define PB_SWEEP_OUT_H

#include <stddef.h>

#include "harness/io/csv.h"
#include "harness/io/outlock.h"

enum { PB_SWEEP_PATH = 4200 };

typedef struct pb_sweep_out {
    char csv[PB_SWEEP_PATH], samples[PB_SWEEP_PATH]; /* DIR/NAME.csv, DIR/NAME.samples.csv */
    char csv_part[PB_SWEEP_PATH], samples_part[PB_SWEEP_PATH]; /* the same + ".part" */
    char meta[PB_SWEEP_PATH], topology[PB_SWEEP_PATH];         /* DIR/NAME.meta, .topology.xml */
    char lock[PB_SWEEP_PATH];                                  /* DIR/NAME.lock */
    int csv_fd, samples_fd;                                    /* -1 when closed */
    pb_out_lock held;                /* DIR/NAME.lock's (held.fd -1 when not held) */
    char extra_header[PB_ROW_EXTRA]; /* the header's columns after the timing's */
} pb_sweep_out;

/* The paths of sweep NAME in DIR (created if missing). 0, or -1 with err. */
int pb_sweep_out_paths(pb_sweep_out *o, const char *dir, const char *name, char *err,
                       size_t errlen);

/* Takes DIR/NAME.lock (an flock, so a killed sweep's lock goes with it), before any
 * file of the sweep is looked at: two sweeps of one name in one folder would write
 * over each other's rows. 0, or -1 with err (another sweep holds it: its pid). A lock
 * file that a killed sweep left (no process holds its lock) is taken over, its pid
 * in held.stale_pid. */
int pb_sweep_out_lock(pb_sweep_out *o, char *err, size_t errlen);

/* Says on stderr, in one line naming its pid, that the lock taken was one a killed
 * sweep left (held.stale_pid set), so that a sweep killed in this folder does not pass
 * unseen; else nothing. Every kind of sweep says it alike. */
void pb_sweep_out_say_taken_over(const pb_sweep_out *o);

/* Removes the lock file and lets the lock go (nothing when not held). */
void pb_sweep_out_unlock(pb_sweep_out *o);

/* The first of the sweep's files that exists (meta, CSVs, parts), or NULL. */
const char *pb_sweep_out_existing(const pb_sweep_out *o);

/* Removes every file of the sweep (--force). 0, or -1 with err. */
int pb_sweep_out_remove(const pb_sweep_out *o, char *err, size_t errlen);

/* Creates the .part files anew with their headers (fresh), or opens the ones a resume
 * wrote for appending. 0, or -1 with err. */
int pb_sweep_out_open(pb_sweep_out *o, int fresh, char *err, size_t errlen);

/* Appends rows[i] for every i with take[i] (and their samples), synced. On failure
 * the files are cut back to what they held before; -1 with err. */
int pb_sweep_out_append(pb_sweep_out *o, const char *run_id, const pb_row *rows,
                        const unsigned char *take, long n, char *err, size_t errlen);

/* Closes the .part files and renames them into place (samples first). 0, or -1. */
int pb_sweep_out_finish(pb_sweep_out *o, char *err, size_t errlen);

/* Closes the files, leaving them as they are. */
void pb_sweep_out_close(pb_sweep_out *o);

#endif
