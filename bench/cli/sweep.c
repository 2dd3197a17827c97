/* sweep.c — `puzzlebench sweep [FILE] [options] [--KEY VALUE ...]`: reads a sweep file,
 * applies the keys given as options over it, and hands the matrix to the sweep
 * runner (harness/sweep/sweep.c). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "commands.h"
#include "harness/measure/bind.h"
#include "harness/base/sizes.h"
#include "harness/base/exit.h"
#include "harness/io/readfile.h"
#include "harness/io/inputs.h"
#include "harness/mpi/world.h"
#include "harness/sweep/sweep.h"
#include "harness/base/say.h"

static const char sweep_about[] =
    "usage: puzzlebench sweep [FILE] [options] [--KEY VALUE ...]\n"
    "\n"
    "Runs every combination of a sweep's instances, engines, orders, modes and thread\n"
    "counts, each timed by the harness's one method (runs not recorded for `warmup`\n"
    "seconds, then `samples` samples of at least `min-sample-time` each, a short run\n"
    "repeated within a sample; every run must repeat the first run's counts, else\n"
    "exit 4), and writes OUT/NAME.csv (one row per run: counts, median time per run,\n"
    "its spread and interval, noisy=1 when cv > 5%), OUT/NAME.samples.csv (every\n"
    "sample, with the round it was taken in),\n"
    "OUT/NAME.meta (run_id, commit, build, machine, load, settings, status) and\n"
    "OUT/NAME.topology.xml. OUT is --out DIR, else a new folder sweep-NAME-DATE in\n"
    "the current directory (DATE the start's UTC time, YYYYMMDD-HHMMSS), named on\n"
    "stderr. scripts/report.sh OUT then writes OUT/REPORT.md and its plots from the\n"
    "files: for a sweep of your own, the solved counts, PAR-2, the virtual best\n"
    "solver, cactus and scatter plots and the paired ratios against the baseline\n"
    "(a NAME that `puzzlebench families` lists as one of a family's sweeps gets\n"
    "that family's own section instead).\n"
    "FILE holds 'key value...' lines ('#' starts a comment, a line that starts with a\n"
    "blank continues the previous key; each key once); every key may also be given\n"
    "as an option, which replaces the file's line (e.g. --instances \"2x3 2x4\"): that\n"
    "line is not read, so a fault in it is not reported. Runs with one thread run\n"
    "`workers` at a time; runs with more run alone. A run that stops\n"
    "at a limit gets status 'limit', stays in the CSV, and is timed once; a run takes\n"
    "no more samples once they used up `rep-budget`. Combinations an engine cannot\n"
    "run are left out (an engine left with none, say an outside solver not installed,\n"
    "is named in a warning); a sweep left with no run is an error. --quick runs the\n"
    "`quick-instances` (the file's, or the option's) with 5 to 10 samples of at\n"
    "least 2 ms, a 1 s rep-budget, time limits of at most 5 s, step limits of at\n"
    "most 1e7 and a settle-time of at most 2 s: every code path in seconds.\n"
    "\n"
    "Rows are written as they finish. The runs are measured in blocks (at most\n"
    "--block runs, about 30 s of samples, then the rest of the last one's instance),\n"
    "their samples taken in rounds within the block: sample k of every run before\n"
    "sample k + 1 of any, in a fresh order each round drawn from `seed`. The runs\n"
    "that a comparison pairs (the engines and orders of one instance, mode and thread\n"
    "count) thus share rounds, and `puzzlebench compare` pairs their samples round by\n"
    "round. Such a pair takes further rounds, up to `max-samples`, while its time\n"
    "ratio's 95% interval is wider than +-`ci-target`. When a block ends its rows and\n"
    "samples are appended to NAME.csv.part and NAME.samples.csv.part and synced.\n"
    "NAME.meta is written first (status=running);\n"
    "at the end the files are renamed into place and the .meta says status=complete\n"
    "and rows=N of RUNS. Ctrl-C, SIGTERM or SIGHUP stops within a moment: the rows\n"
    "finished so far (each with all its samples) are kept, renamed into place, and\n"
    "the .meta says status=interrupted (exit 130, or 143 for SIGTERM and SIGHUP). A\n"
    "kill, a crash or a full disk leaves the .part files and the .meta: the rows\n"
    "there are whole. An existing sweep of the same NAME is never overwritten:\n"
    "--force starts it over, --resume continues it (--out naming its folder; the runs\n"
    "whose rows are there are skipped; the sweep file, instances, commit and settings\n"
    "must match the .meta's, and a resumed finished sweep has nothing to do). While a\n"
    "sweep runs, OUT/NAME.lock keeps a second one of the same NAME out of OUT\n"
    "(exit 2).\n"
    "\n"
    "The machine's speed is read: a shared machine can run half again as slow for\n"
    "seconds or minutes, which shifts whole runs. The sweep picks a reference run\n"
    "(the first of its first 32 runs that takes 5 us to 1 ms, else the longest under\n"
    "1 ms; ref_run= in the .meta) and times it after each round of samples; each row\n"
    "keeps the median reading of its rounds (ref_s). With `settle-time` above 0 it is\n"
    "a guard: a round read more than `speed-tolerance` over the best reading is taken\n"
    "again once the machine is back, after a wait of up to `settle-time` (the .meta\n"
    "sums up the readings and the waits). Each sample also runs with the stack\n"
    "shifted by a different part of a page, so that a run whose speed depends on\n"
    "where its stack falls shows it in its spread.\n"
    "Under MPI the speed is not read (ref_s is empty).\n"
    "\n"
    "--against BINARY compares two builds (one commit against the next): every run is\n"
    "measured in this build and in BINARY, each a long-lived worker process fed one\n"
    "step at a time over a pipe (no process start is timed). In a duet (--pairing;\n"
    "the default where the machine has two cores and the runs one thread each) the\n"
    "two builds take each sample of a run at the same time, in batches of one size,\n"
    "each bound to its half of the cores, and at once again with the halves\n"
    "swapped (two rounds), so that both share the machine's interference of the\n"
    "moment and neither keeps the faster core; otherwise they alternate,\n"
    "one run at a time. Each round takes the due samples in a fresh order drawn from\n"
    "`seed`; the rounds go to --against-processes workers per build two at a time,\n"
    "so that what holds for one process shows in the interval rather than biasing\n"
    "the ratio; a pair takes further rounds while its ratio's interval, as compare\n"
    "computes it, is wider than +-`ci-target` (in a duet, an even number of rounds,\n"
    "and from three workers on, rounds from every worker first). It\n"
    "writes OUT/NAME.csv (this build) and OUT/NAME-against.csv (BINARY), each with\n"
    "its .samples.csv and .meta (against= names the other build and the pairing),\n"
    "sharing one run_id, so that `puzzlebench compare OUT/NAME-against.csv\n"
    "OUT/NAME.csv` pairs their samples round by round. BINARY must expand the sweep\n"
    "into the same runs, and have --serve (builds from before it cannot take part).\n"
    "--resume continues both sides (after a signal, or a worker killed outright): a\n"
    "run whose row only one side kept is measured again by both.\n"
    "The report's method section measures the pairings on this machine.\n"
    "\n"
    "Under MPI (mpirun -np N puzzlebench sweep FILE, or srun) rank 0 hands the runs\n"
    "out one at a time, the largest expected first (more cells, then count before\n"
    "first), to the first free rank, itself included; each rank measures one run at\n"
    "a time (workers=1), its threads bound to its own share of its host's cores with\n"
    "--bind core, and rank 0 writes each row with its samples as it comes. The rows\n"
    "are those of one process (only times differ); the .meta adds ranks=N and a\n"
    "rank.R= line per rank (host, cores, binding). A signal to mpirun (or to any\n"
    "rank) stops every rank and keeps the finished rows (status=interrupted; the exit\n"
    "status is mpirun's); ranks end with a killed mpirun. --resume and --force work\n"
    "as above, by one process or by MPI alike (give --workers 1 to a one-process\n"
    "sweep that MPI is to resume: the settings must match).\n"
    "\n"
    "A generation sweep (key `generator NAME`) runs `puzzlebench generate NAME` once\n"
    "per method of its `generate` key instead (\"METHOD: OPTIONS...\", one after the\n"
    "other; `quick-generate` with --quick), in this process: the generator's own\n"
    "options, each word as given (no shell, no quoting), none that names a file.\n"
    "Every method's options are checked, as its generator checks them, before any\n"
    "method is made (and for --list, which estimates each method's time from its\n"
    "earlier run in OUT). Each method writes OUT/NAME-METHOD.csv (its records, as\n"
    "--stats) and its .meta (with the sweep's family=, sweep= and its generate=),\n"
    "or with `puzzles folder` the folder OUT/NAME-METHOD/ (as --out). A method that\n"
    "records a puzzle at a limit (--keep-going) goes on; --force starts the files\n"
    "over, and removes the records of an earlier run's methods that this run does\n"
    "not make (whose .meta names this sweep's method), naming them (a method's\n"
    "folder is refused instead: it holds the generator's own files too), so that\n"
    "OUT holds this run alone (without --force, a new run or --resume is refused\n"
    "while they are there); --resume keeps what is done (generate --resume,\n"
    "method by method: a finished method as it is, an interrupted one's finished\n"
    "puzzles) and makes the rest, refusing a method whose records other options\n"
    "made; a method timed by --samples is made again whole.\n"
    "\n"
    "A tool sweep (key `tool NAME`) times an outside tool that the family brings\n"
    "beside puzzlebench on the same work, as `puzzlebench time` times whole\n"
    "processes (both sides' samples in turn): solving each of `instances` (a small\n"
    "file read up to `tool-repeat` times over), and generating `tool-count` puzzles\n"
    "at each of `tool-levels`. The command lines are the family's, never the file's.\n"
    "OUT/NAME.csv gets a row per tool and task (task, tool, set, difficulty, puzzles,\n"
    "status, the timing columns), with its .samples.csv and .meta, all put in place\n"
    "at the end: a failed or interrupted tool sweep leaves the earlier files. It\n"
    "cannot resume: --resume is refused (its .meta does not record the instances\n"
    "and levels it ran), and --force makes it again.\n"
    "`puzzlebench compare OUT/NAME.csv --by tool=TOOL,puzzlebench` pairs the rows.\n"
    "\n"
    "options:\n";

typedef struct sweep_cli {
    const char *out, *against, *serve, *run_id, *against_slowdown;
    int list, quiet, quick, force, resume, block, pairing, processes, helper;
} sweep_cli;

#define OPT(...) PB_OPT_ROW(sweep_cli, __VA_ARGS__)
static const pb_option sweep_options[] = {
    {OPT("out", PB_OPT_TEXT, out, "DIR",
         "where to write (default: a new folder sweep-NAME-DATE here,\n"
         "DATE the start's UTC time, YYYYMMDD-HHMMSS)")},
    {OPT("list", PB_OPT_FLAG, list, NULL,
         "print the runs and the time the earlier run in --out took\n"
         "(scaled to these runs), and exit")},
    PB_OPTION_QUIET(sweep_cli, quiet, "no progress line and no summary line"),
    {OPT("quick", PB_OPT_FLAG, quick, NULL, "a small version of the sweep (see above)")},
    {OPT("force", PB_OPT_FLAG, force, NULL,
         "remove the files of an earlier sweep of this name and start over")},
    {OPT("resume", PB_OPT_FLAG, resume, NULL,
         "continue the earlier sweep of this name: run only the runs\n"
         "whose rows are missing (with none there, start it)")},
    {OPT("block", PB_OPT_INT, block, "N",
         "runs measured together at most before their rows are written"),
     .lo = 1, .hi = 1000000},
    {OPT("against", PB_OPT_TEXT, against, "BINARY",
         "measure every run in this build and in BINARY (another\n"
         "puzzlebench), interleaved round by round (see above)")},
    {OPT("pairing", PB_OPT_CHOICE, pairing, NULL,
         "with --against: duet (a run's two samples at the same time,\n"
         "one core each, then swapped at once), alternate (one run at a\n"
         "time), or auto: duet where the machine has two cores and the\n"
         "runs one thread each, else alternate"),
     .choices = pb_pairings},
    {OPT("against-slowdown", PB_OPT_TEXT, against_slowdown, "F",
         "with --against: the other build is F times as slow (1 to 100;\n"
         "the `slowdown` key given to it alone): a known change, to\n"
         "test what the method detects")},
    {OPT("against-processes", PB_OPT_INT, processes, "P",
         "with --against: worker processes per build, the rounds spread\n"
         "over them two at a time, each helper running a fresh copy of the\n"
         "binary, so that what holds for one process or file (where its memory\n"
         "and code lie) shows in the ratio's interval instead of biasing it\n"
         "(default 6)"),
     .lo = 1, .hi = PB_AGAINST_MAX_PROCESSES},
    {OPT("serve", PB_OPT_TEXT, serve, "BINARY",
         "internal to --against: measure the runs as asked on stdin;\n"
         "BINARY is the other build, for the .meta")},
    {OPT("run-id", PB_OPT_TEXT, run_id, "ID",
         "internal to --against: the run_id both builds' files share")},
    {OPT("serve-helper", PB_OPT_FLAG, helper, NULL,
         "internal to --against: with --serve, measure only (no files:\n"
         "another worker of the build writes the rows)")},
    PB_OPTION_END,
};

static const sweep_cli sweep_defaults = {.block = PB_SWEEP_BLOCK_RUNS};

static void print_help(void)
{
    pb_sweep_spec defaults;
    fputs(sweep_about, stdout);
    pb_options_help(stdout, sweep_options, "sweep", &sweep_defaults);
    fputs("keys (in FILE, or as --KEY VALUE):\n", stdout);
    if (!pb_sweep_spec_init(&defaults)) pb_options_help(stdout, pb_sweep_keys, NULL, &defaults);
    pb_sweep_spec_free(&defaults);
    for (const pb_family *const *f = pb_families; *f; f++) {
        /* The family's settings; the options that name an instance are not keys. */
        pb_option keys[64];
        int n = 0;
        for (const pb_option *o = (*f)->options; o && o->name && n < 63; o++)
            if (o->type != PB_OPT_INSTANCE) keys[n++] = *o;
        keys[n] = (pb_option)PB_OPTION_END;
        if (!n) continue;
        printf("keys of family %s:\n", (*f)->name);
        pb_options_help(stdout, keys, NULL, (*f)->params_default);
    }
    fputs("\nexit status: 0 done, 2 bad usage or input, an existing sweep, or a file that\n"
          "cannot be written, 4 a run's counts varied (a bug),\n"
          "77 skipped: a collection's folder is absent (nothing written),\n"
          "130 interrupted (SIGINT), 143 stopped by SIGTERM or SIGHUP\n",
          stdout);
}

