/* fuzz_sweep.c — the sweep file reader (bench/harness/sweep/sweep_spec.c,
 * pb_sweep_spec_parse, then pb_sweep_spec_resolve as `sweep` runs them). A file read
 * leaves every setting within the range its key allows: names and list items one
 * printable word each, 1-64 thread counts of 1-1024, modes first/count/unique, times
 * of 0-1e9 s, workers 0-1024, samples 1..PB_MAX_SAMPLES; once resolved, the family is
 * known and has its parameters; a generation sweep's methods hold only the options
 * they may; the params key's sets are words NAME=VALUE, each
 * set once, and the engine seeds are each given once. Every error is a printable
 * message on a line of the file (resolve's: or on none); freeing the spec leaks
 * nothing. */
#include <math.h>
#include <string.h>

#include "fuzz.h"
#include "harness/sweep/sweep_lines.h"
#include "harness/sweep/sweep_spec.h"

/* One word of printable ASCII: no blanks, no commas (the list separators). */
static void check_word(const char *w, int commas_ok)
{
    FUZZ_CHECK(w && w[0]);
    for (const char *p = w; *p; p++) FUZZ_CHECK(*p > ' ' && *p < 0x7f && (commas_ok || *p != ','));
}

static void check_list(const pb_list *l)
{
    FUZZ_CHECK(l->n >= 0 && (l->n == 0 || l->item));
    for (int i = 0; i < l->n; i++) check_word(l->item[i], 0);
}

static void check_seconds(double s)
{
    FUZZ_CHECK(isfinite(s) && s >= 0 && s <= 1e9);
}

/* A generation sweep's methods: each a name of [a-z0-9-] and its option words, each
 * option "--NAME..." of the generator's, none of which writes a file. */
static void check_methods(const pb_sweep_spec *s, int lines)
{
    const pb_command *g = pb_generator_find(s->gen.generator, NULL);
    if (!g) return;
    pb_sweep_lines m;
    pb_error e = {0, ""};
    if (pb_gen_methods_read(s, g, &m, &e)) {
        fuzz_check_error(&e, 0, lines);
    } else {
        FUZZ_CHECK(m.n >= 1 && m.n <= PB_LINES_MAX);
        for (int k = 0; k < m.n; k++) {
            const char *name = m.name[k];
            FUZZ_CHECK(*name &&
                       strspn(name, "abcdefghijklmnopqrstuvwxyz0123456789-") == strlen(name));
            FUZZ_CHECK(m.first[k] < m.first[k + 1]);
            if (m.first[k] < m.first[k + 1] - 1) {
                const char *w = m.words[m.first[k]];
                FUZZ_CHECK(!strncmp(w, "--", 2) && strncmp(w, "--out", 5) &&
                           strncmp(w, "--html", 6));
            }
        }
    }
    pb_sweep_lines_free(&m);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const int lines = fuzz_lines(data, size);
    pb_sweep_spec s;
    pb_error e = {0, ""};
    FUZZ_CHECK(pb_sweep_spec_init(&s) == 0);
    if (pb_sweep_spec_parse(&s, (const char *)data, size, &e)) {
        fuzz_check_error(&e, 1, lines);
        pb_sweep_spec_free(&s);
        return 0;
    }
    if (s.name) check_word(s.name, 1);
    if (s.family) check_word(s.family, 1);
    check_list(&s.instances);
    check_list(&s.quick_instances);
    check_list(&s.matrix.engines);
    check_list(&s.matrix.orders);
    check_list(&s.matrix.modes);
    for (int i = 0; i < s.matrix.modes.n; i++)
        FUZZ_CHECK(!strcmp(s.matrix.modes.item[i], "first") ||
                   !strcmp(s.matrix.modes.item[i], "count") ||
                   !strcmp(s.matrix.modes.item[i], "unique"));
    FUZZ_CHECK(s.matrix.search_threads.n >= 1 && s.matrix.search_threads.n <= 64);
    for (int i = 0; i < s.matrix.search_threads.n; i++)
        FUZZ_CHECK(s.matrix.search_threads.v[i] >= 1 && s.matrix.search_threads.v[i] <= 1024);
    FUZZ_CHECK(s.timing.samples >= 1 && s.timing.samples <= PB_MAX_SAMPLES);
    check_seconds(s.timing.warmup_s);
    check_seconds(s.timing.min_sample_s);
    check_seconds(s.timing.budget_s);
    check_seconds(s.time_limit);
    FUZZ_CHECK(s.matrix.workers >= 0 && s.matrix.workers <= 1024);
    FUZZ_CHECK(s.matrix.rows == PB_ROWS_PER_SET || s.matrix.rows == PB_ROWS_PER_PUZZLE);
    FUZZ_CHECK(s.matrix.step_limit.engines.n >= 0 && s.matrix.step_limit.engines.n <= 64);
    check_list(&s.matrix.step_limit.engines);
    /* The engine keys: sets of NAME=VALUE words, each set once; seeds, each once. */
    const pb_param_sets *ps = &s.matrix.engine_params;
    FUZZ_CHECK(ps->n >= 0 && ps->n <= PB_PARAM_SETS);
    for (int i = 0; i < ps->n; i++) {
        check_word(ps->text[i], 1);
        FUZZ_CHECK(ps->count[i] >= 0 && (ps->count[i] > 0 || !strcmp(ps->text[i], "-")));
        for (int k = 0; k < ps->count[i]; k++) {
            check_word(ps->v[i][k].name, 0);
            check_word(ps->v[i][k].value, 0);
            FUZZ_CHECK(!strchr(ps->v[i][k].name, '='));
        }
        for (int k = 0; k < i; k++) FUZZ_CHECK(strcmp(ps->text[i], ps->text[k]));
    }
    FUZZ_CHECK(s.matrix.engine_seeds.n >= 0 && s.matrix.engine_seeds.n <= PB_ENGINE_SEEDS);
    for (int i = 0; i < s.matrix.engine_seeds.n; i++)
        for (int k = 0; k < i; k++)
            FUZZ_CHECK(s.matrix.engine_seeds.v[i] != s.matrix.engine_seeds.v[k]);
    e = (pb_error){0, ""};
    if (pb_sweep_spec_resolve(&s, &e))
        fuzz_check_error(&e, 0, lines);
    else
        FUZZ_CHECK(s.family && s.fam && s.params && s.name);
    if (!e.msg[0] && s.gen.generator) check_methods(&s, lines);
    pb_sweep_spec_free(&s);
    return 0;
}
