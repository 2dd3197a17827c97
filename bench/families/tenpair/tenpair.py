"""The tenpair family (the crossing-out game): the files of its engine sweeps
(bench/families/tenpair/tenpair-*.sweep), tenpair-{bound,count,rules,starts,threads}.csv with
the side table tenpair-count.levels.csv and, when run, tenpair-push.csv. The shortest win per
engine, counting every win up to a length bound, wins by length beside the seed's
figures, the rule switches, the thread scaling of the compact count, how far the
count goes in a time budget, and the count over MPI ranks (measured per length and
projected; tenpair_ranks.py).

Each row of these files is one run of an engine at a length bound (mode first: the
shortest win; count: every win; tenpair_runs.py reads them), timed once in the full
sweeps: its time is a single value, and the tables say so ("one run"); the thread
scaling has several samples a thread count (NAME.samples.csv), shown as median [min,
max]. The bounds a sweep planned come from max_lengths= of its .meta, those its stop
rule skipped from its skipped.ROW lines, and the limits its runs share from
time_limit_s= and max_memory_bytes=. Ratios read "N× faster" / "N× slower" (or less
/ more memory, fewer / more states); a time ratio of one run each within the noise
of a single run reads "about the same" (numfmt.one_run_ratio). A sweep run under
several rules (family-sets: width, wrap, append) has its engine comparison, its
thread scaling and its push shown once per rules, each named, never its runs pooled;
the wins by length are one count's, from its own rows of the per-length table; the
rule switches' table names every variant's rules anyway."""

from .. import stats, timing
from ..csvread import read_csv
from ..family_section import FamilySection
from ..markdown import code, escape, table
from ..meta import SHORT_KEYS, read_meta
from ..numfmt import duration, grouped, memory, one_run_ratio, ratio
import csv

FEWER_STATES, MORE_STATES = "fewer states", "more states"
LESS_MEMORY, MORE_MEMORY = "less memory", "more memory"
from . import tenpair_ranks
from .tenpair_runs import (DEFAULT_RULES_KEY, DEFAULT_START, DEFAULT_WIDTH, RUN_COLUMNS, Run, by_rules, limits,
                           planned_bounds, plot_names, rule_parts, rules_words, skipped, stop_rule, sweep_key, under,
                           why)
from ..plotting import DASHES, FILLED_POINTS, GRID, LOWER_BOUND_KEY, Plot, PALETTE, open_point, quote

# The seed's reported figures (seed 003): the only numbers not read from files.
SEED_NEXT = (72, 74, 76)    # the next wins after the shortest, at these lengths
# The report's pictures (pictures.py): (file under plots/, render arguments, caption);
# the win is animated with SMIL, no script.
PICTURES = [("picture-tenpair.svg", ["tenpair", "upto19"], "tenpair: the start 1..19 written out, as the game begins"),
            ("picture-tenpair-win.svg", ["tenpair", "upto19", "--win"],
             "tenpair: the shortest win from 1..19, animated (each crossed pair lit, then struck)")]
SEED_AT_80 = 4              # wins of length 80
SEED_UP_TO_90 = 30          # wins up to length 90
SEED_UP_TO_100 = 170        # wins up to length 100

# The engines the summaries compare: ours (compact) with the seed's method
# (best-first) and the plain breadth-first search.
OURS, SEEDS, PLAIN = "compact", "best-first", "bfs"
# The sweeps this section reads beside those `puzzlebench families` lists: the opt-in push.
SWEEPS = ("tenpair-push",)
# The default run's sweeps (tenpair-push is opt-in), and what each one's absence leaves out.
FILES = {"bound": "the engine comparison", "count": "the wins by length and the count over MPI ranks",
         "rules": "the rule switches", "threads": "the thread scaling"}
# The other starts, a sweep of their own beside the rules (its rows join the rules' table).
STARTS = "starts"
LEVELS = "tenpair-count.levels.csv"   # the count's per-length side table
# The plots of the count against the bound (one set per rules: plot_names()).
BOUND_PLOTS = ("tenpair-expanded", "tenpair-time", "tenpair-memory")


