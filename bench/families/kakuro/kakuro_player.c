/* kakuro_player.c — `puzzlebench player`: writes the kakuro player, one
 * self-contained HTML page that generates its puzzles with the project's generator
 * compiled to WebAssembly and works offline from file://. */
#include <stdio.h>
#include <string.h>

#include "family.h"
#include "harness/base/exit.h"
#include "kakuro_player.h"
#include "player/page/page.h"
#include "harness/base/say.h"
#include "harness/base/sizes.h"
#include "harness/io/outfile.h"

typedef struct player_opts {
    const char *out;
} player_opts;

const pb_option pb_kakuro_player_options[] = {
    {.name = "out",
     .type = PB_OPT_TEXT,
     .offset = offsetof(player_opts, out),
     .arg = "DIR",
     .help = "write DIR/kakuro.html (DIR is made if missing; the page\n"
             "is replaced if there)"},
    PB_OPTION_END,
};

int pb_kakuro_player_run(const pb_command *self, int argc, char **argv, int first)
{
    player_opts o = {0};
    int npos = 0, rc = pb_command_parse(self, &o, argc, argv, first, NULL, 0, &npos);
    if (rc) return rc == PB_OPT_HELP ? 0 : PB_EXIT_USAGE;
    if (!o.out) return pb_usage_error("player", "give --out DIR"), PB_EXIT_USAGE;
    char path[PB_PATH_EXT_MAX], err[PB_MSG_MAX];
    if (pb_out_folder(o.out, err, sizeof err)) {
        pb_say("player: %s", err);
        return PB_EXIT_USAGE;
    }
    if (snprintf(path, sizeof path, "%s/kakuro.html", o.out) >= (int)sizeof path)
        return pb_usage_error("player", "--out: path too long"), PB_EXIT_USAGE;
    if (pb_player_write(path, NULL, err, sizeof err)) {
        pb_say("player: %s", err);
        return PB_EXIT_USAGE;
    }
    printf("%s\n", path);
    return 0;
}
