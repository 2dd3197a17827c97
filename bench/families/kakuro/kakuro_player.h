/* kakuro_player.h — the `player` command (kakuro_player.c), listed with the kakuro
 * family's commands (kakuro_sums.c). */
#ifndef PB_KAKURO_PLAYER_H
#define PB_KAKURO_PLAYER_H

#include "family.h"

extern const pb_option pb_kakuro_player_options[];
int pb_kakuro_player_run(const pb_command *self, int argc, char **argv, int first);

#endif
