/* kakuro_gen_tasks.c — the tasks of `generate kakuro`: the matrix of shapes x levels
 * x index, and what the runner (harness/gen/gen.h) gets for task t: its text (name
 * and record line, puzzle, solution), its record (attempts, checker steps, achieved
 * unique-sum share), and the puzzle, solution and page object for its own files. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kakuro_generate.h"
#include "player/puzzle_json.h"

void pb_kakuro_task(const kakuro_gen_run *r, long t, int *shape, int *level, int *index)
{
    *index = (int)(t % r->count);
    *level = r->level[(t / r->count) % r->nlevels];
    *shape = (int)(t / r->count / r->nlevels);
}

void pb_kakuro_task_name(const kakuro_gen_run *r, long t, char *buf, size_t len)
{
    int shape, level, index;
    pb_kakuro_task(r, t, &shape, &level, &index);
    snprintf(buf, len, "%s-%s-s%llu-%04d", r->shape_name[shape], kakuro_level_names[level],
             (unsigned long long)r->gen.seed, index);
}

static char *format_grid(const kakuro_grid *g)
{
    size_t need = kakuro_format_grid(g, NULL, 0) + 1;
    char *s = malloc(need);
    if (s) kakuro_format_grid(g, s, need);
    return s;
}

static const char *status_of(int rc)
{
    return rc == 0 ? "done" : rc == -1 ? "limit" : "failed";
}

/* Task t's record up to its index: what the options alone decide, so --resume can
 * check that a kept record is the one this run would write. */
static int record_key(void *ctx, long t, char *buf, size_t len)
{
    const kakuro_gen_run *r = ctx;
    int shape, level, index;
    char name[PB_GEN_NAME_MAX];
    pb_kakuro_task(r, t, &shape, &level, &index);
    pb_kakuro_task_name(r, t, name, sizeof name);
    int rows = r->outlines ? r->outlines[shape].rows : r->size[shape][0];
    int cols = r->outlines ? r->outlines[shape].cols : r->size[shape][1];
    const pb_engine *e = r->gen.checker;
    const char *order =
        e->about.caps & PB_CAP_ORDER ? (r->gen.order ? r->gen.order->name : "row") : "-";
    return snprintf(buf, len, "%s,%d,%d,%s,%.2f,%s,%s,%s,%d,%llu,%d,", name, rows, cols,
                    kakuro_level_names[level], kakuro_level_share[level],
                    r->candidates ? "-" : e->about.name, r->candidates ? "-" : order,
                    r->gen.refill == KAKURO_REFILL_DIFF ? "diff" : "all", r->gen.seed_table,
                    (unsigned long long)r->gen.seed, index);
}

/* The record's fields before wall_s: the key, then how the task ended. */
static char *record(const kakuro_gen_run *r, long t, int rc, const kakuro_gen_stats *s)
{
    char key[512];
    record_key((void *)r, t, key, sizeof key);
    return pb_gen_printf("%s%s,%llu,%llu,%llu,%llu,%llu,%d,%d,%.4f", key, status_of(rc),
                         (unsigned long long)s->attempts, (unsigned long long)s->fills,
                         (unsigned long long)s->check.steps,
                         (unsigned long long)s->check.placements,
                         (unsigned long long)s->check.backtracks, s->runs, s->unique_runs,
                         s->runs ? (double)s->unique_runs / s->runs : 0.0);
}

/* Task t's text: its name and record line, the puzzle and (unless --no-solutions)
 * its solution. No time here: the text must not depend on the machine. */
static char *task_text(const kakuro_gen_run *r, long t, const kakuro_gen_stats *s,
                       const pb_gen_item *it)
{
    char name[PB_GEN_NAME_MAX];
    pb_kakuro_task_name(r, t, name, sizeof name);
    const char *puzzle = it->extra[KAKURO_TEXT_PUZZLE], *solution = it->extra[KAKURO_TEXT_SOLUTION];
    return pb_gen_printf("\n; %s: %llu attempt%s, unique sums on %d of %d runs (%.2f)\n%s%s%s%s%s",
                         name, (unsigned long long)s->attempts, s->attempts == 1 ? "" : "s",
                         s->unique_runs, s->runs, s->runs ? (double)s->unique_runs / s->runs : 0.0,
                         puzzle, r->no_solutions ? "" : "\n; ", r->no_solutions ? "" : name,
                         r->no_solutions ? "" : " solution\n", r->no_solutions ? "" : solution);
}

