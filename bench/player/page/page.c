/* page.c — writing the kakuro player page from its embedded parts (player_assets.c,
 * made by cmake/embed_player.cmake): the template's @WASM@ becomes the wasm in base64
 * and its @PUZZLES@ the puzzles' JSON array. */
#include "page.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base64.h"
#include "harness/io/csv.h"
#include "harness/io/outfile.h"
#include "player_assets.h"

int pb_player_available(void)
{
    return pb_player_wasm_len > 0;
}

typedef struct page_parts {
    const char *puzzles;
    char *wasm64;
    size_t wasm64_len;
} page_parts;

/* The puzzles go inside a <script> element: "</" there would end it. */
static void put_puzzles(FILE *f, const char *s)
{
    for (; *s; s++) {
        if (s[0] == '<' && s[1] == '/')
            fputc('<', f), fputc('\\', f);
        else
            fputc(*s, f);
    }
}

static int fill_page(FILE *f, void *ctx)
{
    const page_parts *p = ctx;
    const char *page = (const char *)pb_player_page, *end = page + pb_player_page_len;
    while (page < end) {
        const char *wasm = strstr(page, "@WASM@"), *puzzles = strstr(page, "@PUZZLES@");
        const char *next = !wasm ? puzzles : !puzzles ? wasm : wasm < puzzles ? wasm : puzzles;
        if (!next) next = end;
        fwrite(page, 1, (size_t)(next - page), f);
        if (next == end) break;
        if (next == wasm) {
            fwrite(p->wasm64, 1, p->wasm64_len, f);
            page = next + strlen("@WASM@");
        } else {
            put_puzzles(f, p->puzzles);
            page = next + strlen("@PUZZLES@");
        }
    }
    return ferror(f) ? -1 : 0;
}

int pb_player_write(const char *path, const char *puzzles, char *err, size_t errlen)
{
    if (!pb_player_available()) {
        snprintf(err, errlen,
                 "this build has no WebAssembly generator for the player page (install clang, "
                 "lld, wasi-libc and libclang-rt-dev-wasm32, then rebuild: scripts/setup.sh)");
        return -1;
    }
    page_parts p = {puzzles ? puzzles : "[]", NULL, pb_base64_len(pb_player_wasm_len)};
    if (!(p.wasm64 = malloc(p.wasm64_len))) return snprintf(err, errlen, "out of memory"), -1;
    pb_base64_encode(pb_player_wasm, pb_player_wasm_len, p.wasm64);
    int rc = pb_write_file_atomic(path, fill_page, &p, err, errlen);
    free(p.wasm64);
    return rc;
}
