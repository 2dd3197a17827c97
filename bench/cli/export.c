/* export.c — `puzzlebench export dimacs`: one puzzle of an instance as DIMACS CNF, its
 * direct encoding with pairwise at-most-one (engines/cnf/cnf.h) for outside SAT
 * solvers, under a comment header that says where it came from and maps every
 * variable back to a cell and value (import-solution reads the model back). */
#include <stdlib.h>
#include <errno.h>
#include <string.h>

#include "cnf_puzzle.h"
#include "harness/io/csv.h"
#include "harness/build_info.h"
#include "harness/base/exit.h"
#include "harness/meta/meta.h"
#include "harness/base/say.h"
#include "harness/base/suggest.h"
#include "harness/io/dimacs.h"
#include "harness/io/outfile.h"
#include "harness/base/sizes.h"

typedef struct export_opts {
    const char *out;
    int index;
} export_opts;

#define OPT(...) PB_OPT_ROW(export_opts, __VA_ARGS__)
static const pb_option export_options[] = {
    {OPT("out", PB_OPT_TEXT, out, "FILE",
         "write to FILE (whole: a temporary file, then renamed), not\nstandard output ('-': "
         "standard output)")},
    PB_OPTION_INDEX(export_opts, index),
    PB_OPTION_END,
};
#undef OPT

static const export_opts export_defaults = {.index = 1};

static void print_help(void)
{
    fputs("usage: puzzlebench export dimacs FAMILY INSTANCE [--index K] [--out FILE.cnf]\n\n"
          "Writes one puzzle of INSTANCE (named as 'solve FAMILY INSTANCE' takes it; the\n"
          "family's options apply) as DIMACS CNF for outside SAT solvers such as minisat\n"
          "and cadical: a variable per cell and value of the cell's domain (a given has\n"
          "one), at-least-one and pairwise at-most-one per cell, at-most-one per group\n"
          "value and at-least-one where a group must hold every value, a binary clause per\n"
          "forbidden value pair of a min-difference pair, and a selector variable per\n"
          "value set of a sum group. 'c' comment lines come first: the family, the\n"
          "instance and puzzle, puzzlebench's version and commit, then the map\n"
          "'c var X cell ROW COL value V' (rows and columns from 1) and, for sum groups,\n"
          "'c group G sum S cells R,C ...' and 'c sel X group G set V ...'.\n"
          "'puzzlebench import-solution' reads the solver's model back and checks it.\n"
          "\noptions:\n",
          stdout);
    pb_options_help(stdout, export_options, "export", &export_defaults);
    pb_cnf_puzzle_help_families(stdout);
}

typedef struct export_ctx {
    const pb_cnf_puzzle *p;
} export_ctx;

static void put_cell(FILE *f, const pb_model *m, int c)
{
    fprintf(f, "%d %d", m->cell_row[c] + 1, m->cell_col[c] + 1);
}

