/* sweep_against.c — `sweep --against OTHER`: every run of the sweep measured in two
 * builds, this one and OTHER, each in a long-lived worker process (sweep --serve,
 * sweep_serve.c) fed one step at a time over a pipe, so that no time includes a
 * process start. One run is measured at a time. Each round takes the due samples of
 * both builds in a fresh seeded order: drift and bursts of load fall on both alike,
 * and `compare` pairs their samples round by round (the two files share one run_id).
 * In a duet (the default where it can be) the two builds take the samples of a run at
 * the same time, in batches of one size, each bound to its half of the cores, and
 * straight after with the halves swapped (two rounds): both then share the machine's
 * interference of that moment (duet benchmarking, Bulej et al., ICPE 2020).
 * A pair takes further rounds, up to max-samples, while the 95% interval of its time
 * ratio, as compare will compute it, is wider than +-ci-target.
 * Each build has --against-processes workers: the first writes the build's files,
 * the others (--serve-helper) only measure, and the rounds go to them two at a time
 * (both halves of the cores in turn), their samples handed to the first worker
 * (`take`). A helper warms a run up but takes the first worker's runs per sample
 * rather than calibrating its own: one calibration a run, not one a process. What
 * holds for the life of one process, such as where its memory lies, then differs
 * from round to round and shows in the ratio's interval instead of biasing it
 * (repetition at the level where the variance is: Kalibera and Jones). A helper
 * runs a fresh copy of its build's binary: two files of the same bytes lie in
 * different physical pages, and where a program's code lies can make it a few per
 * cent faster or slower for as long as that file is cached, which one file per
 * build would turn into a bias no round could show (Mytkowicz et al., ASPLOS 2009). */
#define _DEFAULT_SOURCE /* realpath */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "harness/base/exit.h"
#include "harness/base/options.h"
#include "harness/base/say.h"
#include "harness/io/inputs.h"
#include "harness/io/outfile.h"
#include "harness/io/peer.h"
#include "harness/io/readfile.h"
#include "harness/measure/spawn.h"
#include "harness/sweep/sweep_out.h"
#include "stats/nested.h"
#include "stats/paired.h"
#include "sweep_exec.h"
#include "sweep_scratch.h"
#include "harness/base/sizes.h"

enum { THIS, OTHER, SIDES };

/* A run of one build as its worker's answers give it. */
typedef struct side_run {
    int phase, wants, can, n;
    int round[PB_MAX_SAMPLES];
    double s[PB_MAX_SAMPLES];
} side_run;

typedef struct against {
    pb_sweep_exec *e;
    const pb_sweep_opts *opts;
    long *order;                                   /* a round's steps, in its order */
    pb_peer peer[SIDES][PB_AGAINST_MAX_PROCESSES]; /* [k][0] writes build k's files */
    int procs;                                     /* workers per build */
    const char *binary[SIDES];
    char copies[PATH_MAX];                                     /* the helpers' binaries */
    char copy[SIDES][PB_AGAINST_MAX_PROCESSES][PATH_MAX + 16]; /* [k][p], p >= 1 */
    char name[SIDES][128];
    side_run *run[SIDES]; /* the block's runs, from its first */
    unsigned char *done;  /* --resume: both builds' files hold the run's row */
    int complete[SIDES];  /* --resume: the build's worker found its files complete */
    long first;
    int broken; /* a worker answered wrongly or ended: said once, the sweep stops */
    int duet;   /* the pairing resolved: 1 duet, 0 alternate */
} against;

/* Says once that worker k failed, in what. */
static void broke(against *a, int k, const char *what)
{
    if (a->broken) return;
    a->broken = 1;
    if (pb_interrupted) return; /* a wait the signal cut short: the signal is the news */
    pb_say("sweep --against: the worker of %s %s (%s)", a->binary[k], what,
           k == THIS ? "this build" : "the other build");
}

/* Sends cmd to worker p of build k. */
static void send_to(against *a, int k, int p, const char *cmd)
{
    if (!a->broken && pb_peer_send(&a->peer[k][p], cmd)) broke(a, k, "stopped answering");
}

/* Reads worker p of build k's answer into reply. 0, or -1 (said). */
static int read_from(against *a, int k, int p, char *reply, size_t len)
{
    if (a->broken) return -1;
    if (!pb_peer_read(&a->peer[k][p], reply, len)) return 0;
    broke(a, k, "stopped answering");
    return -1;
}

/* Sends cmd to worker p of build k and reads its answer into reply. 0, or -1 (said). */
static int ask(against *a, int k, int p, const char *cmd, char *reply, size_t len)
{
    send_to(a, k, p, cmd);
    return read_from(a, k, p, reply, len);
}

