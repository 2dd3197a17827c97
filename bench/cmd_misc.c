/* cmd_misc.c — `puzzlebench engines`, `puzzlebench info`, and the SIGINT flag. */
#include <signal.h>
#include <stdio.h>
#include <string.h>

#include "commands.h"
#include "core/engine.h"
#include "meta.h"
#include "tenpair/tenpair.h"

volatile sig_atomic_t pb_interrupted;

static void on_sigint(int sig)
{
    (void)sig;
    pb_interrupted = 1;
}

void pb_install_interrupt_handler(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_sigint;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
}

static int only_help(int argc, char **argv, const char *cmd, const char *help)
{
    for (int i = 2; i < argc; i++) {
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            fputs(help, stdout);
            return 0;
        }
        fprintf(stderr, "puzzlebench: %s: unexpected argument '%s' (see 'puzzlebench %s --help')\n",
                cmd, argv[i], cmd);
        return PB_EXIT_USAGE;
    }
    return -1;
}

/* Prints an engine's name and summary, then the names of its capability bits. */
static void print_engine(const char *name, const char *summary, const char *const *cap_names,
                         unsigned caps)
{
    char list[128] = "";
    size_t at = 0;
    for (int i = 0; cap_names[i]; i++)
        if (caps & 1u << i)
            at +=
                (size_t)snprintf(list + at, sizeof list - at, "%s%s", at ? " " : "", cap_names[i]);
    printf("  %-12s %s\n  %-12s [%s]\n", name, summary, "", list);
}

int cmd_engines(int argc, char **argv)
{
    int rc = only_help(argc, argv, "engines",
                       "usage: puzzlebench engines\n"
                       "Lists the engines (with what they can do) and the cell orders.\n");
    if (rc >= 0) return rc;
    static const char *const pb_caps[] = {"first",    "count", "trace", "order",
                                          "parallel", "last",  NULL};
    static const char *const tp_caps[] = {"shortest", "count", "parallel", "wins", NULL};
    puts("engines:");
    for (const pb_engine *const *e = pb_engines; *e; e++)
        print_engine((*e)->name, (*e)->summary, pb_caps, (*e)->caps);
    puts("tenpair engines (solve/count tenpair --engine):");
    for (const tp_engine *const *e = tp_engines; *e; e++)
        print_engine((*e)->name, (*e)->summary, tp_caps, (*e)->caps);
    puts("orders (--order, for engines marked 'order'):");
    for (const pb_order *const *o = pb_orders; *o; o++)
        printf("  %-12s %s\n", (*o)->name, (*o)->summary);
    return 0;
}

int cmd_info(int argc, char **argv)
{
    int rc = only_help(argc, argv, "info",
                       "usage: puzzlebench info\n"
                       "Prints the machine's topology from hwloc and how this binary was "
                       "built.\n");
    if (rc >= 0) return rc;
    return pb_info_print(stdout);
}
