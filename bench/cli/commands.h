/* commands.h — the CLI's built-in commands; each returns the process exit status.
 * Families add commands of their own (pb_family.commands, .generators). */
#ifndef PB_COMMANDS_H
#define PB_COMMANDS_H

#include "family.h"
#include "harness/exit.h"

int cmd_solve(int argc, char **argv, int count_mode);
int cmd_sweep(int argc, char **argv);
int cmd_generate(int argc, char **argv);
int cmd_engines(int argc, char **argv);
int cmd_families(int argc, char **argv);
int cmd_info(int argc, char **argv);

#endif
