/* family_notouch.c — the notouch family in the CLI: board names and mask files. */
#include "family.h"

#include <stdio.h>
#include <string.h>
#include "notouch/board.h"
#include "readfile.h"

static int check_params(const bench_params *p, char *err, size_t errlen)
{
    if (p->diff < 1 || p->diff > NOTOUCH_MAX_CELLS) {
        snprintf(err, errlen, "--diff expects 1 to %d, got %d", NOTOUCH_MAX_CELLS, p->diff);
        return -1;
    }
    if (strcmp(p->adj, "king") && strcmp(p->adj, "orth")) {
        snprintf(err, errlen, "--adj expects king or orth, got '%s'", p->adj);
        return -1;
    }
    return 0;
}

static int is_file_spec(const char *spec)
{
    return strchr(spec, '/') || strchr(spec, '.');
}

static pb_model *load(const char *spec, const bench_params *p, char *err, size_t errlen)
{
    notouch_board b;
    pb_error e = {0, ""};
    int rc;
    if (is_file_spec(spec)) {
        size_t len;
        char *text = pb_read_file(spec, &len, err, errlen);
        if (!text) return NULL;
        rc = notouch_board_parse(text, len, &b, &e);
        free(text);
        if (rc) {
            snprintf(err, errlen, "%s:%d: %s", spec, e.line, e.msg);
            return NULL;
        }
    } else if (notouch_board_named(spec, &b, &e)) {
        snprintf(err, errlen, "%s", e.msg);
        return NULL;
    }
    pb_model *m = notouch_model(&b, p->diff, strcmp(p->adj, "orth") ? NOTOUCH_KING : NOTOUCH_ORTH);
    if (!m) snprintf(err, errlen, "%s: out of memory building the model", spec);
    return m;
}

static void instance_name(const char *spec, char *out, size_t outlen)
{
    const char *base = strrchr(spec, '/');
    base = base ? base + 1 : spec;
    size_t n = strcspn(base, ".");
    if (n == 0) n = strlen(base);
    snprintf(out, outlen, "%.*s", (int)n, base);
    for (char *c = out; *c; c++)
        if (*c == ',' || *c == ' ' || *c == '"') *c = '_';
}

const bench_family bench_family_notouch = {
    "notouch",
    "place 1..N so that touching cells differ by at least --diff (seed 000)",
    "cross8, RxC (e.g. 2x5), or a mask file of '#' cells and '.' holes",
    check_params,
    load,
    instance_name,
};
