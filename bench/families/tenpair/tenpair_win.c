/* tenpair_win.c — `render tenpair --win`: the shortest win that tenpair's default engine
 * finds, replayed with the engine's own rules (tp_apply) and written as an animated SVG
 * (SMIL <set>, no script): a frame of FRAME_S seconds a step, each crossed pair first
 * highlighted then struck, appended digits appearing in rows of the rules' width; the
 * last frame is held. Every step is also one empty <g class="step"> with data-step,
 * data-kind (cross or append) and data-move ("A B": the cells crossed; "FROM TO": the
 * cells an append wrote), and every cell's text its data-cell, so a test can replay it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness/base/exit.h"
#include "harness/io/svg.h"
#include "harness/measure/stop.h"
#include "tenpair_family.h"

#define FRAME_S 0.4
#define CELL    32.0
#define MARGIN  10.0

/* When each cell appears, is highlighted and is struck (seconds; < 0: never). */
typedef struct cell_times {
    double shown, lit, struck;
} cell_times;

static void set_at(FILE *f, const char *attr, const char *to, double t)
{
    fprintf(f, "<set attributeName=\"%s\" to=\"%s\" begin=\"%gs\" fill=\"freeze\"/>\n", attr, to,
            t);
}

/* Cell k (digit d) at its place, hidden until it is written, then lit and struck. */
static void write_cell(FILE *f, const tp_rules *r, int k, int d, const cell_times *t)
{
    double x = MARGIN + CELL * (k % r->width), y = MARGIN + CELL * (k / r->width);
    fprintf(f, "<g id=\"c%d\"%s>\n", k, t->shown > 0 ? " visibility=\"hidden\"" : "");
    if (t->shown > 0) set_at(f, "visibility", "visible", t->shown);
    fprintf(f,
            "<rect x=\"%g\" y=\"%g\" width=\"%g\" height=\"%g\" fill=\"white\" stroke=\"#ccc\" "
            "stroke-width=\"1\">\n",
            x, y, CELL, CELL);
    if (t->lit >= 0) set_at(f, "fill", "#ffd54f", t->lit), set_at(f, "fill", "#eee", t->struck);
    fputs("</rect>\n", f);
    fprintf(f,
            "<text x=\"%g\" y=\"%g\" font-size=\"%g\" fill=\"black\" text-anchor=\"middle\" "
            "class=\"digit\" data-cell=\"%d\">%d",
            x + CELL / 2, y + CELL / 2 + CELL * 0.2, CELL * 0.6, k, d);
    if (t->lit >= 0) set_at(f, "fill", "#999", t->struck);
    fputs("</text>\n", f);
    if (t->lit >= 0) {
        fprintf(f,
                "<line x1=\"%g\" y1=\"%g\" x2=\"%g\" y2=\"%g\" stroke=\"#c62828\" "
                "stroke-width=\"2\" visibility=\"hidden\">\n",
                x + 5, y + CELL - 5, x + CELL - 5, y + 5);
        set_at(f, "visibility", "visible", t->struck);
        fputs("</line>\n", f);
    }
    fputs("</g>\n", f);
}

/* Replays the win on board (kept digits) and writes the picture; -1 if a step does not
 * replay. */
static int write_win(FILE *f, const tp_rules *r, const pb_result *res)
{
    uint8_t *board = malloc(TP_MAX_LENGTH);
    cell_times *t = malloc(TP_MAX_LENGTH * sizeof *t);
    char *marks = malloc((size_t)res->npath * 96 + 1);
    int n = r->nstart, rc = board && t && marks ? 0 : -1;
    size_t at = 0;
    if (!rc) memcpy(board, r->start, (size_t)n), marks[0] = '\0';
    for (int k = 0; !rc && k < TP_MAX_LENGTH; k++) t[k] = (cell_times){0, -1, -1};
    for (int s = 0; !rc && s < res->npath; s++) {
        tp_step st = res->path[s];
        double when = FRAME_S * (s + 1);
        int before = n;
        if (tp_apply(r, board, &n, TP_MAX_LENGTH, st, 1)) {
            rc = -1;
            break;
        }
        if (tp_step_is_append(st)) {
            for (int k = before; k < n; k++) t[k].shown = when;
            at += (size_t)sprintf(marks + at,
                                  "<g class=\"step\" data-step=\"%d\" data-kind=\"append\" "
                                  "data-move=\"%d %d\"/>\n",
                                  s, before, n);
        } else {
            t[st.a].lit = t[st.b].lit = when;
            t[st.a].struck = t[st.b].struck = when + FRAME_S / 2;
            at += (size_t)sprintf(marks + at,
                                  "<g class=\"step\" data-step=\"%d\" data-kind=\"cross\" "
                                  "data-move=\"%d %d\"/>\n",
                                  s, st.a, st.b);
        }
    }
    if (!rc) {
        int rows = (n + r->width - 1) / r->width;
        pb_svg_begin(f, 2 * MARGIN + CELL * r->width, 2 * MARGIN + CELL * rows);
        for (int k = 0; k < n; k++) write_cell(f, r, k, board[k] & 15, &t[k]);
        fputs(marks, f);
        pb_svg_end(f);
    }
    free(board);
    free(t);
    free(marks);
    return rc;
}

int pb_tenpair_render_win(FILE *f, const pb_set *set, int i, const pb_limits *lim, char *err,
                          size_t errlen)
{
    (void)i;
    const tp_rules *r = &((const tp_start *)set->priv)->rules;
    const char *name = pb_family_tenpair.default_engine;
    const pb_engine *e = pb_family_engine(&pb_family_tenpair, name);
    if (!e) return snprintf(err, errlen, "no engine %s", name), PB_EXIT_FAILED;
    pb_run how = {.mode = PB_MODE_FIRST, .threads = 1, .limits = *lim};
    if (!how.limits.max_bytes) how.limits.max_bytes = 4ull << 30;
    pb_result res = {0};
    pb_status st = pb_engine_run(e, set->puzzle[0].model, &how, &res);
    int rc = 0;
    if (st == PB_UNSUPPORTED)
        rc = (snprintf(err, errlen, "%s", res.why), PB_EXIT_USAGE);
    else if (st != PB_DONE) {
        char opt[64];
        pb_stop_option(pb_stop_of(st, lim, 0, res.stats.wall_s), lim, opt, sizeof opt);
        if (opt[0])
            snprintf(err, errlen, "stopped at %s before finding a win", opt);
        else
            snprintf(err, errlen, "the search stopped (%s)", pb_status_name(st));
        rc = PB_EXIT_LIMIT;
    } else if (!res.length)
        rc = (snprintf(err, errlen, "no win from this start"), PB_EXIT_NONE);
    else if (write_win(f, r, &res))
        rc = (snprintf(err, errlen, "internal error: the win does not replay"), PB_EXIT_FAILED);
    free(res.path);
    return rc;
}