/* Asks worker p of build k for a step of run i: begin (round < 0), or a sample in round. */
static void send_step(against *a, int k, int p, long i, int round)
{
    char cmd[64];
    if (round < 0)
        snprintf(cmd, sizeof cmd, "begin %ld", i);
    else
        snprintf(cmd, sizeof cmd, "sample %ld %d", i, round);
    send_to(a, k, p, cmd);
}

/* A helper's answer to a step: its seconds into secs ("-" when it took none), followed
 * by its CPU seconds where the helper gives them (a build of before they were kept
 * answers without), so that they can be handed over as they came. */
static void helper_answer(against *a, int k, int p, char *secs, size_t len)
{
    char reply[128], s[48], cpu[48];
    int phase, wants, can;
    snprintf(secs, len, "-");
    if (read_from(a, k, p, reply, sizeof reply)) return;
    const int got = sscanf(reply, "ok %d %d %d %47s %47s", &phase, &wants, &can, s, cpu);
    if (got < 4) {
        broke(a, k, "gave an answer it should not");
        return;
    }
    if (strcmp(s, "-")) snprintf(secs, len, "%s %s", s, got == 5 ? cpu : "-");
}

/* The worker of build k that measures round `round`: the rounds go to the workers two
 * at a time, so that each takes both halves of the cores in a duet. */
static int worker_of(const against *a, int round)
{
    return round < 0 ? 0 : (round / 2) % a->procs;
}

/* Reads worker k's answer to a step of run i and keeps it. */
static void take_step(against *a, int k, long i, int round)
{
    char reply[128], secs[48];
    side_run *r = &a->run[k][i - a->first];
    if (read_from(a, k, 0, reply, sizeof reply)) return;
    if (sscanf(reply, "ok %d %d %d %47s", &r->phase, &r->wants, &r->can, secs) != 4) {
        broke(a, k, "gave an answer it should not");
        return;
    }
    if (strcmp(secs, "-") && r->n < PB_MAX_SAMPLES) {
        r->round[r->n] = round;
        r->s[r->n++] = strtod(secs, NULL);
    }
}

static void step(against *a, int k, long i, int round)
{
    send_step(a, k, 0, i, round);
    take_step(a, k, i, round);
}

/* Hands build k's sample of run i in round, secs seconds per run as helper p measured
 * it, to the build's first worker, and keeps its answer. */
static void give(against *a, int k, int p, long i, int round, const char *secs)
{
    char cmd[256];
    snprintf(cmd, sizeof cmd, "take %ld %d %d %s", i, round, p, secs);
    send_to(a, k, 0, cmd);
    take_step(a, k, i, round);
}

/* Tells worker p of build k that run i keeps none of its samples (its first run, kept
 * as one); a helper's answer is read here, the first worker's by the caller. */
static void unkeep(against *a, int k, int p, long i)
{
    char cmd[64], reply[128];
    snprintf(cmd, sizeof cmd, "keep %ld 0", i);
    send_to(a, k, p, cmd);
    if (p) (void)read_from(a, k, p, reply, sizeof reply);
}

/* Whether run i of the block takes a further round: both builds may sample on and the
 * interval of their time ratio is wider than ci-target. */
static int wants_more(const against *a, long i)
{
    const side_run *x = &a->run[THIS][i - a->first], *y = &a->run[OTHER][i - a->first];
    double tx[PB_MAX_SAMPLES], ty[PB_MAX_SAMPLES];
    int ix[PB_MAX_SAMPLES], iy[PB_MAX_SAMPLES], group[PB_MAX_SAMPLES];
    pb_paired p;
    if (!(a->e->ci_target > 0) || x->phase != JOB_SAMPLING || y->phase != JOB_SAMPLING || !x->can ||
        !y->can)
        return 0;
    const int n = pb_pair_by_round_at(x->round, x->s, x->n, y->round, y->s, y->n, tx, ty, ix, iy);
    /* A duet's worker takes its rounds two at a time, on one half of the cores and then
     * the other: only the two together cancel what one half does faster (on a VM one
     * virtual core can be much slower than the other for minutes). */
    if (a->duet && n % 2) return 1;
    /* The interval compare will give the pair, but for the pooled term that two
     * processes add there (it needs every pair). */
    int groups;
    for (int k = 0; k < n; k++) group[k] = worker_of(a, x->round[ix[k]]);
    const pb_paired_logs l = pb_nested_pair_logs(tx, ty, group, n, &groups);
    /* Stopping when a few processes happen to agree would pick the intervals that came
     * out too narrow: every process has its say first. */
    if (a->procs >= PB_NESTED_MIN_GROUPS && groups < a->procs) return 1;
    return pb_paired_from_logs(l, 0, 0.95, &p) || !(p.halfwidth <= a->e->ci_target);
}

