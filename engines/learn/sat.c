/* sat.c — the CDCL solver of sat.h.
 *
 * Literals are 2 * var + sign (var 0-based, sign 1 = negative). Clauses live in one
 * arena of uint32_t: a header (size, then flags and LBD) and the literals, the two
 * watched ones first; a clause that implied a literal holds it at position 0. A
 * variable's reason is a clause offset, or, tagged with AMO_TAG, the true literal of
 * an at-most-one list that falsified it: the binary clause (-x v -y) it stands for is
 * never stored, analysis reads it off the tag. Each literal keeps, in list order,
 * what it falsifies (amo_occ): a short list's other literals one by one, a long
 * list's offset.
 *
 * Phases are target phases (CaDiCaL's stable mode): a decision takes its variable's
 * sign in the longest conflict-free assignment met so far, not the sign it had when
 * last undone, so each descent heads back to the fullest partial solution and
 * extends it. On quasigroup completion that found models MiniSat-style phase saving
 * did not (QWH n = 40, 30% holes: 7,000 conflicts against 200,000).
 *
 * Restarts follow the Luby sequence (unit LUBY_UNIT conflicts): with target phases a
 * restart costs little and keeps the assignment it had, and Luby's schedule is fixed
 * by the conflict count alone, with no moving averages to tune, and it keeps the
 * search complete (the intervals grow without bound). */
#include "sat.h"

#include <stdlib.h>
#include <string.h>

#include "../core/grow.h"
#include "../core/rng.h"

enum {
    LUBY_UNIT = 100,     /* conflicts per Luby unit */
    REDUCE_FIRST = 2000, /* conflicts before the first learnt-clause reduction */
    REDUCE_INC = 300,    /* and how much each interval grows */
    KEEP_GLUE = 2,       /* learnt clauses with at most this LBD stay for good */
};
#define VAR_DECAY 0.95

#define NO_REASON 0xFFFFFFFFu
#define AMO_TAG   0x80000000u
#define LIT_UNDEF (-1)

/* Header words of a clause at offset c: size, then flags | lbd << 2. */
#define C_SIZE(s, c)  ((s)->arena[c])
#define C_FLAGS(s, c) ((s)->arena[(c) + 1])
#define C_LITS(s, c)  ((int *)&(s)->arena[(c) + 2])
#define F_LEARNT      1u
#define F_DELETED     2u

typedef struct watch {
    uint32_t cref;
    int blocker; /* a literal of the clause: when true, the clause is satisfied */
} watch;

typedef struct wvec {
    watch *w;
    int n, cap;
} wvec;

typedef struct ivec {
    int *a;
    int n, cap;
} ivec;

/* A heap entry: the variable's activity is kept beside it, so that comparisons read
 * the heap alone. */
typedef struct hent {
    double act;
    int var;
} hent;

/* Free watch slots each literal's list gets beyond its clauses in pb_sat_load. */
enum { WATCH_SLACK = 4 };

/* A literal's at-most-one entries, in list order: for a list of at most AMO_FLAT
 * literals, each other literal of it (y >= 0, falsified when this one turns true);
 * for a longer one, ~offset (< 0): the list is scanned. Short lists, a sudoku's, are
 * then read as one run of literals, not a header and a loop each; long ones would
 * take quadratic room. The order is that of the lists either way. */
enum { AMO_FLAT = 9 };

struct pb_sat {
    int nvars;
    signed char *val;      /* per literal: 1 true, -1 false, 0 unassigned */
    wvec *watches;         /* per literal p: clauses watching -p, visited when p turns true */
    ivec *amo_occ;         /* per literal: what it falsifies when true (amo_entry) */
    int *level;            /* per variable */
    uint32_t *reason;      /* per variable */
    double *act;           /* per variable: EVSIDS activity */
    unsigned char *target; /* per variable: its sign in the longest conflict-free trail */
    int target_n;          /* that trail's length (0: none since the last model) */
    unsigned char *seen;
    hent *heap;            /* max-heap of variables by activity */
    int heap_n, *heap_pos; /* per variable: its heap index, -1: out */
    int heap_trail;        /* the level-0 trail length the heap last left out */
    double var_inc;
    void *block; /* the per-variable and per-literal arrays above, one allocation */
    /* pb_sat_load's storage for the watch lists and the at-most-one occurrences: a
     * list that outgrows it moves to a malloc'd array of its own. */
    watch *wpool;
    size_t wpool_n;
    int *opool;
    size_t opool_n;
    int owned;   /* lists with an array of their own (to free); 0: pb_sat_free skips the scan */
    int loading; /* 1: inside pb_sat_load_begin .. _end on a new solver (lists deferred) */

    int *trail, trail_n, qhead;
    int *trail_lim, nlevels;

    uint32_t *arena;
    size_t arena_n, arena_cap;
    ivec learnts; /* crefs of learnt clauses (as int) */

    int *amo_lits; /* at-most-one lists, each its length then its literals */
    size_t amo_n, amo_cap;

    /* Conflict: a clause, or an at-most-one pair held in confl_pair. */
    uint32_t confl;
    int confl_pair[2];

