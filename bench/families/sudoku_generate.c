/* sudoku_generate.c — `puzzlebench generate sudoku`: random full grids with givens
 * removed while the puzzle keeps one solution, made in parallel and written in index
 * order as they are made (each puzzle and its stats row flushed), after a header line
 * that makes the same file again; --resume completes an interrupted --out FILE. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "family.h"
#include "harness/io/csv.h"
#include "harness/base/exit.h"
#include "harness/mpi/gen_mpi.h"
#include "harness/io/gen_stream.h"
#include "harness/mpi/world.h"
#include "harness/measure/measure.h"
#include "harness/meta/meta.h"
#include "sudoku/sudoku.h"
#include "harness/base/say.h"

static const char *const sizes[] = {"4", "9", "16", "25", NULL};
static const char *const levels[] = {SUDOKU_LEVEL_LIST(PB_X_NAME) "any", NULL};
static const char *const formats[] = {"line", "numbers", NULL};

typedef struct gen_opts {
    int size, count, threads, clues, level, format, force, resume;
    uint64_t seed, max_tries;
    double max_seconds;
    const char *out, *stats;
    pb_timing_opts timing;
} gen_opts;

#define OPT(T, F) .type = T, .offset = offsetof(gen_opts, F)
static const pb_option gen_options[] = {
    {.name = "size",
     OPT(PB_OPT_CHOICE, size),
     .choices = sizes,
     .arg = "4|9|16|25",
     .help = "board side"},
    {.name = "count",
     OPT(PB_OPT_INT, count),
     .arg = "N",
     .lo = 1,
     .hi = 1000000,
     .help = "how many puzzles"},
    PB_OPTION_SEED(gen_opts, seed),
    {.name = "clues",
     OPT(PB_OPT_INT, clues),
     .arg = "K",
     .lo = 1,
     .hi = SUDOKU_MAX_CELLS,
     .help = "stop removing at K givens (default: remove while the\n"
             "puzzle stays unique, i.e. a minimal puzzle)"},
    {.name = "difficulty",
     OPT(PB_OPT_CHOICE, level),
     .choices = levels,
     .help = "keep only removals that leave the grade at most D, and only\n"
             "puzzles graded exactly D (any: no target); --clues and\n"
             "--difficulty exclude each other"},
    {.name = "format",
     OPT(PB_OPT_CHOICE, format),
     .choices = formats,
     .help = "one puzzle per line (1-9, A=10, ...; '.' empty), or rows of\n"
             "numbers (0 empty), blocks separated by a blank line"},
    PB_OPTION_THREADS(gen_opts, threads,
                      "make puzzles on T OpenMP threads; the output is the same"),
    {.name = "out",
     OPT(PB_OPT_TEXT, out),
     .arg = "FILE",
     .help = "write the puzzles to FILE, each as it is made (default\nstandard output); "
             "an existing FILE is refused"},
    {.name = "force",
     OPT(PB_OPT_FLAG, force),
     .help = "start an existing --out FILE (and --stats FILE.csv) over"},
    {.name = "resume",
     OPT(PB_OPT_FLAG, resume),
     .help = "complete an interrupted --out FILE (and --stats FILE.csv):\n"
             "keep its finished puzzles, make the rest (same options)"},
    {.name = "stats",
     OPT(PB_OPT_TEXT, stats),
     .arg = "FILE.csv",
     .help = "one row per puzzle: index,size,clues,level,tries,checks,wall_s,\nrun_id; "
             "and the run's FILE.meta (+ FILE.topology.xml)"},
    {.name = "max-tries",
     OPT(PB_OPT_COUNT, max_tries),
     .arg = "N",
     .help = "full grids tried per puzzle before giving up"},
    PB_OPTION_TIME_LIMIT(gen_opts, max_seconds,
                         "seconds per puzzle before giving up (default none)"),
    PB_OPTION_SAMPLES(gen_opts, timing,
                      "time the whole generation by the harness's method: one warm-up,\n"
                      "then N samples, each making the same puzzles again (they must\n"
                      "come out the same); the summary goes to standard error and FILE.meta\n"
                      "(1: timed once)"),
    PB_OPTION_MIN_SAMPLE_TIME(gen_opts, timing,
                              "with --samples: each sample lasts at least S seconds"),
    PB_OPTION_END,
};
#undef OPT

static const gen_opts gen_defaults = {.size = 1,
                                      .count = 1,
                                      .threads = 1,
                                      .level = SUDOKU_LEVELS,
                                      .seed = 1,
                                      .max_tries = 1000,
                                      .timing = {1, 0.010, 1, 0}};

/* The generated puzzles and their records, by index. */
typedef struct gen_run {
    const gen_opts *o;
    sudoku_gen_opts gen;
    sudoku_format fmt;
    char **text;
    sudoku_gen_stats *st;
    int *ok;
    int from;             /* the first index to make: the puzzles before it are in --out */
    int next;             /* the next index to write */
    int stop_at;          /* no index from here on is made: the first that could not be
                             made (count: none), 0 once a write failed */
    int write_failed;     /* a write failed */
    int emit;             /* write puzzles as they are made (the first run only) */
    pb_stream out, stats; /* the puzzles and, with --stats, their rows */
    pb_meta meta;         /* with --stats: the run's metadata */
    pb_timing timing;     /* with --samples N > 1 */
} gen_run;

