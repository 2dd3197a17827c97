/* engine.c — the names of statuses, refusals and capabilities, cell orders by name,
 * the one check that decides whether an engine runs a request, and the common run
 * wrapper that times every engine the same way. */
#include "engine.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "limiter.h"

static const char *const status_names[] = {PB_STATUSES(PB_X_NAME)};
static const char *const refusal_names[] = {PB_REFUSALS(PB_X_NAME)};
const char *const pb_cap_names[] = {PB_CAPS(PB_X_NAME) NULL};

const char *pb_status_name(pb_status s)
{
    return s >= 0 && s < PB_STATUS_COUNT ? status_names[s] : "?";
}

const char *pb_refusal_name(pb_refusal r)
{
    return r >= 0 && r < PB_REFUSAL_COUNT ? refusal_names[r] : "?";
}

const pb_order *pb_order_find(const char *name)
{
    for (const pb_order *const *o = pb_orders; *o; o++)
        if (!strcmp((*o)->name, name)) return *o;
    return NULL;
}

char *pb_count_format(pb_count v, char buf[PB_COUNT_CHARS])
{
    char digits[PB_COUNT_CHARS];
    int n = 0;
    do { /* printf has no conversion for 128 bits: the digits, last first */
        digits[n++] = (char)('0' + (int)(v % 10));
        v /= 10;
    } while (v);
    for (int i = 0; i < n; i++) buf[i] = digits[n - 1 - i];
    buf[n] = '\0';
    return buf;
}

void pb_stats_add(pb_stats *to, const pb_stats *from)
{
    to->steps += from->steps;
    to->placements += from->placements;
    to->backtracks += from->backtracks;
    to->candidates += from->candidates;
    to->guesses += from->guesses;
    to->learnts += from->learnts;
    to->restarts += from->restarts;
    if (from->bytes > to->bytes) to->bytes = from->bytes;
    to->solutions = pb_count_add(to->solutions, from->solutions);
    to->wall_s += from->wall_s;
}

pb_refusal pb_refuse(pb_refusal r, char *why, size_t whylen, const char *fmt, ...)
{
    if (why && whylen) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(why, whylen, fmt, ap);
        va_end(ap);
    }
    return r;
}

const pb_param *pb_param_find(const pb_engine_about *a, const char *name)
{
    for (const pb_param *p = a->params; p && p->name; p++)
        if (!strcmp(p->name, name)) return p;
    return NULL;
}

/* Reads text as a value of p: 0 with *v set, or -1. Integers are decimal digits (a
 * minus sign where min is negative), within min..max. */
static int param_parse(const pb_param *p, const char *text, int64_t *v)
{
    if (p->choices) {
        for (int i = 0; p->choices[i]; i++)
            if (!strcmp(p->choices[i], text)) return *v = i, 0;
        return -1;
    }
    const char *d = text + (text[0] == '-' && p->min < 0);
    if (!*d || strspn(d, "0123456789") != strlen(d) || strlen(d) > 18) return -1;
    int64_t x = 0;
    for (; *d; d++) x = 10 * x + (*d - '0');
    if (text[0] == '-') x = -x;
    if (x < p->min || x > p->max) return -1;
    return *v = x, 0;
}

/* What a parameter's values may be: "from 1 to 100" or "one of: a, b". */
static void param_range(const pb_param *p, char *out, size_t len)
{
    if (!p->choices) {
        snprintf(out, len, "a whole number from %lld to %lld", (long long)p->min,
                 (long long)p->max);
        return;
    }
    size_t at = (size_t)snprintf(out, len, "one of: ");
    for (int i = 0; p->choices[i] && at < len; i++)
        at += (size_t)snprintf(out + at, len - at, "%s%s", i ? ", " : "", p->choices[i]);
}

