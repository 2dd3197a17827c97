/* fuzz_parsers.c — fuzzes the input parsers (board masks, sudoku files, kakuro clue grids and
 * outlines, Latin squares, sweep files, tenpair start strings, CSV tables). Built two
 * ways: with -DPB_LIBFUZZER as a libFuzzer target (scripts/fuzz.sh, clang), and by
 * default as a deterministic driver that mutates seed inputs for N iterations, which
 * the tests run under AddressSanitizer and UBSan. A parse must either fail with a
 * line number and a message, or give a board that the engines then solve. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/engine.h"
#include "kakuro/kakuro.h"
#include "latin/latin.h"
#include "notouch/board.h"
#include "sudoku/sudoku.h"
#include "harness/csvtable.h"
#include "harness/sweep_spec.h"
#include "tenpair/tenpair.h"
#include "engines.h"

/* Every puzzle read must print and read back the same, and solve (briefly) to a
 * grid that keeps the rules and the givens; every error names a line. */
static void fuzz_sudoku(const uint8_t *data, size_t size)
{
    sudoku_reader r;
    sudoku_grid g, back, sol;
    sudoku_format fmt, fmt2;
    pb_error e = {0, ""};
    int line, line2, rc, puzzles = 0;
    char text[SUDOKU_MAX_CELLS * 3 + 8];
    sudoku_reader_init(&r, (const char *)data, size);
    while ((rc = sudoku_read(&r, &g, &fmt, &line, &e)) != 0) {
        if (++puzzles > (int)size + 1) abort(); /* the reader must move on */
        if (rc < 0) {
            if (!e.msg[0] || e.line < 1) abort();
            continue;
        }
        if (sudoku_check_rules(&g, NULL, 0)) abort();
        size_t n = sudoku_format_grid(&g, fmt, text, sizeof text);
        sudoku_reader r2;
        sudoku_reader_init(&r2, text, n);
        if (sudoku_read(&r2, &back, &fmt2, &line2, &e) != 1 || fmt2 != fmt ||
            memcmp(back.cell, g.cell, (size_t)g.ncells))
            abort();
        pb_model *shape = sudoku_model_new(g.box);
        pb_mask dom[SUDOKU_MAX_CELLS];
        int first[SUDOKU_MAX_CELLS];
        pb_model view;
        if (!shape) abort();
        sudoku_model_view(shape, &g, dom, &view);
        pb_run how = {.mode = PB_MODE_FIRST, .limits = {.max_steps = 2000}};
        pb_result res = {.first = first};
        pb_engine_run(pb_model_engine_find("logic"), &view, &how, &res);
        sudoku_grid_from(&view, first, &sol);
        if (res.stats.solutions && !sudoku_is_solution_of(&g, &sol)) abort();
        pb_model_free(shape);
    }
}

/* A reader's error names a line and the token column. */
static void check_error(const pb_error *e)
{
    if (e->line < 1 || strncmp(e->msg, "column ", 7)) abort();
}

/* Every clue grid read must build a model that matches its runs, and print and read
 * back the same; every outline must print and read back the same; each call of
 * either reader must consume input. */