static int side(const gen_opts *o)
{
    return atoi(sizes[o->size]);
}

/* Checks the combination of options and fills the generator's. 0, or the status. */
static int check(const gen_opts *o, gen_run *r)
{
    const int n = side(o), cells = n * n, have_clues = o->clues > 0;
    if (have_clues && o->level != SUDOKU_LEVELS)
        return pb_usage_error("generate", "give --clues or --difficulty, not both");
    if (o->clues > cells)
        return pb_usage_error("generate", "--clues %d: a %dx%d board has %d cells", o->clues, n, n,
                              cells);
    /* The known minimums; below them the search could only run out of tries. */
    const int least = n == 4 ? 4 : n == 9 ? 17 : 1;
    if (have_clues && o->clues < least)
        return pb_usage_error("generate",
                              "--clues %d: no %dx%d sudoku with one solution has fewer "
                              "than %d",
                              o->clues, n, n, least);
    if (!o->max_tries)
        return pb_usage_error("generate", "--max-tries expects a whole number >= 1, got '0'");
    r->gen = (sudoku_gen_opts){.box = o->size + 2,
                               .clues = o->clues,
                               .level = o->level == SUDOKU_LEVELS ? -1 : o->level,
                               .seed = o->seed,
                               .max_tries = o->max_tries,
                               .max_seconds = o->max_seconds};
    r->fmt = o->format ? SUDOKU_NUMBERS : SUDOKU_LINE;
    return 0;
}

/* The header line: the command that makes the same puzzles. */
static void header_line(const gen_run *r, char *buf, size_t len)
{
    const gen_opts *o = r->o;
    int at = snprintf(buf, len, "# puzzlebench generate sudoku --size %d --count %d --seed %llu",
                      side(o), o->count, (unsigned long long)o->seed);
    if (o->clues)
        at += snprintf(buf + at, len - (size_t)at, " --clues %d", o->clues);
    else
        at += snprintf(buf + at, len - (size_t)at, " --difficulty %s", levels[o->level]);
    snprintf(buf + at, len - (size_t)at, "%s\n",
             r->fmt == SUDOKU_NUMBERS ? " --format numbers" : "");
}

static const char stats_header[] = "index,size,clues,level,tries,checks,wall_s,run_id\n";

/* Lines of puzzle i in the output: one, or its rows after a blank line. */
static long puzzle_lines(long i, void *ctx)
{
    const gen_run *r = ctx;
    return r->fmt == SUDOKU_NUMBERS ? side(r->o) + (i ? 1 : 0) : 1;
}

static long row_lines(long i, void *ctx)
{
    (void)i, (void)ctx;
    return 1;
}

/* Writes puzzle r->next and its stats row; -1 when a write failed. */
static int write_next(gen_run *r)
{
    const int i = r->next;
    const sudoku_gen_stats *s = &r->st[i];
    char row[300];
    if (i && r->fmt == SUDOKU_NUMBERS && pb_stream_put(&r->out, "\n")) return -1;
    if (pb_stream_put(&r->out, r->text[i])) return -1;
    if (!r->o->stats) return 0;
    snprintf(row, sizeof row, "%d,%d,%d,%s,%llu,%llu,%.6f,%s\n", i, side(r->o), s->clues,
             sudoku_level_names[s->level], (unsigned long long)s->tries,
             (unsigned long long)s->checks, s->wall_s, r->meta.run_id);
    return pb_stream_put(&r->stats, row);
}

/* Writes the puzzles made since the last call, in index order: each waits for every
 * one before it. Called by one thread at a time. */
