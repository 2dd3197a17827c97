/* test_kakuro_formats.c — kakuro's text formats, runs, rules and model: every
 * rejection of the two readers with its line and message, round trips, seed 001's
 * outline, one-cell runs, the outline check, solutions and the model. The hand-made
 * puzzle files are checked in test_kakuro_files.c. */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "kakuro/kakuro.h"

static kakuro_grid g, g2; /* big: kept off the stack */

/* Reads the first puzzle (or outline) of text. */
static int read_first(const char *text, int outline, kakuro_grid *out, int *line, pb_error *e)
{
    kakuro_reader r;
    kakuro_reader_init(&r, text, strlen(text));
    return outline ? kakuro_read_outline(&r, out, line, e) : kakuro_read(&r, out, line, e);
}

/* ---- rejections ---- */

typedef struct bad_case {
    const char *text;
    int line;
    const char *msg;
} bad_case;

static const bad_case bad_grids[] = {
    {"\\3 . x\n", 1, "column 3: unknown token 'x' (expected D\\R, #, . or a digit 1-9)"},
    {"; comment\n\\3 0 1\n", 2, "column 2: unknown token '0' (expected D\\R, #, . or a digit 1-9)"},
    {"\\3 .. .\n", 1, "column 2: unknown token '..' (expected D\\R, #, . or a digit 1-9)"},
    {"# 4\\x\n", 1,
     "column 2: bad clue '4\\x' (expected D\\R: a number 1-45 or nothing on either side of the "
     "\\)"},
    {"# 4\\\\\n", 1,
     "column 2: bad clue '4\\\\' (expected D\\R: a number 1-45 or nothing on either side of the "
     "\\)"},
    {"# \\123 . .\n", 1,
     "column 2: bad clue '\\123' (expected D\\R: a number 1-45 or nothing on either side of the "
     "\\)"},
    {"# 0\\\n# .\n", 1, "column 2: clue 0 in '0\\' (leave the side empty for no clue)"},
    {"# 4\\ 6\\\n\\3 . .\n\\7 .\n", 3, "column 3: row has 2 cells, expected 3"},
    {"# 4\\ 6\\\n\\3 . . #\n\\7 . .\n", 2, "column 4: row has 4 cells, expected 3"},
    {"# # # # # # #\n# # # # # #\n", 2, "column 7: row has 6 cells, expected 7"},
    {"# \\3\n", 1, "column 2: right clue 3 but no white cell to its right"},
    {"\\3 # . .\n", 1, "column 1: right clue 3 but no white cell to its right"},
    {"3\\\n#\n", 1, "column 1: down clue 3 but no white cell below it"},
    {"#\n", 1, "column 1: no white cells in the puzzle"},
};

/* Read, with a note: well formed, but no solution (the first reason found). */
static const bad_case note_grids[] = {
    {"\\12 . # .\n", 1, "column 1: right clue 12 for a single white cell: no digit is 12"},
    {"10\\\n.\n#\n", 1, "column 1: down clue 10 for a single white cell: no digit is 10"},
    {"\\45 . . . . . . . . . .\n", 1,
     "column 1: right clue 45 for a run of 10 cells: no run holds more than 9 distinct digits"},
    {"\\50 . . . .\n", 1,
     "column 1: right clue 50 for a run of 4 cells: no 4 distinct digits add up to 50"},
    {"# 2\\\n\\3 .\n\\3 .\n", 1,
     "column 2: down clue 2 for a run of 2 cells: no 2 distinct digits add up to 2"},
    {"\\3 1 1\n", 1, "column 3: digit 1 repeated in its across run (also at column 2)"},
    {"3\\\n1\n; a comment does not count as a row\n1\n", 4,
     "column 1: digit 1 repeated in its down run (also at line 2)"},
    /* The first in reading order, when there are several. */
    {"# 3\\ 2\\\n\\4 1 1\n\\99 . .\n", 1,
     "column 3: down clue 2 for a run of 2 cells: no 2 distinct digits add up to 2"},
};

/* Read, its first run without a clue named (a run of distinct digits, any sum). */
static const bad_case unclued_grids[] = {
    {"# . .\n", 1, "column 2: across run of 2 white cells without a clue"},
    {". . .\n", 1, "column 1: across run of 3 white cells without a clue"},
    {"# 4\\ #\n\\3 . .\n\\3 . .\n", 2, "column 3: down run of 2 white cells without a clue"},
    {"#\n.\n.\n", 2, "column 1: down run of 2 white cells without a clue"},
    {"# 3\\ #\n\\3 . .\n# . .\n", 2, "column 3: down run of 2 white cells without a clue"},
};

