/* micro_set.c — loading a family's benchmark set and walking its engines. */
#include "micro_set.h"

#include <stdio.h>

int micro_load_set(const char *family, const char *path, const char *what, bench_set *set)
{
    char err[512];
    if (bench_family_find(family)->load(path, NULL, set, err, sizeof err) || set->bad) {
        if (set->bad)
            fprintf(stderr, "puzzlebench-micro: %s has unreadable puzzles\n", what);
        else
            fprintf(stderr, "puzzlebench-micro: %s\n", err);
        return -1;
    }
    return 0;
}

int micro_case_room(void)
{
    int n = 0;
    for (const pb_engine *const *e = pb_engines; *e; e++)
        for (const pb_order *const *o = pb_orders; *o; o++) n++;
    return n;
}

int micro_each_engine(const bench_set *set, int (*skip)(const pb_engine *e, const pb_order *o),
                      int (*add)(void *ctx, const pb_engine *e, const pb_order *o), void *ctx)
{
    const pb_model *m0 = set->puzzle[0].model;
    for (const pb_engine *const *e = pb_engines; *e; e++) {
        const char *why;
        if ((*e)->accepts && !(*e)->accepts(m0, &why)) continue;
        if (skip(*e, NULL)) continue;
        if (!((*e)->caps & PB_CAP_ORDER)) {
            if (add(ctx, *e, NULL)) return -1;
            continue;
        }
        for (const pb_order *const *o = pb_orders; *o; o++)
            if (!skip(*e, *o) && add(ctx, *e, *o)) return -1;
    }
    return 0;
}