static void fuzz_kakuro(const uint8_t *data, size_t size)
{
    static kakuro_grid g, back;
    static kakuro_run runs[KAKURO_MAX_DIM * KAKURO_MAX_DIM / 2 + 2];
    static char text[KAKURO_MAX_CELLS * 8 + KAKURO_MAX_DIM + 16];
    kakuro_reader r, r2;
    pb_error e = {0, ""};
    int line, rc;
    kakuro_reader_init(&r, (const char *)data, size);
    for (size_t before = r.pos; (rc = kakuro_read(&r, &g, &line, &e)) != 0; before = r.pos) {
        if (r.pos <= before) abort();
        if (rc < 0) {
            check_error(&e);
            continue;
        }
        const int cells = g.rows * g.cols;
        int whites = 0;
        for (int i = 0; i < cells; i++) whites += g.white[i];
        const int nruns = kakuro_find_runs(&g, runs, (int)(sizeof runs / sizeof runs[0]));
        pb_model *m = kakuro_model_new(&g, &e);
        if (!m || m->ncells != whites || m->ngroups != nruns || m->nsums != nruns) abort();
        for (int k = 0; k < nruns && k < (int)(sizeof runs / sizeof runs[0]); k++)
            if (m->group_sum[k] != runs[k].sum ||
                m->group_start[k + 1] - m->group_start[k] != runs[k].len ||
                kakuro_digit_sets(runs[k].len, runs[k].sum, NULL, 0) < 1)
                abort();
        pb_model_free(m);
        size_t n = kakuro_format_grid(&g, text, sizeof text);
        if (n >= sizeof text) abort();
        kakuro_reader_init(&r2, text, n);
        if (kakuro_read(&r2, &back, &line, &e) != 1 || back.rows != g.rows || back.cols != g.cols ||
            memcmp(back.white, g.white, (size_t)cells) ||
            memcmp(back.digit, g.digit, (size_t)cells) ||
            memcmp(back.down, g.down, (size_t)cells) || memcmp(back.right, g.right, (size_t)cells))
            abort();
    }
    kakuro_reader_init(&r, (const char *)data, size);
    for (size_t before = r.pos; (rc = kakuro_read_outline(&r, &g, &line, &e)) != 0;
         before = r.pos) {
        if (r.pos <= before) abort();
        if (rc < 0) {
            check_error(&e);
            continue;
        }
        kakuro_outline_check(&g, NULL, 0);
        size_t n = kakuro_format_outline(&g, text, sizeof text);
        if (n >= sizeof text) abort();
        kakuro_reader_init(&r2, text, n);
        if (kakuro_read_outline(&r2, &back, &line, &e) != 1 || back.rows != g.rows ||
            back.cols != g.cols || memcmp(back.white, g.white, (size_t)(g.rows * g.cols)))
            abort();
    }
}

/* Every Latin square read must keep the rules, print and read back the same, and
 * build a model whose first solution (searched briefly) completes it; every error
 * names a line and the token column, printable only; each call must consume input. */
static void fuzz_latin(const uint8_t *data, size_t size)
{
    static latin_square sq, back, sol;
    static char text[LATIN_MAX_TEXT];
    static int first[LATIN_MAX_CELLS];
    latin_reader r, r2;
    pb_error e = {0, ""};
    int line, rc;
    latin_reader_init(&r, (const char *)data, size);
    for (size_t before = r.pos; (rc = latin_read(&r, &sq, &line, &e)) != 0; before = r.pos) {
        if (r.pos <= before) abort();
        if (rc < 0) {
            check_error(&e);
            for (const char *p = e.msg; *p; p++)
                if (*p < 0x20 || *p >= 0x7f) abort();
            continue;
        }
        if (latin_check_rules(&sq, NULL, 0)) abort();
        size_t n = latin_format_square(&sq, text, sizeof text);
        if (n >= sizeof text) abort();
        latin_reader_init(&r2, text, n);
        if (latin_read(&r2, &back, &line, &e) != 1 || back.n != sq.n ||
            memcmp(back.cell, sq.cell, (size_t)sq.ncells))
            abort();
        pb_model *m = latin_model_of(&sq);
        if (!m || latin_model_order(m) != sq.n) abort();
        pb_run how = {
            .mode = PB_MODE_FIRST, .order = pb_order_find("mrv"), .limits = {.max_steps = 2000}};
        pb_result res = {.first = first};
        pb_engine_run(pb_model_engine_find("propagate"), m, &how, &res);
        if (res.stats.solutions &&
            (latin_square_from(m, first, &sol) || !latin_is_solution_of(&sq, &sol)))
            abort();
        pb_model_free(m);
    }
}

/* A tenpair start string (the bytes up to the first NUL) is taken exactly when it is
 * 1-512 digits 1-9, else refused with a message; an accepted start is searched
 * briefly by one of the engines (picked by the input), in shortest or count mode,
 * and a win it reports must replay to an all-crossed board of its length. */