static void test_note_grids(void)
{
    for (size_t k = 0; k < sizeof unclued_grids / sizeof unclued_grids[0]; k++) {
        kakuro_reader r;
        pb_error e = {0, ""};
        int line = 0;
        kakuro_reader_init(&r, unclued_grids[k].text, strlen(unclued_grids[k].text));
        CHECK_EQ_U64(kakuro_read(&r, &g, &line, &e), 1);
        CHECK_EQ_U64(r.note.line, 0);
        CHECK_EQ_U64(r.unclued.line, unclued_grids[k].line);
        CHECK_STR(r.unclued.msg, unclued_grids[k].msg);
    }
    /* A run of ten without a clue: no solution. */
    kakuro_reader r;
    pb_error e = {0, ""};
    int line = 0;
    static const char ten[] = "# . . . . . . . . . .\n";
    kakuro_reader_init(&r, ten, strlen(ten));
    CHECK_EQ_U64(kakuro_read(&r, &g, &line, &e), 1);
    CHECK_EQ_U64(r.unclued.line, 1);
    CHECK_EQ_U64(r.note.line, 1);
    CHECK_STR(r.note.msg,
              "column 2: across run of 10 white cells: no run holds more than 9 distinct digits");
    for (size_t k = 0; k < sizeof note_grids / sizeof note_grids[0]; k++) {
        kakuro_reader r;
        pb_error e = {0, ""};
        int line = 0;
        kakuro_reader_init(&r, note_grids[k].text, strlen(note_grids[k].text));
        CHECK_EQ_U64(kakuro_read(&r, &g, &line, &e), 1);
        CHECK_EQ_U64(r.note.line, note_grids[k].line);
        CHECK_STR(r.note.msg, note_grids[k].msg);
        /* The next puzzle starts without a note; an error leaves none. */
        static const char three[] = "\\3 1 1\n\n\\3 1 2\n\n\\3 1 1 x\n";
        kakuro_reader_init(&r, three, strlen(three));
        CHECK(kakuro_read(&r, &g, &line, &e) == 1 && r.note.line == 1);
        CHECK(kakuro_read(&r, &g, &line, &e) == 1 && r.note.line == 0);
        CHECK(kakuro_read(&r, &g, &line, &e) == -1 && r.note.line == 0);
    }
}

static void test_bad_grids(void)
{
    for (size_t k = 0; k < sizeof bad_grids / sizeof bad_grids[0]; k++) {
        pb_error e = {0, ""};
        int line = 0;
        int rc = read_first(bad_grids[k].text, 0, &g, &line, &e);
        CHECK_EQ_U64(rc, (uint64_t)-1);
        CHECK_EQ_U64(e.line, bad_grids[k].line);
        CHECK_STR(e.msg, bad_grids[k].msg);
    }
    /* Limits, made here: a line over KAKURO_MAX_LINE, 65 rows, 65 columns. */
    static char text[3 * KAKURO_MAX_LINE];
    pb_error e = {0, ""};
    int line;
    memset(text, 0, sizeof text);
    strcpy(text, "\\3 . .\n");
    memset(text + 7, ' ', KAKURO_MAX_LINE);
    text[7 + KAKURO_MAX_LINE] = '#';
    strcat(text, "\n");
    CHECK_EQ_U64(read_first(text, 0, &g, &line, &e), (uint64_t)-1);
    CHECK_EQ_U64(e.line, 2);
    CHECK_STR(e.msg, "column 1: line longer than 4096 characters");
    text[0] = '\0';
    for (int r = 0; r < KAKURO_MAX_DIM + 1; r++) strcat(text, "#\n");
    CHECK_EQ_U64(read_first(text, 0, &g, &line, &e), (uint64_t)-1);
    CHECK_EQ_U64(e.line, KAKURO_MAX_DIM + 1);
    CHECK_STR(e.msg, "column 1: more than 1024 rows");
    text[0] = '\0';
    for (int c = 0; c < KAKURO_MAX_DIM + 1; c++) strcat(text, "# ");
    strcat(text, "\n");
    CHECK_EQ_U64(read_first(text, 0, &g, &line, &e), (uint64_t)-1);
    CHECK_EQ_U64(e.line, 1);
    CHECK_STR(e.msg, "column 1025: more than 1024 cells in a row");
    /* The maximum is allowed (all black but one run), and so is any shape under it. */
    const size_t big = (size_t)KAKURO_MAX_DIM * (2 * KAKURO_MAX_DIM + 1) + 1;
    char *all = malloc(big);
    CHECK(all != NULL);
    if (!all) return;
    for (int shape = 0; shape < 2; shape++) {
        const int rows = shape ? 101 : KAKURO_MAX_DIM, cols = shape ? 31 : KAKURO_MAX_DIM;
        size_t at = (size_t)sprintf(all, "\\3 . .");
        for (int c = 3; c < cols; c++) at += (size_t)sprintf(all + at, " #");
        all[at++] = '\n';
        for (int r = 1; r < rows; r++) {
            for (int c = 0; c < cols; c++) at += (size_t)sprintf(all + at, c ? " #" : "#");
            all[at++] = '\n';
        }
        all[at] = '\0';
        CHECK_EQ_U64(read_first(all, 0, &g, &line, &e), 1);
        CHECK(g.rows == rows && g.cols == cols && g.right[0] == 3 && g.white[2] && !g.white[3]);
        pb_model *m = kakuro_model_new(&g, &e);
        CHECK(m != NULL && m->ncells == 2 && m->rows == rows && m->cols == cols);
        pb_model_free(m);
    }
    free(all);
}

