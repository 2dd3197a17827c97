/* puzzle_json.c — a generated kakuro puzzle as the player page's JSON object. */
#include "puzzle_json.h"

#include <stdarg.h>
#include <stdio.h>

typedef struct out {
    char *buf;
    size_t len, used;
} out;

/* Appends like snprintf, counting what does not fit. */
static void put(out *o, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    size_t room = o->used < o->len ? o->len - o->used : 0;
    int n = vsnprintf(room ? o->buf + o->used : NULL, room, fmt, ap);
    va_end(ap);
    if (n > 0) o->used += (size_t)n;
}

size_t pb_kakuro_json(const pb_kakuro_json_in *in, char *buf, size_t buflen)
{
    out o = {buf, buflen, 0};
    const kakuro_grid *g = in->solution;
    const kakuro_gen_stats *st = in->st;
    if (buflen) buf[0] = '\0';
    put(&o,
        "{\"name\":\"%s\",\"rows\":%d,\"cols\":%d,\"level\":\"%s\",\"seed\":%llu,\"index\":%llu,",
        in->name, g->rows, g->cols, kakuro_level_names[in->level], (unsigned long long)in->seed,
        (unsigned long long)in->index);
    put(&o, "\"attempts\":%llu,\"fills\":%llu,\"check_steps\":%llu,\"runs\":%d,\"unique_runs\":%d,",
        (unsigned long long)st->attempts, (unsigned long long)st->fills,
        (unsigned long long)st->check.steps, st->runs, st->unique_runs);
    put(&o, "\"wall_s\":%.6f,\"grid\":[", st->wall_s);
    for (int i = 0; i < g->rows * g->cols; i++) {
        if (g->white[i])
            put(&o, "%s%d", i ? "," : "", g->digit[i]);
        else
            put(&o, "%s[%d,%d]", i ? "," : "", g->down[i], g->right[i]);
    }
    put(&o, "]}");
    return o.used;
}