/* The sweep's keys, and every family's settings, as text options whose values land
 * in values[] (applied over the file once it is read). */
static pb_option *key_options(const char **names, int max, int *n)
{
    int cap = 0;
    for (const pb_option *o = pb_sweep_keys; o->name; o++) cap++;
    for (const pb_family *const *f = pb_families; *f; f++)
        for (const pb_option *o = (*f)->options; o && o->name; o++) cap++;
    pb_option *keys = calloc((size_t)cap + 1, sizeof *keys);
    if (!keys) return NULL;
    *n = 0;
    for (const pb_option *o = pb_sweep_keys; o->name; o++) names[(*n)++] = o->name;
    for (const pb_family *const *f = pb_families; *f; f++)
        for (const pb_option *o = (*f)->options; o && o->name; o++) {
            int seen = o->type == PB_OPT_INSTANCE;
            for (int i = 0; i < *n && !seen; i++) seen = !strcmp(names[i], o->name);
            if (!seen && *n < max) names[(*n)++] = o->name;
        }
    for (int i = 0; i < *n; i++)
        keys[i] = (pb_option){.name = names[i],
                              .type = PB_OPT_TEXT,
                              .offset = (size_t)i * sizeof(const char *),
                              .arg = "VALUE"};
    return keys;
}

/* Tells the spec which keys the options gave (their names into given, NULL-ended,
 * room for n + 1), so that it reads none of their lines in the file. */
