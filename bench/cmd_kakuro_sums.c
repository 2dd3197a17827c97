/* cmd_kakuro_sums.c — `puzzlebench kakuro-sums`: the unique sums of kakuro runs. */
#include <stdio.h>
#include <string.h>

#include "args.h"
#include "commands.h"
#include "kakuro/sums.h"

static const char sums_help[] =
    "usage: puzzlebench kakuro-sums [--seed-table]\n"
    "\n"
    "Prints the unique sums of kakuro runs: the sums that exactly one set of distinct\n"
    "digits 1-9 makes for a run of that length, one line each, 'length sum digits'\n"
    "(e.g. '4 11 1235'), by length then sum. There are 34 for runs of 2 to 9 cells.\n"
    "\n"
    "  --seed-table   only the 25 that seed 001 lists: it leaves out length 8, where\n"
    "                 every sum from 36 to 44 (45 less one digit) is unique\n";

int cmd_kakuro_sums(int argc, char **argv)
{
    int seed_table = 0;
    for (int i = 2; i < argc; i++) {
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            fputs(sums_help, stdout);
            return 0;
        }
        if (!strcmp(argv[i], "--seed-table")) {
            seed_table = 1;
            continue;
        }
        return pb_usage_error("kakuro-sums", "unknown option '%s'", argv[i]);
    }
    kakuro_unique_sum u[64];
    int n = kakuro_unique_sums(u, 64, seed_table);
    for (int i = 0; i < n; i++) {
        printf("%d %d ", u[i].len, u[i].sum);
        for (int d = 1; d <= 9; d++)
            if (u[i].digits & (1u << (d - 1))) putchar('0' + d);
        putchar('\n');
    }
    return 0;
}
