/* puzzle_json.h — a generated kakuro puzzle as the player page's JSON object: the
 * grid (clues and the solution's digits) and the generator's own figures. The
 * WebAssembly generator and `generate kakuro --html` both write it. */
#ifndef PB_PUZZLE_JSON_H
#define PB_PUZZLE_JSON_H

#include <stddef.h>
#include <stdint.h>

#include "kakuro/kakuro.h"

typedef struct pb_kakuro_json_in {
    const char *name;            /* e.g. "11x11-hard-s1-0000" */
    int level;                   /* a kakuro_level */
    uint64_t seed, index;        /* the stream and the puzzle's place in it */
    const kakuro_grid *solution; /* its clues and its digits */
    const kakuro_gen_stats *st;
} pb_kakuro_json_in;

/* Writes {"name":..,"rows":R,"cols":C,"level":..,"seed":S,"index":I,"attempts":A,
 * "fills":F,"check_steps":N,"runs":R,"unique_runs":U,"wall_s":T,"grid":[..]} into
 * buf (NUL-terminated when buflen > 0). The grid is row-major: a white cell is its
 * solution digit, a black cell [down, right] with 0 for no clue. Returns the length
 * the whole object needs, as snprintf does. */
size_t pb_kakuro_json(const pb_kakuro_json_in *in, char *buf, size_t buflen);

#endif
