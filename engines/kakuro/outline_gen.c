/* outline_gen.c — kakuro_outline_generate: random outlines that are valid by
 * construction. The interior starts all white; black cells (with their mirror
 * images when symmetric) are then added one at a time, each kept only when every
 * white cell still has a white neighbour across and one down (so no run of 1 ever
 * appears) and the white cells stay connected. Runs over 9 are cut first, then
 * random cells are blackened until the target density is reached or no cell can be
 * taken any more: a first pass of single cells spreads the black cells out, later
 * passes may also take the neighbours a cell would strand (pairs, as kakuro
 * outlines often have). No repair step is needed, so one try nearly always works.
 *
 * Densities that work: on grids of 11 x 11 and up the white share lands within a
 * few hundredths of any target from 0.55 to 0.8. Below about 0.52 no cell can be
 * blackened without breaking a run, so lower targets give about 0.52; above 0.8 the
 * cuts that keep runs at 9 or less already take more, so higher targets give about
 * 0.8. Interiors up to 9 x 9 may be all white (density 1), but small grids have few
 * valid outlines and land further from low targets. */
#include "kakuro.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../core/limiter.h"
#include "../core/rng.h"

/* Attempts (each continuing the same stream) before giving up; the construction
 * itself cannot fail except when cutting a long run has no legal cell, which needs
 * a density far below what the invariant allows. */
#define MAX_TRIES 20
/* Passes over the shuffled cells: a cell refused early may become legal once a
 * neighbour is black, but after a few passes nothing more is gained. */
#define PASSES 3
/* The most cells one place() blackens: a cell and its mirror image, and for each of
 * them up to 4 neighbours left without a run, each with its mirror image. */
#define MAX_TAKEN (2 + 2 * 4 * 2)

typedef struct og {
    const kakuro_outline_opts *o;
    kakuro_grid *g;
    int rows, cols, sym, nwhite;
    pb_rng rng;
    int stamp;
    int *seen; /* [rows * cols] BFS marks: == stamp when reached */
    int *queue;
    int *cand;
} og;

static int white_at(const og *s, int r, int c)
{
    return r >= 1 && r < s->rows && c >= 1 && c < s->cols && s->g->white[r * s->cols + c];
}

/* The half-turn image of interior cell i. */
static int mirror(const og *s, int i)
{
    int r = i / s->cols, c = i % s->cols;
    return (s->rows - r) * s->cols + (s->cols - c);
}

/* White cell (r, c) still lies in an across and a down run of two or more. */
static int cell_ok(const og *s, int r, int c)
{
    return (white_at(s, r, c - 1) || white_at(s, r, c + 1)) &&
           (white_at(s, r - 1, c) || white_at(s, r + 1, c));
}

static int neighbours_ok(const og *s, int i)
{
    static const int dr[4] = {-1, 0, 1, 0}, dc[4] = {0, 1, 0, -1};
    int r = i / s->cols, c = i % s->cols;
    for (int k = 0; k < 4; k++) {
        int rr = r + dr[k], cc = c + dc[k];
        if (white_at(s, rr, cc) && !cell_ok(s, rr, cc)) return 0;
    }
    return 1;
}

/* Whether the white cells stay connected now that i is black (they were before):
 * first the local test — the white 4-neighbours of i all lie on one arc of white
 * cells around its 8-ring, so a path through i can go round it — and only when that
 * fails a search from one neighbour. */