    ivec learnt, stack, toclear;
    uint64_t *lbd_stamp, lbd_time; /* per level */

    int unsat, nomem;
    pb_limiter *lim; /* during a solve: the limits, polled as steps reach lim->next */
    pb_status stop;  /* PB_DONE, or why the solve must stop */
    uint64_t next_restart, restart_n, luby_i;
    uint64_t next_reduce, reduce_n;
    pb_sat_stats st;
};

static inline int lit_of(int d)
{
    return 2 * abs(d) - 2 + (d < 0);
}
static inline int var_of(int l)
{
    return l >> 1;
}
static inline int neg(int l)
{
    return l ^ 1;
}

static int ivec_push(ivec *v, int x)
{
    if (v->n == v->cap) {
        int cap = v->cap ? 2 * v->cap : 8;
        int *a = realloc(v->a, (size_t)cap * sizeof *a);
        if (!a) return -1;
        v->a = a;
        v->cap = cap;
    }
    v->a[v->n++] = x;
    return 0;
}

static inline int in_wpool(const pb_sat *s, const watch *w)
{
    return s->wpool && (uintptr_t)w >= (uintptr_t)s->wpool &&
           (uintptr_t)w < (uintptr_t)(s->wpool + s->wpool_n);
}

static inline int in_opool(const pb_sat *s, const int *a)
{
    return s->opool && (uintptr_t)a >= (uintptr_t)s->opool &&
           (uintptr_t)a < (uintptr_t)(s->opool + s->opool_n);
}

static int wvec_grow(pb_sat *s, wvec *v)
{
    int cap = v->cap ? 2 * v->cap : 4;
    watch *w;
    if (in_wpool(s, v->w)) {
        if ((w = malloc((size_t)cap * sizeof *w))) memcpy(w, v->w, (size_t)v->n * sizeof *w);
    } else {
        w = realloc(v->w, (size_t)cap * sizeof *w);
    }
    if (!w) return -1;
    if (!v->cap || in_wpool(s, v->w)) s->owned++;
    v->w = w;
    v->cap = cap;
    return 0;
}

static inline int wvec_push(pb_sat *s, wvec *v, uint32_t cref, int blocker)
{
    if (v->n == v->cap && wvec_grow(s, v)) return -1;
    v->w[v->n++] = (watch){cref, blocker};
    return 0;
}

/* ivec_push for an at-most-one occurrence list, which may start in opool. */
static int occ_push(pb_sat *s, ivec *v, int x)
{
    if (v->n == v->cap && in_opool(s, v->a)) {
        int cap = 2 * v->cap + 8;
        int *a = malloc((size_t)cap * sizeof *a);
        if (!a) return -1;
        memcpy(a, v->a, (size_t)v->n * sizeof *a);
        v->a = a;
        v->cap = cap;
        s->owned++;
    } else if (!v->a) {
        s->owned++; /* ivec_push allocates it (counting one too many is harmless) */
    }
    return ivec_push(v, x);
}

/* ---- the activity heap ---- */

static void heap_up(pb_sat *s, int i)
{
    hent e = s->heap[i];
    while (i > 0) {
        int p = (i - 1) / 2;
        if (s->heap[p].act >= e.act) break;
        s->heap[i] = s->heap[p];
        s->heap_pos[s->heap[i].var] = i;
        i = p;
    }
    s->heap[i] = e;
    s->heap_pos[e.var] = i;
}

/* Sifts entry i down: the hole goes down the larger child's path (the right child
 * only when strictly larger) as long as that child is larger than the entry. The
 * child is picked without a branch: the comparisons are a coin toss to the predictor. */
static void heap_down(pb_sat *s, int i)
{
    hent e = s->heap[i], *h = s->heap;
    const int n = s->heap_n;
    for (;;) {
        int c = 2 * i + 1;
        if (c + 1 < n) {
            c += h[c + 1].act > h[c].act;
        } else if (c >= n) {
            break;
        }
        if (h[c].act <= e.act) break;
        h[i] = h[c];
        s->heap_pos[h[i].var] = i;
        i = c;
    }
    h[i] = e;
    s->heap_pos[e.var] = i;
}

static void heap_insert(pb_sat *s, int v)
{
    if (s->heap_pos[v] >= 0) return;
    s->heap[s->heap_n] = (hent){s->act[v], v};
    s->heap_pos[v] = s->heap_n++;
    heap_up(s, s->heap_n - 1);
}

static int heap_pop(pb_sat *s)
{
    int v = s->heap[0].var;
    s->heap_pos[v] = -1;
    if (--s->heap_n > 0) {
        s->heap[0] = s->heap[s->heap_n];
        s->heap_pos[s->heap[0].var] = 0;
        heap_down(s, 0);
    }
    return v;
}

/* The heap holds every variable not assigned at level 0, which stays assigned: the
 * ones that propagation at level 0 assigned since the last call are taken out at once,
 * with a rebuild in linear time, not popped one by one at the decisions. The pops come
 * in the same order (by activity), so the search is the same. */
