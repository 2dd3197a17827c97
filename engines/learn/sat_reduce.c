/* sat_reduce.c — the schedules the search keeps by its conflict count: restarts and
 * learnt-clause deletion.
 *
 * Restarts follow the Luby sequence (unit LUBY_UNIT conflicts): with target phases a
 * restart costs little and keeps the assignment it had, and Luby's schedule is fixed
 * by the conflict count alone, with no moving averages to tune, and it keeps the
 * search complete (the intervals grow without bound).
 *
 * Learnt clauses with an LBD of at most KEEP_GLUE stay for good; of the rest, the
 * worse half (high LBD, then older) goes at each reduction, every REDUCE_FIRST
 * conflicts plus REDUCE_INC more each time. With tiers (pb_sat_options.tier2_glue) a
 * clause that took part in an analysis since the last reduction is spared (with an LBD
 * of at most tier2_glue, through two reductions): the field's core, tier-2 and local
 * clauses, where only the local ones unused of late are ranked for deletion. */
#include <string.h>

#include "../core/grow.h"
#include "sat_internal.h"

/* ---- learnt-clause reduction ---- */

typedef struct sort_key {
    uint32_t lbd, cref;
} sort_key;

static int cmp_key(const void *a, const void *b)
{
    const sort_key *x = a, *y = b;
    /* Worst first: high LBD, then older (smaller offset). */
    if (x->lbd != y->lbd) return x->lbd > y->lbd ? -1 : 1;
    return x->cref < y->cref ? -1 : x->cref > y->cref;
}

static int locked(const pb_sat *s, uint32_t c)
{
    int l0 = C_LITS(s, c)[0];
    return s->val[l0] == 1 && s->reason[var_of(l0)] == c;
}

/* Compacts the arena after deletions: the clauses past the first deleted one move
 * down (a forwarding table, kept between collections, maps their offsets), reasons
 * and the learnt list follow, and the watch lists are made again from each clause's
 * first two literals, in arena order. Only the part of the arena from the first
 * deleted clause on is moved or mapped (on a large encoding the learnt clauses, a
 * small part of it), and only the lists that hold watches are touched. On a large
 * encoding that is still many times a step's work: it is polled clause by clause
 * (sat_work), and a stop leaves it half done (1, s->stop set). 0, or -1 when out of
 * memory. */
int sat_collect(pb_sat *s)
{
#define WORK(n)                                                                                    \
    do {                                                                                           \
        if ((s->stop = sat_work(s, (n))) != PB_DONE) return 1;                                     \
    } while (0)
    size_t first = 0, end = s->arena_n;
    while (first < end && !(C_FLAGS(s, first) & F_DELETED)) {
        first += 2 + C_SIZE(s, first);
        WORK(1);
    }
    if (first == end) return 0;
    if (end - first > s->fwd_cap) {
        uint32_t *f = pb_grow(s->fwd, &s->fwd_cap, end - first, sizeof *f, 1024);
        if (!f) return -1;
        s->fwd = f;
    }
    /* The lists that hold watches are those of the clauses' first two literals:
     * emptied here (not every literal's list, most of them empty on a large
     * encoding), filled again below. */
    for (size_t c = 0; c < end; c += 2 + C_SIZE(s, c)) {
        s->watches[neg(C_LITS(s, c)[0])].n = 0;
        s->watches[neg(C_LITS(s, c)[1])].n = 0;
        WORK(2);
    }
    size_t w = first;
    for (size_t c = first; c < end;) {
        size_t len = 2 + (size_t)C_SIZE(s, c);
        if (C_FLAGS(s, c) & F_DELETED) {
            s->fwd[c - first] = NO_REASON;
        } else {
            s->fwd[c - first] = (uint32_t)w;
            memmove(&s->arena[w], &s->arena[c], len * sizeof(uint32_t));
            w += len;
        }
        c += len;
        WORK(len);
    }
    s->arena_n = w;
    /* Only assigned variables have a reason. */
    for (int i = 0; i < s->trail_n; i++) {
        uint32_t *r = &s->reason[var_of(s->trail[i])];
        if (*r != NO_REASON && !(*r & AMO_TAG) && *r >= first) *r = s->fwd[*r - first];
    }
    WORK((size_t)s->trail_n);
    int j = 0;
    for (int i = 0; i < s->learnts.n; i++) {
        uint32_t c = (uint32_t)s->learnts.a[i];
        if (c >= first && (c = s->fwd[c - first]) == NO_REASON) continue;
        s->learnts.a[j++] = (int)c;
    }
    s->learnts.n = j;
    WORK((size_t)j);
    for (size_t c = 0; c < s->arena_n; c += 2 + s->arena[c]) {
        if (sat_attach(s, (uint32_t)c)) return -1;
        WORK(2);
    }
    return 0;
#undef WORK
}