static int still_connected(og *s, int i)
{
    static const int dr[8] = {-1, -1, 0, 1, 1, 1, 0, -1}, dc[8] = {0, 1, 1, 1, 0, -1, -1, -1};
    int r = i / s->cols, c = i % s->cols, w[8], black_at = -1;
    for (int k = 0; k < 8; k++) {
        w[k] = white_at(s, r + dr[k], c + dc[k]);
        if (!w[k]) black_at = k;
    }
    if (black_at < 0) return 1;
    int arcs_with_edge = 0, in_arc = 0, has_edge = 0;
    for (int j = 1; j <= 8; j++) {
        int k = (black_at + j) % 8;
        if (w[k]) {
            in_arc = 1;
            if (k % 2 == 0) has_edge = 1;
        } else if (in_arc) {
            arcs_with_edge += has_edge;
            in_arc = has_edge = 0;
        }
    }
    if (arcs_with_edge <= 1) return 1;

    int start = -1;
    for (int k = 0; k < 8 && start < 0; k += 2)
        if (w[k]) start = (r + dr[k]) * s->cols + (c + dc[k]);
    s->stamp++;
    int head = 0, tail = 0;
    s->queue[tail++] = start;
    s->seen[start] = s->stamp;
    while (head < tail) {
        int x = s->queue[head++], xr = x / s->cols, xc = x % s->cols;
        for (int k = 0; k < 8; k += 2) {
            int yr = xr + dr[k], yc = xc + dc[k], y = yr * s->cols + yc;
            if (white_at(s, yr, yc) && s->seen[y] != s->stamp) {
                s->seen[y] = s->stamp;
                s->queue[tail++] = y;
            }
        }
    }
    return tail == s->nwhite;
}

/* Read before each cell is tried, since one try may search the whole grid. */
static int stopped(const og *s)
{
    return pb_cancelled_or_late(s->o->cancel, s->o->deadline);
}

/* Blackens x and its mirror image, recording them in done[]. */
static void blacken(og *s, int x, int *done, int *nd)
{
    const int cells[2] = {x, s->sym ? mirror(s, x) : x};
    for (int k = 0; k < 2; k++)
        if (s->g->white[cells[k]]) {
            s->g->white[cells[k]] = 0;
            s->nwhite--;
            done[(*nd)++] = cells[k];
        }
}

/* Blackens i (and its mirror image) when the outline stays valid; 1 if done. With
 * `extend`, white neighbours left without a run are blackened too (once, not in a
 * cascade): near the grid's edge a run can often be cut only by two cells at once.
 * The run rule is checked first since it is cheap and refuses most cells; then the
 * cells are taken again one at a time, each tested for connectivity. */
static int place(og *s, int i, int extend)
{
    int done[MAX_TAKEN], nd = 0;
    if (!s->g->white[i]) return 0;
    blacken(s, i, done, &nd);
    if (extend) {
        static const int dr[4] = {-1, 0, 1, 0}, dc[4] = {0, 1, 0, -1};
        const int n0 = nd;
        for (int j = 0; j < n0; j++) {
            const int r = done[j] / s->cols, c = done[j] % s->cols;
            for (int k = 0; k < 4; k++) {
                const int rr = r + dr[k], cc = c + dc[k];
                if (white_at(s, rr, cc) && !cell_ok(s, rr, cc))
                    blacken(s, rr * s->cols + cc, done, &nd);
            }
        }
    }
    int ok = 1;
    for (int j = 0; j < nd && ok; j++) ok = neighbours_ok(s, done[j]);
    for (int j = 0; j < nd; j++) s->g->white[done[j]] = 1;
    s->nwhite += nd;
    if (!ok) return 0;
    for (int j = 0; j < nd; j++) {
        s->g->white[done[j]] = 0;
        s->nwhite--;
        if (!still_connected(s, done[j])) {
            for (int k = 0; k <= j; k++) s->g->white[done[k]] = 1;
            s->nwhite += j + 1;
            return 0;
        }
    }
    return 1;
}

/* Cuts every run longer than KAKURO_MAX_RUN at a random cell that leaves two or
 * more white cells on each side. 0; -1 when some run has no legal cut; 1 when
 * stopped. */
