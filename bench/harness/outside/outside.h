/* outside.h — the outside SAT solvers (Debian's minisat and cadical) as engines of the
 * families that build the shared model, so that `solve -e cadical` and a sweep's
 * `engines ... minisat cadical` time them by the harness's one method, beside the
 * engines of the library. A run is what a user of the solver would do: the puzzle's
 * direct encoding (engines/cnf) written as DIMACS to a private temporary folder, the
 * solver run on it as a child process, its answer read back (engines/cnf/satout.h),
 * decoded to the cells and checked against the rules. They live here, not in
 * engines/, because they write files and start processes. */
#ifndef PB_OUTSIDE_H
#define PB_OUTSIDE_H

#include "core/engine.h"

/* The outside solvers, NULL-ended. */
extern const pb_engine *const pb_outside_engines[];

/* The outside solver called name; NULL when there is none. */
const pb_engine *pb_outside_engine(const char *name);

/* What to say when e is an outside solver whose program is not found on PATH
 * ("cadical is not installed (Debian package cadical)"); NULL for an engine of the
 * library, or one whose program is there. A command checks it before it reads any
 * puzzle: the engine's own refusal (accepts) comes per puzzle, as if the puzzle were
 * at fault. */
const char *pb_outside_missing(const pb_engine *e);

/* The command outside solver e runs ("cadical" for cadical-sat), and in *version_flag
 * the option that makes it print its version (NULL: it has none, as MiniSat). */
const char *pb_outside_command(const pb_engine *e, const char **version_flag);

#endif
