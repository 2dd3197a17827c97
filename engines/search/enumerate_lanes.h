/* enumerate_lanes.h — the lanes' rule check of enumerate.c, written once and included
 * there once per vector width: LANES_BYTES (16, 32 or 64) bytes a vector, compiled
 * for LANES_TARGET (SSE2, AVX2 or AVX-512), named LANES_NAME (and enum-perm's
 * filling of the block's lanes, LANES_NAME_fill). A chunk of 64 lanes
 * is 64 / LANES_BYTES vectors, so that every width sees the same chunks (a vector
 * wider than the instructions would be split by the compiler lane by lane). */
#define LANES_R          (64 / LANES_BYTES)
#define LANES_CAT(a, b)  a##b
#define LANES_JOIN(a, b) LANES_CAT(a, b)
#define LANES_V          LANES_JOIN(LANES_NAME, _vec)
#define LANES_W          LANES_JOIN(LANES_NAME, _words)
#define LANES_ANY        LANES_JOIN(LANES_NAME, _any)
#define LANES_FILL       LANES_JOIN(LANES_NAME, _fill)

typedef uint8_t LANES_V __attribute__((vector_size(LANES_BYTES)));
typedef uint64_t LANES_W __attribute__((vector_size(LANES_BYTES)));

/* Whether any lane of the chunk is still set. */
LANES_TARGET static inline int LANES_ANY(const LANES_V *ok)
{
    LANES_V all = ok[0];
    for (int r = 1; r < LANES_R; r++) all |= ok[r];
    LANES_W q = (LANES_W)all;
    uint64_t bits = 0;
    for (int i = 0; i < LANES_BYTES / 8; i++) bits |= q[i];
    return bits != 0;
}

/* The solutions among the block's lanes under the prefix in v (the block's cells:
 * cells[0 .. b->w)): their count, and the lanes as bits of hit[] (a word a chunk).
 * The check of a chunk stops once no lane is left, as the check of one vector stops
 * at its first broken rule. */
LANES_TARGET static int LANES_NAME(const check_prog *p, const block *b, const int *v,
                                   const int *cells, int ncells, lane_chunk *cv, uint64_t *hit)
{
    for (int c = 0; c < ncells; c++) memset(cv[c].b, v[c], sizeof cv[c].b);
    int count = 0;
    for (int k = 0; k < b->nchunks; k++) {
        for (int i = 0; i < b->w; i++) cv[cells[i]] = b->val[i][k];
        LANES_V ok[LANES_R], x, y;
        memcpy(ok, b->valid[k].b, sizeof ok);
        int alive = 1;
        for (int i = 0; i < p->ndiff && alive; i++) {
            for (int r = 0; r < LANES_R; r++) {
                memcpy(&x, cv[p->diff[i][0]].b + r * LANES_BYTES, LANES_BYTES);
                memcpy(&y, cv[p->diff[i][1]].b + r * LANES_BYTES, LANES_BYTES);
                ok[r] &= (LANES_V)((LANES_V)(x - y + p->dadd) > p->dlim);
            }
            if (i % 4 == 3) alive = LANES_ANY(ok);
        }
        for (int i = 0; i < p->nsame && alive; i++) {
            for (int r = 0; r < LANES_R; r++) {
                memcpy(&x, cv[p->same[i][0]].b + r * LANES_BYTES, LANES_BYTES);
                memcpy(&y, cv[p->same[i][1]].b + r * LANES_BYTES, LANES_BYTES);
                ok[r] &= (LANES_V)(x != y);
            }
            if (i % 4 == 3) alive = LANES_ANY(ok);
        }
        for (int g = 0; g < p->nsums && alive; g++)
            for (int r = 0; r < LANES_R; r++) {
                LANES_V s = {0};
                for (int j = p->sum_start[g]; j < p->sum_start[g + 1]; j++) {
                    memcpy(&x, cv[p->sum_cell[j]].b + r * LANES_BYTES, LANES_BYTES);
                    s += x;
                }
                ok[r] &= (LANES_V)(s == p->sum_total[g]);
            }
        hit[k] = 0;
        if (!alive || !LANES_ANY(ok)) continue;
        for (int r = 0; r < LANES_R; r++)
            for (int l = 0; l < LANES_BYTES; l++)
                hit[k] |= (uint64_t)(ok[r][l] >> 7) << (r * LANES_BYTES + l);
        count += __builtin_popcountll(hit[k]);
    }
    return count;
}

/* enum-perm: block cell i's value in a lane is left[rank], its rank among the values
 * left; ranks are at most 7. */
LANES_TARGET static void LANES_FILL(block *b, const uint8_t *left)
{
    for (int i = 0; i < b->w; i++)
        for (int k = 0; k < b->nchunks; k++)
            for (int r = 0; r < LANES_R; r++) {
                LANES_V rank, v = {0};
                memcpy(&rank, b->rank[i][k].b + r * LANES_BYTES, LANES_BYTES);
                for (int j = 0; j < b->w; j++) v |= (LANES_V)(rank == (uint8_t)j) & left[j];
                memcpy(b->val[i][k].b + r * LANES_BYTES, &v, LANES_BYTES);
            }
}

#undef LANES_R
#undef LANES_CAT
#undef LANES_JOIN
#undef LANES_V
#undef LANES_W
#undef LANES_ANY
#undef LANES_FILL
#undef LANES_BYTES
#undef LANES_NAME
#undef LANES_TARGET
