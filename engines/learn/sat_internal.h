/* sat_internal.h — what the files of the CDCL solver (sat.h) share: the solver's
 * state, the clause arena's layout, the literal helpers, the tuning constants, and
 * the functions one concern offers the others. One file per concern: sat.c (creation
 * and the search loop), sat_clause.c (clauses, at-most-one lists, watch storage),
 * sat_load.c (bulk loading), sat_propagate.c, sat_analyze.c (conflict analysis and
 * learning), sat_decide.c (the trail's undo, the activity heap, phases) and
 * sat_reduce.c (restarts and learnt-clause reduction), sat_shrink.c (shrinking
 * learnt clauses), sat_probe.c (failed-literal probing), sat_vivify.c
 * (vivifying learnt clauses) and sat_alldiff.c (all-different groups). Not for use outside
 * engines/learn.
 *
 * Literals are 2 * var + sign (var 0-based, sign 1 = negative). Clauses live in one
 * arena of uint32_t: a header (size, then flags and LBD) and the literals, the two
 * watched ones first; a clause that implied a literal holds it at position 0. A
 * variable's reason is a clause offset, or, tagged with AMO_TAG, the true literal of
 * an at-most-one list that falsified it: the binary clause (-x v -y) it stands for is
 * never stored, analysis reads it off the tag. Each literal keeps, in list order,
 * what it falsifies (amo_occ): a short list's other literals one by one, a long
 * list's offset. */
#ifndef PB_SAT_INTERNAL_H
#define PB_SAT_INTERNAL_H

#include <stdlib.h>

#include "../core/grow.h"
#include "sat.h"

/* The tuning constants, all in one place. */
enum {
    LUBY_UNIT = 100,     /* conflicts per Luby unit, by default */
    REDUCE_FIRST = 2000, /* conflicts before the first learnt-clause reduction */
    REDUCE_INC = 300,    /* and how much each interval grows */
    KEEP_GLUE = 2,       /* learnt clauses with at most this LBD stay for good, by default */
    VIVIFY_GLUE = 6,     /* learnt clauses with at most this LBD are vivified */
};
#define VAR_DECAY 0.95
/* Glue restarts (pb_sat_options.glue_restarts): the moving averages' weights, the
 * margin by which the fast one must exceed the slow one, and the fewest conflicts
 * between two restarts. */
#define GLUE_FAST   (1.0 / 32)
#define GLUE_SLOW   (1.0 / 4096)
#define GLUE_MARGIN 1.1
enum { GLUE_MIN_CONFLICTS = 50 };
#define NO_REASON 0xFFFFFFFFu
#define AMO_TAG   0x80000000u
#define LIT_UNDEF (-1)

/* Header words of a clause at offset c: size, then flags | used << 2 | lbd << 5, where
 * used (0..3) counts down the reductions a learnt clause survives for having taken part
 * in a conflict's analysis (pb_sat_options.tier2_glue), and flags say learnt, deleted,
 * vivified (tried by pb_sat_options.vivify once, not again), and theory: an
 * all-different group's explanation (sat_alldiff.c), made unwatched, a reason and
 * nothing more, deleted by the next reduction that finds it no reason. */
#define C_SIZE(s, c)  ((s)->arena[c])
#define C_FLAGS(s, c) ((s)->arena[(c) + 1])
#define C_LITS(s, c)  ((int *)&(s)->arena[(c) + 2])
#define C_LBD(s, c)   (C_FLAGS(s, c) >> LBD_SHIFT)
#define C_USED(s, c)  ((C_FLAGS(s, c) >> 2) & 3u)
#define F_LEARNT      1u
#define F_DELETED     2u
#define F_USED        (3u << 2)
#define F_VIVIFIED    (1u << 4)
#define F_THEORY      (1u << 5)
#define LBD_SHIFT     6

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

/* Free watch slots each literal's list gets beyond its clauses when loaded. */
enum { WATCH_SLACK = 4 };

