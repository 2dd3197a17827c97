/* list.c — `puzzlebench engines` (engines by family tag, cell orders, difficulty
 * levels; each engine's parameters), `puzzlebench families`, each also as CSV for the analysis
 * tool, and `puzzlebench info`. */
#include <stdio.h>
#include <string.h>

#include "commands.h"
#include "harness/meta/meta.h"
#include "harness/mpi/world.h"
#include "harness/outside/outside.h"
#include "registry/registry.h"
#include "harness/io/csv.h"
#include "player/page/page.h"

typedef struct list_opts {
    int csv;
} list_opts;

static const pb_option list_options[] = {
    {.name = "csv",
     .type = PB_OPT_FLAG,
     .offset = offsetof(list_opts, csv),
     .help = "machine-readable: a CSV header, then one row each, in the\n"
             "order reports should use"},
    PB_OPTION_END,
};

/* Parses the listing options; 0, or the exit status (help printed: 0). */
static int parse(const char *cmd, const char *about, int argc, char **argv, list_opts *o)
{
    pb_opt_group g = {list_options, o};
    int npos = 0;
    int rc = pb_options_parse(cmd, &g, 1, argc, argv, 2, NULL, 0, &npos, NULL);
    if (rc == PB_OPT_HELP) {
        printf("usage: puzzlebench %s [--csv]\n\n%s\n\noptions:\n", cmd, about);
        pb_options_help(stdout, list_options, cmd, NULL);
        return 0;
    }
    return rc ? PB_EXIT_USAGE : -1;
}

/* A CSV field and what ends it. */
static void csv_field(const char *s, int last)
{
    pb_csv_field(stdout, s);
    putchar(last ? '\n' : ',');
}

static void caps_text(unsigned caps, const char *const *names, char *out, size_t len)
{
    size_t at = 0;
    out[0] = '\0';
    for (int i = 0; names[i] && at < len; i++)
        if (caps & 1u << i)
            at += (size_t)snprintf(out + at, len - at, "%s%s", at ? " " : "", names[i]);
}

/* The values a parameter takes and its default: "1..100, default 10" or "a b c, default a". */
static void param_values(const pb_param *p, char *out, size_t len)
{
    if (!p->choices) {
        snprintf(out, len, "%lld..%lld, default %lld", (long long)p->min, (long long)p->max,
                 (long long)p->def);
        return;
    }
    size_t at = 0;
    for (int i = 0; p->choices[i] && at < len; i++)
        at += (size_t)snprintf(out + at, len - at, "%s%s", i ? " " : "", p->choices[i]);
    if (at < len) snprintf(out + at, len - at, ", default %s", p->choices[p->def]);
}

static void row(const char *kind, const char *family, const char *name, const char *caps,
                const char *summary)
{
    csv_field(kind, 0), csv_field(family, 0), csv_field(name, 0), csv_field(caps, 0);
    csv_field(summary, 1);
}

static void engines_csv(void)
{
    char caps[160];
    puts("kind,family,name,caps,summary");
    for (const pb_registered *r = pb_registry; r->about; r++) {
        caps_text(r->about->caps, r->about->cap_names, caps, sizeof caps);
        row("engine", r->family, r->about->name, caps, r->about->summary);
        /* Its parameters: ENGINE.PARAM, the values and default, the meaning. */
        for (const pb_param *p = r->about->params; p && p->name; p++) {
            char name[160], values[200];
            snprintf(name, sizeof name, "%s.%s", r->about->name, p->name);
            param_values(p, values, sizeof values);
            row("param", r->family, name, values, p->meaning);
        }
    }
    for (const pb_engine *const *e = pb_outside_engines; *e; e++) {
        caps_text((*e)->about.caps, (*e)->about.cap_names, caps, sizeof caps);
        row("outside", PB_PLACEMENT, (*e)->about.name, caps, (*e)->about.summary);
    }
    for (const pb_order *const *o = pb_orders; *o; o++)
        row("order", PB_PLACEMENT, (*o)->name, "", (*o)->summary);
    for (const pb_family *const *f = pb_families; *f; f++)
        for (int i = 0; (*f)->levels && (*f)->levels[i]; i++)
            row("level", (*f)->name, (*f)->levels[i], "", (*f)->level_summaries[i]);
}

static size_t wider(size_t width, const char *name)
{
    return strlen(name) > width ? strlen(name) : width;
}

/* The width of the listing's name column: its longest name (engines, outside solvers,
 * orders, levels), at least 12, so that every summary starts in one column. */
static int name_width(void)
{
    size_t w = 12;
    for (const pb_registered *r = pb_registry; r->about; r++) w = wider(w, r->about->name);
    for (const pb_engine *const *e = pb_outside_engines; *e; e++) w = wider(w, (*e)->about.name);
    for (const pb_order *const *o = pb_orders; *o; o++) w = wider(w, (*o)->name);
    for (const pb_family *const *f = pb_families; *f; f++)
        for (int i = 0; (*f)->levels && (*f)->levels[i]; i++) w = wider(w, (*f)->levels[i]);
    return (int)w;
}

