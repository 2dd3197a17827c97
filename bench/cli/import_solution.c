/* import_solution.c — `puzzlebench import-solution`: an outside SAT solver's answer to
 * `export dimacs` read back (engines/cnf/satout.h), its model decoded to the puzzle's
 * cells and checked against the model's rules; the board printed as solve prints it,
 * or the verdict: unsatisfiable, unknown, or which rule the model breaks. */
#include <stdlib.h>
#include <string.h>

#include "cnf/satout.h"
#include "cnf_puzzle.h"
#include "harness/io/readfile.h"
#include "harness/base/say.h"
#include "harness/base/sizes.h"

typedef struct import_opts {
    int index;
} import_opts;

static const pb_option import_options[] = {
    PB_OPTION_INDEX(import_opts, index),
    PB_OPTION_END,
};

static const import_opts import_defaults = {.index = 1};

static void print_help(void)
{
    fputs("usage: puzzlebench import-solution FAMILY INSTANCE SOLVER_OUTPUT [--index K]\n\n"
          "Reads a SAT solver's answer to 'puzzlebench export dimacs FAMILY INSTANCE' (the\n"
          "same instance, family options and --index), decodes its model to the puzzle's\n"
          "cells and checks it against the rules. SOLVER_OUTPUT ('-': standard input) is\n"
          "minisat's result file (SAT and the literals ending in 0, UNSAT, or INDET) or a\n"
          "solver's standard output in the competition format (cadical: 'c' comments,\n"
          "'s SATISFIABLE' and 'v' lines, 's UNSATISFIABLE', 's UNKNOWN').\n"
          "A valid model: the board as 'solve' prints it, 'verdict: solution', exit 0.\n"
          "UNSAT: 'verdict: unsatisfiable', exit 1. Unknown: 'verdict: unknown', exit 3.\n"
          "A model that breaks the rules: 'verdict: not a solution', the rule on standard\n"
          "error, exit 4. Malformed input: one line naming the file, the line and what was\n"
          "expected, exit 2.\n"
          "\noptions:\n",
          stdout);
    pb_options_help(stdout, import_options, "import-solution", &import_defaults);
    pb_cnf_puzzle_help_families(stdout);
}

static int put_cell(char *out, size_t len, const pb_model *m, int c)
{
    return snprintf(out, len, "(%d,%d)", m->cell_row[c] + 1, m->cell_col[c] + 1);
}

/* Which rule values[] breaks (values from pb_cnf_decode: 0 none, -1 two or more), in
 * out; rows and columns from 1, groups as numbered in the export's header. */
static void explain(const pb_model *m, const int *values, char *out, size_t len)
{
    char a[32], b[32];
    for (int c = 0; c < m->ncells; c++) {
        put_cell(a, sizeof a, m, c);
        if (values[c] <= 0) {
            snprintf(out, len, "cell %s has %s", a, values[c] ? "more than one value" : "no value");
            return;
        }
        if (!(m->domain[c] & PB_BIT(values[c]))) {
            snprintf(out, len, "cell %s holds %d, which the puzzle rules out there", a, values[c]);
            return;
        }
    }
    for (int g = 0; g < m->ngroups; g++) {
        int sum = 0;
        for (int i = m->group_start[g]; i < m->group_start[g + 1]; i++) {
            int c = m->group_cells[i];
            sum += values[c];
            for (int j = m->group_start[g]; j < i; j++)
                if (values[m->group_cells[j]] == values[c]) {
                    put_cell(a, sizeof a, m, m->group_cells[j]);
                    put_cell(b, sizeof b, m, c);
                    snprintf(out, len, "value %d twice in group %d, at %s and %s", values[c], g + 1,
                             a, b);
                    return;
                }
        }
        if (m->group_sum && m->group_sum[g] && sum != m->group_sum[g]) {
            snprintf(out, len, "group %d adds up to %d, not %d", g + 1, sum, m->group_sum[g]);
            return;
        }
    }
    for (int i = 0; i < m->npairs; i++) {
        int c = m->pairs[i][0], d = m->pairs[i][1];
        if (abs(values[c] - values[d]) < m->min_diff) {
            put_cell(a, sizeof a, m, c);
            put_cell(b, sizeof b, m, d);
            snprintf(out, len, "%s and %s hold %d and %d, less than %d apart", a, b, values[c],
                     values[d], m->min_diff);
            return;
        }
    }
    snprintf(out, len, "the model's rules reject it");
}

