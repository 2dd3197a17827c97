/* render_grid_trace.c — a placement board's search as an animated SVG (render --trace;
 * see render_grid.h): SMIL <set> only, no script, a frame of FRAME_S seconds a step. A
 * value placed shows until the next step on its cell; a cell cleared as the search
 * backs up flashes red for one frame; the last frame (the solution) is held. Every
 * step is also one empty <g class="step"> with data-step, data-cell and data-value (0:
 * cleared), for tests. */
#include <stdlib.h>

#include "render_grid.h"
#include "harness/io/svg.h"

#define FRAME_S 0.1
#define MARGIN  10.0

void pb_render_grid_trace(FILE *f, const pb_model *m, const pb_trace_step *steps, int n, int pairs)
{
    const double cs = m->nvalues > 9 ? 36 : 40;
    const double font = m->nvalues > 9 ? cs * 0.45 : cs * 0.55;
    pb_svg_begin(f, 2 * MARGIN + cs * m->cols, 2 * MARGIN + cs * m->rows);
    for (int c = 0; c < m->ncells; c++) {
        fprintf(f,
                "<rect x=\"%g\" y=\"%g\" width=\"%g\" height=\"%g\" fill=\"white\" "
                "stroke=\"#444\" stroke-width=\"1\">\n",
                MARGIN + cs * m->cell_col[c], MARGIN + cs * m->cell_row[c], cs, cs);
        for (int s = 0; s < n; s++)
            if (steps[s].cell == c && !steps[s].value)
                fprintf(f,
                        "<set attributeName=\"fill\" to=\"#f4b4b4\" begin=\"%gs\" dur=\"%gs\"/>\n",
                        FRAME_S * (s + 1), FRAME_S);
        fputs("</rect>\n", f);
    }
    for (int p = 0; pairs && p < m->npairs; p++) {
        int a = m->pairs[p][0], b = m->pairs[p][1];
        pb_svg_line(f, MARGIN + cs * (m->cell_col[a] + 0.5), MARGIN + cs * (m->cell_row[a] + 0.5),
                    MARGIN + cs * (m->cell_col[b] + 0.5), MARGIN + cs * (m->cell_row[b] + 0.5),
                    "#d04040", 1, 0.2);
    }
    for (int s = 0; s < n; s++) {
        int c = steps[s].cell, next = s + 1;
        if (steps[s].value <= 0) continue;
        while (next < n && steps[next].cell != c) next++;
        fprintf(f,
                "<text x=\"%g\" y=\"%g\" font-size=\"%g\" fill=\"#2a5db0\" text-anchor=\"middle\" "
                "visibility=\"hidden\">%d",
                MARGIN + cs * (m->cell_col[c] + 0.5),
                MARGIN + cs * (m->cell_row[c] + 0.5) + font / 3, font, steps[s].value);
        fprintf(f, "<set attributeName=\"visibility\" to=\"visible\" begin=\"%gs\"",
                FRAME_S * (s + 1));
        if (next < n)
            fprintf(f, " end=\"%gs\"/>", FRAME_S * (next + 1));
        else
            fputs(" fill=\"freeze\"/>", f);
        fputs("</text>\n", f);
    }
    for (int s = 0; s < n; s++)
        fprintf(f, "<g class=\"step\" data-step=\"%d\" data-cell=\"%d\" data-value=\"%d\"/>\n", s,
                steps[s].cell, steps[s].value);
    pb_svg_end(f);
}
