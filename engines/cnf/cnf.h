/* cnf.h — the direct encoding of a shared model as clauses: a variable per
 * "cell = value" (values in the cell's domain only), at-least-one and at-most-one
 * per cell, at-most-one per group value (and at-least-one where the group has as
 * many cells as values), a binary clause per forbidden value pair of a
 * min-difference pair, and, for a sum group, one selector variable per value set
 * that fills it (exactly one selector; a selector keeps the group's cells within
 * its set and requires each of its values somewhere in the group).
 *
 * Built from the model itself, for the `learn` engine and for `export dimacs`. The
 * at-most-one constraints are kept as lists (amo_*) when the caller asks for them
 * natively, or expanded into binary clauses (pairwise) for outside solvers. */
#ifndef PB_CNF_H
#define PB_CNF_H

#include <stddef.h>

#include "../core/model.h"

enum {
    PB_CNF_PAIRWISE = 0,   /* every at-most-one as pairwise binary clauses */
    PB_CNF_NATIVE_AMO = 1, /* at-most-one constraints left in amo_start/amo_lits */
    /* A cell whose domain is one value gets no variable: its value is a constant in
     * the others' clauses (a forbidden value of a peer or neighbour a unit clause, two
     * peers given one value the empty clause) and decoding reads it from fixed_value. */
    PB_CNF_OMIT_FIXED = 2,
};

typedef struct pb_cnf {
    int nvars;      /* variables 1..nvars (DIMACS numbering) */
    int ncell_vars; /* 1..ncell_vars are "cell = value"; the rest are selectors */
    int *var_cell;  /* [nvars + 1]: the cell of a cell variable, -1 for a selector */
    int *var_value; /* [nvars + 1]: its value 1..nvalues, or for a selector its sum group */
    int ncells, nvalues;
    int *cell_var;    /* [ncells * nvalues]: variable of (c, v) at c * nvalues + v - 1, 0: none */
    int *fixed_value; /* with PB_CNF_OMIT_FIXED: [ncells], a fixed cell's value, else 0; or NULL */

    size_t nclauses;
    size_t *clause_start; /* [nclauses + 1]: clause i is lits[clause_start[i] .. [i + 1]) */
    int *lits;            /* DIMACS literals, +var or -var */

    size_t namo;       /* with PB_CNF_NATIVE_AMO: at-most-one constraints, else 0 */
    size_t *amo_start; /* [namo + 1] */
    int *amo_lits;     /* positive literals */
} pb_cnf;

/* The encoding of finished model m; NULL when out of memory. */
pb_cnf *pb_cnf_encode(const pb_model *m, int flags);

/* Where pb_cnf_encode_into sends the clauses and at-most-one lists (two literals or
 * more, with PB_CNF_NATIVE_AMO), one call each, in the order pb_cnf_encode stores
 * them: begin (may be NULL) once the variables are numbered, then clause and amo.
 * work (may be NULL) is told of the numbering's work as it goes, a unit per cell
 * value, so that a caller can poll its limits before the first clause comes. A
 * non-zero return stops the encoding at once (the result is then NULL). */
typedef struct pb_cnf_sink {
    void *ctx;
    int (*begin)(void *ctx, const pb_cnf *f);
    int (*clause)(void *ctx, const int *lits, int n);
    int (*amo)(void *ctx, const int *lits, int n);
    int (*work)(void *ctx, size_t units);
} pb_cnf_sink;

/* pb_cnf_encode, with the clauses and lists going to sink as they are made (sink
 * NULL: stored, as pb_cnf_encode). With a sink the result holds the numbering alone:
 * nclauses and namo are 0. A solver fed this way never holds the whole formula twice. */
pb_cnf *pb_cnf_encode_into(const pb_model *m, int flags, const pb_cnf_sink *sink);
void pb_cnf_free(pb_cnf *f);

/* The variable of "cell c holds v", 0 when v is not in c's domain. */
static inline int pb_cnf_var(const pb_cnf *f, int c, int v)
{
    return f->cell_var[(size_t)c * f->nvalues + v - 1];
}

/* values[c] from an assignment (truth[var] non-zero: true, for var 1..nvars): 0, or
 * -1 when some cell has no true variable or more than one. */
int pb_cnf_decode(const pb_cnf *f, const unsigned char *truth, int *values);

#endif
