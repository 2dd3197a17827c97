/* page.h — writing the kakuro player page: one self-contained HTML file with the
 * generator's wasm (base64) and, for `generate kakuro --html`, the puzzles it walks
 * through. */
#ifndef PB_PLAYER_PAGE_H
#define PB_PLAYER_PAGE_H

#include <stddef.h>

/* 1 when this build holds the page's WebAssembly generator. */
int pb_player_available(void);

/* Writes the page to path atomically (a temporary name, then rename). puzzles: a
 * JSON array of puzzle objects (puzzle_json.h), or NULL for none: the page then
 * generates its own. 0, or -1 with a message in err. */
int pb_player_write(const char *path, const char *puzzles, char *err, size_t errlen);

#endif