static void engines_table(void)
{
    char caps[160];
    const char *tag = NULL;
    const int w = name_width();
    for (const pb_registered *r = pb_registry; r->about; r++) {
        if (!tag || strcmp(tag, r->family))
            printf("engines (%s):\n", strcmp(r->family, PB_PLACEMENT)
                                          ? r->family
                                          : "placement: every family on the shared model");
        tag = r->family;
        caps_text(r->about->caps, r->about->cap_names, caps, sizeof caps);
        printf("  %-*s %s\n  %-*s [%s]\n", w, r->about->name, r->about->summary, w, "", caps);
        for (const pb_param *p = r->about->params; p && p->name; p++) {
            char values[200];
            param_values(p, values, sizeof values);
            printf("  %-*s --param %s=%s (%s):\n", w, "", p->name, p->choices ? "WORD" : "N",
                   values);
            printf("  %-*s   ", w, "");
            pb_help_wrap(stdout, w + 5, w + 5, p->meaning);
        }
    }
    puts("outside solvers (placement: a child process on the puzzle's DIMACS each run):");
    for (const pb_engine *const *e = pb_outside_engines; *e; e++) {
        caps_text((*e)->about.caps, (*e)->about.cap_names, caps, sizeof caps);
        printf("  %-*s %s\n  %-*s [%s]\n", w, (*e)->about.name, (*e)->about.summary, w, "", caps);
    }
    puts("(--engine-seed N: the seed of the random choices of the engines marked 'random')");
    puts("orders (--order, for engines marked 'order'):");
    for (const pb_order *const *o = pb_orders; *o; o++)
        printf("  %-*s %s\n", w, (*o)->name, (*o)->summary);
    for (const pb_family *const *f = pb_families; *f; f++) {
        if (!(*f)->levels) continue;
        printf("levels of %s (easiest first):\n", (*f)->name);
        for (int i = 0; (*f)->levels[i]; i++)
            printf("  %-*s %s\n", w, (*f)->levels[i], (*f)->level_summaries[i]);
    }
}

int pb_cmd_engines(int argc, char **argv)
{
    list_opts o = {0};
    int rc = parse("engines",
                   "Lists the engines (by the family they serve, with what they can do),\n"
                   "the cell orders and the families' difficulty levels.",
                   argc, argv, &o);
    if (rc >= 0) return rc;
    if (o.csv)
        engines_csv();
    else
        engines_table();
    return 0;
}

static void join(const char *const *words, char *out, size_t len)
{
    size_t at = 0;
    out[0] = '\0';
    for (int i = 0; words && words[i] && at < len; i++)
        at += (size_t)snprintf(out + at, len - at, "%s%s", i ? " " : "", words[i]);
}

/* The family's commands that run.sh runs (pb_command.experiment), space-separated. */
static void experiments(const pb_family *f, char *out, size_t len)
{
    size_t at = 0;
    out[0] = '\0';
    for (const pb_command *c = f->commands; c && c->name && at < len; c++)
        if (c->experiment)
            at += (size_t)snprintf(out + at, len - at, "%s%s", at ? " " : "", c->name);
}

int pb_cmd_families(int argc, char **argv)
{
    list_opts o = {0};
    int rc = parse("families",
                   "Lists the puzzle families: their default engine, the sweeps\n"
                   "that run.sh runs for each (bench/families/FAMILY/NAME.sweep) and\n"
                   "the commands of its own it runs after them (experiments, each as\n"
                   "'puzzlebench NAME --out DIR'). A family's part of the report is\n"
                   "bench/families/FAMILY/FAMILY.py.",
                   argc, argv, &o);
    if (rc >= 0) return rc;
    char sweeps[512], runs[512];
    if (o.csv) puts("name,default_engine,sweeps,experiments,summary");
    for (const pb_family *const *f = pb_families; *f; f++) {
        join((*f)->sweeps, sweeps, sizeof sweeps);
        experiments(*f, runs, sizeof runs);
        if (o.csv) {
            csv_field((*f)->name, 0), csv_field((*f)->default_engine, 0), csv_field(sweeps, 0);
            csv_field(runs, 0), csv_field((*f)->summary, 1);
            continue;
        }
        printf("%s: %s\n  default engine: %s\n  sweeps: %s\n", (*f)->name, (*f)->summary,
               (*f)->default_engine, sweeps[0] ? sweeps : "-");
        if (runs[0]) printf("  experiments: %s\n", runs);
    }
    if (!o.csv)
        puts("(seed 000-003: the source documents whose method a family reproduces first;\n"
             "see docs/families.md, \"The seed programs\")");
    return 0;
}

/* The end of `puzzlebench info`: the parts a build may lack, MPI and the player page's
 * WebAssembly generator, each from its own room. */
static void print_parts(FILE *f)
{
    const char *mpi;
    const pb_world *w = pb_world_get();
    if (pb_world_built_with_mpi(&mpi))
        fprintf(f, "mpi: %s; this run: rank %d of %d on %s%s\n", mpi, w->rank, w->size, w->host,
                w->mpi ? "" : " (not started by mpirun)");
    else
        fprintf(f, "mpi: %s\n", mpi);
    fprintf(f, "player page: %s\n",
            pb_player_available() ? "with its WebAssembly generator"
                                  : "not built (no wasm32-wasi toolchain: clang, lld, wasi-libc)");
}

int pb_cmd_info(int argc, char **argv)
{
    int npos = 0;
    int rc = pb_options_parse("info", NULL, 0, argc, argv, 2, NULL, 0, &npos, NULL);
    if (rc == PB_OPT_HELP)
        return fputs("usage: puzzlebench info\n\nPrints the machine's topology from hwloc and "
                     "how this binary was built.\n",
                     stdout),
               0;
    if (rc) return PB_EXIT_USAGE;
    pb_info_print(stdout);
    print_parts(stdout);
    return 0;
}