/* After an error the reader has skipped the bad puzzle and goes on with the next. */
static void test_skip(void)
{
    static const char text[] = "; first: a token error on its first row\n"
                               "\\3 x\n"
                               "\\3 . .\n"
                               "\n"
                               "\\3 . .\n"
                               "\n\n"
                               "; third: a clue error found after the whole grid\n"
                               "\\5 . . \\3\n"
                               "\n"
                               "\\4 . .\n"
                               "# 4\\x\n" /* the token error on a later row: skip the rest */
                               "\\4 . .\n"
                               "\\4 . .\n";
    kakuro_reader r;
    pb_error e = {0, ""};
    int line = 0;
    kakuro_reader_init(&r, text, strlen(text));
    CHECK_EQ_U64(kakuro_read(&r, &g, &line, &e), (uint64_t)-1);
    CHECK_EQ_U64(e.line, 2);
    CHECK_EQ_U64(kakuro_read(&r, &g, &line, &e), 1);
    CHECK_EQ_U64(line, 5);
    CHECK(g.rows == 1 && g.cols == 3 && g.right[0] == 3 && g.white[1] && g.white[2]);
    CHECK_EQ_U64(kakuro_read(&r, &g, &line, &e), (uint64_t)-1);
    CHECK_EQ_U64(e.line, 9);
    CHECK_EQ_U64(kakuro_read(&r, &g, &line, &e), (uint64_t)-1);
    CHECK_EQ_U64(e.line, 12);
    CHECK_EQ_U64(kakuro_read(&r, &g, &line, &e), 0);
    CHECK_EQ_U64(r.pos, strlen(text));
}

static const bad_case bad_outlines[] = {
    {"xx xx\n", 1, "column 1: expected the size line `rows cols` (numbers 1-1024), got 'xx'"},
    {"3 x\n", 1, "column 2: expected the size line `rows cols` (numbers 1-1024), got 'x'"},
    {"0 3\n", 1, "column 1: expected the size line `rows cols` (numbers 1-1024), got '0'"},
    {"3 1025\n", 1, "column 2: expected the size line `rows cols` (numbers 1-1024), got '1025'"},
    {"3 10000\n", 1, "column 2: expected the size line `rows cols` (numbers 1-1024), got '10000'"},
    {"3\n", 1, "column 2: expected the number of columns after the rows"},
    {"1 3 3\n", 1, "column 3: unexpected '3' after the size `rows cols`"},
    {"; outline\n3 3\nxx cx cx\n", 2, "column 1: expected 3 rows after the size line, got 1"},
    {"2 3\nxx cx cx\n\nxr nn nn\n", 1, "column 1: expected 2 rows after the size line, got 1"},
    {"1 3\nxr nn nn\n; c\nxx xx xx\n", 4,
     "column 1: more rows than the 1 of the size line at line 1"},
    {"1 3\nxr nn\n", 2, "column 3: row has 2 tokens, expected 3"},
    {"1 3\nxr nn nn xx\n", 2, "column 4: row has 4 tokens, expected 3"},
    {"1 3\nxr nn ab\n", 2, "column 3: unknown token 'ab' (expected nn, xx, cx, xr or cr)"},
    {"1 3\nxr nn NN\n", 2, "column 3: unknown token 'NN' (expected nn, xx, cx, xr or cr)"},
    {"1 3\nxr nn xx\n", 2,
     "column 1: right clue token but no run of 2 or more white cells to its right"},
    {"1 3\nxx xx xr\n", 2,
     "column 3: right clue token but no run of 2 or more white cells to its right"},
    {"3 1\ncx\nnn\nxx\n", 2,
     "column 1: down clue token but no run of 2 or more white cells below it"},
    {"3 2\ncr cx\nxx nn\nxx nn\n", 2,
     "column 1: right clue token but no run of 2 or more white cells to its right"},
    {"1 11\nxr nn nn nn nn nn nn nn nn nn nn\n", 2,
     "column 1: right clue token for a run of 10 cells (a run has 2 to 9 cells)"},
    {"1 3\nxx nn nn\n", 2, "column 2: across run of 2 white cells without a clue token before it"},
    {"2 2\nnn nn\nxx xx\n", 2,
     "column 1: across run of 2 white cells without a clue token before it"},
    {"3 1\nxx\nnn\nnn\n", 3, "column 1: down run of 2 white cells without a clue token above it"},
    {"1 1\nxx\n", 1, "column 1: no white cells in the outline"},
};

