/* player_assets.h — the kakuro player's embedded parts, defined in player_assets.c,
 * which cmake/embed_player.cmake writes into the build folder: the page template
 * (with its CSS and scripts) and the generator's wasm (no bytes when the build has no
 * wasm compiler). */
#ifndef PB_PLAYER_ASSETS_H
#define PB_PLAYER_ASSETS_H

#include <stddef.h>

extern const unsigned char pb_player_page[], pb_player_wasm[];
extern const size_t pb_player_page_len, pb_player_wasm_len;

#endif
