/* fuzz_kakuro.c — the kakuro clue-grid reader (engines/kakuro/grid.c, kakuro_read).
 * Every grid read is within the size limits, its white cells hold digits 0-9 and no
 * clue, its black cells no digit and clues of at most 99; it builds a model that
 * matches its runs (one-cell runs included; a run without a clue is a plain group,
 * and the reader names the first). Without a note every clued run has a sum that
 * some set of distinct digits makes and no run is over 9; with one (a printable
 * message on a line of the puzzle) that fails, or a digit repeats in a run, and a
 * brief search finds no solution. It prints and reads back the same, note or none. Its
 * isomorphic copy (iso.c) has a model as large, and maps back to it. Every error is
 * a printable message on a line of the input, naming the column; each call consumes
 * input. */
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "kakuro/kakuro.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static kakuro_grid g, back, copy; /* their arrays are reused from call to call */
    fuzz_walk w = fuzz_walk_start(data, size, 1);
    kakuro_reader r, r2;
    pb_error e = {0, ""};
    int line, rc;
    kakuro_reader_init(&r, (const char *)data, size);
    for (w.before = r.pos; (rc = kakuro_read(&r, &g, &line, &e)) != 0; w.before = r.pos) {
        if (!fuzz_walk_step(&w, rc, r.pos, line, &e)) continue;
        FUZZ_CHECK(g.rows >= 1 && g.rows <= KAKURO_MAX_DIM && g.cols >= 1 &&
                   g.cols <= KAKURO_MAX_DIM);
        const int cells = g.rows * g.cols;
        int whites = 0;
        for (int i = 0; i < cells; i++) {
            if (g.white[i])
                FUZZ_CHECK(g.white[i] == 1 && g.digit[i] <= 9 && !g.down[i] && !g.right[i]);
            else
                FUZZ_CHECK(!g.digit[i] && g.down[i] <= 99 && g.right[i] <= 99);
            whites += g.white[i];
        }
        const int nruns = kakuro_find_runs(&g, NULL, 0);
        FUZZ_CHECK(nruns >= 0 && nruns <= 2 * cells);
        kakuro_run *runs = malloc((size_t)(nruns + 1) * sizeof *runs);
        FUZZ_CHECK(runs && kakuro_find_runs(&g, runs, nruns) == nruns);
        const int noted = r.note.line != 0;
        if (noted) fuzz_check_error(&r.note, line, w.lines);
        pb_model *m = kakuro_model_new(&g, &e);
        FUZZ_CHECK(m && m->ncells == whites && m->ngroups == nruns);
        int all_sets = 1, sums = 0, unclued = 0;
        for (int k = 0; k < nruns; k++) {
            const int sum = m->group_sum ? m->group_sum[k] : 0, len = runs[k].len;
            FUZZ_CHECK(sum == runs[k].sum && m->group_start[k + 1] - m->group_start[k] == len);
            FUZZ_CHECK(len > 1 || runs[k].sum > 0);
            sums += sum > 0, unclued += sum == 0;
            all_sets &= len <= 9 && (!sum || kakuro_digit_sets(len, sum, NULL, 0));
        }
        FUZZ_CHECK(m->nsums == sums && !r.unclued.line == !unclued);
        if (r.unclued.line) fuzz_check_error(&r.unclued, line, w.lines);
        FUZZ_CHECK(noted || all_sets);
        if (noted) {
            pb_run how = {.mode = PB_MODE_COUNT, .limits = {.max_steps = 2000}};
            pb_result res = {0};
            pb_engine_run(&pb_engine_kakuro_combo, m, &how, &res);
            FUZZ_CHECK(res.stats.solutions == 0);
        }
        const int sym = kakuro_iso_apply(&g, KAKURO_ISO_TRANSPOSE | KAKURO_ISO_COMPLEMENT, &copy);
        FUZZ_CHECK(sym == (KAKURO_ISO_TRANSPOSE | KAKURO_ISO_COMPLEMENT) ||
                   (sym == 1 && !all_sets));
        pb_model *mc = kakuro_model_new(&copy, &e);
        FUZZ_CHECK(mc && mc->ncells == m->ncells && mc->ngroups == m->ngroups &&
                   mc->nsums == m->nsums);
        pb_model_free(mc);
        FUZZ_CHECK(kakuro_iso_apply(&copy, sym, &back) == sym && back.rows == g.rows &&
                   back.cols == g.cols && !memcmp(back.white, g.white, (size_t)cells) &&
                   !memcmp(back.digit, g.digit, (size_t)cells) &&
                   !memcmp(back.down, g.down, (size_t)cells) &&
                   !memcmp(back.right, g.right, (size_t)cells));
        pb_model_free(m);
        free(runs);
        const size_t n = kakuro_format_grid(&g, NULL, 0);
        char *text = malloc(n + 1);
        FUZZ_CHECK(text && kakuro_format_grid(&g, text, n + 1) == n && strlen(text) == n);
        kakuro_reader_init(&r2, text, n);
        FUZZ_CHECK(kakuro_read(&r2, &back, &line, &e) == 1 && back.rows == g.rows &&
                   back.cols == g.cols && !memcmp(back.white, g.white, (size_t)cells) &&
                   !memcmp(back.digit, g.digit, (size_t)cells) &&
                   !memcmp(back.down, g.down, (size_t)cells) &&
                   !memcmp(back.right, g.right, (size_t)cells) && !r2.note.line == !noted);
        free(text);
    }
    return 0;
}