pb_refusal pb_params_check(const pb_engine_about *a, const pb_run *how, char *why, size_t whylen)
{
    const char *name = a->name;
    if (how->seeded && !(a->caps & PB_CAP_RANDOM))
        return pb_refuse(PB_REFUSE_REQUEST, why, whylen,
                         "engine %s makes no random choices: it takes no engine seed", name);
    for (int i = 0; i < how->nparams; i++) {
        const pb_param_value *g = &how->params[i];
        const pb_param *p = pb_param_find(a, g->name);
        if (!p) {
            char list[160] = "";
            size_t at = 0;
            for (const pb_param *q = a->params; q && q->name && at < sizeof list; q++)
                at +=
                    (size_t)snprintf(list + at, sizeof list - at, "%s%s", at ? ", " : "", q->name);
            if (!at)
                return pb_refuse(PB_REFUSE_REQUEST, why, whylen,
                                 "engine %s takes no parameters (not %s)", name, g->name);
            return pb_refuse(PB_REFUSE_REQUEST, why, whylen,
                             "engine %s has no parameter %s (its parameters: %s)", name, g->name,
                             list);
        }
        for (int k = 0; k < i; k++)
            if (!strcmp(how->params[k].name, g->name))
                return pb_refuse(PB_REFUSE_REQUEST, why, whylen,
                                 "engine %s: parameter %s is given twice", name, g->name);
        int64_t v;
        if (param_parse(p, g->value, &v)) {
            char range[160];
            param_range(p, range, sizeof range);
            return pb_refuse(PB_REFUSE_REQUEST, why, whylen,
                             "engine %s: parameter %s expects %s, got '%s'", name, g->name, range,
                             g->value);
        }
    }
    return PB_RUNS;
}

int64_t pb_param_get(const pb_engine_about *a, const pb_run *how, const char *name)
{
    const pb_param *p = pb_param_find(a, name);
    if (!p) return 0;
    int64_t v = p->def;
    for (int i = 0; i < how->nparams; i++)
        if (!strcmp(how->params[i].name, name) && !param_parse(p, how->params[i].value, &v)) break;
    return v;
}

char *pb_params_text(const pb_engine_about *a, const pb_run *how, char *out, size_t len)
{
    size_t at = 0;
    out[0] = '\0';
    for (const pb_param *p = a->params; p && p->name && at < len; p++) {
        int64_t v = pb_param_get(a, how, p->name);
        if (p->choices)
            at += (size_t)snprintf(out + at, len - at, "%s%s=%s", at ? ";" : "", p->name,
                                   p->choices[v]);
        else
            at += (size_t)snprintf(out + at, len - at, "%s%s=%lld", at ? ";" : "", p->name,
                                   (long long)v);
    }
    if (!at) snprintf(out, len, "-");
    return out;
}

char *pb_seed_text(const pb_engine_about *a, const pb_run *how, char *out, size_t len)
{
    if (a->caps & PB_CAP_RANDOM)
        snprintf(out, len, "%llu", (unsigned long long)pb_run_seed(how));
    else
        snprintf(out, len, "-");
    return out;
}

