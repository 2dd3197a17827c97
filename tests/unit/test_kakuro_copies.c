/* test_kakuro_copies.c — the kakuro family's isomorphic copies (the sweep key copies):
 * copies 1-3 of a puzzle are it transposed, complemented (d read as 10 - d) and both,
 * in an order drawn from (seed, puzzle); each has the model of that grid, exactly as
 * many solutions, and a copy's solution mapped back solves the original. Hand-made
 * puzzles with many solutions, none and one, and our generator's 9x9 hard ones. */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "core/rng.h"
#include "engines.h"
#include "family.h"
#include "kakuro/kakuro.h"

static pb_result run(const char *engine, const pb_model *m, pb_mode mode, int *first)
{
    pb_run how = {.mode = mode};
    pb_result r = {.first = first};
    pb_engine_run(engine_named(engine), m, &how, &r);
    return r;
}

/* The grids of file, read as the family reads them: their count. */
static int read_grids(const char *file, kakuro_grid *grids, int max)
{
    FILE *f = fopen(file, "rb");
    CHECK(f != NULL);
    if (!f) return 0;
    static char text[1 << 20];
    const size_t len = fread(text, 1, sizeof text, f);
    fclose(f);
    kakuro_reader rd;
    kakuro_reader_init(&rd, text, len);
    int n = 0, line;
    pb_error e;
    while (n < max && kakuro_read(&rd, &grids[n], &line, &e) > 0) n++;
    return n;
}

static uint64_t check_file(const pb_family *fam, const char *src, const char *name, int count)
{
    char path[4096], err[600];
    snprintf(path, sizeof path, "%s/%s", src, name);
    static kakuro_grid grids[32];
    const int n = read_grids(path, grids, 32);
    CHECK_EQ_U64(n, count);
    pb_set set, copy[4];
    pb_instance inst = {path, 1, NULL};
    CHECK(fam->load(&inst, NULL, &set, err, sizeof err) == 0);
    CHECK_EQ_U64(set.count, count);
    uint64_t solutions = 0;
    for (int c = 1; c <= 3; c++)
        CHECK(fam->copy_set(&set, path, c, 1, &copy[c], err, sizeof err) == 0);
    for (int i = 0; i < n; i++) {
        int used = 0;
        const pb_result n0 = run("combo", set.puzzle[i].model, PB_MODE_COUNT, NULL);
        solutions += n0.stats.solutions;
        for (int c = 1; c <= 3; c++) {
            pb_rng r;
            pb_rng_seed_stream(&r, 1, (uint64_t)i);
            const int sym = 1 + (int)((pb_rng_below(&r, 3) + (uint64_t)c - 1) % 3);
            kakuro_grid want = {0}, back = {0}, sol = {0}, mapped = {0};
            const int applied = kakuro_iso_apply(&grids[i], sym, &want);
            CHECK(applied == sym); /* every clue here is one digits can meet */
            used |= 1 << sym;
            pb_error e;
            pb_model *m = kakuro_model_new(&want, &e);
            const pb_model *got = copy[c].puzzle[i].model;
            CHECK(m && got && m->ncells == got->ncells && m->ngroups == got->ngroups);
            if (m && got && m->ncells == got->ncells)
                CHECK(!memcmp(m->domain, got->domain, (size_t)m->ncells * sizeof *m->domain));
            pb_model_free(m);
            CHECK(kakuro_iso_apply(&want, applied, &back) == applied);
            CHECK(back.rows == grids[i].rows && back.cols == grids[i].cols);
            const size_t cells = (size_t)back.rows * (size_t)back.cols;
            CHECK(!memcmp(back.white, grids[i].white, cells) &&
                  !memcmp(back.digit, grids[i].digit, cells) &&
                  !memcmp(back.down, grids[i].down, cells) &&
                  !memcmp(back.right, grids[i].right, cells));
            const pb_result n1 = run("combo", got, PB_MODE_COUNT, NULL);
            const pb_result n2 = run("propagate", got, PB_MODE_COUNT, NULL);
            CHECK_EQ_U64(n1.stats.solutions, n0.stats.solutions);
            CHECK_EQ_U64(n2.stats.solutions, n0.stats.solutions);
            if (n0.stats.solutions) {
                int *values = calloc((size_t)got->ncells, sizeof *values);
                run("learn", got, PB_MODE_FIRST, values);
                CHECK(kakuro_grid_fill(&want, values, &sol) == 0);
                CHECK(kakuro_is_solution_of(&want, &sol));
                CHECK(kakuro_iso_apply(&sol, applied, &mapped) == applied);
                CHECK(kakuro_is_solution_of(&grids[i], &mapped));
                free(values);
            }
            kakuro_grid_free(&want), kakuro_grid_free(&back);
            kakuro_grid_free(&sol), kakuro_grid_free(&mapped);
        }
        CHECK_EQ_U64(used, 0xE); /* the three symmetries, once each */
        kakuro_grid_free(&grids[i]);
    }
    for (int c = 1; c <= 3; c++) fam->free_set(&copy[c]);
    fam->free_set(&set);
    return solutions;
}

int main(int argc, char **argv)
{
    const char *src = argc > 1 ? argv[1] : ".";
    const pb_family *fam = pb_family_find("kakuro");
    CHECK(fam && fam->copy_set);
    CHECK_EQ_U64(check_file(fam, src, "tests/data/kakuro/many.kak", 9), 117);
    CHECK_EQ_U64(check_file(fam, src, "tests/data/kakuro/none.kak", 7), 0);
    CHECK_EQ_U64(check_file(fam, src, "tests/data/kakuro/unique.kak", 12), 12);
    CHECK_EQ_U64(check_file(fam, src, "data/kakuro/puzzles-9x9-hard.kak", 20), 20);
    return check_report("kakuro_copies");
}