def section(ctx, family, files):
    path = lambda name: ctx.dir / f"tenpair-{name}.csv"
    meta = {name: read_meta(ctx.dir / f"tenpair-{name}.meta") for name in list(FILES) + [STARTS, "push"]}
    state, data = {}, {}
    for name in FILES:
        if path(name) not in files:
            state[name] = "missing"
            continue
        if _not_engine_sweep(path(name)):
            state[name] = "old"
            continue
        data[name] = [Run(r) for r in read_csv(path(name), need=RUN_COLUMNS)]
        state[name] = "ok" if data[name] else "empty"
    starts = [Run(r) for r in read_csv(path(STARTS), need=RUN_COLUMNS)] \
        if path(STARTS) in files and not _not_engine_sweep(path(STARTS)) else []
    if starts:
        data["rules"] = data.get("rules", []) + starts
        state["rules"] = "ok"
    out = _intro(meta)
    absent = lambda name: [f"_No `tenpair-{name}.csv`: {FILES[name]} left out._", ""] if state[name] == "missing" \
        else [f"_`tenpair-{name}.csv` is not an engine sweep's (an older build wrote it; run its sweep again): "
              f"{FILES[name]} left out._", ""] if state[name] == "old" \
        else [f"_`tenpair-{name}.csv` has no rows: {FILES[name]} left out._", ""]
    engine_rank = ctx.listing.engine_rank
    bound_runs = data["bound"] if state["bound"] == "ok" else None

    out += ["### The shortest win per engine", ""]
    groups = by_rules(bound_runs or [])
    if not bound_runs:
        out += absent("bound")
    for rules, mine in groups:
        out += under(rules, groups) + _shortest(mine, engine_rank, rules)
    out += ["### Counting every win up to a length bound", ""]
    if not bound_runs:
        out += absent("bound")
    for k, (rules, mine) in enumerate(groups):
        names = plot_names(BOUND_PLOTS, groups, k)
        out += under(rules, groups)
        if not any(r.mode == "count" for r in mine):
            out += ["_No count rows in `tenpair-bound.csv`"
                    + (f" under the {rules_words(rules)}" if len(groups) > 1 else "") + "._", ""]
            ctx.no_plot(*names)
        else:
            out += _counts(ctx, mine, meta["bound"], engine_rank, rules, names)
    if any(r.mode == "count" for r in bound_runs or []):
        out += [ctx.meta_line(ctx.dir / "tenpair-bound.meta", SHORT_KEYS), ""]
    out += ["### Wins by length, and the seed's figures", ""]
    count = _the_count(data["count"]) if state["count"] == "ok" else None
    levels = ctx.dir / LEVELS
    if count is None:
        out += absent("count") if state["count"] != "ok" else ["_No count row in `tenpair-count.csv`._", ""]
        if state["count"] != "missing":
            ctx.no_plot("tenpair-wins")
    elif not levels.is_file():
        out += [f"_No `{LEVELS}` beside `tenpair-count.csv`: the wins by length left out._", ""]
        ctx.no_plot("tenpair-wins")
    else:
        out += _other_counts(data["count"], count)
        out += _wins(ctx, count, _wins_by_length(levels, count), bound_runs)
    out += ["### The rule switches", ""]
    out += _rules(ctx, data["rules"], meta["rules"] or meta[STARTS]) if state["rules"] == "ok" else absent("rules")
    out += ["### Thread scaling of the compact count", ""]
    if state["threads"] != "ok":
        out += absent("threads")
        if state["threads"] in ("empty", "old"):
            ctx.no_plot("tenpair-speedup")
    else:
        groups = by_rules(data["threads"])
        for k, (rules, mine) in enumerate(groups):
            out += under(rules, groups) + _threads(ctx, mine, meta["threads"], ctx.dir / "tenpair-threads.samples.csv",
                                                   rules, plot_names(("tenpair-speedup",), groups, k)[0])
        out += ["", ctx.meta_line(ctx.dir / "tenpair-threads.meta", SHORT_KEYS), ""]
    push = path("push")
    if push in files and push.stat().st_size > 0 and not _not_engine_sweep(push):
        out += _push(ctx, push, meta["push"])
    if count is not None and levels.is_file() and levels.stat().st_size > 0:
        out += tenpair_ranks.section(ctx, levels, ctx.dir / "tenpair-count.meta", count.bound,
                                     lambda r: _of_count(r, count))
    return out


def _not_engine_sweep(path):
    """Whether a CSV lacks the engine sweep's columns this section reads (a runs sweep's
    file from an older build): the section leaves it out rather than misread it."""
    with open(path, newline="") as f:
        header = next(csv.reader(f), [])
    return bool(header) and not set(RUN_COLUMNS) <= set(header)


def _intro(meta):
    sweeps = [code(m.get("sweep") or f"bench/families/tenpair/tenpair-{n}.sweep") for n, m in meta.items() if m is not None]
    out = ["", "## Tenpair", "",
           "The crossing-out game (seed 003): the digits 1..19 without 10 are written 9 to a row; a move crosses out two "
           "live digits that are equal or sum to 10 and are neighbours in reading order or in a column (crossed digits "
           "between them skipped; with wrap, reading order runs on from a row's end to the next row); when no move is "
           "left, every live digit is written again after the last. The game is won when every digit is crossed out; "
           "its *length* is the number of digits written. Engines: `bfs` and `best-first` (the seed's method) keep "
           "whole boards; `compact` keeps 4-bit states and, in count mode, walks the written prefixes. Written by "
           f"`puzzlebench sweep` from {', '.join(sweeps) or '`bench/families/tenpair/tenpair-*.sweep`'}: each row is one run of an engine on "
           "a start in mode first (the shortest win) or count (every win) up to a length bound.", ""]
    quick = [code(f"tenpair-{n}.csv") for n, m in meta.items() if m is not None and m.get("quick") == "1"]
    if quick:
        out += ["_From a `--quick` run (small bounds and limits, for development; its figures are not the experiment's): "
                + ", ".join(quick) + "._", ""]
    return out


# --- the shortest win per engine --------------------------------------------------