/* Whether worker k's run i takes a sample this round (more: its pair wants one). */
static int due(const against *a, int k, long i, int extra, int more)
{
    const side_run *r = &a->run[k][i - a->first];
    return r->phase == JOB_SAMPLING && (extra ? more : r->wants);
}

/* a->order[0 .. n - 1] shuffled by the seed and the round. */
static void shuffle(against *a, long n, int round)
{
    uint64_t state = pb_sweep_mix((uint64_t)a->e->seed ^ pb_sweep_mix((uint64_t)round + 1));
    for (long i = n - 1; i > 0; i--) {
        state = pb_sweep_mix(state);
        const long j = (long)(state % (uint64_t)(i + 1)), t = a->order[i];
        a->order[i] = a->order[j], a->order[j] = t;
    }
}

/* Build k's sample of run i in round, taken by its worker p (a helper hands it over). */
static void sample_one(against *a, int k, int p, long i, int round)
{
    char secs[100];
    if (!p) {
        step(a, k, i, round);
        return;
    }
    send_step(a, k, p, i, round);
    helper_answer(a, k, p, secs, sizeof secs);
    if (strcmp(secs, "-")) give(a, k, p, i, round, secs);
}

/* Both builds' samples of run i in round, taken at the same time by their workers p:
 * from helpers, both or (where one took none) neither are handed over. */
static void sample_both(against *a, int p, long i, int round)
{
    char secs[SIDES][100];
    /* Which side is asked first (and may start a few microseconds sooner) is drawn. */
    const int first = (int)(pb_sweep_mix((uint64_t)a->e->seed ^
                                         pb_sweep_mix(((uint64_t)i << 20) + (uint64_t)round)) &
                            1);
    for (int k = 0; k < SIDES; k++) send_step(a, k ^ first, p, i, round);
    if (!p) {
        for (int k = 0; k < SIDES; k++) take_step(a, k, i, round);
        return;
    }
    for (int k = 0; k < SIDES; k++) helper_answer(a, k, p, secs[k], sizeof secs[k]);
    if (strcmp(secs[THIS], "-") && strcmp(secs[OTHER], "-"))
        for (int k = 0; k < SIDES; k++) give(a, k, p, i, round, secs[k]);
}

/* Binds worker p of build k to part `part` of the cores split in two (a duet). */
static void bind_to(against *a, int k, int p, int part)
{
    char cmd[16], reply[16];
    snprintf(cmd, sizeof cmd, "bind %d", part);
    (void)ask(a, k, p, cmd, reply, sizeof reply);
}

/* Run i's runs per sample in worker p of build k, set to `runs` first where > 0: the
 * runs, or -1 (said). */
static long runs_of(against *a, int k, int p, long i, long runs)
{
    char cmd[64], reply[64];
    long now;
    snprintf(cmd, sizeof cmd, "runs %ld %ld", i, runs);
    if (ask(a, k, p, cmd, reply, sizeof reply) || sscanf(reply, "ok %ld", &now) != 1)
        return broke(a, k, "gave an answer it should not"), -1;
    return now;
}

/* Run i begun by both builds' helpers p (warm-up only: a helper does not calibrate),
 * then given their first worker's runs per sample (runs[k] for build k); in a duet at
 * the same time, each on its half of the cores, else one build after the other. */
static void begin_helpers(against *a, int p, long i, const long *runs)
{
    char secs[SIDES][100];
    for (int k = 0; k < SIDES; k++) {
        send_step(a, k, p, i, -1);
        if (!a->duet) helper_answer(a, k, p, secs[k], sizeof secs[k]);
    }
    for (int k = 0; a->duet && k < SIDES; k++) helper_answer(a, k, p, secs[k], sizeof secs[k]);
    for (int k = 0; k < SIDES; k++) {
        if (strcmp(secs[k], "-")) unkeep(a, k, p, i); /* a helper's samples are the rounds' */
        if (runs[k] > 0) (void)runs_of(a, k, p, i, runs[k]);
    }
}

/* Run i's first run, kept as a sample by one build only (it was as long as a sample
 * there, a little shorter in the other), dropped again, so that both take their
 * samples in the same rounds, and as many. */