static void fuzz_tenpair(const uint8_t *data, size_t size)
{
    static char text[TP_MAX_START + 64];
    static uint8_t board[TP_MAX_LENGTH];
    size_t n = size < sizeof text - 1 ? size : sizeof text - 1;
    memcpy(text, data, n);
    text[n] = '\0';
    n = strlen(text);
    size_t bad = 0; /* the first byte that is not a digit 1-9 */
    while (bad < n && text[bad] >= '1' && text[bad] <= '9') bad++;
    tp_rules r;
    pb_error e = {0, ""};
    tp_rules_default(&r);
    int rc = tp_rules_set_start(&r, text, &e);
    if (rc != (n >= 1 && n <= TP_MAX_START && bad == n ? 0 : -1)) abort();
    if (rc) {
        /* A bad byte among the first 513 is named by its column. */
        char want[32];
        snprintf(want, sizeof want, "column %zu:", bad + 1);
        if (!e.msg[0] || (bad < n && bad <= TP_MAX_START && !strstr(e.msg, want))) abort();
        return;
    }
    if (r.nstart != (int)n || tp_rules_check(&r, NULL)) abort();
    uint32_t pick = 2166136261u; /* the rules and the run, from a hash of the input */
    for (size_t i = 0; i < size; i++) pick = (pick ^ data[i]) * 16777619u;
    r.width = 1 + (int)(pick % 10);
    r.wrap = (int)(pick >> 4 & 1);
    r.append_any = (int)(pick >> 5 & 1);
    tp_run how = {.mode = pick >> 6 & 1 ? TP_COUNT : TP_SHORTEST,
                  .max_length = (int)n + (int)(pick >> 7 & 15),
                  .threads = 1,
                  .limits = {.max_steps = 200}};
    uint64_t wins[TP_MAX_START + 16];
    tp_result res = {.wins_by_length = how.mode == TP_COUNT ? wins : NULL};
    /* compact's count polls its limits less often: keep its starts short. */
    static const char *const names[] = {"bfs", "best-first", "compact"};
    const tp_engine *engine = tenpair_engine(names[(pick >> 11) % 3]);
    if (how.mode == TP_COUNT && n > 24) engine = tenpair_engine("bfs");
    pb_status st = tp_engine_run(engine, &r, &how, &res);
    if (st != PB_DONE && st != PB_LIMIT) abort();
    if (res.length) {
        int len = r.nstart;
        memcpy(board, r.start, (size_t)len);
        for (int i = 0; i < res.npath; i++)
            if (tp_apply(&r, board, &len, TP_MAX_LENGTH, res.path[i], 0)) abort();
        if (len != res.length || tp_live_count(board, len)) abort();
    }
    free(res.path);
}

/* A CSV table: every row as wide as the header, rows on increasing lines; every
 * error names the file and a line. */
static void fuzz_csvtable(const uint8_t *data, size_t size)
{
    char *text = malloc(size + 1), err[300] = "";
    pb_table t;
    if (!text) abort();
    memcpy(text, data, size);
    text[size] = '\0';
    if (pb_table_parse(text, size, "fuzz.csv", &t, err, sizeof err)) {
        if (strncmp(err, "fuzz.csv:", 9)) abort();
        return;
    }
    if (t.ncols < 1) abort();
    for (long r = 0; r < t.nrows; r++)
        if (pb_table_line(&t, r) <= t.line[r] || !pb_table_cell(&t, r, t.ncols - 1)) abort();
    pb_table_free(&t);
}

