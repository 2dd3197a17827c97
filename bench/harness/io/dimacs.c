/* dimacs.c — the clauses of a pb_cnf as DIMACS CNF. */
#include "dimacs.h"

int pb_dimacs_write(FILE *f, const pb_cnf *cnf)
{
    fprintf(f, "p cnf %d %zu\n", cnf->nvars, cnf->nclauses);
    for (size_t i = 0; i < cnf->nclauses; i++) {
        for (size_t j = cnf->clause_start[i]; j < cnf->clause_start[i + 1]; j++)
            fprintf(f, "%d ", cnf->lits[j]);
        fputs("0\n", f);
    }
    return ferror(f) ? -1 : 0;
}
