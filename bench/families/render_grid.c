/* render_grid.c — the shared picture of a placement board (see render_grid.h). */
#include "render_grid.h"

#include "harness/io/svg.h"

enum { MARGIN = 10 };

/* The value that cell c is given, or 0: a domain of exactly one value. */
static int given(const pb_model *m, int c)
{
    pb_mask d = m->domain[c];
    if (!d || (d & (d - 1))) return 0;
    int v = 1;
    while (!(d & 1)) d >>= 1, v++;
    return v;
}

void pb_render_grid(FILE *f, const pb_model *m, const int *values, int box, int pairs)
{
    const double cs = m->nvalues > 9 ? 36 : 40; /* the cell's side */
    const double font = m->nvalues > 9 ? cs * 0.45 : cs * 0.55;
    pb_svg_begin(f, 2 * MARGIN + cs * m->cols, 2 * MARGIN + cs * m->rows);
    for (int c = 0; c < m->ncells; c++)
        pb_svg_rect(f, MARGIN + cs * m->cell_col[c], MARGIN + cs * m->cell_row[c], cs, cs, "white",
                    "#444", 1);
    if (box > 1) {
        for (int k = 0; k <= m->rows; k += box)
            pb_svg_line(f, MARGIN, MARGIN + cs * k, MARGIN + cs * m->cols, MARGIN + cs * k, "black",
                        3, 1);
        for (int k = 0; k <= m->cols; k += box)
            pb_svg_line(f, MARGIN + cs * k, MARGIN, MARGIN + cs * k, MARGIN + cs * m->rows, "black",
                        3, 1);
    }
    for (int p = 0; pairs && p < m->npairs; p++) {
        int a = m->pairs[p][0], b = m->pairs[p][1];
        pb_svg_line(f, MARGIN + cs * (m->cell_col[a] + 0.5), MARGIN + cs * (m->cell_row[a] + 0.5),
                    MARGIN + cs * (m->cell_col[b] + 0.5), MARGIN + cs * (m->cell_row[b] + 0.5),
                    "#d04040", 1, 0.2);
    }
    for (int c = 0; c < m->ncells; c++) {
        int g = given(m, c), v = g ? g : values ? values[c] : 0;
        if (v <= 0) continue;
        char text[16];
        snprintf(text, sizeof text, "%d", v);
        pb_svg_text(f, MARGIN + cs * (m->cell_col[c] + 0.5), MARGIN + cs * (m->cell_row[c] + 0.5),
                    font, g ? "bold" : "300", g ? "black" : "#2a5db0", g ? "given" : "solution",
                    text);
    }
    pb_svg_end(f);
}
