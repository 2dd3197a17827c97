/* sweep_plan.h — a sweep's plan (internal to sweep*.c): its instances loaded and its
 * matrix expanded into runs, each run carrying what it runs with (engine, order,
 * mode, threads, parameters, seed, limits), so that measuring and writing need no
 * spec. sweep_jobs.c makes it. */
#ifndef PB_SWEEP_PLAN_H
#define PB_SWEEP_PLAN_H

#include <stddef.h>
#include <stdint.h>

#include "harness/measure/batch.h"
#include "sweep_spec.h"

typedef struct job {
    int instance, puzzle; /* puzzle: -1 for the whole set, else one puzzle (rows per-puzzle) */
    int threads;
    const pb_engine *engine;
    const pb_order *order;
    pb_mode mode;
    int unique; /* count mode stopped at the second solution */
    /* The set of the params key it runs with (NULL, 0: its defaults). */
    const pb_param_value *params;
    int nparams;
    int seeded; /* it runs with the engine seed `seed` (an engine marked 'random') */
    uint64_t seed;
    uint64_t max_steps; /* its engine's step limit (0: none) */
    int max_length;     /* its length bound (an engine marked 'length'; 0: none) */
    long after;         /* the run of the bound before it, same otherwise (-1: none) */
} job;

/* Why an engine's combinations were refused: the refusal that got furthest. */
typedef struct pb_sweep_refusal {
    pb_refusal code; /* PB_RUNS: none was */
    char why[200];
} pb_sweep_refusal;

typedef struct sweep_plan {
    const pb_family *fam;
    const char *name; /* the sweep's: its files and its progress line */
    int ninstances;   /* the sweep's instances once per family set (and per copy) */
    int per_set;      /* of them, each family set's: instance i has family set i / per_set */
    /* Each instance's copy number (the copies key: within a family set the originals
     * first, then copy 1 of each, copy 2, ...); 0: the puzzles as given. */
    int *copy;
    pb_set *sets;      /* one per instance */
    char (*names)[96]; /* the instances' names, as rows name them */
    /* With family-sets, set k's columns (pb_sweep_family_setting) and its text as
     * written (the spec's); without, one set of no columns, and set_text NULL. */
    char (*settings)[PB_ROW_EXTRA];
    const char *const *set_text;
    double time_limit;  /* of every run */
    uint64_t max_bytes; /* of every run (0: none) */
    /* A run whose `after` stopped at a limit, took longer than this or was skipped
     * itself is skipped (0: none is). */
    double stop_after_s;
    int levels; /* count runs write the family's rows per length (sweep_levels.c) */
    /* The columns a row has after the timing's (pb_row.extra): with engines marked
     * 'length', ",bytes,max_length,length" and the family's figures; with family-sets,
     * the family's settings; else "". */
    char extra_header[PB_ROW_EXTRA];
    job *jobs;
    long njobs;        /* one row each */
    char refused[300]; /* why the last combination refused was, for a sweep of none */
    /* Per engine of the matrix (its position in the engines key): why its
     * combinations were refused, for an engine left with no run. */
    pb_sweep_refusal *engine_refused;
} sweep_plan;

/* Loads every instance of spec, once per family set (a puzzle that cannot be read
 * stops the sweep; source names the sweep file in messages): 0 or the exit status
 * (said). */
int pb_sweep_load_instances(sweep_plan *p, const pb_sweep_spec *spec, const char *source);
/* Expands spec's matrix into p->jobs: the combinations the engines run, as pb_batch_check
 * decides with binder. 0, or -1 out of memory. */
int pb_sweep_add_jobs(sweep_plan *p, const pb_sweep_spec *spec, pb_binder *binder);
void pb_sweep_plan_free(sweep_plan *p);
/* Warns, one line each, of every engine of spec that runs none of the plan's
 * combinations, and why (say, an outside solver that is not installed): a sweep of
 * others' runs goes on, but a name in the engines key must not vanish unsaid. */
void pb_sweep_warn_idle_engines(const sweep_plan *p, const pb_sweep_spec *spec, const char *source);

/* "first", "count" or "unique". */
const char *pb_sweep_mode_name(const job *j);
/* The set a job runs: the instance's, or a view of one of its puzzles. */
pb_set pb_sweep_job_set(const sweep_plan *p, const job *j);
/* The batch of a job on set, with its limits, its threads bound by binder. */
pb_batch pb_sweep_job_batch(const sweep_plan *p, const job *j, const pb_set *set,
                            pb_binder *binder);
/* A job's parameter setting and engine seed as its row shows them ("-": none). */
void pb_sweep_job_setting(const job *j, char *params, size_t plen, char *seed, size_t slen);
/* Run i's extra columns (sweep_plan.extra_header) from its first run's result. */
void pb_sweep_job_extra(const sweep_plan *p, long i, const pb_batch_result *res, char *out,
                        size_t len);
/* A row's instance: the instance's name, or NAME#INDEX (or the puzzle's own name),
 * then .copyC for copy C. */
void pb_sweep_row_instance(const sweep_plan *p, const job *j, char *out, size_t len);
/* A run's key as its CSV row starts (pb_sweep_key_fn; ctx is the sweep_plan). */
void pb_sweep_job_key(void *ctx, long i, char *out, size_t len);
/* A hash of every run's key, in order: two builds that expand a sweep alike agree on it. */
uint64_t pb_sweep_jobs_hash(const sweep_plan *p);
/* Prints the runs (--list). */
void pb_sweep_list_jobs(const sweep_plan *p);

#endif
