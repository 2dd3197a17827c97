/* fuzz_compare.c — what `compare` reads of a results file (bench/cli/compare_load.c,
 * cmp_file_load; compare_meta.c, cmp_meta_read): the CSV, its samples in
 * NAME.samples.csv and its NAME.meta, cut apart at form feeds (a file not given is
 * not there). A file read has every row placed: as many samples as its samples
 * column says (at least one), each a time of 0 or more; its .meta, read, agrees with
 * itself. An error is a printable message naming one of the files, and a line of it
 * where it names one. The files lie in a scratch folder made once (removed at the
 * exit). */
#define _DEFAULT_SOURCE /* mkdtemp */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/compare.h"
#include "fuzz.h"

static char dir[64];

static void remove_dir(void)
{
    rmdir(dir);
}

/* An error: printable, "PATH: ..." or "PATH:LINE: ..." for one of the files, on a
 * line of it. */
static void check_error(const char *err, char *const path[3], const long lines[3])
{
    for (const char *p = err; *p; p++) FUZZ_CHECK(*p >= 0x20 && *p < 0x7f);
    int k = 0;
    while (k < 3 && !(!strncmp(err, path[k], strlen(path[k])) && err[strlen(path[k])] == ':')) k++;
    FUZZ_CHECK(k < 3);
    long line = 0;
    if (sscanf(err + strlen(path[k]) + 1, "%ld:", &line) == 1)
        FUZZ_CHECK(line >= 1 && line <= lines[k]);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!dir[0]) {
        if (!mkdtemp(strcpy(dir, "/tmp/fuzz_compare.XXXXXX"))) abort();
        atexit(remove_dir);
    }
    char csv[128], samples[128], meta[128], err[2048] = "", diff[4096];
    char *const path[3] = {csv, samples, meta};
    long lines[3];
    snprintf(csv, sizeof csv, "%s/r.csv", dir);
    snprintf(samples, sizeof samples, "%s/r.samples.csv", dir);
    snprintf(meta, sizeof meta, "%s/r.meta", dir);
    for (int k = 0; k < 3; k++) fuzz_write_part(data, size, k, path[k], &lines[k]);
    cmp_file f;
    if (cmp_file_load(&f, csv, "wall_s", err, sizeof err)) {
        check_error(err, path, lines);
    } else {
        FUZZ_CHECK(!strcmp(f.samples_path, samples) && !strcmp(f.meta_path, meta));
        for (long r = 0; r < f.table.nrows; r++) {
            const cmp_row *row = &f.rows[r];
            FUZZ_CHECK(row->n >= 1 && (row->want < 0 || row->want == row->n));
            for (int k = 0; k < row->n; k++) FUZZ_CHECK(isfinite(row->t[k]) && row->t[k] >= 0);
        }
        cmp_meta m;
        if (cmp_meta_read(&m, &f, err, sizeof err))
            check_error(err, path, lines);
        else
            FUZZ_CHECK(cmp_meta_differences(&m, &m, diff, sizeof diff) == 0 && !diff[0]);
        cmp_file_free(&f);
    }
    for (int k = 0; k < 3; k++) unlink(path[k]);
    return 0;
}
