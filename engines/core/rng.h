/* rng.h — a small deterministic PRNG for generators: splitmix64 to seed, xoshiro256**
 * to draw, an unbiased bounded integer and a Fisher-Yates shuffle. The state is
 * passed explicitly, so streams are reproducible and threads never share one. */
#ifndef PB_RNG_H
#define PB_RNG_H

#include <stdint.h>

typedef struct pb_rng {
    uint64_t s[4];
} pb_rng;

/* One step of splitmix64: advances *x and returns a well-mixed 64-bit value. */
static inline uint64_t pb_splitmix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9E3779B97F4A7C15u);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    return z ^ (z >> 31);
}

/* Seeds from one 64-bit value; xoshiro's state must not be all zero, which
 * splitmix64's outputs never are all at once. */
static inline void pb_rng_seed(pb_rng *r, uint64_t seed)
{
    for (int i = 0; i < 4; i++) r->s[i] = pb_splitmix64(&seed);
}

/* Stream `index` of `seed`: the same (seed, index) always gives the same stream, and
 * neighbouring indices give unrelated ones. */
static inline void pb_rng_seed_stream(pb_rng *r, uint64_t seed, uint64_t index)
{
    uint64_t x = seed;
    uint64_t a = pb_splitmix64(&x);
    pb_rng_seed(r, a ^ (index * 0xD1B54A32D192ED03u + 0x8CB92BA72F3D8DD7u));
}

static inline uint64_t pb_rotl64(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

/* xoshiro256** (Blackman and Vigna). */
static inline uint64_t pb_rng_next(pb_rng *r)
{
    uint64_t *s = r->s;
    const uint64_t result = pb_rotl64(s[1] * 5, 7) * 9;
    const uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = pb_rotl64(s[3], 45);
    return result;
}

/* Uniform in [0, n) for n >= 1, without modulo bias: Lemire's multiply-shift on 32
 * bits, rejecting the few low products that would over-weight some results. */
static inline uint32_t pb_rng_below(pb_rng *r, uint32_t n)
{
    uint64_t m = (uint64_t)(uint32_t)(pb_rng_next(r) >> 32) * n;
    uint32_t low = (uint32_t)m;
    if (low < n) {
        uint32_t threshold = (uint32_t)(-n) % n;
        while (low < threshold) {
            m = (uint64_t)(uint32_t)(pb_rng_next(r) >> 32) * n;
            low = (uint32_t)m;
        }
    }
    return (uint32_t)(m >> 32);
}

/* Fisher-Yates: every permutation of a[0..n) equally likely. */
static inline void pb_rng_shuffle(pb_rng *r, int *a, int n)
{
    for (int i = n - 1; i > 0; i--) {
        int j = (int)pb_rng_below(r, (uint32_t)i + 1);
        int t = a[i];
        a[i] = a[j];
        a[j] = t;
    }
}

#endif
