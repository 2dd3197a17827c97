/* order.c — cell orders, an axis separate from the search engines: static orders
 * fix a permutation of the cells once, dynamic ones choose the next cell from the
 * current domains at every level of the search. */
#include "engine.h"

#include <stdlib.h>

static void fill_row(const pb_model *m, int *order)
{
    for (int c = 0; c < m->ncells; c++) order[c] = c;
}

static int degree(const pb_model *m, int c)
{
    return (m->nbr_start[c + 1] - m->nbr_start[c]) + (m->peer_start[c + 1] - m->peer_start[c]);
}

/* Most constrained first: more neighbours earlier, reading order on ties. Insertion
 * sort keeps it stable and needs no global comparator context. */
static void fill_degree(const pb_model *m, int *order)
{
    for (int c = 0; c < m->ncells; c++) {
        int d = degree(m, c), i = c;
        while (i > 0 && degree(m, order[i - 1]) < d) {
            order[i] = order[i - 1];
            i--;
        }
        order[i] = c;
    }
}

static int unassigned_neighbours(const pb_model *m, const int *values, int c)
{
    int k = 0;
    for (int i = m->nbr_start[c]; i < m->nbr_start[c + 1]; i++) k += values[m->nbr[i]] == 0;
    for (int i = m->peer_start[c]; i < m->peer_start[c + 1]; i++) k += values[m->peer[i]] == 0;
    return k;
}

/* Fewest remaining values; ties: most unassigned neighbours, then reading order. */
static int pick_mrv(const pb_model *m, const pb_mask *dom, const int *values)
{
    int best = -1, best_n = 0, best_deg = -1;
    for (int c = 0; c < m->ncells; c++) {
        if (values[c]) continue;
        int n = __builtin_popcountll(dom[c]);
        if (best >= 0 && n > best_n) continue;
        if (best >= 0 && n == best_n) {
            int d = unassigned_neighbours(m, values, c);
            if (best_deg < 0) best_deg = unassigned_neighbours(m, values, best);
            if (d <= best_deg) continue;
            best = c, best_deg = d;
            continue;
        }
        best = c, best_n = n, best_deg = -1;
        if (n == 0) break;
    }
    return best;
}

static const pb_order order_row = {"row", "reading order, the seed's (default)", fill_row, NULL};
static const pb_order order_degree = {
    "degree", "static: most neighbours first, reading order on ties", fill_degree, NULL};
static const pb_order order_mrv = {
    "mrv", "dynamic: fewest remaining values, then most unassigned neighbours, then reading order",
    NULL, pick_mrv};

const pb_order *const pb_orders[] = {&order_row, &order_degree, &order_mrv, NULL};