static void test_bad_outlines(void)
{
    for (size_t k = 0; k < sizeof bad_outlines / sizeof bad_outlines[0]; k++) {
        pb_error e = {0, ""};
        int line = 0;
        int rc = read_first(bad_outlines[k].text, 1, &g, &line, &e);
        CHECK_EQ_U64(rc, (uint64_t)-1);
        CHECK_EQ_U64(e.line, bad_outlines[k].line);
        CHECK_STR(e.msg, bad_outlines[k].msg);
    }
    /* Skipping: to a blank line or the next size line, whichever comes first. */
    static const char text[] = "1 3\nxr nn ab\nxx xx xx\n1 3\nxr nn nn\n"
                               "2 2\nxx\n\n1 3\nxr nn nn\n";
    kakuro_reader r;
    pb_error e = {0, ""};
    int line = 0;
    kakuro_reader_init(&r, text, strlen(text));
    CHECK_EQ_U64(kakuro_read_outline(&r, &g, &line, &e), (uint64_t)-1);
    CHECK_EQ_U64(e.line, 2);
    CHECK_EQ_U64(kakuro_read_outline(&r, &g, &line, &e), 1);
    CHECK_EQ_U64(line, 4);
    CHECK_EQ_U64(kakuro_read_outline(&r, &g, &line, &e), (uint64_t)-1);
    CHECK_EQ_U64(e.line, 7);
    CHECK_EQ_U64(kakuro_read_outline(&r, &g, &line, &e), 1);
    CHECK_EQ_U64(line, 9);
    CHECK_EQ_U64(kakuro_read_outline(&r, &g, &line, &e), 0);
}

/* ---- round trips and the seed's outline ---- */

static const char seed_outline[] = "7 7\n"
                                   "xx xx xx cx cx xx xx\n"
                                   "xx xx cr nn nn xx xx\n"
                                   "xx cr nn nn nn cx cx\n"
                                   "xr nn nn xr nn nn nn\n"
                                   "xr nn nn cx cr nn nn\n"
                                   "xx xx xr nn nn nn xx\n"
                                   "xx xx xr nn nn xx xx\n";

/* Reads text, writes it, reads that back: the same grid. The second write must give
 * the first's text again. */
static void round_trip(const char *text, int outline)
{
    static char out[1 << 16], out2[1 << 16];
    pb_error e = {0, ""};
    int line;
    CHECK_EQ_U64(read_first(text, outline, &g, &line, &e), 1);
    size_t n = outline ? kakuro_format_outline(&g, out, sizeof out)
                       : kakuro_format_grid(&g, out, sizeof out);
    CHECK_EQ_U64(n, strlen(out));
    CHECK_EQ_U64(read_first(out, outline, &g2, &line, &e), 1);
    CHECK(g2.rows == g.rows && g2.cols == g.cols);
    const size_t cells = (size_t)(g.rows * g.cols);
    CHECK(!memcmp(g.white, g2.white, cells) && !memcmp(g.digit, g2.digit, cells) &&
          !memcmp(g.down, g2.down, cells) && !memcmp(g.right, g2.right, cells));
    n = outline ? kakuro_format_outline(&g2, out2, sizeof out2)
                : kakuro_format_grid(&g2, out2, sizeof out2);
    CHECK_STR(out2, out);
    /* Cut short: snprintf's contract. */
    char small[8];
    size_t need = outline ? kakuro_format_outline(&g, small, sizeof small)
                          : kakuro_format_grid(&g, small, sizeof small);
    CHECK_EQ_U64(need, n);
    CHECK(strlen(small) == sizeof small - 1 && !memcmp(small, out, sizeof small - 1));
}

static void test_round_trips(void)
{
    round_trip("#  4\\ 6\\\n\\3 . .\n\\7 . .\n", 0);
    round_trip("# # 19\\ 9\\\n# 12\\12 . .\n\\6 . . .\n\\22 . . .\n", 0);
    round_trip("\\3 1 2 # .\n", 0);                    /* a lone white cell */
    round_trip("\\ 12\\ 9\\\n\\17 9 8\n\\4 3 .\n", 0); /* '\' alone, givens */
    round_trip("# 10\\ 4\\\n\\11 . .\n\\3 . .\n", 0);  /* two-digit clues */
    round_trip(seed_outline, 1);
    /* The writer's layout: one width, the '\' of every clue in one place. */
    static char out[256];
    CHECK_EQ_U64(read_first("# 10\\ 4\\\n\\11 . .\n\\3 . .\n", 0, &g, &(int){0}, &(pb_error){0}),
                 1);
    kakuro_format_grid(&g, out, sizeof out);
    CHECK_STR(out, "  #   10\\    4\\\n"
                   "  \\11   .     .\n"
                   "  \\3    .     .\n");
    CHECK_EQ_U64(read_first("\\3 1 2 # .\n", 0, &g, &(int){0}, &(pb_error){0}), 1);
    kakuro_format_grid(&g, out, sizeof out);
    CHECK_STR(out, "\\3 1  2  #  .\n");
}

