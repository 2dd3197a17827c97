/* fuzz_values.c — the readers of a value given on the command line or in a sweep file
 * (bench/harness/base/options.c and engine_args.c): counts (pb_parse_count), whole
 * numbers and reals in a range (pb_option_apply), engine seeds (--engine-seed) and
 * --key NAME=VALUE lists (csv_append.c). Each line of the input is one value. A count
 * or a whole number is taken exactly when the decimal it writes (digits, a fraction,
 * an exponent) is a whole number in range, and read as that number, digit for digit;
 * a real is taken only in decimal and in range, as strtod reads it; a seed is digits
 * alone, exactly; a key list is names of letters, digits and '_' with values that
 * hold no quote or line break; --param NAME=VALUE, as every engine of the registry
 * that has parameters checks it, is taken only for a parameter of the engine and a
 * value it allows (one of its words, or a whole number in its range, read exactly).
 * A refusal says why. */
#include <inttypes.h>
#include <math.h>
#include <string.h>

#include "fuzz.h"
#include "harness/base/engine_args.h"
#include "harness/base/options.h"
#include "harness/io/csv_append.h"
#include "registry/registry.h"

typedef struct values {
    int whole;
    double real;
    pb_engine_args args;
} values;

static const pb_option table[] = {
    {PB_OPT_ROW(values, "whole", PB_OPT_INT, whole, "N", "a number"), .lo = -5, .hi = 100000},
    {PB_OPT_ROW(values, "real", PB_OPT_REAL, real, "X", "a real"), .lo = 0.5, .hi = 1e6},
    PB_OPTION_ENGINE_SEED(values, args),
    PB_OPTION_END,
};

/* The number a decimal text (of a line, under 256 bytes) writes, by hand: its digits
 * (no leading zeros) in out and its sign in *neg, 1; 2 when it is a whole number of
 * more than 40 digits, 0 when it is no whole number, -1 when it is not a decimal. */
static int exact(const char *s, int sign_ok, char *out, int *neg)
{
    char m[256];
    size_t n = 0, frac = 0;
    int seen = 0;
    *neg = 0;
    if (sign_ok && (*s == '-' || *s == '+')) *neg = *s++ == '-';
    for (int in_frac = 0; (*s >= '0' && *s <= '9') || (*s == '.' && !in_frac); s++) {
        if (*s == '.') {
            in_frac = 1;
            continue;
        }
        seen = 1;
        frac += in_frac;
        if (n || *s != '0') m[n++] = *s;
    }
    if (!seen) return -1;
    long e = 0;
    if (*s == 'e' || *s == 'E') {
        s++;
        const int eneg = *s == '-';
        if (*s == '-' || *s == '+') s++;
        if (!(*s >= '0' && *s <= '9')) return -1;
        for (; *s >= '0' && *s <= '9'; s++) e = e < 100000 ? 10 * e + (*s - '0') : e;
        if (eneg) e = -e;
    }
    if (*s) return -1;
    if (!n) return strcpy(out, "0"), 1;
    long k = e - (long)frac;
    for (; k < 0; k++) {
        if (!n || m[n - 1] != '0') return 0; /* a fraction */
        n--;
    }
    if (!n) return strcpy(out, "0"), 1;
    if ((long)n + k > 40) return 2;
    memcpy(out, m, n);
    memset(out + n, '0', (size_t)k);
    out[n + (size_t)k] = '\0';
    return 1;
}

/* Whether the digits fit in a uint64_t. */
static int fits(const char *digits)
{
    const size_t n = strlen(digits);
    return n < 20 || (n == 20 && strcmp(digits, "18446744073709551615") <= 0);
}

static void check_count(const char *text)
{
    char want[64], got[32];
    int neg;
    uint64_t v;
    const int form = exact(text, 0, want, &neg);
    const int ok = !pb_parse_count(text, &v);
    FUZZ_CHECK(ok == (form == 1 && fits(want)));
    if (ok) FUZZ_CHECK((snprintf(got, sizeof got, "%" PRIu64, v), !strcmp(got, want)));
}

