/* iso.c — isomorphic copies of a Latin square with holes: the same instance under a
 * symmetry of the rules (rows, columns and symbols permuted, and one of the six
 * conjugates), so that a benchmark can solve one square in several orientations and
 * tell a solver's luck with one orientation from its strength. */
#include "latin.h"

/* The six permutations of the roles (row, column, symbol), the identity first. */
static const int conjugates[6][3] = {{0, 1, 2}, {1, 0, 2}, {0, 2, 1},
                                     {2, 1, 0}, {1, 2, 0}, {2, 0, 1}};

static void draw_perm(pb_rng *r, int n, unsigned char *out)
{
    int p[LATIN_MAX_ORDER];
    for (int k = 0; k < n; k++) p[k] = k;
    pb_rng_shuffle(r, p, n);
    for (int k = 0; k < n; k++) out[k] = (unsigned char)p[k];
}

void latin_iso_draw(int n, uint64_t seed, uint64_t index, latin_iso *iso)
{
    pb_rng r;
    pb_rng_seed_stream(&r, seed, index);
    iso->n = n;
    draw_perm(&r, n, iso->row);
    draw_perm(&r, n, iso->col);
    draw_perm(&r, n, iso->sym);
    const int *c = conjugates[pb_rng_below(&r, 6)];
    for (int k = 0; k < 3; k++) iso->conj[k] = c[k];
}

/* The roles of iso that sq can take: its conjugate, or the identity when sq's givens
 * clash (a conjugate would then send two givens to one cell). */
static const int *roles(const latin_iso *iso, const latin_square *sq)
{
    return latin_check_rules(sq, NULL, 0) ? conjugates[0] : iso->conj;
}

int latin_iso_apply(const latin_iso *iso, const latin_square *sq, latin_square *out)
{
    const int n = iso->n;
    if (sq->n != n || latin_square_init(out, n)) return -1;
    const int *conj = roles(iso, sq);
    for (int c = 0; c < sq->ncells; c++) {
        if (!sq->cell[c]) continue;
        const int t[3] = {c / n, c % n, sq->cell[c] - 1};
        const int r = iso->row[t[conj[0]]], k = iso->col[t[conj[1]]], v = iso->sym[t[conj[2]]];
        out->cell[r * n + k] = (unsigned char)(v + 1);
    }
    return 0;
}

int latin_iso_undo(const latin_iso *iso, const latin_square *sq, latin_square *out)
{
    const int n = iso->n;
    if (sq->n != n || latin_square_init(out, n)) return -1;
    int row[LATIN_MAX_ORDER], col[LATIN_MAX_ORDER], sym[LATIN_MAX_ORDER];
    for (int k = 0; k < n; k++) row[iso->row[k]] = k, col[iso->col[k]] = k, sym[iso->sym[k]] = k;
    const int *conj = roles(iso, sq);
    for (int c = 0; c < sq->ncells; c++) {
        if (!sq->cell[c]) continue;
        const int u[3] = {row[c / n], col[c % n], sym[sq->cell[c] - 1]};
        int t[3];
        for (int k = 0; k < 3; k++) t[conj[k]] = u[k];
        out->cell[t[0] * n + t[1]] = (unsigned char)(t[2] + 1);
    }
    return 0;
}
