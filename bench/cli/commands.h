/* commands.h — the CLI's built-in commands; each returns the process exit status.
 * main.c's table names each once, with its usage and summary, for the dispatch and the
 * overview. Families add commands of their own (pb_family.commands, .generators). */
#ifndef PB_COMMANDS_H
#define PB_COMMANDS_H

#include "family.h"
#include "harness/base/exit.h"

/* --index K, for the commands that take one puzzle of a file (render, export,
 * import-solution). */
#define PB_OPTION_INDEX(T, F)                                                                      \
    {                                                                                              \
        .name = "index", .type = PB_OPT_INT, .offset = offsetof(T, F), .arg = "K", .lo = 1,        \
        .hi = 1000000000,                                                                          \
        .help = "the K-th puzzle of a file of several, from 1 (a "                                 \
                "sweep's per-puzzle row NAME#K is K + 1)"                                          \
    }

int pb_cmd_solve(int argc, char **argv, int count_mode);
int pb_cmd_sweep(int argc, char **argv);
int pb_cmd_compare(int argc, char **argv);
int pb_cmd_generate(int argc, char **argv);
int pb_cmd_engines(int argc, char **argv);
int pb_cmd_families(int argc, char **argv);
int pb_cmd_info(int argc, char **argv);
int pb_cmd_meta(int argc, char **argv);
int pb_cmd_time(int argc, char **argv);
int pb_cmd_render(int argc, char **argv);
int pb_cmd_export(int argc, char **argv);
int pb_cmd_import_solution(int argc, char **argv);

#endif
