/* sat.h — a conflict-driven clause-learning SAT solver over DIMACS-numbered literals,
 * with native at-most-one constraints: the core of the `learn` engine.
 *
 * Two watched literals with blocker literals, at-most-one lists propagated directly
 * (a true literal falsifies the others; the reason is the binary clause (-x v -y),
 * made only when conflict analysis asks for it), first-UIP learning with recursive
 * minimisation, EVSIDS on a binary heap (reason-side bumping by default) with saved phases (target
 * phases: the signs of the longest conflict-free assignment so far), Luby restarts, and
 * learnt-clause deletion by LBD (glue <= 2 kept for good, half of the rest removed periodically).
 * Everything lives in one pb_sat and nothing is random but what a seed asks for, so
 * a run is reproducible from its inputs alone.
 *
 * Clauses and constraints may be added between solves (count mode's blocking
 * clauses); learnt clauses stay, since they follow from the original clauses. */
#ifndef PB_SAT_H
#define PB_SAT_H

#include <stddef.h>
#include <stdint.h>

#include "../core/limiter.h"

typedef struct pb_sat pb_sat;

typedef enum pb_sat_result {
    PB_SAT_UNKNOWN = 0, /* stopped: a limit, the cancel flag, or out of memory */
    PB_SAT_SAT = 10,
    PB_SAT_UNSAT = 20,
} pb_sat_result;

typedef struct pb_sat_stats {
    uint64_t decisions;
    uint64_t propagations; /* literals assigned and propagated, decisions included */
    uint64_t conflicts;
    uint64_t learnts; /* learnt clauses made (units included) */
    uint64_t restarts;
    uint64_t deleted;   /* learnt clauses removed by the LBD reduction */
    uint64_t failed;    /* literals that probing found failed (their conflicts counted too) */
    uint64_t vivified;  /* learnt clauses that vivification shortened */
    uint64_t explained; /* literals and conflicts an all-different group explained */
    uint64_t work;      /* units of the work limiter (pb_sat_load_begin): not steps */
} pb_sat_stats;

/* The search's levers, each a choice among the field's (pb_sat_default_options gives
 * the defaults). */
typedef struct pb_sat_options {
    int luby_unit;     /* conflicts per unit of the Luby restart schedule */
    int keep_glue;     /* learnt clauses of at most this LBD are never deleted */
    int bump_reason;   /* 1: a conflict also bumps the variables that implied the learnt
                        * clause's literals (their reasons' literals), not just those met */
    int rephase;       /* > 0: every rephase * k conflicts (k = 1, 2, ...) the target phases
                        * go back to the best ones (the longest conflict-free assignment of
                        * the whole search) and the target is sought anew; 0: one target,
                        * the longest so far */
    int glue_restarts; /* 1: restart when the recent learnt clauses' LBD (a fast moving
                        * average) rises above the long-run one (a slow one), as
                        * Glucose and CaDiCaL's focused mode; 0: the Luby schedule */
    int tier2_glue;    /* > 0: tiers: a learnt clause used in a conflict's analysis has its
                        * LBD taken again and is spared by the next reduction (the next two
                        * when its LBD is at most tier2_glue); 0: every clause above
                        * keep_glue is ranked by LBD alone */
    int mode_switch;   /* > 0: focused mode (glue restarts, the sign each variable had when
                        * last undone) and stable mode (the Luby schedule, target phases)
                        * take turns, the first two phases mode_switch conflicts each, each
                        * later pair of double length; 0: one mode, as the levers above say */
    int probe;         /* > 0: failed-literal probing: at level 0, each unassigned variable's
                        * true literal is propagated alone and, when that conflicts, its
                        * negation learnt; before the first decision, then at the first
                        * restart probe * k conflicts after the k-th round; 0: never */
    int shrink;        /* 1: a learnt clause's literals of one lower level that a single
                        * literal of that level implies are replaced by its negation */
    int vivify;        /* > 0: vivification: at the first restart every vivify conflicts,
                        * each learnt clause of low LBD not tried before has its literals'
                        * negations decided in turn, and is shortened when one of its
                        * literals turns out implied true or false, or the decisions
                        * conflict; 0: never */
} pb_sat_options;

void pb_sat_default_options(pb_sat_options *o);

/* A solver for variables 1..nvars. The first decisions take the variables in their
 * order, true first; a non-zero seed shuffles that order instead. NULL when out of
 * memory. */
