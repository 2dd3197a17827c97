/* fuzz_sudoku.c — the sudoku reader (engines/sudoku/grid.c, sudoku_read). Every
 * puzzle read has a size the reader allows and values within it, keeps the rules,
 * starts on a later line than the one before, prints and reads back the same, and
 * solves (briefly) to a grid that keeps the rules and the givens; every error is a
 * printable message on a line of the input; each call consumes input. */
#include <string.h>

#include "fuzz.h"
#include "registry/registry.h"
#include "sudoku/sudoku.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static sudoku_grid g, back, sol;
    static char text[SUDOKU_MAX_CELLS * 3 + 8];
    static pb_mask dom[SUDOKU_MAX_CELLS];
    static int first[SUDOKU_MAX_CELLS];
    fuzz_walk w = fuzz_walk_start(data, size, 0);
    sudoku_reader r, r2;
    sudoku_format fmt, fmt2;
    pb_error e = {0, ""};
    int line, line2, rc;
    sudoku_reader_init(&r, (const char *)data, size);
    for (w.before = r.pos; (rc = sudoku_read(&r, &g, &fmt, &line, &e)) != 0; w.before = r.pos) {
        if (!fuzz_walk_step(&w, rc, r.pos, line, &e)) continue;
        FUZZ_CHECK(g.box >= SUDOKU_MIN_BOX && g.box <= SUDOKU_MAX_BOX);
        FUZZ_CHECK(g.size == g.box * g.box && g.ncells == g.size * g.size);
        for (int c = 0; c < g.ncells; c++) FUZZ_CHECK(g.cell[c] <= g.size);
        FUZZ_CHECK(sudoku_check_rules(&g, NULL, 0) == 0);
        size_t n = sudoku_format_grid(&g, fmt, text, sizeof text);
        FUZZ_CHECK(n < sizeof text);
        sudoku_reader_init(&r2, text, n);
        FUZZ_CHECK(sudoku_read(&r2, &back, &fmt2, &line2, &e) == 1 && fmt2 == fmt &&
                   back.box == g.box && !memcmp(back.cell, g.cell, (size_t)g.ncells));
        pb_model *shape = sudoku_model_new(g.box);
        pb_model view;
        FUZZ_CHECK(shape != NULL);
        sudoku_model_view(shape, &g, dom, &view);
        pb_run how = {.mode = PB_MODE_FIRST, .limits = {.max_steps = 2000}};
        pb_result res = {.first = first};
        pb_engine_run(pb_model_engine_find("logic"), &view, &how, &res);
        sudoku_grid_from(&view, first, &sol);
        if (res.stats.solutions) FUZZ_CHECK(sudoku_is_solution_of(&g, &sol));
        pb_model_free(shape);
    }
    return 0;
}
