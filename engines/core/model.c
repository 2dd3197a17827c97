/* model.c — building, finishing and checking the shared constraint model. */
#include "model.h"

#include <stdlib.h>
#include <string.h>

static void *grow(void *p, int *cap, int need, size_t elem)
{
    if (need <= *cap) return p;
    int ncap = *cap ? *cap : 16;
    while (ncap < need) ncap *= 2;
    void *q = realloc(p, (size_t)ncap * elem);
    if (q) *cap = ncap;
    return q;
}

pb_model *pb_model_new(int ncells, int nvalues)
{
    if (ncells < 1 || ncells > 1 << 20 || nvalues < 1 || nvalues > PB_MAX_VALUES) return NULL;
    pb_model *m = calloc(1, sizeof *m);
    if (!m) return NULL;
    m->ncells = ncells;
    m->nvalues = nvalues;
    m->domain = malloc((size_t)ncells * sizeof *m->domain);
    m->group_start = calloc(1, sizeof *m->group_start);
    if (!m->domain || !m->group_start) {
        pb_model_free(m);
        return NULL;
    }
    for (int c = 0; c < ncells; c++) m->domain[c] = PB_FULL(nvalues);
    return m;
}

void pb_model_free(pb_model *m)
{
    if (!m) return;
    free(m->domain);
    free(m->near);
    free(m->group_start);
    free(m->group_cells);
    free(m->group_sum);
    free(m->sum_set_start);
    free(m->sum_set);
    free(m->pairs);
    free(m->check_pairs);
    free(m->nbr_start);
    free(m->nbr);
    free(m->peer_start);
    free(m->peer);
    free(m->cgroup_start);
    free(m->cgroup);
    free(m->cell_row);
    free(m->cell_col);
    free(m->at);
    free(m);
}

int pb_model_add_group(pb_model *m, const int *cells, int count)
{
    if (m->finished || count < 1) return -1;
    for (int i = 0; i < count; i++)
        if (cells[i] < 0 || cells[i] >= m->ncells) return -1;
    int used = m->group_start[m->ngroups];
    int *gc = grow(m->group_cells, &m->cells_cap, used + count, sizeof *gc);
    if (!gc) return -1;
    m->group_cells = gc;
    int *gs = realloc(m->group_start, (size_t)(m->ngroups + 2) * sizeof *gs);
    if (!gs) return -1;
    m->group_start = gs;
    memcpy(gc + used, cells, (size_t)count * sizeof *cells);
    if (m->group_sum) {
        int *s = realloc(m->group_sum, (size_t)(m->ngroups + 1) * sizeof *s);
        if (!s) return -1;
        m->group_sum = s;
        s[m->ngroups] = 0;
    }
    m->ngroups++;
    m->group_start[m->ngroups] = used + count;
    return 0;
}

int pb_model_add_sum_group(pb_model *m, const int *cells, int count, int sum)
{
    if (m->finished || sum < 1 || m->nvalues > PB_SUM_MAX_VALUES) return -1;
    if (!m->group_sum) {
        m->group_sum = calloc((size_t)m->ngroups + 1, sizeof *m->group_sum);
        if (!m->group_sum) return -1;
    }
    if (pb_model_add_group(m, cells, count)) return -1;
    m->group_sum[m->ngroups - 1] = sum;
    m->nsums++;
    return 0;
}

/* sum_set_start/sum_set: every subset of 1..nvalues is bucketed once by (size, sum),
 * then each sum group copies its bucket. */