static void write_ready(gen_run *r)
{
    while (!r->write_failed && r->next < r->o->count && r->ok[r->next]) {
        if (write_next(r)) {
            r->write_failed = 1;
            r->stop_at = 0;
            return;
        }
        r->next++;
    }
}

/* Makes every puzzle; 0, or -1 when out of memory. */
static int make_all(gen_run *r)
{
    int nomem = 0;
    /* Puzzles vary a lot in cost, so indices are handed out one at a time. A signal
     * or a puzzle that cannot be made stops the handing out; the puzzles being made
     * are finished and written. */
#pragma omp parallel for schedule(dynamic, 1) num_threads(r->o->threads)
    for (int i = r->from; i < r->o->count; i++) {
        sudoku_grid puzzle, solution;
        int skip;
#pragma omp critical(pb_sudoku_write)
        skip = i >= r->stop_at || pb_interrupted;
        if (skip) continue;
        if (sudoku_generate(&r->gen, (uint64_t)i, &puzzle, &solution, &r->st[i])) {
#pragma omp critical(pb_sudoku_write)
            if (i < r->stop_at) r->stop_at = i;
            continue;
        }
        size_t need = sudoku_format_grid(&puzzle, r->fmt, NULL, 0) + 1;
        if (!(r->text[i] = malloc(need))) {
#pragma omp atomic write
            nomem = 1;
            continue;
        }
        sudoku_format_grid(&puzzle, r->fmt, r->text[i], need);
#pragma omp critical(pb_sudoku_write)
        {
            r->ok[i] = 1;
            if (r->emit) write_ready(r);
        }
    }
    return nomem ? -1 : 0;
}

/* ---- under mpirun: the indices spread over the ranks (harness/gen_mpi.h) ---- */

/* Puzzle i as a record: its stats, then its text (NUL-terminated) when made. */
static int make_record(void *ctx, int i, void **rec, size_t *len)
{
    gen_run *r = ctx;
    sudoku_grid puzzle, solution;
    sudoku_gen_stats st;
    memset(&st, 0, sizeof st);
    int made = !sudoku_generate(&r->gen, (uint64_t)i, &puzzle, &solution, &st);
    size_t need = made ? sudoku_format_grid(&puzzle, r->fmt, NULL, 0) + 1 : 0;
    char *buf = malloc(sizeof st + need + 1);
    if (!buf) return -1;
    memcpy(buf, &st, sizeof st);
    if (made) sudoku_format_grid(&puzzle, r->fmt, buf + sizeof st, need);
    *rec = buf;
    *len = sizeof st + need;
    return made;
}

/* Rank 0: keeps puzzle i's record and writes the puzzles now ready, as make_all. */
static void take_record(void *ctx, int i, int made, const void *rec, size_t len)
{
    gen_run *r = ctx;
    if (i < 0 || i >= r->o->count || len < sizeof r->st[i]) return;
    memcpy(&r->st[i], rec, sizeof r->st[i]);
    if (!made) {
        if (i < r->stop_at) r->stop_at = i;
        return;
    }
    const char *text = (const char *)rec + sizeof r->st[i];
    if (!(r->text[i] = malloc(len - sizeof r->st[i] + 1))) {
        if (i < r->stop_at) r->stop_at = i; /* out of memory: stop there */
        return;
    }
    memcpy(r->text[i], text, len - sizeof r->st[i]);
    r->text[i][len - sizeof r->st[i]] = '\0';
    r->ok[i] = 1;
    write_ready(r);
}

static int stopped(void *ctx)
{
    const gen_run *r = ctx;
    return r->stop_at < r->o->count || r->write_failed;
}

static int make_spread(gen_run *r)
{
    pb_gen_mpi g = {r->from, r->o->count, make_record, take_record, stopped, r};
    return pb_gen_mpi_run(&g);
}

typedef struct gen_measured {
    gen_run *r;
    int runs;
} gen_measured;

static void free_texts(gen_run *r)
{
    for (int i = 0; r->text && i < r->o->count; i++) free(r->text[i]);
    free(r->text), free(r->st), free(r->ok);
}

/* One generation of every puzzle: the first is kept, every later one must make
 * the same puzzles (they depend only on the options and the index). */
