/* family_notouch.c — the notouch family in the CLI: board names and mask files. */
#include "family.h"

#include <stdio.h>
#include <string.h>
#include "notouch/board.h"
#include "readfile.h"

static int check_params(const bench_params *p, char *err, size_t errlen)
{
    if (p->diff < 1 || p->diff > NOTOUCH_MAX_CELLS) {
        snprintf(err, errlen, "--diff expects 1 to %d, got %d", NOTOUCH_MAX_CELLS, p->diff);
        return -1;
    }
    if (strcmp(p->adj, "king") && strcmp(p->adj, "orth")) {
        snprintf(err, errlen, "--adj expects king or orth, got '%s'", p->adj);
        return -1;
    }
    return 0;
}

static int is_file_spec(const char *spec)
{
    return strchr(spec, '/') || strchr(spec, '.');
}

static pb_model *load_model(const char *spec, const bench_params *p, char *err, size_t errlen)
{
    notouch_board b;
    pb_error e = {0, ""};
    int rc;
    if (is_file_spec(spec)) {
        size_t len;
        char *text = pb_read_file(spec, &len, err, errlen);
        if (!text) return NULL;
        rc = notouch_board_parse(text, len, &b, &e);
        free(text);
        if (rc) {
            snprintf(err, errlen, "%s:%d: %s", spec, e.line, e.msg);
            return NULL;
        }
    } else if (notouch_board_named(spec, &b, &e)) {
        snprintf(err, errlen, "%s", e.msg);
        return NULL;
    }
    pb_model *m = notouch_model(&b, p->diff, strcmp(p->adj, "orth") ? NOTOUCH_KING : NOTOUCH_ORTH);
    if (!m) snprintf(err, errlen, "%s: out of memory building the model", spec);
    return m;
}

static int load(const char *spec, const bench_params *p, bench_set *set, char *err, size_t errlen)
{
    memset(set, 0, sizeof *set);
    pb_model *m = load_model(spec, p, err, errlen);
    if (!m) return -1;
    set->puzzle = calloc(1, sizeof *set->puzzle);
    if (!set->puzzle) {
        pb_model_free(m);
        snprintf(err, errlen, "%s: out of memory", spec);
        return -1;
    }
    set->count = 1;
    set->puzzle[0].model = m;
    return 0;
}

static void free_set(bench_set *set)
{
    for (int i = 0; i < set->count; i++) pb_model_free(set->puzzle[i].model);
    free(set->puzzle);
    memset(set, 0, sizeof *set);
}

static void print_solution(FILE *f, const bench_set *set, int i, const int *values)
{
    const pb_model *m = set->puzzle[i].model;
    int width = 1;
    for (int v = m->nvalues; v >= 10; v /= 10) width++;
    bench_print_board(f, m, values, width, "", "");
}

static void instance_name(const char *spec, char *out, size_t outlen)
{
    bench_base_name(spec, out, outlen);
}

const bench_family bench_family_notouch = {
    .name = "notouch",
    .summary = "place 1..N so that touching cells differ by at least --diff (seed 000)",
    .instance_help = "cross8, RxC (e.g. 2x5), or a mask file of '#' cells and '.' holes",
    .batch = 0,
    .default_engine = "propagate",
    .check_params = check_params,
    .load = load,
    .free_set = free_set,
    .print_solution = print_solution,
    .print_candidates = NULL,
    .instance_name = instance_name,
};
