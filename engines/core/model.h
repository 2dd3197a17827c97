/* model.h — the shared constraint model: cells with bit-mask domains, all-different
 * groups (optionally with a required sum: kakuro's runs) and minimum-difference
 * pairs, plus a 2-D layout used only to print boards.
 *
 * Values are 1..nvalues (at most 64); bit v-1 of a pb_mask stands for value v.
 * A model is built with pb_model_new, the add_* calls, then pb_model_finish, which
 * derives the per-cell adjacency used by the engines. A finished model is read-only
 * and may be shared by any number of threads. */
#ifndef PB_MODEL_H
#define PB_MODEL_H

#include <stdint.h>

typedef uint64_t pb_mask;

#define PB_MAX_VALUES 64
/* Sum groups need the value sets that add up to their sum, found among all 2^nvalues
 * subsets, so they are allowed only for models with at most this many values. */
#define PB_SUM_MAX_VALUES 12
#define PB_BIT(v)         ((pb_mask)1 << ((v)-1))
/* Values 1..n as a mask. */
#define PB_FULL(n) ((n) >= 64 ? ~(pb_mask)0 : (((pb_mask)1 << (n)) - 1))

typedef struct pb_model {
    int ncells, nvalues;
    pb_mask *domain; /* domain[cell]: initial values allowed */

    /* All-different groups, CSR: members of group g are
     * group_cells[group_start[g] .. group_start[g+1]). */
    int ngroups;
    int *group_start, *group_cells;
    /* group_sum[g]: the total that group g's values must add up to, or 0 for a plain
     * all-different group. NULL while no group has a sum. */
    int *group_sum;
    int nsums; /* groups with a sum */

    /* Minimum-difference pairs: |value(a) - value(b)| >= min_diff for each pair. */
    int min_diff;
    int npairs;
    int (*pairs)[2];

    /* Derived by pb_model_finish, CSR per cell:
     *   nbr[nbr_start[c] .. nbr_start[c+1])     cells paired with c (min-diff)
     *   peer[peer_start[c] .. peer_start[c+1])  cells sharing an all-different group
     *   cgroup[cgroup_start[c] .. +1)           groups that contain c
     * near[v] (v = 1..nvalues): the values that may not sit next to v, v included. */
    int *nbr_start, *nbr;
    int *peer_start, *peer;
    int *cgroup_start, *cgroup;
    pb_mask *near; /* nvalues + 1 entries; a pointer, so per-puzzle views stay small */
    /* For each sum group g, the sets of distinct values that fill it exactly (as many
     * values as g has cells, adding up to its sum), in increasing mask order:
     * sum_set[sum_set_start[g] .. sum_set_start[g+1]); empty for a plain group. */
    int *sum_set_start;
    pb_mask *sum_set;
    /* check_pairs: the pairs ordered by their larger cell, largest first, so that an
     * enumeration that varies the last cells fastest meets a violated pair early. */
    int (*check_pairs)[2];

    /* Layout for printing: cell c sits at (cell_row[c], cell_col[c]) of a
     * rows x cols grid; at[r * cols + col] is the cell there or -1 for a hole. */
    int rows, cols;
    int *cell_row, *cell_col, *at;

    /* Set by a family's model builder that vouches for the structure it built (e.g.
     * "sudoku", with kind_arg the box size), so the family's own engines recognise
     * the model at once; NULL for a model built by hand. */
    const char *kind;
    int kind_arg;

    /* Build state (unused once finished). */
    int group_cap, cells_cap, pair_cap, finished;
} pb_model;

/* A new model of ncells cells, every domain 1..nvalues, no constraints, a
 * one-row layout. NULL on bad sizes or out of memory. */
pb_model *pb_model_new(int ncells, int nvalues);
void pb_model_free(pb_model *m);

/* Each returns 0, or -1 on bad arguments / out of memory. */
int pb_model_add_group(pb_model *m, const int *cells, int count);
/* An all-different group whose values must also add up to sum (>= 1); needs
 * nvalues <= PB_SUM_MAX_VALUES. */
int pb_model_add_sum_group(pb_model *m, const int *cells, int count, int sum);
int pb_model_add_pair(pb_model *m, int a, int b);
int pb_model_set_layout(pb_model *m, int rows, int cols, const int *cell_row, const int *cell_col);
int pb_model_finish(pb_model *m);

/* Whether k distinct values of `avail` can add up to `need`: it must lie between the
 * sum of the k smallest and that of the k largest (every total in between is then
 * reachable too, since one value can be swapped for the next at a time). The sum
 * groups' bound check, shared by the engines that make it. */
static inline int pb_sum_reachable(pb_mask avail, int k, int need)
{
    if (need < 0 || __builtin_popcountll(avail) < k) return 0;
    int lo = 0, hi = 0;
    pb_mask a = avail, b = avail;
    for (int i = 0; i < k; i++) {
        lo += __builtin_ctzll(a) + 1;
        a &= a - 1;
        int top = 63 - __builtin_clzll(b);
        hi += top + 1;
        b &= ~((pb_mask)1 << top);
    }
    return lo <= need && need <= hi;
}

/* 1 when values[0..ncells) (each 1..nvalues) satisfies every domain and constraint,
 * sums included. */
int pb_model_check(const pb_model *m, const int *values);

/* True when the model's only group covers every cell and nvalues == ncells:
 * solutions are then permutations of 1..n. */
int pb_model_is_permutation(const pb_model *m);

#endif
