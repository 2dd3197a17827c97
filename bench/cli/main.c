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

static const char main_help[] =
    "usage: puzzlebench COMMAND [options]\n"
    "\n"
    "Solver engines for puzzle families, and the harness that measures them.\n"
    "\n"
    "commands:\n"
    "  solve FAMILY [INSTANCE] print the first solution and the run's stats\n"
    "  count FAMILY [INSTANCE] count all solutions and print the stats\n"
    "  sweep [FILE]            run an experiment matrix in parallel, write CSV + metadata\n"
    "  compare OLD NEW         compare two runs' timings pair by pair (or --by COL=A,B)\n"
    "  generate NAME           make puzzles from a seed (see 'generate --help')\n"
    "  engines                 list engines, cell orders and difficulty levels\n"
    "  families                list the families and their sweeps\n"
    "  info                    print the machine's topology (hwloc) and the build\n"
    "  meta --out FILE.meta    write a run's metadata and topology (for scripts)\n"
    "  time 'CMD' ['CMD'...]   time commands by the harness's method: mean +/- CI and\n"
    "                          relative speed (--csv, --json; -- COMMAND: no shell)\n"
    "  render FAMILY INSTANCE  write a puzzle (--solution: solved) as an SVG picture\n"
    "  export dimacs FAMILY INSTANCE\n"
    "                          write a puzzle as DIMACS CNF for outside SAT solvers\n"
    "  import-solution FAMILY INSTANCE OUTPUT\n"
    "                          read a SAT solver's model of it back, check the rules\n"
    "  help [COMMAND]          this text, or a command's options\n"
    "  --version               print the version, the built-in commit and the build\n";

static void print_help(FILE *f)
{
    fputs(main_help, f);
    for (const pb_family *const *fam = pb_families; *fam; fam++)
        for (const pb_command *c = (*fam)->commands; c && c->name; c++)
            fprintf(f, "  %-23s %s\n", c->name, c->summary);
    fputs("\nfamilies:\n", f);
    for (const pb_family *const *fam = pb_families; *fam; fam++) {
        fprintf(f, "  %-10s", (*fam)->name);
        pb_help_wrap(f, 12, 13, (*fam)->summary);
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
    if (!strcmp(cmd, "--help") || !strcmp(cmd, "-h") || (!strcmp(cmd, "help") && argc == 2)) {
        print_help(stdout);
        return 0;
    }
    char *sub[] = {argv[0], argc > 2 ? argv[2] : NULL, "--help", NULL};
    if (!strcmp(cmd, "help")) { /* help COMMAND: COMMAND --help */
        cmd = argv[2];
        argv = sub, argc = 3;
    }
    if (!strcmp(cmd, "--version")) {
        pb_version_print(stdout);
        return 0;
    }
    if (!strcmp(cmd, "solve")) return pb_cmd_solve(argc, argv, 0);
    if (!strcmp(cmd, "count")) return pb_cmd_solve(argc, argv, 1);
    if (!strcmp(cmd, "sweep")) return pb_cmd_sweep(argc, argv);
    if (!strcmp(cmd, "compare")) return pb_cmd_compare(argc, argv);
    if (!strcmp(cmd, "generate")) return pb_cmd_generate(argc, argv);
    if (!strcmp(cmd, "engines")) return pb_cmd_engines(argc, argv);
    if (!strcmp(cmd, "families")) return pb_cmd_families(argc, argv);
    if (!strcmp(cmd, "info")) return pb_cmd_info(argc, argv);
    if (!strcmp(cmd, "meta")) return pb_cmd_meta(argc, argv);
    if (!strcmp(cmd, "time")) return pb_cmd_time(argc, argv);
    if (!strcmp(cmd, "render")) return pb_cmd_render(argc, argv);
    if (!strcmp(cmd, "export")) return pb_cmd_export(argc, argv);
    if (!strcmp(cmd, "import-solution")) return pb_cmd_import_solution(argc, argv);
    const pb_command *own = pb_command_find(cmd, NULL);
    if (own) return own->run(own, argc, argv, 2);
    const char *names[64] = {"solve",           "count", "sweep", "compare", "generate", "engines",
                             "families",        "info",  "meta",  "time",    "render",   "export",
                             "import-solution", "help"};
    int n = 14;
    char list[1024], hint[200];
    for (const pb_family *const *f = pb_families; *f; f++)
        for (const pb_command *c = (*f)->commands; c && c->name && n < 64; c++)
            names[n++] = c->name;
    pb_say("unknown command '%s' (one of: %s)%s (see 'puzzlebench --help')", cmd,
           pb_names_join(names, n, list, sizeof list),
           pb_suggest_hint(cmd, names, n, hint, sizeof hint));
    return PB_EXIT_USAGE;
}