/* --html: the puzzle's object for the player page. */
static char *page_object(const kakuro_gen_run *r, long t, const kakuro_grid *solution,
                         const kakuro_gen_stats *s)
{
    int shape, level, index;
    char name[PB_GEN_NAME_MAX];
    pb_kakuro_task(r, t, &shape, &level, &index);
    pb_kakuro_task_name(r, t, name, sizeof name);
    pb_kakuro_json_in in = {name, level, r->gen.seed, (uint64_t)index, solution, s};
    size_t need = pb_kakuro_json(&in, NULL, 0) + 1;
    char *json = malloc(need);
    if (json) pb_kakuro_json(&in, json, need);
    return json;
}

/* Makes task t's puzzle into *it, given its grids: 0, or -1 when out of memory. */
static int make_in(const kakuro_gen_run *r, long t, kakuro_grid *puzzle, kakuro_grid *solution,
                   pb_gen_item *it)
{
    kakuro_gen_stats st;
    int shape, level, index;
    pb_kakuro_task(r, t, &shape, &level, &index);
    kakuro_gen_opts g = r->gen;
    g.share = kakuro_level_share[level];
    if (r->outlines) {
        g.outline = &r->outlines[shape];
    } else {
        g.shape.rows = r->size[shape][0];
        g.shape.cols = r->size[shape][1];
    }
    memset(&st, 0, sizeof st);
    int rc = r->candidates ? kakuro_fill_candidate(&g, (uint64_t)index, puzzle, solution, &st)
                           : kakuro_generate(&g, (uint64_t)index, puzzle, solution, &st);
    if (!rc) {
        it->extra[KAKURO_TEXT_PUZZLE] = format_grid(puzzle);
        it->extra[KAKURO_TEXT_SOLUTION] = format_grid(solution);
        if (!it->extra[KAKURO_TEXT_PUZZLE] || !it->extra[KAKURO_TEXT_SOLUTION]) return -1;
        if (r->html && !(it->extra[KAKURO_TEXT_JSON] = page_object(r, t, solution, &st))) return -1;
        if (!(it->text = task_text(r, t, &st, it))) return -1;
    }
    it->status = rc == 0 ? PB_GEN_MADE : rc == -1 ? PB_GEN_LIMIT : PB_GEN_FAILED;
    if (rc == -1)
        it->note = pb_gen_printf("%llu attempt%s, %.1f s", (unsigned long long)st.attempts,
                                 st.attempts == 1 ? "" : "s", st.wall_s);
    else if (rc == -3)
        it->note = pb_gen_printf("no valid %dx%d outline found at density %g", g.shape.rows,
                                 g.shape.cols, g.shape.density);
    else if (rc)
        it->note = pb_gen_printf("the outline cannot be filled (or out of memory)");
    if (rc && !it->note) return -1;
    return (it->row = record(r, t, rc, &st)) ? 0 : -1;
}

static int make(void *ctx, long t, void *scratch, pb_gen_item *it)
{
    kakuro_grid puzzle = {0}, solution = {0};
    (void)scratch;
    int rc = make_in(ctx, t, &puzzle, &solution, it);
    kakuro_grid_free(&puzzle);
    kakuro_grid_free(&solution);
    return rc;
}

/* Lines of a made task's text: a blank line, the name line and the puzzle's rows,
 * and the same for the solution. */
static long lines(void *ctx, long t)
{
    const kakuro_gen_run *r = ctx;
    int shape, level, index;
    pb_kakuro_task(r, t, &shape, &level, &index);
    const long rows = r->outlines ? r->outlines[shape].rows : r->size[shape][0];
    return (2 + rows) * (r->no_solutions ? 1 : 2);
}

static void name(void *ctx, long t, char *buf, size_t len)
{
    pb_kakuro_task_name(ctx, t, buf, len);
}

static void group(void *ctx, int g, char *buf, size_t len)
{
    const kakuro_gen_run *r = ctx;
    snprintf(buf, len, "%s-%s", r->shape_name[g / r->nlevels],
             kakuro_level_names[r->level[g % r->nlevels]]);
}

const pb_gen_hook pb_kakuro_gen_hook = {
    .columns = "name,rows,cols,level,target_share,checker,order,refill,seed_table,seed,index,"
               "status,attempts,fills,check_steps,check_placements,check_backtracks,runs,"
               "unique_runs,unique_share",
    .status_column = 11,
    .keeps_limits = 1,
    .raise = "--max-attempts or --time-limit",
    .make = make,
    .lines = lines,
    .name = name,
    .group = group,
    .key = record_key,
    .put = pb_kakuro_put,
    .kept = pb_kakuro_kept,
    .drop = pb_kakuro_drop,
    .finish = pb_kakuro_page,
};
