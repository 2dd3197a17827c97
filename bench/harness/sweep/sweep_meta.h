/* sweep_meta.h — a sweep's .meta: the run's metadata (meta.h), then the sweep's
 * settings ("key=value" lines, the ones a resume must find unchanged), the rows written
 * and the sweep's status: running (written before the first run), interrupted, failed
 * (a write error) or complete; and what an earlier run's .meta says of this one's time. */
#ifndef PB_SWEEP_META_H
#define PB_SWEEP_META_H

#include <stddef.h>

#include "harness/meta/meta.h"
#include "sweep.h"
#include "sweep_spec.h"

/* PB_SWEEP_SETTINGS: the most lines a sweep's settings have. PB_SWEEP_SETTING: the
 * longest generate= line a generation sweep takes (it refuses a longer one, before any
 * method runs: sweep_generate.c); the other lines have no bound. */
enum { PB_SWEEP_SETTINGS = 44, PB_SWEEP_SETTING = 600 };

/* The settings lines, each whole, however long (instances= of hundreds of files):
 * malloc'd, freed by pb_sweep_settings_free. failed: a line could not be made (out of
 * memory, or one line too many), so the settings are not to be written or compared. A
 * zeroed one is empty. */
typedef struct pb_sweep_settings {
    int n, failed;
    char *line[PB_SWEEP_SETTINGS];
} pb_sweep_settings;

/* A new line, as printf makes it (pb_sweep_setting), and more text at the end of the
 * last line (pb_sweep_setting_more). */
void pb_sweep_setting(pb_sweep_settings *s, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
void pb_sweep_setting_more(pb_sweep_settings *s, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* Frees the lines; s is then empty. */
void pb_sweep_settings_free(pb_sweep_settings *s);

/* What the settings record besides the spec. */
typedef struct pb_sweep_origin {
    const char *source;      /* the sweep file, or "(options)" */
    const char *source_hash; /* its content hash (pb_sweep_hash_text), or "none" */
    const char (*names)[96]; /* the instances' names, as rows name them */
    int workers;
    long runs; /* the runs of the whole matrix */
} pb_sweep_origin;

/* The settings lines of spec: the sweep file and its hash, the instances' names and a
 * hash of their contents (files by their bytes, wherever they are: a resume from
 * another folder finds the same), the family, its parameters, the timing, limits, lists,
 * workers, and the number of runs. s is freed first (zeroed, or made before). */
void pb_sweep_settings_make(pb_sweep_settings *s, const pb_sweep_spec *spec,
                            const pb_sweep_origin *origin);

/* Writes the .meta (and the topology beside it) atomically: m, the settings, the
 * run_lines (NULL-ended, or NULL: what the run found, not checked by a resume: the
 * ranks of an MPI sweep, the readings of the machine's speed), then "rows=ROWS of RUNS" ("
 * (interrupted)" when status is "interrupted") and "status=STATUS"; with in_place, where
 * the .meta lies (pb_meta_save_in_place: a disk that filled). 0, or -1 with err. */
int pb_sweep_meta_save(const char *path, const pb_meta *m, const pb_sweep_settings *s,
                       char *const *run_lines, long rows, long runs, const char *status,
                       int in_place, char *err, size_t errlen);

/* What an earlier run of sweep `name` in the output folder took, as an estimate of this
 * one's time of `runs` runs (sweep_estimate.c): printed for --list, with the runs and
 * samples of spec; or short, into out ("" when none), for the progress line, read
 * before --force removes the earlier run's files. */
void pb_sweep_list_estimate(const pb_sweep_spec *spec, long runs, const pb_sweep_settings *st,
                            const pb_sweep_opts *o);
void pb_sweep_note_earlier(const char *name, long runs, const pb_sweep_settings *st,
                           const pb_sweep_opts *o, char *out, size_t len);
/* --list's last line alone, "time: ...", the earlier run scaled to `runs` rows: for a sweep
 * whose listing counts its work itself (a tool sweep). */
void pb_sweep_list_time(const char *name, long runs, const pb_sweep_settings *st,
                        const pb_sweep_opts *o);

/* A generation sweep's method, as --list estimates its time. */
typedef struct pb_sweep_method_run {
    char name[256];             /* "NAME-METHOD", as --list names it */
    char meta[272];             /* its .meta in the output folder, less ".meta": "NAME-METHOD", or
                                   "NAME-METHOD/generate" for a folder */
    long puzzles;               /* the puzzles its options ask for */
    pb_sweep_settings settings; /* what its .meta records of the sweep */
} pb_sweep_method_run;

/* --list of a generation sweep's n methods (sweep_generate.c): "N methods, P puzzles",
 * then what the earlier run of each in the output folder took, scaled to its puzzles,
 * and their sum when every one is known; one line as a solving sweep's where none has
 * run there. */
void pb_sweep_list_methods_estimate(const pb_sweep_method_run *m, int n, const pb_sweep_opts *o);

#endif
