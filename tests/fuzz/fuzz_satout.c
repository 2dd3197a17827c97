/* fuzz_satout.c — the reader of outside SAT solvers' answers (engines/cnf/satout.c,
 * pb_satout_read; import-solution reads minisat's and cadical's output with it), for a
 * problem of 40 variables. A verdict is SAT, UNSAT or unknown; a model is 0/1 per
 * variable and reads back the same written in either form (minisat's result file,
 * the competition's s/v lines); an error is a printable message on a line of the
 * input. */
#include <string.h>

#include "cnf/satout.h"
#include "fuzz.h"

enum { NVARS = 40 };

/* The model truth written as minisat (form 0) or cadical (form 1) would, read back. */
static void round_trip(const unsigned char *truth, int form)
{
    char text[NVARS * 5 + 64];
    size_t n =
        (size_t)snprintf(text, sizeof text, "%s", form ? "c again\ns SATISFIABLE\nv" : "SAT\n");
    for (int v = 1; v <= NVARS; v++)
        n += (size_t)snprintf(text + n, sizeof text - n, " %d", truth[v] ? v : -v);
    n += (size_t)snprintf(text + n, sizeof text - n, " 0\n");
    unsigned char back[NVARS + 1];
    pb_error e = {0, ""};
    FUZZ_CHECK(pb_satout_read(text, n, NVARS, back, &e) == PB_SATOUT_SAT);
    FUZZ_CHECK(!memcmp(back + 1, truth + 1, NVARS));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const int lines = fuzz_lines(data, size);
    unsigned char truth[NVARS + 1];
    pb_error e = {0, ""};
    int rc = pb_satout_read((const char *)data, size, NVARS, truth, &e);
    if (rc < 0) {
        fuzz_check_error(&e, 1, lines);
        return 0;
    }
    FUZZ_CHECK(rc == PB_SATOUT_SAT || rc == PB_SATOUT_UNSAT || rc == PB_SATOUT_UNKNOWN);
    if (rc != PB_SATOUT_SAT) return 0;
    for (int v = 1; v <= NVARS; v++) FUZZ_CHECK(truth[v] == 0 || truth[v] == 1);
    round_trip(truth, 0);
    round_trip(truth, 1);
    return 0;
}
