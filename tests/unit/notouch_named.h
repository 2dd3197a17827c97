/* notouch_named.h — the tests' notouch board by name (2x5, cross8, ...) as a model;
 * a name the tests mistyped ends the test with exit 2. */
#ifndef PB_TEST_NOTOUCH_NAMED_H
#define PB_TEST_NOTOUCH_NAMED_H

#include <stdio.h>
#include <stdlib.h>

#include "core/engine.h"
#include "notouch/board.h"

static pb_model *notouch_named(const char *name, int diff, notouch_adj adj)
{
    notouch_board b;
    pb_error e;
    if (notouch_board_named(name, &b, &e)) {
        fprintf(stderr, "board %s: %s\n", name, e.msg);
        exit(2);
    }
    return notouch_model(&b, diff, adj);
}

#endif