static void even_first(against *a, long i)
{
    side_run *r[SIDES] = {&a->run[THIS][i - a->first], &a->run[OTHER][i - a->first]};
    if (r[THIS]->n == r[OTHER]->n) return;
    const int k = r[THIS]->n > r[OTHER]->n ? THIS : OTHER;
    r[k]->n = 0;
    unkeep(a, k, 0, i);
    if (!a->broken) take_step(a, k, i, -1);
}

/* In a duet, run i begun by both builds' first workers at the same time, each on its
 * half of the cores (bound so by run_block), as their samples will be taken: the
 * warm-up and the calibration of runs per sample, half the time they took one after
 * the other. Then both take the larger of their two calibrations: calibrated apart, on
 * cores of different speed, one side's batches can be much longer, and it then runs on
 * alone at the end of each sample, which on a VM whose two cores share a physical one
 * is faster: a bias between identical builds (the CHANGELOG has the measurement). The
 * runs per sample into runs[]. */
static void begin_both(against *a, long i, long *runs)
{
    for (int k = 0; k < SIDES; k++) send_step(a, k, 0, i, -1);
    for (int k = 0; k < SIDES; k++) take_step(a, k, i, -1);
    for (int k = 0; k < SIDES; k++)
        if ((runs[k] = runs_of(a, k, 0, i, 0)) < 0) return;
    const long most = runs[THIS] > runs[OTHER] ? runs[THIS] : runs[OTHER];
    for (int k = 0; k < SIDES && most > 0; k++)
        if (runs[k] != most) runs[k] = runs_of(a, k, 0, i, most);
}

/* The runs of the block first .. end - 1 whose samples are due in both builds this
 * round, into a->order: run i, or in alternate 2 i + build (extra: a round beyond
 * `samples`, for the pairs known less well than ci-target). Returns how many samples
 * that makes. */
static long due_steps(against *a, long end, int extra, long *n)
{
    long due_n = 0;
    *n = 0;
    for (long i = a->first; i < end; i++) {
        const int more = extra && wants_more(a, i);
        if (!due(a, THIS, i, extra, more) || !due(a, OTHER, i, extra, more)) continue;
        due_n += SIDES;
        if (a->duet)
            a->order[(*n)++] = i;
        else
            for (int k = 0; k < SIDES; k++) a->order[(*n)++] = 2 * i + k;
    }
    return due_n;
}

/* Round `round` of the block, alternate: one at a time, the due samples of both
 * builds are taken as (run, build) steps in an order drawn from the seed and the
 * round. A run takes its samples in pairs, one in each build: once one side may not
 * sample on (its rep-budget spent), neither does the other, so that every sample has
 * its partner in the same round. Returns how many samples were due (0: the block is
 * sampled). */
static long one_round(against *a, long end, int round, int extra)
{
    long n;
    const long due_n = due_steps(a, end, extra, &n);
    if (!due_n) return 0;
    shuffle(a, n, round);
    const int p = worker_of(a, round);
    for (long s = 0; s < n && !pb_interrupted; s++)
        sample_one(a, (int)(a->order[s] % 2), p, a->order[s] / 2, round);
    return due_n;
}

/* Whether both builds' run i may take a further sample. */
static int both_can(const against *a, long i)
{
    for (int k = 0; k < SIDES; k++) {
        const side_run *r = &a->run[k][i - a->first];
        if (r->phase != JOB_SAMPLING || !r->can) return 0;
    }
    return 1;
}

/* Rounds `round` and round + 1 (round even) of the block, a duet: each due run, in an
 * order drawn from the seed and the round, takes both rounds back to back, both
 * builds' samples at the same time, each build's worker bound to one half of the
 * cores in the first and to the other half in the second. One virtual core can run
 * a third slower than the other, for seconds or minutes, and change within a second:
 * the two halves of a run's swap, some 20 ms apart rather than a block's round apart,
 * see the same two cores, and their mean cancels it (the CHANGELOG has the
 * measurement). Every other run takes the second half first, so that a worker's
 * binding changes once a run. `local`: the block's own count of rounds before these
 * (`round` counts the sweep's): the regular ones are below `samples`. Returns how many
 * samples were due in the first. */
static long duet_rounds(against *a, long end, int round, int local)
{
    const pb_sweep_exec *e = a->e;
    long n;
    const long due_n = due_steps(a, end, local >= e->timing.samples, &n);
    if (!due_n) return 0;
    shuffle(a, n, round);
    const int p = worker_of(a, round);
    int bound = -1; /* the half this build's worker is on: the other's is the other */
    for (long s = 0; s < n && !pb_interrupted; s++) {
        const long i = a->order[s];
        for (int h = 0; h < 2 && !pb_interrupted; h++) {
            const int r = round + (h ^ (int)(s % 2));
            if (h && !both_can(a, i)) break;
            if (bound != r % 2)
                for (int k = 0; k < SIDES; k++) bind_to(a, k, p, (k + r) % 2);
            bound = r % 2;
            sample_both(a, p, i, r);
        }
    }
    return due_n;
}

