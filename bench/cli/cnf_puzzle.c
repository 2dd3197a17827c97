/* cnf_puzzle.c — the family, options, instance and chosen puzzle of `export dimacs`
 * and `import-solution` (see cnf_puzzle.h). */
#include "cnf_puzzle.h"
#include "harness/base/say.h"
#include "harness/base/sizes.h"

#include <stdlib.h>
#include <string.h>

void pb_cnf_puzzle_families(char *out, size_t len)
{
    out[0] = '\0';
    for (const pb_family *const *f = pb_families; *f; f++)
        if ((*f)->placement && (*f)->load)
            snprintf(out + strlen(out), len - strlen(out), "%s%s", out[0] ? ", " : "", (*f)->name);
}

void pb_cnf_puzzle_help_families(FILE *f)
{
    char names[256];
    pb_cnf_puzzle_families(names, sizeof names);
    fprintf(f, "\nfamilies: %s\n", names);
}

const pb_family *pb_cnf_puzzle_family(const char *cmd, const char *name)
{
    char names[256];
    pb_cnf_puzzle_families(names, sizeof names);
    const pb_family *fam = name ? pb_family_find(name) : NULL;
    if (!name)
        pb_usage_error(cmd, "missing FAMILY (one of: %s)", names);
    else if (!fam && name[0] == '-' && name[1])
        pb_usage_error(cmd, "missing FAMILY before '%s' (one of: %s)", name, names);
    else if (!fam || !fam->placement || !fam->load) {
        pb_usage_error(cmd, "no clauses for '%s': only the families over the shared model (%s)",
                       name, names);
        fam = NULL;
    }
    return fam;
}

int pb_cnf_puzzle_args(const char *cmd, pb_cnf_puzzle *p, const pb_option *options, void *opts,
                       int argc, char **argv, int first, const char **pos, int maxpos, int *npos)
{
    const pb_family *fam = p->fam;
    p->params = calloc(1, fam->params_size ? fam->params_size : 1);
    if (!p->params) return pb_usage_error(cmd, "out of memory");
    if (fam->params_size) memcpy(p->params, fam->params_default, fam->params_size);
    pb_opt_group groups[] = {{options, opts}, {fam->options, p->params}};
    p->inst = (pb_instance){NULL, 0, NULL};
    int rc = pb_options_parse(cmd, groups, 2, argc, argv, first, pos, maxpos, npos, &p->inst);
    if (rc == PB_OPT_HELP) return PB_OPT_HELP;
    if (rc) return PB_EXIT_USAGE;
    if (!p->inst.spec) {
        if (!*npos) return pb_usage_error(cmd, "missing instance: %s", fam->instance_help);
        p->inst = (pb_instance){pos[0], 0, NULL};
        memmove(pos, pos + 1, (size_t)(*npos - 1) * sizeof *pos);
        --*npos;
    }
    char err[PB_MSG_LONG_MAX];
    if (fam->check_params && fam->check_params(p->params, err, sizeof err))
        return pb_usage_error(cmd, "%s", err);
    return 0;
}

int pb_cnf_puzzle_load(const char *cmd, pb_cnf_puzzle *p)
{
    char err[PB_MSG_LONG_MAX];
    if (p->fam->load(&p->inst, p->params, &p->set, err, sizeof err))
        return pb_say("%s: %s", cmd, err), PB_EXIT_USAGE;
    p->loaded = 1;
    int k = p->index - 1;
    if (k >= p->set.count)
        return pb_usage_error(cmd, "--index %d: %s holds %d puzzle%s", p->index, p->inst.spec,
                              p->set.count, p->set.count == 1 ? "" : "s");
    if (p->set.puzzle[k].error) return pb_say("%s: %s", cmd, p->set.puzzle[k].error), PB_EXIT_USAGE;
    if (!(p->model = p->set.puzzle[k].model))
        return pb_usage_error(cmd, "puzzle %d of %s has no model", p->index, p->inst.spec);
    if (!(p->cnf = pb_cnf_encode(p->model, PB_CNF_PAIRWISE)))
        return pb_say("%s: out of memory", cmd), PB_EXIT_FAILED;
    return 0;
}

void pb_cnf_puzzle_free(pb_cnf_puzzle *p)
{
    pb_cnf_free(p->cnf);
    if (p->loaded) p->fam->free_set(&p->set);
    free(p->params);
}