static int cut_long_runs(og *s)
{
    for (;;) {
        int found = 0;
        for (int dir = 0; dir < 2; dir++) {
            int lines = dir == KAKURO_ACROSS ? s->rows : s->cols;
            int along = dir == KAKURO_ACROSS ? s->cols : s->rows;
            for (int l = 1; l < lines; l++) {
                int p = 1;
                while (p < along) {
#define AT(q) (dir == KAKURO_ACROSS ? l * s->cols + (q) : (q)*s->cols + l)
                    if (!s->g->white[AT(p)]) {
                        p++;
                        continue;
                    }
                    int q = p;
                    while (q < along && s->g->white[AT(q)]) q++;
                    int len = q - p;
                    if (len > KAKURO_MAX_RUN) {
                        found = 1;
                        int n = 0;
                        for (int k = p + 2; k <= q - 3; k++) s->cand[n++] = AT(k);
                        pb_rng_shuffle(&s->rng, s->cand, n);
                        int k = 0;
                        while (k < n && !stopped(s) && !place(s, s->cand[k], 1)) k++;
                        if (stopped(s)) return 1;
                        if (k == n) return -1;
                    }
#undef AT
                    p = q;
                }
            }
        }
        if (!found) return 0;
    }
}

/* One try at an outline: 0; -1 when it failed; 1 when stopped. */
static int build(og *s, int target_white)
{
    if (kakuro_grid_init(s->g, s->rows, s->cols)) return -1;
    for (int r = 1; r < s->rows; r++)
        for (int c = 1; c < s->cols; c++) s->g->white[r * s->cols + c] = 1;
    s->nwhite = (s->rows - 1) * (s->cols - 1);
    const int cut = cut_long_runs(s);
    if (cut) return cut;
    int n = 0;
    for (int r = 1; r < s->rows; r++)
        for (int c = 1; c < s->cols; c++) {
            int i = r * s->cols + c;
            if (!s->sym || i <= mirror(s, i)) s->cand[n++] = i;
        }
    pb_rng_shuffle(&s->rng, s->cand, n);
    for (int pass = 0; pass < PASSES && s->nwhite > target_white; pass++) {
        int placed = 0;
        for (int k = 0; k < n && s->nwhite > target_white; k++) {
            if (stopped(s)) return 1;
            placed += place(s, s->cand[k], pass > 0);
        }
        if (!placed && pass > 0) break;
    }
    return 0;
}

int kakuro_outline_generate(const kakuro_outline_opts *o, uint64_t index, kakuro_grid *g)
{
    double density = o->density > 0 ? o->density : KAKURO_DEFAULT_DENSITY;
    if (o->rows < 3 || o->cols < 3 || o->rows > KAKURO_MAX_DIM || o->cols > KAKURO_MAX_DIM ||
        !(density <= 1))
        return -1;
    const size_t n = (size_t)o->rows * (size_t)o->cols;
    og *s = malloc(sizeof *s);
    int *ints = calloc(3 * n, sizeof *ints);
    if (!s || !ints) return free(s), free(ints), -1;
    s->o = o;
    s->g = g;
    s->rows = o->rows, s->cols = o->cols, s->sym = o->symmetric != 0;
    s->stamp = 0;
    s->seen = ints, s->queue = ints + n, s->cand = ints + 2 * n;
    /* Different shapes get unrelated streams under one seed. The bits of rows and
     * columns past the low 8 go high, so that shapes under 256 keep their streams. */
    uint64_t mix = (uint64_t)(o->rows & 0xff) | (uint64_t)(o->cols & 0xff) << 8 |
                   (uint64_t)s->sym << 16 | (uint64_t)llround(density * 1000) << 24 |
                   (uint64_t)(o->rows >> 8) << 40 | (uint64_t)(o->cols >> 8) << 52;
    pb_rng_seed_stream(&s->rng, o->seed ^ (mix * 0x9E3779B97F4A7C15u), index);
    const int target = (int)lround(density * (o->rows - 1) * (o->cols - 1));
    char msg[128];
    int rc = -1;
    for (int t = 0; t < MAX_TRIES && rc; t++) {
        const int built = build(s, target);
        if (built > 0) {
            rc = 1;
            break;
        }
        if (!built && !kakuro_outline_check(g, msg, sizeof msg)) rc = 0;
    }
    free(ints);
    free(s);
    return rc;
}