/* The progress of the regular rounds from .. to - 1 (those below `samples`) of the
 * block's runs, one step a build: a run counts every round, sampled or not, so that
 * the steps reach the total whatever samples the runs took. */
static void progress_rounds(against *a, long end, int from, int to)
{
    const pb_sweep_exec *e = a->e;
    if (to > e->timing.samples) to = e->timing.samples;
    for (int r = from; r < to && !e->quiet; r++)
        for (long i = a->first; i < end; i++)
            for (int k = 0; k < SIDES && !a->done[i]; k++) pb_progress_step(&a->e->progress);
}

/* The runs first .. end - 1: begun in both builds (in a duet at the same time, else
 * which goes first drawn from the seed), sampled in rounds, then ended and written by
 * both. */
static void run_block(against *a, long end, int *rounds)
{
    const pb_sweep_exec *e = a->e;
    const pb_timing_opts *o = &e->timing;
    const int most = o->max_samples > o->samples ? o->max_samples : o->samples;
    char cmd[64], reply[64];
    for (int p = 0; a->duet && p < a->procs; p++)
        for (int k = 0; k < SIDES; k++) bind_to(a, k, p, k);
    for (long i = a->first; i < end && !pb_interrupted && !a->broken; i++) {
        long runs[SIDES] = {0, 0};
        if (a->done[i]) continue; /* never begun: no sample is due, and none is written */
        if (a->duet) {
            begin_both(a, i, runs);
        } else {
            const int k = (int)(pb_sweep_mix((uint64_t)e->seed ^ pb_sweep_mix((uint64_t)~i)) % 2);
            step(a, k, i, -1);
            step(a, 1 - k, i, -1);
            for (int side = 0; side < SIDES && a->procs > 1; side++)
                runs[side] = runs_of(a, side, 0, i, 0);
        }
        even_first(a, i);
        for (int p = 1; p < a->procs; p++) begin_helpers(a, p, i, runs);
        for (int k = 0; k < SIDES && !e->quiet; k++) pb_progress_step(&a->e->progress);
    }
    /* A duet's rounds come in twos, one on each half of the cores. */
    const int step = a->duet ? 2 : 1;
    int r = 0;
    for (; r < most && !pb_interrupted && !a->broken; r += step) {
        if (!(a->duet ? duet_rounds(a, end, *rounds, r)
                      : one_round(a, end, *rounds, r >= o->samples)))
            break;
        *rounds += step;
        progress_rounds(a, end, r, r + step);
    }
    /* Runs that took fewer samples (a limit, the rep-budget, a first run kept as one)
     * still end their part of the total. */
    if (!pb_interrupted && !a->broken) progress_rounds(a, end, r, o->samples);
    snprintf(cmd, sizeof cmd, "end %ld %ld", a->first, end);
    for (int k = 0; k < SIDES; k++) (void)ask(a, k, 0, cmd, reply, sizeof reply);
}

/* Writes len bytes to path, a new file (never through a link) its owner alone may run.
 * 0, or -1 with "PATH: cannot write: REASON" in err. */
static int write_program(const char *path, const char *bytes, size_t len, char *err, size_t errlen)
{
    const int fd = pb_out_open(path, O_WRONLY | O_CREAT | O_EXCL, err, errlen);
    if (fd < 0) return -1;
    size_t done = 0;
    for (ssize_t w; done < len && (w = write(fd, bytes + done, len - done)) > 0;) done += (size_t)w;
    int ok = done == len && !fchmod(fd, 0700);
    if (close(fd)) ok = 0;
    if (!ok) snprintf(err, errlen, "%s: cannot write: %s", path, strerror(errno));
    return ok ? 0 : -1;
}

/* The helpers' copies of the two binaries, in a scratch folder, each binary read once.
 * 0, or -1 (said). */
static int make_copies(against *a)
{
    char err[PB_MSG_LONG_MAX];
    if (a->procs < 2) return 0;
    if (pb_sweep_scratch_dir("against", a->copies, sizeof a->copies)) return -1;
    for (int k = 0; k < SIDES; k++) {
        size_t len;
        char *bytes = pb_read_file(a->binary[k], &len, err, sizeof err);
        for (int p = 1; bytes && p < a->procs; p++) {
            snprintf(a->copy[k][p], sizeof a->copy[k][p], "%s/%d-%d", a->copies, k, p);
            if (write_program(a->copy[k][p], bytes, len, err, sizeof err))
                free(bytes), bytes = NULL;
        }
        if (!bytes)
            return pb_say("sweep --against: cannot copy a binary for a helper: %s", err), -1;
        free(bytes);
    }
    return 0;
}

