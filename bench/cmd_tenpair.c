/* cmd_tenpair.c — `puzzlebench solve tenpair` (the shortest win, board after board)
 * and `puzzlebench count tenpair` (every win up to a length, by length), with the
 * rule switches, limits, and an optional one-row CSV with its metadata. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "args.h"
#include "commands.h"
#include "csv.h"
#include "meta.h"
#include "tenpair/tenpair.h"

static const char tenpair_help[] =
    "usage: puzzlebench solve tenpair [options]\n"
    "       puzzlebench count tenpair --max-length L [options]\n"
    "\n"
    "The crossing-out game (seed 003). solve finds the shortest win and prints it as\n"
    "the seed does: the written digits in rows, '#' for crossed ones, board after\n"
    "board with a blank line between, then one stats line. count lists, for every\n"
    "length up to L that has wins, 'length=N wins=K' (a win is its written digit\n"
    "sequence: move orders that write the same digits are one win), then the stats.\n"
    "\n"
    "rules:\n"
    "  --start DIGITS        the digits written first, 1-9 (default: --upto 19)\n"
    "  --upto N              write 1..N, leaving out numbers with a 0 (default 19)\n"
    "  --width W             digits per row, 1-64 (default 9)\n"
    "  --wrap on|off         reading order runs on from a row's end to the next row's\n"
    "                        start (default on)\n"
    "  --append stuck|any    append the live digits only when no move is left, or as a\n"
    "                        move at any time (default stuck)\n"
    "search:\n"
    "  --engine NAME         bfs, best-first or compact (default compact; see\n"
    "                        'puzzlebench engines')\n"
    "  --max-length L        count: the longest win counted (required); solve: look no\n"
    "                        further than L (default: no bound)\n"
    "  --threads T           compact count: search T written sequences at a time\n"
    "                        (default 1; the counts do not depend on it)\n"
    "  --print-wins          count with bfs or best-first: print each win's written\n"
    "                        digits ('win length=N digits=...') as it is found\n"
    "limits (a run that reaches one stops with status=limit or status=nomem):\n"
    "  --step-limit N        stop after N states expanded\n"
    "  --time-limit S        stop after S seconds\n"
    "  --max-memory SIZE     stop before the search holds more than SIZE bytes (K, M, G\n"
    "                        suffixes; default 4G)\n"
    "output:\n"
    "  --csv FILE            also write the run as one CSV row, and FILE.meta\n"
    "\n"
    "stats: length (solve), wins, expanded (states whose moves were generated), stored\n"
    "(states kept at the peak; compact count: states of sequences still to search),\n"
    "peak_bytes, nodes (compact count: written sequences searched), wall_s, status.\n"
    "exit status: 0 a win found, 1 none within the bound, 2 bad usage, 3 stopped at a\n"
    "             limit, 130 interrupted\n";

typedef struct tp_opts {
    tp_rules rules;
    char instance[64];
    const char *engine, *csv;
    int max_length, threads, print_wins, count;
    tp_run how;
} tp_opts;

static int parse_size(const char *cmd, const char *s, uint64_t *out)
{
    char *end;
    double v = strtod(s, &end);
    double mult = 1;
    if (end != s && *end) {
        if (!strcmp(end, "K") || !strcmp(end, "k"))
            mult = 1024.0;
        else if (!strcmp(end, "M"))
            mult = 1024.0 * 1024;
        else if (!strcmp(end, "G"))
            mult = 1024.0 * 1024 * 1024;
        else
            end = (char *)s;
    }
    if (end == s || !(v > 0) || v * mult > 1e18) {
        pb_usage_error(cmd, "--max-memory: expected a size such as 512M or 4G, got '%s'", s);
        return -1;
    }
    *out = (uint64_t)(v * mult);
    return 0;
}

static int parse(int argc, char **argv, const char *cmd, tp_opts *o)
{
    pb_args a = {argc, 3, argv, cmd};
    pb_error err;
    const char *start = NULL, *upto = NULL;
    tp_rules_default(&o->rules);
    o->engine = "compact";
    o->threads = 1;
    o->how.max_bytes = 4ull << 30;
    while (a.i < argc) {
        const char *arg = argv[a.i], *v = NULL;
        int r;
        if (!strcmp(arg, "--help") || !strcmp(arg, "-h")) {
            fputs(tenpair_help, stdout);
            exit(0);
        }
#define TAKE(name, has) ((r = pb_args_take(&a, name, has, &v)) < 0 ? -1 : r)
        if ((r = TAKE("--start", 1))) {
            if (r < 0) return -1;
            start = v;
        } else if ((r = TAKE("--upto", 1))) {
            if (r < 0) return -1;
            upto = v;
        } else if ((r = TAKE("--width", 1))) {
            if (r < 0 || pb_parse_int(cmd, "--width", v, 1, TP_MAX_WIDTH, &o->rules.width))
                return -1;
        } else if ((r = TAKE("--wrap", 1))) {
            if (r < 0) return -1;
            if (strcmp(v, "on") && strcmp(v, "off"))
                return pb_usage_error(cmd, "--wrap: expected on or off, got '%s'", v), -1;
            o->rules.wrap = !strcmp(v, "on");
        } else if ((r = TAKE("--append", 1))) {
            if (r < 0) return -1;
            if (strcmp(v, "stuck") && strcmp(v, "any"))
                return pb_usage_error(cmd, "--append: expected stuck or any, got '%s'", v), -1;
            o->rules.append_any = !strcmp(v, "any");
        } else if ((r = TAKE("--engine", 1))) {
            if (r < 0) return -1;
            o->engine = v;
        } else if ((r = TAKE("--max-length", 1))) {
            if (r < 0 || pb_parse_int(cmd, "--max-length", v, 1, TP_MAX_LENGTH, &o->how.max_length))
                return -1;
        } else if ((r = TAKE("--threads", 1))) {
            if (r < 0 || pb_parse_int(cmd, "--threads", v, 1, 1024, &o->threads)) return -1;
        } else if ((r = TAKE("--print-wins", 0))) {
            o->print_wins = 1;
        } else if ((r = TAKE("--step-limit", 1))) {
            if (r < 0 || pb_parse_u64(cmd, "--step-limit", v, &o->how.limits.max_steps)) return -1;
        } else if ((r = TAKE("--time-limit", 1))) {
            if (r < 0 || pb_parse_seconds(cmd, "--time-limit", v, &o->how.limits.max_seconds))
                return -1;
        } else if ((r = TAKE("--max-memory", 1))) {
            if (r < 0 || parse_size(cmd, v, &o->how.max_bytes)) return -1;
        } else if ((r = TAKE("--csv", 1))) {
            if (r < 0) return -1;
            o->csv = v;
        } else if (arg[0] == '-' && arg[1] != '\0') {
            return pb_usage_error(cmd, "unknown option '%s'", arg), -1;
        } else {
            return pb_usage_error(cmd,
                                  "unexpected argument '%s' (tenpair takes no instance; "
                                  "see --start and --upto)",
                                  arg),
                   -1;
        }
#undef TAKE
    }
    if (start && upto) return pb_usage_error(cmd, "give --start or --upto, not both"), -1;
    if (start && tp_rules_set_start(&o->rules, start, &err))
        return pb_usage_error(cmd, "%s", err.msg), -1;
    if (upto) {
        int n;
        if (pb_parse_int(cmd, "--upto", upto, 1, 1000000, &n)) return -1;
        if (tp_rules_set_upto(&o->rules, n, &err)) return pb_usage_error(cmd, "%s", err.msg), -1;
    }
    if (start)
        snprintf(o->instance, sizeof o->instance, "start%.50s", start);
    else
        snprintf(o->instance, sizeof o->instance, "upto%s", upto ? upto : "19");
    return 0;
}

static void print_win(void *ctx, const tp_step *path, int npath, int length)
{
    const tp_rules *r = ctx;
    uint8_t board[TP_MAX_LENGTH];
    int n = r->nstart;
    memcpy(board, r->start, (size_t)n);
    for (int i = 0; i < npath; i++)
        if (tp_apply(r, board, &n, TP_MAX_LENGTH, path[i], 1)) break;
    printf("win length=%d digits=", length);
    for (int i = 0; i < n; i++) putchar('0' + (board[i] & 15));
    putchar('\n');
}

/* Replays the win and prints every board; -1 if a step does not replay. */
static int print_boards(const tp_rules *r, const tp_result *res)
{
    uint8_t *board = malloc(TP_MAX_LENGTH);
    char *text = malloc(2 * TP_MAX_LENGTH + 2);
    int n = r->nstart, rc = 0;
    if (!board || !text) rc = -1;
    if (!rc) memcpy(board, r->start, (size_t)n);
    for (int i = 0; !rc && i <= res->npath; i++) {
        if (i > 0 && tp_apply(r, board, &n, TP_MAX_LENGTH, res->path[i - 1], 0)) rc = -1;
        if (rc) break;
        tp_format_board(r, board, n, text, 2 * TP_MAX_LENGTH + 2);
        printf("%s%s", i ? "\n" : "", text);
    }
    if (rc) fprintf(stderr, "puzzlebench: internal error: the win does not replay\n");
    free(board);
    free(text);
    return rc;
}

