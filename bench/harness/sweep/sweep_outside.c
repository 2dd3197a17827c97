/* sweep_outside.c — the outside SAT solvers a sweep runs, each with what it says of its
 * version, for the .meta: a result against "cadical" names the CaDiCaL it was
 * measured against, which the engine's name alone does not. */
#define _GNU_SOURCE /* mkdtemp */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "harness/io/csv.h"
#include "harness/io/outfile.h"
#include "harness/outside/outside.h"
#include "sweep_plan.h"
#include "sweep_tool.h"
#include "sweep_write.h"

void pb_sweep_outside_line(const sweep_plan *p, char *out, size_t len)
{
    char tmp[256], v[200];
    size_t n = 0;
    out[0] = '\0';
    pb_scratch_template(tmp, sizeof tmp, "puzzlebench-version-");
    const pb_engine *seen[8];
    char said[8][sizeof v]; /* what seen[k]'s command said */
    int made = 0, nseen = 0;
    for (long i = 0; i < p->njobs; i++) {
        const pb_engine *e = p->jobs[i].engine;
        int again = pb_outside_engine(e->about.name) != e || nseen == 8;
        for (int k = 0; k < nseen && !again; k++) again = seen[k] == e;
        if (again) continue;
        const char *flag;
        const char *command = pb_outside_command(e, &flag);
        snprintf(v, sizeof v, "unknown (no version option)");
        /* Two engines of one program (cadical, cadical-sat): it is asked once. */
        int asked = 0;
        for (int k = 0; flag && k < nseen && !asked; k++) {
            const char *f;
            asked = !strcmp(pb_outside_command(seen[k], &f), command) && f && !strcmp(f, flag);
            if (asked) memcpy(v, said[k], sizeof v);
        }
        if (!asked && flag && (made || (made = mkdtemp(tmp) != NULL))) {
            const pb_tool tool = {.version_flag = flag};
            pb_sweep_tool_version(&tool, command, tmp, v, sizeof v);
        }
        memcpy(said[nseen], v, sizeof v);
        seen[nseen++] = e;
        if (n < len)
            n += (size_t)snprintf(out + n, len - n, "%s%s: %s",
                                  n ? ", " : "outside_solvers=", e->about.name, v);
    }
    if (made) {
        char file[300];
        snprintf(file, sizeof file, "%s/version.txt", tmp);
        unlink(file);
        rmdir(tmp);
    }
}