static int build_sum_sets(pb_model *m)
{
    m->sum_set_start = calloc((size_t)m->ngroups + 1, sizeof *m->sum_set_start);
    if (!m->sum_set_start) return -1;
    if (!m->nsums) {
        m->sum_set = malloc(sizeof *m->sum_set);
        return m->sum_set ? 0 : -1;
    }
    const int nv = m->nvalues, nsub = 1 << nv, maxsum = nv * (nv + 1) / 2;
    const int nkeys = (nv + 1) * (maxsum + 1);
    int *start = calloc((size_t)nkeys + 1, sizeof *start);
    pb_mask *bucket = malloc((size_t)nsub * sizeof *bucket);
    int *key = malloc((size_t)nsub * sizeof *key);
    if (!start || !bucket || !key) return free(start), free(bucket), free(key), -1;
    for (int s = 0; s < nsub; s++) {
        int total = 0;
        for (int v = 1; v <= nv; v++)
            if (s & (1 << (v - 1))) total += v;
        key[s] = __builtin_popcount((unsigned)s) * (maxsum + 1) + total;
        start[key[s] + 1]++;
    }
    for (int k = 0; k < nkeys; k++) start[k + 1] += start[k];
    int *fill = calloc((size_t)nkeys, sizeof *fill);
    if (!fill) return free(start), free(bucket), free(key), -1;
    for (int s = 0; s < nsub; s++) bucket[start[key[s]] + fill[key[s]]++] = (pb_mask)s;
    free(fill);
    free(key);

    size_t total = 0;
    for (int pass = 0; pass < 2; pass++) {
        total = 0;
        for (int g = 0; g < m->ngroups; g++) {
            int len = m->group_start[g + 1] - m->group_start[g], sum = m->group_sum[g];
            if (sum && len <= nv && sum <= maxsum) {
                int k = len * (maxsum + 1) + sum;
                if (pass)
                    memcpy(m->sum_set + total, bucket + start[k],
                           (size_t)(start[k + 1] - start[k]) * sizeof *bucket);
                total += (size_t)(start[k + 1] - start[k]);
            }
            if (pass) m->sum_set_start[g + 1] = (int)total;
        }
        if (!pass && !(m->sum_set = malloc((total + 1) * sizeof *m->sum_set)))
            return free(start), free(bucket), -1;
    }
    free(start);
    free(bucket);
    return 0;
}

int pb_model_add_pair(pb_model *m, int a, int b)
{
    if (m->finished || a < 0 || b < 0 || a >= m->ncells || b >= m->ncells || a == b) return -1;
    int(*p)[2] = grow(m->pairs, &m->pair_cap, m->npairs + 1, sizeof *p);
    if (!p) return -1;
    m->pairs = p;
    p[m->npairs][0] = a;
    p[m->npairs][1] = b;
    m->npairs++;
    return 0;
}

int pb_model_set_layout(pb_model *m, int rows, int cols, const int *cell_row, const int *cell_col)
{
    if (m->finished || rows < 1 || cols < 1 || (long)rows * cols > 1L << 22) return -1;
    int *r = malloc((size_t)m->ncells * sizeof *r), *c = malloc((size_t)m->ncells * sizeof *c);
    int *at = malloc((size_t)rows * cols * sizeof *at);
    if (!r || !c || !at) {
        free(r), free(c), free(at);
        return -1;
    }
    for (int i = 0; i < rows * cols; i++) at[i] = -1;
    for (int i = 0; i < m->ncells; i++) {
        if (cell_row[i] < 0 || cell_row[i] >= rows || cell_col[i] < 0 || cell_col[i] >= cols ||
            at[cell_row[i] * cols + cell_col[i]] >= 0) {
            free(r), free(c), free(at);
            return -1;
        }
        r[i] = cell_row[i];
        c[i] = cell_col[i];
        at[r[i] * cols + c[i]] = i;
    }
    free(m->cell_row), free(m->cell_col), free(m->at);
    m->cell_row = r, m->cell_col = c, m->at = at;
    m->rows = rows, m->cols = cols;
    return 0;
}

/* Builds a CSR adjacency from a list of (from, to) entries. */
static int build_csr(int n, int nentries, const int (*e)[2], int **start_out, int **list_out)
{
    int *start = calloc((size_t)n + 1, sizeof *start);
    int *list = malloc((size_t)(nentries ? nentries : 1) * sizeof *list);
    int *fill = calloc((size_t)n + 1, sizeof *fill);
    if (!start || !list || !fill) {
        free(start), free(list), free(fill);
        return -1;
    }
    for (int i = 0; i < nentries; i++) start[e[i][0] + 1]++;
    for (int c = 0; c < n; c++) start[c + 1] += start[c];
    for (int i = 0; i < nentries; i++) list[start[e[i][0]] + fill[e[i][0]]++] = e[i][1];
    free(fill);
    *start_out = start;
    *list_out = list;
    return 0;
}

static int cmp_check_pair(const void *a, const void *b)
{
    const int *p = a, *q = b;
    int pm = p[0] > p[1] ? p[0] : p[1], qm = q[0] > q[1] ? q[0] : q[1];
    int pn = p[0] + p[1] - pm, qn = q[0] + q[1] - qm;
    if (pm != qm) return qm - pm;
    return qn - pn;
}

