/* grade.c — difficulty as QQwing grades it: a human-style solver that always uses
 * the simplest technique that makes progress (naked single, else hidden single, else
 * one locked-candidates elimination, else a guess) and reports the hardest one used.
 * Once it must guess, the `logic` engine finishes the puzzle. */
#include "sudoku.h"

#include <string.h>

#define PB_X_SUMMARY(id, name, summary) summary,
const char *const sudoku_level_names[SUDOKU_LEVELS + 1] = {SUDOKU_LEVEL_LIST(PB_X_NAME) NULL};
const char *const sudoku_level_summaries[SUDOKU_LEVELS + 1] = {SUDOKU_LEVEL_LIST(PB_X_SUMMARY)
                                                                   NULL};

int sudoku_level_find(const char *name)
{
    for (int i = 0; i < SUDOKU_LEVELS; i++)
        if (!strcmp(sudoku_level_names[i], name)) return i;
    return -1;
}

typedef struct human {
    const pb_model *m;
    int n, N;
    int left;                            /* cells without a value */
    unsigned char val[SUDOKU_MAX_CELLS]; /* 0 or the value placed */
    pb_mask cand[SUDOKU_MAX_CELLS];      /* candidates; one bit once placed */
} human;

/* Writes v into c and removes it from c's peers; 0 when a peer is left empty. */
static int place(human *h, int c, int v)
{
    const pb_model *m = h->m;
    const pb_mask bit = PB_BIT(v);
    h->val[c] = (unsigned char)v;
    h->cand[c] = bit;
    h->left--;
    int ok = 1;
    for (int i = m->peer_start[c]; i < m->peer_start[c + 1]; i++) {
        int p = m->peer[i];
        if (h->val[p]) continue;
        h->cand[p] &= ~bit;
        ok &= h->cand[p] != 0;
    }
    return ok;
}

/* Places every naked single, scan after scan. -1 on a contradiction, else the count. */
static int naked_singles(human *h)
{
    int placed = 0, again = 1;
    while (again) {
        again = 0;
        for (int c = 0; c < h->m->ncells; c++) {
            pb_mask x = h->cand[c];
            if (h->val[c] || (x & (x - 1))) continue;
            if (!x || !place(h, c, __builtin_ctzll(x) + 1)) return -1;
            placed++, again = 1;
        }
    }
    return placed;
}

/* Places the first hidden single (groups in model order): 1 if one was placed, 0 if
 * none, -1 on a contradiction (a value with no cell in a group). */
static int hidden_single(human *h)
{
    const pb_model *m = h->m;
    for (int g = 0; g < m->ngroups; g++) {
        const int *cells = m->group_cells + m->group_start[g];
        pb_mask once = 0, twice = 0, done = 0;
        for (int i = 0; i < h->N; i++) {
            pb_mask x = h->cand[cells[i]];
            if (h->val[cells[i]]) {
                done |= x;
                continue;
            }
            twice |= once & x;
            once |= x;
        }
        if ((once | done) != PB_FULL(h->N) || (once & done)) return -1;
        pb_mask single = once & ~twice;
        if (!single) continue;
        for (int i = 0; i < h->N; i++)
            if (!h->val[cells[i]] && (h->cand[cells[i]] & single)) {
                pb_mask x = h->cand[cells[i]] & single;
                return place(h, cells[i], __builtin_ctzll(x) + 1) ? 1 : -1;
            }
    }
    return 0;
}

/* Removes `lock` from the open cells of line `line` (a row, or a column when `col`)
 * outside box column/row block `keep`. Returns the candidates removed, -1 when a cell
 * is left empty. */
static int clear_line(human *h, int col, int line, int keep, pb_mask lock)
{
    int removed = 0;
    for (int k = 0; k < h->N; k++) {
        int c = col ? k * h->N + line : line * h->N + k;
        if (k / h->n == keep || h->val[c] || !(h->cand[c] & lock)) continue;
        removed += __builtin_popcountll(h->cand[c] & lock);
        if (!(h->cand[c] &= ~lock)) return -1;
    }
    return removed;
}

/* Removes `lock` from the open cells of the box holding line `line` at block `blk`,
 * outside that line. */