static void give_keys(pb_sweep_spec *spec, const char **names, const char **values, int n,
                      const char **given)
{
    int k = 0;
    for (int i = 0; i < n; i++)
        if (values[i]) given[k++] = names[i];
    given[k] = NULL;
    spec->given = given;
}

/* Reads FILE into the spec (instances relative to its folder) and its content hash
 * into hash. 0, or the exit status. */
static int read_file(pb_sweep_spec *spec, const char *file, int quick, char *hash, size_t hashlen)
{
    char err[PB_MSG_LONG_MAX];
    size_t len;
    char *text = pb_read_file(file, &len, err, sizeof err);
    pb_error pe = {0, ""};
    if (!text) return pb_say("sweep: %s", err), PB_EXIT_USAGE;
    pb_input_note(file);
    pb_sweep_hash_text(text, len, hash, hashlen);
    int bad = pb_sweep_spec_parse(spec, text, len, &pe);
    free(text);
    if (bad) return pb_say("sweep: %s:%d: %s", file, pe.line, pe.msg), PB_EXIT_USAGE;
    if (quick) pb_sweep_spec_quick(spec);
    if (pb_sweep_spec_relative_to(spec, file) || pb_sweep_spec_name_from(spec, file))
        return pb_usage_error("sweep", "out of memory");
    return 0;
}

