/* kakuro_sums.c — `puzzlebench kakuro-sums`: the unique sums of kakuro runs; and the
 * kakuro family's list of its own commands (this one and `player`). */
#include <stdio.h>

#include "family.h"
#include "harness/base/exit.h"
#include "kakuro_player.h"
#include "kakuro/sums.h"
#include "families/families.h"

typedef struct sums_opts {
    int seed_table;
} sums_opts;

static const pb_option sums_options[] = {
    {.name = "seed-table",
     .type = PB_OPT_FLAG,
     .offset = offsetof(sums_opts, seed_table),
     .help = "only the 25 that seed 001 lists: it leaves out length 8, where\n"
             "every sum from 36 to 44 (45 less one digit) is unique"},
    PB_OPTION_END,
};

static int run(const pb_command *self, int argc, char **argv, int first)
{
    sums_opts o = {0};
    int npos = 0, rc = pb_command_parse(self, &o, argc, argv, first, NULL, 0, &npos);
    if (rc) return rc == PB_OPT_HELP ? 0 : PB_EXIT_USAGE;
    kakuro_unique_sum u[64];
    int n = kakuro_unique_sums(u, 64, o.seed_table);
    for (int i = 0; i < n; i++) {
        printf("%d %d ", u[i].len, u[i].sum);
        for (int d = 1; d <= 9; d++)
            if (u[i].digits & (1u << (d - 1))) putchar('0' + d);
        putchar('\n');
    }
    return 0;
}

const pb_command pb_kakuro_commands[] = {
    {.name = "kakuro-sums",
     .summary = "list the unique sums of kakuro runs",
     .about = "Prints the unique sums of kakuro runs: the sums that exactly one set of distinct\n"
              "digits 1-9 makes for a run of that length, one line each, 'length sum digits'\n"
              "(e.g. '4 11 1235'), by length then sum. There are 34 for runs of 2 to 9 cells.\n",
     .options = sums_options,
     .run = run},
    {.name = "player",
     .summary = "write the kakuro player, an offline HTML page (--out DIR)",
     .about = "Writes DIR/kakuro.html: the kakuro game of seed 001's applet as one self-contained\n"
              "page that works offline from file://. It generates its puzzles in the page with\n"
              "this project's generator compiled to WebAssembly: puzzle K of a size, a level\n"
              "and a seed is the one 'generate kakuro' makes. Open it in a browser; its Help\n"
              "tells the rules and the controls. 'generate kakuro ... --html FILE' writes the\n"
              "same page holding the puzzles it made.\n",
     .options = pb_kakuro_player_options,
     .run = pb_kakuro_player_run},
    {.name = NULL},
};
