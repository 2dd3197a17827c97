/* test_latin_copies.c — the latin family's isomorphic copies (the sweep key copies):
 * each copy is its square under the symmetry iso.c draws for (seed, square, copy), with
 * as many givens; the engines count exactly as many completions on it, and a copy's
 * completion mapped back completes the original; the same arguments give the same
 * copy, and every conjugate is met. Generated squares with one completion and with
 * many, and a file with a square whose givens clash (no completion). */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "engines.h"
#include "family.h"
#include "latin/latin.h"

/* A square with many completions, and one whose givens clash (1 twice in row 1). */
static const char file_text[] = "1 . . .\n. . 3 .\n. . . .\n. 4 . .\n\n"
                                "1 . 1 .\n. . . .\n. . . .\n. . . .\n";

static int givens(const latin_square *sq)
{
    int n = 0;
    for (int c = 0; c < sq->ncells; c++) n += sq->cell[c] != 0;
    return n;
}

static pb_result run(const char *engine, const pb_model *m, pb_mode mode, int *first)
{
    pb_run how = {.mode = mode};
    pb_result r = {.first = first};
    pb_engine_run(engine_named(engine), m, &how, &r);
    return r;
}

/* The completions of the squares checked so far, each counted on its original. */
static uint64_t completions;

static void check_copy(const pb_set *set, const pb_set *copy, int i, int c, int *seen)
{
    latin_square sq, got, want, back, sol, mapped;
    latin_iso iso;
    CHECK(latin_square_from(set->puzzle[i].model, NULL, &sq) == 0);
    CHECK(latin_square_from(copy->puzzle[i].model, NULL, &got) == 0);
    latin_iso_draw(sq.n, 1, ((uint64_t)i << 20) + (uint64_t)c, &iso);
    CHECK(latin_iso_apply(&iso, &sq, &want) == 0);
    CHECK(memcmp(got.cell, want.cell, (size_t)sq.ncells) == 0);
    CHECK_EQ_U64(givens(&got), givens(&sq));
    CHECK_EQ_U64(latin_check_rules(&got, NULL, 0), latin_check_rules(&sq, NULL, 0));
    CHECK(latin_iso_undo(&iso, &got, &back) == 0);
    CHECK(memcmp(back.cell, sq.cell, (size_t)sq.ncells) == 0);
    if (!latin_check_rules(&sq, NULL, 0)) seen[iso.conj[0] * 3 + iso.conj[1]] = 1;
    /* Every completion counted, on both; by two engines on the small squares. */
    const pb_result n0 = run("alldiff", set->puzzle[i].model, PB_MODE_COUNT, NULL);
    const pb_result n1 = run("alldiff", copy->puzzle[i].model, PB_MODE_COUNT, NULL);
    CHECK_EQ_U64(n1.stats.solutions, n0.stats.solutions);
    if (c == 1) completions += n0.stats.solutions;
    CHECK_EQ_U64(n0.status, PB_DONE);
    CHECK_EQ_U64(n1.status, PB_DONE);
    if (sq.n <= 12) {
        const pb_result n2 = run("propagate", copy->puzzle[i].model, PB_MODE_COUNT, NULL);
        CHECK_EQ_U64(n2.stats.solutions, n0.stats.solutions);
    }
    if (!n0.stats.solutions) return;
    int s1[LATIN_MAX_CELLS];
    run("learn", copy->puzzle[i].model, PB_MODE_FIRST, s1);
    CHECK(latin_square_from(copy->puzzle[i].model, s1, &sol) == 0);
    CHECK(latin_is_solution_of(&got, &sol));
    CHECK(latin_iso_undo(&iso, &sol, &mapped) == 0);
    CHECK(latin_is_solution_of(&sq, &mapped));
}

static void check_set(const pb_family *fam, const char *spec, int file, int count, uint64_t want)
{
    completions = 0;
    char err[600];
    int seen[9] = {0};
    pb_set set, copy[4], again;
    pb_instance inst = {spec, file, NULL};
    CHECK(fam->load(&inst, NULL, &set, err, sizeof err) == 0);
    CHECK_EQ_U64(set.count, count);
    for (int c = 1; c <= 3; c++) {
        CHECK(fam->copy_set(&set, spec, c, 1, &copy[c], err, sizeof err) == 0);
        CHECK_EQ_U64(copy[c].count, set.count);
        for (int i = 0; i < set.count; i++) {
            char a[64] = "", b[64] = "";
            fam->puzzle_name(&set, i, a, sizeof a);
            fam->puzzle_name(&copy[c], i, b, sizeof b);
            CHECK(strcmp(a, b) == 0);
            CHECK_EQ_U64(copy[c].puzzle[i].line, set.puzzle[i].line);
            CHECK_EQ_U64(copy[c].puzzle[i].note != NULL, set.puzzle[i].note != NULL);
            check_copy(&set, &copy[c], i, c, seen);
        }
    }
    /* The same (seed, square, copy), the same copy. */
    CHECK(fam->copy_set(&set, spec, 2, 1, &again, err, sizeof err) == 0);
    for (int i = 0; i < set.count; i++) {
        const pb_model *a = again.puzzle[i].model, *b = copy[2].puzzle[i].model;
        CHECK(memcmp(a->domain, b->domain, (size_t)a->ncells * sizeof *a->domain) == 0);
    }
    if (count >= 12) {
        int conjugates = 0;
        for (int k = 0; k < 9; k++) conjugates += seen[k];
        CHECK_EQ_U64(conjugates, 6);
    }
    CHECK_EQ_U64(completions, want);
    fam->free_set(&again);
    for (int c = 1; c <= 3; c++) fam->free_set(&copy[c]);
    fam->free_set(&set);
}

int main(void)
{
    const pb_family *fam = pb_family_find("latin");
    CHECK(fam && fam->copy_set);
    char path[] = "/tmp/pb-latin-copies-XXXXXX";
    int fd = mkstemp(path);
    CHECK(fd >= 0);
    CHECK(write(fd, file_text, sizeof file_text - 1) == (ssize_t)(sizeof file_text - 1));
    close(fd);
    check_set(fam, "qwh-6-0.6-x12", 0, 12, 122); /* 122 completions in all */
    check_set(fam, "qwh-12-0.3-x4", 0, 4, 4);    /* one each */
    check_set(fam, "qwh-30-0.3-x2", 0, 2, 8);    /* 8 in all */
    check_set(fam, "bqwh-20-0.4-x2", 0, 2, 98);  /* balanced holes: 98 in all */
    check_set(fam, path, 1, 2, 8);               /* 8 and none */
    unlink(path);
    return check_report("latin_copies");
}
