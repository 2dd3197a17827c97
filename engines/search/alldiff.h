/* alldiff.h — the filtering of the `alldiff` engine (alldiff.c) on its own, for the
 * tests that hold it against a brute-force domain-consistency oracle. */
#ifndef PB_ALLDIFF_H
#define PB_ALLDIFF_H

#include "../core/model.h"

/* Régin's filtering of one all-different group of k cells (0 <= k <= 64) whose
 * domains are d[0..k): out[i] = the values of d[i] used by some assignment of
 * distinct values to the k cells. 0 (out undefined) when there is none. */
int pb_alldiff_filter(const pb_mask *d, int k, pb_mask *out);

/* Narrows dom (m->ncells entries, each within m's domain for that cell) to the
 * fixpoint of the engine's filtering over every group and pair of m: each plain
 * group domain-consistent, each sum group domain-consistent with its sum, pairs
 * forward-checked from cells down to one value. 1, or 0 on a wipe-out (dom is then
 * unspecified), -1 when out of memory. */
int pb_alldiff_settle(const pb_model *m, pb_mask *dom);

#endif
