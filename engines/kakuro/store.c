/* store.c — kakuro grids' memory: one block per grid holding its four arrays, sized
 * to the grid, reused by later grids of the same size or smaller. */
#include "kakuro.h"

#include <stdlib.h>
#include <string.h>

/* Points g's arrays into mem, `cap` cells each. */
static void lay_out(kakuro_grid *g, unsigned char *mem, size_t cap)
{
    g->white = mem;
    g->digit = mem + cap;
    g->down = mem + 2 * cap;
    g->right = mem + 3 * cap;
    g->cap = cap;
}

/* Room for n cells in each array; the contents are not kept. */
static int reserve(kakuro_grid *g, size_t n)
{
    if (n <= g->cap && g->white) return 0;
    unsigned char *mem = malloc(4 * n);
    if (!mem) return -1;
    free(g->white);
    lay_out(g, mem, n);
    return 0;
}

int kakuro_grid_init(kakuro_grid *g, int rows, int cols)
{
    if (rows < 1 || rows > KAKURO_MAX_DIM || cols < 1 || cols > KAKURO_MAX_DIM) return -1;
    const size_t n = (size_t)rows * (size_t)cols;
    if (reserve(g, n)) return -1;
    g->rows = rows;
    g->cols = cols;
    memset(g->white, 0, n);
    memset(g->digit, 0, n);
    memset(g->down, 0, n);
    memset(g->right, 0, n);
    return 0;
}

int kakuro_grid_copy(kakuro_grid *to, const kakuro_grid *from)
{
    if (to == from) return 0;
    const size_t n = (size_t)from->rows * (size_t)from->cols;
    if (reserve(to, n ? n : 1)) return -1;
    to->rows = from->rows;
    to->cols = from->cols;
    if (!n) return 0;
    memcpy(to->white, from->white, n);
    memcpy(to->digit, from->digit, n);
    memcpy(to->down, from->down, n);
    memcpy(to->right, from->right, n);
    return 0;
}

void kakuro_grid_free(kakuro_grid *g)
{
    free(g->white);
    memset(g, 0, sizeof *g);
}