static void test_seed_outline(void)
{
    static char out[512];
    pb_error e = {0, ""};
    int line = 0;
    CHECK_EQ_U64(read_first(seed_outline, 1, &g, &line, &e), 1);
    CHECK_EQ_U64(line, 1);
    CHECK(g.rows == 7 && g.cols == 7);
    const char *want_white[7] = {"-------", "---WW--", "--WWW--", "-WW-WWW",
                                 "-WW--WW", "---WWW-", "---WW--"};
    int whites = 0;
    for (int r = 0; r < 7; r++)
        for (int c = 0; c < 7; c++) {
            CHECK(g.white[r * 7 + c] == (want_white[r][c] == 'W'));
            whites += g.white[r * 7 + c];
        }
    CHECK_EQ_U64(whites, 19);
    for (int i = 0; i < 49; i++) CHECK(!g.digit[i] && !g.down[i] && !g.right[i]);
    kakuro_format_outline(&g, out, sizeof out);
    CHECK_STR(out, seed_outline);
    char msg[128];
    CHECK_EQ_U64(kakuro_outline_check(&g, msg, sizeof msg), 0);
    /* Several outlines in one text, with comments and blank lines. */
    static char text[2048];
    snprintf(text, sizeof text, "; two\n\n%s\n; second\n%s", seed_outline, seed_outline);
    kakuro_reader r;
    kakuro_reader_init(&r, text, strlen(text));
    CHECK_EQ_U64(kakuro_read_outline(&r, &g, &line, &e), 1);
    CHECK_EQ_U64(line, 3);
    CHECK_EQ_U64(kakuro_read_outline(&r, &g, &line, &e), 1);
    CHECK_EQ_U64(line, 13);
    CHECK_EQ_U64(kakuro_read_outline(&r, &g, &line, &e), 0);
}

/* ---- runs and rules ---- */

static const char grid4[] = "#   3\\ 16\\ #\n"
                            "\\4  .   .   4\\\n"
                            "\\10 .   .   .\n"
                            "#   \\9 .   .\n";

/* One-cell runs: the clues 3 (row 3) and 2 (column 3) are their cells' digits; the
 * last cell has no clue either way and is in no run. One solution: 1 2 / 3 and any
 * digit in the last cell. */
static const char singles[] = "#  4\\ 2\\ #\n"
                              "\\3 .  .   #\n"
                              "\\3 .  #   .\n";

static void test_runs(void)
{
    pb_error e = {0, ""};
    int line;
    CHECK_EQ_U64(read_first(grid4, 0, &g, &line, &e), 1);
    static kakuro_run runs[8];
    static const struct {
        int dir, clue, len, sum, cell[3];
    } want[6] = {
        {KAKURO_ACROSS, 4, 2, 4, {5, 6}},     {KAKURO_ACROSS, 8, 3, 10, {9, 10, 11}},
        {KAKURO_ACROSS, 13, 2, 9, {14, 15}},  {KAKURO_DOWN, 1, 2, 3, {5, 9}},
        {KAKURO_DOWN, 2, 3, 16, {6, 10, 14}}, {KAKURO_DOWN, 7, 2, 4, {11, 15}},
    };
    CHECK_EQ_U64(kakuro_find_runs(&g, runs, 8), 6);
    for (int k = 0; k < 6; k++) {
        CHECK_EQ_U64(runs[k].dir, want[k].dir);
        CHECK_EQ_U64(runs[k].clue, want[k].clue);
        CHECK_EQ_U64(runs[k].len, want[k].len);
        CHECK_EQ_U64(runs[k].sum, want[k].sum);
        for (int j = 0; j < want[k].len; j++)
            CHECK_EQ_U64(kakuro_run_cell(&runs[k], j), want[k].cell[j]);
    }
    /* max cuts what is stored, not the count. */
    memset(runs, 0xff, sizeof runs);
    CHECK_EQ_U64(kakuro_find_runs(&g, runs, 2), 6);
    CHECK_EQ_U64(runs[2].len, (uint64_t)-1);
    CHECK_EQ_U64(kakuro_find_runs(&g, NULL, 0), 6);
    /* A single white cell is a run where a clue says so (its clue is its digit), and
     * no run where none does. */
    CHECK_EQ_U64(read_first(singles, 0, &g, &line, &e), 1);
    static const struct {
        int dir, clue, len, sum, first;
    } one[4] = {
        {KAKURO_ACROSS, 4, 2, 3, 5},
        {KAKURO_ACROSS, 8, 1, 3, 9},
        {KAKURO_DOWN, 1, 2, 4, 5},
        {KAKURO_DOWN, 2, 1, 2, 6},
    };
    CHECK_EQ_U64(kakuro_find_runs(&g, runs, 8), 4);
    for (int k = 0; k < 4; k++)
        CHECK(runs[k].dir == one[k].dir && runs[k].clue == one[k].clue &&
              runs[k].len == one[k].len && runs[k].sum == one[k].sum &&
              runs[k].first == one[k].first);
    /* Runs at the grid's edge have no clue cell; runs over 9 are found too; single
     * cells without a clue are no runs. */
    kakuro_grid_init(&g, 2, 11);
    for (int c = 0; c < 11; c++) g.white[c] = 1;
    g.white[11] = 1;
    CHECK_EQ_U64(kakuro_find_runs(&g, runs, 8), 2);
    CHECK(runs[0].dir == KAKURO_ACROSS && runs[0].clue == -1 && runs[0].len == 11 &&
          runs[0].sum == 0 && kakuro_run_cell(&runs[0], 10) == 10);
    CHECK(runs[1].dir == KAKURO_DOWN && runs[1].clue == -1 && runs[1].len == 2 &&
          kakuro_run_cell(&runs[1], 0) == 0 && kakuro_run_cell(&runs[1], 1) == 11);
    CHECK_EQ_U64(kakuro_grid_init(&g, 0, 3), (uint64_t)-1);
    CHECK_EQ_U64(kakuro_grid_init(&g, 3, KAKURO_MAX_DIM + 1), (uint64_t)-1);
    CHECK_EQ_U64(kakuro_grid_init(&g, KAKURO_MAX_DIM, KAKURO_MAX_DIM), 0);
    CHECK(g.cap >= (size_t)KAKURO_MAX_DIM * KAKURO_MAX_DIM);
    /* A smaller grid reuses the arrays; a copy is whole. */
    unsigned char *before = g.white;
    CHECK_EQ_U64(kakuro_grid_init(&g, 2, 3), 0);
    CHECK(g.white == before && g.rows == 2 && g.cols == 3);
    g.white[4] = 1, g.digit[4] = 7, g.right[3] = 7;
    CHECK_EQ_U64(kakuro_grid_copy(&g2, &g), 0);
    CHECK(g2.rows == 2 && g2.cols == 3 && g2.white != g.white && g2.white[4] && g2.digit[4] == 7 &&
          g2.right[3] == 7 && !g2.white[5]);
}

