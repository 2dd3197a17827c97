/* fuzz_kakuro_outline.c — the kakuro outline reader (engines/kakuro/outline.c,
 * kakuro_read_outline). Every outline read is within the size limits, has white
 * cells only (no digits, no clues), and prints and reads back the same; checking it
 * as a generated outline (kakuro_outline_check) answers without fault. Every error is
 * a printable message on a line of the input, naming the column; each call consumes
 * input. */
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "kakuro/kakuro.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static kakuro_grid g, back; /* their arrays are reused from call to call */
    fuzz_walk w = fuzz_walk_start(data, size, 1);
    kakuro_reader r, r2;
    pb_error e = {0, ""};
    char msg[200];
    int line, rc;
    kakuro_reader_init(&r, (const char *)data, size);
    for (w.before = r.pos; (rc = kakuro_read_outline(&r, &g, &line, &e)) != 0; w.before = r.pos) {
        if (!fuzz_walk_step(&w, rc, r.pos, line, &e)) continue;
        FUZZ_CHECK(g.rows >= 1 && g.rows <= KAKURO_MAX_DIM && g.cols >= 1 &&
                   g.cols <= KAKURO_MAX_DIM);
        const int cells = g.rows * g.cols;
        for (int i = 0; i < cells; i++)
            FUZZ_CHECK(g.white[i] <= 1 && !g.digit[i] && !g.down[i] && !g.right[i]);
        msg[0] = '\0';
        if (kakuro_outline_check(&g, msg, sizeof msg)) FUZZ_CHECK(msg[0] != '\0');
        const size_t n = kakuro_format_outline(&g, NULL, 0);
        char *text = malloc(n + 1);
        FUZZ_CHECK(text && kakuro_format_outline(&g, text, n + 1) == n && strlen(text) == n);
        kakuro_reader_init(&r2, text, n);
        FUZZ_CHECK(kakuro_read_outline(&r2, &back, &line, &e) == 1 && back.rows == g.rows &&
                   back.cols == g.cols && !memcmp(back.white, g.white, (size_t)cells));
        free(text);
    }
    return 0;
}
