/* families.c — the table of puzzle families known to the CLI, and board printing. */
#include "family.h"

#include <string.h>

extern const bench_family bench_family_notouch, bench_family_sudoku, bench_family_kakuro,
    bench_family_tenpair;

const bench_family *const bench_families[] = {&bench_family_notouch, &bench_family_sudoku,
                                              &bench_family_kakuro, &bench_family_tenpair, NULL};

const bench_family *bench_family_find(const char *name)
{
    for (const bench_family *const *f = bench_families; *f; f++)
        if (!strcmp((*f)->name, name)) return *f;
    return NULL;
}

void bench_family_list(char *out, size_t len)
{
    size_t at = 0;
    out[0] = '\0';
    for (const bench_family *const *f = bench_families; *f && at < len; f++)
        at += (size_t)snprintf(out + at, len - at, "%s%s", f == bench_families ? "" : ", ",
                               (*f)->name);
}

void bench_print_board(FILE *f, const pb_model *m, const int *values, int width, const char *prefix,
                       const char *suffix)
{
    fputs(prefix, f);
    int printed_rows = 0;
    for (int r = 0; r < m->rows; r++) {
        int first = 1;
        for (int c = 0; c < m->cols; c++) {
            int cell = m->at[r * m->cols + c];
            if (cell < 0) continue;
            if (first && printed_rows) fputc('\n', f);
            fprintf(f, first ? "%*d" : " %*d", width, values[cell]);
            first = 0;
        }
        printed_rows += !first;
    }
    fputs(suffix, f);
    fputc('\n', f);
}

void bench_base_name(const char *spec, char *out, size_t outlen)
{
    const char *base = strrchr(spec, '/');
    base = base ? base + 1 : spec;
    size_t n = strcspn(base, ".");
    if (n == 0) n = strlen(base);
    snprintf(out, outlen, "%.*s", (int)n, base);
    for (char *c = out; *c; c++)
        if (*c == ',' || *c == ' ' || *c == '"') *c = '_';
}