static void fuzz_one(const uint8_t *data, size_t size)
{
    notouch_board b;
    pb_error e = {0, ""};
    if (notouch_board_parse((const char *)data, size, &b, &e) == 0) {
        if (b.ncells < 1 || b.ncells > NOTOUCH_MAX_CELLS) abort();
        pb_model *m = notouch_model(&b, 2, NOTOUCH_KING);
        if (!m) abort();
        int *first = calloc((size_t)m->ncells, sizeof *first);
        pb_run how = {.mode = PB_MODE_FIRST, .limits = {.max_steps = 2000}};
        pb_result r = {.first = first};
        pb_engine_run(pb_model_engine_find("propagate"), m, &how, &r);
        if (r.stats.solutions && !pb_model_check(m, first)) abort();
        free(first);
        pb_model_free(m);
    } else if (!e.msg[0] || e.line < 0) {
        abort();
    }
    fuzz_sudoku(data, size);
    fuzz_kakuro(data, size);
    fuzz_latin(data, size);
    pb_sweep_spec s;
    if (pb_sweep_spec_init(&s)) abort();
    e.msg[0] = '\0';
    if (pb_sweep_spec_parse(&s, (const char *)data, size, &e) != 0 && !e.msg[0]) abort();
    pb_sweep_spec_free(&s);
    if (size) fuzz_tenpair(data, size);
    fuzz_csvtable(data, size);
}

#ifdef PB_LIBFUZZER
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_one(data, size);
    return 0;
}
#else
static uint64_t rng_state = 0x9e3779b97f4a7c15u;

static uint64_t rng(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return rng_state;
}

static const char *const seeds[] = {
    ".##.\n####\n.##.\n",
    "###\n#.#\n###\n",
    "#\n",
    "# sudoku\n1..4..1..4..3..2\n\n1 0 0 4\n0 0 1 0\n0 4 0 0\n3 0 0 2\n",
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........\n",
    "name demo\nfamily notouch\ninstances cross8 2x3\nengines backtrack\nsamples 2\n",
    "modes first count # c\nsearch-threads 1 2 4\nstep-limit 2e9\ntime-limit 0.5\n",
    "; kakuro\n#   3\\ 16\\ #\n\\4  .   .   4\\\n\\10 2   .   .\n#   \\9 .   .\n\n\\3 1 2 # .\n",
    "4 4\nxx cx cx xx\nxr nn nn cx\nxr nn nn nn\nxx xr nn nn\n\n2 3\nxx xx xx\nxr nn nn\n",
    "; latin\n1 . 3\n. 3 1 ; row 2\n3 1 .\n\n 1  2\n 2  .\n\n.\n",
    "123456789111213141516171819",
    "1919",
    "123987",
    "run_id,row,sample,runs,wall_s\r\nr1,0,0,3,\"1.5e-06\"\n\nr1,0,1,3,\"a \"\"b\"\",c\"\n",
};

int main(int argc, char **argv)
{
    long iterations = argc > 1 ? atol(argv[1]) : 200000;
    static const char alphabet[] = "#.\n\r \t,x0123456789e-+namefilyorchtsupdABGP\\;\x01\x7f\xff";
    uint8_t buf[512];
    for (long it = 0; it < iterations; it++) {
        const char *seed = seeds[rng() % (sizeof seeds / sizeof seeds[0])];
        size_t n = strlen(seed);
        memcpy(buf, seed, n);
        int edits = 1 + (int)(rng() % 8);
        for (int k = 0; k < edits; k++) {
            size_t pos = n ? rng() % (n + 1) : 0;
            uint8_t ch =
                rng() % 4 == 0 ? (uint8_t)rng() : (uint8_t)alphabet[rng() % (sizeof alphabet - 1)];
            switch (rng() % 4) {
            case 0: /* insert */
                if (n < sizeof buf) {
                    memmove(buf + pos + 1, buf + pos, n - pos);
                    buf[pos] = ch, n++;
                }
                break;
            case 1: /* delete */
                if (pos < n) memmove(buf + pos, buf + pos + 1, n - pos - 1), n--;
                break;
            case 2: /* replace */
                if (pos < n) buf[pos] = ch;
                break;
            default: /* duplicate a chunk */
                if (pos < n) {
                    size_t len = 1 + rng() % (n - pos);
                    if (n + len <= sizeof buf) {
                        memmove(buf + pos + len, buf + pos, n - pos);
                        n += len;
                    }
                }
            }
        }
        fuzz_one(buf, n);
    }
    printf("fuzz_parsers: %ld inputs, no crash\n", iterations);
    return 0;
}
#endif
