/* oracles.h — the answers the tests check the engines against, computed by code that
 * shares nothing with the engines but the model (and, for the first enumerations, the
 * engine interface they are run through):
 *
 * - oracle_count, oracle_first: a model's solutions by plain backtracking over its
 *   cells in index order, from the model's rules alone (domains, all-different groups
 *   and their sums, min-difference pairs): none of the tables pb_model_finish derives.
 * - oracle_table, oracle_karp: notouch's solutions (min-diff 2, values 1..n once) as
 *   the directed Hamiltonian paths of the graph "does not touch", two ways.
 * - oracle_enum_all_v0, oracle_enum_perm_v0: the first, naive enumerations, which the
 *   vectorised enum-all and enum-perm must match step for step. */
#ifndef PB_ORACLES_H
#define PB_ORACLES_H

#include <stdint.h>

#include "core/engine.h"

/* The number of solutions of m, counting stops at cap (UINT64_MAX: the whole count).
 * Out of memory ends the test (exit 2), as in oracle_first. */
uint64_t oracle_count(const pb_model *m, uint64_t cap);

/* The first solution in index order (cell 0's value varies slowest) into sol
 * (ncells values): 1, or 0 when m has none. */
int oracle_first(const pb_model *m, int *sol);

/* notouch: the plain table f[S][c] over every set S of cells and its last cell c
 * (2^n * n counts, pushed forward set by set), counted modulo 2^64 and modulo the
 * prime 2^61 - 1 and joined by the Chinese remainder theorem: exact below 2^125, so
 * for any board of up to 30 cells. 0 when out of memory (the boards past the tests'
 * size), else 1 with the count in *count. */
int oracle_table(const pb_model *m, pb_count *count);

/* notouch: inclusion-exclusion over the cells left out (Karp 1982): the walks of n
 * cells inside each set X, signed by the cells X lacks; walks that repeat a cell
 * cancel out. No table: 2^n sets of about n^2 work each, over threads (OpenMP).
 * Modulo 2^128, exact for any order of up to 34 cells. */
pb_count oracle_karp(const pb_model *m, int threads);

/* Every complete vector generated and only then checked against the rules, one vector
 * at a time: enum-all-v0 walks every vector of the domains' product, enum-perm-v0
 * every permutation of 1..n. Run with pb_engine_run; in no registry. */
extern const pb_engine oracle_enum_all_v0, oracle_enum_perm_v0;

#endif