/* An outline from rows of '#' (black) and '.' (white). */
static void outline_from(kakuro_grid *o, int rows, const char *const *pic)
{
    kakuro_grid_init(o, rows, (int)strlen(pic[0]));
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < o->cols; c++) o->white[r * o->cols + c] = pic[r][c] == '.';
}

static void test_outline_check(void)
{
    static const struct {
        int rows;
        const char *pic[6];
        const char *msg; /* NULL: valid */
    } cases[] = {
        {3, {"###", "#..", "#.."}, NULL},
        {4, {"####", "#..#", "#...", "##.."}, NULL},
        {3, {"###", "#..", "#.#"}, "row 3, column 2: across run of 1"},
        {3, {"###", "#.#", "#.."}, "row 2, column 2: across run of 1"},
        {4, {"####", "#..#", "#.##", "####"}, "row 3, column 2: across run of 1"},
        {3, {"#..", "#..", "#.."}, "row 1, column 2: down run at the grid's edge, no clue cell"},
        {3, {"###", "...", "#.."}, "row 2, column 1: across run at the grid's edge, no clue cell"},
        {2, {"###########", "#.........."}, "row 2, column 2: across run of 10"},
        {5,
         {"#####", "#..##", "#..##", "###..", "###.."},
         "row 4, column 4: white cell not connected to row 2, column 2"},
        {2, {"###", "###"}, "no white cells"},
    };
    char msg[128];
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        outline_from(&g, cases[k].rows, cases[k].pic);
        int rc = kakuro_outline_check(&g, msg, sizeof msg);
        if (!cases[k].msg) {
            CHECK_EQ_U64(rc, 0);
        } else {
            CHECK_EQ_U64(rc, (uint64_t)-1);
            CHECK_STR(msg, cases[k].msg);
        }
        CHECK_EQ_U64(kakuro_outline_check(&g, NULL, 0), (uint64_t)rc);
    }
    /* A run of 10 down, too. */
    kakuro_grid_init(&g, 11, 3);
    for (int r = 1; r < 11; r++) g.white[r * 3 + 1] = g.white[r * 3 + 2] = 1;
    CHECK_EQ_U64(kakuro_outline_check(&g, msg, sizeof msg), (uint64_t)-1);
    CHECK_STR(msg, "row 2, column 2: down run of 10");
}

