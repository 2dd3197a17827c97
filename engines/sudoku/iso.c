/* iso.c — isomorphic copies of a sudoku: the same puzzle under a symmetry of the rules
 * (symbols, bands, rows within bands, stacks, columns within stacks, transposition),
 * so that a benchmark can solve one puzzle in several orientations and tell a
 * solver's luck with one orientation from its strength. */
#include "sudoku.h"

#include "../core/rng.h"

/* A permutation of the N lines (rows or columns) of box n that keeps each band: the
 * bands shuffled, then the lines within each band. line[k] is where line k goes. */
static void draw_lines(pb_rng *r, int n, int *line)
{
    int band[SUDOKU_MAX_BOX], within[SUDOKU_MAX_BOX];
    for (int b = 0; b < n; b++) band[b] = b;
    pb_rng_shuffle(r, band, n);
    for (int b = 0; b < n; b++) {
        for (int k = 0; k < n; k++) within[k] = k;
        pb_rng_shuffle(r, within, n);
        for (int k = 0; k < n; k++) line[b * n + k] = band[b] * n + within[k];
    }
}

void sudoku_iso_draw(int box, uint64_t seed, uint64_t index, sudoku_iso *iso)
{
    pb_rng r;
    const int N = box * box;
    int sym[SUDOKU_MAX_SIZE], row[SUDOKU_MAX_SIZE], col[SUDOKU_MAX_SIZE];
    pb_rng_seed_stream(&r, seed, index);
    iso->box = box;
    for (int v = 0; v < N; v++) sym[v] = v + 1;
    pb_rng_shuffle(&r, sym, N);
    iso->sym[0] = 0;
    for (int v = 1; v <= N; v++) iso->sym[v] = (unsigned char)sym[v - 1];
    draw_lines(&r, box, row);
    draw_lines(&r, box, col);
    const int transpose = (int)pb_rng_below(&r, 2);
    for (int y = 0; y < N; y++)
        for (int x = 0; x < N; x++) {
            const int ty = row[y], tx = col[x];
            iso->to[y * N + x] = (short)(transpose ? tx * N + ty : ty * N + tx);
        }
}

void sudoku_iso_apply(const sudoku_iso *iso, const sudoku_grid *g, sudoku_grid *out)
{
    sudoku_grid_init(out, iso->box);
    for (int c = 0; c < out->ncells; c++) out->cell[iso->to[c]] = iso->sym[g->cell[c]];
}

void sudoku_iso_undo(const sudoku_iso *iso, const sudoku_grid *g, sudoku_grid *out)
{
    unsigned char back[SUDOKU_MAX_SIZE + 1];
    for (int v = 0; v <= iso->box * iso->box; v++) back[iso->sym[v]] = (unsigned char)v;
    sudoku_grid_init(out, iso->box);
    for (int c = 0; c < out->ncells; c++) out->cell[c] = back[g->cell[iso->to[c]]];
}