pb_refusal pb_engine_check_request(const pb_engine *e, const pb_run *how, char *why, size_t whylen)
{
    const char *name = e->about.name;
    const unsigned caps = e->about.caps;
    const int count = how->mode == PB_MODE_COUNT;
    if (!(caps & (count ? PB_CAP_COUNT : PB_CAP_FIRST)))
        return pb_refuse(PB_REFUSE_MODE, why, whylen, "engine %s cannot %s", name,
                         count ? "count solutions" : "stop at the first solution");
    if (how->trace && !(caps & PB_CAP_TRACE))
        return pb_refuse(PB_REFUSE_TRACE, why, whylen, "engine %s cannot trace its steps", name);
    /* Row order is every engine's natural one; only another order needs the capability. */
    if (how->order && how->order != pb_orders[0] && !(caps & PB_CAP_ORDER))
        return pb_refuse(PB_REFUSE_ORDER, why, whylen, "engine %s has no cell order", name);
    if (how->threads > 1) {
        if (!(caps & PB_CAP_PARALLEL))
            return pb_refuse(PB_REFUSE_THREADS, why, whylen,
                             "engine %s cannot split one search over %d threads (the engines "
                             "marked 'parallel' can)",
                             name, how->threads);
        if (!count)
            return pb_refuse(PB_REFUSE_THREADS, why, whylen,
                             "engine %s splits counts, not a first-solution search, over threads",
                             name);
        if (how->trace)
            return pb_refuse(PB_REFUSE_THREADS, why, whylen,
                             "a trace lists the steps in order: it runs on one thread");
        /* A solution cap needs one global count, so capped counts stay sequential. */
        if (how->limits.max_solutions)
            return pb_refuse(PB_REFUSE_THREADS, why, whylen,
                             "a count stopped after N solutions needs one running total: it runs "
                             "on one thread");
    }
    if (how->max_length && !(caps & PB_CAP_LENGTH))
        return pb_refuse(PB_REFUSE_REQUEST, why, whylen,
                         "engine %s has no solution length to bound (the engines marked 'length' "
                         "have)",
                         name);
    if ((caps & PB_CAP_LENGTH) && (how->max_length < 0 || how->max_length > PB_LENGTH_MAX))
        return pb_refuse(PB_REFUSE_REQUEST, why, whylen, "the length bound %d is outside 0-%d",
                         how->max_length, PB_LENGTH_MAX);
    if ((caps & PB_CAP_LENGTH) && count && !how->max_length)
        return pb_refuse(PB_REFUSE_REQUEST, why, whylen,
                         "engine %s counts solutions up to a length: a count needs a length bound",
                         name);
    if (how->on_path && !(count && (caps & PB_CAP_PATHS)))
        return pb_refuse(PB_REFUSE_REQUEST, why, whylen,
                         count ? "engine %s cannot list its solutions (the engines marked 'paths' "
                                 "can)"
                               : "solutions are listed by counts, not by a first-solution search",
                         name);
    return pb_params_check(&e->about, how, why, whylen);
}

pb_refusal pb_engine_check(const pb_engine *e, const pb_model *m, const pb_run *how, char *why,
                           size_t whylen)
{
    const char *name = e->about.name;
    const unsigned caps = e->about.caps;
    const pb_refusal r = pb_engine_check_request(e, how, why, whylen);
    if (r != PB_RUNS) return r;
    const char *reason = NULL;
    if (e->accepts && !e->accepts(m, &reason))
        return pb_refuse(PB_REFUSE_INSTANCE, why, whylen, "engine %s cannot run this instance: %s",
                         name, reason ? reason : "unsupported model");
    /* A solution that has a length writes out the instance first. */
    if ((caps & PB_CAP_LENGTH) && how->max_length && how->max_length < m->ncells)
        return pb_refuse(PB_REFUSE_REQUEST, why, whylen,
                         "the length bound %d is shorter than the start (%d cells)",
                         how->max_length, m->ncells);
    return PB_RUNS;
}

pb_status pb_engine_run(const pb_engine *e, const pb_model *m, const pb_run *how, pb_result *out)
{
    memset(&out->stats, 0, sizeof out->stats);
    memset(out->figure, 0, sizeof out->figure);
    out->length = out->npath = 0;
    out->path = NULL;
    out->refused_used = out->refused_total = 0;
    out->why[0] = '\0';
    out->refusal = pb_engine_check(e, m, how, out->why, sizeof out->why);
    if (out->refusal != PB_RUNS) return out->status = PB_UNSUPPORTED;
    if ((e->about.caps & PB_CAP_LENGTH) && out->by_length && how->max_length > 0)
        memset(out->by_length, 0, ((size_t)how->max_length + 1) * sizeof *out->by_length);
    double t0 = pb_now_s();
    out->status = e->run(m, e->config, how, out);
    out->stats.wall_s = pb_now_s() - t0;
    out->stats.steps = out->stats.placements + out->stats.backtracks;
    return out->status;
}