static void heap_drop_level0(pb_sat *s)
{
    if (s->nlevels || s->trail_n == s->heap_trail) return;
    s->heap_trail = s->trail_n;
    int n = 0;
    for (int i = 0; i < s->heap_n; i++) {
        hent e = s->heap[i];
        if (s->val[2 * e.var]) {
            s->heap_pos[e.var] = -1;
            continue;
        }
        s->heap[n] = e;
        s->heap_pos[e.var] = n++;
    }
    s->heap_n = n;
    for (int i = n / 2 - 1; i >= 0; i--) heap_down(s, i);
}

static void bump(pb_sat *s, int v)
{
    if ((s->act[v] += s->var_inc) > 1e100) {
        for (int i = 0; i < s->nvars; i++) s->act[i] *= 1e-100;
        for (int i = 0; i < s->heap_n; i++) s->heap[i].act *= 1e-100;
        s->var_inc *= 1e-100;
    }
    int i = s->heap_pos[v];
    if (i >= 0) {
        s->heap[i].act = s->act[v];
        heap_up(s, i);
    }
}

/* ---- creation ---- */

pb_sat *pb_sat_new(int nvars, uint64_t seed)
{
    if (nvars < 0) return NULL;
    pb_sat *s = calloc(1, sizeof *s);
    if (!s) return NULL;
    size_t n = (size_t)nvars + 1, nl = 2 * n;
    s->nvars = nvars;
    /* One zeroed block, the widest types first so that each array is aligned. */
    size_t size = nl * (sizeof *s->watches + sizeof *s->amo_occ) +
                  n * (sizeof *s->act + sizeof *s->heap) + (n + 1) * sizeof *s->lbd_stamp +
                  n * (sizeof *s->level + sizeof *s->reason + sizeof *s->heap_pos +
                       sizeof *s->trail + sizeof *s->trail_lim) +
                  nl + 2 * n;
    char *b = s->block = calloc(1, size);
    if (!b) {
        pb_sat_free(s);
        return NULL;
    }
    s->watches = (wvec *)b, b += nl * sizeof *s->watches;
    s->amo_occ = (ivec *)b, b += nl * sizeof *s->amo_occ;
    s->act = (double *)b, b += n * sizeof *s->act;
    s->heap = (hent *)b, b += n * sizeof *s->heap;
    s->lbd_stamp = (uint64_t *)b, b += (n + 1) * sizeof *s->lbd_stamp;
    s->level = (int *)b, b += n * sizeof *s->level;
    s->reason = (uint32_t *)b, b += n * sizeof *s->reason;
    s->heap_pos = (int *)b, b += n * sizeof *s->heap_pos;
    s->trail = (int *)b, b += n * sizeof *s->trail;
    s->trail_lim = (int *)b, b += n * sizeof *s->trail_lim;
    s->val = (signed char *)b, b += nl;
    s->target = (unsigned char *)b, b += n;
    s->seen = (unsigned char *)b;
    s->var_inc = 1.0;
    pb_rng rng;
    pb_rng_seed(&rng, seed);
    for (int v = 0; v < nvars; v++) {
        s->reason[v] = NO_REASON;
        /* True first: one decision places a value, and the at-most-one lists clear it
         * from its cell and groups at once. */
        s->target[v] = 0;
        /* Tiny starting activities that order the first decisions, nothing more (a
         * conflict's bump is 1): without a seed the variables in their own order,
         * so an encoding's cells are filled in reading order. A seed shuffles them. */
        s->act[v] = seed ? (double)(pb_rng_next(&rng) >> 11) * 0x1.0p-53 * 1e-5
                         : (double)(nvars - v) / nvars * 1e-5;
        s->heap_pos[v] = -1;
    }
    for (int v = 0; v < nvars; v++) heap_insert(s, v);
    s->next_restart = LUBY_UNIT;
    s->next_reduce = REDUCE_FIRST;
    return s;
}

void pb_sat_free(pb_sat *s)
{
    if (!s) return;
    if (s->block && s->owned)
        for (int l = 0; l < 2 * s->nvars; l++) {
            if (!in_wpool(s, s->watches[l].w)) free(s->watches[l].w);
            if (!in_opool(s, s->amo_occ[l].a)) free(s->amo_occ[l].a);
        }
    free(s->block);
    free(s->wpool);
    free(s->opool);
    free(s->arena);
    free(s->learnts.a);
    free(s->amo_lits);
    free(s->learnt.a);
    free(s->stack.a);
    free(s->toclear.a);
    free(s);
}

/* ---- assignment ---- */

static inline void assign(pb_sat *s, int l, uint32_t reason)
{
    int v = var_of(l);
    s->val[l] = 1;
    s->val[neg(l)] = -1;
    s->level[v] = s->nlevels;
    s->reason[v] = reason;
    s->trail[s->trail_n++] = l;
}