def _shortest(runs_, engine_rank, rules=DEFAULT_RULES_KEY):
    largest = {}
    for r in runs_:
        if r.mode == "shortest" and (r.engine not in largest or r.bound > largest[r.engine].bound):
            largest[r.engine] = r
    solved = sorted(largest.values(), key=lambda r: engine_rank(r.engine)[0])
    if not solved:
        return ["_No first (shortest) rows in `tenpair-bound.csv`._", ""]
    out = [f"Mode first (`puzzlebench solve tenpair`) at the largest bound each engine ran, {rules_words(rules)}, "
           "one thread. States expanded = boards whose moves "
           "were generated; stored = boards kept in the seen sets at the peak; peak memory = the engine's own. Bound = "
           "`--max-length` (0: none). Each time is one run's.", ""]
    rows = []
    for r in solved:
        if r.done:
            win = str(r.length) if r.length > 0 else f"none of length <= {r.bound}"
        else:
            win = f"none found within the limit ({why(r)})"
        rows.append([escape(r.engine), r.bound, win, grouped(r.expanded), grouped(r.stored), memory(r.peak),
                     duration(r.wall), escape(r.status)])
    out += table(["engine", "bound", "shortest win", "states expanded", "stored", "peak memory", "time (one run)",
                  "status"],
                 "lrrrrrrl", rows) + [""]
    won = {r.engine: r for r in solved if r.done and r.length > 0}
    lengths = {r.length for r in won.values()}
    if not lengths:
        out.append("- no engine found a win")
    elif len(lengths) == 1:
        out.append(f"- every engine that finished finds the same shortest length: {lengths.pop()}")
    else:
        out.append("- **the engines disagree on the shortest length**")
    if OURS in won and SEEDS in won:
        c, b = won[OURS], won[SEEDS]
        out.append(f"- {OURS} against {SEEDS} (the seed's method), same run: {one_run_ratio(c.wall, b.wall)}, "
                   f"{ratio(c.expanded, b.expanded, FEWER_STATES, MORE_STATES)} expanded")
    if OURS in won and PLAIN in won:
        c, b = won[OURS], won[PLAIN]
        out.append(f"- {OURS} against {PLAIN}, same run: {one_run_ratio(c.wall, b.wall)}, "
                   f"{ratio(c.expanded, b.expanded, FEWER_STATES, MORE_STATES)} expanded")
    return out + [""]


# --- counting against the length bound --------------------------------------------

def _counts(ctx, runs_, meta, engine_rank, rules=DEFAULT_RULES_KEY, names=BOUND_PLOTS):
    """The count against the bound of the runs under one set of rules; names: its plots'."""
    counted = [r for r in runs_ if r.mode == "count"]
    engines = sorted({r.engine for r in counted}, key=engine_rank)
    at = {(r.bound, r.engine): r for r in counted}
    left = {(b, e): why for (b, e, mode), why in skipped(meta, runs_).items() if mode == "count"}
    bounds = sorted({r.bound for r in counted} | {b for b, _ in left})
    shared, rule = limits(meta), stop_rule(meta)
    out = [f"Mode count (`puzzlebench count tenpair --max-length L`), {rules_words(rules)}, one thread: every win of "
           "length at most L" + (f", {shared}" if shared else "") + ". "
           + (f"An engine's larger bounds are skipped {rule} (the sweep's stop rule). " if rule else "")
           + "For bfs and best-first *stored* is the boards kept at the peak; for compact it is the states of written "
           "sequences still waiting to be searched, at the peak (the `nodes` column of the CSV counts the sequences "
           "searched), so it is not comparable across engines.", ""]
    if any(r.done for r in counted):
        # The default rules' plots are named and titled as ever; others say their rules.
        said = "" if not rule_parts(*rules) else f", {rules_words(rules)}"
        for column, name, ylabel, title in (
                ("expanded", names[0], "states expanded",
                 f"tenpair count: states expanded vs length bound (log scale{said})"),
                ("wall", names[1], "wall time [s]",
                 f"tenpair count: time vs length bound (one thread, log scale{said})"),
                ("peak", names[2], "peak memory [bytes]",
                 f"tenpair count: the engine's peak memory vs length bound (log scale{said})")):
            alt = {"expanded": "tenpair states expanded vs length bound", "wall": "tenpair time vs length bound",
                   "peak": "tenpair peak memory vs length bound"}[column] + said
            out += [ctx.plot(_bound_plot(ctx, counted, engines, column, name, ylabel, title), alt), ""]
    else:
        ctx.no_plot(*names)

    def cell(b, e, text):
        r = at.get((b, e))
        if r is None:
            return "skipped" if (b, e) in left else "–"
        return text(r) if r.done else f"stopped ({escape(r.status)})"

    rows = []
    for b in bounds:
        wins = [(e, at[(b, e)].wins) for e in engines if (b, e) in at and at[(b, e)].done]
        if not wins:
            w = "–"
        elif len({v for _, v in wins}) == 1:
            w = "%.0f" % wins[0][1]
        else:
            w = "**" + " / ".join(f"{escape(e)} {v:.0f}" for e, v in wins) + "**"
        rows.append([str(b), w] + [cell(b, e, lambda r: grouped(r.expanded)) for e in engines]
                    + [cell(b, e, lambda r: grouped(r.stored)) for e in engines])
    out += table(["bound", "wins"] + [f"{escape(e)} expanded" for e in engines]
                 + [f"{escape(e)} stored" for e in engines],
                 "r" * (2 + 2 * len(engines)), rows) + [""]
    rows = [[str(b)] + [cell(b, e, lambda r: memory(r.peak)) for e in engines]
            + [cell(b, e, lambda r: duration(r.wall)) for e in engines] for b in bounds]
    out += table(["bound"] + [f"{escape(e)} peak memory" for e in engines]
                 + [f"{escape(e)} time (one run)" for e in engines],
                 "r" * (1 + 2 * len(engines)), rows) + [""]
    out += _counts_summary(counted, at, bounds, engines, left)
    return out + [""]