pb_sat *pb_sat_new(int nvars, uint64_t seed);
void pb_sat_free(pb_sat *s);
/* Sets the search's levers (the defaults until then); before the first solve. */
void pb_sat_set_options(pb_sat *s, const pb_sat_options *o);

/* Adds a clause of DIMACS literals (a copy is kept; duplicates and tautologies are
 * fine). Returns 0, or -1 when out of memory. An empty or falsified clause makes the
 * problem unsatisfiable. Backtracks to level 0 first (a model is then gone). */
int pb_sat_add_clause(pb_sat *s, const int *lits, int n);
/* Adds "at most one of lits is true". 0, or -1 when out of memory. */
int pb_sat_add_amo(pb_sat *s, const int *lits, int n);

/* Adds an all-different group of k cells over nv values (k <= 64, nv <= 64, the same nv
 * for every group): vars[i * nv + v] is the variable of "cell i takes value v" (0:
 * not in its domain); a cell in several groups has the same row of variables in each,
 * and no variable belongs to two cells. The clauses must say that each cell takes a
 * value and no value goes to two cells of a group; the group adds Régin's filtering
 * inside the search, each removal explained by a clause (sat_alldiff.c). After
 * loading, before the first solve. 0; -1 when out of memory or against these rules,
 * the solver then fit only for pb_sat_free. */
int pb_sat_add_alldiff(pb_sat *s, const int *vars, int k, int nv);

/* Loads a new solver as the clauses and lists come, with a few allocations for all
 * of them, not a few per clause: pb_sat_load_begin (hints: the arena words, two per
 * clause plus its literals, and the list words, one per list plus its literals,
 * expected: room made at once), then pb_sat_load_clause and pb_sat_load_amo in any
 * interleaving (clauses keep their order, lists theirs), then pb_sat_load_end: the
 * solver that pb_sat_add_clause and pb_sat_add_amo, called in that order, would make
 * (so the same search). No clause may hold a variable twice (pb_cnf_encode's never
 * do), and nothing else may be called on s in between.
 *
 * `work` (may be NULL) is polled as the loading goes, by work done (a unit per
 * variable, literal or list entry handled), not by steps: a limiter of the time and
 * the cancel flag (pb_limits_clock_only), whose steps are these units, counted on
 * from `done`, the units its caller polled it with before. Each call returns
 * PB_DONE, PB_NOMEM, or the status `work` stopped with; after any but PB_DONE the
 * solver is fit only for pb_sat_free. `work` stays the solver's for its searches
 * (so it must outlive them): see pb_sat_solve. */
pb_status pb_sat_load_begin(pb_sat *s, size_t lits_hint, size_t amo_hint, pb_limiter *work,
                            uint64_t done);
pb_status pb_sat_load_clause(pb_sat *s, const int *lits, int n);
pb_status pb_sat_load_amo(pb_sat *s, const int *lits, int n);
pb_status pb_sat_load_end(pb_sat *s);
/* Counts n units of the caller's own work (its encoding) on `work` while loading:
 * one counter for all the work polled on that limiter. */
pb_status pb_sat_load_work(pb_sat *s, size_t n);

/* Searches. `lim` (may be NULL) is polled with steps = propagations + conflicts of
 * this solver's whole life; when it says stop, *stopped gets its status and the
 * result is PB_SAT_UNKNOWN (out of memory: PB_NOMEM). The work that steps do not
 * count polls the loading's `work` limiter, if any, in units (stats.work): a unit per
 * trail entry undone or scanned, reason literal analysed, heap entry popped or
 * rebuilt, learnt clause ranked and arena word moved or rewatched. A restart or a
 * reduction can take many times a step's work, all at once: so a time limit or the
 * cancel flag holds through them too. A stop by `work` may come in the middle of a
 * reduction: the solver is then fit only for pb_sat_free. */
pb_sat_result pb_sat_solve(pb_sat *s, pb_limiter *lim, pb_status *stopped);

/* After PB_SAT_SAT: adds the clause that negates the model's decisions (what unit
 * propagation made of them is the whole model, so this blocks exactly that model)
 * and backjumps one level, asserting the last decision's negation: the next solve
 * goes on from there, as a search that enumerates would. The model is gone after
 * it. 0, or -1 when out of memory. */
int pb_sat_block_decisions(pb_sat *s);

/* After PB_SAT_SAT: 1 when variable var (1..nvars) is true in the model, else 0. */
int pb_sat_model(const pb_sat *s, int var);

const pb_sat_stats *pb_sat_get_stats(const pb_sat *s);

#endif
