/* keyset.c — the byte-string set of the tenpair searches. */
#include "keyset.h"

#include <stdlib.h>

void tp_keyset_init(tp_keyset *s)
{
    memset(s, 0, sizeof *s);
}

void tp_keyset_free(tp_keyset *s)
{
    free(s->slot);
    free(s->off);
    free(s->arena);
    tp_keyset_init(s);
}

void tp_keyset_clear(tp_keyset *s)
{
    if (s->slot && s->count) memset(s->slot, 0, (s->mask + 1) * sizeof *s->slot);
    s->count = 0;
    s->used = 0;
}

static int grow_slots(tp_keyset *s)
{
    size_t n = s->slot ? 2 * (s->mask + 1) : 1024;
    uint64_t *slot = calloc(n, sizeof *slot);
    if (!slot) return -1;
    for (uint32_t i = 0; i < s->count; i++) {
        size_t len;
        const uint8_t *k = tp_keyset_key(s, i, &len);
        uint64_t h = tp_hash_bytes(k, len);
        size_t at = (size_t)h & (n - 1);
        while (slot[at]) at = (at + 1) & (n - 1);
        slot[at] = (h >> 32 << 32) | (uint64_t)(i + 1);
    }
    free(s->slot);
    s->slot = slot;
    s->mask = n - 1;
    return 0;
}

static int reserve(void **p, size_t *cap, size_t need, size_t elem)
{
    if (need <= *cap) return 0;
    size_t n = *cap ? *cap : 4096 / elem;
    while (n < need) n *= 2;
    void *q = realloc(*p, n * elem);
    if (!q) return -1;
    *p = q;
    *cap = n;
    return 0;
}

int tp_keyset_add(tp_keyset *s, const uint8_t *key, size_t len, uint32_t *index)
{
    if (len > 0xFFFF || s->count == UINT32_MAX - 1) return -1;
    if (!s->slot || (size_t)(s->count + 1) * 4 > (s->mask + 1) * 3)
        if (grow_slots(s)) return -1;
    uint64_t h = tp_hash_bytes(key, len), tag = h >> 32 << 32;
    size_t at = (size_t)h & s->mask;
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
    if (reserve((void **)&s->off, &s->off_cap, (size_t)s->count + 1, sizeof *s->off) ||
        reserve((void **)&s->arena, &s->arena_cap, s->used + len + 2, 1))
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
