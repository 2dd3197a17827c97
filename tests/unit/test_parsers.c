/* test_parsers.c — the notouch board mask parser, the sudoku reader and writer, and
 * the sweep file parser: what they accept and the line and message of what they
 * reject. */
#include <string.h>

#include "check.h"
#include "kakuro/kakuro.h"
#include "latin/latin.h"
#include "notouch/board.h"
#include "sudoku/sudoku.h"
#include "harness/sweep/sweep_spec.h"

static int board_error(const char *text, int want_line, const char *want_msg)
{
    notouch_board b;
    pb_error e = {0, ""};
    int rc = notouch_board_parse(text, strlen(text), &b, &e);
    if (rc == 0 || e.line != want_line || !strstr(e.msg, want_msg)) {
        fprintf(stderr, "board %s: rc=%d line=%d msg=%s\n", text, rc, e.line, e.msg);
        return 0;
    }
    return 1;
}

static void test_board_parser(void)
{
    notouch_board b;
    pb_error e;
    const char *ok = ".##.\r\n####\n.##.\n\n\n";
    CHECK(notouch_board_parse(ok, strlen(ok), &b, &e) == 0);
    CHECK(b.rows == 3 && b.cols == 4 && b.ncells == 8);
    const char *ragged = "#\n###\n";
    CHECK(notouch_board_parse(ragged, strlen(ragged), &b, &e) == 0);
    CHECK(b.cols == 3 && b.ncells == 4);
    CHECK(board_error("", 1, "empty board"));
    CHECK(board_error("\n\n", 2, "empty board"));
    CHECK(board_error("...\n...\n", 2, "at least one cell"));
    CHECK(board_error("##\n#x\n", 2, "got 'x'"));
    CHECK(board_error("##\n\n##\n", 2, "blank line"));
    char big[200];
    memset(big, '#', 65);
    big[65] = '\0';
    CHECK(board_error(big, 1, "row longer than 64"));
    CHECK(board_error("#########\n#########\n#########\n#########\n#########\n#########\n"
                      "#########\n#########\n",
                      8, "board too large: 72 cells"));
    CHECK(notouch_board_named("9x9", &b, &e) == -1 && strstr(e.msg, "too large"));
    CHECK(notouch_board_named("2x", &b, &e) == NOTOUCH_UNKNOWN_BOARD &&
          strstr(e.msg, "unknown board"));
    CHECK(notouch_board_named("cross9", &b, &e) == NOTOUCH_UNKNOWN_BOARD);
    CHECK(notouch_board_named("0x5", &b, &e) == -1 &&
          strstr(e.msg, "board 0x5: expected RxC with R and C at least 1"));
    CHECK(notouch_board_named("8x8", &b, &e) == 0 && b.ncells == 64);
    /* A side past int is too large, never wrapped round to a small board (2x1). */
    CHECK(notouch_board_named("4294967298x1", &b, &e) == -1 &&
          strstr(e.msg, "4294967298x1 has over 64 cells, at most 64"));
    CHECK(notouch_board_named("2x99999999999999999999", &b, &e) == -1 &&
          strstr(e.msg, "too large"));
    CHECK(notouch_board_named("-2x5", &b, &e) == -1 && strstr(e.msg, "at least 1"));
    CHECK(notouch_board_named("2x5x", &b, &e) == NOTOUCH_UNKNOWN_BOARD);
    CHECK(notouch_board_named("2x", &b, &e) == NOTOUCH_UNKNOWN_BOARD);
}

/* The value of the family option `name` in the sweep's parameters, as text. */
static const char *param_text(const pb_sweep_spec *s, const char *name)
{
    static char buf[64];
    pb_option_value_text(pb_option_find(s->fam->options, name), s->params, buf, sizeof buf);
    return buf;
}

/* Parses text and resolves its family: 0, or -1 with e set. */
static int read_sweep(pb_sweep_spec *s, const char *text, size_t len, pb_error *e)
{
    return pb_sweep_spec_parse(s, text, len, e) || pb_sweep_spec_resolve(s, e) ? -1 : 0;
}