/* Applies the keys given as options, then resolves the family. 0, or the status. */
static int apply_overrides(pb_sweep_spec *spec, const char **names, const char **values, int n,
                           const char *source)
{
    pb_error pe = {0, ""};
    for (int i = 0; i < n; i++)
        if (values[i] && pb_sweep_spec_set(spec, names[i], values[i], 0, &pe))
            return pb_usage_error("sweep", "--%s", pe.msg);
    if (pb_sweep_spec_resolve(spec, &pe)) {
        if (pe.line) return pb_say("sweep: %s:%d: %s", source, pe.line, pe.msg), PB_EXIT_USAGE;
        return pb_usage_error("sweep", "%s: %s", source, pe.msg);
    }
    return 0;
}

/* The folder a sweep without --out writes into: sweep-NAME-DATE in the current
 * directory, DATE the UTC time of the start, so that no run lands on another's files
 * (nor in results/ unless asked). A name taken already (two starts in one second)
 * gets -2, -3, ... Rank 0 picks it and every rank of an MPI world takes its pick.
 * 0, or the exit status. */
static int default_out(const pb_sweep_spec *spec, const sweep_cli *cli, char *dir, size_t len)
{
    if (cli->resume)
        return pb_usage_error("sweep", "--resume continues the sweep in a folder: name it with "
                                       "--out DIR (without --out each sweep gets a new one)");
    if (!pb_world_get()->rank) {
        char when[32];
        struct stat st;
        const time_t now = time(NULL);
        struct tm tm;
        strftime(when, sizeof when, "%Y%m%d-%H%M%S", gmtime_r(&now, &tm));
        snprintf(dir, len, "sweep-%s-%s", spec->name, when);
        for (int k = 2; !stat(dir, &st) && k < 1000; k++)
            snprintf(dir, len, "sweep-%s-%s-%d", spec->name, when, k);
    }
    if (pb_world_bcast(dir, len, 0)) return pb_usage_error("sweep", "MPI broadcast failed");
    if (!pb_world_get()->rank && !cli->list) /* -q too: the files must be found */
        pb_say("sweep: writing into %s/ (--out DIR chooses the folder)", dir);
    return 0;
}