/* A literal's at-most-one entries, in list order: for a list of at most AMO_FLAT
 * literals, each other literal of it (y >= 0, falsified when this one turns true);
 * for a longer one, ~offset (< 0): the list is scanned. Short lists, a sudoku's, are
 * then read as one run of literals, not a header and a loop each; long ones would
 * take quadratic room. The order is that of the lists either way. */
enum { AMO_FLAT = 9 };

/* An all-different group (pb_sat_add_alldiff): k cells, their ids at ad_cells[cells
 * ..], each cell's last matched value at ad_mate[cells + i] (-1: none), and whether
 * it waits in the queue of groups to filter. */
typedef struct sat_group {
    int k, cells;
    int queued;
} sat_group;

struct pb_sat {
    int nvars;
    signed char *val;      /* per literal: 1 true, -1 false, 0 unassigned */
    wvec *watches;         /* per literal p: clauses watching -p, visited when p turns true */
    ivec *amo_occ;         /* per literal: what it falsifies when true (amo_entry) */
    int *level;            /* per variable */
    uint32_t *reason;      /* per variable */
    double *act;           /* per variable: EVSIDS activity */
    unsigned char *target; /* per variable: its sign in the longest conflict-free trail */
    int target_n;          /* that trail's length (0: none since the last model or rephase) */
    unsigned char *best;   /* per variable: the same over the whole search (rephasing's) */
    int best_n;            /* its length (0: none since the last model) */
    unsigned char *saved;  /* per variable: its sign when last undone (focused mode's phase) */
    unsigned char *seen;
    hent *heap;            /* max-heap of variables by activity */
    int heap_n, *heap_pos; /* per variable: its heap index, -1: out */
    int heap_trail;        /* the level-0 trail length the heap last left out */
    double var_inc;
    void *block; /* the per-variable and per-literal arrays above, one allocation */
    /* Loading's storage for the watch lists and the at-most-one occurrences: a
     * list that outgrows it moves to a malloc'd array of its own. */
    watch *wpool;
    size_t wpool_n;
    int *opool;
    size_t opool_n;
    int owned;   /* lists with an array of their own (to free); 0: pb_sat_free skips the scan */
    int loading; /* 1: inside pb_sat_load_begin .. _end on a new solver (lists deferred) */
    /* The clock's limiter of pb_sat_load_begin, or NULL: polled by st.work, the work
     * that steps do not count (loading's, then the searches' restarts, reductions,
     * analysis and heap), so that a time limit holds through it too. */
    pb_limiter *work_lim;
    uint64_t seed; /* pb_sat_new's, for sat_ready */
    int ready;     /* 1: sat_ready has made the variables' starting state */

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
    uint64_t next_rephase, rephase_n;
    uint64_t next_probe, probe_n;
    uint64_t next_vivify;
    ivec viv;                    /* the clause being vivified */
    double glue_fast, glue_slow; /* the learnt clauses' LBD, moving averages */
    uint64_t glue_n, last_restart;
    /* Mode switching (pb_sat_options.mode_switch): 1 while in focused mode, the
     * conflict count of the next switch, and the switches so far. */
    int focused;
    uint64_t next_switch, switch_n;
    pb_sat_options opt;
    /* All-different groups (sat_alldiff.c). A cell is a row of ad_nv literals (its
     * values', -1 where a value is not its), shared by the groups that hold it; per
     * variable its cell (-1: none) and value; per cell the values not yet false (kept
     * as the trail is read, ad_head its next entry, and undone with it) and its groups
     * (CSR, made at the first solve); the queue of groups to filter. */
    sat_group *ad;
    int ad_n, ad_nv, ad_ncells;
    size_t ad_cap;
    int *ad_cells;        /* the groups' cells */
    signed char *ad_mate; /* beside ad_cells */
    size_t ad_cells_n, ad_cells_cap, ad_mate_cap;
    int *ad_row; /* [cell * ad_nv + v] */
    size_t ad_row_cap;
    int *ad_var_cell;          /* [nvars] */
    signed char *ad_var_value; /* [nvars] */
    uint64_t *ad_dom;          /* [cell] */
    int *ad_index, *ad_occ, *ad_queue, ad_qn, ad_head;
    uint32_t *fwd; /* collect's forwarding table, kept for the next collection */
    size_t fwd_cap;
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

static inline int ivec_push(ivec *v, int x)
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

/* Sets literal l true at the current level, with its reason, on the trail. */
static inline void assign(pb_sat *s, int l, uint32_t reason)
{
    int v = var_of(l);
    s->val[l] = 1;
    s->val[neg(l)] = -1;
    s->level[v] = s->nlevels;
    s->reason[v] = reason;
    s->trail[s->trail_n++] = l;
}

/* The LBD of n literals: how many distinct decision levels they sit on. */
static inline uint32_t sat_lbd(pb_sat *s, const int *lits, int n)
{
    s->lbd_time++;
    uint32_t g = 0;
    for (int i = 0; i < n; i++) {
        int lv = s->level[var_of(lits[i])];
        if (s->lbd_stamp[lv] != s->lbd_time) {
            s->lbd_stamp[lv] = s->lbd_time;
            g++;
        }
    }
    return g;
}

/* Polls the work limiter when the work has reached its next poll: PB_DONE, or the
 * status to stop with. The search's loops count their work in st.work and call this
 * where a stop may come. */
static inline pb_status sat_work_poll(pb_sat *s)
{
    if (!s->work_lim || s->st.work < s->work_lim->next) return PB_DONE;
    return pb_limiter_poll(s->work_lim, s->st.work);
}

/* Adds n units of work and polls: PB_DONE, or the status to stop with. */
static inline pb_status sat_work(pb_sat *s, size_t n)
{
    s->st.work += n;
    return sat_work_poll(s);
}

/* ---- sat.c ---- */

/* The variables' starting state (no reason, their starting activities, all in the
 * decision heap), made by the first call that needs it rather than by pb_sat_new:
 * loading makes it under its limiter, a unit of work per variable, since on a large
 * encoding it is a sizeable part of the setup. PB_DONE, or the limiter's status (the
 * solver is then fit only for pb_sat_free). */
pb_status sat_ready(pb_sat *s);

/* ---- sat_clause.c ---- */

int sat_wvec_grow(pb_sat *s, wvec *v);

static inline int wvec_push(pb_sat *s, wvec *v, uint32_t cref, int blocker)
{
    if (v->n == v->cap && sat_wvec_grow(s, v)) return -1;
    v->w[v->n++] = (watch){cref, blocker};
    return 0;
}

/* Room for n more words in the arena (it may move): 0, or -1. Clause offsets are
 * uint32_t, with AMO_TAG's bit kept free. */
int sat_arena_reserve(pb_sat *s, size_t n);
/* Room for n more words in the at-most-one lists: 0, or -1. */
int sat_amo_reserve(pb_sat *s, size_t n);
/* A clause of n literals with these flags, its literals left to fill: its offset,
 * or -1 when out of memory. */
int64_t sat_arena_alloc(pb_sat *s, int n, uint32_t flags);
/* Watches clause c by its first two literals. 0, or -1 when out of memory. */
int sat_attach(pb_sat *s, uint32_t c);

/* How many entries each literal of an at-most-one list of n gets (see AMO_FLAT). */
static inline int amo_entry_count(int n)
{
    return n > AMO_FLAT ? 1 : n - 1;
}

/* The entries of list[i], of the list of n at offset id, into out (amo_entry_count(n)
 * of them): the list's other literals, or ~id for a long list. Returns their count. */
int sat_amo_entries(const int *list, int n, int i, int id, int *out);

/* ---- sat_decide.c ---- */

/* Undoes the trail down to level lvl (nothing when it is at or below it). */
void sat_backtrack(pb_sat *s, int lvl);
/* Puts variable v back into the decision heap (nothing when it is in it). */
void sat_heap_insert(pb_sat *s, int v);
/* Raises variable v's activity by the current increment. */
void sat_bump(pb_sat *s, int v);
/* At a conflict: the assignment before the last level becomes the decisions' phases
 * when it is the longest conflict-free one seen. */
void sat_save_target(pb_sat *s);
/* The target phases become the best ones, and the target is sought anew. */
void sat_rephase(pb_sat *s);
/* The next decision variable: the unassigned one of highest activity, or -1 when
 * every variable is assigned (a model). */
int sat_decide(pb_sat *s);

/* ---- sat_propagate.c ---- */

/* Propagates the queue; 0, or 1 on a conflict (in s->confl / s->confl_pair). A
 * limit that says stop sets s->stop, out of memory s->nomem (0 returned). */
int sat_propagate(pb_sat *s);

/* ---- sat_analyze.c ---- */

/* First-UIP analysis of the conflict: the learnt clause in s->learnt (asserting
 * literal first, a literal of the backjump level second) and its LBD in *lbd;
 * returns that level, or -1 when out of memory. */
int sat_analyze(pb_sat *s, int *lbd);
/* After the backjump: stores s->learnt (a unit is not stored) and asserts its first
 * literal. 0, or -1 when out of memory. */
int sat_learn_clause(pb_sat *s, int lbd);

/* ---- sat_reduce.c ---- */

/* Before a decision: restarts when the Luby schedule says so, and rephases when
 * its schedule does. */
void sat_maybe_restart(pb_sat *s);
/* After a conflict: the learnt clause's LBD enters the moving averages. */
void sat_note_glue(pb_sat *s, int lbd);
/* Before a decision: halves the learnt clauses when their schedule says so. 0; -1
 * when out of memory; 1 when the work limiter said stop (in s->stop) in the middle of
 * it: the solver is then fit only for pb_sat_free. */
int sat_maybe_reduce(pb_sat *s);
/* Compacts the arena after clauses were marked deleted (none of them a reason at a
 * level above 0): the watch lists are made again. 0, -1 when out of memory, 1 when
 * the work limiter said stop in the middle of it (in s->stop): the solver is then
 * fit only for pb_sat_free. */
int sat_collect(pb_sat *s);

/* ---- sat_shrink.c ---- */

/* Shrinks s->learnt (first-UIP, minimised: its asserting literal first): the
 * literals of each lower level that one literal of that level implies are replaced
 * by its negation. 0, or -1 when out of memory. */
int sat_shrink(pb_sat *s);

/* ---- sat_probe.c ---- */

/* At level 0, before a decision: a round of failed-literal probing when its schedule
 * says so. 0, or -1 when out of memory; s->unsat when a unit it learnt made the
 * formula unsatisfiable, s->stop when a limit said stop. */
int sat_maybe_probe(pb_sat *s);

/* ---- sat_alldiff.c ---- */

/* At a fixpoint of unit propagation: the groups that lost a value since are filtered.
 * 0: nothing new; 1: literals asserted (propagate again); 2: a conflict, in s->confl
 * (or s->unsat at level 0); -1 out of memory. It may backtrack first, to the level
 * where a conflict arose. */
int sat_alldiff_propagate(pb_sat *s);
/* After the trail was undone: the groups' queue is emptied. */
void sat_alldiff_backtracked(pb_sat *s);

/* ---- sat_vivify.c ---- */

/* At level 0, before a decision: a round of learnt-clause vivification when its
 * schedule says so. 0, or -1 when out of memory; s->unsat when a clause it shortened
 * made the formula unsatisfiable, s->stop when a limit said stop. */
int sat_maybe_vivify(pb_sat *s);

#endif