def _counts_summary(counted, at, bounds, engines, skipped_runs):
    """The summary under the count tables: agreement, where each engine stopped (and
    which of its planned bounds the stop rule skipped), and ours against each other
    engine at the largest bound both finished."""
    out = []
    wins_at = {}
    disagree = False
    for r in counted:
        if r.done:
            if r.bound in wins_at and wins_at[r.bound] != r.wins:
                disagree = True
            wins_at[r.bound] = r.wins
    out.append("- wins agree across engines at every bound where more than one finished: "
               + ("**NO**" if disagree else "yes"))
    for e in engines:
        top = max(r.bound for r in counted if r.engine == e)
        r = at[(top, e)]
        left = sorted((b, why) for (b, x), why in skipped_runs.items() if x == e)
        lengths = ", ".join(str(b) for b, _ in left)
        not_run = f"; skipped: bound{'s' if len(left) > 1 else ''} {escape(lengths)} ({escape(left[0][1])})" \
            if left else ""
        if not r.done:
            out.append(f"- {escape(e)}: stopped at bound {top} ({why(r)}){not_run}")
        elif left:
            out.append(f"- {escape(e)}: every bound up to {top} finished, {top} in {duration(r.wall)}{not_run}")
        else:
            out.append(f"- {escape(e)}: every bound up to {top} finished; at {top}: {grouped(r.expanded)} states "
                       f"expanded, {memory(r.peak)}, {duration(r.wall)}")
    for e in engines:
        if e == OURS:
            continue
        both = [b for b in bounds if (b, e) in at and at[(b, e)].done and (b, OURS) in at and at[(b, OURS)].done]
        if both:
            b = max(both)
            c, x = at[(b, OURS)], at[(b, e)]
            out.append(f"- {OURS} against {escape(e)} at bound {b} (the largest both finished): "
                       f"{ratio(c.peak, x.peak, LESS_MEMORY, MORE_MEMORY)} at the peak, "
                       f"{one_run_ratio(c.wall, x.wall)}")
    return out


def _engine_styles(engines):
    """Colour by engine; point and dash types by position too, because two engines'
    lines can coincide (bfs and best-first expand the same states when counting)."""
    return {e: (PALETTE[(10 + i) % len(PALETTE)], FILLED_POINTS[i % len(FILLED_POINTS)], DASHES[i % len(DASHES)],
                max(1.0, 1.5 - 0.2 * i)) for i, e in enumerate(engines)}


def _bound_plot(ctx, counted, engines, column, name, ylabel, title):
    """One line per engine: `column` of the done count runs against the bound, log y;
    open symbols: runs stopped at a limit (a lower bound)."""
    plot = Plot(name, title, 900, 600)
    bounds = [r.bound for r in counted]
    lo, hi = min(bounds), max(bounds)
    plot.add(f"set title {quote(title)} noenhanced", "set logscale y", "set format y '10^{%L}'", GRID,
             "set xlabel 'length bound (count mode: every win of length <= bound)'", f"set ylabel {quote(ylabel)}",
             f"set xtics {4 if hi - lo > 16 else 2} out nomirror", f"set xrange [{lo - 1}:{hi + 1}]",
             "set offsets 0, 0, graph 0.05, graph 0.05", "set key top left Left reverse")
    styles = _engine_styles([e for e in engines if any(r.engine == e and r.done for r in counted)])
    clauses, any_bound = [], False
    for e, (colour, point, dash, size) in styles.items():
        mine = [(r.bound, getattr(r, column), r.done) for r in counted if r.engine == e and getattr(r, column) > 0]
        done = sorted((b, v) for b, v, ok in mine if ok)
        stopped = sorted((b, v) for b, v, ok in mine if not ok)
        if done:
            data = plot.block(f"{e}: {column} of the done count runs", ("bound", column), done)
            clauses.append(f"{data} using 1:2 with linespoints lc rgb {quote(colour)} pt {point} ps {size:g} dt {dash} "
                           f"lw 1.6 title {quote(e)} noenhanced")
        if stopped:
            any_bound = True
            data = plot.block(f"{e}: {column} of the count runs stopped at a limit (lower bounds)", ("bound", column),
                              stopped)
            clauses.append(f"{data} using 1:2 with points lc rgb {quote(colour)} pt {open_point(point)} ps 1.4 notitle")
    if any_bound:
        clauses.append(f"NaN with points lc rgb 'black' pt 6 title {quote(LOWER_BOUND_KEY)}")
    plot.add("plot " + (", \\\n     ".join(clauses) if clauses else "NaN notitle"))
    return plot


# --- wins by length beside the seed's figures ---------------------------------------

def _the_count(runs_):
    """The count run whose wins by length the section shows: the first under the default
    rules, else the first (None without a count run)."""
    counted = [r for r in runs_ if r.mode == "count"]
    return by_rules(counted)[0][1][0] if counted else None