typedef struct row_ctx {
    const tp_opts *o;
    const tp_result *res;
    const pb_meta *meta;
} row_ctx;

static int fill_csv(FILE *f, void *p)
{
    const row_ctx *c = p;
    const tp_opts *o = c->o;
    const tp_stats *s = &c->res->stats;
    fprintf(f, "family,instance,engine,mode,max_length,append,wrap,width,threads,status,length,"
               "wins,expanded,stored,peak_bytes,nodes,wall_s\n");
    fprintf(f, "tenpair,%s,%s,%s,%d,%s,%s,%d,%d,%s,%d,%llu,%llu,%llu,%llu,%llu,%.6f\n", o->instance,
            o->engine, o->count ? "count" : "shortest", o->how.max_length,
            o->rules.append_any ? "any" : "stuck", o->rules.wrap ? "on" : "off", o->rules.width,
            o->threads, pb_status_name(c->res->status), c->res->length, (unsigned long long)s->wins,
            (unsigned long long)s->expanded, (unsigned long long)s->stored,
            (unsigned long long)s->peak_bytes, (unsigned long long)s->nodes, s->wall_s);
    return 0;
}

static int fill_meta(FILE *f, void *p)
{
    const row_ctx *c = p;
    return pb_meta_write(f, c->meta, NULL);
}

