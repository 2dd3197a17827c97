"""The sudoku family: the sudoku-<size>.csv sweeps (each row one run over a whole file
of puzzles) reported per puzzle, with the board-size plots; and sudoku-qqwing.csv
(bench/qqwing.sh), puzzlebench beside QQwing.

Per-puzzle values (sums over the puzzles a run finished, divided by them) keep six
significant digits, far more than the timing supports.
"""

import math

from .. import runs, stats
from ..csvread import read_csv
from ..markdown import code, escape, table
from ..numfmt import NONE, num, sig, times2, whole
from ..plotting import GRID, LOWER_BOUND_KEY, Plot, dquote, open_point, quote, series_style

QQWING_FILE = "sudoku-qqwing.csv"
# The summary's questions: which engine is best on the 9x9 sets (81 cells), how the
# seed's engine and plain backtracking compare with ours (logic), and whether the
# best engine solves a 25x25 board (625 cells) in under a second.
NINE, TWENTY_FIVE = 81, 625
OURS = "logic"
COMPARED = ("seed", "backtrack/row")


class SetRuns:
    """A group of runs over one puzzle file, its values per puzzle."""

    def __init__(self, group, file, total):
        self.g = group
        self.file = file
        self.total = total          # the set's size: the most puzzles a done run finished
        puzzles = lambda r: r.num("puzzles") if r.table.has("puzzles") else 1.0
        done = group.done_rows
        self.puzzles = stats.median(puzzles(r) for r in done) if done else max(puzzles(r) for r in group.rows)

        def per_puzzle(column):
            vals = [sig(r.num(column) / puzzles(r)) for r in done if puzzles(r) > 0]
            m = stats.median(vals)
            return None if m is None else sig(m)

        self.steps = per_puzzle("steps")
        self.guesses = per_puzzle("guesses") if group.rows[0].table.has("guesses") else None
        wall = per_puzzle("wall_s")
        self.us = None if wall is None else sig(wall * 1e6)
        self.per_s = sig(1 / wall) if wall else None
        self.solutions = stats.median(r.num("solutions") for r in done) if done else None
        # Lower bounds per puzzle from the reps stopped at a limit: what they used,
        # divided by the puzzles of the whole set.
        self.steps_bound = self.us_bound = None
        limited = [r for r in group.rows if r["status"] == "limit"]
        if not done and limited and total:
            self.steps_bound = stats.median(r.num("steps") for r in limited) / total
            self.us_bound = stats.median(r.num("wall_s") for r in limited) * 1e6 / total

    def __getattr__(self, name):
        return getattr(self.g, name)


def read_sets(ctx, path):
    table_ = read_csv(path, need=runs.RUN_COLUMNS)
    groups = runs.group_runs(table_)
    totals, first_seen = {}, {}
    for row in table_:
        first_seen.setdefault(row["instance"], len(first_seen))
        if row["status"] == "done":
            p = row.num("puzzles") if table_.has("puzzles") else 1.0
            totals[row["instance"]] = max(p, totals.get(row["instance"], 0))
    sets = [SetRuns(g, path.stem, totals.get(g.instance)) for g in groups]
    listing = ctx.listing
    sets.sort(key=lambda s: (s.cells, first_seen[s.instance], listing.mode_rank(s.mode), runs.sort_key(listing, s.g)))
    return table_, sets


def section(ctx, family, files):
    sweeps = [f for f in files if f.name != QQWING_FILE]
    qqwing = [f for f in files if f.name == QQWING_FILE]
    out = []
    if sweeps:
        out += sweep_section(ctx, sweeps)
    else:
        out += ["", "## Sudoku"]
        ctx.no_plot("sudoku-time", "sudoku-steps")
    if qqwing:
        out += qqwing_section(ctx, family, qqwing[0])
    return out