def _other_counts(runs_, count):
    """The line that says what else tenpair-count.csv counted (other rules or bounds),
    whose levels are not shown; none when the count is its only one."""
    others = [r for r in runs_ if r.mode == "count" and r is not count]
    if not others:
        return []
    what = ", ".join(dict.fromkeys(f"{r.bound} under the {rules_words(r.rules)}" for r in others))
    return [f"_`tenpair-count.csv` has {len(others)} more count run{'s' if len(others) > 1 else ''} (up to {what}): "
            "the wins by length below are one count's, its own rows of the per-length table._", ""]


def _of_count(row, count):
    """Whether a row of the per-length table is the count's (by its row in the sweep's
    CSV, and its run where the table names one): a sweep of several counts (family-sets,
    max-lengths) writes the levels of each."""
    if row.get("row") is None:
        return True
    run_id = row.get("run_id") or ""
    return row.whole("row") == count.row and (not run_id or not count.run_id or run_id == count.run_id)


def _wins_by_length(path, count):
    """[(length, wins)] of the lengths with a win, from the count's rows of the per-length table."""
    rows = [r for r in read_csv(path, need=("length", "wins")).rows if _of_count(r, count)]
    return sorted((r.whole("length"), r.num("wins")) for r in rows if r.num("wins") > 0)


def _wins(ctx, count, wins, bound_runs):
    """count: the Run of tenpair-count.csv; wins: its wins by length (_wins_by_length)."""
    top, done = count.bound, count.done
    rules = "" if count.rules == DEFAULT_RULES_KEY else f" under the {rules_words(count.rules)} (the seed's figures " \
        "are the default rules')"
    out = [f"From one count up to length {top}{rules}, level by level (`puzzlebench count tenpair --engine "
           f"{escape(count.engine)} --max-length {top} --threads {count.threads} --levels FILE`): status "
           f"{escape(count.status)}, {grouped(count.wins)} wins, {grouped(count.expanded)} states expanded, "
           f"{grouped(count.nodes)} written sequences searched, peak memory {memory(count.peak)}, "
           f"{duration(count.wall)} (one run). The wins of each length are the `wins` column of its per-length "
           f"table, `{LEVELS}`. A win here is a distinct written digit sequence: two move orders that write the same "
           "digits are one win. The seed's figures are those the seed reported (his own way of counting, which this "
           "project does not reproduce), not re-measured.", ""]
    if not done:
        out += [f"_The count stopped at a limit (status {escape(count.status)}): the wins below are those found before "
                "it stopped, lower bounds._", ""]
    if wins:
        out += [ctx.plot(_wins_plot(wins, top), "tenpair wins by length"), ""]
    else:
        ctx.no_plot("tenpair-wins")
    by_length = dict(wins)
    seed = {l: "a next win (after the shortest)" for l in SEED_NEXT}
    for l, note in ((80, f"{SEED_AT_80} wins of this length"), (90, f"{SEED_UP_TO_90} wins up to 90"),
                    (100, f"{SEED_UP_TO_100} wins up to 100")):
        seed[l] = seed[l] + "; " + note if l in seed else note
    rows, total = [], 0
    for l in sorted(set(by_length) | {l for l in seed if l <= top}):
        total += by_length.get(l, 0)
        rows.append([str(l), grouped(by_length.get(l, 0)), grouped(total), seed.get(l, "")])
    out += table(["length", "wins", "wins up to this length", "the seed (reported)"], "rrrl", rows) + [""]
    out += _against_seed(by_length, top, "" if done else "≥ ")
    out += _wins_checks(count, by_length, bound_runs)
    return out + [ctx.meta_line(ctx.dir / "tenpair-count.meta", SHORT_KEYS), ""]


def _against_seed(by_length, top, ge):
    """The lines that set the wins by length (up to top) beside the seed's figures;
    ge: "≥ " when the count stopped at a limit."""
    listed = sorted(by_length)
    up_to = lambda b: sum(w for l, w in by_length.items() if l <= b)
    following = [str(l) for l in listed[1:]][:3]

    def compare(ours, his):
        return "the same" if ours == his else f"{ours - his:.0f} more than the seed" if ours > his \
            else f"{his - ours:.0f} fewer than the seed"

    out = [f"- the shortest win: length {listed[0] if listed else '-'}; the next wins: at "
           f"{', '.join(following) if following else f'none within {top}'} (the seed: at "
           f"{', '.join(map(str, SEED_NEXT))})"]
    at80 = by_length.get(80, 0)
    if top >= 80:
        out.append(f"- wins of length 80: ours {ge}{at80:.0f}, the seed's {SEED_AT_80} ({compare(at80, SEED_AT_80)})")
    else:
        out.append(f"- wins of length 80: not measured (bound {top}); the seed: {SEED_AT_80}")
    for b, his in ((90, SEED_UP_TO_90), (100, SEED_UP_TO_100)):
        if top >= b:
            out.append(f"- wins up to {b}: ours {ge}{up_to(b):.0f}, the seed's {his} ({compare(up_to(b), his)})")
        else:
            out.append(f"- wins up to {b}: not measured (bound {top}); the seed: {his}")
    if top > 100:
        out.append(f"- wins up to {top}: ours {ge}{up_to(top):.0f} (the seed gives no figure beyond 100)")
    if ((top >= 80 and at80 != SEED_AT_80) or (top >= 90 and up_to(90) != SEED_UP_TO_90)
            or (top >= 100 and up_to(100) != SEED_UP_TO_100)):
        out += ["", "Where the figures differ, the two count different things: here each distinct written digit sequence "
                "is one win, however many move orders write it, while the seed counted by his own rule. Whether our "
                "engines agree with each other is checked in the count against the bound above and in the lines "
                "below."]
    return out + [""]