/* --against, --serve and --run-id: what goes with what. 0, or the exit status. */
static int check_against(const sweep_cli *cli)
{
    const char *id = cli->run_id;
    if (cli->against && cli->serve)
        return pb_usage_error("sweep",
                              "--against starts the workers that --serve is for: give one");
    if (cli->pairing != PB_PAIR_AUTO && !cli->against && !cli->serve)
        return pb_usage_error("sweep", "--pairing goes with --against (two builds)");
    if (cli->against_slowdown && !cli->against)
        return pb_usage_error("sweep", "--against-slowdown goes with --against");
    double f;
    if (cli->against_slowdown && pb_parse_real(cli->against_slowdown, 1, 100, &f))
        return pb_usage_error("sweep",
                              "--against-slowdown expects a number from 1 to 100, got '%s'",
                              cli->against_slowdown);
    if (cli->processes && !cli->against && !cli->serve)
        return pb_usage_error("sweep", "--against-processes goes with --against");
    if (cli->helper && !cli->serve)
        return pb_usage_error("sweep", "--serve-helper goes with --serve");
    if (cli->against && !*cli->against)
        return pb_usage_error("sweep", "--against expects the path of another puzzlebench");
    for (const char *p = cli->against; p && *p; p++)
        if ((unsigned char)*p < 0x20 || *p == 0x7f) /* the .meta's against= line holds it */
            return pb_usage_error("sweep", "--against: a path with control characters is refused");
    if (id && (!*id || strlen(id) > 31 ||
               strspn(id, "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
                          "abcdefghijklmnopqrstuvwxyz-") != strlen(id)))
        return pb_usage_error("sweep",
                              "--run-id expects up to 31 letters, digits and '-', got '%s'", id);
    return 0;
}

