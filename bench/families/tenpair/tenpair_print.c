/* tenpair_print.c — how solve and count show a tenpair win (the family's print_path
 * hooks): solve the boards of the game as the seed prints them, board after board;
 * count --print-paths each win's written digits on one line. */
#include <stdlib.h>
#include <string.h>

#include "harness/base/say.h"
#include "tenpair_family.h"

void pb_tenpair_print_path(FILE *f, const pb_set *set, int i, const pb_move *path, int npath)
{
    (void)i;
    const tp_rules *r = &((const tp_start *)set->priv)->rules;
    uint8_t *board = malloc(TP_MAX_LENGTH);
    char *text = malloc(2 * TP_MAX_LENGTH + 2);
    int n = r->nstart, ok = board && text;
    if (ok) memcpy(board, r->start, (size_t)n);
    for (int k = 0; ok && k <= npath; k++) {
        if (k > 0 && tp_apply(r, board, &n, TP_MAX_LENGTH, path[k - 1], 0)) ok = 0;
        if (!ok) break;
        tp_format_board(r, board, n, text, 2 * TP_MAX_LENGTH + 2);
        fprintf(f, "%s%s", k ? "\n" : "", text);
    }
    if (!board || !text)
        pb_say("tenpair: out of memory printing the win");
    else if (!ok)
        pb_say("internal error: the win does not replay");
    fputc('\n', f);
    free(board);
    free(text);
}

void pb_tenpair_print_path_line(FILE *f, const pb_set *set, int i, const pb_move *path, int npath,
                                int length)
{
    (void)i;
    const tp_rules *r = &((const tp_start *)set->priv)->rules;
    uint8_t board[TP_MAX_LENGTH];
    int n = r->nstart;
    memcpy(board, r->start, (size_t)n);
    for (int k = 0; k < npath; k++)
        if (tp_apply(r, board, &n, TP_MAX_LENGTH, path[k], 1)) break;
    fprintf(f, "win length=%d digits=", length);
    for (int k = 0; k < n; k++) fputc('0' + (board[k] & 15), f);
    fputc('\n', f);
}