static void backtrack(pb_sat *s, int lvl)
{
    if (s->nlevels <= lvl) return;
    int stop = s->trail_lim[lvl];
    for (int i = s->trail_n - 1; i >= stop; i--) {
        int l = s->trail[i], v = var_of(l);
        s->val[l] = s->val[neg(l)] = 0;
        s->reason[v] = NO_REASON;
        heap_insert(s, v);
    }
    s->trail_n = stop;
    s->qhead = stop;
    s->nlevels = lvl;
}

/* ---- clauses ---- */

/* Room for n more words in the arena (it may move): 0, or -1. Clause offsets are
 * uint32_t, with AMO_TAG's bit kept free. */
static int arena_reserve(pb_sat *s, size_t n)
{
    size_t need = s->arena_n + n;
    if (need > 0x7FFFFFFFu) return -1;
    if (need <= s->arena_cap) return 0;
    uint32_t *a = pb_grow(s->arena, &s->arena_cap, need, sizeof *a, 1024);
    if (!a) return -1;
    s->arena = a;
    return 0;
}

/* Room for n more words in the at-most-one lists: 0, or -1. */
static int amo_reserve(pb_sat *s, size_t n)
{
    size_t need = s->amo_n + n;
    if (need > 0x7FFFFFFFu) return -1;
    if (need <= s->amo_cap) return 0;
    int *a = pb_grow(s->amo_lits, &s->amo_cap, need, sizeof *a, 256);
    if (!a) return -1;
    s->amo_lits = a;
    return 0;
}

static int64_t arena_alloc(pb_sat *s, int n, uint32_t flags)
{
    if (arena_reserve(s, 2 + (size_t)n)) return -1;
    uint32_t c = (uint32_t)s->arena_n;
    s->arena_n += 2 + (size_t)n;
    s->arena[c] = (uint32_t)n;
    s->arena[c + 1] = flags;
    return c;
}

static int attach(pb_sat *s, uint32_t c)
{
    int *l = C_LITS(s, c);
    if (wvec_push(s, &s->watches[neg(l[0])], c, l[1])) return -1;
    return wvec_push(s, &s->watches[neg(l[1])], c, l[0]);
}

int pb_sat_add_clause(pb_sat *s, const int *lits, int n)
{
    if (s->unsat) return 0;
    backtrack(s, 0);
    ivec *b = &s->learnt;
    b->n = 0;
    for (int i = 0; i < n; i++) {
        int l = lit_of(lits[i]);
        if (s->val[l] == -1 || s->seen[var_of(l)] == 1 + (l & 1)) continue;
        if (s->val[l] == 1 || s->seen[var_of(l)]) { /* satisfied at level 0, or l and -l */
            for (int j = 0; j < b->n; j++) s->seen[var_of(b->a[j])] = 0;
            return 0;
        }
        s->seen[var_of(l)] = (unsigned char)(1 + (l & 1));
        if (ivec_push(b, l)) return -1;
    }
    for (int j = 0; j < b->n; j++) s->seen[var_of(b->a[j])] = 0;
    if (b->n == 0) {
        s->unsat = 1;
        return 0;
    }
    if (b->n == 1) {
        assign(s, b->a[0], NO_REASON);
        return 0;
    }
    int64_t c = arena_alloc(s, b->n, 0);
    if (c < 0) return -1;
    memcpy(C_LITS(s, c), b->a, (size_t)b->n * sizeof(int));
    return attach(s, (uint32_t)c);
}

/* How many entries each literal of an at-most-one list of n gets (see AMO_FLAT). */
static inline int amo_entry_count(int n)
{
    return n > AMO_FLAT ? 1 : n - 1;
}

/* The entries of list[i], of the list of n at offset id, into out (amo_entry_count(n)
 * of them): the list's other literals, or ~id for a long list. Returns their count. */
static int amo_entries(const int *list, int n, int i, int id, int *out)
{
    if (n > AMO_FLAT) {
        out[0] = ~id;
        return 1;
    }
    int k = 0;
    for (int j = 0; j < n; j++)
        if (j != i) out[k++] = list[j];
    return k;
}

int pb_sat_add_amo(pb_sat *s, const int *lits, int n)
{
    if (n < 2) return 0;
    backtrack(s, 0);
    if (amo_reserve(s, 1 + (size_t)n)) return -1;
    int id = (int)s->amo_n;
    s->amo_lits[s->amo_n++] = n;
    for (int i = 0; i < n; i++) s->amo_lits[s->amo_n++] = lit_of(lits[i]);
    const int *list = s->amo_lits + id + 1;
    for (int i = 0; i < n; i++) {
        int e[AMO_FLAT];
        for (int k = 0, ne = amo_entries(list, n, i, id, e); k < ne; k++)
            if (occ_push(s, &s->amo_occ[list[i]], e[k])) return -1;
    }
    /* A literal already true at level 0 falsifies the others at the next propagation:
     * the queue is rewound to the start so that it is seen again. */
    s->qhead = 0;
    return 0;
}

/* ---- loading ---- */

