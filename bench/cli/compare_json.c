/* compare_json.c — `puzzlebench compare --json`: the comparison as one JSON document
 * (schema in docs/json.md): both runs, every pair, the geometric mean and counts. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "compare.h"
#include "harness/io/json.h"

static void json_run(const char *name, const char *label, const cmp_meta *m)
{
    printf("\"%s\":{\"label\":", name);
    pb_json_string(stdout, label);
    fputs(",\"commit\":", stdout);
    if (m->found && m->commit[0])
        pb_json_string(stdout, m->commit);
    else
        fputs("null", stdout);
    fputs(",\"date\":", stdout);
    if (m->found && m->date[0])
        pb_json_string(stdout, m->date);
    else
        fputs("null", stdout);
    putchar('}');
}

/* "set_aside": the settings set aside between two files, each with its one value on
 * either side. */
static void json_aside(const cmp_aside *a)
{
    fputs(",\"set_aside\":[", stdout);
    for (int i = 0; a && i < a->n; i++) {
        fputs(i ? ",{\"column\":" : "{\"column\":", stdout);
        pb_json_string(stdout, a->one[i].column);
        fputs(",\"item\":", stdout);
        if (a->one[i].item)
            pb_json_string(stdout, a->one[i].item);
        else
            fputs("null", stdout);
        fputs(",\"old\":", stdout);
        pb_json_string(stdout, a->one[i].old_value);
        fputs(",\"new\":", stdout);
        pb_json_string(stdout, a->one[i].new_value);
        putchar('}');
    }
    putchar(']');
}

static void json_side(const char *name, const cmp_row *row, const pb_summary *s)
{
    printf("\"%s\":{\"samples\":%d", name, row->n);
    pb_json_member(stdout, "median_s", "%.9g", s->median);
    pb_json_member(stdout, "lo_s", "%.9g", s->median_lo);
    pb_json_member(stdout, "hi_s", "%.9g", s->median_hi);
    pb_json_member(stdout, "cv", "%.9g", s->cv);
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
        pb_json_string(stdout, set->key_names[k]);
        putchar(':');
        pb_json_string(stdout, p->old->cells[set->key_old[k]]);
    }
    fputs("},", stdout);
    json_side("old", p->old, &p->so);
    putchar(',');
    json_side("new", p->new_, &p->sn);
    fputs(",\"ratio\":", stdout);
    pb_json_number(stdout, "%.9g", p->ratio.point);
    fputs(",\"ratio_lo\":", stdout);
    pb_json_number(stdout, "%.9g", p->ratio.lo);
    fputs(",\"ratio_hi\":", stdout);
    pb_json_number(stdout, "%.9g", p->ratio.hi);
    fputs(",\"p\":", stdout);
    pb_json_number(stdout, "%.9g", p->p);
    fputs(",\"q\":", stdout);
    pb_json_number(stdout, "%.9g", p->q);
    printf(",\"n\":%d,\"method\":\"%s\",\"processes\":%d,\"bound\":%s,\"too_few\":%s,"
           "\"verdict\":\"%s\"",
           p->n, p->method == CMP_PAIRED ? "paired" : "independent",
           p->method == CMP_PAIRED ? p->split.groups : 0, bounds[p->bound],
           p->too_few ? "true" : "false", verdicts[p->verdict]);
    fputs(",\"steps_ratio\":", stdout);
    pb_json_number(stdout, "%.9g", p->steps_ratio);
    fputs(",\"new_key\":{", stdout);
    for (int k = 0, n = 0; k < set->nkey; k++) {
        const char *v = p->new_->cells[set->key_new[k]];
        if (!strcmp(p->old->cells[set->key_old[k]], v)) continue;
        if (n++) putchar(',');
        pb_json_string(stdout, set->key_names[k]);
        putchar(':');
        pb_json_string(stdout, v);
    }
    fputs("}}", stdout);
}

int cmp_print_json(const cmp_set *set, const char *const labels[2], const cmp_meta meta[2])
{
    long count[4] = {0}, nr = 0;
    double log_sum = 0;
    fputs("{\"schema\":\"puzzlebench.compare/1\",", stdout);
    json_run("old", labels[0], &meta[0]);
    putchar(',');
    json_run("new", labels[1], &meta[1]);
    json_aside(set->aside);
    printf(",\"alpha\":%g,\"adjust\":\"%s\",\"tested\":%ld,\"between_process_sd\":", set->alpha,
           set->adjust ? "bh" : "none", set->tested);
    if (set->between_pairs)
        printf("%.6g", sqrt(set->between));
    else
        fputs("null", stdout);
    printf(",\"pairs\":[");
    for (long i = 0; i < set->npairs; i++) {
        const cmp_pair *p = &set->pair[i];
        if (i) putchar(',');
        json_pair(set, p);
        count[p->verdict]++;
        if (p->verdict != CMP_NONE && p->bound == CMP_ESTIMATE && p->ratio.point > 0)
            log_sum += log(p->ratio.point), nr++;
    }
    fputs("],\"geomean\":", stdout);
    pb_json_number(stdout, "%.9g", nr ? exp(log_sum / (double)nr) : NAN);
    printf(",\"counts\":{\"faster\":%ld,\"slower\":%ld,\"same\":%ld,\"none\":%ld},"
           "\"only_old\":%ld,\"only_new\":%ld}\n",
           count[CMP_FASTER], count[CMP_SLOWER], count[CMP_SAME], count[CMP_NONE], set->only_old,
           set->only_new);
    return ferror(stdout) ? -1 : 0;
}