static int reduce(pb_sat *s)
{
    int n = 0;
    sort_key *k = malloc(sizeof *k * (size_t)(s->learnts.n ? s->learnts.n : 1));
    if (!k) return -1;
    for (int i = 0; i < s->learnts.n; i++) {
        uint32_t c = (uint32_t)s->learnts.a[i];
        uint32_t lbd = C_LBD(s, c);
        if (C_FLAGS(s, c) & F_THEORY) {
            if (!locked(s, c)) C_FLAGS(s, c) |= F_DELETED;
            continue;
        }
        if (lbd <= (uint32_t)s->opt.keep_glue || locked(s, c)) continue;
        if (C_USED(s, c)) {
            C_FLAGS(s, c) -= 1u << 2; /* tiers: spared this time, one use fewer */
            continue;
        }
        k[n++] = (sort_key){lbd, c};
    }
    qsort(k, (size_t)n, sizeof *k, cmp_key);
    s->st.work += (uint64_t)s->learnts.n;
    for (int i = 0; i < n / 2; i++) {
        C_FLAGS(s, k[i].cref) |= F_DELETED;
        s->st.deleted++;
    }
    free(k);
    return sat_collect(s);
}

/* ---- restarts ---- */

static uint64_t luby(uint64_t i)
{
    /* The i-th term (0-based) of 1 1 2 1 1 2 4 ... */
    uint64_t size = 1, seq = 0;
    while (size < i + 1) {
        seq++;
        size = 2 * size + 1;
    }
    while (size - 1 != i) {
        size = (size - 1) >> 1;
        seq--;
        i = i % size;
    }
    return (uint64_t)1 << seq;
}

void sat_note_glue(pb_sat *s, int lbd)
{
    /* A plain mean until it has 1 / weight values, so the start is not biased. */
    double w = 1.0 / (double)++s->glue_n;
    s->glue_fast += ((double)lbd - s->glue_fast) * (w > GLUE_FAST ? w : GLUE_FAST);
    s->glue_slow += ((double)lbd - s->glue_slow) * (w > GLUE_SLOW ? w : GLUE_SLOW);
}

/* Focused mode (glue restarts, saved phases) and stable mode (the Luby schedule, target
 * phases) take turns, a phase of each every mode_switch * 2^k conflicts (k = 0, 1, ..
 * per pair), and the search restarts at each switch. */
static void switch_mode(pb_sat *s)
{
    s->focused = !s->focused;
    s->switch_n++;
    int k = (int)(s->switch_n / 2);
    s->next_switch = s->st.conflicts + ((uint64_t)s->opt.mode_switch << (k < 24 ? k : 24));
    s->luby_i = 0;
    s->next_restart = s->st.conflicts + (uint64_t)s->opt.luby_unit;
    s->last_restart = s->st.conflicts;
}

void sat_maybe_restart(pb_sat *s)
{
    if (s->st.conflicts >= s->next_switch) {
        switch_mode(s);
    } else if (s->opt.mode_switch ? s->focused : s->opt.glue_restarts) {
        if (s->st.conflicts < s->last_restart + GLUE_MIN_CONFLICTS ||
            s->glue_fast <= GLUE_MARGIN * s->glue_slow)
            return;
        s->last_restart = s->st.conflicts;
    } else {
        if (s->st.conflicts < s->next_restart) return;
        s->next_restart = s->st.conflicts + (uint64_t)s->opt.luby_unit * luby(++s->luby_i);
    }
    s->st.restarts++;
    sat_backtrack(s, 0);
    if (s->st.conflicts < s->next_rephase) return;
    s->next_rephase = s->st.conflicts + (uint64_t)s->opt.rephase * ++s->rephase_n;
    sat_rephase(s);
}

int sat_maybe_reduce(pb_sat *s)
{
    if (s->st.conflicts < s->next_reduce) return 0;
    s->next_reduce = s->st.conflicts + REDUCE_FIRST + REDUCE_INC * ++s->reduce_n;
    return reduce(s);
}