def _wins_checks(count, by_length, bound_runs):
    """The wins by length against the count's own total and the bound experiment's
    compact counts (the same count, from other runs)."""
    total = sum(by_length.values())
    out = [f"- the wins by length add up to the count's total ({grouped(count.wins)}): "
           + ("yes" if total == count.wins else f"**NO** ({grouped(total)})")]
    checked = [r for r in bound_runs or () if r.mode == "count" and r.done and r.engine == OURS
               and r.bound <= count.bound and r.rules == count.rules and r.instance == count.instance]
    if checked:
        up_to = lambda b: sum(w for l, w in by_length.items() if l <= b)
        bad = [f"{r.bound} ({up_to(r.bound):.0f} vs {r.wins:.0f})" for r in checked if up_to(r.bound) != r.wins]
        out.append(f"- the wins by length agree with the {OURS} counts of the bound experiment at its {len(checked)} "
                   f"bounds up to {count.bound}: " + ("yes" if not bad else "**NO** — " + ", ".join(bad)))
    return out + [""]


def _wins_plot(wins, top):
    plot = Plot("tenpair-wins", "tenpair: wins by length and cumulative, the seed's figures as points", 1300, 560)
    total, rows = 0, []
    for l, w in wins:
        total += w
        rows.append((l, w, total))
    data = plot.block("this run: length, wins of that length, wins up to it", ("length", "wins", "cumulative"), rows)
    plot.add(f"set multiplot layout 1,2 title 'tenpair: wins by length (a win = a distinct written digit sequence), "
             f"compact count up to {top}' font ',13'",
             "set grid ytics lc rgb '#dddddd' lw 1", "set xlabel 'length of the win (digits written)'",
             f"set xrange [{wins[0][0] - 3}:{top + 3}]", "set xtics 4 out nomirror", "set key top left Left reverse",
             "set title 'wins of each length'", "set ylabel 'wins'", "set yrange [0:*]",
             "set offsets 0, 0, graph 0.12, 0", "set style fill solid 0.6 border -1", "set boxwidth 1.4")
    first = f"plot {data} using 1:2 with boxes lc rgb '#2ca02c' title 'this run'"
    if top >= 80:
        seed80 = plot.block("the seed (reported): wins of length 80", ("length", "wins"), [(80, SEED_AT_80)])
        first += (f", {seed80} using 1:2 with points lc rgb '#d62728' pt 7 ps 1.6 "
                  f"title 'the seed (reported): {SEED_AT_80} wins of length 80'")
    plot.add(first, "set title 'wins of length <= L (cumulative)'", "set ylabel 'wins up to L'", "set logscale y",
             "set offsets 0, 0, 0, 0", "set yrange [0.8:*]")
    second = (f"plot {data} using 1:3 with steps lc rgb '#2ca02c' lw 1.8 notitle, {data} using 1:3 with points "
              "lc rgb '#2ca02c' pt 7 ps 0.7 title 'this run'")
    marks = [(b, n) for b, n in ((90, SEED_UP_TO_90), (100, SEED_UP_TO_100)) if top >= b]
    if marks:
        cumulative = plot.block("the seed (reported): wins up to the length", ("length", "wins"), marks)
        second += (f", {cumulative} using 1:2 with points lc rgb '#d62728' pt 7 ps 1.6 title 'the seed (reported): "
                   f"{SEED_UP_TO_90} up to 90, {SEED_UP_TO_100} up to 100'")
    plot.add(second, "unset multiplot")
    return plot


# --- the rule switches -----------------------------------------------------------------