int pb_sat_load_begin(pb_sat *s, size_t lits_hint, size_t amo_hint)
{
    s->loading = 2;
    if (s->arena_n || s->amo_n || s->trail_n || s->unsat || s->wpool || s->opool) return 0;
    s->loading = 1;
    if (arena_reserve(s, lits_hint)) return -1;
    if (amo_hint > s->amo_cap && amo_hint < 0x7FFFFFFFu) {
        int *a = realloc(s->amo_lits, amo_hint * sizeof *a);
        if (!a) return -1;
        s->amo_lits = a;
        s->amo_cap = amo_hint;
    }
    return 0;
}

int pb_sat_load_clause(pb_sat *s, const int *lits, int n)
{
    if (s->loading != 1) return pb_sat_add_clause(s, lits, n);
    if (s->unsat) return 0;
    /* Simplified as pb_sat_add_clause does (with no variable twice in a clause, there
     * is no duplicate or tautology to find), straight into the arena; the watch lists
     * are made at the end, their lengths counted in n meanwhile. */
    if (arena_reserve(s, 2 + (size_t)n)) return -1;
    size_t c = s->arena_n;
    int *out = (int *)&s->arena[c + 2], k = 0;
    for (int j = 0; j < n; j++) {
        int l = lit_of(lits[j]);
        if (s->val[l] == 1) return 0; /* satisfied at level 0 */
        out[k] = l;
        k += s->val[l] == 0;
    }
    if (k == 0) {
        s->unsat = 1;
    } else if (k == 1) {
        assign(s, out[0], NO_REASON);
    } else {
        s->arena[c] = (uint32_t)k;
        s->arena[c + 1] = 0;
        s->arena_n = c + 2 + (size_t)k;
        s->watches[neg(out[0])].n++;
        s->watches[neg(out[1])].n++;
    }
    return 0;
}

int pb_sat_load_amo(pb_sat *s, const int *lits, int n)
{
    if (s->loading != 1) return pb_sat_add_amo(s, lits, n);
    if (n < 2) return 0;
    /* Stored as pb_sat_add_amo stores it; the occurrence lists are made at the end,
     * their lengths counted in n meanwhile. */
    if (amo_reserve(s, 1 + (size_t)n)) return -1;
    s->amo_lits[s->amo_n++] = n;
    for (int i = 0; i < n; i++) {
        int l = lit_of(lits[i]);
        s->amo_lits[s->amo_n++] = l;
        s->amo_occ[l].n += amo_entry_count(n);
    }
    return 0;
}

int pb_sat_load_end(pb_sat *s)
{
    int mode = s->loading;
    s->loading = 0;
    if (mode != 1) return 0;
    const int nl = 2 * s->nvars;
    /* The watch lists, in one array with room to grow, filled in clause order as
     * attach would have. */
    size_t nw = 0;
    for (int l = 0; l < nl; l++) nw += (size_t)s->watches[l].n + WATCH_SLACK;
    if (nl && !(s->wpool = malloc(nw * sizeof *s->wpool))) return -1;
    s->wpool_n = nw;
    nw = 0;
    for (int l = 0; l < nl; l++) {
        wvec *v = &s->watches[l];
        v->w = s->wpool + nw;
        v->cap = v->n + WATCH_SLACK;
        v->n = 0;
        nw += (size_t)v->cap;
    }
    for (size_t c = 0; c < s->arena_n; c += 2 + s->arena[c]) attach(s, (uint32_t)c);
    if (!s->amo_n) return 0;
    /* Each literal's entries in one array, in list order. */
    size_t na = 0;
    for (int l = 0; l < nl; l++) na += (size_t)s->amo_occ[l].n;
    if (!(s->opool = malloc(na * sizeof *s->opool))) return -1;
    s->opool_n = na;
    na = 0;
    for (int l = 0; l < nl; l++) {
        ivec *v = &s->amo_occ[l];
        v->a = v->n ? s->opool + na : NULL;
        v->cap = v->n;
        na += (size_t)v->n;
        v->n = 0;
    }
    for (size_t o = 0; o < s->amo_n; o += 1 + (size_t)s->amo_lits[o]) {
        const int n = s->amo_lits[o], *list = s->amo_lits + o + 1;
        for (int i = 0; i < n; i++) {
            ivec *v = &s->amo_occ[list[i]];
            v->n += amo_entries(list, n, i, (int)o, v->a + v->n);
        }
    }
    /* As pb_sat_add_amo: the queue is seen again for the lists. */
    s->qhead = 0;
    return 0;
}

int pb_sat_load(pb_sat *s, size_t nclauses, const size_t *start, const int *lits, size_t namo,
                const size_t *amo_start, const int *amo_lits)
{
    size_t nlits = nclauses ? start[nclauses] - start[0] + 2 * nclauses : 0;
    size_t namolits = namo ? amo_start[namo] - amo_start[0] + namo : 0;
    if (pb_sat_load_begin(s, nlits, namolits)) return -1;
    for (size_t i = 0; i < nclauses; i++)
        if (pb_sat_load_clause(s, lits + start[i], (int)(start[i + 1] - start[i]))) return -1;
    for (size_t i = 0; i < namo; i++)
        if (pb_sat_load_amo(s, amo_lits + amo_start[i], (int)(amo_start[i + 1] - amo_start[i])))
            return -1;
    return pb_sat_load_end(s);
}

