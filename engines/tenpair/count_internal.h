/* count_internal.h — what the compact count's two files share: the search of one
 * level's written sequences on the threads of a rank (compact_count.c) and the
 * count level by level, its children routed to the ranks that own them
 * (count_levels.c). Not for use outside engines/tenpair. */
#ifndef PB_TP_COUNT_INTERNAL_H
#define PB_TP_COUNT_INTERNAL_H

#include "../core/limiter.h"
#include "compact.h"
#include "count_levels.h"
#include "keyset.h"

/* A node's search: the states of the current level and of the next one. */
typedef struct levels {
    tp_keyset cur, next;
} levels;

typedef struct worker {
    levels lv;     /* the levels of the node this thread searches */
    uint8_t *kids; /* [live:u16][cells:u16][cells] per state that appends */
    size_t kids_len, kids_cap;
    uint8_t *emit; /* states of longer sequences: layer records (see layer) */
    size_t emit_len, emit_cap;
    uint8_t *keybuf, *kidkeys;
    size_t keybuf_cap, kidkeys_cap;
    uint8_t board[TP_MAX_LENGTH];
    tp_step moves[2 * TP_MAX_LENGTH];
    uint64_t hash[2 * TP_MAX_LENGTH];
    uint64_t expanded;  /* in this layer */
    uint64_t node_max;  /* in this layer: the most states one node's search expanded */
    uint64_t width_max; /* in this layer: the most states one level of a node's search held */
    int won, failed;
    int begun;      /* lim has reserved its first steps in this layer */
    pb_limiter lim; /* this layer's polls, counting `expanded` */
    tp_budget *budget;
} worker;

/* The written sequences of one length n and their states, as records
 * [n:u16][sequence][state]: the written digits and the state (0 for crossed
 * cells), each packed to (n + 1) / 2 bytes; one record per state a history reached,
 * so a sequence written by several histories has records from each. */
typedef struct layer {
    uint8_t *rec;
    size_t len, cap;
} layer;

typedef struct counter {
    const tp_rules *r;
    const pb_run *how;
    int L, threads;
    worker *wk;
    tp_budget budget;  /* every set and buffer of the count */
    pb_limiter lim;    /* the run's deadline and cancel flag; each worker forks it */
    pb_step_pool pool; /* the step limit, shared by the workers (when there is one) */
    int stop;          /* why the run must end (a pb_status), 0 to go on; read and set atomically */
} counter;

/* One node of a layer: its written sequence, and its key for search_node. */
typedef struct node {
    const uint8_t *seq;
    size_t key; /* offset in the layer's key buffer */
    int drop;   /* the crossed rows its states share, left out of the key */
    int live;
} node;

typedef struct nodes {
    node *node;
    long n;
    size_t cap;
    uint8_t *keys; /* [cells:u16][states:u16] then each state packed */
    size_t keys_cap;
    const uint8_t **rec; /* the layer's records, to sort */
    size_t rec_cap;
} nodes;

/* The count of one rank (tp_count): its search, its layers, its outbox and inbox. */
struct tp_count {
    counter c;
    int rank, ranks;
    layer *lay;     /* lay[n]: the records of written length n this rank owns */
    nodes ns;       /* the nodes of the level being searched */
    uint8_t *cells; /* TP_MAX_LENGTH cells of scratch */
    uint8_t *out;   /* the outbox: records for rank 0, then rank 1, ... */
    size_t out_cap;
    uint64_t *out_bytes; /* ranks entries: the outbox's bytes for each rank */
    uint8_t *in;         /* the inbox */
    size_t in_cap;
    int searched;         /* the last length searched (0: none yet) */
    uint64_t peak_before; /* the budget's peak before the level being searched */
};

/* Adds a record of the sequence seq[0..n) + appended and the state board[0..m)
 * (row 0 of which is written row `drop`) + appended to the worker's output. 0, or -1
 * (memory). */
int tp_cc_emit_state(worker *wk, const uint8_t *seq, int n, const uint8_t *board, int m, int drop,
                     int w, const uint8_t *appended, int live);
/* Sorts a layer's records and makes its nodes: one per written sequence, its states
 * deduplicated and their shared crossed rows dropped. 0, or -1 (memory). */
int tp_cc_make_nodes(const layer *l, int n, int w, nodes *ns, uint8_t *cells, tp_budget *budget);
/* Searches every node of one layer, a node a thread; returns how many win. The
 * states expanded are left in the workers, their children in the workers' emit. */
uint64_t tp_cc_search_layer(counter *c, const nodes *ns, int len);
/* Why the run must end (a pb_status), 0 to go on. */
int tp_cc_stopped(counter *c);
/* Records why the run stops; the first reason stays. */
void tp_cc_stop_with(counter *c, pb_status why);
/* Between layers: the deadline and the cancel flag (the steps are the workers'). */
void tp_cc_poll(counter *c);

#endif
