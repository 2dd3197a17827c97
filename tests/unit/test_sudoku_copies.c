/* test_sudoku_copies.c — the sudoku family's isomorphic copies (the sweep key copies):
 * each copy is its puzzle under the symmetry iso.c draws for (seed, puzzle, copy), with
 * as many givens; the engines find as many solutions on it, and a copy's solution
 * mapped back is a solution of the original (the original's own, where it has one);
 * the same arguments give the same copy, and other copies differ. Puzzles of every box
 * size, unique ones and ones with many solutions, from one file the test writes. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "engines.h"
#include "family.h"
#include "sudoku/sudoku.h"

static const char *const puzzles[] = {
    "1...............", /* 4x4, many solutions */
    /* 9x9: the first of data/sudoku/9x9-easy.txt (unique), then with givens taken out */
    "............157.....4.8..674.5.28.............1...9.58..34..7.5.6.....3.8...1....",
    "............157.....4.8..6.4.5.28.............1...9..8..34..7.5.6.....3.8........",
    NULL,
};

/* Writes the puzzles, and the first 16x16 and 25x25 of data/, to a fresh file. */
static int write_file(const char *src, char *path)
{
    int fd = mkstemp(path);
    if (fd < 0) return -1;
    FILE *f = fdopen(fd, "w");
    for (const char *const *p = puzzles; *p; p++) fprintf(f, "%s\n", *p);
    const char *more[] = {"16x16.txt", "25x25.txt"};
    for (int k = 0; k < 2; k++) {
        char name[4096], line[SUDOKU_MAX_LINE];
        snprintf(name, sizeof name, "%s/data/sudoku/%s", src, more[k]);
        FILE *in = fopen(name, "r");
        while (in && fgets(line, sizeof line, in))
            if (line[0] != '#') {
                fputs(line, f);
                break;
            }
        CHECK(in != NULL);
        if (in) fclose(in);
    }
    return fclose(f);
}

static int givens(const sudoku_grid *g)
{
    int n = 0;
    for (int c = 0; c < g->ncells; c++) n += g->cell[c] != 0;
    return n;
}

/* The run of engine on m: its first solution into first, its solutions counted to max. */
static pb_result run(const char *engine, const pb_model *m, pb_mode mode, uint64_t max, int *first)
{
    pb_run how = {.mode = mode};
    how.limits.max_solutions = max;
    pb_result r = {.first = first};
    pb_engine_run(engine_named(engine), m, &how, &r);
    return r;
}

static void check_copy(const pb_set *set, const pb_set *copy, int i, int c)
{
    sudoku_grid g, got, want, back;
    sudoku_iso iso;
    sudoku_grid_from(set->puzzle[i].model, NULL, &g);
    sudoku_grid_from(copy->puzzle[i].model, NULL, &got);
    sudoku_iso_draw(g.box, 1, ((uint64_t)i << 20) + (uint64_t)c, &iso);
    sudoku_iso_apply(&iso, &g, &want);
    CHECK(memcmp(got.cell, want.cell, (size_t)g.ncells) == 0);
    CHECK_EQ_U64(givens(&got), givens(&g));
    CHECK(memcmp(got.cell, g.cell, (size_t)g.ncells) != 0);
    sudoku_iso_undo(&iso, &got, &back);
    CHECK(memcmp(back.cell, g.cell, (size_t)g.ncells) == 0);
    /* Solution counts: every one on the small boards, up to 2 (uniqueness) on the big. */
    const uint64_t most = g.box <= 3 ? 0 : 2;
    const pb_result n0 = run("logic", set->puzzle[i].model, PB_MODE_COUNT, most, NULL);
    const pb_result n1 = run("logic", copy->puzzle[i].model, PB_MODE_COUNT, most, NULL);
    CHECK(n0.stats.solutions >= 1);
    CHECK_EQ_U64(n1.stats.solutions, n0.stats.solutions);
    int s0[SUDOKU_MAX_CELLS], s1[SUDOKU_MAX_CELLS];
    run("logic", set->puzzle[i].model, PB_MODE_FIRST, 0, s0);
    run("learn", copy->puzzle[i].model, PB_MODE_FIRST, 0, s1);
    sudoku_grid sol0, sol1, mapped;
    sudoku_grid_from(set->puzzle[i].model, s0, &sol0);
    sudoku_grid_from(copy->puzzle[i].model, s1, &sol1);
    CHECK(sudoku_is_solution_of(&got, &sol1));
    sudoku_iso_undo(&iso, &sol1, &mapped);
    CHECK(sudoku_is_solution_of(&g, &mapped));
    if (n0.stats.solutions == 1) CHECK(memcmp(mapped.cell, sol0.cell, (size_t)g.ncells) == 0);
}

int main(int argc, char **argv)
{
    const char *src = argc > 1 ? argv[1] : ".";
    char path[] = "/tmp/pb-copies-XXXXXX", err[600];
    CHECK(write_file(src, path) == 0);
    const pb_family *fam = pb_family_find("sudoku");
    CHECK(fam && fam->copy_set);
    pb_set set, copy[4], again;
    pb_instance inst = {path, 0, NULL};
    CHECK(fam->load(&inst, NULL, &set, err, sizeof err) == 0);
    CHECK_EQ_U64(set.count, 5);
    for (int c = 1; c <= 3; c++) {
        CHECK(fam->copy_set(&set, path, c, 1, &copy[c], err, sizeof err) == 0);
        CHECK_EQ_U64(copy[c].count, set.count);
        for (int i = 0; i < set.count; i++) {
            CHECK_EQ_U64(copy[c].puzzle[i].line, set.puzzle[i].line);
            check_copy(&set, &copy[c], i, c);
        }
    }
    /* The same (seed, puzzle, copy), the same copy; another copy, another puzzle. */
    CHECK(fam->copy_set(&set, path, 2, 1, &again, err, sizeof err) == 0);
    for (int i = 0; i < set.count; i++) {
        const pb_model *a = again.puzzle[i].model, *b = copy[2].puzzle[i].model;
        CHECK(memcmp(a->domain, b->domain, (size_t)a->ncells * sizeof *a->domain) == 0);
        const pb_model *o = copy[3].puzzle[i].model;
        CHECK(memcmp(o->domain, b->domain, (size_t)o->ncells * sizeof *o->domain) != 0);
    }
    fam->free_set(&again);
    for (int c = 1; c <= 3; c++) fam->free_set(&copy[c]);
    fam->free_set(&set);
    unlink(path);
    return check_report("sudoku_copies");
}