static void test_solutions(void)
{
    pb_error e = {0, ""};
    int line;
    /* grid4 has two solutions (see many.kak): 1 3 / 2 7 1 / 6 3 and 1 3 / 2 5 3 / 8 1. */
    CHECK_EQ_U64(read_first(grid4, 0, &g, &line, &e), 1);
    static const int a[8] = {1, 3, 2, 7, 1, 6, 3}, b[8] = {1, 3, 2, 5, 3, 8, 1};
    kakuro_grid_fill(&g, a, &g2);
    CHECK(kakuro_is_solution_of(&g, &g2));
    kakuro_grid_fill(&g, b, &g2);
    CHECK(kakuro_is_solution_of(&g, &g2));
    CHECK(g2.digit[5] == 1 && g2.digit[6] == 3 && g2.digit[15] == 1 && g2.down[2] == 16);
    /* derive_clues gives back the puzzle's clues. */
    kakuro_grid d = {0};
    CHECK(kakuro_grid_copy(&d, &g2) == 0);
    memset(d.down, 0, 16);
    memset(d.right, 0, 16);
    d.right[0] = 7; /* a clue where no run starts: cleared */
    kakuro_derive_clues(&d);
    CHECK(!memcmp(d.down, g.down, 16) && !memcmp(d.right, g.right, 16));
    kakuro_grid_free(&d);
    /* Wrong: a sum off, a repeated digit, an empty cell, a given changed, a black cell. */
    static const int wrong_sum[8] = {1, 3, 2, 7, 1, 6, 2};
    kakuro_grid_fill(&g, wrong_sum, &g2);
    CHECK(!kakuro_is_solution_of(&g, &g2));
    kakuro_grid_fill(&g, b, &g2);
    g2.digit[15] = 0;
    CHECK(!kakuro_is_solution_of(&g, &g2));
    kakuro_grid_fill(&g, b, &g2);
    g2.white[0] = 1, g2.digit[0] = 5;
    CHECK(!kakuro_is_solution_of(&g, &g2));
    kakuro_grid_fill(&g, b, &g2);
    g2.rows = 3;
    CHECK(!kakuro_is_solution_of(&g, &g2));
    /* sums right but a digit twice: \4 over 2 2 */
    CHECK_EQ_U64(read_first("# 4\\ 4\\\n\\4 . .\n\\4 . .\n", 0, &g, &line, &e), 1);
    static const int twice[4] = {2, 2, 2, 2}, ok[4] = {1, 3, 3, 1};
    kakuro_grid_fill(&g, twice, &g2);
    CHECK(!kakuro_is_solution_of(&g, &g2));
    kakuro_grid_fill(&g, ok, &g2);
    CHECK(kakuro_is_solution_of(&g, &g2));
    CHECK_EQ_U64(read_first("# 4\\ 4\\\n\\4 3 .\n\\4 . .\n", 0, &g, &line, &e), 1);
    CHECK(!kakuro_is_solution_of(&g, &g2)); /* the given 3 is not kept */
    /* A 0 in the values keeps the given. */
    static const int keep[4] = {0, 1, 1, 3};
    kakuro_grid_fill(&g, keep, &g2);
    CHECK(g2.digit[4] == 3 && g2.digit[5] == 1 && kakuro_is_solution_of(&g, &g2));
    /* One-cell runs: checked like any run; derive_clues keeps a single's clue (from
     * its digit) and gives none to a single that had none. */
    CHECK_EQ_U64(read_first(singles, 0, &g, &line, &e), 1);
    static const int one_ok[4] = {1, 2, 3, 9}, one_bad[4] = {2, 1, 2, 9};
    kakuro_grid_fill(&g, one_ok, &g2);
    CHECK(kakuro_is_solution_of(&g, &g2));
    kakuro_grid_fill(&g, one_bad, &g2); /* both one-cell runs off (3 and 2 wanted) */
    CHECK(!kakuro_is_solution_of(&g, &g2));
    kakuro_grid_fill(&g, one_ok, &g2);
    g2.right[8] = 7, g2.down[2] = 9, g2.down[3] = 5;
    kakuro_derive_clues(&g2);
    CHECK(g2.right[8] == 3 && g2.down[2] == 2 && g2.right[4] == 3 && g2.down[1] == 4);
    CHECK(!g2.down[3] && !g2.right[10] && !g2.down[7]);
    g2.right[8] = 0;
    kakuro_derive_clues(&g2);
    CHECK(!g2.right[8] && g2.down[2] == 2);
}

/* ---- the model ---- */

static void test_model(void)
{
    pb_error e = {0, ""};
    int line;
    CHECK_EQ_U64(read_first("#   3\\ 16\\ #\n"
                            "\\4  .   .   4\\\n"
                            "\\10 2   .   .\n"
                            "#   \\9 .   .\n",
                            0, &g, &line, &e),
                 1);
    pb_model *m = kakuro_model_new(&g, &e);
    CHECK(m != NULL);
    if (!m) return;
    CHECK_EQ_U64(m->ncells, 7);
    CHECK_EQ_U64(m->nvalues, 9);
    CHECK_EQ_U64(m->ngroups, 6);
    CHECK_EQ_U64(m->nsums, 6);
    CHECK(m->kind && !strcmp(m->kind, "kakuro"));
    static const int sums[6] = {4, 10, 9, 3, 16, 4};
    static const int members[6][3] = {{0, 1}, {2, 3, 4}, {5, 6}, {0, 2}, {1, 3, 5}, {4, 6}};
    static const int lens[6] = {2, 3, 2, 2, 3, 2};
    for (int k = 0; k < 6; k++) {
        CHECK_EQ_U64(m->group_sum[k], sums[k]);
        CHECK_EQ_U64(m->group_start[k + 1] - m->group_start[k], lens[k]);
        for (int j = 0; j < lens[k]; j++)
            CHECK_EQ_U64(m->group_cells[m->group_start[k] + j], members[k][j]);
    }
    for (int c = 0; c < 7; c++) CHECK_EQ_U64(m->domain[c], c == 2 ? PB_BIT(2) : PB_FULL(9));
    CHECK(m->rows == 4 && m->cols == 4);
    static const int rows[7] = {1, 1, 2, 2, 2, 3, 3}, cols[7] = {1, 2, 1, 2, 3, 2, 3};
    for (int c = 0; c < 7; c++) {
        CHECK(m->cell_row[c] == rows[c] && m->cell_col[c] == cols[c]);
        CHECK_EQ_U64(m->at[rows[c] * 4 + cols[c]], c);
    }
    CHECK_EQ_U64(m->at[0], (uint64_t)-1);
    /* pb_model_check agrees with kakuro_is_solution_of on every fill of the 3x3
     * puzzles below and on a sample of grid4's fills. */
    pb_model_free(m);
    static const char *const small[] = {
        "# 4\\ 4\\\n\\4 . .\n\\4 . .\n",
        "# 4\\ 6\\\n\\3 . .\n\\7 . .\n",
        "# 4\\ 6\\\n\\3 . 2\n\\7 . .\n",
        "#   3\\ 16\\ #\n\\4  .   .   4\\\n\\10 .   .   .\n#   \\9 .   .\n",
    };
    for (size_t k = 0; k < sizeof small / sizeof small[0]; k++) {
        CHECK_EQ_U64(read_first(small[k], 0, &g, &line, &e), 1);
        m = kakuro_model_new(&g, &e);
        CHECK(m != NULL);
        if (!m) continue;
        int v[8] = {0}, agree = 1, yes = 0;
        const int n = m->ncells;
        uint64_t total = 1, step = 1;
        for (int c = 0; c < n; c++) total *= 9;
        if (total > 100000) step = 997; /* a spread sample of the 9^7 fills */
        for (uint64_t x = 0; x < total; x += step) {
            uint64_t y = x;
            for (int c = 0; c < n; c++) v[c] = 1 + (int)(y % 9), y /= 9;
            kakuro_grid_fill(&g, v, &g2);
            const int ours = kakuro_is_solution_of(&g, &g2), model = pb_model_check(m, v);
            agree &= ours == model;
            yes += ours;
        }
        CHECK(agree);
        CHECK(yes > 0 || k == 3);
        pb_model_free(m);
    }
    kakuro_grid_init(&g, 1, 1);
    CHECK(kakuro_model_new(&g, &e) == NULL);
    CHECK_STR(e.msg, "no white cells");
}

