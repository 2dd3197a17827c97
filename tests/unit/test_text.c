/* test_text.c — pb_has_suffix: a suffix at the end only, whole, and a name that is
 * the suffix itself; pb_text_list_add: names joined by ", ", cut where they do not fit. */
#include <string.h>

#include "check.h"
#include "harness/base/text.h"

int main(void)
{
    CHECK(pb_has_suffix("runs.csv", ".csv"));
    CHECK(pb_has_suffix("dir.x/runs.meta", ".meta"));
    CHECK(pb_has_suffix(".csv", ".csv")); /* the suffix itself */
    CHECK(pb_has_suffix("runs.csv", ""));
    CHECK(pb_has_suffix("", ""));
    CHECK(!pb_has_suffix("", ".csv"));
    CHECK(!pb_has_suffix("csv", ".csv")); /* shorter than the suffix */
    CHECK(!pb_has_suffix("runs.csv.part", ".csv"));
    CHECK(!pb_has_suffix("runs.CSV", ".csv")); /* case counts */
    CHECK(!pb_has_suffix("runs_csv", ".csv"));
    CHECK(!pb_has_suffix("a.samples.csv", ".samples"));
    CHECK(pb_has_suffix("a.samples.csv", ".samples.csv"));

    char list[16] = "";
    pb_text_list_add(list, sizeof list, "a.csv");
    CHECK(!strcmp(list, "a.csv"));
    pb_text_list_add(list, sizeof list, "b.meta");
    CHECK(!strcmp(list, "a.csv, b.meta"));
    pb_text_list_add(list, sizeof list, "c.xml"); /* 15 bytes and the NUL fit */
    CHECK(!strcmp(list, "a.csv, b.meta, "));
    pb_text_list_add(list, sizeof list, "d"); /* full: unchanged */
    CHECK(!strcmp(list, "a.csv, b.meta, "));
    return check_report("test_text");
}
