/* satout.h — the reader of an outside SAT solver's answer to a DIMACS problem, in
 * either of the two forms solvers write:
 *   - minisat's result file (minisat IN.cnf OUT): "SAT" then the model's literals on
 *     one line ending in 0, or "UNSAT", or "INDET" when it stopped early;
 *   - the SAT competition's output (cadical, kissat, ... on standard output): "c"
 *     comment lines, one "s SATISFIABLE", "s UNSATISFIABLE" or "s UNKNOWN" line, then
 *     for a model "v" lines of literals, the last ending in 0.
 * Blank lines are ignored; a UTF-8 byte-order mark and CR line ends are accepted.
 * The form is taken from the first line that is neither blank nor a comment. */
#ifndef PB_SATOUT_H
#define PB_SATOUT_H

#include <stddef.h>

#include "../core/error.h"

enum {
    PB_SATOUT_UNKNOWN = 0, /* the solver gave up (INDET, s UNKNOWN) */
    PB_SATOUT_SAT = 10,    /* a model: truth[] holds it */
    PB_SATOUT_UNSAT = 20,
};

/* Reads text[0 .. len) as the answer to a problem of nvars variables. Returns the
 * verdict; for PB_SATOUT_SAT, truth[1 .. nvars] is 1 for a true variable and 0 for a
 * false one or one the model leaves out (truth has nvars + 1 entries). -1 on input
 * that is malformed (a literal beyond nvars, a variable given twice, a model without
 * its closing 0, an unknown line, ...), with the line and what was expected in *err. */
int pb_satout_read(const char *text, size_t len, int nvars, unsigned char *truth, pb_error *err);

#endif