/* The arguments after "sweep" that both workers of --against get: the file, the keys
 * given as options (but the name and workers, which each worker gets of its own), and
 * --out, --quick, --force and --resume. NULL-ended, or NULL; one malloc'd block, which holds the
 * "--KEY" words too (the values are argv's). */
static char **worker_args(const sweep_cli *cli, const char *file, const char **names,
                          const char **values, int nkeys)
{
    enum { WORD = 80 };
    const size_t slots = (size_t)nkeys * 2 + 8;
    char **a = calloc(1, slots * sizeof *a + (size_t)nkeys * WORD);
    char *words = (char *)(a + slots);
    int n = 0;
    if (!a) return NULL;
    if (file) a[n++] = (char *)file;
    for (int i = 0; i < nkeys; i++)
        if (values[i] && strcmp(names[i], "name") && strcmp(names[i], "workers")) {
            snprintf(words + (size_t)i * WORD, WORD, "--%s", names[i]);
            a[n++] = words + (size_t)i * WORD, a[n++] = (char *)values[i];
        }
    a[n++] = "--out", a[n++] = (char *)cli->out;
    if (cli->quick) a[n++] = "--quick";
    if (cli->force) a[n++] = "--force";
    if (cli->resume) a[n++] = "--resume";
    return a;
}

/* NAME-against holds the other build's side of an --against sweep NAME: no sweep of
 * one's own takes that name. 0, or the exit status after saying why. */