def _rules(ctx, runs_, meta):
    bounds = ", ".join(str(b) for b in planned_bounds(meta)) or "?"
    shared = limits(meta)

    def variant(r):
        parts = rule_parts(r.append, r.wrap, r.width)
        if r.instance != DEFAULT_START:
            parts.append(f"start 1..{escape(r.instance[4:])}" if r.instance.startswith("upto")
                         else escape(r.instance))
        return ", ".join(parts) or "default"

    out = ["Engine compact, one thread. Each variant changes one or two rules from the default (start 1..19 without 10, "
           "width 9, wrap on, append when stuck). *Shortest win*: mode first, *wins up to L*: mode count, each "
           f"at L = {escape(bounds)}" + (f", {shared}" if shared else "") + ". The starts 1..15 and 1..25 are "
           "`tenpair-starts.csv`. A search that reached a limit found no "
           "win (first) or only some of them (count: \"≥\").", ""]
    variants = {}
    for r in runs_:
        v = variants.setdefault((r.instance, r.wrap, r.width, r.append), {})
        if r.mode in ("shortest", "count"):
            v[r.mode] = r
    rows = []
    for (instance, wrap, width, append), v in variants.items():
        s, c = v.get("shortest"), v.get("count")
        if s is None:
            win = expanded = time = "–"
        else:
            if s.done:
                win = str(s.length) if s.length > 0 else f"none of length <= {s.bound} (search complete)"
            else:
                within = f"length {s.bound} and " if s.bound > 0 else ""
                win = f"none found within {within}the limits ({why(s)})"
            expanded, time = grouped(s.expanded), duration(s.wall)
        if c is None:
            wins = bound = count_time = "–"
        else:
            wins = grouped(c.wins) if c.done else f"≥ {grouped(c.wins)} (stopped: {why(c)})"
            bound, count_time = str(c.bound), duration(c.wall)
        start = f"1..{instance[4:]}" if instance.startswith("upto") else instance
        any_run = s or c
        rows.append([variant(any_run), escape(start), str(width), escape(wrap), escape(append), win, expanded, time,
                     wins, bound, count_time])
    out += table(["variant", "start", "width", "wrap", "append", "shortest win", "states expanded", "time (one run)",
                  "wins up to L", "L", "count time (one run)"], "llrllrrrrrr", rows) + [""]
    shortest = {}
    no_wrap = None
    for r in runs_:
        if r.mode != "shortest" or r.instance != DEFAULT_START or r.width != DEFAULT_WIDTH:
            continue
        if r.wrap == "on" and r.done and r.length > 0:
            shortest[r.append] = r.length
        if r.wrap == "off" and r.append == "stuck":
            no_wrap = r
    if "stuck" in shortest and "any" in shortest:
        out.append(f"- appending at any time shortens the shortest win from {shortest['stuck']} to "
                   f"{shortest['any']} digits")
    if no_wrap is not None:
        if no_wrap.done and no_wrap.length > 0:
            out.append(f"- without wrap the shortest win has length {no_wrap.length}")
        elif no_wrap.done:
            out.append(f"- without wrap there is no win of length {no_wrap.bound} or less (the search finished)")
        else:
            out.append("- without wrap no win was found before the search stopped (status "
                       f"{escape(no_wrap.status)})")
    out += [""] + [ctx.meta_line(ctx.dir / f"tenpair-{name}.meta", SHORT_KEYS) + "\n"
                   for name in ("rules", STARTS) if (ctx.dir / f"tenpair-{name}.meta").is_file()]
    return out


# --- thread scaling ------------------------------------------------------------------

def _samples(path):
    """{(run_id, row): [wall_s of each sample]} from a sweep's NAME.samples.csv ({}
    without one)."""
    out = {}
    if path.is_file():
        with open(path, newline="") as f:
            for s in csv.DictReader(f):
                try:
                    out.setdefault((s["run_id"], int(s["row"])), []).append(float(s["wall_s"]))
                except (KeyError, ValueError):
                    continue
    return out


def _threads(ctx, runs_, meta, samples_path, rules=DEFAULT_RULES_KEY, name="tenpair-speedup"):
    """The thread scaling of the count runs under one set of rules; name: its plot's."""
    counted = [r for r in runs_ if r.mode == "count"]
    samples = _samples(samples_path)
    reps = lambda r: samples.get((r.run_id, r.row)) or [r.wall]
    by_threads = {}
    for r in counted:
        by_threads.setdefault(r.threads, []).append(r)
    rows = []   # threads, Timing (median [min, max] of the samples), speedup, samples, done, wins
    base = None
    for t in sorted(by_threads):
        done = [r for r in by_threads[t] if r.done]
        walls = [w for r in done for w in reps(r)]
        median = stats.median(walls)
        spread = timing.Timing(median, min(walls), max(walls), len(walls)) if len(walls) > 1 else \
            timing.Timing(median, samples=len(walls))
        if base is None and done:
            base = median
        wins = {r.wins for r in done}
        shown = "-" if not wins else "%.0f" % wins.pop() if len(wins) == 1 else "differ"
        speedup = base / median if done and median and median > 0 else None
        rows.append((t, spread, speedup, sum(len(reps(r)) for r in by_threads[t]), len(walls), shown))
    bound = ", ".join(dict.fromkeys(str(r.bound) for r in counted)) or "?"
    repeat, cores = sweep_key(meta, "samples") or "?", sweep_key(meta, "cores") or "?"
    ts = ", ".join(sweep_key(meta, "search_threads").split()) or ", ".join(map(str, by_threads))
    out = [f"`puzzlebench count tenpair --engine compact --max-length {bound} --threads T`, {rules_words(rules)}, "
           f"at T = {escape(ts)} (the powers of two up to the cores it may run on, {escape(cores)}, and that count); "
           f"{escape(repeat)} samples per thread count, taken in rounds (so that a slow spell of the machine "
           "spreads over the thread counts). Time: the median over the done samples with [min, max] of them. Speedup = "
           "median time at the lowest thread count / median time at T, both from this file, in words against the "
           "lowest thread count.", ""]
    usable = [r for r in rows if r[2] is not None]
    said = "" if rules == DEFAULT_RULES_KEY else f", {rules_words(rules)}"
    if usable:
        out += [ctx.plot(_speedup_plot(usable, bound, name, said), "tenpair compact count speedup vs threads" + said),
                ""]
    else:
        ctx.no_plot(name)
    low = rows[0][0] if rows else None
    out += table(["threads", "runs (done)", "time (median [min, max])", "against the lowest thread count", "wins"],
                 "rrrrr",
                 [[str(t), f"{n} ({d})", m.text(), "-" if s is None else "base" if t == low else ratio(1, s),
                   "**differ between reps**" if w == "differ" else w] for t, m, s, n, d, w in rows]) + [""]
    found = [w for *_, w in rows if w != "-"]
    if not found:
        agree = "no run finished"
    elif "differ" in found or len(set(found)) > 1:
        agree = "**NO**"
    else:
        agree = f"yes ({found[0]})"
    out.append(f"- wins agree across thread counts and reps: {agree}")
    two = next(((s, m) for t, m, s, *_ in rows if t == 2 and s is not None), None)
    one = next((m for t, m, *_ in rows if t == 1), None)
    if two is not None and one is not None:
        s, m = two
        # A claim only where the reps' ranges are apart.
        apart = one.has_interval and m.has_interval and (m.hi < one.lo or one.hi < m.lo)
        out.append(f"- 2 threads against 1: {ratio(1, s)} ({m.text()} against {one.text()})"
                   + ("" if apart else "; the reps' ranges overlap, so no difference is claimed"))
    if usable:
        t, _, best, *_ = max(usable, key=lambda r: r[2])
        if t not in (1, 2) and best > 0:
            out.append(f"- best: {ratio(1, best)} at {t} threads")
    return out


