/* path_sym.c — the board's symmetries for `path-dp` (path_dp.h): which of the maps of
 * the layout's rectangle onto itself keep the board and its touching pairs, their
 * byte tables for mapping cell sets, and how many sets of a size are stored (one per
 * orbit). A map is kept only when it is checked against the pairs themselves, so a
 * mask board, an orthogonal neighbourhood or any other layout is safe: at worst only
 * the identity is left. */
#include "path_dp.h"

#include <string.h>

/* The cell that map t (bit 0: flip rows, 1: flip columns, 2: transpose) sends cell c
 * to, or -1 when it lands on a hole or outside the board. */
static int map_cell(const pb_model *m, int t, int c)
{
    int r = m->cell_row[c], col = m->cell_col[c];
    if (t & 1) r = m->rows - 1 - r;
    if (t & 2) col = m->cols - 1 - col;
    if (t & 4) {
        int x = r;
        r = col, col = x;
    }
    if (r < 0 || col < 0 || r >= m->rows || col >= m->cols) return -1;
    return m->at[r * m->cols + col];
}

/* Whether perm (a permutation of the cells) keeps the touching pairs. */
static int keeps_pairs(int n, const int8_t *perm, const uint64_t *touch)
{
    for (int a = 0; a < n; a++) {
        uint64_t img = 0;
        for (uint64_t t = touch[a]; t; t &= t - 1) img |= 1ull << perm[__builtin_ctzll(t)];
        if (img != touch[perm[a]]) return 0;
    }
    return 1;
}

/* Fills perm with map t's permutation of the cells; 0 when it is not one. */
static int map_perm(const pb_model *m, int t, int8_t *perm)
{
    uint64_t hit = 0;
    for (int c = 0; c < m->ncells; c++) {
        int d = map_cell(m, t, c);
        if (d < 0 || (hit >> d & 1)) return 0;
        hit |= 1ull << d;
        perm[c] = (int8_t)d;
    }
    return 1;
}

static void fill_tables(int n, pd_sym *y)
{
    for (int g = 0; g < y->nsym; g++)
        for (int j = 0; j < y->nbytes; j++)
            for (int b = 0; b < 256; b++) {
                uint64_t img = 0;
                for (int i = 0; i < 8; i++)
                    if ((b >> i & 1) && 8 * j + i < n) img |= 1ull << y->perm[g][8 * j + i];
                y->tab[g][j][b] = img;
            }
}

void pd_sym_find(const pb_model *m, const uint64_t *touch, pd_sym *y)
{
    const int n = m->ncells;
    y->nsym = 0;
    y->nbytes = (n + 7) / 8;
    for (int t = 0; t < 8; t++) {
        int8_t perm[PD_MAX_CELLS];
        if ((t & 4) && m->rows != m->cols) continue;
        if (!m->at || !map_perm(m, t, perm) || !keeps_pairs(n, perm, touch)) continue;
        int same = 0; /* a map that moves no cell differently from one already kept */
        for (int g = 0; g < y->nsym && !same; g++) same = !memcmp(perm, y->perm[g], (size_t)n);
        if (!same) memcpy(y->perm[y->nsym++], perm, (size_t)n);
    }
    if (y->nsym == 0) { /* no layout to map: the identity alone */
        for (int c = 0; c < n; c++) y->perm[0][c] = (int8_t)c;
        y->nsym = 1;
    }
    fill_tables(n, y);
}

/* The k-sets that map g fixes: unions of its cycles with k cells in all, the
 * coefficient of x^k in the product over its cycles of (1 + x^length). */
static uint64_t fixed_sets(const pd_sym *y, int g, int n, int k)
{
    uint64_t poly[PD_MAX_CELLS + 1] = {1};
    uint64_t seen = 0;
    for (int c = 0; c < n; c++) {
        if (seen >> c & 1) continue;
        int len = 0;
        for (int d = c; !(seen >> d & 1); d = y->perm[g][d]) seen |= 1ull << d, len++;
        for (int i = n; i >= len; i--) poly[i] += poly[i - len];
    }
    return poly[k];
}

uint64_t pd_sym_orbits(const pd_sym *y, int n, int k)
{
    uint64_t sum = 0;
    for (int g = 0; g < y->nsym; g++) sum += fixed_sets(y, g, n, k);
    return sum / (uint64_t)y->nsym;
}