/* Starts worker p of build k: argv is the binary (a helper's copy of it), "sweep", the
 * arguments every worker gets, then its own (--serve, --run-id, --name, --workers 1,
 * --quiet, and for a helper --serve-helper). Checks that it expanded the sweep into
 * the runs this process did. 0, or -1 (said). */
static int start(against *a, int k, int p, const char *run_id)
{
    const sweep_plan *plan = a->e->plan;
    char *const *args = a->opts->worker_args;
    int n = 0;
    while (args[n]) n++;
    char **argv = calloc((size_t)n + 20, sizeof *argv), procs[16];
    if (!argv) return pb_say("sweep: out of memory"), -1;
    int at = 0;
    argv[at++] = p ? a->copy[k][p] : (char *)a->binary[k];
    argv[at++] = "sweep";
    const int own_slowdown = k == OTHER && a->opts->against_slowdown;
    for (int i = 0; i < n; i++)
        if (own_slowdown && !strcmp(args[i], "--slowdown") && i + 1 < n)
            i++; /* the other build's slowdown is --against-slowdown, given below */
        else
            argv[at++] = args[i];
    const char *own[] = {"--serve",
                         a->binary[1 - k],
                         "--run-id",
                         run_id,
                         "--name",
                         a->name[k],
                         "--workers",
                         "1",
                         "--quiet",
                         "--pairing",
                         a->duet ? "duet" : "alternate",
                         "--against-processes",
                         procs,
                         NULL};
    snprintf(procs, sizeof procs, "%d", a->procs);
    for (int i = 0; own[i]; i++) argv[at++] = (char *)own[i];
    if (p) argv[at++] = "--serve-helper";
    if (own_slowdown) {
        argv[at++] = "--slowdown";
        argv[at++] = (char *)a->opts->against_slowdown;
    }
    char err[PB_MSG_LONG_MAX], line[128], want[64];
    pb_peer *peer = &a->peer[k][p];
    int rc = pb_peer_start(peer, argv, &pb_interrupted, err, sizeof err);
    free(argv);
    if (rc) return pb_say("sweep --against: %s", err), a->broken = 1, -1;
    snprintf(want, sizeof want, "ready %ld %016llx", plan->njobs,
             (unsigned long long)pb_sweep_jobs_hash(plan));
    const int got = pb_peer_read(peer, line, sizeof line);
    if (!got && !p && !strcmp(line, "complete")) { /* --resume: nothing left to measure */
        (void)pb_peer_finish(peer, 0);
        return a->complete[k] = 1, 0;
    }
    if (got || !strcmp(line, "refused")) {
        const int killed = pb_peer_finish(peer, 1);
        if (pb_interrupted) {
            pb_say("sweep --against: stopped by the signal while %s was starting%s", a->binary[k],
                   killed ? " (it did not end: killed)" : "");
            return a->broken = 1, -1;
        }
        pb_peer_describe(peer, err, sizeof err);
        /* This build serves, and a build that does says `refused` when it cannot: only
         * another that ended without a word may be one from before `sweep --serve`. */
        pb_say("sweep --against: %s did not start serving the sweep: it %s (its message is "
               "above%s)",
               a->binary[k], err,
               got && !pb_same_file(a->binary[k], a->binary[THIS])
                   ? "; a build without `sweep --serve` cannot take part"
                   : "");
        return a->broken = 1, -1;
    }
    if (strcmp(line, want)) {
        pb_say("sweep --against: %s expands %s into other runs ('%s', this build: '%s'): the two "
               "builds cannot be compared on it",
               a->binary[k], a->opts->source, line, want);
        return a->broken = 1, -1;
    }
    return 0;
}

/* Without --force or --resume, an earlier sweep's files of either build are refused
 * here, once, before a worker starts. 0, or -1 (said). */
static int refuse_earlier(const against *a)
{
    pb_sweep_out out;
    char err[PB_MSG_LONG_MAX];
    const char *found;
    for (int k = 0; k < SIDES && !a->opts->force && !a->opts->resume; k++) {
        if (pb_sweep_out_paths(&out, a->opts->out_dir, a->name[k], err, sizeof err))
            return pb_say("sweep: %s", err), -1;
        if ((found = pb_sweep_out_existing(&out)))
            return pb_say("sweep: %s exists: --force starts the sweep over, --resume continues "
                          "it (both builds' rows)",
                          found),
                   -1;
    }
    return 0;
}