def _speedup_plot(rows, bound, name="tenpair-speedup", said=""):
    """rows: (threads, Timing, speedup, ...); the bar spans the speedups the reps'
    ranges allow (the base's lowest over this one's highest, and the other way);
    said: the rules where not the default (", rules width 7")."""
    plot = Plot(name, "tenpair: compact count speedup vs threads" + said, 800, 600)
    most = max(r[0] for r in rows)
    base = rows[0][1]
    points = []
    for t, m, s, *_ in rows:
        if m is not base and base.has_interval and m.has_interval and m.lo > 0:
            low, high = base.lo / m.hi, base.hi / m.lo
        else:
            low = high = s
        points.append((t, m.median, s, low, high))
    top = max([most] + [p[4] for p in points])
    data = plot.block("threads, median wall_s, speedup over the lowest thread count, the bar's ends",
                      ("threads", "wall_s", "speedup", "low", "high"), points)
    heading = f"tenpair: compact count up to {bound}{said}, speedup vs threads (bars: from the reps' ranges)"
    plot.add(f"set title {quote(heading)} noenhanced", GRID, "set xlabel 'threads'", "set ylabel 'speedup'",
             f"set xrange [0.5:{most + 0.5:g}]", f"set yrange [0:{top + 0.5:g}]", "set xtics 1 out nomirror",
             "set key top left Left reverse",
             f"plot x with lines lc rgb '#888888' dt 2 title 'ideal', {data} using 1:3:4:5 with yerrorlines "
             "lc rgb '#2ca02c' pt 9 ps 1.3 lw 1.8 title 'compact count'")
    return plot


# --- how far the count goes in a time budget -------------------------------------------

def _push(ctx, path, meta):
    runs_ = [Run(r) for r in read_csv(path, need=RUN_COLUMNS)]
    budget = sweep_key(meta, "time_limit_s") or "?"
    threads = ", ".join(dict.fromkeys(str(r.threads) for r in runs_)) or "?"
    size, rule = sweep_key(meta, "max_memory_bytes"), stop_rule(meta)
    shared = f"memory limit {memory(int(size))}" if size.isdigit() and int(size) > 0 else ""
    groups = by_rules(runs_)
    # One set of rules is said in the command's line; several, above each's table.
    one = groups[0][0] if len(groups) == 1 and groups[0][0] != DEFAULT_RULES_KEY else None
    out = [f"### How far the count goes in {escape(budget)} s", "",
           code(f"puzzlebench count tenpair --engine compact --max-length L --threads {threads}")
           + (f", {shared}," if shared else "") + (f" under the {rules_words(one)}," if one else "") + " at L = "
           + escape(_lengths([str(b) for b in planned_bounds(meta)]) or "100, 102, ...")
           + (f"; the larger bounds are skipped {rule} (the sweep's stop rule)." if rule else "."), ""]
    for k, (rules, mine) in enumerate(groups):
        out += ([""] if k else []) + under(rules, groups)
        out += table(["bound", "status", "wins", "states expanded", "peak memory", "time (one run)"], "rlrrrr",
                     [[str(r.bound), escape(r.status), grouped(r.wins), grouped(r.expanded), memory(r.peak),
                       duration(r.wall)]
                      for r in mine])
        done = [r.bound for r in mine if r.done]
        if done:
            out += ["", f"- the longest bound counted completely within the budget: {max(done)}"]
        left = sorted((b, why) for (b, _, mode), why in skipped(meta, mine).items() if mode == "count")
        if left:
            out.append(f"- skipped: L = {escape(_lengths([str(b) for b, _ in left]))} ({escape(left[0][1])})")
    out += ["", ctx.meta_line(path.with_suffix(".meta"), SHORT_KEYS), ""]
    return out


def _lengths(values):
    """"100, 102, ..., 140" for an even run of lengths (as written: "a, b" when short)."""
    if len(values) > 3 and all(v.isdigit() for v in values):
        steps = {int(b) - int(a) for a, b in zip(values, values[1:])}
        if len(steps) == 1:
            return f"{values[0]}, {values[1]}, ..., {values[-1]}"
    return ", ".join(values)


# What the report reads of this family (analysis/family_section.py).
SECTION = FamilySection(section, sweeps=SWEEPS, pictures=PICTURES)