static pb_run_end make_once(void *ctx)
{
    gen_measured *m = ctx;
    gen_run *r = m->r, again = *r;
    again.emit = 0, again.stop_at = r->o->count;
    const int n = r->o->count;
    if (m->runs++ == 0) {
        if (make_all(r)) return PB_RUN_ERROR;
        for (int i = 0; i < n; i++)
            if (!r->ok[i]) return PB_RUN_STOPPED;
        return PB_RUN_SAME;
    }
    again.text = calloc((size_t)n, sizeof *again.text);
    again.st = calloc((size_t)n, sizeof *again.st);
    again.ok = calloc((size_t)n, sizeof *again.ok);
    pb_run_end end =
        again.text && again.st && again.ok && !make_all(&again) ? PB_RUN_SAME : PB_RUN_ERROR;
    for (int i = 0; i < n && end == PB_RUN_SAME; i++)
        if (!again.ok[i])
            end = PB_RUN_STOPPED; /* a time limit can strike on a later run */
        else if (strcmp(again.text[i], r->text[i]))
            end = PB_RUN_ERROR;
    free_texts(&again);
    return end;
}

/* Makes every puzzle, timed by the harness's method with --samples; 0, or -1. */
static int make_measured(gen_run *r)
{
    if (r->o->timing.samples <= 1) return make_all(r);
    gen_measured m = {r, 0};
    if (pb_measure(&r->o->timing, make_once, &m, &r->timing) == PB_RUN_ERROR) return -1;
    const pb_summary *s = &r->timing.sum;
    pb_say("generate: %d puzzles: median %.6g s [%.6g, %.6g] per run, %d samples of %d "
           "run(s), cv %.3g",
           r->o->count, s->median, s->median_lo, s->median_hi, r->timing.samples,
           r->timing.runs_per_sample, s->cv);
    return 0;
}

/* Writes FILE.meta beside --stats FILE.csv: the run's metadata and the rows written. */
static int save_meta(const gen_run *r, char *err, size_t errlen)
{
    const gen_opts *o = r->o;
    char meta[4200], count[64], timing[200] = "";
    size_t n = strlen(o->stats);
    if (n > 4 && !strcmp(o->stats + n - 4, ".csv")) n -= 4;
    snprintf(meta, sizeof meta, "%.*s.meta", (int)n, o->stats);
    snprintf(count, sizeof count, "puzzles=%d", r->next);
    const pb_summary *t = &r->timing.sum;
    if (o->timing.samples > 1)
        snprintf(timing, sizeof timing,
                 "timing=samples:%d runs_per_sample:%d median_s:%.9g median_lo_s:%.9g "
                 "median_hi_s:%.9g cv:%.4g",
                 r->timing.samples, r->timing.runs_per_sample, t->median, t->median_lo,
                 t->median_hi, t->cv);
    const char *extra[] = {count, timing[0] ? timing : NULL, NULL};
    return pb_meta_save(meta, &r->meta, extra, err, errlen);
}

/* Closes the outputs and says how the run ended; the exit status. */
static int finish(gen_run *r)
{
    char err[4400];
    const gen_opts *o = r->o;
    int rc = PB_EXIT_FOUND;
    if (pb_stream_close(&r->out, err, sizeof err) |
        (o->stats ? pb_stream_close(&r->stats, err, sizeof err) : 0))
        r->write_failed = 1;
    if (r->write_failed) return pb_say("generate: %s", err), PB_EXIT_USAGE;
    if (o->stats && save_meta(r, err, sizeof err)) return pb_say("%s", err), PB_EXIT_USAGE;
    if (r->next < o->count && pb_interrupted) {
        pb_say("generate: interrupted; puzzles 0 to %d of %d written%s%s%s", r->next - 1, o->count,
               o->out ? " (--resume completes " : "", o->out ? o->out : "", o->out ? ")" : "");
        return pb_interrupt_exit();
    }
    if (r->next < o->count) {
        const sudoku_gen_stats *s = &r->st[r->next];
        pb_say("generate: puzzle %d could not be made within the limits (after %llu tries and %.1f "
               "s); the %d before it are written; raise --max-tries or --time-limit",
               r->next, (unsigned long long)s->tries, s->wall_s, r->next);
        rc = PB_EXIT_LIMIT;
    }
    return rc;
}

/* Opens --out (or standard output) and --stats; with --resume, keeps the puzzles
 * both hold and starts after them. 0, or the exit status. */
