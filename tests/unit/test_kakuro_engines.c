/* test_kakuro_engines.c — the engines on random kakuro-like grids with sum groups:
 * every engine that accepts a model must count exactly the solutions an independent
 * brute force finds, give solutions that pass the rules, and (with PB_CAP_LAST) two
 * different solutions when a count stops at 2; the engines that cannot handle sums
 * must refuse them; the step counts of `thesis` and `backtrack` match the reference
 * searches (kakuro_engines_check.h). The hand-made cases and the puzzle files are in
 * test_kakuro_cases.c. */
#include "kakuro_engines_check.h"

/* ---- random kakuro-like grids ---- */
static int rnd(pb_rng *r, int n)
{
    return (int)(pb_rng_next(r) % (uint64_t)n);
}

/* A random fill of sp's cells: distinct digits in every group (sums ignored). */
static int fill_rec(const spec *sp, pb_rng *r, int *v, int c)
{
    if (c == sp->ncells) return 1;
    int order[9];
    for (int i = 0; i < 9; i++) order[i] = i + 1;
    for (int i = 8; i > 0; i--) {
        int j = rnd(r, i + 1), t = order[i];
        order[i] = order[j], order[j] = t;
    }
    for (int i = 0; i < 9; i++) {
        int x = order[i], ok = 1;
        for (int g = 0; g < sp->ngroups && ok; g++) {
            if (!spec_in_group(sp, g, c)) continue;
            for (int k = sp->gstart[g]; k < sp->gstart[g + 1]; k++)
                if (sp->gcells[k] >= 0 && sp->gcells[k] < c && v[sp->gcells[k]] == x) ok = 0;
        }
        if (!ok) continue;
        v[c] = x;
        if (fill_rec(sp, r, v, c + 1)) return 1;
    }
    return 0;
}

/* A rows x cols pattern of white cells (each in some run of 2 or more), its runs as
 * sum groups (across row by row, then down column by column), sums from a random
 * fill, stored in fill. 0 when fewer than 2 white cells are left. */
static int make_grid(pb_rng *r, int rows, int cols, int white_pct, spec *sp, int *fill)
{
    unsigned char w[64];
    int id[64], n = 0;
    for (int i = 0; i < rows * cols; i++) w[i] = rnd(r, 100) < white_pct;
    for (int changed = 1; changed;) {
        changed = 0;
        for (int i = 0; i < rows * cols; i++) {
            int y = i / cols, x = i % cols;
            if (!w[i]) continue;
            int across = (x > 0 && w[i - 1]) || (x + 1 < cols && w[i + 1]);
            int down = (y > 0 && w[i - cols]) || (y + 1 < rows && w[i + cols]);
            if (!across && !down) w[i] = 0, changed = 1;
        }
    }
    for (int i = 0; i < rows * cols; i++) id[i] = w[i] ? n++ : -1;
    if (n < 2) return 0;
    spec_init(sp, n, 9);
    sp->rows = rows, sp->cols = cols;
    for (int i = 0; i < rows * cols; i++)
        if (w[i]) sp->row[id[i]] = i / cols, sp->col[id[i]] = i % cols;
    for (int dir = 0; dir < 2; dir++) {
        int outer = dir ? cols : rows, inner = dir ? rows : cols;
        for (int a = 0; a < outer; a++) {
            int cells[8], len = 0;
            for (int b = 0; b <= inner; b++) {
                int i = b == inner ? -1 : dir ? b * cols + a : a * cols + b;
                if (i >= 0 && w[i]) {
                    cells[len++] = id[i];
                    continue;
                }
                if (len >= 2) spec_group(sp, cells, len, 1);
                len = 0;
            }
        }
    }
    if (!fill_rec(sp, r, fill, 0)) return 0;
    for (int g = 0; g < sp->ngroups; g++) {
        int t = 0;
        for (int i = sp->gstart[g]; i < sp->gstart[g + 1]; i++) t += fill[sp->gcells[i]];
        sp->gsum[g] = t;
    }
    return 1;
}

static void test_random_grids(void)
{
    pb_rng r;
    pb_rng_seed(&r, 2024);
    uint64_t counts[3] = {0, 0, 0};
    int made = 0, skipped = 0;
    for (int iter = 0; iter < 160; iter++) {
        spec sp;
        int fill[MAXC];
        int rows = 3 + rnd(&r, 4), cols = 3 + rnd(&r, 4); /* 3..6 each */
        if (!make_grid(&r, rows, cols, 45 + rnd(&r, 35), &sp, fill)) continue;
        made++;
        switch (iter % 5) {
        case 0: /* as filled: at least one solution */
            break;
        case 1: /* givens from the fill, up to half the cells: often unique */
            for (int k = 0; k < 1 + sp.ncells / 2; k++) {
                int c = rnd(&r, sp.ncells);
                sp.domain[c] = PB_BIT(fill[c]);
            }
            break;
        case 2: { /* one sum moved: often none, sometimes several */
            int g = rnd(&r, sp.ngroups), d = 1 + rnd(&r, 2);
            sp.gsum[g] += rnd(&r, 2) && sp.gsum[g] > d ? -d : d;
            break;
        }
        case 3: /* narrowed domains, each still holding the fill's digit */
            for (int c = 0; c < sp.ncells; c++)
                if (rnd(&r, 3) == 0)
                    sp.domain[c] = PB_BIT(fill[c]) | (pb_mask)(pb_rng_next(&r) & 0x1ff);
            break;
        default: /* a given that may clash, and a sum that may not fit */
            sp.domain[rnd(&r, sp.ncells)] = PB_BIT(1 + rnd(&r, 9));
            sp.gsum[rnd(&r, sp.ngroups)] += rnd(&r, 3) - 1;
            break;
        }
        if (!check_model(&sp, 1, counts)) skipped++;
    }
    printf("random grids: %d models, %d too big for the brute force (%" PRIu64 " none, %" PRIu64
           " unique, %" PRIu64 " several), %d engine checks, %d runs (%d runs over the step "
           "budget)\n",
           made, skipped, counts[0], counts[1], counts[2], engines_checked, runs_checked,
           runs_too_long);
    /* The mix must exercise all three outcomes. */
    CHECK(made > 130 && skipped < made / 5 && counts[0] > 10 && counts[1] > 10 && counts[2] > 10);
}

