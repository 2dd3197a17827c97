/* fuzz_resume.c — `sweep --resume`'s reading of an earlier run (bench/harness/sweep/
 * sweep_resume.c): its .meta (pb_sweep_resume_check) and its rows and samples
 * (pb_sweep_resume_rows), for a sweep of RUNS runs whose keys key() gives. The input
 * is the three files, the .meta, NAME.csv.part and NAME.samples.csv.part, cut apart at
 * form feeds (a file not given is not there). The check answers resumable, complete
 * or an error naming the .meta; the rows are kept only for runs of the sweep, and an
 * error names a line of the CSV: its header, or a row after it. Resuming again from
 * the files the first resume wrote keeps the same runs and drops none. Each error is a
 * printable message. The files lie in a scratch folder made once (removed at the exit). */
#define _DEFAULT_SOURCE /* mkdtemp */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fuzz.h"
#include "harness/io/csv.h"
#include "harness/sweep/sweep_resume.h"

enum { RUNS = 6 };

static char dir[64];

static void remove_dir(void)
{
    rmdir(dir);
}

/* Run row's key, as a sweep writes it (run 1's params hold a comma: quoted). */
static void key(void *ctx, long row, char *out, size_t len)
{
    char instance[32];
    (void)ctx;
    snprintf(instance, sizeof instance, "set-%ld", row / 2);
    FILE *f = fmemopen(out, len, "w");
    FUZZ_CHECK(f != NULL);
    pb_csv_key_write(f, "fam", instance, 81, row % 2 ? "eng-b" : "eng-a", "-", "first", 1,
                     row == 1 ? "a=1,b=2" : "-", "-");
    FUZZ_CHECK(!fclose(f));
}

/* A message: printable, starting with one of the files' paths; its line (after the
 * path and ':') in *line, 0 when it names none. */
static const char *check_message(const char *err, const pb_sweep_out *o, long *line)
{
    const char *const paths[] = {o->meta, o->csv_part, o->samples_part, o->csv, o->samples};
    const char *which = NULL;
    FUZZ_CHECK(err[0]);
    for (const char *p = err; *p; p++) FUZZ_CHECK(*p >= 0x20 && *p < 0x7f);
    for (int i = 0; i < 5 && !which; i++)
        if (!strncmp(err, paths[i], strlen(paths[i])) && err[strlen(paths[i])] == ':')
            which = paths[i];
    FUZZ_CHECK(which != NULL);
    *line = 0;
    sscanf(err + strlen(which) + 1, "%ld", line);
    return which;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!dir[0]) {
        if (!mkdtemp(strcpy(dir, "/tmp/fuzz_resume.XXXXXX"))) abort();
        atexit(remove_dir);
    }
    pb_sweep_out o;
    memset(&o, 0, sizeof o);
    snprintf(o.meta, sizeof o.meta, "%s/s.meta", dir);
    snprintf(o.csv, sizeof o.csv, "%s/s.csv", dir);
    snprintf(o.samples, sizeof o.samples, "%s/s.samples.csv", dir);
    snprintf(o.csv_part, sizeof o.csv_part, "%s/s.csv.part", dir);
    snprintf(o.samples_part, sizeof o.samples_part, "%s/s.samples.csv.part", dir);
    long meta_lines, csv_lines, samples_lines, line;
    fuzz_write_part(data, size, 0, o.meta, &meta_lines);
    fuzz_write_part(data, size, 1, o.csv_part, &csv_lines);
    fuzz_write_part(data, size, 2, o.samples_part, &samples_lines);
    const char *const want[] = {"sweep_hash=h1", "commit=c1", "workers=1", "bind=core", NULL};
    pb_sweep_prior prior;
    char err[2048] = "";
    memset(&prior, 0, sizeof prior);
    const int rc = pb_sweep_resume_check(&o, want, &prior, err, sizeof err);
    if (rc < 0) {
        FUZZ_CHECK(check_message(err, &o, &line) == o.meta && line <= meta_lines);
    } else {
        FUZZ_CHECK(rc == 0 || rc == 1);
        unsigned char done[RUNS], again[RUNS];
        long kept, dropped, kept2, dropped2;
        if (pb_sweep_resume_rows(&o, &prior, RUNS, key, NULL, NULL, done, &kept, &dropped, err,
                                 sizeof err)) {
            const char *which = check_message(err, &o, &line);
            /* A line of the CSV that is no row: its header, or one after it. Told by the
             * words right after PATH:LINE, since a row's echoed field may hold them too. */
            const char *said = err + strlen(which) + 1;
            said += strspn(said, "0123456789");
            const int header = !strncmp(said, ": expected the header", 21);
            if (which == o.csv_part && line)
                FUZZ_CHECK(line >= 1 + !header && line <= (header ? 1 : csv_lines));
            if (which == o.samples_part && line) FUZZ_CHECK(line >= 1 && line <= samples_lines);
        } else {
            long n = 0;
            for (int i = 0; i < RUNS; i++) n += done[i];
            FUZZ_CHECK(n == kept && kept <= RUNS && dropped >= 0);
            /* What the resume wrote back, resumed again: the same runs, none dropped. */
            FUZZ_CHECK(!pb_sweep_resume_rows(&o, &prior, RUNS, key, NULL, NULL, again, &kept2,
                                             &dropped2, err, sizeof err));
            FUZZ_CHECK(kept2 == kept && dropped2 == 0 && !memcmp(done, again, sizeof done));
        }
    }
    free(prior.run_ids); /* the .meta's run_id= line, as the sweep frees it */
    unlink(o.meta), unlink(o.csv_part), unlink(o.samples_part);
    unlink(o.csv), unlink(o.samples);
    return 0;
}
