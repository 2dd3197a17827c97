/* compare_json.c — `puzzlebench compare --json`: the comparison as one JSON document
 * (schema in docs/json.md): both runs, every pair, the geometric mean and counts. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "compare.h"

/* Whether s is valid UTF-8 (no overlong forms checked: the reader's text is shown,
 * not decoded). */
static int utf8(const unsigned char *s)
{
    while (*s) {
        int more = *s < 0x80             ? 0
                   : (*s & 0xe0) == 0xc0 ? 1
                   : (*s & 0xf0) == 0xe0 ? 2
                   : (*s & 0xf8) == 0xf0 ? 3
                                         : -1;
        if (more < 0) return 0;
        for (s++; more > 0; more--, s++)
            if ((*s & 0xc0) != 0x80) return 0; /* the NUL at the end fails too */
    }
    return 1;
}

/* s as a JSON string: quotes, backslashes and control bytes escaped; bytes >= 0x80
 * as they are when s is UTF-8, else each as \u00XX (JSON must be UTF-8). */
static void json_string(const char *s)
{
    const int raw = utf8((const unsigned char *)s);
    putchar('"');
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        if (*p == '"' || *p == '\\')
            printf("\\%c", *p);
        else if (*p < 0x20 || *p == 0x7f || (*p >= 0x80 && !raw))
            printf("\\u%04x", *p);
        else
            putchar(*p);
    }
    putchar('"');
}

/* A number, or null for NAN and infinities (JSON has neither). */
static void json_number(double v)
{
    if (isfinite(v))
        printf("%.9g", v);
    else
        fputs("null", stdout);
}

static void json_run(const char *name, const char *label, const cmp_meta *m)
{
    printf("\"%s\":{\"label\":", name);
    json_string(label);
    fputs(",\"commit\":", stdout);
    if (m->found && m->commit[0])
        json_string(m->commit);
    else
        fputs("null", stdout);
    fputs(",\"date\":", stdout);
    if (m->found && m->date[0])
        json_string(m->date);
    else
        fputs("null", stdout);
    putchar('}');
}

static void json_side(const char *name, const cmp_row *row, const pb_summary *s)
{
    printf("\"%s\":{\"samples\":%d,\"median_s\":", name, row->n);
    json_number(s->median);
    fputs(",\"lo_s\":", stdout);
    json_number(s->median_lo);
    fputs(",\"hi_s\":", stdout);
    json_number(s->median_hi);
    fputs(",\"cv\":", stdout);
    json_number(s->cv);
    printf(",\"done\":%s", row->done ? "true" : "false");
    fputs(",\"steps\":", stdout);
    if (row->has_steps)
        printf("%llu", row->steps);
    else
        fputs("null", stdout);
    putchar('}');
}

static void json_pair(const cmp_set *set, const cmp_pair *p)
{
    static const char *const verdicts[] = {"faster", "slower", "same", "none"};
    static const char *const bounds[] = {"null", "\"at_most\"", "\"at_least\""};
    fputs("{\"key\":{", stdout);
    for (int k = 0; k < set->nkey; k++) {
        if (k) putchar(',');
        json_string(set->key_names[k]);
        putchar(':');
        json_string(p->old->cells[set->key_old[k]]);
    }
    fputs("},", stdout);
    json_side("old", p->old, &p->so);
    putchar(',');
    json_side("new", p->new_, &p->sn);
    fputs(",\"ratio\":", stdout);
    json_number(p->ratio.point);
    fputs(",\"ratio_lo\":", stdout);
    json_number(p->ratio.lo);
    fputs(",\"ratio_hi\":", stdout);
    json_number(p->ratio.hi);
    fputs(",\"p\":", stdout);
    json_number(p->p);
    printf(",\"n\":%d,\"method\":\"%s\",\"bound\":%s,\"too_few\":%s,\"verdict\":\"%s\"", p->n,
           p->method == CMP_PAIRED ? "paired" : "independent", bounds[p->bound],
           p->too_few ? "true" : "false", verdicts[p->verdict]);
    fputs(",\"steps_ratio\":", stdout);
    json_number(p->steps_ratio);
    putchar('}');
}

int cmp_print_json(const cmp_set *set, const char *const labels[2], const cmp_meta meta[2])
{
    long count[4] = {0}, nr = 0;
    double log_sum = 0;
    fputs("{\"schema\":\"puzzlebench.compare/1\",", stdout);
    json_run("old", labels[0], &meta[0]);
    putchar(',');
    json_run("new", labels[1], &meta[1]);
    printf(",\"alpha\":%g,\"pairs\":[", set->alpha);
    for (long i = 0; i < set->npairs; i++) {
        const cmp_pair *p = &set->pair[i];
        if (i) putchar(',');
        json_pair(set, p);
        count[p->verdict]++;
        if (p->verdict != CMP_NONE && p->bound == CMP_ESTIMATE && p->ratio.point > 0)
            log_sum += log(p->ratio.point), nr++;
    }
    fputs("],\"geomean\":", stdout);
    json_number(nr ? exp(log_sum / (double)nr) : NAN);
    printf(",\"counts\":{\"faster\":%ld,\"slower\":%ld,\"same\":%ld,\"none\":%ld},"
           "\"only_old\":%ld,\"only_new\":%ld}\n",
           count[CMP_FASTER], count[CMP_SLOWER], count[CMP_SAME], count[CMP_NONE], set->only_old,
           set->only_new);
    return ferror(stdout) ? -1 : 0;
}
