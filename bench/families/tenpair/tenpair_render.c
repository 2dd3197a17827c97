/* tenpair_render.c — tenpair's instance for render: the start (digits, or uptoN as
 * --upto N writes it), and its picture, written in rows of the seed's width as the game
 * is played on paper. Static: the start only, nothing crossed yet. The start is also
 * loaded as the model the engines take (tp_model_new). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "family.h"
#include "harness/io/svg.h"
#include "tenpair/tenpair.h"

int pb_tenpair_load(const pb_instance *inst, const void *params, pb_set *set, char *err,
                    size_t errlen)
{
    (void)params;
    memset(set, 0, sizeof *set);
    tp_rules *r = malloc(sizeof *r);
    pb_puzzle *p = calloc(1, sizeof *p);
    pb_error e = {0, ""};
    int rc = 0;
    if (!r || !p) {
        snprintf(err, errlen, "%s: out of memory", inst->spec);
        rc = -1;
    } else {
        tp_rules_default(r);
        char *end;
        if (!strncmp(inst->spec, "upto", 4)) {
            long n = strtol(inst->spec + 4, &end, 10);
            rc = *end || end == inst->spec + 4 ? pb_fail(&e, 0, "expected uptoN")
                                               : tp_rules_set_upto(r, n, &e);
        } else {
            rc = tp_rules_set_start(r, inst->spec, &e);
        }
        if (rc)
            snprintf(err, errlen, "%s: %s (the start: digits 1-9, or uptoN)", inst->spec, e.msg);
        else if (!(p->model = tp_model_new(r)))
            rc = -1, snprintf(err, errlen, "%s: out of memory", inst->spec);
    }
    if (rc) {
        free(r);
        free(p);
        return -1;
    }
    set->count = 1, set->puzzle = p, set->priv = r;
    return 0;
}

void pb_tenpair_free_set(pb_set *set)
{
    if (set->puzzle) pb_model_free(set->puzzle[0].model);
    free(set->priv);
    free(set->puzzle);
    memset(set, 0, sizeof *set);
}

void pb_tenpair_render(FILE *f, const pb_set *set, int i, const int *values)
{
    (void)i, (void)values;
    const tp_rules *r = set->priv;
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