static int name_refused(const pb_sweep_spec *spec, const char *source)
{
    const size_t nlen = strlen(spec->name);
    if (nlen < 8 || strcmp(spec->name + nlen - 8, "-against")) return 0;
    char where[PB_PATH_EXT_MAX];
    pb_sweep_spec_at(spec, "name", source, where, sizeof where);
    return pb_usage_error("sweep",
                          "%sname expects a name not ending in '-against' (the other side of "
                          "an --against sweep), got '%s'",
                          where, spec->name);
}

int pb_cmd_sweep(int argc, char **argv)
{
    const char *names[256], *values[256] = {0}, *keys_given[257], *pos[1];
    int nkeys = 0, npos = 0, rc;
    sweep_cli cli = sweep_defaults;
    cli.block = 0; /* 0 after parsing: no --block (its range starts at 1), the default */
    pb_option *keys = key_options(names, 256, &nkeys);
    pb_sweep_spec spec;
    if (!keys || pb_sweep_spec_init(&spec))
        return free(keys), pb_usage_error("sweep", "out of memory");
    pb_opt_group groups[] = {{sweep_options, &cli}, {keys, values}};
    rc = pb_options_parse("sweep", groups, 2, argc, argv, 2, pos, 1, &npos, NULL);
    if (rc == PB_OPT_HELP) print_help();
    if (rc) {
        rc = rc == PB_OPT_HELP ? 0 : PB_EXIT_USAGE;
        goto out;
    }
    const int block_given = cli.block != 0;
    if (!block_given) cli.block = sweep_defaults.block;
    int given = npos;
    for (int i = 0; i < nkeys; i++) given += values[i] != NULL;
    if (!given) {
        rc = pb_usage_error("sweep", "expected a sweep file (FILE.sweep) or the sweep's keys as "
                                     "options (--family FAMILY ...)");
        goto out;
    }
    const char *source = npos ? pos[0] : "(options)";
    char hash[40] = "none", out_dir[600] = "";
    if (cli.force && cli.resume) {
        rc = pb_usage_error("sweep", "--force starts over, --resume continues: give one");
        goto out;
    }
    if ((rc = check_against(&cli))) goto out;
    give_keys(&spec, names, values, nkeys, keys_given);
    if (!npos && cli.quick) pb_sweep_spec_quick(&spec);
    if ((npos && (rc = read_file(&spec, pos[0], cli.quick, hash, sizeof hash))) ||
        (rc = apply_overrides(&spec, names, values, nkeys, source)))
        goto out;
    if (!cli.serve && (rc = name_refused(&spec, source))) goto out;
    if (!cli.out) {
        if ((rc = default_out(&spec, &cli, out_dir, sizeof out_dir))) goto out;
        cli.out = out_dir;
    }
    pb_sweep_opts opts = {.out_dir = cli.out,
                          .out_new = cli.out == out_dir,
                          .bind = pb_bind_modes[spec.matrix.bind],
                          .source = source,
                          .source_hash = hash,
                          .list_only = cli.list,
                          .quiet = cli.quiet,
                          .force = cli.force,
                          .resume = cli.resume,
                          .block = cli.block,
                          .block_given = block_given,
                          .against = cli.against,
                          .pairing = cli.pairing,
                          .against_slowdown = cli.against_slowdown,
                          .processes = cli.processes ? cli.processes : PB_AGAINST_PROCESSES,
                          .serve = cli.serve,
                          .serve_helper = cli.helper,
                          .run_id = cli.run_id};
    char **args = NULL;
    if (cli.against && !(args = worker_args(&cli, npos ? pos[0] : NULL, names, values, nkeys))) {
        rc = pb_usage_error("sweep", "out of memory");
        goto out;
    }
    opts.worker_args = args;
    rc = pb_sweep_run(&spec, &opts);
    free(args);
out:
    pb_sweep_spec_free(&spec);
    free(keys);
    return rc;
}