static int open_outputs(gen_run *r)
{
    char err[4400], header[300];
    const gen_opts *o = r->o;
    pb_stream_mode mode;
    if (pb_stream_mode_of(o->force, o->resume, o->out, &mode)) return PB_EXIT_USAGE;
    if (o->resume && o->timing.samples > 1)
        return pb_usage_error("generate", "--resume makes the missing puzzles once: it takes no "
                                          "--samples");
    header_line(r, header, sizeof header);
    if (pb_stream_open(&r->out, o->out, mode, header, o->count, puzzle_lines, r, err, sizeof err))
        return pb_stream_close(&r->out, header, sizeof header), pb_say("generate: %s", err),
               PB_EXIT_USAGE;
    if (o->stats && pb_stream_open(&r->stats, o->stats, mode, stats_header, o->count, row_lines, r,
                                   err, sizeof err)) {
        pb_stream_close(&r->out, header, sizeof header);
        pb_stream_close(&r->stats, header, sizeof header);
        return pb_say("generate: %s", err), PB_EXIT_USAGE;
    }
    long kept = r->out.kept;
    if (o->stats && r->stats.kept < kept) kept = r->stats.kept;
    /* A kill between a puzzle and its row leaves one more of one: both are cut to the
     * puzzles they both hold. */
    if (pb_stream_keep(&r->out, kept, err, sizeof err) ||
        (o->stats && pb_stream_keep(&r->stats, kept, err, sizeof err))) {
        pb_stream_close(&r->out, header, sizeof header);
        if (o->stats) pb_stream_close(&r->stats, header, sizeof header);
        return pb_say("generate: %s", err), PB_EXIT_USAGE;
    }
    r->from = r->next = (int)kept;
    for (int i = 0; i < r->from; i++) r->ok[i] = 1;
    if (o->resume && r->from == o->count)
        pb_say("generate: %s holds all %d puzzles: nothing to make", o->out, o->count);
    else if (o->resume && r->from > 0)
        pb_say("generate: %s holds %d puzzles; making %d to %d", o->out, r->from, r->from,
               o->count - 1);
    return 0;
}

static int run(const pb_command *self, int argc, char **argv, int first)
{
    gen_opts o = gen_defaults;
    gen_run r = {.o = &o};
    int npos = 0, rc = pb_command_parse(self, &o, argc, argv, first, NULL, 0, &npos);
    if (rc) return rc == PB_OPT_HELP ? 0 : PB_EXIT_USAGE;
    if ((rc = check(&o, &r))) return rc;
    r.text = calloc((size_t)o.count, sizeof *r.text);
    r.st = calloc((size_t)o.count, sizeof *r.st);
    r.ok = calloc((size_t)o.count, sizeof *r.ok);
    if (!r.text || !r.st || !r.ok) {
        free_texts(&r);
        return pb_say("generate: out of memory"), PB_EXIT_FAILED;
    }
    /* Under mpirun rank 0 opens and writes the outputs; the others only make puzzles. */
    const pb_world *w = pb_world_get();
    if (w->size > 1 && o.timing.samples > 1)
        return free_texts(&r), pb_usage_error("generate", "--samples times one process: give it "
                                                          "without mpirun");
    if (o.stats && !w->rank) pb_meta_begin(&r.meta, o.threads, "none");
    if (!w->rank) rc = open_outputs(&r);
    if (w->size > 1) {
        int32_t all = rc;
        if (pb_world_bcast(&all, sizeof all, 0)) all = PB_EXIT_FAILED;
        rc = all;
    }
    if (rc) return free_texts(&r), rc;
    r.emit = 1;
    r.stop_at = o.count;
    if (w->rank) {
        rc = make_spread(&r) ? PB_EXIT_FAILED : PB_EXIT_FOUND;
        return free_texts(&r), rc;
    }
    int made = w->size > 1 ? make_spread(&r) : make_measured(&r);
    if (o.stats) pb_meta_end(&r.meta);
    rc = finish(&r);
    if (made && rc == PB_EXIT_FOUND) {
        pb_say("generate: out of memory, or a later generation made other puzzles than the first");
        rc = PB_EXIT_FAILED;
    }
    free_texts(&r);
    return rc;
}

const pb_command pb_sudoku_generators[] = {
    {.name = "sudoku",
     .summary = "sudoku puzzles with exactly one solution",
     .about = "Random full grids with givens removed in random order while the puzzle keeps\n"
              "exactly one solution. Puzzle i depends only on the options that shape it\n"
              "(size, seed, clues or difficulty) and on i, never on --threads. The output\n"
              "starts with a '# puzzlebench generate ...' line: the command that makes the\n"
              "same puzzles again.\n",
     .options = gen_options,
     .defaults = &gen_defaults,
     .run = run,
     .generator = 1},
    {.name = NULL},
};
