/* main.c — the puzzlebench command line: dispatches to the subcommands. */
#include <stdio.h>
#include <string.h>

#include "build_info.h"
#include "commands.h"
#include "family.h"

static const char main_help[] =
    "usage: puzzlebench COMMAND [options]\n"
    "\n"
    "Solver engines for puzzle families, and the harness that measures them.\n"
    "\n"
    "commands:\n"
    "  solve FAMILY INSTANCE   print the first solution and the run's stats (tenpair,\n"
    "                          no instance: the shortest win)\n"
    "  count FAMILY INSTANCE   count all solutions and print the stats (tenpair: every\n"
    "                          win up to --max-length, by length)\n"
    "  sweep [FILE]            run an experiment matrix in parallel, write CSV + metadata\n"
    "  generate FAMILY         make puzzles with one solution from a seed\n"
    "  kakuro-sums             list the unique sums of kakuro runs\n"
    "  engines                 list engines and cell orders\n"
    "  info                    print the machine's topology (hwloc) and the build\n"
    "  help [COMMAND]          this text, or a command's options\n"
    "\n";

static const char main_help_tail[] =
    "examples: puzzlebench solve notouch --board cross8 --engine backtrack\n"
    "          puzzlebench count sudoku puzzles.txt --limit 2\n"
    "Every command takes --help.\n";

static void print_help(FILE *f)
{
    char names[256];
    bench_family_list(names, sizeof names);
    fprintf(f, "%sfamilies: %s\n%s", main_help, names, main_help_tail);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        print_help(stderr);
        return PB_EXIT_USAGE;
    }
    const char *cmd = argv[1];
    char *sub[] = {argv[0], argc > 2 ? argv[2] : NULL, "--help", NULL};
    if (!strcmp(cmd, "help") || !strcmp(cmd, "--help") || !strcmp(cmd, "-h")) {
        if (argc > 2 && strcmp(cmd, "help") == 0) {
            cmd = argv[2];
            argv = sub, argc = 3;
        } else {
            print_help(stdout);
            return 0;
        }
    }
    if (!strcmp(cmd, "--version")) {
        printf("puzzlebench %s (%s, %s)\n", PB_VERSION, PB_C_COMPILER, PB_BUILD_TYPE);
        return 0;
    }
    if (!strcmp(cmd, "solve")) return cmd_solve(argc, argv, 0);
    if (!strcmp(cmd, "count")) return cmd_solve(argc, argv, 1);
    if (!strcmp(cmd, "sweep")) return cmd_sweep(argc, argv);
    if (!strcmp(cmd, "generate")) return cmd_generate(argc, argv);
    if (!strcmp(cmd, "kakuro-sums")) return cmd_kakuro_sums(argc, argv);
    if (!strcmp(cmd, "engines")) return cmd_engines(argc, argv);
    if (!strcmp(cmd, "info")) return cmd_info(argc, argv);
    fprintf(stderr, "puzzlebench: unknown command '%s' (see 'puzzlebench --help')\n", cmd);
    return PB_EXIT_USAGE;
}
