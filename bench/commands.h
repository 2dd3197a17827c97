/* commands.h — the CLI's subcommands; each returns the process exit status. */
#ifndef PB_COMMANDS_H
#define PB_COMMANDS_H

#include <signal.h>

/* Exit statuses shared by every command. */
enum {
    PB_EXIT_FOUND = 0, /* at least one solution (or the command succeeded) */
    PB_EXIT_NONE = 1,  /* the search finished and found no solution */
    PB_EXIT_USAGE = 2, /* bad usage or bad input */
    PB_EXIT_LIMIT = 3, /* stopped at a limit before finding a solution */
    PB_EXIT_INTERRUPT = 130,
};

int cmd_solve(int argc, char **argv, int count_mode);
int cmd_tenpair(int argc, char **argv, int count_mode);
int cmd_sweep(int argc, char **argv);
int cmd_engines(int argc, char **argv);
int cmd_kakuro_sums(int argc, char **argv);
int cmd_info(int argc, char **argv);
int cmd_generate(int argc, char **argv);

/* Set by the SIGINT handler; polled by running engines through pb_limits.cancel. */
extern volatile sig_atomic_t pb_interrupted;
void pb_install_interrupt_handler(void);

#endif
