/* generate.c — `puzzlebench generate NAME`: runs the generator called NAME, which a
 * family brings (pb_family.generators); the help lists them all. */
#include <stdio.h>
#include <string.h>

#include "commands.h"
#include "harness/base/suggest.h"
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
    fputs("\n"
          "Every generator writes the same way. Without --out the puzzles go to standard\n"
          "output (--stats FILE.csv takes the records). --out DIR is always a folder, made\n"
          "when absent: DIR/generate.txt (the puzzles, as standard output gets them),\n"
          "DIR/generate.csv (one record a puzzle), DIR/generate.meta, and any files of the\n"
          "generator's own (its help above says which). Each puzzle and record\n"
          "is written and flushed as it is made, in index order; an existing\n"
          "DIR/generate.txt is refused without --force, and --resume completes an\n"
          "interrupted --out DIR, or --stats FILE with --records-only (a puzzle cut\n"
          "short by a kill is made again; records whose .meta names another commit than\n"
          "this build's are refused).\n"
          "\n"
          "At the end a summary goes to standard error (not with -q): a line (puzzles made,\n"
          "limit hits, elapsed time, threads or ranks, where the files are), then a row a\n"
          "group (as the generator groups its puzzles: size x difficulty, or one group):\n"
          "puzzles made, limit hits, and the median, p90 and max of the\n"
          "seconds a puzzle took, over the puzzles made in this run (p90: the ceil(0.9 m)-th\n"
          "smallest of m). --json FILE writes it as one JSON object, schema\n"
          "\"puzzlebench.generate/1\" (later fields may be added, none changed):\n"
          "  schema, generator         strings\n"
          "  status, exit              \"done\", \"limit\", \"interrupted\" or \"failed\"; the\n"
          "                            exit status\n"
          "  tasks, kept, written      puzzles asked for; kept from the earlier run\n"
          "                            (--resume); done in index order by the end, kept\n"
          "                            ones and limit hits (--keep-going) included\n"
          "  made, limit_hits          puzzles made, and at a limit, in this run\n"
          "  threads, ranks, elapsed_s how it ran; the making's wall time in seconds\n"
          "  out, records, run_id      --out DIR, the records file, the run id (or null)\n"
          "  groups                    [{name, tasks, made, limit_hits, median_s, p90_s,\n"
          "                            max_s}], a time null where none was made\n"
          "  timing                    null, or with --samples N > 1 {samples,\n"
          "                            runs_per_sample, median_s, median_lo_s, median_hi_s,\n"
          "                            cv}: the whole generation, by the harness's method\n"
          "\n"
          "exit status: 0 all puzzles made, 1 a puzzle cannot be made (not a limit: no\n"
          "             valid outline of the size, ...; the last line says why), 2 bad\n"
          "             usage, 3 a puzzle could not be made within its limits (those\n"
          "             before either are written), 4 out of\n"
          "             memory, a timed run made other puzzles than the first, or standard\n"
          "             output could not be written, 130 SIGINT, 143 SIGTERM or SIGHUP\n"
          "             (the finished puzzles are kept)\n",
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
    const char *all[64];
    int n = 0;
    char hint[200];
    for (const pb_family *const *f = pb_families; *f; f++)
        for (const pb_command *c = (*f)->generators; c && c->name && n < 64; c++)
            all[n++] = c->name;
    return pb_usage_error("generate", "unknown generator '%s' (one of: %s)%s", name, names,
                          pb_suggest_hint(name, all, n, hint, sizeof hint));
}