static int clear_box(human *h, int col, int line, int blk, pb_mask lock)
{
    const int n = h->n, first = line - line % n;
    int removed = 0;
    for (int l = first; l < first + n; l++) {
        if (l == line) continue;
        for (int k = blk * n; k < blk * n + n; k++) {
            int c = col ? k * h->N + l : l * h->N + k;
            if (h->val[c] || !(h->cand[c] & lock)) continue;
            removed += __builtin_popcountll(h->cand[c] & lock);
            if (!(h->cand[c] &= ~lock)) return -1;
        }
    }
    return removed;
}

/* The first locked-candidates pattern that removes something, applied: pointing (a
 * box's value confined to one line leaves the rest of the line), then claiming (a
 * line's value confined to one box leaves the rest of the box), rows before
 * columns. Returns the candidates removed, 0 if none, -1 on a contradiction. */
static int locked_candidates(human *h)
{
    const int n = h->n, N = h->N;
    pb_mask seg[SUDOKU_MAX_SIZE][SUDOKU_MAX_BOX]; /* seg[line][blk]: open values there */
    for (int col = 0; col < 2; col++) {
        for (int l = 0; l < N; l++)
            for (int b = 0; b < n; b++) {
                pb_mask v = 0;
                for (int k = b * n; k < b * n + n; k++) {
                    int c = col ? k * N + l : l * N + k;
                    if (!h->val[c]) v |= h->cand[c];
                }
                seg[l][b] = v;
            }
        for (int l = 0; l < N; l++) /* pointing */
            for (int b = 0; b < n; b++) {
                pb_mask other = 0;
                for (int l2 = l - l % n; l2 < l - l % n + n; l2++)
                    if (l2 != l) other |= seg[l2][b];
                pb_mask lock = seg[l][b] & ~other;
                if (!lock) continue;
                int r = clear_line(h, col, l, b, lock);
                if (r) return r;
            }
        for (int l = 0; l < N; l++) /* claiming */
            for (int b = 0; b < n; b++) {
                pb_mask other = 0;
                for (int b2 = 0; b2 < n; b2++)
                    if (b2 != b) other |= seg[l][b2];
                pb_mask lock = seg[l][b] & ~other;
                if (!lock) continue;
                int r = clear_box(h, col, l, b, lock);
                if (r) return r;
            }
    }
    return 0;
}

int sudoku_grade(const pb_model *m, sudoku_grade_info *out)
{
    human h;
    memset(out, 0, sizeof *out);
    h.m = m;
    h.n = sudoku_box_for_cells(m->ncells);
    h.N = h.n * h.n;
    h.left = m->ncells;
    memset(h.val, 0, sizeof h.val);
    for (int c = 0; c < m->ncells; c++) h.cand[c] = m->domain[c] & PB_FULL(h.N);
    for (int c = 0; c < m->ncells; c++) { /* the givens */
        pb_mask x = h.cand[c];
        if (!x) return -1;
        if (!(x & (x - 1)) && !place(&h, c, __builtin_ctzll(x) + 1)) return -1;
    }
    while (h.left) {
        int r = naked_singles(&h);
        if (r < 0) return -1;
        out->naked_singles += r;
        if (!h.left) break;
        if ((r = hidden_single(&h)) < 0) return -1;
        if (r) {
            out->hidden_singles++;
            continue;
        }
        if ((r = locked_candidates(&h)) < 0) return -1;
        if (r) {
            out->locked_eliminations += r;
            continue;
        }
        /* Stuck: the logic engine finishes from the candidates left. */
        pb_mask dom[SUDOKU_MAX_CELLS];
        pb_model view = *m;
        memcpy(dom, h.cand, (size_t)m->ncells * sizeof *dom);
        view.domain = dom;
        pb_run how = {.mode = PB_MODE_FIRST};
        pb_result res = {0};
        pb_engine_sudoku_logic.run(&view, pb_engine_sudoku_logic.config, &how, &res);
        if (!res.stats.solutions) return -1;
        /* Stuck means a guess, even if the engine's own order needed none. */
        out->guesses = res.stats.guesses ? (int)res.stats.guesses : 1;
        break;
    }
    out->level = out->guesses               ? SUDOKU_EXPERT
                 : out->locked_eliminations ? SUDOKU_INTERMEDIATE
                 : out->hidden_singles      ? SUDOKU_EASY
                                            : SUDOKU_SIMPLE;
    return 0;
}