static int write_csv(const tp_opts *o, const tp_result *res)
{
    pb_meta meta;
    pb_meta_collect(&meta, o->threads, "none");
    row_ctx c = {o, res, &meta};
    char err[4400], path[4200];
    snprintf(path, sizeof path, "%s.meta", o->csv);
    if (write_file_atomic(o->csv, fill_csv, &c, err, sizeof err) ||
        write_file_atomic(path, fill_meta, &c, err, sizeof err)) {
        fprintf(stderr, "puzzlebench: %s\n", err);
        return -1;
    }
    return 0;
}

int cmd_tenpair(int argc, char **argv, int count_mode)
{
    const char *cmd = count_mode ? "count" : "solve";
    tp_opts o;
    memset(&o, 0, sizeof o);
    o.count = count_mode;
    if (parse(argc, argv, cmd, &o)) return PB_EXIT_USAGE;
    const tp_engine *e = tp_engine_find(o.engine);
    if (!e)
        return pb_usage_error(cmd, "unknown tenpair engine '%s' (bfs, best-first, compact)",
                              o.engine);
    if (count_mode && !o.how.max_length)
        return pb_usage_error(cmd, "count tenpair needs --max-length L (the longest win counted)");
    if (o.how.max_length && o.how.max_length < o.rules.nstart)
        return pb_usage_error(cmd, "--max-length %d is shorter than the start (%d digits)",
                              o.how.max_length, o.rules.nstart);
    if (o.print_wins && !count_mode) return pb_usage_error(cmd, "--print-wins applies to count");
    if (o.print_wins && !(e->caps & TP_CAP_WINS))
        return pb_usage_error(cmd, "engine %s cannot list wins (bfs and best-first can)", e->name);
    if (o.threads > 1 && !(e->caps & TP_CAP_PARALLEL && count_mode))
        return pb_usage_error(cmd, "--threads applies to count with engine compact");

    uint64_t *wins = count_mode ? calloc((size_t)o.how.max_length + 1, sizeof *wins) : NULL;
    if (count_mode && !wins) return pb_usage_error(cmd, "out of memory");
    pb_install_interrupt_handler();
    o.how.mode = count_mode ? TP_COUNT : TP_SHORTEST;
    o.how.threads = o.threads;
    o.how.limits.cancel = &pb_interrupted;
    if (o.print_wins) o.how.on_win = print_win, o.how.win_ctx = &o.rules;
    tp_result res = {.wins_by_length = wins};
    pb_status st = tp_engine_run(e, &o.rules, &o.how, &res);
    int rc = PB_EXIT_FOUND;
    if (count_mode) {
        for (int len = 0; len <= o.how.max_length; len++)
            if (wins[len]) printf("length=%d wins=%llu\n", len, (unsigned long long)wins[len]);
    } else if (res.length && print_boards(&o.rules, &res)) {
        rc = PB_EXIT_USAGE;
    }
    const tp_stats *s = &res.stats;
    if (!count_mode && res.length) printf("\n");
    if (!count_mode) printf("length=%d ", res.length);
    printf("wins=%llu expanded=%llu stored=%llu peak_bytes=%llu nodes=%llu wall_s=%.6f "
           "status=%s engine=%s\n",
           (unsigned long long)s->wins, (unsigned long long)s->expanded,
           (unsigned long long)s->stored, (unsigned long long)s->peak_bytes,
           (unsigned long long)s->nodes, s->wall_s, pb_status_name(st), e->name);
    if (st == PB_DONE && !s->wins)
        fprintf(stderr, "puzzlebench: %s tenpair: no win of length %d or less from this start\n",
                cmd, o.how.max_length ? o.how.max_length : TP_MAX_LENGTH);
    if (st == PB_NOMEM)
        fprintf(stderr, "puzzlebench: %s tenpair: stopped at --max-memory (or out of memory)%s\n",
                cmd,
                !count_mode && !o.how.max_length && !strcmp(e->name, "bfs")
                    ? "; bfs keeps every length in one queue: give it --max-length"
                    : "");
    if (rc == PB_EXIT_FOUND) {
        if (st == PB_INTERRUPTED)
            rc = PB_EXIT_INTERRUPT;
        else if (st != PB_DONE)
            rc = PB_EXIT_LIMIT;
        else if (!s->wins)
            rc = PB_EXIT_NONE;
    }
    if (o.csv && write_csv(&o, &res)) rc = PB_EXIT_USAGE;
    free(res.path);
    free(wins);
    return rc;
}
