/* notouch_paths.c — oracle_table and oracle_karp (oracles.h): two counts of notouch
 * solutions (min-diff 2) that share nothing with the engines. With values 1..n each
 * used once, a solution is an order of the cells whose consecutive cells never
 * touch, i.e. a directed Hamiltonian path of the graph "does not touch". The table
 * counts modulo 2^64 and modulo the prime 2^61 - 1 (8 bytes a count, not 16) and
 * joins the two residues by the Chinese remainder theorem (30! < 2^108 < 2^125);
 * Karp's count is taken modulo 2^128. */
#include <stdint.h>
#include <stdlib.h>

#include "oracles.h"

#define ORACLE_P ((1ull << 61) - 1)

/* a + b modulo mod (0: modulo 2^64); a, b already reduced. */
static uint64_t oracle_add(uint64_t a, uint64_t b, uint64_t mod)
{
    uint64_t s = a + b;
    return mod && s >= mod ? s - mod : s;
}

/* The cells that touch each cell (pairs of the model), as masks. */
static void oracle_touch(const pb_model *m, uint64_t *touch)
{
    for (int c = 0; c < m->ncells; c++) touch[c] = 0;
    for (int i = 0; i < m->npairs; i++) {
        touch[m->pairs[i][0]] |= 1ull << m->pairs[i][1];
        touch[m->pairs[i][1]] |= 1ull << m->pairs[i][0];
    }
}

/* The plain table modulo mod (0: 2^64); 0 when out of memory. */
static int oracle_table_mod(const pb_model *m, uint64_t mod, uint64_t *count)
{
    const int n = m->ncells;
    const uint64_t full = (1ull << n) - 1;
    uint64_t touch[64];
    oracle_touch(m, touch);
    uint64_t *f = calloc((size_t)1 << n, (size_t)n * sizeof *f);
    if (!f) return 0;
    for (int c = 0; c < n; c++) f[((uint64_t)1 << c) * n + c] = 1;
    for (uint64_t s = 1; s < full; s++)
        for (int c = 0; c < n; c++) {
            uint64_t w = f[s * n + c];
            if (!w) continue;
            for (uint64_t d = full & ~s & ~touch[c]; d; d &= d - 1) {
                int e = __builtin_ctzll(d);
                uint64_t *to = &f[(s | (1ull << e)) * n + e];
                *to = oracle_add(*to, w, mod);
            }
        }
    uint64_t sum = 0;
    for (int c = 0; c < n; c++) sum = oracle_add(sum, f[full * n + c], mod);
    free(f);
    *count = sum;
    return 1;
}

/* The walks of n cells inside x, modulo 2^128. */
static pb_count oracle_walks(int n, const uint64_t *touch, uint64_t x)
{
    int cell[64], k = 0;
    pb_count w[64], nw[64];
    uint64_t near[64]; /* near[i]: the indices of x's cells that touch cell i */
    for (uint64_t y = x; y; y &= y - 1) cell[k++] = __builtin_ctzll(y);
    for (int i = 0; i < k; i++) {
        near[i] = 0;
        for (int j = 0; j < k; j++)
            if (touch[cell[i]] >> cell[j] & 1) near[i] |= 1ull << j;
        w[i] = 1;
    }
    for (int step = 1; step < n; step++) {
        pb_count total = 0;
        for (int i = 0; i < k; i++) total += w[i];
        for (int i = 0; i < k; i++) { /* every cell of x but i and those touching it */
            pb_count v = total - w[i];
            for (uint64_t y = near[i]; y; y &= y - 1) v -= w[__builtin_ctzll(y)];
            nw[i] = v;
        }
        for (int i = 0; i < k; i++) w[i] = nw[i];
    }
    pb_count total = 0;
    for (int i = 0; i < k; i++) total += w[i];
    return total;
}

/* The walk counts wrap modulo 2^128; their signed sum, below 2^128 for at most 34
 * cells, does not. */
pb_count oracle_karp(const pb_model *m, int threads)
{
    const int n = m->ncells;
    uint64_t touch[64];
    oracle_touch(m, touch);
    const int64_t nsets = (int64_t)1 << n;
    pb_count sum = 0;
#pragma omp parallel num_threads(threads) if (threads > 1)
    {
        pb_count mine = 0;
#pragma omp for schedule(dynamic, 4096)
        for (int64_t x = 1; x < nsets; x++) {
            pb_count v = oracle_walks(n, touch, (uint64_t)x);
            mine += (n - __builtin_popcountll((uint64_t)x)) % 2 ? -v : v;
        }
#pragma omp critical(oracle_karp)
        sum += mine;
    }
    return sum;
}

/* The count below 2^125 with residues r64 (mod 2^64) and rp (mod 2^61 - 1). */
static pb_count oracle_crt(uint64_t r64, uint64_t rp)
{
    /* x = r64 + 2^64 t, with t = (rp - r64) / 2^64 mod p; 2^64 = 8 mod p. */
    const unsigned __int128 p = ORACLE_P;
    uint64_t inv8 = (uint64_t)((p + 1) / 8); /* 8 * (p + 1) / 8 = 1 mod p */
    uint64_t d = (uint64_t)(((unsigned __int128)rp + p - r64 % p) % p);
    uint64_t t = (uint64_t)((unsigned __int128)d * inv8 % p);
    return (pb_count)r64 + ((pb_count)t << 64);
}

int oracle_table(const pb_model *m, pb_count *count)
{
    uint64_t a, b;
    if (!oracle_table_mod(m, 0, &a) || !oracle_table_mod(m, ORACLE_P, &b)) return 0;
    *count = oracle_crt(a, b);
    return 1;
}
