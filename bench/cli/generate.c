/* generate.c — `puzzlebench generate NAME`: runs the generator called NAME, which a
 * family brings (pb_family.generators); the help lists them all. */
#include <stdio.h>
#include <string.h>

#include "commands.h"
#include "harness/base/exit.h"
#include "harness/mpi/world.h"

static void generator_names(char *out, size_t len)
{
    size_t at = 0;
    out[0] = '\0';
    for (const pb_family *const *f = pb_families; *f; f++)
        for (const pb_command *g = (*f)->generators; g && g->name && at < len; g++)
            at += (size_t)snprintf(out + at, len - at, "%s%s", at ? ", " : "", g->name);
}

static void print_help(void)
{
    fputs("usage: puzzlebench generate NAME [options]\n"
          "\n"
          "Makes puzzles, reproducibly from a seed: puzzle i depends only on the options\n"
          "that shape it and on i, never on --threads. The generators:\n",
          stdout);
    for (const pb_family *const *f = pb_families; *f; f++)
        for (const pb_command *g = (*f)->generators; g && g->name; g++) {
            fputs("\n", stdout);
            pb_command_help(stdout, g);
        }
    fputs("\nEach puzzle (and each stats row) is written and flushed as it is made, in index\n"
          "order; an existing --out is refused without --force, and --resume completes an\n"
          "interrupted --out FILE (a puzzle cut short by a kill is dropped and made again).\n"
          "exit status: 0 all puzzles made, 2 bad usage, 3 a puzzle could not be made\n"
          "             within its limits (those before it are written), 130 SIGINT,\n"
          "             143 SIGTERM or SIGHUP (the finished puzzles are kept)\n",
          stdout);
}

int pb_cmd_generate(int argc, char **argv)
{
    char names[256];
    generator_names(names, sizeof names);
    /* Under mpirun every rank parses the same options; rank 0 alone speaks and writes. */
    if (pb_world_get()->rank) {
        if (!freopen("/dev/null", "w", stdout) || !freopen("/dev/null", "w", stderr))
            return PB_EXIT_FAILED;
    }
    if (argc < 3) return pb_usage_error("generate", "missing NAME (one of: %s)", names);
    const char *name = argv[2];
    if (!strcmp(name, "--help") || !strcmp(name, "-h")) return print_help(), 0;
    const pb_command *g = pb_generator_find(name, NULL);
    /* A signal stops the making of puzzles; those finished are written (and kept). */
    pb_install_interrupt_handler();
    if (g) return g->run(g, argc, argv, 3);
    if (name[0] == '-')
        return pb_usage_error("generate", "missing NAME before '%s' (one of: %s)", name, names);
    return pb_usage_error("generate", "unknown generator '%s' (one of: %s)", name, names);
}