def sweep_section(ctx, paths):
    out = ["", "## Sudoku", "",
           "Each row of a `sudoku-<size>.csv` is one run over a whole file of puzzles (instance = the file's base "
           "name): steps, guesses and wall_s are sums over the puzzles the run finished. Below they are divided by "
           "that number of puzzles; µs/puzzle and puzzles/s come from wall_s / puzzles. Medians over the done reps "
           "of each group. A run that reached its step or time limit stopped the whole set there: it is shown as "
           "stopped, with the puzzles it finished, and has no per-puzzle values. Mode `count` exhausts each "
           "puzzle's search, which proves its solution unique.", ""]
    files = []
    for path in paths:
        table_, sets = read_sets(ctx, path)
        files.append((path, sets))
        reps = "/".join(dict.fromkeys(str(s.runs) for s in sets))
        line = f"Source: {code(path.name)} — {len(table_)} runs ({runs.status_counts(table_)})"
        if sets:
            line += (f" in {len(sets)} groups (instance, engine, order, mode, threads) of {reps} reps. "
                     "Medians over the done reps of each group.")
        else:
            line += "."
        out += [line, "", ctx.meta_line(path.with_suffix(".meta")), ""]
    every = sorted((s for _, sets in files for s in sets),
                   key=lambda s: (s.cells, s.file))  # stable: keeps each file's order
    if not every:
        ctx.no_plot("sudoku-time", "sudoku-steps")
        return out + ["_No runs in these files._"]
    plots = [_plot(ctx, every, "time"), _plot(ctx, every, "steps")]
    if not any(s.done for s in every) or not any(plots):
        ctx.no_plot("sudoku-time", "sudoku-steps")
        out += ["_No run with status=done: no plots, and no per-puzzle values in the tables._", ""]
    else:
        bounds = False
        for (plot, has_bounds), alt in zip(plots, ("sudoku time per puzzle vs board size",
                                                    "sudoku steps per puzzle vs board size")):
            out += [ctx.plot(plot, alt), ""]
            bounds = bounds or has_bounds
        text = ("The plots: mode first, one thread, median over reps per set; one line per engine/order. Where a size "
                "has several sets (9x9) the point is the engine's best set (the minimum of its per-set medians) and "
                "the error bar spans its medians over all the sets of that size it finished; a size at which an "
                "engine finished no set breaks its line. The engines are shifted slightly sideways at each size so "
                "that their bars do not overlap.")
        if bounds:
            text += (" An open symbol is a lower bound: the engine finished no set of that size, and what its runs "
                     "stopped at a limit used, divided by the puzzles of the whole set, is drawn instead.")
        out += [text, ""]
    out += _summary(ctx, every)
    out += _count_check(every)
    for path, sets in files:
        if not sets:
            continue
        side = int(math.sqrt(sets[0].cells) + 0.5)
        title = f"{side}x{side} ({sets[0].cells} cells)"
        for mode in sorted({s.mode for s in sets}, key=ctx.listing.mode_rank):
            out += ["", f"### sudoku {title}, mode = {mode}", "",
                    f"From {code(path.name)}. Fastest µs/puzzle per set in **bold**.", ""]
            out += _table([s for s in sets if s.mode == mode])
    return out


