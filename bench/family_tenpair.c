/* family_tenpair.c — the tenpair family in the table of families: its search is
 * over game states, not a placement model, so it runs solve and count itself
 * (cmd_tenpair.c). */
#include "commands.h"
#include "family.h"

const bench_family bench_family_tenpair = {
    .name = "tenpair",
    .summary = "the crossing-out game: cross pairs that are equal or sum to 10 (seed 003)",
    .instance_help = "no instance: the start is --start DIGITS or --upto N (default 19)",
    .default_engine = "compact",
    .command = cmd_tenpair,
};
