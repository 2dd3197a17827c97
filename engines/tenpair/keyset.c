/* keyset.c — the byte-string set of the tenpair searches. */
#include "keyset.h"

#include <stdlib.h>

int tp_grow_charged(tp_budget *b, void **p, size_t *cap, size_t need, size_t elem)
{
    if (need <= *cap) return 0;
    size_t n = *cap ? *cap : (4096 + elem - 1) / elem;
    while (n < need) n *= 2;
    if (tp_budget_charge(b, (int64_t)((n - *cap) * elem))) return -1;
    void *q = realloc(*p, n * elem);
    if (!q) {
        tp_budget_charge(b, -(int64_t)((n - *cap) * elem));
        return -1;
    }
    *p = q;
    *cap = n;
    return 0;
}

void tp_keyset_init(tp_keyset *s, tp_budget *budget)
{
    memset(s, 0, sizeof *s);
    s->budget = budget;
}

void tp_keyset_free(tp_keyset *s)
{
    tp_budget_charge(s->budget, -(int64_t)tp_keyset_bytes(s));
    free(s->slot);
    free(s->off);
    free(s->arena);
    tp_keyset_init(s, s->budget);
}

void tp_keyset_clear(tp_keyset *s, size_t stride)
{
    size_t slots = s->slot ? s->mask + 1 : 0;
    if (slots > 4096 && (size_t)s->count * 16 < slots) {
        /* A table grown by one large use is dropped rather than cleared for many
         * small ones; it grows again when needed. */
        tp_budget_charge(s->budget, -(int64_t)(slots * sizeof *s->slot));
        free(s->slot);
        s->slot = NULL;
        s->mask = 0;
    } else if (s->count && (size_t)s->count * 8 < slots) {
        /* A few keys in a table: zero their slots, not the whole table. */
        for (uint32_t i = 0; i < s->count; i++) {
            size_t len;
            const uint8_t *k = tp_keyset_key(s, i, &len);
            size_t at = tp_keyset_home(s, tp_hash_bytes(k, len));
            while ((uint32_t)(s->slot[at] & 0xFFFFFFFFull) != i + 1) at = (at + 1) & s->mask;
            s->slot[at] = 0;
        }
    } else if (s->count) {
        memset(s->slot, 0, slots * sizeof *s->slot);
    }
    s->count = 0;
    s->used = 0;
    s->stride = stride;
}

static int grow_slots(tp_keyset *s)
{
    size_t old = s->slot ? s->mask + 1 : 0, n = old ? 2 * old : 1024;
    if (tp_budget_charge(s->budget, (int64_t)((n - old) * sizeof *s->slot))) return -1;
    uint64_t *slot = calloc(n, sizeof *slot);
    if (!slot) {
        tp_budget_charge(s->budget, -(int64_t)((n - old) * sizeof *s->slot));
        return -1;
    }
    for (size_t j = 0; j < old; j++) {
        if (!s->slot[j]) continue;
        size_t at = (size_t)(s->slot[j] >> 32) & (n - 1);
        while (slot[at]) at = (at + 1) & (n - 1);
        slot[at] = s->slot[j];
    }
    free(s->slot);
    s->slot = slot;
    s->mask = n - 1;
    return 0;
}

int tp_keyset_add(tp_keyset *s, const uint8_t *key, size_t len, uint32_t *index)
{
    return tp_keyset_add_hashed(s, key, len, tp_hash_bytes(key, len), index);
}

int tp_keyset_add_hashed(tp_keyset *s, const uint8_t *key, size_t len, uint64_t h, uint32_t *index)
{
    if (len > 0xFFFF || s->count == UINT32_MAX - 1 || (s->stride && len != s->stride)) return -1;
    if (!s->slot || (size_t)(s->count + 1) * 4 > (s->mask + 1) * 3)
        if (grow_slots(s)) return -1;
    uint64_t tag = h >> 32 << 32;
    size_t at = tp_keyset_home(s, h);
    for (; s->slot[at]; at = (at + 1) & s->mask) {
        if ((s->slot[at] & ~0xFFFFFFFFull) != tag) continue;
        uint32_t i = (uint32_t)(s->slot[at] & 0xFFFFFFFFull) - 1;
        size_t klen;
        const uint8_t *k = tp_keyset_key(s, i, &klen);
        if (klen == len && !memcmp(k, key, len)) {
            *index = i;
            return 0;
        }
    }
    if (s->stride) {
        if (tp_grow_charged(s->budget, (void **)&s->arena, &s->arena_cap, s->used + len, 1))
            return -1;
        memcpy(s->arena + s->used, key, len);
        s->used += len;
        s->slot[at] = tag | (uint64_t)(s->count + 1);
        *index = s->count++;
        return 1;
    }
    if (tp_grow_charged(s->budget, (void **)&s->off, &s->off_cap, (size_t)s->count + 1,
                        sizeof *s->off) ||
        tp_grow_charged(s->budget, (void **)&s->arena, &s->arena_cap, s->used + len + 2, 1))
        return -1;
    uint8_t *p = s->arena + s->used;
    p[0] = (uint8_t)len;
    p[1] = (uint8_t)(len >> 8);
    memcpy(p + 2, key, len);
    s->off[s->count] = s->used;
    s->used += len + 2;
    s->slot[at] = tag | (uint64_t)(s->count + 1);
    *index = s->count++;
    return 1;
}