static void check_options(const char *text)
{
    values x;
    char err[600] = "", want[64], got[32];
    int neg;
    memset(&x, 0, sizeof x);
    if (!pb_option_apply(&table[0], &x, text, err, sizeof err)) {
        FUZZ_CHECK(exact(text, 1, want, &neg) == 1 && x.whole >= -5 && x.whole <= 100000);
        snprintf(got, sizeof got, "%d", x.whole < 0 ? -x.whole : x.whole);
        FUZZ_CHECK(!strcmp(got, want) && (x.whole < 0) == (neg && x.whole));
    } else {
        FUZZ_CHECK(!strncmp(err, "--whole ", 8));
    }
    if (!pb_option_apply(&table[1], &x, text, err, sizeof err)) {
        FUZZ_CHECK(exact(text, 1, want, &neg) >= 0 && x.real >= 0.5 && x.real <= 1e6);
        FUZZ_CHECK(x.real == strtod(text, NULL));
    } else {
        FUZZ_CHECK(!strncmp(err, "--real ", 7));
    }
    if (!pb_option_apply(&table[2], &x, text, err, sizeof err)) {
        FUZZ_CHECK(x.args.seeded && *text && strspn(text, "0123456789") == strlen(text));
        FUZZ_CHECK(exact(text, 0, want, &neg) == 1 && fits(want));
        FUZZ_CHECK((snprintf(got, sizeof got, "%" PRIu64, x.args.seed), !strcmp(got, want)));
    } else {
        FUZZ_CHECK(!strncmp(err, "--engine-seed ", 14));
    }
}

static void check_keys(char *text)
{
    pb_csv_keys k;
    char err[600] = "";
    if (pb_csv_keys_parse(text, &k, err, sizeof err)) {
        FUZZ_CHECK(err[0]);
        return;
    }
    FUZZ_CHECK(k.n >= 1 && k.n <= PB_CSV_MAX_KEYS);
    for (int i = 0; i < k.n; i++) {
        const char *name = k.name[i];
        FUZZ_CHECK(*name && !(*name >= '0' && *name <= '9'));
        for (const char *c = name; *c; c++)
            FUZZ_CHECK((*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') ||
                       (*c >= '0' && *c <= '9') || *c == '_');
        FUZZ_CHECK(!strpbrk(k.value[i], "\"\r\n"));
        for (int j = 0; j < i; j++) FUZZ_CHECK(strcmp(name, k.name[j]));
    }
}

static void check_param(const char *text)
{
    pb_engine_args a;
    pb_run how;
    char err[600] = "", want[64], got[32];
    int neg;
    memset(&a, 0, sizeof a), memset(&how, 0, sizeof how);
    if (pb_engine_args_param(text, &a, err, sizeof err)) {
        FUZZ_CHECK(err[0] && (!strchr(text, '=') || strlen(text) >= PB_ENGINE_ARG_CHARS ||
                              *text == '=' || text[strlen(text) - 1] == '='));
        return;
    }
    pb_engine_args_run(&a, &how);
    const char *name = how.params[0].name, *value = how.params[0].value;
    FUZZ_CHECK(*name && *value && !strncmp(text, name, strlen(name)));
    for (const pb_registered *r = pb_registry; r->about; r++) {
        if (!r->about->params) continue;
        const pb_param *p = pb_param_find(r->about, name);
        if (pb_params_check(r->about, &how, err, sizeof err) != PB_RUNS) {
            FUZZ_CHECK(err[0]);
            continue;
        }
        FUZZ_CHECK(p != NULL);
        const int64_t v = pb_param_get(r->about, &how, name);
        if (p->choices) {
            FUZZ_CHECK(v >= 0 && !strcmp(p->choices[v], value));
            continue;
        }
        FUZZ_CHECK(v >= p->min && v <= p->max && exact(value, p->min < 0, want, &neg) == 1);
        snprintf(got, sizeof got, "%lld", (long long)(v < 0 ? -v : v));
        FUZZ_CHECK(!strcmp(got, want) && (v < 0) == (neg && v));
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char line[256];
    for (size_t at = 0; at < size;) {
        const uint8_t *nl = memchr(data + at, '\n', size - at);
        const size_t end = nl ? (size_t)(nl - data) : size;
        size_t n = end - at < sizeof line - 1 ? end - at : sizeof line - 1;
        memcpy(line, data + at, n);
        line[n] = '\0'; /* a NUL inside cuts the value there, as argv would */
        check_count(line);
        check_options(line);
        check_param(line);
        check_keys(line);
        at = end + 1;
    }
    return 0;
}
