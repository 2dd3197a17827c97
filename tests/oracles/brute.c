/* brute.c — oracle_count and oracle_first: a model's solutions by backtracking over
 * its cells in index order, each value checked against the cells before it. Read
 * from the model's rules alone (domain, group_start, group_cells, group_sum, pairs,
 * min_diff): the per-cell tables below are built here, not taken from
 * pb_model_finish, so a fault there cannot hide in the answer. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "oracles.h"

typedef struct walk {
    const pb_model *m;
    int *v;              /* ncells: the values of cells 0..c-1 */
    int *gstart, *glist; /* the groups holding each cell, CSR */
    int *pstart, *plist; /* the cells paired with each cell, CSR */
    uint64_t count, cap; /* solutions so far; the walk stops at cap */
    int *first;          /* oracle_first: where the first solution goes */
} walk;

static void *need(size_t n, size_t size)
{
    void *p = calloc(n ? n : 1, size);
    if (!p) {
        fprintf(stderr, "oracle: out of memory\n");
        exit(2);
    }
    return p;
}

/* The groups holding each cell. */
static void index_groups(walk *w)
{
    const pb_model *m = w->m;
    w->gstart = need((size_t)m->ncells + 1, sizeof *w->gstart);
    for (int i = 0; i < m->group_start[m->ngroups]; i++) w->gstart[m->group_cells[i] + 1]++;
    for (int c = 0; c < m->ncells; c++) w->gstart[c + 1] += w->gstart[c];
    w->glist = need((size_t)w->gstart[m->ncells], sizeof *w->glist);
    int *fill = need((size_t)m->ncells, sizeof *fill);
    for (int g = 0; g < m->ngroups; g++)
        for (int i = m->group_start[g]; i < m->group_start[g + 1]; i++) {
            int c = m->group_cells[i];
            w->glist[w->gstart[c] + fill[c]++] = g;
        }
    free(fill);
}

/* The cells paired with each cell. */
static void index_pairs(walk *w)
{
    const pb_model *m = w->m;
    w->pstart = need((size_t)m->ncells + 1, sizeof *w->pstart);
    for (int i = 0; i < m->npairs; i++) {
        w->pstart[m->pairs[i][0] + 1]++;
        w->pstart[m->pairs[i][1] + 1]++;
    }
    for (int c = 0; c < m->ncells; c++) w->pstart[c + 1] += w->pstart[c];
    w->plist = need((size_t)w->pstart[m->ncells], sizeof *w->plist);
    int *fill = need((size_t)m->ncells, sizeof *fill);
    for (int i = 0; i < m->npairs; i++) {
        int a = m->pairs[i][0], b = m->pairs[i][1];
        w->plist[w->pstart[a] + fill[a]++] = b;
        w->plist[w->pstart[b] + fill[b]++] = a;
    }
    free(fill);
}

/* Whether cell c's value agrees with cells 0..c-1: distinct in each of its groups,
 * each group's sum still reachable (every cell left adds at least 1) and exact once
 * the group is full, far enough from each paired cell. */
static int agrees(const walk *w, int c)
{
    const pb_model *m = w->m;
    const int x = w->v[c];
    for (int k = w->gstart[c]; k < w->gstart[c + 1]; k++) {
        const int g = w->glist[k];
        int sum = 0, left = 0;
        for (int i = m->group_start[g]; i < m->group_start[g + 1]; i++) {
            const int d = m->group_cells[i];
            if (d > c) {
                left++;
            } else {
                if (d != c && w->v[d] == x) return 0;
                sum += w->v[d];
            }
        }
        const int target = m->group_sum ? m->group_sum[g] : 0;
        if (target && (left ? sum + left > target : sum != target)) return 0;
    }
    for (int k = w->pstart[c]; k < w->pstart[c + 1]; k++) {
        const int d = w->plist[k];
        if (d < c && abs(w->v[d] - x) < m->min_diff) return 0;
    }
    return 1;
}

static void walk_from(walk *w, int c)
{
    const pb_model *m = w->m;
    if (c == m->ncells) {
        if (!w->count++ && w->first) memcpy(w->first, w->v, (size_t)m->ncells * sizeof *w->v);
        return;
    }
    for (int x = 1; x <= m->nvalues && w->count < w->cap; x++) {
        if (!(m->domain[c] & PB_BIT(x))) continue;
        w->v[c] = x;
        if (agrees(w, c)) walk_from(w, c + 1);
    }
    w->v[c] = 0;
}

static uint64_t run_walk(const pb_model *m, uint64_t cap, int *first)
{
    walk w = {.m = m, .cap = cap, .first = first};
    w.v = need((size_t)m->ncells, sizeof *w.v);
    index_groups(&w);
    index_pairs(&w);
    if (cap) walk_from(&w, 0);
    free(w.v);
    free(w.gstart);
    free(w.glist);
    free(w.pstart);
    free(w.plist);
    return w.count;
}

uint64_t oracle_count(const pb_model *m, uint64_t cap)
{
    return run_walk(m, cap, NULL);
}

int oracle_first(const pb_model *m, int *sol)
{
    return run_walk(m, 1, sol) == 1;
}