/* ---- propagation ---- */

/* p is true and shares an at-most-one list with y: y is made false, or, when it is
 * true, the pair is the conflict (1). */
static inline int amo_falsify(pb_sat *s, int p, int y)
{
    if (s->val[y] == 1) {
        s->confl = AMO_TAG;
        s->confl_pair[0] = neg(p);
        s->confl_pair[1] = neg(y);
        s->qhead = s->trail_n;
        return 1;
    }
    if (s->val[y] == 0) assign(s, neg(y), AMO_TAG | (uint32_t)p);
    return 0;
}

/* Propagates the queue; 0, or 1 on a conflict (in s->confl / s->confl_pair). */
static int propagate(pb_sat *s)
{
    while (s->qhead < s->trail_n) {
        /* Polled before each propagation, so a step limit stops at the step exactly. */
        uint64_t steps = s->st.propagations + s->st.conflicts;
        if (s->lim && steps >= s->lim->next &&
            (s->stop = pb_limiter_poll(s->lim, steps)) != PB_DONE)
            return 0;
        int p = s->trail[s->qhead++];
        s->st.propagations++;
        /* At-most-one lists: p true makes every other literal false. */
        ivec *occ = &s->amo_occ[p];
        for (int k = 0; k < occ->n; k++) {
            int y = occ->a[k];
            if (y >= 0) {
                if (amo_falsify(s, p, y)) return 1;
                continue;
            }
            const int *a = s->amo_lits + ~y;
            const int *e = a + 1 + *a;
            for (a++; a < e; a++)
                if (*a != p && amo_falsify(s, p, *a)) return 1;
        }
        /* Clauses watching -p. */
        int fl = neg(p);
        wvec *ws = &s->watches[p];
        watch *i = ws->w, *j = ws->w, *end = ws->w + ws->n;
        while (i < end) {
            if (s->val[i->blocker] == 1) {
                *j++ = *i++;
                continue;
            }
            uint32_t c = i->cref;
            int *l = C_LITS(s, c);
            if (l[0] == fl) {
                l[0] = l[1];
                l[1] = fl;
            }
            int first = l[0];
            watch w = {c, first};
            int old_blocker = i->blocker;
            i++;
            if (first != old_blocker && s->val[first] == 1) {
                *j++ = w;
                continue;
            }
            int n = (int)C_SIZE(s, c), k;
            for (k = 2; k < n; k++)
                if (s->val[l[k]] != -1) break;
            if (k < n) {
                l[1] = l[k];
                l[k] = fl;
                if (wvec_push(s, &s->watches[neg(l[1])], c, first)) {
                    s->nomem = 1;
                    *j++ = w;
                    while (i < end) *j++ = *i++;
                    ws->n = (int)(j - ws->w);
                    return 0;
                }
                continue;
            }
            *j++ = w;
            if (s->val[first] == -1) {
                s->confl = c;
                s->qhead = s->trail_n;
                while (i < end) *j++ = *i++;
                ws->n = (int)(j - ws->w);
                return 1;
            }
            assign(s, first, c);
        }
        ws->n = (int)(j - ws->w);
    }
    return 0;
}

/* ---- conflict analysis ---- */

/* The false literals of reason r other than the implied one: for a clause its
 * literals from position 1, for an at-most-one reason the one literal -x held in *tmp. */
static inline const int *reason_lits(pb_sat *s, uint32_t r, int *tmp, int *n)
{
    if (r & AMO_TAG) {
        *tmp = neg((int)(r & ~AMO_TAG));
        *n = 1;
        return tmp;
    }
    *n = (int)C_SIZE(s, r) - 1;
    return C_LITS(s, r) + 1;
}

static inline uint32_t abstract_level(const pb_sat *s, int v)
{
    return 1u << (s->level[v] & 31);
}

/* Whether literal p of the learnt clause follows from the clause's other literals
 * (every path back through reasons ends in a seen literal or level 0). */
static int redundant(pb_sat *s, int p, uint32_t levels)
{
    s->stack.n = 0;
    if (ivec_push(&s->stack, p)) return 0;
    int top = s->toclear.n;
    while (s->stack.n > 0) {
        int q = s->stack.a[--s->stack.n];
        int tmp, n;
        const int *l = reason_lits(s, s->reason[var_of(q)], &tmp, &n);
        for (int i = 0; i < n; i++) {
            int v = var_of(l[i]);
            if (s->seen[v] || s->level[v] == 0) continue;
            if (s->reason[v] != NO_REASON && (abstract_level(s, v) & levels)) {
                s->seen[v] = 1;
                if (ivec_push(&s->stack, l[i]) || ivec_push(&s->toclear, l[i])) return 0;
            } else {
                for (int j = top; j < s->toclear.n; j++) s->seen[var_of(s->toclear.a[j])] = 0;
                s->toclear.n = top;
                return 0;
            }
        }
    }
    return 1;
}

/* First-UIP analysis of the conflict: the learnt clause in s->learnt (asserting
 * literal first, a literal of the backjump level second); returns that level, or -1
 * when out of memory. */