/* --resume: which runs both builds' files hold already (those are not measured
 * again); a row that one build kept and the other did not is dropped, so that both
 * measure that run anew, in the same rounds. 1 when both builds' files are complete,
 * else 0, or -1 (said). */
static int resume_both(against *a)
{
    const long njobs = a->e->plan->njobs;
    const pb_sweep_opts *o = a->opts;
    char reply[64], cmd[64];
    if (a->complete[THIS] && a->complete[OTHER]) {
        if (!o->quiet)
            printf("%s/%s.csv and %s/%s.csv: the sweep is complete already; nothing to resume\n",
                   o->out_dir, a->name[THIS], o->out_dir, a->name[OTHER]);
        return 1;
    }
    if (a->complete[THIS] || a->complete[OTHER]) {
        const int k = a->complete[THIS] ? THIS : OTHER;
        pb_say("sweep --against: %s/%s.csv is complete and %s/%s.csv is not: their rows cannot be "
               "paired; --force starts both over",
               o->out_dir, a->name[k], o->out_dir, a->name[1 - k]);
        return a->broken = 1, -1;
    }
    for (long i = 0; i < njobs && !a->broken; i++) {
        int d[SIDES] = {0, 0};
        snprintf(cmd, sizeof cmd, "done %ld", i);
        for (int k = 0; k < SIDES; k++)
            if (!ask(a, k, 0, cmd, reply, sizeof reply) && sscanf(reply, "ok %d", &d[k]) != 1)
                broke(a, k,
                      "gave an answer it should not (a build from before `sweep --against "
                      "--resume` cannot resume)");
        a->done[i] = d[THIS] && d[OTHER];
        snprintf(cmd, sizeof cmd, "drop %ld", i);
        for (int k = 0; k < SIDES; k++)
            if (d[k] && !a->done[i]) (void)ask(a, k, 0, cmd, reply, sizeof reply);
    }
    return a->broken ? -1 : 0;
}

/* The exit status: a signal's; 2 when a worker failed to serve; else the worse of
 * the workers' (4: a run's counts varied). */
static int status_of(const against *a)
{
    int worst = 0;
    if (pb_interrupted) return pb_interrupt_exit();
    for (int k = 0; k < SIDES; k++)
        for (int p = 0; p < a->procs; p++) {
            const int st = a->peer[k][p].status;
            const int code = WIFEXITED(st) ? WEXITSTATUS(st) : PB_EXIT_USAGE;
            if (code > worst) worst = code;
        }
    return a->broken ? PB_EXIT_USAGE : worst;
}

/* The pairing: duet where asked or (auto) where the machine has two cores and every
 * run one thread, else alternate. 0, or -1 when a duet was asked for and cannot be. */
static int resolve_pairing(against *a)
{
    const sweep_plan *plan = a->e->plan;
    const int asked = a->opts->pairing;
    const char *why = NULL;
    char text[160];
    if (omp_get_num_procs() < 2) why = "this machine has one core";
    for (long i = 0; !why && i < plan->njobs; i++)
        if (plan->jobs[i].threads > 1) {
            snprintf(text, sizeof text, "the search-threads must be 1, not %d",
                     plan->jobs[i].threads);
            why = text;
        }
    if (asked == PB_PAIR_DUET && why)
        return pb_usage_error("sweep", "--pairing duet runs the two builds one core each: %s", why);
    a->duet = asked == PB_PAIR_DUET || (asked == PB_PAIR_AUTO && !why);
    if (asked == PB_PAIR_AUTO && why && !a->opts->quiet)
        pb_say("sweep --against: the two builds alternate, one run at a time (no duet: %s)", why);
    return 0;
}

