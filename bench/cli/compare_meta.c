/* compare_meta.c — whether two results files can be compared fairly, from the .meta
 * beside each: the same CPU, compiler, flags and build type, both quick or both
 * full, and the same settings of the timing method. A mismatch is refused unless
 * --allow-mismatch, which prints what differs; the commits are shown either way. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "compare.h"
#include "core/text_bytes.h"
#include "harness/meta/meta.h"

/* The keys whose values must agree: the machine, the build, and the method. */
static const char *const fair_keys[] = {
    "cpu_id",   "compiler", "flags", "build_type", "quick",      "min_sample_time_s",
    "warmup_s", "slowdown", "bind",  "workers",    "step_limit", "time_limit_s",
};
enum { NFAIR = sizeof fair_keys / sizeof fair_keys[0] };

/* The value of key in the text of a .meta, copied to out (cut to fit); "" when absent. */
static void meta_value(const char *text, const char *key, char *out, size_t len)
{
    size_t n;
    const char *v = pb_meta_value(text, key, &n);
    if (!v) n = 0;
    if (n > len - 1) n = len - 1;
    memcpy(out, v ? v : "", n), out[n] = 0;
}

int cmp_meta_read(cmp_meta *m, const cmp_file *f, char *err, size_t errlen)
{
    struct stat st;
    size_t len;
    *m = (cmp_meta){0};
    if (stat(f->meta_path, &st)) return 0; /* none: the file says nothing of its run */
    char *text = pb_meta_read(f->meta_path, &len, err, errlen);
    if (!text) return -1;
    m->found = 1;
    meta_value(text, "commit", m->commit, sizeof m->commit);
    meta_value(text, "date", m->date, sizeof m->date);
    for (int k = 0; k < NFAIR && k < CMP_META_KEYS; k++)
        meta_value(text, fair_keys[k], m->value[k], sizeof m->value[k]);
    free(text);
    return 0;
}

int cmp_meta_differences(const cmp_meta *a, const cmp_meta *b, char *out, size_t len)
{
    int n = 0;
    size_t at = 0;
    *out = 0;
    if (!a->found || !b->found) return 0;
    for (int k = 0; k < NFAIR && k < CMP_META_KEYS; k++) {
        if (!strcmp(a->value[k], b->value[k])) continue;
        char x[CMP_META_SHOWN], y[CMP_META_SHOWN];
        pb_text_show(x, sizeof x, a->value[k][0] ? a->value[k] : "(none)");
        pb_text_show(y, sizeof y, b->value[k][0] ? b->value[k] : "(none)");
        if (at < len)
            at += (size_t)snprintf(out + at, len - at, "%s%s '%s' against '%s'", n ? "; " : "",
                                   fair_keys[k], x, y);
        n++;
    }
    return n;
}
