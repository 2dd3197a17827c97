/* sweep_write.h — writing a sweep's results (internal to sweep*.c): the writer's state
 * (the files, the .meta and its settings, which rows are in the files) and its steps:
 * the files checked, locked and opened (--resume takes up an earlier run's), the rows
 * appended block by block, the files finished with the .meta (sweep_write.c). */
#ifndef PB_SWEEP_WRITE_H
#define PB_SWEEP_WRITE_H

#include "harness/meta/meta.h"
#include "sweep.h"
#include "sweep_meta.h"
#include "sweep_out.h"
#include "sweep_plan.h"
#include "sweep_resume.h"

struct pb_sweep_writer {
    const pb_sweep_opts *opts;
    const char *name; /* the sweep's */
    long runs;        /* the plan's, one row each */
    pb_sweep_out out; /* the files */
    pb_meta meta;     /* begun before the runs, ended after them */
    pb_sweep_settings settings;
    unsigned char *done;  /* the run's row is in the files (written, or kept by --resume) */
    pb_sweep_prior prior; /* --resume: the earlier run's .meta */
    long written;         /* rows in the files */
    int write_failed;     /* the files could not be written: stop */
    int serving;          /* a worker of --against that said it is ready */
    char **world;         /* an MPI sweep: the .meta's lines on its ranks, NULL-ended; else NULL */
    double start_s;       /* monotonic, when the sweep began: the .meta's elapsed_s */
    /* A worker of --against: its own command line (the .meta's command= is the
     * parent's, the one a user reruns); "" otherwise. */
    char worker_command[sizeof(((pb_meta *)0)->command)];
    /* The .meta's outside_solvers= line (pb_sweep_outside_line); "" when none runs.
     * Room for 8 solvers, each a name and a version line of up to 200 bytes. */
    char outside[8 * 256];
};

/* "outside_solvers=NAME: VERSION, ..." for the outside SAT solvers among p's runs, in
 * the order they first run, each's version as it prints it (sweep_outside.c); "" when
 * none runs. */
void pb_sweep_outside_line(const sweep_plan *p, char *out, size_t len);

/* The paths and the lock (another sweep of this name running here is refused);
 * refuses to overwrite an earlier sweep's files unless --force (which removes them)
 * or --resume. 0, or the exit status. *there: 1 when they exist. */
int pb_sweep_files_check(pb_sweep_writer *w, int *there);
/* The .meta begun (workers runs at a time), this sweep's command and run_id, its start. */
void pb_sweep_files_begin(pb_sweep_writer *w, int workers);
/* Takes up an earlier run's files (there: --resume, its rows by the keys of p); writes
 * the .meta first (status=running), then opens the .part files. 0, -1 when the sweep is
 * complete already (--resume), or the exit status. */
int pb_sweep_files_open(pb_sweep_writer *w, const sweep_plan *p, int there);
/* --resume as a worker of --against: run i's kept row left out of the files, to be
 * measured again (the other build has none to pair it with). 0, or -1 (said; the
 * files are then failed). */
int pb_sweep_files_drop(pb_sweep_writer *w, const sweep_plan *p, long i);
/* Writes the finished rows of e's runs first .. end - 1 (those e takes); a failed write
 * sets write_failed. */
void pb_sweep_write_rows(pb_sweep_writer *w, const pb_sweep_exec *e, long first, long end);
/* The end: after a failed write the .part files stay as they are (and the .meta says
 * failed, if it can); else they are renamed into place and the .meta completed with
 * e's guard. The exit status. */
int pb_sweep_files_finish(pb_sweep_writer *w, const pb_sweep_exec *e);

#endif
