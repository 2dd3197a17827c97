/* csv.c — writing result rows as CSV, atomically. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "csv.h"

const char pb_csv_header[] = "family,instance,cells,engine,order,mode,threads,rep,status,solutions,"
                             "steps,placements,backtracks,candidates,guesses,wall_s,puzzles";

int pb_write_file_atomic(const char *path, int (*fill)(FILE *f, void *ctx), void *ctx, char *err,
                         size_t errlen)
{
    char tmp[4200];
    snprintf(tmp, sizeof tmp, "%s.tmp.%ld", path, (long)getpid());
    FILE *f = fopen(tmp, "w");
    if (!f) {
        snprintf(err, errlen, "%s: cannot write: %s", tmp, strerror(errno));
        return -1;
    }
    int rc = fill(f, ctx);
    if (fflush(f) || ferror(f)) rc = -1;
    if (fclose(f)) rc = -1;
    if (rc || rename(tmp, path)) {
        snprintf(err, errlen, "%s: cannot write: %s", path, strerror(errno));
        remove(tmp);
        return -1;
    }
    return 0;
}

typedef struct csv_ctx {
    const pb_row *rows;
    const unsigned char *done;
    long n;
} csv_ctx;

static int fill_csv(FILE *f, void *p)
{
    const csv_ctx *c = p;
    fprintf(f, "%s\n", pb_csv_header);
    for (long i = 0; i < c->n; i++) {
        if (!c->done[i]) continue;
        const pb_row *r = &c->rows[i];
        const pb_stats *s = &r->stats;
        fprintf(f, "%s,%s,%d,%s,%s,%s,%d,%d,%s,%llu,%llu,%llu,%llu,%llu,%llu,%.9f,%d\n", r->family,
                r->instance, r->cells, r->engine, r->order, r->mode, r->threads, r->rep,
                pb_status_name(r->status), (unsigned long long)s->solutions,
                (unsigned long long)s->steps, (unsigned long long)s->placements,
                (unsigned long long)s->backtracks, (unsigned long long)s->candidates,
                (unsigned long long)s->guesses, s->wall_s, r->puzzles);
    }
    return 0;
}

int pb_csv_write(const char *path, const pb_row *rows, const unsigned char *done, long n, char *err,
                 size_t errlen)
{
    csv_ctx c = {rows, done, n};
    return pb_write_file_atomic(path, fill_csv, &c, err, errlen);
}
