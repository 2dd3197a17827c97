/* engine_args.c — --param NAME=VALUE and --engine-seed N read into a pb_engine_args,
 * handed to a run, and the "did you mean" for a parameter the engine lacks. */
#include "engine_args.h"

#include <stdio.h>
#include <string.h>

#include "suggest.h"

int pb_engine_args_param(const char *value, void *field, char *err, size_t errlen)
{
    pb_engine_args *a = field;
    const char *eq = strchr(value, '=');
    if (!eq || eq == value || !eq[1]) {
        snprintf(err, errlen, "expects NAME=VALUE, got '%s'", value);
        return -1;
    }
    if (strlen(value) >= PB_ENGINE_ARG_CHARS) {
        snprintf(err, errlen, "expects NAME=VALUE of at most %d characters",
                 PB_ENGINE_ARG_CHARS - 1);
        return -1;
    }
    if (a->n == PB_ENGINE_ARGS_MAX) {
        snprintf(err, errlen, "is given more than %d times", PB_ENGINE_ARGS_MAX);
        return -1;
    }
    char *t = a->text[a->n++];
    snprintf(t, PB_ENGINE_ARG_CHARS, "%s", value);
    t[eq - value] = '\0';
    return 0;
}

int pb_engine_args_seed(const char *value, void *field, char *err, size_t errlen)
{
    pb_engine_args *a = field;
    uint64_t n = 0;
    int ok = *value != '\0';
    /* Digits only, exact to the last: a seed is a whole number, never a rounded 1e19. */
    for (const char *p = value; *p && ok; p++) {
        unsigned d = (unsigned)(*p - '0');
        ok = d <= 9 && n <= (UINT64_MAX - d) / 10;
        n = 10 * n + d;
    }
    if (!ok) {
        snprintf(err, errlen, "expects a whole number from 0 to 18446744073709551615, got '%s'",
                 value);
        return -1;
    }
    a->seed = n;
    a->seeded = 1;
    return 0;
}

void pb_engine_args_run(pb_engine_args *a, pb_run *how)
{
    for (int i = 0; i < a->n; i++) {
        a->v[i].name = a->text[i];
        a->v[i].value = a->text[i] + strlen(a->text[i]) + 1;
    }
    how->params = a->n ? a->v : NULL;
    how->nparams = a->n;
    how->seed = a->seed;
    how->seeded = a->seeded;
}

char *pb_engine_args_hint(const pb_engine_about *a, const pb_run *how, char *out, size_t len)
{
    out[0] = '\0';
    const char *names[64];
    int n = 0;
    for (const pb_param *p = a->params; p && p->name && n < 64; p++) names[n++] = p->name;
    for (int i = 0; i < how->nparams; i++)
        if (!pb_param_find(a, how->params[i].name))
            return pb_suggest_hint(how->params[i].name, names, n, out, len);
    return out;
}