/* The runs the public collections have: one-cell runs, runs without a clue, runs no
 * digits fill. */
static void test_model_runs(void)
{
    pb_error e = {0, ""};
    int line;
    pb_model *m;
    /* One-cell runs are sum groups of one cell, in the run order. */
    CHECK_EQ_U64(read_first(singles, 0, &g, &line, &e), 1);
    m = kakuro_model_new(&g, &e);
    CHECK(m != NULL && m->ncells == 4 && m->ngroups == 4 && m->nsums == 4);
    if (m) {
        static const int one_sum[4] = {3, 3, 4, 2}, one_len[4] = {2, 1, 2, 1};
        for (int k = 0; k < 4; k++)
            CHECK(m->group_sum[k] == one_sum[k] &&
                  m->group_start[k + 1] - m->group_start[k] == one_len[k]);
        CHECK(m->group_cells[m->group_start[1]] == 2 && m->group_cells[m->group_start[3]] == 1);
        CHECK(m->sum_set_start[2] - m->sum_set_start[1] == 1 &&
              m->sum_set[m->sum_set_start[1]] == PB_BIT(3));
        pb_model_free(m);
    }
    /* A run without a clue is a plain all-different group. */
    kakuro_grid_init(&g, 3, 3);
    g.white[4] = g.white[5] = g.white[8] = 1, g.down[2] = 9;
    m = kakuro_model_new(&g, &e);
    CHECK(m != NULL && m->ngroups == 2 && m->nsums == 1);
    if (m) {
        CHECK(m->group_sum[0] == 0 && m->group_start[1] == 2 && m->group_sum[1] == 9);
        CHECK(m->group_cells[2] == 1 && m->group_cells[3] == 2);
        CHECK(m->sum_set_start[1] == 0);
        pb_model_free(m);
    }
    kakuro_grid_init(&g, 2, 3);
    g.white[4] = g.white[5] = 1;
    m = kakuro_model_new(&g, &e);
    CHECK(m != NULL && m->ngroups == 1 && m->nsums == 0 && !m->group_sum);
    pb_model_free(m);
    /* Runs no digits fill are groups with no digit set: over 9 cells, a clue no set
     * of that many meets, a one-cell clue over 9. */
    kakuro_grid_init(&g, 3, 11);
    for (int c = 1; c < 11; c++) g.white[c] = 1;
    g.right[0] = 45;
    g.white[23] = g.white[24] = g.white[26] = 1, g.right[22] = 50, g.right[25] = 12;
    m = kakuro_model_new(&g, &e);
    CHECK(m != NULL && m->ngroups == 3 && m->nsums == 3);
    if (m) {
        CHECK(m->group_start[1] == 10 && m->group_start[2] == 12 && m->group_start[3] == 13);
        CHECK(m->group_sum[0] == 45 && m->group_sum[1] == 50 && m->group_sum[2] == 12);
        for (int k = 0; k < 3; k++) CHECK(m->sum_set_start[k + 1] == 0);
        pb_model_free(m);
    }
}

/* ---- the hand-made puzzles ---- */

int main(void)
{
    test_bad_grids();
    test_note_grids();
    test_skip();
    test_bad_outlines();
    test_round_trips();
    test_seed_outline();
    test_runs();
    test_outline_check();
    test_solutions();
    test_model();
    test_model_runs();
    kakuro_grid_free(&g);
    kakuro_grid_free(&g2);
    return check_report("test_kakuro_formats");
}