def _summary(ctx, every):
    one = [s for s in every if s.threads == 1]
    sets = list(dict.fromkeys((s.file, s.instance, s.cells) for s in one))
    modes = sorted({s.mode for s in one}, key=ctx.listing.mode_rank)
    runs_of = {}
    for s in one:
        runs_of.setdefault((s.file, s.instance, s.mode), {})[s.label] = s
    best = {}
    for s in one:
        if s.done and s.us is not None:
            k = (s.file, s.instance, s.mode)
            if k not in best or s.us < best[k].us:
                best[k] = s
    lines = []
    nines = [x for x in sets if x[2] == NINE]
    for f, inst, _ in nines:
        parts = []
        for m in modes:
            k = (f, inst, m)
            if k not in runs_of:
                continue
            if k in best:
                b = best[k]
                parts.append(f"mode {m}: **{escape(b.label)}**, {num(b.per_s)} puzzles/s ({num(b.us)} µs/puzzle)")
            else:
                parts.append(f"mode {m}: no engine finished the set")
        lines.append(f"- best engine on {escape(inst)} — " + "; ".join(parts))
    if not nines:
        lines.append("- 9x9: no 9x9 set in these files")

    def stopped(s):
        of = f" of {whole(s.total)}" if s.total else ""
        return f"{s.label} stopped ({s.status} after {whole(s.puzzles)}{of} puzzles)"

    def compare(k, a, b):
        ra, rb = runs_of[k].get(a), runs_of[k].get(b)
        if ra is None:
            return f"no {a} run"
        if rb is None:
            return f"no {b} run"
        if not ra.done:
            return stopped(ra)
        if not rb.done:
            return stopped(rb)
        return f"{times2(ra.steps, rb.steps)} the steps, {times2(ra.us, rb.us)} the time"

    for other in COMPARED if nines else ():
        for m in modes:
            parts = [f"{escape(inst)}: {compare((f, inst, m), other, OURS)}" for f, inst, _ in nines
                     if (f, inst, m) in runs_of and (other in runs_of[(f, inst, m)] or OURS in runs_of[(f, inst, m)])]
            if parts:
                lines.append(f"- {other} vs {OURS}, mode {m} ({other} / {OURS}, per puzzle, same run): "
                             + "; ".join(parts))
    big = [x for x in sets if x[2] == TWENTY_FIVE]
    for f, inst, _ in big:
        for m in modes:
            k = (f, inst, m)
            if k in best:
                b = best[k]
                lines.append(f"- {escape(inst)} (mode {m}): the best engine, {escape(b.label)}, takes "
                             f"{num(b.us / 1e6)} s per puzzle ({num(b.us)} µs, median; {num(b.per_s)} puzzles/s) — under 1 s: "
                             f"**{'yes' if b.us < 1e6 else 'no'}**")
            elif k in runs_of:
                lines.append(f"- {escape(inst)} (mode {m}): no engine finished the set — under 1 s: **no**")
    if not big:
        lines.append("- 25x25: no 25x25 set in these files")
    return lines


def _count_check(every):
    """Count mode: solutions agree across engines; one per puzzle = every puzzle unique."""
    counted = [s for s in every if s.mode == "count" and s.threads == 1]
    first, puzzles, listed, bad = {}, {}, {}, []
    for s in counted:
        if not s.done:
            continue
        k = (s.file, s.instance)
        if k not in first:
            first[k], puzzles[k] = s.solutions, s.puzzles
        elif s.solutions != first[k] and k not in bad:
            bad.append(k)
        listed.setdefault(k, []).append(f"{s.label}={whole(s.solutions)}")
    if not first:
        return ["- count mode: no set finished" if counted else "- count mode: not run"]
    lines = []
    if not bad:
        what = "the one set" if len(first) == 1 else f"all {len(first)} sets"
        lines.append(f"- count-mode solutions agree across engines on {what}: yes")
    else:
        lines.append("- count-mode solutions agree across engines: **NO** — " +
                     "; ".join(f"{k[1]}: {', '.join(listed[k])}" for k in bad))
    unique = [k[1] for k in first if k not in bad and first[k] == puzzles[k]]
    not_unique = [f"{k[1]} ({whole(first[k])} solutions, {whole(puzzles[k])} puzzles)" for k in first
                  if k not in bad and first[k] != puzzles[k]]
    if unique:
        lines.append("- every puzzle unique (one solution each): " + ", ".join(unique))
    if not_unique:
        lines.append("- sets with puzzles that are **not** unique: " + ", ".join(not_unique))
    return lines


def _table(sets):
    fastest = {}
    for s in sets:
        if s.done and s.us is not None and (s.instance not in fastest or s.us < fastest[s.instance]):
            fastest[s.instance] = s.us
    rows = []
    for s in sets:
        threads = f" ({s.threads} thr)" if s.threads != 1 else ""
        if s.done:
            us = num(s.us)
            if s.us is not None and s.us == fastest.get(s.instance):
                us = f"**{us}**"
            values = [num(s.steps), num(s.guesses), us, num(s.per_s), s.status]
        else:
            of = f" of {whole(s.total)}" if s.total else ""
            values = [NONE, NONE, NONE, NONE, f"stopped ({s.status}) after {whole(s.puzzles)}{of} puzzles"]
        rows.append([escape(s.instance), escape(s.label) + threads, whole(s.puzzles)] + values)
    return table(["set", "engine/order", "puzzles", "steps/puzzle", "guesses/puzzle", "µs/puzzle", "puzzles/s",
                  "status"], "llrrrrrl", rows)


