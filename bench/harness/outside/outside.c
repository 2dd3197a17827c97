/* outside.c — minisat and cadical run as engines: the encoding written to a private
 * folder, the solver started on it, its answer and statistics read back, its model
 * checked against the rules. Counts, as for `learn`: placements are the solver's
 * propagations, backtracks its conflicts, guesses its decisions, so that steps are its
 * propagations plus conflicts (its own propagation count, not the same measure as the
 * engines' steps). */
#define _GNU_SOURCE /* mkdtemp, O_NOFOLLOW */
#include "outside.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cnf/cnf.h"
#include "cnf/satout.h"
#include "core/limiter.h"
#include "harness/io/dimacs.h"
#include "harness/io/outfile.h"
#include "harness/io/readfile.h"
#include "harness/measure/spawn.h"

/* A solver: its command, the option that picks its configuration (NULL: its
 * defaults), whether it writes its model to a file named after the problem's
 * (minisat IN OUT) or to standard output (cadical), the prefix of its statistics
 * lines ("c " for cadical), and what to say when it is not installed. An outside tool
 * is not measured at its defaults alone: CaDiCaL's preset for satisfiable instances
 * (every puzzle here has a solution) runs beside them, as another engine. */
typedef struct solver {
    const char *command, *option, *version_flag;
    int model_file;
    const char *stats_prefix, *missing;
} solver;

enum { MINISAT, CADICAL, CADICAL_SAT };

static const solver solvers[] = {
    [MINISAT] = {"minisat", NULL, NULL, 1, "", "minisat is not installed (Debian package minisat)"},
    [CADICAL] = {"cadical", NULL, "--version", 0, "c ",
                 "cadical is not installed (Debian package cadical)"},
    [CADICAL_SAT] = {"cadical", "--sat", "--version", 0, "c ",
                     "cadical is not installed (Debian package cadical)"},
};

static int accepts(const pb_model *m, int config, const char **why)
{
    (void)m;
    if (!pb_spawn_find(solvers[config].command, NULL, 0)) return 1;
    *why = solvers[config].missing;
    return 0;
}

static int accepts_minisat(const pb_model *m, const char **why)
{
    return accepts(m, MINISAT, why);
}

static int accepts_cadical(const pb_model *m, const char **why)
{
    return accepts(m, CADICAL, why);
}

static int accepts_cadical_sat(const pb_model *m, const char **why)
{
    return accepts(m, CADICAL_SAT, why);
}

/* A run's private folder and the paths in it. */
typedef struct workdir {
    char dir[256], cnf[300], answer[300], output[300];
} workdir;

static int make_workdir(workdir *w)
{
    pb_scratch_template(w->dir, sizeof w->dir, "puzzlebench-outside-");
    if (!mkdtemp(w->dir)) return -1;
    snprintf(w->cnf, sizeof w->cnf, "%s/in.cnf", w->dir);
    snprintf(w->answer, sizeof w->answer, "%s/model.txt", w->dir);
    snprintf(w->output, sizeof w->output, "%s/out.txt", w->dir);
    return 0;
}

static void remove_workdir(const workdir *w)
{
    unlink(w->cnf);
    unlink(w->answer);
    unlink(w->output);
    rmdir(w->dir);
}

/* A new file in the run's own folder, never through a link. */
static int create_file(const char *path)
{
    char err[8];
    return pb_out_open(path, O_WRONLY | O_CREAT | O_EXCL, err, sizeof err);
}

static int write_dimacs(const char *path, const pb_cnf *f)
{
    char err[8];
    FILE *out = pb_out_fopen(path, O_WRONLY | O_CREAT | O_EXCL, "w", err, sizeof err);
    if (!out) return -1;
    const int rc = pb_dimacs_write(out, f);
    return fclose(out) || rc ? -1 : 0;
}

/* The solver's count called key in its statistics (0 when it leaves the line out, as
 * cadical does for a counter that stayed 0). */
