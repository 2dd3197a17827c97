/* test_csvtable.c — the CSV table reader (bench/harness/io/csvtable.h): fields, quotes,
 * CRLF, blank lines, line numbers, and each malformed input's one message. */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "harness/io/csvtable.h"

/* Parses a copy of text; returns the status, the message in err. */
static int parse(const char *text, pb_table *t, char *err, size_t errlen)
{
    char *copy = strdup(text);
    if (!copy) exit(2);
    return pb_table_parse(copy, strlen(copy), "f.csv", t, err, errlen);
}

static void test_good(void)
{
    pb_table t;
    char err[300] = "";
    CHECK(parse("a,b,c\r\n1,\"x,\"\"y\"\"\",3\r\n\r\n\n4,\"two\nlines\",\n", &t, err, sizeof err) ==
          0);
    CHECK(t.ncols == 3 && t.nrows == 2);
    CHECK(pb_table_column(&t, "c") == 2 && pb_table_column(&t, "d") == -1);
    CHECK(!strcmp(pb_table_cell(&t, 0, 0), "1") && !strcmp(pb_table_cell(&t, 0, 1), "x,\"y\""));
    CHECK(!strcmp(pb_table_cell(&t, 0, 2), "3"));
    CHECK(!strcmp(pb_table_cell(&t, 1, 1), "two\nlines") && !strcmp(pb_table_cell(&t, 1, 2), ""));
    CHECK(pb_table_line(&t, 0) == 2 && pb_table_line(&t, 1) == 5 && t.line[0] == 1);
    pb_table_free(&t);
    CHECK(parse("only\n", &t, err, sizeof err) == 0 && t.ncols == 1 && t.nrows == 0);
    pb_table_free(&t);
    CHECK(parse("a,b\n1,2", &t, err, sizeof err) == 0 && t.nrows == 1); /* no final newline */
    CHECK(!strcmp(pb_table_cell(&t, 0, 1), "2"));
    pb_table_free(&t);
}

/* The message for text, which must fail. */
static const char *failure(const char *text)
{
    static char err[300];
    pb_table t;
    err[0] = '\0';
    if (!parse(text, &t, err, sizeof err)) {
        pb_table_free(&t);
        return "(parsed)";
    }
    return err;
}

static void test_bad(void)
{
    CHECK(!strcmp(failure(""), "f.csv:1: expected a header line"));
    CHECK(!strcmp(failure("\n\n"), "f.csv:3: expected a header line"));
    CHECK(!strcmp(failure("a,b\n1,2\n3\n"), "f.csv:3: expected 2 fields, as in the header, got 1"));
    CHECK(!strcmp(failure("a,b\n1,2,3\n"), "f.csv:2: expected 2 fields, as in the header, got 3"));
    CHECK(!strcmp(failure("a,b\n\"1,2\n3,4\n"), "f.csv:2: expected a closing quote"));
    CHECK(!strcmp(failure("a,b\n\"1\"x,2\n"),
                  "f.csv:2: expected a comma or a line end after a closing quote"));
    CHECK(!strcmp(failure("a,,b\n"), "f.csv:1: expected a name for every column"));
    CHECK(!strcmp(failure("a,b,a\n"), "f.csv:1: expected distinct column names, got 'a' twice"));
    /* A NUL byte: the length is given, since strdup would stop at it. */
    char *text = malloc(8);
    memcpy(text, "a\n1\n\0\n", 7);
    pb_table t;
    char err[200];
    CHECK(pb_table_parse(text, 6, "f.csv", &t, err, sizeof err) == -1);
    CHECK(!strcmp(err, "f.csv:3: expected text, got a NUL byte"));
    CHECK(pb_table_read("/nonexistent/x.csv", &t, err, sizeof err) == -1);
    CHECK(!strncmp(err, "/nonexistent/x.csv: cannot open", 31));
}

int main(void)
{
    test_good();
    test_bad();
    return check_report("test_csvtable");
}