def _plot(ctx, every, metric):
    """Per engine/order (mode first, one thread) the metric per puzzle against board
    size, log x and y; at a size with several sets (9x9) the point is the best set
    and a bar spans the others. Returns (plot, has lower bounds) or None."""
    listing = ctx.listing
    exact, bound = {}, {}
    for s in every:
        if s.mode != "first" or s.threads != 1:
            continue
        v, b = (s.us, s.us_bound) if metric == "time" else (s.steps, s.steps_bound)
        if s.done and v is not None and v > 0:
            exact.setdefault(s.label, {}).setdefault(s.cells, []).append(v)
        elif not s.done and b is not None and b > 0:
            bound.setdefault(s.label, {}).setdefault(s.cells, []).append(b)
    if not exact:
        return None
    members = {}
    for s in every:
        if s.label in exact or s.label in bound:
            members.setdefault(s.label, s)
    labels = sorted(members, key=lambda l: runs.sort_key(listing, members[l].g))
    sizes = sorted({c for d in (exact, bound) for by in d.values() for c in by})
    ylabel = "µs per puzzle (median over reps)" if metric == "time" else "steps per puzzle (median over reps)"
    what = "time per puzzle" if metric == "time" else "steps per puzzle"
    plot = Plot(f"sudoku-{metric}", f"sudoku: {what} vs board size", 900, 600)
    tics = ", ".join(f"{dquote(f'{int(math.sqrt(c) + 0.5)}x{int(math.sqrt(c) + 0.5)}' + chr(10) + f'{c} cells')} {c}"
                     for c in sizes)
    title = (f"sudoku: {what} vs board size (mode first, 1 thread)\n"
             "9x9: the best set of each engine/order, the bar spans all its 9x9 sets")
    plot.add(f"set title {dquote(title)} font ',11' noenhanced", "set logscale xy", "set format y '10^{%L}'", GRID,
             f"set xrange [{sizes[0] / 1.4:g}:{sizes[-1] * 1.4:g}]", f"set xtics out nomirror ({tics})",
             "set xlabel 'board size' offset 0,-0.8", "set bmargin 5", f"set ylabel {quote(ylabel)}",
             "set key outside right top Left reverse font ',9' samplen 3 spacing 1.1", "set bars 2",
             "set offsets 0, 0, graph 0.04, graph 0.04")
    clauses, has_bounds = [], False
    n = len(labels)
    for i, label in enumerate(labels, 1):
        s = members[label]
        style = series_style(listing, s.engine, s.order)
        dodge = 1.03 ** (i - (n + 1) / 2)   # sideways, so that the bars stay apart
        by = exact.get(label, {})
        rows = [(c * dodge, min(by[c]), min(by[c]), max(by[c]), len(by[c])) if c in by else None for c in sizes]
        if by:
            data = plot.block(f"{label}: best set, lowest and highest set per size", ("cells", "value", "low", "high",
                                                                                     "sets"), rows)
            clauses.append(f"{data} using 1:2:3:4 with yerrorlines {style.lines()} ps 1.2 "
                           f"title {quote(label)} noenhanced")
        lows = [(c * dodge, min(v)) for c, v in sorted(bound.get(label, {}).items()) if c not in by]
        if lows:
            has_bounds = True
            data = plot.block(f"{label}: lower bounds (no set of this size finished)", ("cells", "value"), lows)
            title_ = "notitle" if by else f"title {quote(label)} noenhanced"
            clauses.append(f"{data} using 1:2 with points lc rgb {quote(style.colour)} pt {open_point(style.point)} "
                           f"ps 1.4 {title_}")
    if has_bounds:
        clauses.append(f"NaN with points lc rgb 'black' pt 6 ps 1.2 title {dquote(LOWER_BOUND_KEY)}")
    plot.add("plot " + ", \\\n     ".join(clauses))
    return plot, has_bounds


