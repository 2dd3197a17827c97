/* kakuro_wasm.c — the player page's generator: the project's kakuro generator
 * compiled to WebAssembly (wasm32-wasi, no emscripten). The page's JavaScript
 * glue calls pbk_alloc for a buffer and pbk_generate for a puzzle; puzzle `index`
 * of (size, level, seed) is the one `puzzlebench generate kakuro --size RxC
 * --difficulty LEVEL --seed SEED` writes at that index, with the same defaults. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "puzzle_json.h"

#define EXPORT(name) __attribute__((export_name(name)))

EXPORT("pbk_alloc") void *pbk_alloc(int bytes)
{
    return malloc((size_t)bytes);
}

EXPORT("pbk_free") void pbk_free(void *p)
{
    free(p);
}

/* Writes puzzle `index` as JSON (puzzle_json.h) into out[outlen]. Returns its
 * length; -1 when a limit ran out (max_seconds, 0 for none), -2 when the generator
 * failed, -3 on bad arguments, -4 when outlen is too small. */
EXPORT("pbk_generate")
int pbk_generate(int rows, int cols, int level, uint32_t seed_lo, uint32_t seed_hi, uint32_t index,
                 double max_seconds, char *out, int outlen)
{
    if (rows < 3 || cols < 3 || rows > KAKURO_MAX_DIM || cols > KAKURO_MAX_DIM || level < 0 ||
        level >= KAKURO_LEVELS || !out || outlen <= 0)
        return -3;
    uint64_t seed = (uint64_t)seed_hi << 32 | seed_lo;
    /* generate kakuro's defaults: its checker, refill and kakuro.h's constants. */
    kakuro_gen_opts o = {.shape = {.rows = rows, .cols = cols, .density = KAKURO_DEFAULT_DENSITY},
                         .share = kakuro_level_share[level],
                         .refill = KAKURO_REFILL_DIFF,
                         .checker = &pb_engine_kakuro_combo,
                         .seed = seed,
                         .max_attempts = KAKURO_DEFAULT_MAX_ATTEMPTS,
                         .max_seconds = max_seconds};
    kakuro_grid g[2] = {{0}, {0}};
    kakuro_gen_stats st;
    int rc = kakuro_generate(&o, index, &g[0], &g[1], &st);
    if (rc) return kakuro_grid_free(&g[0]), kakuro_grid_free(&g[1]), rc == -1 ? -1 : -2;
    char name[96];
    snprintf(name, sizeof name, "%dx%d-%s-s%llu-%04u", rows, cols, kakuro_level_names[level],
             (unsigned long long)seed, (unsigned)index);
    pb_kakuro_json_in in = {name, level, seed, index, &g[1], &st};
    size_t need = pb_kakuro_json(&in, out, (size_t)outlen);
    kakuro_grid_free(&g[0]);
    kakuro_grid_free(&g[1]);
    return need < (size_t)outlen ? (int)need : -4;
}