static int analyze(pb_sat *s, int *lbd)
{
    ivec *out = &s->learnt;
    out->n = 0;
    if (ivec_push(out, LIT_UNDEF)) return -1;
    int path = 0, p = LIT_UNDEF, index = s->trail_n - 1;
    const int *l;
    int n, tmp;
    if (s->confl == AMO_TAG) {
        l = s->confl_pair;
        n = 2;
    } else {
        l = C_LITS(s, s->confl);
        n = (int)C_SIZE(s, s->confl);
    }
    for (;;) {
        for (int i = 0; i < n; i++) {
            int q = l[i], v = var_of(q);
            if (s->seen[v] || s->level[v] == 0) continue;
            bump(s, v);
            s->seen[v] = 1;
            if (s->level[v] >= s->nlevels)
                path++;
            else if (ivec_push(out, q))
                return -1;
        }
        while (!s->seen[var_of(s->trail[index--])]) {
        }
        p = s->trail[index + 1];
        s->seen[var_of(p)] = 0;
        if (--path == 0) break;
        l = reason_lits(s, s->reason[var_of(p)], &tmp, &n);
    }
    out->a[0] = neg(p);

    /* Recursive minimisation: drop literals implied by the others. */
    s->toclear.n = 0;
    for (int i = 1; i < out->n; i++)
        if (ivec_push(&s->toclear, out->a[i])) return -1;
    uint32_t levels = 0;
    for (int i = 1; i < out->n; i++) levels |= abstract_level(s, var_of(out->a[i]));
    int j = 1;
    for (int i = 1; i < out->n; i++) {
        int v = var_of(out->a[i]);
        if (s->reason[v] == NO_REASON || !redundant(s, out->a[i], levels)) out->a[j++] = out->a[i];
    }
    out->n = j;
    for (int i = 0; i < s->toclear.n; i++) s->seen[var_of(s->toclear.a[i])] = 0;

    /* The backjump level: the highest among the rest, its literal moved to slot 1. */
    int bt = 0;
    if (out->n > 1) {
        int mi = 1;
        for (int i = 2; i < out->n; i++)
            if (s->level[var_of(out->a[i])] > s->level[var_of(out->a[mi])]) mi = i;
        int t = out->a[1];
        out->a[1] = out->a[mi];
        out->a[mi] = t;
        bt = s->level[var_of(out->a[1])];
    }
    /* LBD: the distinct decision levels among the clause's literals. */
    s->lbd_time++;
    int g = 0;
    for (int i = 0; i < out->n; i++) {
        int lv = s->level[var_of(out->a[i])];
        if (s->lbd_stamp[lv] != s->lbd_time) {
            s->lbd_stamp[lv] = s->lbd_time;
            g++;
        }
    }
    *lbd = g;
    return bt;
}

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

/* Compacts the arena after deletions: moves live clauses down, rewrites reasons and
 * the learnt list, and rebuilds the watch lists from each clause's first two literals. */
static int collect(pb_sat *s)
{
    size_t w = 0;
    /* The old header's size word becomes the new offset: forward[c]. */
    uint32_t *fwd = malloc(sizeof(uint32_t) * (s->arena_n ? s->arena_n : 1));
    if (!fwd) return -1;
    for (size_t c = 0; c < s->arena_n;) {
        uint32_t n = s->arena[c];
        size_t len = 2 + (size_t)n;
        if (s->arena[c + 1] & F_DELETED) {
            fwd[c] = NO_REASON;
        } else {
            fwd[c] = (uint32_t)w;
            memmove(&s->arena[w], &s->arena[c], len * sizeof(uint32_t));
            w += len;
        }
        c += len;
    }
    s->arena_n = w;
    for (int v = 0; v < s->nvars; v++) {
        uint32_t r = s->reason[v];
        if (r != NO_REASON && !(r & AMO_TAG)) s->reason[v] = fwd[r];
    }
    int j = 0;
    for (int i = 0; i < s->learnts.n; i++) {
        uint32_t f = fwd[(uint32_t)s->learnts.a[i]];
        if (f != NO_REASON) s->learnts.a[j++] = (int)f;
    }
    s->learnts.n = j;
    free(fwd);
    for (int l = 0; l < 2 * s->nvars; l++) s->watches[l].n = 0;
    for (size_t c = 0; c < s->arena_n; c += 2 + s->arena[c])
        if (attach(s, (uint32_t)c)) return -1;
    return 0;
}

static int reduce(pb_sat *s)
{
    int n = 0;
    sort_key *k = malloc(sizeof *k * (size_t)(s->learnts.n ? s->learnts.n : 1));
    if (!k) return -1;
    for (int i = 0; i < s->learnts.n; i++) {
        uint32_t c = (uint32_t)s->learnts.a[i];
        uint32_t lbd = C_FLAGS(s, c) >> 2;
        if (lbd > KEEP_GLUE && !locked(s, c)) k[n++] = (sort_key){lbd, c};
    }
    qsort(k, (size_t)n, sizeof *k, cmp_key);
    for (int i = 0; i < n / 2; i++) {
        C_FLAGS(s, k[i].cref) |= F_DELETED;
        s->st.deleted++;
    }
    free(k);
    return collect(s);
}

