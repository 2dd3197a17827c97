/* main.c — the puzzlebench command line: dispatches to the built-in commands and to
 * the commands of the families, and prints the overview. */
#include <stdio.h>
#include <string.h>

#include "commands.h"
#include "harness/base/exit.h"
#include "harness/base/suggest.h"
#include "harness/meta/meta.h"
#include "harness/mpi/world.h"
#include "harness/base/say.h"

/* The built-in commands, for the dispatch, the overview and the list of names. */
typedef struct cli_command {
    const char *name;
    const char *args;    /* the usage after the name, "" for none */
    const char *summary; /* the overview's text; each '\n' continues it below */
    int (*run)(int argc, char **argv);
} cli_command;

static int cmd_solve(int argc, char **argv)
{
    return pb_cmd_solve(argc, argv, 0);
}

static int cmd_count(int argc, char **argv)
{
    return pb_cmd_solve(argc, argv, 1);
}

static int is_help(const char *arg)
{
    return !strcmp(arg, "--help") || !strcmp(arg, "-h");
}

static int cmd_version(int argc, char **argv)
{
    if (argc == 3 && is_help(argv[2])) {
        puts("usage: puzzlebench --version\n\n"
             "Prints the version, the commit built in ('-dirty' when tracked files differed\n"
             "from it) and the build: compiler, flags, build type.");
        return 0;
    }
    if (argc > 2) {
        pb_say("--version: unexpected argument '%s' (see 'puzzlebench --help')", argv[2]);
        return PB_EXIT_USAGE;
    }
    pb_version_print(stdout);
    return 0;
}

/* help is answered before the dispatch (run NULL). */
static const cli_command commands[] = {
    {"solve", "FAMILY [INSTANCE]", "print the first solution and the run's stats", cmd_solve},
    {"count", "FAMILY [INSTANCE]", "count all solutions and print the stats", cmd_count},
    {"sweep", "[FILE]", "run an experiment matrix in parallel, write CSV + metadata", pb_cmd_sweep},
    {"compare", "OLD NEW", "compare two runs' timings pair by pair (or --by COL=A,B)",
     pb_cmd_compare},
    {"generate", "NAME", "make puzzles from a seed (see 'generate --help')", pb_cmd_generate},
    {"engines", "", "list engines, cell orders and difficulty levels", pb_cmd_engines},
    {"families", "", "list the families and their sweeps", pb_cmd_families},
    {"info", "", "print the machine's topology (hwloc) and the build", pb_cmd_info},
    {"meta", "--out FILE.meta", "write a run's metadata and topology (for scripts)", pb_cmd_meta},
    {"time", "'CMD' ['CMD'...]",
     "time commands by the harness's method: mean +/- CI and\n"
     "relative speed (--csv, --json; -- COMMAND: no shell)",
     pb_cmd_time},
    {"render", "FAMILY INSTANCE", "write a puzzle (--solution: solved) as an SVG picture",
     pb_cmd_render},
    {"export", "dimacs FAMILY INSTANCE", "write a puzzle as DIMACS CNF for outside SAT solvers",
     pb_cmd_export},
    {"import-solution", "FAMILY INSTANCE OUTPUT",
     "read a SAT solver's model of it back, check the rules", pb_cmd_import_solution},
    {"help", "[COMMAND]", "this text, or a command's options", NULL},
    {"--version", "", "print the version, the built-in commit and the build", cmd_version},
};
enum { NCOMMANDS = sizeof commands / sizeof commands[0], USAGE_WIDTH = 23 };

/* One command's lines of the overview: its usage, then its summary in a column (on
 * the next line when the usage is wider than the column's gap). */
static void print_command(FILE *f, const cli_command *c)
{
    char usage[80];
    snprintf(usage, sizeof usage, "%s%s%s", c->name, c->args[0] ? " " : "", c->args);
    if ((int)strlen(usage) > USAGE_WIDTH)
        fprintf(f, "  %s\n  %-*s ", usage, USAGE_WIDTH, "");
    else
        fprintf(f, "  %-*s ", USAGE_WIDTH, usage);
    for (const char *s = c->summary; *s; s++) {
        fputc(*s, f);
        if (*s == '\n') fprintf(f, "  %-*s ", USAGE_WIDTH, "");
    }
    fputc('\n', f);
}

static void print_help(FILE *f)
{
    fputs("usage: puzzlebench COMMAND [options]\n\n"
          "Solver engines for puzzle families, and the harness that measures them.\n\n"
          "commands:\n",
          f);
    for (int i = 0; i < NCOMMANDS; i++) print_command(f, &commands[i]);
    for (const pb_family *const *fam = pb_families; *fam; fam++)
        for (const pb_command *c = (*fam)->commands; c && c->name; c++)
            fprintf(f, "  %-23s %s\n", c->name, c->summary);
    fputs("\nfamilies:\n", f);
    for (const pb_family *const *fam = pb_families; *fam; fam++) {
        fprintf(f, "  %-10s", (*fam)->name);
        pb_help_wrap(f, 12, 12, (*fam)->summary);
    }
    fputs("\nexamples:\n", f);
    for (const pb_family *const *fam = pb_families; *fam; fam++)
        for (const char *const *e = (*fam)->examples; e && *e; e++)
            fprintf(f, "  puzzlebench %s\n", *e);
    fputs("\nEvery command takes --help.\n", f);
}

static int run_command(int argc, char **argv);

/* Under mpirun every rank runs the command; the MPI-aware ones share the work. */
int main(int argc, char **argv)
{
    pb_meta_set_command_line(argc, argv);
    pb_hangup_as_term();
    if (pb_world_init(&argc, &argv)) return PB_EXIT_FAILED;
    int rc = pb_stdout_finish(run_command(argc, argv));
    pb_world_finalize();
    return rc;
}

static int run_command(int argc, char **argv)
{
    if (argc < 2) {
        print_help(stderr);
        return PB_EXIT_USAGE;
    }
    const char *cmd = argv[1];
    /* help's own help (help --help, help help) is the overview too. */
    const int help = !strcmp(cmd, "help");
    if (is_help(cmd) ||
        (help && (argc == 2 || (argc == 3 && (is_help(argv[2]) || !strcmp(argv[2], "help")))))) {
        print_help(stdout);
        return 0;
    }
    char *sub[] = {argv[0], argc > 2 ? argv[2] : NULL, "--help", NULL};
    if (help) { /* help COMMAND: COMMAND --help */
        if (argc > 3) {
            pb_say("help: unexpected argument '%s' (see 'puzzlebench --help')", argv[3]);
            return PB_EXIT_USAGE;
        }
        cmd = argv[2];
        argv = sub, argc = 3;
    }
    for (int i = 0; i < NCOMMANDS; i++)
        if (commands[i].run && !strcmp(cmd, commands[i].name)) return commands[i].run(argc, argv);
    const pb_command *own = pb_command_find(cmd, NULL);
    if (own) return own->run(own, argc, argv, 2);
    const char *names[64];
    int n = 0;
    for (int i = 0; i < NCOMMANDS; i++)
        if (commands[i].name[0] != '-') names[n++] = commands[i].name;
    char list[1024], hint[200];
    for (const pb_family *const *f = pb_families; *f; f++)
        for (const pb_command *c = (*f)->commands; c && c->name && n < 64; c++)
            names[n++] = c->name;
    pb_say("unknown command '%s' (one of: %s)%s (see 'puzzlebench --help')", cmd,
           pb_names_join(names, n, list, sizeof list),
           pb_suggest_hint(cmd, names, n, hint, sizeof hint));
    return PB_EXIT_USAGE;
}