/* Reads, decodes and checks the answer in path for p's puzzle; the exit status. */
static int import(pb_cnf_puzzle *p, const char *path)
{
    char err[PB_MSG_LONG_MAX];
    size_t len;
    char *text = pb_read_file(path, &len, err, sizeof err);
    if (!text) return pb_say("import-solution: %s", err), PB_EXIT_USAGE;
    const char *name = strcmp(path, "-") ? path : "stdin";
    const pb_cnf *cnf = p->cnf;
    const pb_model *m = p->model;
    unsigned char *truth = malloc((size_t)cnf->nvars + 1);
    int *values = malloc((size_t)m->ncells * sizeof *values);
    pb_error e = {0, ""};
    int rc = 0, verdict = truth && values ? pb_satout_read(text, len, cnf->nvars, truth, &e) : -2;
    if (verdict == -2)
        rc = (pb_say("import-solution: out of memory"), PB_EXIT_FAILED);
    else if (verdict < 0)
        rc = (pb_say("import-solution: %s:%d: %s", name, e.line, e.msg), PB_EXIT_USAGE);
    else if (verdict == PB_SATOUT_UNSAT)
        rc = (printf("verdict: unsatisfiable (%s: the solver found no model)\n", name),
              PB_EXIT_NONE);
    else if (verdict == PB_SATOUT_UNKNOWN)
        rc = (printf("verdict: unknown (%s: the solver gave up)\n", name), PB_EXIT_LIMIT);
    else if (pb_cnf_decode(cnf, truth, values) || !pb_model_check(m, values)) {
        explain(m, values, err, sizeof err);
        printf("verdict: not a solution (%s)\n", name);
        pb_say("import-solution: %s: the model breaks the rules: %s", name, err);
        rc = PB_EXIT_FAILED;
    } else {
        p->fam->print_solution(stdout, &p->set, p->index - 1, values, NULL);
        printf("verdict: solution (%s, checked against the rules)\n", name);
    }
    free(values);
    free(truth);
    free(text);
    return rc;
}

int pb_cmd_import_solution(int argc, char **argv)
{
    if (argc >= 3 && (!strcmp(argv[2], "--help") || !strcmp(argv[2], "-h"))) return print_help(), 0;
    pb_cnf_puzzle p = {.fam = pb_cnf_puzzle_family("import-solution", argc > 2 ? argv[2] : NULL)};
    if (!p.fam) return PB_EXIT_USAGE;
    import_opts o = import_defaults;
    const char *pos[2];
    int npos = 0;
    int rc =
        pb_cnf_puzzle_args("import-solution", &p, import_options, &o, argc, argv, 3, pos, 2, &npos);
    if (rc == PB_OPT_HELP) { /* the help alone: nothing was asked for */
        pb_cnf_puzzle_free(&p);
        return print_help(), 0;
    }
    if (!rc && npos != 1)
        rc = npos ? pb_usage_error("import-solution", "one SOLVER_OUTPUT, after the instance")
                  : pb_usage_error("import-solution", "missing SOLVER_OUTPUT");
    else if (!rc && !strcmp(pos[0], "-") && !strcmp(p.inst.spec, "-"))
        rc = pb_usage_error("import-solution",
                            "the instance and the solver's output cannot both be standard input");
    if (!rc) {
        p.index = o.index;
        rc = pb_cnf_puzzle_load("import-solution", &p);
    }
    if (!rc) {
        fflush(stdout);
        rc = import(&p, pos[0]);
    }
    pb_cnf_puzzle_free(&p);
    return rc;
}
