/* test_suggest.c — "did you mean": the nearest name to a typo, none for a word far
 * from every name, and the names joined for an error line. */
#include <string.h>

#include "check.h"
#include "harness/base/suggest.h"

static const char *const engines[] = {"backtrack", "propagate", "enum-all", "enum-perm", NULL};

static void test_nearest(void)
{
    CHECK(pb_suggest("propagte", engines, -1) == engines[1]);
    CHECK(pb_suggest("BACKTRACK", engines, -1) == engines[0]);
    CHECK(pb_suggest("enum-al", engines, 4) == engines[2]);
    CHECK(pb_suggest("prop", engines, -1) == engines[1]); /* a prefix */
    CHECK(pb_suggest("dlx", engines, -1) == NULL);
    CHECK(pb_suggest("zzzzzzzzz", engines, -1) == NULL);
    CHECK(pb_suggest("x", engines, 0) == NULL);
    /* Two neighbours swapped are one slip: near even in a short name. */
    static const char *const orders[] = {"row", "degree", "mrv", NULL};
    static const char *const modes[] = {"first", "count", "unique", NULL};
    CHECK(pb_suggest("mvr", orders, -1) == orders[2]);
    CHECK(pb_suggest("MVR", orders, -1) == orders[2]);
    CHECK(pb_suggest("frist", modes, -1) == modes[0]);
    CHECK(pb_suggest("cuont", modes, -1) == modes[1]);
    CHECK(pb_suggest("rvm", orders, -1) == NULL); /* two swaps apart */
    /* A known name as a whole hyphenated part of the word, at its start or end. */
    static const char *const keys[] = {"params", "engine-seeds", "time-limit", "rows", NULL};
    CHECK(pb_suggest("engine-params", keys, -1) == keys[0]);
    CHECK(pb_suggest("time-limit-s", keys, -1) == keys[2]);
    CHECK(pb_suggest("rowsx", keys, -1) == keys[3]);   /* near by distance, as before */
    CHECK(pb_suggest("enginerows", keys, -1) == NULL); /* not a hyphenated part */
    CHECK(pb_suggest("ab-xparams", keys, -1) == NULL);
}

static void test_hint(void)
{
    char out[80];
    CHECK(!strcmp(pb_suggest_hint("propagte", engines, -1, out, sizeof out),
                  " (did you mean 'propagate'?)"));
    CHECK(!strcmp(pb_suggest_hint("dlx", engines, -1, out, sizeof out), ""));
    /* A word that is a whole hyphenated part of a name: that name beside the nearest,
     * or alone where none is near. */
    static const char *const keys[] = {"seed", "engine-seeds", "time-limit", "rows", NULL};
    CHECK(!strcmp(pb_suggest_hint("seeds", keys, -1, out, sizeof out),
                  " (did you mean 'seed' or 'engine-seeds'?)"));
    CHECK(!strcmp(pb_suggest_hint("limit", keys, -1, out, sizeof out),
                  " (did you mean 'time-limit'?)"));
    CHECK(!strcmp(pb_suggest_hint("engine", keys, -1, out, sizeof out),
                  " (did you mean 'engine-seeds'?)"));
    CHECK(!strcmp(pb_suggest_hint("imit", keys, -1, out, sizeof out), ""));
}

static void test_join(void)
{
    char out[80], small[24];
    CHECK(!strcmp(pb_names_join(engines, -1, out, sizeof out),
                  "backtrack, propagate, enum-all, enum-perm"));
    CHECK(!strcmp(pb_names_join(engines, 2, out, sizeof out), "backtrack, propagate"));
    CHECK(!strcmp(pb_names_join(engines, -1, small, sizeof small), "backtrack, propagate..."));
    CHECK(strlen(small) < sizeof small);
}

int main(void)
{
    test_nearest();
    test_hint();
    test_join();
    return check_report("test_suggest");
}
