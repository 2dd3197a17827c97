/* count_levels.h — the compact count of every win up to a length, one level (one
 * written length) at a time, so that a caller can split it over ranks that share no
 * memory: the written sequences of each length are partitioned by a hash of the
 * sequence (tp_count_owner), each rank searches the sequences it owns, and the
 * children it writes for sequences owned elsewhere are left in an outbox, bucketed by
 * owner, for the caller to deliver (MPI_Alltoallv in bench/) and merge on the owner.
 * The library sends nothing itself.
 *
 * One rank of one is the compact engine's own count (tp_compact_count). With any
 * number of ranks, every sequence is searched once, on its owner, from the same
 * states, so the wins per length, the states expanded and the sequences searched
 * summed over the ranks are those of one process.
 *
 * A count goes:
 *   c = tp_count_new(...)            the start, routed to its owner
 *   deliver the outbox, tp_count_merge
 *   for len = the start's length .. L (lengths no rank holds may be skipped):
 *     tp_count_search(c, len, &lv)   this rank's sequences of length len
 *     deliver the outbox, tp_count_merge
 *     tp_count_end_level(c, len, &lv)
 *   tp_count_free(c, out)
 * Outbox records are [n:u16][sequence][state], each of the two packed 4-bit digits
 * to (n + 1) / 2 bytes (0 for a crossed cell in the state). */
#ifndef PB_TP_COUNT_LEVELS_H
#define PB_TP_COUNT_LEVELS_H

#include "tenpair.h"

typedef struct tp_count tp_count;

/* What one level did on one rank (sum them over the ranks; the times are the
 * caller's). */
typedef struct tp_level {
    int length;          /* the written length searched */
    uint64_t nodes;      /* written sequences of that length searched */
    uint64_t states;     /* their distinct start states */
    uint64_t expanded;   /* states expanded */
    uint64_t wins;       /* sequences that win */
    uint64_t children;   /* records written for longer sequences */
    uint64_t kept_bytes; /* of those, the bytes of records this rank owns */
    uint64_t sent_bytes; /* the bytes of records other ranks own (the outbox) */
    uint64_t recv_bytes; /* the bytes merged from other ranks */
    uint64_t stored;     /* tp_count_end_level: records held for lengths >= this one */
    uint64_t peak_bytes; /* tp_count_end_level: this rank's memory peak so far */
    /* The most states one written sequence's search expanded: a sequence is searched
     * whole on one thread of one rank, so this bounds how far a level can be split. */
    uint64_t node_expanded_max;
    /* The most states one level of one sequence's search held: what that search's
     * memory grows with (a search keeps two levels). */
    uint64_t node_width_max;
    uint64_t level_peak_bytes; /* tp_count_end_level: this rank's memory peak in the level */
    /* tp_count_end_level: the growth this rank's memory limit refused (pb_result). */
    uint64_t refused_used, refused_total;
} tp_level;

/* The rank (of `ranks`) that owns the written sequence seq (packed, (n + 1) / 2
 * bytes, n its length). */
int tp_count_owner(const uint8_t *seq, int n, int ranks);

/* A count of the wins of r up to how->max_length (how->limits.max_bytes: this rank's
 * memory; how->threads: its threads; r and how must outlive the count) as rank `rank`
 * of `ranks`; rank 0 routes the start to its owner (into the outbox when that is not
 * rank 0). NULL out of memory (with why not NULL, the memory figures there, as
 * tp_count_free gives them: a start refused by the memory limit says so), or with a
 * request the compact engine refuses (check it with pb_engine_check first). */
tp_count *tp_count_new(const tp_rules *r, const pb_run *how, int rank, int ranks, pb_result *why);

/* With a step limit in how: this rank may expand `steps` more states from now on
 * (its share of what is left of the run's limit); 0 stops it at its next state. */
void tp_count_allow_steps(tp_count *c, uint64_t steps);

/* Searches this rank's written sequences of length len (which must be searched in
 * increasing order), counts their wins into lv, keeps the children it owns and
 * leaves the others in the outbox. PB_DONE, or why the count stops: PB_NOMEM,
 * PB_LIMIT, PB_INTERRUPTED (what was counted so far stays). */
pb_status tp_count_search(tp_count *c, int len, tp_level *lv);

/* The outbox: *buf holds the records for rank 0, then for rank 1, ...; bytes[k]
 * (ranks entries) how many are for rank k (0 for this rank). Valid until the next
 * tp_count_inbox, tp_count_merge or tp_count_search. */
void tp_count_outbox(const tp_count *c, const uint8_t **buf, uint64_t *bytes);

/* A buffer of `len` bytes, charged to this rank's memory, to receive the other
 * ranks' records into; NULL past --max-memory or out of memory. */
uint8_t *tp_count_inbox(tp_count *c, size_t len);

/* Merges the `len` bytes received into the inbox (records, as the outbox holds them)
 * into this rank's layers (lv->recv_bytes) and releases the outbox and the inbox. 0,
 * -1 past --max-memory or out of memory, -2 when a record is malformed, not longer
 * than the level searched, or not this rank's. */
int tp_count_merge(tp_count *c, size_t len, tp_level *lv);

/* After level len was searched and delivered: lv->stored and lv->peak_bytes, and the
 * level's records are dropped. PB_DONE, or PB_LIMIT / PB_INTERRUPTED when the run's
 * deadline passed or its cancel flag is set. */
pb_status tp_count_end_level(tp_count *c, int len, tp_level *lv);

/* The shortest written length longer than len of which this rank holds records;
 * how->max_length + 1 when none. Lengths that no rank holds need no search. */
int tp_count_next_length(const tp_count *c, int len);

/* Ends the count: out->stats.bytes (this rank's memory peak) and the growth refused,
 * and everything is freed. out may be NULL. */
void tp_count_free(tp_count *c, pb_result *out);

#endif
