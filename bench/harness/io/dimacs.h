/* dimacs.h — a problem's clauses in DIMACS CNF: `export dimacs` writes them after its
 * comments, and the outside solvers' runs give them to the solver. */
#ifndef PB_DIMACS_H
#define PB_DIMACS_H

#include <stdio.h>

#include "cnf/cnf.h"

/* Writes the "p cnf VARS CLAUSES" line, then each clause ending in 0. 0, or -1 when
 * the stream has an error. */
int pb_dimacs_write(FILE *f, const pb_cnf *cnf);

#endif
