/* cnf_puzzle.h — what `export dimacs` and `import-solution` share: the family of a
 * placement puzzle, its options and instance parsed as `solve` takes them, and the one
 * puzzle (--index) whose direct encoding (engines/cnf/cnf.h) goes to an outside SAT
 * solver and whose model comes back. */
#ifndef PB_CLI_CNF_PUZZLE_H
#define PB_CLI_CNF_PUZZLE_H

#include "cnf/cnf.h"
#include "commands.h"

typedef struct pb_cnf_puzzle {
    const pb_family *fam;
    void *params; /* the family's options */
    pb_instance inst;
    int index; /* 1-based, as --index gives it */
    pb_set set;
    int loaded;
    const pb_model *model; /* the chosen puzzle's */
    pb_cnf *cnf;           /* its pairwise encoding */
} pb_cnf_puzzle;

/* Parses argv[first ..] of command cmd (the family in argv[first - 1]): cmd's own
 * options into opts, the family's into p->params, then positional arguments into pos
 * (npos of them: the instance first unless an option gave it). 0; PB_OPT_HELP when
 * help was asked; or the exit status after a message. */
int pb_cnf_puzzle_args(const char *cmd, pb_cnf_puzzle *p, const pb_option *options, void *opts,
                       int argc, char **argv, int first, const char **pos, int maxpos, int *npos);

/* Loads p->inst and encodes puzzle p->index: 0, or the exit status after a message. */
int pb_cnf_puzzle_load(const char *cmd, pb_cnf_puzzle *p);

/* The families that build the shared model, comma-separated, for messages. */
void pb_cnf_puzzle_families(char *out, size_t len);

/* The help's last line: "families: " and those families. */
void pb_cnf_puzzle_help_families(FILE *f);

/* Finds the family called name that builds the shared model: NULL after a message. */
const pb_family *pb_cnf_puzzle_family(const char *cmd, const char *name);

void pb_cnf_puzzle_free(pb_cnf_puzzle *p);

#endif