/* Kakuro grids as the public collections have them: some runs without a clue (plain
 * groups: distinct digits, any sum) and one-cell runs (a sum group of one cell,
 * usually its fill's digit, sometimes another, sometimes over 9). */
static void test_random_loose(void)
{
    pb_rng r;
    pb_rng_seed(&r, 31);
    uint64_t counts[3] = {0, 0, 0};
    int made = 0, skipped = 0, plain = 0, single = 0;
    for (int iter = 0; iter < 120; iter++) {
        spec sp;
        int fill[MAXC];
        int rows = 3 + rnd(&r, 4), cols = 3 + rnd(&r, 4);
        if (!make_grid(&r, rows, cols, 45 + rnd(&r, 35), &sp, fill)) continue;
        made++;
        sp.kind = "kakuro";
        for (int g = 0; g < sp.ngroups; g++)
            if (rnd(&r, 4) == 0) sp.gsum[g] = 0, plain++;
        for (int c = 0; c < sp.ncells && sp.ngroups < MAXG; c++) {
            int in = 0;
            for (int g = 0; g < sp.ngroups; g++) in += spec_in_group(&sp, g, c);
            if (in != 1 || rnd(&r, 3)) continue;
            const int sum = rnd(&r, 8) ? fill[c] : 1 + rnd(&r, 12);
            spec_group(&sp, &c, 1, sum);
            single++;
        }
        if (iter % 2)
            for (int k = 0; k < 1 + sp.ncells / 3; k++) {
                int c = rnd(&r, sp.ncells);
                sp.domain[c] = PB_BIT(fill[c]);
            }
        if (!check_model(&sp, 1, counts)) skipped++;
    }
    printf("loose grids: %d models (%d runs without a clue, %d one-cell runs), %d too big "
           "for the brute force (%" PRIu64 " none, %" PRIu64 " unique, %" PRIu64 " several)\n",
           made, plain, single, skipped, counts[0], counts[1], counts[2]);
    CHECK(made > 100 && skipped < made / 4 && plain > 50 && single > 20);
    CHECK(counts[0] > 5 && counts[1] > 5 && counts[2] > 5);
}

/* Models that are not kakuro: fewer values, plain groups beside sum groups,
 * min-difference pairs, narrowed domains. */
static void test_random_mixed(void)
{
    pb_rng r;
    pb_rng_seed(&r, 77);
    uint64_t counts[3] = {0, 0, 0};
    for (int iter = 0; iter < 120; iter++) {
        spec sp;
        int n = 4 + rnd(&r, 5), nv = 3 + rnd(&r, 6);
        spec_init(&sp, n, nv);
        sp.min_diff = rnd(&r, 3);
        int ng = 1 + rnd(&r, 4);
        for (int g = 0; g < ng; g++) {
            int cells[8], len = 2 + rnd(&r, nv - 1 < 3 ? nv - 1 : 3), k = 0;
            while (k < len) {
                int c = rnd(&r, n), dup = 0;
                for (int i = 0; i < k; i++) dup |= cells[i] == c;
                if (!dup) cells[k++] = c;
            }
            int sum = 0;
            if (rnd(&r, 3)) {
                int lo = len * (len + 1) / 2, hi = len * (2 * nv - len + 1) / 2;
                sum = lo - 1 + rnd(&r, hi - lo + 3);
                if (sum < 1) sum = 1;
            }
            spec_group(&sp, cells, len, sum);
        }
        for (int i = 0; sp.min_diff && i < 3; i++) {
            int a = rnd(&r, n), b = rnd(&r, n);
            if (a != b) sp.pairs[sp.npairs][0] = a, sp.pairs[sp.npairs++][1] = b;
        }
        for (int c = 0; c < n; c++)
            if (rnd(&r, 4) == 0) sp.domain[c] = (pb_mask)(pb_rng_next(&r) & PB_FULL(nv)) | 1;
        if (!sp.ngroups) continue;
        check_model(&sp, 1, counts);
    }
    printf("mixed models: %" PRIu64 " none, %" PRIu64 " unique, %" PRIu64 " several\n", counts[0],
           counts[1], counts[2]);
    CHECK(counts[0] > 5 && counts[1] >= 1 && counts[2] > 5);
}

int main(void)
{
    test_random_grids();
    test_random_mixed();
    test_random_loose();
    engines_all_ran("kakuro");
    return check_report("test_kakuro_engines");
}