int pb_sweep_against_run(pb_sweep_exec *e, const pb_sweep_opts *opts)
{
    against a = {.e = e, .opts = opts, .procs = opts->processes > 0 ? opts->processes : 1};
    const sweep_plan *plan = e->plan;
    pb_meta meta = {0};
    for (int k = 0; k < SIDES; k++) /* a worker never started has no pipes to close */
        for (int p = 0; p < PB_AGAINST_MAX_PROCESSES; p++)
            a.peer[k][p] = (pb_peer){.to = -1, .from = {.fd = -1}};
    char self[PATH_MAX], other[PATH_MAX], run_id[64];
    if (pb_spawn_self(self, sizeof self))
        return pb_say("sweep --against: cannot find this program (/proc/self/exe)"), 2;
    if (!realpath(opts->against, other)) /* the .meta names it in full */
        return pb_say("sweep --against: cannot run '%s': %s", opts->against, strerror(errno)), 2;
    a.binary[THIS] = self, a.binary[OTHER] = other;
    snprintf(a.name[THIS], sizeof a.name[THIS], "%s", plan->name);
    snprintf(a.name[OTHER], sizeof a.name[OTHER], "%s-against", plan->name);
    if (resolve_pairing(&a) || refuse_earlier(&a)) return PB_EXIT_USAGE;
    if (make_copies(&a)) return pb_sweep_scratch_remove(a.copies), PB_EXIT_USAGE;
    pb_meta_begin(&meta, 1, opts->bind); /* the load warning, said once for both */
    setenv("PB_LOAD_WARNED", "1", 1);
    setenv("PB_SWEEP_COMMAND", meta.command, 1); /* each worker's .meta names it */
    snprintf(run_id, sizeof run_id, "%s", meta.run_id);
    const long block = opts->block < plan->njobs ? opts->block : plan->njobs;
    for (int k = 0; k < SIDES; k++) a.run[k] = calloc((size_t)block, sizeof *a.run[k]);
    a.order = malloc(2 * (size_t)block * sizeof *a.order);
    a.done = calloc((size_t)plan->njobs, 1);
    if (!a.run[THIS] || !a.run[OTHER] || !a.order || !a.done) {
        pb_say("sweep: out of memory");
        a.broken = 1;
    }
    pb_install_interrupt_handler();
    /* The other build first: it is the one likely not to serve, and a worker that
     * started is left with an empty, interrupted sweep when the other cannot. The
     * files' workers first: --resume may find nothing left to do. */
    for (int k = OTHER; k >= THIS && !a.broken; k--) (void)start(&a, k, 0, run_id);
    const int finished = !a.broken && opts->resume ? resume_both(&a) : 0;
    for (int p = 1; p < a.procs && !a.broken && !finished; p++)
        for (int k = OTHER; k >= THIS && !a.broken; k--) (void)start(&a, k, p, run_id);
    const int shown = !opts->quiet && !a.broken && !finished;
    long todo = 0;
    for (long i = 0; i < plan->njobs; i++) todo += !a.done[i];
    if (shown)
        pb_progress_begin(&e->progress, plan->name, "steps",
                          (uint64_t)(2 * todo * (1 + (long)e->timing.samples)), 0);
    int rounds = 0;
    for (a.first = 0; a.first < plan->njobs && !pb_interrupted && !a.broken && !finished;
         a.first += block) {
        const long end = a.first + block < plan->njobs ? a.first + block : plan->njobs;
        memset(a.run[THIS], 0, (size_t)block * sizeof *a.run[THIS]);
        memset(a.run[OTHER], 0, (size_t)block * sizeof *a.run[OTHER]);
        run_block(&a, end, &rounds);
    }
    if (shown) pb_progress_end(&e->progress);
    char last[32] = "quit"; /* a broken comparison sends none: the end of input says it */
    if (pb_interrupted) snprintf(last, sizeof last, "stop %d", (int)pb_interrupted);
    for (int k = 0; k < SIDES; k++)
        for (int p = 0; p < a.procs; p++) {
            if (a.peer[k][p].pid > 0 && (!a.broken || pb_interrupted))
                (void)pb_peer_send(&a.peer[k][p], last);
            /* A worker that does not end on its own after a signal or a failure is
             * killed: one that never answers must not hold the sweep, nor outlive it. */
            if (pb_peer_finish(&a.peer[k][p], a.broken))
                pb_say("sweep --against: the worker of %s did not end%s: killed", a.binary[k],
                       pb_interrupted ? " after the signal" : "");
        }
    free(a.run[THIS]), free(a.run[OTHER]), free(a.order), free(a.done);
    pb_sweep_scratch_remove(a.copies);
    const int rc = status_of(&a);
    if (finished > 0 && !rc) return 0;
    if (!opts->quiet && (rc == 0 || rc == PB_EXIT_FAILED || (pb_interrupted && shown)))
        printf("wrote %s/%s.csv (this build) and %s/%s.csv (%s), with their .samples.csv and "
               ".meta; compare them: puzzlebench compare %s/%s.csv %s/%s.csv\n",
               opts->out_dir, a.name[THIS], opts->out_dir, a.name[OTHER], a.binary[OTHER],
               opts->out_dir, a.name[OTHER], opts->out_dir, a.name[THIS]);
    return rc;
}