static uint64_t stat_of(const char *text, const char *prefix, const char *key)
{
    const size_t np = strlen(prefix), nk = strlen(key);
    for (const char *line = text; line && *line; line = strchr(line, '\n'), line += !!line) {
        if (strncmp(line, prefix, np) || strncmp(line + np, key, nk)) continue;
        const char *p = line + np + nk;
        p += strspn(p, " \t");
        if (*p != ':') continue;
        return strtoull(p + 1, NULL, 10);
    }
    return 0;
}

/* Ends the run as refused, with "engine NAME: " and the message in out->why. */
__attribute__((format(printf, 3, 4))) static pb_status refuse(pb_result *out, const char *command,
                                                              const char *fmt, ...)
{
    out->refusal = PB_REFUSE_INSTANCE;
    const int n = snprintf(out->why, sizeof out->why, "engine %s: ", command);
    va_list ap;
    va_start(ap, fmt);
    if (n > 0 && (size_t)n < sizeof out->why) vsnprintf(out->why + n, sizeof out->why - n, fmt, ap);
    va_end(ap);
    return out->status = PB_UNSUPPORTED;
}

/* Reads the solver's answer and checks its model: PB_DONE with solutions 0 or 1. */
static pb_status take_answer(const solver *s, const pb_model *m, const pb_cnf *f, const workdir *w,
                             const char *output, pb_result *out)
{
    char err[300];
    size_t len;
    char *text = s->model_file ? pb_read_file(w->answer, &len, err, sizeof err)
                               : (len = strlen(output), (char *)output);
    if (!text) return refuse(out, s->command, "no answer (%s)", err);
    unsigned char *truth = calloc((size_t)f->nvars + 1, 1);
    int *values = malloc((size_t)m->ncells * sizeof *values);
    pb_error e = {0};
    int verdict = truth && values ? pb_satout_read(text, len, f->nvars, truth, &e) : -2;
    if (s->model_file) free(text);
    pb_status st = PB_DONE;
    if (verdict == -2)
        st = PB_NOMEM;
    else if (verdict < 0)
        st = refuse(out, s->command, "an answer that does not read: %s", e.msg);
    else if (verdict == PB_SATOUT_UNKNOWN)
        st = refuse(out, s->command, "%s", "gave up (unknown)");
    else if (verdict == PB_SATOUT_SAT &&
             (pb_cnf_decode(f, truth, values) || !pb_model_check(m, values)))
        st = refuse(out, s->command, "%s", "a model that breaks the puzzle's rules");
    else if (verdict == PB_SATOUT_SAT) {
        out->stats.solutions = 1;
        if (out->first) memcpy(out->first, values, (size_t)m->ncells * sizeof *values);
    }
    free(truth);
    free(values);
    return out->status = st;
}

/* Starts the solver on the written problem and waits, for what is left of the run's
 * time limit since t0 (the encoding counts, as an engine's own setup does); its
 * standard output is read into *output (malloc'd). PB_DONE when it answered, else how
 * it stopped. */
static pb_status start(const solver *s, const pb_limits *lim, double t0, const workdir *w,
                       char **output, pb_result *out)
{
    const double left = lim->max_seconds > 0 ? lim->max_seconds - (pb_now_s() - t0) : 0;
    if (lim->max_seconds > 0 && left <= 0) return out->status = PB_LIMIT;
    char *argv[5], **arg = argv;
    *arg++ = (char *)s->command;
    if (s->option) *arg++ = (char *)s->option;
    *arg++ = (char *)w->cnf;
    if (s->model_file) *arg++ = (char *)w->answer;
    *arg = NULL;
    char err[300];
    pb_spawn sp;
    if (pb_spawn_open(&sp, argv, "/dev/null", err, sizeof err))
        return refuse(out, s->command, "%s", err);
    sp.limit_s = left;
    sp.out_fd = create_file(w->output);
    const int rc = sp.out_fd >= 0 ? (pb_spawn_run(&sp), 0) : -1;
    if (sp.out_fd >= 0) close(sp.out_fd);
    pb_status st = PB_DONE;
    if (rc)
        st = refuse(out, s->command, "cannot write its output in %s", w->dir);
    else if (sp.error) {
        pb_spawn_describe(&sp, err, sizeof err);
        st = refuse(out, s->command, "%s", err);
    } else if (sp.interrupted)
        st = out->status = PB_INTERRUPTED;
    else if (sp.timed_out)
        st = out->status = PB_LIMIT;
    else if (!WIFEXITED(sp.status) ||
             (WEXITSTATUS(sp.status) != 10 && WEXITSTATUS(sp.status) != 20)) {
        pb_spawn_describe(&sp, err, sizeof err);
        st = refuse(out, s->command, "%s (a SAT solver exits 10 or 20)", err);
    }
    pb_spawn_close(&sp);
    size_t len;
    *output = st == PB_DONE ? pb_read_file(w->output, &len, err, sizeof err) : NULL;
    if (st == PB_DONE && !*output) st = refuse(out, s->command, "no output (%s)", err);
    return st;
}