/* ---- search ---- */

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

static int learn_clause(pb_sat *s, int lbd)
{
    ivec *out = &s->learnt;
    s->st.learnts++;
    if (out->n == 1) {
        assign(s, out->a[0], NO_REASON);
        return 0;
    }
    int64_t c = arena_alloc(s, out->n, F_LEARNT | (uint32_t)lbd << 2);
    if (c < 0) return -1;
    memcpy(C_LITS(s, c), out->a, (size_t)out->n * sizeof(int));
    if (attach(s, (uint32_t)c) || ivec_push(&s->learnts, (int)c)) return -1;
    assign(s, out->a[0], (uint32_t)c);
    return 0;
}

/* At a conflict, the levels below the last one were propagated without one: when that
 * assignment is the longest seen, its signs become the decisions' phases. */
static void save_target(pb_sat *s)
{
    int k = s->trail_lim[s->nlevels - 1];
    if (k <= s->target_n) return;
    for (int i = 0; i < k; i++) s->target[var_of(s->trail[i])] = (unsigned char)(s->trail[i] & 1);
    s->target_n = k;
}

pb_sat_result pb_sat_solve(pb_sat *s, pb_limiter *lim, pb_status *stopped)
{
    if (s->unsat) return PB_SAT_UNSAT;
    s->lim = lim;
    s->stop = PB_DONE;
    pb_sat_result res = PB_SAT_UNKNOWN;
    for (;;) {
        int conflict = propagate(s);
        if (s->nomem) goto nomem;
        if (s->stop != PB_DONE) goto stopped;
        if (conflict) {
            s->st.conflicts++;
            if (s->nlevels == 0) {
                s->unsat = 1;
                res = PB_SAT_UNSAT;
                goto out;
            }
            save_target(s);
            int lbd, bt = analyze(s, &lbd);
            if (bt < 0) goto nomem;
            backtrack(s, bt);
            if (learn_clause(s, lbd)) goto nomem;
            s->var_inc /= VAR_DECAY;
        } else {
            if (s->st.conflicts >= s->next_restart) {
                s->st.restarts++;
                s->next_restart = s->st.conflicts + LUBY_UNIT * luby(++s->luby_i);
                backtrack(s, 0);
            }
            if (s->st.conflicts >= s->next_reduce) {
                s->next_reduce = s->st.conflicts + REDUCE_FIRST + REDUCE_INC * ++s->reduce_n;
                if (reduce(s)) goto nomem;
            }
            int v = -1;
            if (s->trail_n == s->nvars) {
                /* Every variable is set: a model. Popping the rest of the heap would
                 * find nothing to decide; emptying it at once leaves the same state. */
                for (int i = 0; i < s->heap_n; i++) s->heap_pos[s->heap[i].var] = -1;
                s->heap_n = 0;
            }
            heap_drop_level0(s);
            while (s->heap_n > 0) {
                int u = heap_pop(s);
                if (!s->val[2 * u]) {
                    v = u;
                    break;
                }
            }
            if (v < 0) {
                res = PB_SAT_SAT;
                goto out;
            }
            s->st.decisions++;
            s->trail_lim[s->nlevels++] = s->trail_n;
            assign(s, 2 * v + s->target[v], NO_REASON);
        }
        uint64_t steps = s->st.propagations + s->st.conflicts;
        if (lim && steps >= lim->next && (s->stop = pb_limiter_poll(lim, steps)) != PB_DONE)
            goto stopped;
    }
nomem:
    s->stop = PB_NOMEM;
stopped:
    if (stopped) *stopped = s->stop;
out:
    s->lim = NULL;
    return res;
}

int pb_sat_block_decisions(pb_sat *s)
{
    /* The clause (-d_k v ... v -d_1), the last decision first: it is falsified with one
     * literal per level, so, as a learnt clause after a conflict, it asserts -d_k at
     * level k - 1 and the search goes on from there, not from the top. */
    int k = s->nlevels;
    if (k == 0) {
        s->unsat = 1;
        return 0;
    }
    int64_t c = k > 1 ? arena_alloc(s, k, 0) : 0;
    if (c < 0) return -1;
    int first = neg(s->trail[s->trail_lim[k - 1]]);
    if (k > 1) {
        int *l = C_LITS(s, c);
        for (int i = 0; i < k; i++) l[i] = neg(s->trail[s->trail_lim[k - 1 - i]]);
        if (attach(s, (uint32_t)c)) return -1;
    }
    backtrack(s, k - 1);
    assign(s, first, k > 1 ? (uint32_t)c : NO_REASON);
    s->target_n = 0; /* the next model is a new target */
    return 0;
}

int pb_sat_model(const pb_sat *s, int var)
{
    return s->val[2 * (var - 1)] == 1;
}

const pb_sat_stats *pb_sat_get_stats(const pb_sat *s)
{
    return &s->st;
}
