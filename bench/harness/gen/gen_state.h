/* gen_state.h — the generator runner's state, shared by its files: gen.c (the run:
 * making, writing in order, samples, MPI), gen_out.c (the outputs: folder, streams,
 * resume, records, .meta) and gen_report.c (how the run ended: messages, exit
 * status, summary, JSON). Not for families: they see gen.h. */
#ifndef PB_GEN_STATE_H
#define PB_GEN_STATE_H

#include "gen.h"
#include "gen_stream.h"
#include "harness/io/outlock.h"
#include "harness/io/progress.h"
#include "harness/meta/meta.h"
#include "harness/base/sizes.h"

typedef struct pb_gen_state {
    const pb_gen_hook *h;
    const pb_gen_plan *p;
    const pb_gen_opts *o;
    long n;                          /* tasks */
    pb_gen_item *item;               /* by task: how it ended, its texts */
    unsigned char *made;             /* task t is finished: item[t] holds it */
    long from;                       /* the first task to make: those before it are kept */
    long next;                       /* the next task to write */
    long stop_at;                    /* no task from here on is made (n: none) */
    int emit;                        /* write tasks as they are made (the first run alone) */
    int write_failed;                /* a write failed: the message is in error */
    int nomem;                       /* out of memory while making */
    char error[PB_MSG_MAX];          /* the first write's failure */
    int recorded;                    /* records are written (--out or --stats) */
    char dir_text[PB_PATH_MAX];      /* --out DIR's puzzle file, or "" (standard output) */
    char records_path[PB_PATH_MAX];  /* DIR/generate.csv or --stats FILE, or "" */
    pb_stream text, records;         /* the puzzles, and their records when recorded */
    char lock_path[PB_PATH_EXT_MAX]; /* DIR/generate.lock or FILE.lock while held, else "" */
    pb_out_lock lock;                /* keeps a second run off the same outputs */
    pb_meta meta;                    /* the run's metadata, when recorded */
    char *run_ids;                   /* --resume: the kept records' run ids, malloc'd, or NULL */
    pb_timing timing;                /* with --samples N > 1 */
    pb_progress progress;            /* on a terminal, unless --quiet */
    double elapsed_s;                /* the making's wall time */
    int ranks;                       /* MPI ranks making (1: none) */
    const char *as;                  /* the word refusals begin with (pb_gen_caller) */
    const char *const *meta_lines;   /* the caller's lines for the .meta, or NULL */
    const char *stops;               /* the caller's words where the run stops it, or "" */
    int went_on;                     /* ended at recorded limits, gone past (pb_gen_caller) */
} pb_gen_state;

/* gen_out.c: opens the outputs; with --resume, keeps the finished tasks and sets
 * s->from. 0, or the exit status after printing why. */
int pb_gen_open(pb_gen_state *s);
/* gen_out.c: what pb_gen_open would refuse before it takes the lock, without opening
 * anything for writing (a checked run, pb_gen_caller): a new run's outputs that exist,
 * or with --resume kept records of another build or other options. 0, or the exit
 * status after printing why. */
int pb_gen_check_outputs(pb_gen_state *s);
/* gen_out.c: writes task s->next (finished, not stopping the run). 0, or -1 with the
 * message in s->error. */
int pb_gen_write(pb_gen_state *s, long t);
/* gen_out.c: closes the outputs and writes the .meta. 0, or -1 after printing why. */
int pb_gen_close(pb_gen_state *s);

/* gen_report.c: 1 when task t's end stops the run (a failure, or a limit without
 * --keep-going). */
int pb_gen_stops(const pb_gen_state *s, long t);
/* gen_report.c: says how the run ended (summary, JSON, last line); the exit status. */
int pb_gen_report(pb_gen_state *s, int made_rc);

void pb_gen_item_free(pb_gen_item *it);

#endif
