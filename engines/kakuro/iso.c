/* iso.c — isomorphic copies of a kakuro: the grid transposed (across and down runs
 * trade places) and every digit d read as 10 - d (a run of n cells summing to s then
 * sums to 10n - s), so that a benchmark can solve one puzzle in several orientations
 * and tell a solver's luck with one orientation from its strength. */
#include "kakuro.h"

#include <stdlib.h>

/* The clue of run r in g (its black cell's down or right value). */
static unsigned char *clue_of(kakuro_grid *g, const kakuro_run *r)
{
    return r->dir == KAKURO_DOWN ? &g->down[r->clue] : &g->right[r->clue];
}

/* Complements g's digits and clues in place. 0, or 1 when a clue no distinct digits
 * meet stands in the way (g then unchanged), or -1 out of memory. */
static int complement(kakuro_grid *g)
{
    const int cells = g->rows * g->cols;
    kakuro_run *runs = malloc(((size_t)cells * 2 + 1) * sizeof *runs);
    if (!runs) return -1;
    const int n = kakuro_find_runs(g, runs, cells * 2 + 1);
    int ok = n <= cells * 2;
    for (int k = 0; k < n && ok; k++) {
        const int len = runs[k].len, sum = runs[k].clue >= 0 ? *clue_of(g, &runs[k]) : 0;
        /* The sums n distinct digits reach, n(n+1)/2 .. n(19-n)/2, map onto each other. */
        ok = !sum || (len <= 9 && 2 * sum >= len * (len + 1) && 2 * sum <= len * (19 - len));
    }
    for (int k = 0; k < n && ok; k++) {
        unsigned char *clue = runs[k].clue >= 0 ? clue_of(g, &runs[k]) : NULL;
        if (clue && *clue) *clue = (unsigned char)(10 * runs[k].len - *clue);
    }
    for (int c = 0; c < cells && ok; c++)
        if (g->white[c] && g->digit[c]) g->digit[c] = (unsigned char)(10 - g->digit[c]);
    free(runs);
    return ok ? 0 : 1;
}

int kakuro_iso_apply(const kakuro_grid *g, int sym, kakuro_grid *out)
{
    kakuro_grid tmp = {0};
    if (kakuro_grid_copy(&tmp, g)) return -1;
    if (sym & KAKURO_ISO_COMPLEMENT) {
        const int rc = complement(&tmp);
        if (rc < 0) return kakuro_grid_free(&tmp), -1;
        if (rc > 0) sym &= ~KAKURO_ISO_COMPLEMENT;
    }
    if (!(sym & KAKURO_ISO_TRANSPOSE)) {
        const int rc = kakuro_grid_copy(out, &tmp);
        kakuro_grid_free(&tmp);
        return rc ? -1 : sym;
    }
    if (kakuro_grid_init(out, g->cols, g->rows)) return kakuro_grid_free(&tmp), -1;
    for (int r = 0; r < g->rows; r++)
        for (int c = 0; c < g->cols; c++) {
            const int from = r * g->cols + c, to = c * g->rows + r;
            out->white[to] = tmp.white[from];
            out->digit[to] = tmp.digit[from];
            out->down[to] = tmp.right[from];
            out->right[to] = tmp.down[from];
        }
    kakuro_grid_free(&tmp);
    return sym;
}
