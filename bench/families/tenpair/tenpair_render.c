/* tenpair_render.c — the picture of a tenpair start for render: written in rows of
 * its width as the game is played on paper. Static: the start only, nothing crossed
 * yet (render --win animates a win: tenpair_win.c). */
#include <stdio.h>

#include "harness/io/svg.h"
#include "tenpair_family.h"

void pb_tenpair_render(FILE *f, const pb_set *set, int i, const int *values)
{
    (void)i, (void)values;
    const tp_rules *r = &((const tp_start *)set->priv)->rules;
    const double cs = 32, m = 10;
    int rows = (r->nstart + r->width - 1) / r->width;
    char t[4];
    pb_svg_begin(f, 2 * m + cs * r->width, 2 * m + cs * rows);
    for (int k = 0; k < r->nstart; k++) {
        double x = m + cs * (k % r->width), y = m + cs * (k / r->width);
        pb_svg_rect(f, x, y, cs, cs, "white", "#ccc", 1);
        snprintf(t, sizeof t, "%d", r->start[k]);
        pb_svg_text(f, x + cs / 2, y + cs / 2, cs * 0.6, "normal", "black", "digit", t);
    }
    pb_svg_end(f);
}
