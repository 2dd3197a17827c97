/* test_parsers.c — the board mask parser and the sweep file parser: what they accept
 * and the line and message of what they reject. */
#include <string.h>

#include "check.h"
#include "notouch/board.h"
#include "sweep_spec.h"

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
    CHECK(notouch_board_named("2x", &b, &e) == -1 && strstr(e.msg, "unknown board"));
    CHECK(notouch_board_named("0x5", &b, &e) == -1);
    CHECK(notouch_board_named("8x8", &b, &e) == 0 && b.ncells == 64);
}

static void test_sweep_parser(void)
{
    sweep_spec s;
    pb_error e = {0, ""};
    sweep_spec_init(&s);
    const char *text = "# a comment\nname demo\nfamily notouch  # trailing\n"
                       "instances cross8,\n  2x3\nengines backtrack propagate\norders row mrv\n"
                       "modes count\nsearch-threads 1 2\nreps 2\nstep-limit 2e9 enum-all=1000\n"
                       "time-limit 1.5\ndiff 3\nadj orth\n";
    CHECK(sweep_spec_parse(&s, text, strlen(text), &e) == 0);
    CHECK(!strcmp(s.name, "demo") && !strcmp(s.family, "notouch"));
    CHECK(s.instances.n == 2 && !strcmp(s.instances.item[1], "2x3"));
    CHECK(s.orders.n == 2 && s.modes.n == 1 && s.nsearch_threads == 2 && s.search_threads[1] == 2);
    CHECK(s.reps == 2 && s.step_limit == 2000000000u && s.time_limit == 1.5);
    CHECK(s.params.diff == 3 && !strcmp(s.params.adj, "orth"));
    CHECK(sweep_spec_step_limit(&s, "enum-all") == 1000);
    CHECK(sweep_spec_step_limit(&s, "backtrack") == 2000000000u);
    sweep_spec_free(&s);

    static const struct {
        const char *text;
        int line;
        const char *msg;
    } bad[] = {
        {"name x\nbogus 1\n", 2, "unknown key 'bogus'"},
        {"reps\n", 1, "expected a value"},
        {"reps 0\n", 1, "reps: expected a whole number from 1"},
        {"modes first all\n", 1, "expected first or count"},
        {"\n\nstep-limit -5\n", 3, "step-limit"},
        {"step-limit 10 =5\n", 1, "ENGINE=N"},
        {"step-limit enum-all=x\n", 1, "ENGINE=N"},
        {"  cross8\nreps 1\n", 1, "expected a key"},
        {"search-threads 1 x\n", 1, "search-threads"},
        {"adj queen\n", 1, "king or orth"},
        {"name two words\n", 1, "one word"},
        {"name a\x01\n", 1, "printable ASCII"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        sweep_spec_init(&s);
        e.line = -1;
        int rc = sweep_spec_parse(&s, bad[i].text, strlen(bad[i].text), &e);
        CHECK(rc == -1);
        CHECK(e.line == bad[i].line);
        CHECK(strstr(e.msg, bad[i].msg) != NULL);
        if (e.line != bad[i].line || !strstr(e.msg, bad[i].msg))
            fprintf(stderr, "  case %zu: line %d: %s\n", i, e.line, e.msg);
        sweep_spec_free(&s);
    }
    char nul[] = "name a\0b\n";
    sweep_spec_init(&s);
    CHECK(sweep_spec_parse(&s, nul, sizeof nul - 1, &e) == -1 && e.line == 1);
    sweep_spec_free(&s);
}

int main(void)
{
    test_board_parser();
    test_sweep_parser();
    return check_report("test_parsers");
}
