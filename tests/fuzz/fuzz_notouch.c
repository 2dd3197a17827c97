/* fuzz_notouch.c — the notouch board reader (engines/notouch/board.c,
 * notouch_board_parse). A board read is within the size limits, its cells count is
 * the number of cells marked, 1..NOTOUCH_MAX_CELLS; its model has those cells, and a first solution
 * (searched briefly) keeps the model's rules. An error is a printable message on a line of the
 * input. */
#include <string.h>

#include "fuzz.h"
#include "notouch/board.h"
#include "registry/registry.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static notouch_board b;
    static int first[NOTOUCH_MAX_CELLS];
    pb_error e = {0, ""};
    if (notouch_board_parse((const char *)data, size, &b, &e)) {
        fuzz_check_error(&e, 1, fuzz_lines(data, size));
        return 0;
    }
    FUZZ_CHECK(b.rows >= 1 && b.rows <= NOTOUCH_MAX_SIDE && b.cols >= 1 &&
               b.cols <= NOTOUCH_MAX_SIDE);
    int cells = 0;
    for (int r = 0; r < b.rows; r++)
        for (int c = 0; c < b.cols; c++) {
            const unsigned char v = b.cell[r * b.cols + c];
            FUZZ_CHECK(v <= 1);
            cells += v;
        }
    FUZZ_CHECK(cells == b.ncells && cells >= 1 && cells <= NOTOUCH_MAX_CELLS);
    pb_model *m = notouch_model(&b, 2, NOTOUCH_KING);
    FUZZ_CHECK(m && m->ncells == b.ncells);
    pb_run how = {.mode = PB_MODE_FIRST, .limits = {.max_steps = 2000}};
    pb_result res = {.first = first};
    pb_engine_run(pb_model_engine_find("propagate"), m, &how, &res);
    if (res.stats.solutions) FUZZ_CHECK(pb_model_check(m, first));
    pb_model_free(m);
    return 0;
}
