/* rules.c — tenpair's rules: start sequences, the moves of a board, applying a
 * step, and the board's text form. */
#include "tenpair.h"

#include <stdio.h>
#include <string.h>

void tp_rules_default(tp_rules *r)
{
    memset(r, 0, sizeof *r);
    r->width = 9;
    r->wrap = 1;
    r->append_any = 0;
    tp_rules_set_upto(r, 19, NULL);
}

int tp_rules_set_start(tp_rules *r, const char *digits, pb_error *err)
{
    int n = 0;
    for (const char *p = digits; *p; p++) {
        unsigned char c = (unsigned char)*p;
        if (c < '1' || c > '9') /* the rules are left as they were */
            return pb_fail(err, 0,
                           c >= ' ' && c < 127
                               ? "column %d: expected a digit 1-9, found '%c'"
                               : "column %d: expected a digit 1-9, found byte 0x%02x",
                           (int)(p - digits) + 1, c);
        if (++n > TP_MAX_START) return pb_fail(err, 0, "more than %d digits", TP_MAX_START);
    }
    if (n == 0) return pb_fail(err, 0, "expected at least one digit 1-9");
    for (int i = 0; i < n; i++) r->start[i] = (uint8_t)(digits[i] - '0');
    r->nstart = n;
    return 0;
}

int tp_rules_set_upto(tp_rules *r, long n, pb_error *err)
{
    if (n < 1) return pb_fail(err, 0, "--upto: expected a number of at least 1, got %ld", n);
    int at = 0;
    long last = 0; /* the last number written: past the bound, the largest N */
    for (long k = 1; k <= n; k++) {
        char buf[24];
        int len = snprintf(buf, sizeof buf, "%ld", k);
        if (memchr(buf, '0', (size_t)len)) continue;
        if (at + len > TP_MAX_START)
            return pb_fail(err, 0, "--upto %ld: the start would pass %d digits (N at most %ld)", n,
                           TP_MAX_START, last);
        for (int i = 0; i < len; i++) r->start[at++] = (uint8_t)(buf[i] - '0');
        last = k;
    }
    r->nstart = at;
    return 0;
}

int tp_rules_check(const tp_rules *r, pb_error *err)
{
    if (r->width < 1 || r->width > TP_MAX_WIDTH)
        return pb_fail(err, 0, "--width: expected 1-%d, got %d", TP_MAX_WIDTH, r->width);
    if (r->nstart < 1 || r->nstart > TP_MAX_START)
        return pb_fail(err, 0, "the start needs 1-%d digits", TP_MAX_START);
    for (int i = 0; i < r->nstart; i++)
        if (!tp_live(r->start[i])) return pb_fail(err, 0, "the start holds a digit outside 1-9");
    return 0;
}

/* Walks the board from its end, keeping the next live cell in reading order and in
 * each column; calls found(i, j) for every pair of neighbours that pairs up. The
 * walk stops when found returns non-zero. */
#define TP_FOR_EACH_MOVE(r, board, n, FOUND)                                                       \
    do {                                                                                           \
        int next_ = -1, colnext_[TP_MAX_WIDTH];                                                    \
        const int w_ = (r)->width;                                                                 \
        for (int c_ = 0; c_ < w_; c_++) colnext_[c_] = -1;                                         \
        for (int i = (n)-1, col_ = (i) % w_; i >= 0; i--, col_ = col_ ? col_ - 1 : w_ - 1) {       \
            uint8_t d_ = (board)[i];                                                               \
            if (!tp_live(d_)) continue;                                                            \
            int j, reads_ = next_ >= 0 && ((r)->wrap || next_ / w_ == i / w_);                     \
            if (reads_ && tp_pairs(d_, (board)[next_])) {                                          \
                j = next_;                                                                         \
                FOUND;                                                                             \
            }                                                                                      \
            j = colnext_[col_]; /* a pair that is both is listed once */                           \
            if (j >= 0 && !(reads_ && j == next_) && tp_pairs(d_, (board)[j])) FOUND;              \
            next_ = colnext_[col_] = i;                                                            \
        }                                                                                          \
    } while (0)

int tp_moves(const tp_rules *r, const uint8_t *board, int n, tp_step *out)
{
    int k = 0;
    if (n <= 0) return 0;
    TP_FOR_EACH_MOVE(r, board, n, (out[k].a = (int16_t)i, out[k].b = (int16_t)j, k++));
    for (int i = 0, m = k - 1; i < m; i++, m--) {
        tp_step t = out[i];
        out[i] = out[m];
        out[m] = t;
    }
    return k;
}

int tp_has_move(const tp_rules *r, const uint8_t *board, int n)
{
    if (n <= 0) return 0;
    TP_FOR_EACH_MOVE(r, board, n, return 1);
    return 0;
}

int tp_live_count(const uint8_t *board, int n)
{
    int k = 0;
    for (int i = 0; i < n; i++) k += tp_live(board[i]);
    return k;
}

int tp_apply(const tp_rules *r, uint8_t *board, int *n, int cap, tp_step s, int keep)
{
    if (tp_step_is_append(s)) {
        int live = tp_live_count(board, *n);
        if (live == 0 || *n + live > cap) return -1;
        if (!r->append_any && tp_has_move(r, board, *n)) return -1;
        int at = *n;
        for (int i = 0; i < *n; i++)
            if (tp_live(board[i])) board[at++] = board[i];
        *n = at;
        return 0;
    }
    if (s.a < 0 || s.b <= s.a || s.b >= *n) return -1;
    int legal = 0;
    TP_FOR_EACH_MOVE(
        r, board, *n, if (i == s.a && j == s.b) {
            legal = 1;
            break;
        });
    if (!legal) return -1;
    board[s.a] = keep ? (uint8_t)(board[s.a] + TP_CROSSED) : 0;
    board[s.b] = keep ? (uint8_t)(board[s.b] + TP_CROSSED) : 0;
    return 0;
}

size_t tp_format_board(const tp_rules *r, const uint8_t *board, int n, char *out, size_t cap)
{
    size_t need = 0;
    for (int i = 0; i < n; i++) {
        char c = tp_live(board[i]) ? (char)('0' + board[i]) : '#';
        if (need < cap) out[need] = c;
        need++;
        if (i % r->width == r->width - 1 || i == n - 1) {
            if (need < cap) out[need] = '\n';
            need++;
        }
    }
    if (cap) out[need < cap ? need : cap - 1] = '\0';
    return need;
}
