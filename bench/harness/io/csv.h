/* csv.h — result rows and the CSV files they go to: long format, one row per run
 * with its timing summary, and beside it NAME.samples.csv with every timed sample;
 * header first, units in column names, written whole (temporary name, then rename). */
#ifndef PB_CSV_H
#define PB_CSV_H

#include <stdio.h>

#include "core/engine.h"
#include "harness/measure/measure.h"

/* Room for a row's params (pb_params_text). */
#define PB_ROW_PARAMS 200
/* Room for a row's columns after the timing's, their commas included. */
#define PB_ROW_EXTRA 256

typedef struct pb_row {
    const char *family;
    char instance[96];
    int cells;
    int puzzles; /* puzzles of the instance that finished (a file may hold many) */
    const char *engine, *order, *mode;
    int threads;
    char params[PB_ROW_PARAMS]; /* the engine's parameter setting, "-" for none */
    char engine_seed[24];       /* its engine seed, "-" for an engine without random choices */
    long row;                   /* the run's index in its sweep: stable for a sweep file */
    pb_status status;
    pb_stats stats; /* of one run; wall_s is the median time per run */
    pb_timing timing;
    char extra[PB_ROW_EXTRA]; /* the sweep's columns after the timing's, each after a comma */
} pb_row;

extern const char pb_csv_header[];

/* A row's timing columns are noisy above this coefficient of variation. */
#define PB_NOISY_CV 0.05

/* Writes the rows with done != 0 to path (NAME.csv) and their samples to
 * NAME.samples.csv, each row tagged with run_id. 0, or -1 with a message in err. */
int pb_csv_write(const char *path, const char *run_id, const pb_row *rows,
                 const unsigned char *done, long n, char *err, size_t errlen);

/* The lines of the rows with done != 0 (done NULL: every row), without the header:
 * in NAME.csv, and their samples in NAME.samples.csv. 0, or -1 on a write error. */
int pb_csv_rows_write(FILE *f, const char *run_id, const pb_row *rows, const unsigned char *done,
                      long n);
int pb_csv_samples_write(FILE *f, const char *run_id, const pb_row *rows, const unsigned char *done,
                         long n);
/* One sample's line: run_id,row,sample,runs,wall_s,round,process,cpu_s (round empty
 * when the sample was taken in none; process empty when this process took it; cpu_s
 * empty when not known). */
void pb_csv_sample_write(FILE *f, const char *run_id, long row, int k, const pb_timing *t);

/* The timing columns of the header (",run_id,...,noisy,ref_s,cpu_s,peak_rss_bytes,
 * stop,time_limit_s"), and one row's values for them, for every CSV that carries a
 * timing (ref_s, the reference loop's reading of the machine's speed, is empty where
 * none was read: outside sweeps; cpu_s and peak_rss_bytes where not known). */
extern const char pb_csv_timing_header[];
void pb_csv_timing_write(FILE *f, const char *run_id, long row, const pb_timing *t);

/* Writes s as one CSV field (RFC 4180): quoted, its quotes doubled, when it holds a
 * comma, a quote or a line break; as it is otherwise. Every text field of every CSV
 * the harness writes goes through here. */
void pb_csv_field(FILE *f, const char *s);

/* A row's key, as it starts: family,instance,cells,engine,order,mode,threads,params,
 * engine_seed. */
void pb_csv_key_write(FILE *f, const char *family, const char *instance, int cells,
                      const char *engine, const char *order, const char *mode, int threads,
                      const char *params, const char *engine_seed);

/* The header of every NAME.samples.csv: "run_id,row,sample,runs,wall_s,round,process,
 * cpu_s". */
extern const char pb_csv_samples_header[];

/* The samples file beside a CSV: "DIR/NAME.csv" -> "DIR/NAME.samples.csv". */
void pb_csv_samples_path(const char *csv_path, char *out, size_t len);

#endif
