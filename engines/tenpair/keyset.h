/* keyset.h — a set of byte strings for the tenpair searches: open addressing over
 * an arena, each key numbered in insertion order so callers can keep per-state data
 * (parents, counts) in parallel arrays; the memory budget a search's sets and
 * arrays are charged to; and the way back from a state to the start. */
#ifndef PB_TP_KEYSET_H
#define PB_TP_KEYSET_H

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "tenpair.h"

/* A search's memory: every growth of its sets and big arrays is charged before it
 * happens and refused past the limit, so a search stops at its memory limit rather
 * than after passing it. Atomic: one search's sets may grow on several threads. */
typedef struct tp_budget {
    uint64_t used, peak, limit; /* limit 0: none */
    /* The growth refused, so that a stop can say why it came before the limit: the
     * bytes in use then and the total the growth would have reached (0: none). */
    uint64_t refused_used, refused_total;
} tp_budget;

/* Charges delta bytes (negative: gives them back). 0, or -1 past the limit. */
static inline int tp_budget_charge(tp_budget *b, int64_t delta)
{
    if (!b) return 0;
    uint64_t now = __atomic_add_fetch(&b->used, (uint64_t)delta, __ATOMIC_RELAXED);
    if (delta > 0 && b->limit && now > b->limit) {
        __atomic_sub_fetch(&b->used, (uint64_t)delta, __ATOMIC_RELAXED);
        /* Racing refusals on several threads keep one of them: any says why. */
        __atomic_store_n(&b->refused_used, now - (uint64_t)delta, __ATOMIC_RELAXED);
        __atomic_store_n(&b->refused_total, now, __ATOMIC_RELAXED);
        return -1;
    }
    uint64_t peak = __atomic_load_n(&b->peak, __ATOMIC_RELAXED);
    while (now > peak && !__atomic_compare_exchange_n(&b->peak, &peak, now, 1, __ATOMIC_RELAXED,
                                                      __ATOMIC_RELAXED))
        ;
    return 0;
}

/* A search's memory figures for its result: the peak, and the growth refused. */
static inline void tp_budget_report(const tp_budget *b, pb_result *out)
{
    out->stats.bytes = b->peak;
    out->refused_used = b->refused_used;
    out->refused_total = b->refused_total;
}

/* Grows *p (of *cap elements) to hold need, charged to b (NULL: not charged); 0, or
 * -1 out of memory or past the budget. */
int tp_grow_charged(tp_budget *b, void **p, size_t *cap, size_t need, size_t elem);

typedef struct tp_keyset {
    uint64_t *slot; /* 0: empty; else hash tag (high 32 bits) and index + 1 */
    size_t mask;    /* slots - 1 */
    uint32_t count; /* keys stored */
    uint64_t *off;  /* index -> arena offset of [len:u16][bytes] */
    size_t off_cap;
    uint8_t *arena;
    size_t used, arena_cap;
    size_t stride;     /* > 0: every key has this length, stored back to back (no off) */
    tp_budget *budget; /* what its memory is charged to; NULL: nothing */
} tp_keyset;

static inline uint64_t tp_hash_bytes(const uint8_t *p, size_t n)
{
    uint64_t h = 0x9E3779B97F4A7C15ull ^ (n * 0xC2B2AE3D27D4EB4Full);
    while (n >= 8) {
        uint64_t v;
        memcpy(&v, p, 8);
        h = (h ^ v) * 0xFF51AFD7ED558CCDull;
        h ^= h >> 32;
        p += 8, n -= 8;
    }
    uint64_t v = 0;
    memcpy(&v, p, n);
    h = (h ^ v) * 0xC4CEB9FE1A85EC53ull;
    h ^= h >> 29;
    h *= 0x94D049BB133111EBull;
    return h ^ (h >> 32);
}

/* An empty set charged to budget (NULL: not charged). */
void tp_keyset_init(tp_keyset *s, tp_budget *budget);
void tp_keyset_free(tp_keyset *s);
/* Empties the set, keeping its memory for reuse. stride > 0: from now on every key
 * has that length, and keys are stored without a length or an offset each. */
void tp_keyset_clear(tp_keyset *s, size_t stride);
/* Adds key[0..len) (len < 65536). Returns 1 added, 0 already there, -1 out of
 * memory; *index gets the key's number either way. */
int tp_keyset_add(tp_keyset *s, const uint8_t *key, size_t len, uint32_t *index);
/* The same with the key's tp_hash_bytes given: callers that add many keys at once
 * hash them first and tp_keyset_prefetch their slots, to overlap the cache misses. */
int tp_keyset_add_hashed(tp_keyset *s, const uint8_t *key, size_t len, uint64_t hash,
                         uint32_t *index);
/* A key's first slot comes from the tag kept in the slot (the hash's high 32 bits),
 * so that growing the table moves slots without reading or hashing a key again: a
 * rehash that hashed every key was one long step between two polls of the clock. */
static inline size_t tp_keyset_home(const tp_keyset *s, uint64_t hash)
{
    return (size_t)(hash >> 32) & s->mask;
}
static inline void tp_keyset_prefetch(const tp_keyset *s, uint64_t hash)
{
    if (s->slot) __builtin_prefetch(&s->slot[tp_keyset_home(s, hash)]);
}
/* The key numbered index, its length in *len. */
static inline const uint8_t *tp_keyset_key(const tp_keyset *s, uint32_t index, size_t *len)
{
    if (s->stride) {
        *len = s->stride;
        return s->arena + (size_t)index * s->stride;
    }
    const uint8_t *p = s->arena + s->off[index];
    *len = (size_t)p[0] | (size_t)p[1] << 8;
    return p + 2;
}
/* Bytes the set holds allocated. */
static inline uint64_t tp_keyset_bytes(const tp_keyset *s)
{
    return (s->slot ? (uint64_t)(s->mask + 1) * 8 : 0) + s->off_cap * 8 + s->arena_cap;
}

/* The steps from the start (state 0) to state `to`, following parent[] and the
 * step[] that reached each state, in a new array (*n of them); NULL out of memory. */
static inline tp_step *tp_path_back(const uint32_t *parent, const tp_step *step, uint32_t to,
                                    int *n)
{
    int k = 0;
    for (uint32_t i = to; i != 0; i = parent[i]) k++;
    tp_step *path = malloc((size_t)(k ? k : 1) * sizeof *path);
    if (!path) return NULL;
    *n = k;
    for (uint32_t i = to; i != 0; i = parent[i]) path[--k] = step[i];
    return path;
}

#endif