static void test_sweep_parser(void)
{
    pb_sweep_spec s;
    pb_error e = {0, ""};
    CHECK(pb_sweep_spec_init(&s) == 0);
    const char *text = "# a comment\nname demo\nfamily notouch  # trailing\n"
                       "instances cross8,\n  2x3\nengines backtrack propagate\norders row mrv\n"
                       "modes count\nsearch-threads 1 2\nsamples 2\nmin-sample-time 0.5\nwarmup "
                       "0\nstep-limit 2e9 enum-all=1000\n"
                       "time-limit 1.5\ndiff 3\nadj orth\n";
    CHECK(read_sweep(&s, text, strlen(text), &e) == 0);
    CHECK(!strcmp(s.name, "demo") && !strcmp(s.family, "notouch"));
    CHECK(s.instances.n == 2 && !strcmp(s.instances.item[1], "2x3"));
    CHECK(s.matrix.orders.n == 2 && s.matrix.modes.n == 1 && s.matrix.search_threads.n == 2 &&
          s.matrix.search_threads.v[1] == 2);
    CHECK(s.timing.samples == 2 && s.timing.min_sample_s == 0.5 && s.timing.warmup_s == 0 &&
          s.matrix.step_limit.all == 2000000000u && s.time_limit == 1.5);
    CHECK(!strcmp(param_text(&s, "diff"), "3") && !strcmp(param_text(&s, "adj"), "orth"));
    CHECK(pb_sweep_spec_step_limit(&s, "enum-all") == 1000);
    CHECK(pb_sweep_spec_step_limit(&s, "backtrack") == 2000000000u);
    pb_sweep_spec_free(&s);

    static const struct {
        const char *text;
        int line;
        const char *msg;
    } bad[] = {
        {"name x\nbogus 1\n", 2, "unknown key 'bogus'"},
        {"samples\n", 1, "expected a value"},
        {"samples 0\n", 1, "samples expects a whole number from 1"},
        {"samples 101\n", 1, "samples expects a whole number from 1 to 100"},
        {"warmup -1\n", 1, "warmup expects"},
        {"max-samples 101\n", 1, "max-samples expects a whole number from 0 to 100"},
        {"ci-target 2\n", 1, "ci-target expects"},
        {"min-sample-time -1\n", 1, "min-sample-time"},
        {"reps 3\n", 1, "'reps' is now 'samples'"},
        {"modes first all\n", 1, "expects first, count or unique"},
        {"\n\nstep-limit -5\n", 3, "step-limit"},
        {"step-limit 10 =5\n", 1, "ENGINE=N"},
        {"step-limit enum-all=x\n", 1, "ENGINE=N"},
        {"  cross8\nsamples 1\n", 1, "expected a key"},
        {"search-threads 1 x\n", 1, "search-threads"},
        {"family notouch\nadj queen\n", 2, "king or orth"},
        {"family sudoku\ndiff 3\n", 2, "not a key of family sudoku"},
        {"name two words\n", 1, "letters, digits and . _ + - only"},
        {"name x.samples\n", 1, "not ending in '.samples'"},
        {"name x.levels\n", 1, "not ending in '.levels'"},
        {"name a\x01\n", 1, "printable ASCII"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        CHECK(pb_sweep_spec_init(&s) == 0);
        e.line = -1;
        int rc = read_sweep(&s, bad[i].text, strlen(bad[i].text), &e);
        CHECK(rc == -1);
        CHECK(e.line == bad[i].line);
        CHECK(strstr(e.msg, bad[i].msg) != NULL);
        if (e.line != bad[i].line || !strstr(e.msg, bad[i].msg))
            fprintf(stderr, "  case %zu: line %d: %s\n", i, e.line, e.msg);
        pb_sweep_spec_free(&s);
    }
    char nul[] = "name a\0b\n";
    CHECK(pb_sweep_spec_init(&s) == 0);
    CHECK(pb_sweep_spec_parse(&s, nul, sizeof nul - 1, &e) == -1 && e.line == 1);
    pb_sweep_spec_free(&s);
}

/* Reads every puzzle of text; returns how many, checking the first error if any. */
static int sudoku_error(const char *text, int want_line, const char *want_msg)
{
    sudoku_reader r;
    sudoku_grid g;
    sudoku_format f;
    pb_error e = {0, ""};
    int line, rc;
    sudoku_reader_init(&r, text, strlen(text));
    while ((rc = sudoku_read(&r, &g, &f, &line, &e)) == 1) continue;
    if (rc != -1 || e.line != want_line || !strstr(e.msg, want_msg)) {
        fprintf(stderr, "sudoku %s: rc=%d line=%d msg=%s\n", text, rc, e.line, e.msg);
        return 0;
    }
    return 1;
}

static void test_sudoku_reader(void)
{
    /* A 4x4 in both formats, a 9x9 line with '0' and '.', comments and blank lines. */
    const char *ok = "# comment\n\n1..4..1..4..3..2\r\n\n"
                     " 1 0 0 4\n 0 0 1 0\n# inside a block\n 0 4 0 0\n 3 0 0 2\n"
                     "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9.."
                     "..0000\n";
    sudoku_reader r;
    sudoku_grid g[3];
    sudoku_format f[3];
    int line[3];
    pb_error e;
    sudoku_reader_init(&r, ok, strlen(ok));
    for (int i = 0; i < 3; i++) CHECK(sudoku_read(&r, &g[i], &f[i], &line[i], &e) == 1);
    CHECK(sudoku_read(&r, &g[0], &f[0], &line[0], &e) == 0);
    CHECK(g[0].size == 4 && f[0] == SUDOKU_LINE && line[0] == 3);
    CHECK(g[1].size == 4 && f[1] == SUDOKU_NUMBERS && line[1] == 5);
    CHECK(g[2].size == 9 && f[2] == SUDOKU_LINE && line[2] == 10);
    CHECK(memcmp(g[0].cell, g[1].cell, 16) == 0); /* the same puzzle twice */
    CHECK(g[1].cell[0] == 1 && g[1].cell[3] == 4 && g[1].cell[6] == 1 && g[1].cell[15] == 2);
    CHECK(g[2].cell[0] == 4 && g[2].cell[4] == 3 && g[2].cell[1] == 0 && g[2].cell[80] == 0);

    /* Writing gives back what was read, in either format. */
    char buf[2048];
    sudoku_format_grid(&g[1], SUDOKU_NUMBERS, buf, sizeof buf);
    CHECK(!strcmp(buf, "1 0 0 4\n0 0 1 0\n0 4 0 0\n3 0 0 2\n"));
    sudoku_format_grid(&g[1], SUDOKU_LINE, buf, sizeof buf);
    CHECK(!strcmp(buf, "1..4..1..4..3..2\n"));
    CHECK(sudoku_format_grid(&g[2], SUDOKU_LINE, buf, 10) == 82 && strlen(buf) == 9);

    /* 16x16 and 25x25 symbols: A = 10 ... P = 25, lower case accepted. */
    char big[700];
    sudoku_grid_init(&g[0], 5);
    for (int c = 0; c < 625; c++) big[c] = '.';
    big[0] = 'P', big[1] = 'a', big[625] = '\n', big[626] = '\0';
    sudoku_reader_init(&r, big, strlen(big));
    CHECK(sudoku_read(&r, &g[0], &f[0], &line[0], &e) == 1);
    CHECK(g[0].size == 25 && g[0].cell[0] == 25 && g[0].cell[1] == 10);
    sudoku_format_grid(&g[0], SUDOKU_NUMBERS, buf, sizeof buf);
    CHECK(!strncmp(buf, "25 10  0", 8));

    /* Rules. */
    sudoku_grid_init(&g[0], 2);
    g[0].cell[0] = 3, g[0].cell[5] = 3;
    char msg[80];
    CHECK(sudoku_check_rules(&g[0], msg, sizeof msg) == -1 && strstr(msg, "3 twice in box 1"));
    const char *sol = "1234341221434321";
    for (int c = 0; c < 16; c++) g[1].cell[c] = (unsigned char)(sol[c] - '0');
    sudoku_grid_init(&g[0], 2);
    g[0].cell[0] = 1;
    CHECK(sudoku_is_solution_of(&g[0], &g[1]));
    g[0].cell[0] = 2;
    CHECK(!sudoku_is_solution_of(&g[0], &g[1]));
    g[0].cell[0] = 0, g[1].cell[15] = 4;
    CHECK(!sudoku_is_solution_of(&g[0], &g[1]));

    /* Every kind of bad input, with its line; the reader goes on after it. */
    CHECK(sudoku_error("1..4..1..4..3..\n", 1, "16, 81, 256 or 625 cells on one line, got 15"));
    CHECK(sudoku_error("\n1..4..1..4..3..5\n", 2, "column 16: '5' is outside 1-4"));
    CHECK(sudoku_error("1..4..1..4..3..*\n", 1, "unexpected character '*'"));
    CHECK(sudoku_error("11.4..1..4..3..2\n", 1, "givens break the rules: 1 twice in row 1"));
    CHECK(sudoku_error("1 0 0 4\n0 0 1 0\n0 4 0\n", 1, "expected 16, 81, 256 or 625 numbers"));
    CHECK(sudoku_error("1 0 0 4\n0 0 x 0\n0 4 0 0\n3 0 0 2\n", 2, "'x' is not a cell"));
    CHECK(sudoku_error("1 0 0 4\n0 0 1 0\n0 4 0 0\n3 0 0 7\n", 4, "7 is outside 0-4"));
    CHECK(sudoku_error("1 0 0 4\n0 0 1 0\n0 0 1 0\n3 0 0 2\n", 1, "1 twice in column 3"));
    char longline[SUDOKU_MAX_LINE + 10];
    memset(longline, '.', sizeof longline - 2);
    longline[sizeof longline - 2] = '\n', longline[sizeof longline - 1] = '\0';
    CHECK(sudoku_error(longline, 1, "line longer than 4096"));
    const char *mixed = "1..4..1..4..3..5\n1..4..1..4..3..2\n1 0\n\n1..4..1..4..3..2\n";
    sudoku_reader_init(&r, mixed, strlen(mixed));
    int results[5], n = 0, rc;
    while (n < 5 && (rc = sudoku_read(&r, &g[0], &f[0], &line[0], &e)) != 0) results[n++] = rc;
    CHECK(n == 4 && results[0] == -1 && results[1] == 1 && results[2] == -1 && results[3] == 1);
}

/* The first error of sudoku text[0 .. len) (NUL bytes allowed): its line, message. */
static int sudoku_error_n(const char *text, size_t len, int want_line, const char *want_msg)
{
    sudoku_reader r;
    sudoku_grid g;
    sudoku_format f;
    pb_error e = {0, ""};
    int line, rc;
    sudoku_reader_init(&r, text, len);
    while ((rc = sudoku_read(&r, &g, &f, &line, &e)) == 1) continue;
    if (rc != -1 || e.line != want_line || strcmp(e.msg, want_msg)) {
        fprintf(stderr, "sudoku: rc=%d line=%d msg=%s\n", rc, e.line, e.msg);
        return 0;
    }
    return 1;
}

/* Every reader: a byte-order mark is refused (pb_read_file strips the one a file may
 * start with, so a second one is an error), a bad byte is named
 * `byte 0xNN` (never echoed raw), and a sudoku line may end in a '#' comment. */
static void test_reader_bytes(void)
{
    static kakuro_grid kg;
    static latin_square sq;
    sudoku_reader r;
    sudoku_grid g;
    sudoku_format f;
    pb_error e = {0, ""};
    int line;
    const char bom_sudoku[] = "\xef\xbb\xbf"
                              "1..4..1..4..3..2\n";
    sudoku_reader_init(&r, bom_sudoku, sizeof bom_sudoku - 1);
    CHECK(sudoku_read(&r, &g, &f, &line, &e) == -1 && e.line == 1);
    const char comment[] = "1..4..1..4..3..2 # a name\n1..4..1..4..3..2\t#x\n";
    sudoku_reader_init(&r, comment, sizeof comment - 1);
    CHECK(sudoku_read(&r, &g, &f, &line, &e) == 1 && g.cell[15] == 2 && f == SUDOKU_LINE);
    CHECK(sudoku_read(&r, &g, &f, &line, &e) == 1 && line == 2);
    CHECK(sudoku_read(&r, &g, &f, &line, &e) == 0);
    const char nul[] = "1..4..1.\0"
                       "4..3..2\n";
    CHECK(sudoku_error_n(nul, sizeof nul - 1, 1,
                         "column 9: unexpected byte 0x00 (expected 1-4, '.' or '0')"));
    const char high[] = "\n1..4..1..4..3..\xfe\n";
    CHECK(sudoku_error_n(high, sizeof high - 1, 2,
                         "column 16: unexpected byte 0xfe (expected 1-4, '.' or '0')"));
    /* A UTF-8 symbol among 16 cells makes 17 bytes: the byte is named, not a length. */
    const char utf8[] = "1..4..1..\xc3\xa9..3..2\n";
    CHECK(sudoku_error_n(utf8, sizeof utf8 - 1, 1,
                         "column 10: unexpected byte 0xc3 (expected 1-9, A-P, '.' or '0')"));
    const char numbers[] = "1 0 0 4\n0 0 \x01 0\n0 4 0 0\n3 0 0 2\n";
    CHECK(sudoku_error_n(numbers, sizeof numbers - 1, 2,
                         "column 5: byte 0x01 is not a cell (expected a number, 0 for empty)"));

    kakuro_reader kr;
    const char bom_kakuro[] = "\xef\xbb\xbf#  4\\ 3\\\n\\4 .  .\n\\3 .  .\n";
    kakuro_reader_init(&kr, bom_kakuro, sizeof bom_kakuro - 1);
    CHECK(kakuro_read(&kr, &kg, &line, &e) == -1 && e.line == 1);
    const char bad_kakuro[] = "#  4\\ 3\\\n\\4 .\0 .\n\\3 .  .\n";
    kakuro_reader_init(&kr, bad_kakuro, sizeof bad_kakuro - 1);
    CHECK(kakuro_read(&kr, &kg, &line, &e) == -1 && e.line == 2 &&
          !strcmp(e.msg, "column 2: byte 0x00 in a token (expected D\\R, #, . or a digit 1-9)"));
    const char bom_outline[] = "\xef\xbb\xbf"
                               "3 3\nxx cx cx\nxr nn nn\nxr nn nn\n";
    kakuro_reader_init(&kr, bom_outline, sizeof bom_outline - 1);
    CHECK(kakuro_read_outline(&kr, &kg, &line, &e) == -1 && e.line == 1);
    const char bad_outline[] = "3 3\nxx cx cx\nxr nn \x80n\nxr nn nn\n";
    kakuro_reader_init(&kr, bad_outline, sizeof bad_outline - 1);
    CHECK(kakuro_read_outline(&kr, &kg, &line, &e) == -1 && e.line == 3 &&
          !strcmp(e.msg, "column 3: byte 0x80 in a token (expected nn, xx, cx, xr or cr)"));
    const char bad_size[] = "3 \x07\n";
    kakuro_reader_init(&kr, bad_size, sizeof bad_size - 1);
    CHECK(kakuro_read_outline(&kr, &kg, &line, &e) == -1 && e.line == 1 &&
          strstr(e.msg, "column 2: byte 0x07 in a token"));
    kakuro_grid_free(&kg);

    latin_reader lr;
    const char bom_latin[] = "\xef\xbb\xbf"
                             "1 .\n. 1\n";
    latin_reader_init(&lr, bom_latin, sizeof bom_latin - 1);
    CHECK(latin_read(&lr, &sq, &line, &e) == -1 && e.line == 1);

    notouch_board b;
    const char bom_board[] = "\xef\xbb\xbf##.\n###\n";
    CHECK(notouch_board_parse(bom_board, sizeof bom_board - 1, &b, &e) != 0);
    CHECK(board_error("##\n#\x1b\n", 2, "got byte 0x1b"));
}

int main(void)
{
    test_board_parser();
    test_sudoku_reader();
    test_reader_bytes();
    test_sweep_parser();
    return check_report("test_parsers");
}
