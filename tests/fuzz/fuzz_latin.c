/* fuzz_latin.c — the Latin square reader (engines/latin/grid.c, latin_read). Every
 * square read has an order 1..LATIN_MAX_ORDER and values within it, keeps the rules
 * unless its note names a clash, starts on a later line than the one before, prints
 * and reads back the same (note included), and builds a model whose first solution
 * (searched briefly) completes it; with a clash the search finds none. Its isomorphic
 * copy (iso.c) keeps the rules as it does, and maps back to it. Every error is
 * a printable message on a line of the input, naming the column; each call consumes
 * input. */
#include <string.h>

#include "fuzz.h"
#include "latin/latin.h"
#include "registry/registry.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static latin_square sq, back, sol, copy;
    static char text[LATIN_MAX_TEXT];
    static int first[LATIN_MAX_CELLS];
    fuzz_walk w = fuzz_walk_start(data, size, 1);
    latin_reader r, r2;
    pb_error e = {0, ""};
    int line, rc;
    latin_reader_init(&r, (const char *)data, size);
    for (w.before = r.pos; (rc = latin_read(&r, &sq, &line, &e)) != 0; w.before = r.pos) {
        if (!fuzz_walk_step(&w, rc, r.pos, line, &e)) continue;
        FUZZ_CHECK(sq.n >= LATIN_MIN_ORDER && sq.n <= LATIN_MAX_ORDER && sq.ncells == sq.n * sq.n);
        for (int c = 0; c < sq.ncells; c++) FUZZ_CHECK(sq.cell[c] <= sq.n);
        const int clash = r.note.line != 0;
        FUZZ_CHECK(latin_check_rules(&sq, NULL, 0) == (clash ? -1 : 0));
        if (clash) fuzz_check_error(&r.note, line, w.lines);
        size_t n = latin_format_square(&sq, text, sizeof text);
        FUZZ_CHECK(n < sizeof text);
        latin_reader_init(&r2, text, n);
        FUZZ_CHECK(latin_read(&r2, &back, &line, &e) == 1 && back.n == sq.n &&
                   !memcmp(back.cell, sq.cell, (size_t)sq.ncells) && !r2.note.line == !clash);
        latin_iso iso;
        latin_iso_draw(sq.n, size, (uint64_t)line, &iso);
        FUZZ_CHECK(!latin_iso_apply(&iso, &sq, &copy) && !latin_iso_undo(&iso, &copy, &back) &&
                   !memcmp(back.cell, sq.cell, (size_t)sq.ncells));
        FUZZ_CHECK(latin_check_rules(&copy, NULL, 0) == (clash ? -1 : 0));
        pb_model *m = latin_model_of(&sq);
        FUZZ_CHECK(m && latin_model_order(m) == sq.n);
        pb_run how = {
            .mode = PB_MODE_FIRST, .order = pb_order_find("mrv"), .limits = {.max_steps = 2000}};
        pb_result res = {.first = first};
        pb_engine_run(pb_model_engine_find("propagate"), m, &how, &res);
        FUZZ_CHECK(!clash || res.stats.solutions == 0);
        if (res.stats.solutions)
            FUZZ_CHECK(!latin_square_from(m, first, &sol) && latin_is_solution_of(&sq, &sol));
        pb_model_free(m);
    }
    return 0;
}