static pb_status run(const pb_model *m, int config, const pb_run *how, pb_result *out)
{
    const solver *s = &solvers[config];
    const double t0 = pb_now_s();
    out->stats = (pb_stats){0};
    pb_cnf *f = pb_cnf_encode(m, PB_CNF_PAIRWISE);
    if (!f) return out->status = PB_NOMEM;
    workdir w;
    char *output = NULL;
    pb_status st;
    const int made = !make_workdir(&w);
    if (!made)
        st = refuse(out, s->command, "cannot make a temporary folder (%s)", strerror(errno));
    else if (write_dimacs(w.cnf, f))
        st = refuse(out, s->command, "cannot write the problem in %s", w.dir);
    else if ((st = start(s, &how->limits, t0, &w, &output, out)) == PB_DONE)
        st = take_answer(s, m, f, &w, output, out);
    if (output) {
        const uint64_t conflicts = stat_of(output, s->stats_prefix, "conflicts");
        out->stats.backtracks = conflicts;
        out->stats.guesses = stat_of(output, s->stats_prefix, "decisions");
        out->stats.placements = stat_of(output, s->stats_prefix, "propagations");
        free(output);
    }
    if (made) remove_workdir(&w);
    pb_cnf_free(f);
    return out->status = st;
}

static const pb_engine minisat_engine = {
    .about = {"minisat", "Debian's MiniSat on the direct encoding, as a child process",
              PB_CAP_FIRST, pb_cap_names, NULL},
    .config = MINISAT,
    .accepts = accepts_minisat,
    .run = run,
};

static const pb_engine cadical_engine = {
    .about = {"cadical", "Debian's CaDiCaL on the direct encoding, as a child process",
              PB_CAP_FIRST, pb_cap_names, NULL},
    .config = CADICAL,
    .accepts = accepts_cadical,
    .run = run,
};

static const pb_engine cadical_sat_engine = {
    .about = {"cadical-sat",
              "Debian's CaDiCaL with its preset for satisfiable instances (--sat), as cadical",
              PB_CAP_FIRST, pb_cap_names, NULL},
    .config = CADICAL_SAT,
    .accepts = accepts_cadical_sat,
    .run = run,
};

const pb_engine *const pb_outside_engines[] = {&minisat_engine, &cadical_engine,
                                               &cadical_sat_engine, NULL};

const char *pb_outside_command(const pb_engine *e, const char **version_flag)
{
    *version_flag = solvers[e->config].version_flag;
    return solvers[e->config].command;
}

const char *pb_outside_missing(const pb_engine *e)
{
    if (pb_outside_engine(e->about.name) != e) return NULL;
    const solver *s = &solvers[e->config];
    return pb_spawn_find(s->command, NULL, 0) ? s->missing : NULL;
}

const pb_engine *pb_outside_engine(const char *name)
{
    for (const pb_engine *const *e = pb_outside_engines; *e; e++)
        if (!strcmp((*e)->about.name, name)) return *e;
    return NULL;
}
