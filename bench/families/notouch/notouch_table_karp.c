/* notouch_table_karp.c — a count of the m x n board that shares nothing with path-dp
 * or the searches, for `notouch-table`'s second check: a placement is an order of the
 * cells in which consecutive cells never touch, a Hamiltonian path of the graph of
 * non-touching pairs, and Karp's inclusion-exclusion counts those as the sum over cell
 * sets X of (-1)^(N - |X|) times the walks of N cells inside X. The walks are counted
 * modulo 2^64 (unsigned arithmetic wraps), so the check compares the two counts
 * modulo 2^64; its time is 2^N N^2 steps, which bounds the boards it takes. */
#include "notouch_table.h"

#include <stdint.h>
#include <stdlib.h>

/* The cells each cell touches (row-major, bit c for cell c) under rule (0 king, 1 orth). */
static void touching(int m, int n, int rule, uint32_t *touch)
{
    for (int c = 0; c < m * n; c++) {
        touch[c] = 0;
        for (int d = 0; d < m * n; d++) {
            int dr = abs(c / n - d / n), dc = abs(c % n - d % n);
            int near = rule ? dr + dc == 1 : (dr <= 1 && dc <= 1 && d != c);
            if (near) touch[c] |= 1u << d;
        }
    }
}

uint64_t nt_karp_count(int m, int n, int rule)
{
    const int cells = m * n;
    uint32_t touch[NT_KARP_MAX];
    uint64_t w[NT_KARP_MAX], next[NT_KARP_MAX];
    touching(m, n, rule, touch);
    uint64_t total = 0;
    for (uint32_t x = 1; x < (1u << cells); x++) {
        /* walks of one cell inside x end in each of its cells once */
        uint64_t sum = 0;
        for (int c = 0; c < cells; c++) w[c] = x >> c & 1;
        sum = (uint64_t)__builtin_popcount(x);
        for (int step = 1; step < cells; step++) {
            uint64_t s = 0;
            for (uint32_t y = x; y; y &= y - 1) {
                int v = __builtin_ctz(y);
                uint64_t near = w[v];
                for (uint32_t t = touch[v] & x; t; t &= t - 1) near += w[__builtin_ctz(t)];
                next[v] = sum - near; /* from every cell of x but v and those it touches */
                s += next[v];
            }
            for (uint32_t y = x; y; y &= y - 1) w[__builtin_ctz(y)] = next[__builtin_ctz(y)];
            sum = s;
        }
        total += (cells - __builtin_popcount(x)) & 1 ? -sum : sum;
    }
    return total;
}