static int fill(FILE *f, void *vctx)
{
    const export_ctx *x = vctx;
    const pb_cnf_puzzle *p = x->p;
    const pb_model *m = p->model;
    const pb_cnf *cnf = p->cnf;
    const int k = p->index - 1;
    char name[256] = "";
    if (p->fam->puzzle_name) p->fam->puzzle_name(&p->set, k, name, sizeof name);
    fprintf(f, "c puzzlebench export dimacs: the direct encoding of one puzzle\n");
    fprintf(f, "c family: %s\n", p->fam->name);
    fprintf(f, "c instance: %s\n", p->inst.spec);
    fprintf(f, "c puzzle: %d of %d", p->index, p->set.count);
    if (p->set.puzzle[k].line) fprintf(f, ", line %d", p->set.puzzle[k].line);
    if (name[0]) {
        fprintf(f, ", %s", name);
    } else if (p->fam->batch && p->inst.spec) {
        /* A per-puzzle sweep's row names it from 0, where --index counts from 1. */
        char base[256];
        pb_instance_row_name(p->fam, p->inst.spec, &p->set, base, sizeof base);
        fprintf(f, ", a per-puzzle sweep's row %s#%d", base, k);
    }
    fprintf(f, "\nc puzzlebench: %s, commit %s\n", PB_VERSION, pb_build_commit());
    fprintf(f, "c cells: %d, values 1..%d, cell variables 1..%d", m->ncells, m->nvalues,
            cnf->ncell_vars);
    if (cnf->nvars > cnf->ncell_vars)
        fprintf(f, ", selectors %d..%d", cnf->ncell_vars + 1, cnf->nvars);
    fputc('\n', f);
    fprintf(f, "c map: 'var X cell ROW COL value V' (ROW, COL from 1); 'group G sum S cells "
               "ROW,COL ...' and 'sel X group G set V ...' for sum groups (G from 1)\n");
    for (int v = 1; v <= cnf->ncell_vars; v++) {
        fprintf(f, "c var %d cell ", v);
        put_cell(f, m, cnf->var_cell[v]);
        fprintf(f, " value %d\n", cnf->var_value[v]);
    }
    int sel = cnf->ncell_vars;
    for (int g = 0; m->nsums && g < m->ngroups; g++) {
        if (!m->group_sum[g]) continue;
        fprintf(f, "c group %d sum %d cells", g + 1, m->group_sum[g]);
        for (int i = m->group_start[g]; i < m->group_start[g + 1]; i++)
            fprintf(f, " %d,%d", m->cell_row[m->group_cells[i]] + 1,
                    m->cell_col[m->group_cells[i]] + 1);
        fputc('\n', f);
        for (int s = m->sum_set_start[g]; s < m->sum_set_start[g + 1]; s++) {
            fprintf(f, "c sel %d group %d set", ++sel, g + 1);
            for (int v = 1; v <= m->nvalues; v++)
                if (m->sum_set[s] & PB_BIT(v)) fprintf(f, " %d", v);
            fputc('\n', f);
        }
    }
    return pb_dimacs_write(f, cnf);
}

int pb_cmd_export(int argc, char **argv)
{
    char hint[200];
    if (argc < 3) return pb_usage_error("export", "missing FORMAT (dimacs)");
    if (!strcmp(argv[2], "--help") || !strcmp(argv[2], "-h")) return print_help(), 0;
    if (argv[2][0] == '-' && argv[2][1])
        return pb_usage_error("export", "missing FORMAT before '%s' (dimacs)", argv[2]);
    if (strcmp(argv[2], "dimacs"))
        return pb_usage_error(
            "export", "unknown format '%s' (one: dimacs)%s", argv[2],
            pb_suggest_hint(argv[2], (const char *const[]){"dimacs"}, 1, hint, sizeof hint));
    if (argc >= 4 && (!strcmp(argv[3], "--help") || !strcmp(argv[3], "-h"))) return print_help(), 0;
    pb_cnf_puzzle p = {.fam = pb_cnf_puzzle_family("export", argc > 3 ? argv[3] : NULL)};
    if (!p.fam) return PB_EXIT_USAGE;
    export_opts o = export_defaults;
    const char *pos[1];
    int npos = 0;
    int rc = pb_cnf_puzzle_args("export", &p, export_options, &o, argc, argv, 4, pos, 1, &npos);
    if (rc == PB_OPT_HELP) { /* the help alone: nothing was asked for */
        pb_cnf_puzzle_free(&p);
        return print_help(), 0;
    }
    if (!rc && npos)
        rc = pb_usage_error("export", "give the instance as INSTANCE or as --%s, not both",
                            p.inst.from);
    else if (!rc) {
        p.index = o.index;
        rc = pb_cnf_puzzle_load("export", &p);
    }
    if (!rc) {
        export_ctx x = {&p};
        char err[PB_MSG_LONG_MAX];
        if (!o.out || !strcmp(o.out, "-")) {
            if (fill(stdout, &x) || fflush(stdout)) {
                pb_say("export: standard output: cannot write: %s", strerror(errno));
                pb_stdout_failure_said();
                rc = PB_EXIT_FAILED;
            }
        } else if (pb_write_file_atomic(o.out, fill, &x, err, sizeof err))
            rc = (pb_say("export: %s", err), PB_EXIT_USAGE);
    }
    pb_cnf_puzzle_free(&p);
    return rc;
}
