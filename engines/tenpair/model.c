/* model.c — tenpair's rules as an instance of the shared model, so that its engines
 * run through pb_engine like every family's: the start digits as cells whose domain is
 * their digit alone, laid out width to a row, the switches in kind_arg. */
#include "tenpair.h"

#include <stdlib.h>
#include <string.h>

pb_model *tp_model_new(const tp_rules *r)
{
    if (tp_rules_check(r, NULL)) return NULL;
    pb_model *m = pb_model_new(r->nstart, 9);
    int *row = malloc((size_t)r->nstart * sizeof *row),
        *col = malloc((size_t)r->nstart * sizeof *col);
    int rc = !m || !row || !col;
    for (int i = 0; !rc && i < r->nstart; i++) {
        m->domain[i] = PB_BIT(r->start[i]);
        row[i] = i / r->width, col[i] = i % r->width;
    }
    if (!rc)
        rc = pb_model_set_layout(m, (r->nstart + r->width - 1) / r->width, r->width, row, col) ||
             pb_model_finish(m);
    free(row), free(col);
    if (rc) {
        pb_model_free(m);
        return NULL;
    }
    m->kind = TP_KIND;
    m->kind_arg = (r->wrap ? TP_KIND_WRAP : 0) | (r->append_any ? TP_KIND_ANY : 0);
    return m;
}

int tp_rules_of(const pb_model *m, tp_rules *r, pb_error *err)
{
    if (!m->kind || strcmp(m->kind, TP_KIND))
        return pb_fail(err, 0, "not a tenpair start (tenpair's engines play only the game)");
    if (m->ncells < 1 || m->ncells > TP_MAX_START)
        return pb_fail(err, 0, "a start of %d digits (1-%d)", m->ncells, TP_MAX_START);
    memset(r, 0, sizeof *r);
    r->width = m->cols;
    r->wrap = (m->kind_arg & TP_KIND_WRAP) != 0;
    r->append_any = (m->kind_arg & TP_KIND_ANY) != 0;
    r->nstart = m->ncells;
    for (int i = 0; i < m->ncells; i++) {
        const pb_mask d = m->domain[i];
        if (!d || (d & (d - 1)) || d > PB_BIT(9))
            return pb_fail(err, 0, "cell %d holds no single digit 1-9", i);
        r->start[i] = (uint8_t)(__builtin_ctzll(d) + 1);
    }
    return tp_rules_check(r, err);
}