def qqwing_section(ctx, family, path):
    """Per (task, set or difficulty, tool): the median over its rows of wall_s / puzzles."""
    table_ = read_csv(path, need=("task", "tool", "puzzles", "wall_s"))
    times, puzzles, order = {}, {}, {"solve": [], "generate": []}
    other = skipped = 0
    for row in table_:
        task, tool = row["task"], row["tool"]
        if task not in order or tool not in ("qqwing", "puzzlebench"):
            other += 1
            continue
        key = row.get("set", "-") if task == "solve" else row.get("difficulty", "-")
        if row.num("puzzles") <= 0 or row["wall_s"] == "":
            skipped += 1
            continue
        if key not in order[task]:
            order[task].append(key)
        times.setdefault((task, key, tool), []).append(sig(row.num("wall_s") / row.num("puzzles")))
        puzzles[(task, key, tool)] = row["puzzles"]
    median = lambda k: stats.median(times.get(k, []))
    line = f"Source: {code(path.name)} — {len(table_)} rows"
    if other:
        line += f" ({other} with another task or tool, ignored)"
    if skipped:
        line += f" ({skipped} without puzzles or time, ignored)"
    out = ["", "### Sudoku vs QQwing", "",
           line + ". Per set or difficulty and tool: median over its rows of wall_s / puzzles.", ""]
    solved, made = [], []
    if order["solve"]:
        out += ["Solving (first solution of every puzzle of a 9x9 file). Ratio = puzzlebench puzzles/s / QQwing "
                "puzzles/s: over 1, puzzlebench solves faster.", ""]
        rows = []
        for key in order["solve"]:
            q, p = median(("solve", key, "qqwing")), median(("solve", key, "puzzlebench"))
            n = puzzles.get(("solve", key, "puzzlebench"), puzzles.get(("solve", key, "qqwing")))
            qs = 1 / q if q and q > 0 else None
            ps = 1 / p if p and p > 0 else None
            ratio = times2(ps, qs)
            solved.append(f"{escape(key)} {ratio}")
            rows.append([escape(key), n, num(qs), num(ps), ratio])
        out += table(["set", "puzzles", "QQwing puzzles/s", "puzzlebench puzzles/s", "puzzlebench / QQwing"],
                     "lrrrr", rows) + [""]
    if order["generate"]:
        levels = sorted(order["generate"], key=lambda d: ctx.listing.level_rank(family.name, d))
        out += ["Generating puzzles of a given difficulty. Ratio = puzzlebench ms/puzzle / QQwing ms/puzzle: under 1, "
                "puzzlebench generates faster.", ""]
        rows = []
        for key in levels:
            q, p = median(("generate", key, "qqwing")), median(("generate", key, "puzzlebench"))
            ratio = times2(p, q)
            made.append(f"{escape(key)} {ratio}")
            counts = " / ".join(puzzles.get(("generate", key, t), NONE) for t in ("qqwing", "puzzlebench"))
            rows.append([escape(key), counts, NONE if q is None else num(q * 1000),
                         NONE if p is None else num(p * 1000), ratio])
        out += table(["difficulty", "puzzles (QQwing / puzzlebench)", "QQwing ms/puzzle", "puzzlebench ms/puzzle",
                      "puzzlebench / QQwing"], "lrrrr", rows) + [""]
    if solved:
        out.append("- solving throughput, puzzlebench / QQwing (over 1: puzzlebench faster): " + ", ".join(solved))
    if made:
        out.append("- generation time per puzzle, puzzlebench / QQwing (under 1: puzzlebench faster): "
                   + ", ".join(made))
    if not solved and not made:
        out.append("_No solve or generate rows._")
    meta = path.with_suffix(".meta")
    if meta.is_file():
        out += ["", ctx.meta_line(meta)]
    return out