int pb_model_finish(pb_model *m)
{
    if (m->finished) return 0;
    int n = m->ncells;
    if (!m->cell_row) {
        int *r = calloc((size_t)n, sizeof *r), *c = malloc((size_t)n * sizeof *c);
        if (!r || !c) return free(r), free(c), -1;
        for (int i = 0; i < n; i++) c[i] = i;
        int rc = pb_model_set_layout(m, 1, n, r, c);
        free(r), free(c);
        if (rc) return -1;
    }

    /* Min-difference neighbours, both directions, duplicates removed. */
    int(*e)[2] = malloc((size_t)(2 * m->npairs + 1) * sizeof *e);
    if (!e) return -1;
    int ne = 0;
    for (int i = 0; i < m->npairs; i++) {
        e[ne][0] = m->pairs[i][0], e[ne][1] = m->pairs[i][1], ne++;
        e[ne][0] = m->pairs[i][1], e[ne][1] = m->pairs[i][0], ne++;
    }
    int rc = build_csr(n, ne, e, &m->nbr_start, &m->nbr);
    free(e);
    if (rc) return -1;

    /* Groups containing each cell, and peers (cells sharing a group, each once). */
    int total = m->group_start[m->ngroups];
    e = malloc((size_t)(total + 1) * sizeof *e);
    if (!e) return -1;
    for (int g = 0; g < m->ngroups; g++)
        for (int i = m->group_start[g]; i < m->group_start[g + 1]; i++)
            e[i][0] = m->group_cells[i], e[i][1] = g;
    rc = build_csr(n, total, e, &m->cgroup_start, &m->cgroup);
    free(e);
    if (rc) return -1;

    m->peer_start = calloc((size_t)n + 1, sizeof *m->peer_start);
    char *seen = calloc((size_t)n, 1);
    size_t cap = 16, used = 0;
    m->peer = malloc(cap * sizeof *m->peer);
    if (!m->peer_start || !seen || !m->peer) return free(seen), -1;
    for (int c = 0; c < n; c++) {
        size_t first = used;
        for (int k = m->cgroup_start[c]; k < m->cgroup_start[c + 1]; k++) {
            int g = m->cgroup[k];
            for (int i = m->group_start[g]; i < m->group_start[g + 1]; i++) {
                int p = m->group_cells[i];
                if (p == c || seen[p]) continue;
                seen[p] = 1;
                if (used == cap) {
                    int *q = realloc(m->peer, 2 * cap * sizeof *q);
                    if (!q) return free(seen), -1;
                    m->peer = q, cap *= 2;
                }
                m->peer[used++] = p;
            }
        }
        for (size_t i = first; i < used; i++) seen[m->peer[i]] = 0;
        m->peer_start[c + 1] = (int)used;
    }
    free(seen);

    m->near = calloc((size_t)m->nvalues + 1, sizeof *m->near);
    if (!m->near) return -1;
    for (int v = 1; v <= m->nvalues; v++) {
        pb_mask near = 0;
        for (int u = 1; u <= m->nvalues; u++)
            if (m->min_diff > 0 && abs(u - v) < m->min_diff) near |= PB_BIT(u);
        m->near[v] = near;
    }

    m->check_pairs = malloc((size_t)(m->npairs + 1) * sizeof *m->check_pairs);
    if (!m->check_pairs) return -1;
    if (m->npairs) memcpy(m->check_pairs, m->pairs, (size_t)m->npairs * sizeof *m->pairs);
    qsort(m->check_pairs, (size_t)m->npairs, sizeof *m->check_pairs, cmp_check_pair);
    if (build_sum_sets(m)) return -1;
    m->finished = 1;
    return 0;
}

int pb_model_check(const pb_model *m, const int *values)
{
    for (int c = 0; c < m->ncells; c++)
        if (values[c] < 1 || values[c] > m->nvalues || !(m->domain[c] & PB_BIT(values[c])))
            return 0;
    for (int i = 0; i < m->npairs; i++)
        if (abs(values[m->pairs[i][0]] - values[m->pairs[i][1]]) < m->min_diff) return 0;
    for (int g = 0; g < m->ngroups; g++) {
        pb_mask seen = 0;
        int total = 0;
        for (int i = m->group_start[g]; i < m->group_start[g + 1]; i++) {
            pb_mask b = PB_BIT(values[m->group_cells[i]]);
            if (seen & b) return 0;
            seen |= b;
            total += values[m->group_cells[i]];
        }
        if (m->group_sum && m->group_sum[g] && total != m->group_sum[g]) return 0;
    }
    return 1;
}

int pb_model_is_permutation(const pb_model *m)
{
    return m->ngroups == 1 && m->group_start[1] == m->ncells && m->nvalues == m->ncells;
}
