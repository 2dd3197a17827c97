"""The sudoku family: the sudoku-<size>.csv sweeps (each row one run over a whole file
of puzzles) reported per puzzle, with the board-size plots; and sudoku-qqwing.csv
(bench/families/sudoku/sudoku-qqwing.sweep), puzzlebench beside QQwing; and tdoku's published figures, with our
run beside them when the optional sudoku-tdoku.csv is there (sudoku_tdoku.py).

Per-puzzle values are sums over the puzzles a run finished, divided by them; a
time per puzzle keeps its run's interval (timing.py), divided alike. A winner is
bolded only by the rule of timing.winner(); noisy times are marked and never
claimed. Ratios read "N× faster" / "N× slower", puzzlebench against QQwing in
solving and in generating alike.
"""

import math

from .. import compare, runs, stats, timing
from . import sudoku_tdoku
from ..csvread import read_csv
from ..family_section import FamilySection
from ..markdown import code, escape, table
from ..numfmt import (FEWER_STEPS, MORE_STEPS, NONE, num, ratio, ratio_interval, sig, whole)
from ..plotting import GRID, LOWER_BOUND_KEY, Plot, open_point, quote, series_style
from .pictures import repo_path

QQWING_FILE = "sudoku-qqwing.csv"
# The files this section reads beside its sweeps (`puzzlebench families`): tdoku's
# tool sweep (sudoku-tdoku.sweep, run by scripts/tdoku.sh).
SWEEPS = ("sudoku-tdoku",)
# The summary's questions: which engine is best on the 9x9 sets (81 cells), how the
# seed's engine and plain backtracking compare with ours (logic), and whether the
# best engine solves a 25x25 board (625 cells) in under a second.
NINE, TWENTY_FIVE = 81, 625
OURS = "logic"
COMPARED = ("seed", "backtrack/row")
# The sweeps the common sections read (reads.py): the ladder, and the learners' own,
# which runs each puzzle as isomorphic copies too (the sweep key copies): the ladder
# section sums a puzzle's orientations and shows their spread (scripts/analysis/copies.py).
READS = {"ladder": ("sudoku-ladder", "sudoku-learn")}
# The ladder section (ladder.py): what a ladder row's param is, the sets of
# the learn target (the most learn may take, in cadical's times: the hard set's from
# issue 34, the held-out sets held to the same), which sets learn's levers were tuned
# on (its first ones on 25x25-hard; tiers and rephasing, on by default since, on
# 25x25-unique-hard), the target for a set of a researcher's own (sudoku-learn.sweep
# --instances FILE: a set nobody here picked, held to the 25x25 sets' 1.5×) and which are held out (made by other methods:
# scripts/make-sudoku-qwh.py and make-sudoku-unique.py, plain and --symmetric), the ladder's held-out set
# beside its 16x16 tuning set, and the micro-benchmark of learn against logic.
LADDER = {"param": "puzzle (from 0)",
          "learn_targets": {"25x25-minimal": 2, "25x25-hard": 1.5, "25x25-qwh": 1.5,
                            "25x25-qwh-minisat": 1.5, "25x25-unique": 1.5, "25x25-unique-hard": 1.5,
                            "25x25-symmetric": 1.5},
          "learn_target_others": 1.5,
          "set_roles": {"16x16-minimal": "tuning set",
                        "16x16-unique": "held-out set, unique and minimal, the 5 hardest of 12 for cadical",
                        "25x25-hard": "tuning set of the first levers, held out for tiers and rephasing",
                        "25x25-qwh": "held-out set, ranked by cadical",
                        "25x25-qwh-minisat": "held-out set, ranked by minisat",
                        "25x25-unique": "held-out set, unique and minimal, ranked by cadical",
                        "25x25-symmetric": "held-out set, unique, givens under a half turn, ranked by cadical",
                        "25x25-unique-hard": "tuning set of tiers and rephasing, unique and minimal, "
                                             "the 8 hardest of 12 for cadical"},
          "held_out": {"16x16-unique": "16x16-minimal"},
          "sets_note": ("Tuning sets: `16x16-minimal` and `25x25-minimal`, our generator's puzzles (data/sudoku), "
                        "on which the ladder's claims were made; `25x25-hard`, on which learn's first levers were "
                        "tuned, and `25x25-unique-hard`, its tiers and rephasing. Held-out sets, made by other "
                        "methods and never tuned on: `16x16-unique`, random full grids with givens taken out while "
                        "cadical proves each puzzle unique (scripts/make-sudoku-unique.py --size 16); `25x25-qwh` "
                        "and `25x25-qwh-minisat`, holes punched at random (scripts/make-sudoku-qwh.py); "
                        "`25x25-unique`, the 16x16 set's method on 25x25 grids; `25x25-symmetric`, the same with "
                        "the givens taken out in pairs under a half turn of the grid, as published puzzles lay them "
                        "out (--symmetric)."),
          "micro_case": "sudoku/9x9-bench/{}/real_time", "micro_set": "data/sudoku/9x9-bench.txt"}
# The QQwing comparison's held-out sets (sudoku-qqwing.sweep runs them beside our
# generator's 9x9 sets, on which the engines were developed): how each was made.
QQWING_HELD_OUT = {"9x9-unique": "random full grids with givens taken out while cadical proves each puzzle "
                                 "unique (scripts/make-sudoku-unique.py --size 9)"}
# The report's pictures (pictures.py): (file under plots/, render arguments, caption).
PICTURES = [("picture-sudoku.svg", ["sudoku", repo_path("data/sudoku/9x9-easy.txt"), "--solution"],
             "sudoku: the first puzzle of data/sudoku/9x9-easy.txt solved, givens bold")]


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
        # The time per puzzle with its interval (the run's, divided by its puzzles).
        self.time = group.timing(per=puzzles) if done else timing.Timing(None)
        wall = self.time.median
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
    sweeps = [f for f in files if f.name not in (QQWING_FILE, sudoku_tdoku.FILE)]
    qqwing = [f for f in files if f.name == QQWING_FILE]
    tdoku = [f for f in files if f.name == sudoku_tdoku.FILE]
    out = []
    if sweeps:
        out += sweep_section(ctx, sweeps)
    else:
        out += ["", "## Sudoku"]
        ctx.no_plot("sudoku-time", "sudoku-steps")
    if qqwing:
        out += qqwing_section(ctx, family, qqwing[0])
    return out + sudoku_tdoku.section(ctx, tdoku[0] if tdoku else None)


def sweep_section(ctx, paths):
    out = ["", "## Sudoku", "",
           "Each row of a `sudoku-<size>.csv` is one run over a whole file of puzzles (instance = the file's base "
           "name): steps, guesses and wall_s are sums over the puzzles the run finished. Below they are divided by "
           "that number of puzzles; the time per puzzle and puzzles/s come from the run's time / puzzles, the time "
           "with its interval divided alike. A run that reached its step or time limit stopped the whole set there: "
           "it is shown as "
           "stopped, with the puzzles it finished, and has no per-puzzle values. Mode `count` exhausts each "
           "puzzle's search, which proves its solution unique.", ""]
    files = []
    for path in paths:
        table_, sets = read_sets(ctx, path)
        files.append((path, sets))
        reps = "/".join(dict.fromkeys(str(s.runs) for s in sets))
        line = f"Source: {code(path.name)} — {len(table_)} rows ({runs.status_counts(table_)})"
        if sets and timing.has_spread(table_):
            line += ", one per run (instance, engine, order, mode, threads)."
        elif sets:
            line += f" in {len(sets)} groups (instance, engine, order, mode, threads) of {reps} reps."
        else:
            line += "."
        if sets:
            line += " " + timing.spread_note(table_)
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
        text = ("The plots: mode first, one thread, one line per engine/order. Where a size has several sets (9x9) "
                "the point is the engine's best set (the lowest of its per-set values). In the time plot the error "
                "bar is that set's interval of the median; in the steps plot (exact counts) it spans the engine's "
                "values over all the sets of that size it finished. A size at which an engine finished no set breaks "
                "its line. The engines are shifted slightly sideways at each size so that their bars do not "
                "overlap.")
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
            out += ["", f"### sudoku {title}, mode = {escape(mode)}", "",
                    f"From {code(path.name)}. The fastest time per set is in **bold** only when its interval lies "
                    "wholly below the runner-up's and neither is noisy.", ""]
            out += _table([s for s in sets if s.mode == mode])
    return out


def _fastest(members):
    """(the fastest finished set run by its median, why it is not bolded: None when the
    rule bolds it) among `members`, or (None, None). A noisy run is still the fastest when
    it is: it is named, marked and not bolded, never passed over for a slower one."""
    done = [m for m in members if m.done and m.time.median is not None]
    if not done:
        return None, None
    ranked = sorted(done, key=lambda m: m.time.median)
    best = ranked[0]
    w = timing.winner([m.time for m in done])
    if w is not None and done[w] is best:
        return best, None
    if best.time.noisy:
        return best, "noisy: not bolded"
    if len(ranked) < 2:
        return best, "no runner-up"
    if ranked[1].time.noisy:
        return best, "the runner-up is noisy"
    if not (best.time.has_interval and ranked[1].time.has_interval):
        return best, "one sample: no interval to compare"
    return best, "its interval overlaps the runner-up's"


def _pairs(ctx, file, other, ours):
    """compare's pairs of `other` against `ours` in FILE.csv by (instance, mode, threads);
    none without raw samples."""
    path = ctx.dir / f"{file}.csv"
    if ctx.binary is None or not compare.samples_path(path).is_file():
        return {}
    return {(p.key.get("instance"), p.key.get("mode"), p.key.get("threads")): p
            for p in compare.compare_labels(ctx.binary, path, other, ours).pairs}


def _summary(ctx, every):
    one = [s for s in every if s.threads == 1]
    sets = list(dict.fromkeys((s.file, s.instance, s.cells) for s in one))
    modes = sorted({s.mode for s in one}, key=ctx.listing.mode_rank)
    runs_of = {}
    for s in one:
        runs_of.setdefault((s.file, s.instance, s.mode), {})[s.label] = s
    lines = []
    nines = [x for x in sets if x[2] == NINE]
    for f, inst, _ in nines:
        parts = []
        for m in modes:
            k = (f, inst, m)
            if k not in runs_of:
                continue
            b, why = _fastest(list(runs_of[k].values()))
            if b is None:
                parts.append(f"mode {escape(m)}: no engine finished the set")
                continue
            name = f"**{escape(b.label)}**" if why is None else f"{escape(b.label)} ({why})"
            parts.append(f"mode {escape(m)}: {name}, {b.time.text()} per puzzle ({num(b.per_s)} puzzles/s)")
        lines.append(f"- fastest engine on {escape(inst)}: " + "; ".join(parts))
    if not nines:
        lines.append("- 9x9: no 9x9 set in these files")

    def stopped(s):
        of = f" of {whole(s.total)}" if s.total else ""
        return f"{escape(s.label)} stopped ({escape(s.status)} after {whole(s.puzzles)}{of} puzzles)"

    paired = {}

    def pair_of(k, other, ours):
        if (k[0], other) not in paired:
            paired[(k[0], other)] = _pairs(ctx, k[0], other, ours)
        return paired[(k[0], other)].get((k[1], k[2], "1"))

    def compare_(k, other, ours):
        ra, rb = runs_of[k].get(other), runs_of[k].get(ours)
        if ra is None:
            return f"no {other} run"
        if rb is None:
            return f"no {ours} run"
        if not ra.done:
            return stopped(ra)
        if not rb.done:
            return stopped(rb)
        steps = ratio(rb.steps, ra.steps, FEWER_STEPS, MORE_STEPS)
        pair = pair_of(k, other, ours)
        if pair is not None and pair.compared and pair.ratio:
            # Both ran the same puzzles: the ratio per run is the ratio per puzzle.
            return f"{pair.text()}, {steps}"
        if not (ra.time.usable and rb.time.usable):
            return "n/a (a noisy time, no raw samples to pair)"
        return f"{ratio(rb.us, ra.us)}, {steps}"

    for other in COMPARED if nines else ():
        for m in modes:
            parts = [f"{escape(inst)}: {compare_((f, inst, m), other, OURS)}" for f, inst, _ in nines
                     if (f, inst, m) in runs_of and (other in runs_of[(f, inst, m)] or OURS in runs_of[(f, inst, m)])]
            if parts:
                lines.append(f"- {OURS} against {other}, mode {escape(m)} (per puzzle, same run; "
                             "`puzzlebench compare`'s ratio and 95% interval): " + "; ".join(parts))
    big = [x for x in sets if x[2] == TWENTY_FIVE]
    for f, inst, _ in big:
        for m in modes:
            k = (f, inst, m)
            b, _ = _fastest(list(runs_of[k].values())) if k in runs_of else (None, None)
            if b is not None:
                top = b.time.hi if b.time.has_interval else b.time.median
                lines.append(f"- {escape(inst)} (mode {escape(m)}): the fastest engine, {escape(b.label)}, takes "
                             f"{b.time.text()} per puzzle ({num(b.per_s)} puzzles/s) — under 1 s (the whole "
                             f"interval): **{'yes' if top < 1 else 'no'}**")
            elif k in runs_of:
                lines.append(f"- {escape(inst)} (mode {escape(m)}): no engine finished the set — under 1 s: not "
                             "shown")
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
        listed.setdefault(k, []).append(f"{escape(s.label)}={whole(s.solutions)}")
    if not first:
        return ["- count mode: no set finished" if counted else "- count mode: not run"]
    lines = []
    if not bad:
        what = "the one set" if len(first) == 1 else f"all {len(first)} sets"
        lines.append(f"- count-mode solutions agree across engines on {what}: yes")
    else:
        lines.append("- count-mode solutions agree across engines: **NO** — " +
                     "; ".join(f"{escape(k[1])}: {', '.join(listed[k])}" for k in bad))
    unique = [escape(k[1]) for k in first if k not in bad and first[k] == puzzles[k]]
    not_unique = [f"{escape(k[1])} ({whole(first[k])} solutions, {whole(puzzles[k])} puzzles)" for k in first
                  if k not in bad and first[k] != puzzles[k]]
    if unique:
        lines.append("- every puzzle unique (one solution each): " + ", ".join(unique))
    if not_unique:
        lines.append("- sets with puzzles that are **not** unique: " + ", ".join(not_unique))
    return lines


def _table(sets):
    bolded = set()
    for instance in dict.fromkeys(x.instance for x in sets):
        members = [i for i, x in enumerate(sets) if x.instance == instance and x.done]
        w = timing.winner([sets[i].time for i in members])
        if w is not None:
            bolded.add(members[w])
    rows = []
    for i, s in enumerate(sets):
        threads = f" ({s.threads} thr)" if s.threads != 1 else ""
        if s.done:
            shown = s.time.text()
            if i in bolded:
                shown = timing.bold(shown)
            values = [num(s.steps), num(s.guesses), shown, num(s.per_s), escape(s.status)]
        else:
            of = f" of {whole(s.total)}" if s.total else ""
            values = [NONE, NONE, NONE, NONE, f"stopped ({escape(s.status)}) after {whole(s.puzzles)}{of} puzzles"]
        rows.append([escape(s.instance), escape(s.label) + threads, whole(s.puzzles)] + values)
    return table(["set", "engine/order", "puzzles", "steps/puzzle", "guesses/puzzle", "time/puzzle (median [interval])",
                  "puzzles/s (median)", "status"], "llrrrrrl", rows) + timing.noisy_footnote([x.time for x in sets])


def _plot(ctx, every, metric):
    """Per engine/order (mode first, one thread) the metric per puzzle against board
    size, log x and y; at a size with several sets (9x9) the point is the best set.
    The bar: for time, the interval of that set's median; for steps (exact), the
    span over the sets of that size. Returns (plot, has lower bounds) or None."""
    listing = ctx.listing
    exact, bound = {}, {}
    for s in every:
        if s.mode != "first" or s.threads != 1:
            continue
        v, b = (s.us, s.us_bound) if metric == "time" else (s.steps, s.steps_bound)
        if s.done and v is not None and v > 0:
            t = s.time
            lo, hi = (t.lo * 1e6, t.hi * 1e6) if metric == "time" and t.has_interval else (v, v)
            exact.setdefault(s.label, {}).setdefault(s.cells, []).append((v, lo, hi))
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
    ylabel = "µs per puzzle (median, bars: its interval)" if metric == "time" else "steps per puzzle"
    what = "time per puzzle" if metric == "time" else "steps per puzzle"
    plot = Plot(f"sudoku-{metric}", f"sudoku: {what} vs board size", 900, 600)
    tics = ", ".join(f"{quote(f'{int(math.sqrt(c) + 0.5)}x{int(math.sqrt(c) + 0.5)}', f'{c} cells')} {c}"
                     for c in sizes)
    bars = "the bar: that set's interval" if metric == "time" else "the bar spans all its 9x9 sets"
    title = quote(f"sudoku: {what} vs board size (mode first, 1 thread)",
                  f"9x9: the best set of each engine/order, {bars}")
    plot.add(f"set title {title} font ',11' noenhanced", "set logscale xy", "set format y '10^{%L}'", GRID,
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
        def point(c):
            best = min(by[c])
            low, high = (best[1], best[2]) if metric == "time" else (best[0], max(v for v, _, _ in by[c]))
            return (c * dodge, best[0], low, high, len(by[c]))

        rows = [point(c) if c in by else None for c in sizes]
        if by:
            bar = "its interval" if metric == "time" else "the lowest and highest set"
            data = plot.block(f"{label}: best set per size, {bar}", ("cells", "value", "low", "high", "sets"), rows)
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
        clauses.append(f"NaN with points lc rgb 'black' pt 6 ps 1.2 title {quote(LOWER_BOUND_KEY)}")
    plot.add("plot " + ", \\\n     ".join(clauses))
    return plot, has_bounds


def _qqwing_pairs(ctx, path):
    """compare's pairs of QQwing (old) against puzzlebench (new), by (task, set or
    difficulty); {} without the raw samples (no interval then)."""
    if not compare.samples_path(path).is_file() or ctx.binary is None:
        return {}
    found = compare.run(ctx.binary, [path, "--by", "tool=qqwing,puzzlebench"])
    pairs = {}
    for p in compare.parse(found[1], found[0]).pairs:
        task = p.key.get("task")
        key = p.key.get("set", "-") if task == "solve" else p.key.get("difficulty", "-")
        pairs[(task, key)] = p
    return pairs


def _qqwing_rows(table_):
    """The QQwing file's rows by (task, set or difficulty, tool), each task's keys in
    file order, and the counts of rows of another task or tool and of rows without
    puzzles or time (both left out)."""
    rows_of, order = {}, {"solve": [], "generate": []}
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
        rows_of.setdefault((task, key, tool), []).append(row)
    return rows_of, order, other, skipped


def qqwing_section(ctx, family, path):
    """Per (task, set or difficulty, tool): the time per puzzle with its spread, and
    puzzlebench's against QQwing's in words (from `puzzlebench compare` with its
    interval and verdict when the raw samples are there)."""
    table_ = read_csv(path, need=("task", "tool", "puzzles", "wall_s"))
    rows_of, order, other, skipped = _qqwing_rows(table_)
    per_puzzle = lambda r: r.num("puzzles")
    times = {k: timing.of_rows(v, per=per_puzzle) for k, v in rows_of.items()}
    puzzles = {k: stats.median(r.num("puzzles") for r in v) for k, v in rows_of.items()}
    pairs = _qqwing_pairs(ctx, path)
    line = f"Source: {code(path.name)} — {len(table_)} rows"
    if other:
        line += f" ({other} with another task or tool, ignored)"
    if skipped:
        line += f" ({skipped} without puzzles or time, ignored)"
    how = ("the ratio with its 95% interval and verdict from `puzzlebench compare` on the raw samples (`~`: not "
           "significant at p < 0.05)" if pairs else
           "the ratio of the medians (no interval: there are no raw samples beside the file)")
    held = "; ".join(f"{code(k)}, {v}" for k, v in QQWING_HELD_OUT.items())
    out = ["", "### Sudoku vs QQwing", "",
           line + ". Per set or difficulty and tool: the time per puzzle (the run's time / its puzzles) with its "
           f"spread. **puzzlebench against QQwing**, in solving and generating alike: {how}. Sets solved: our "
           f"generator's 9x9 sets (tuning: the engines were developed on them), and held-out sets made by another "
           f"method, never tuned on: {held}.", ""]

    def against(task, key):
        # (cell, claim): a paired ratio stands however wide, one of medians not when noisy.
        q, p = times.get((task, key, "qqwing")), times.get((task, key, "puzzlebench"))
        if q is None or p is None or q.median is None or p.median is None:
            return "n/a", "n/a"
        pair = pairs.get((task, key))
        noisy = timing.NOISY_MARK if q.noisy or p.noisy else ""
        if pair is not None and pair.compared and pair.ratio:
            # compare's ratio is per run: per puzzle it scales by the puzzles of each side.
            scale = puzzles[(task, key, "qqwing")] / puzzles[(task, key, "puzzlebench")]
            lo, hi = (x * scale if x else None for x in (pair.ratio_lo, pair.ratio_hi))
            text = ratio_interval(pair.ratio * scale, lo, hi) + noisy
            return (text, text) if pair.significant else (f"~ ({text})",) * 2
        text = ratio(p.median, q.median) + noisy
        return text, "n/a (a noisy time)" if noisy else text

    summary = {}
    for task, what, header in (("solve", "Solving (first solution of every puzzle of a 9x9 file).", "set"),
                               ("generate", "Generating puzzles of a given difficulty.", "difficulty")):
        keys = order[task]
        if not keys:
            continue
        if task == "generate":
            keys = sorted(keys, key=lambda d: ctx.listing.level_rank(family.name, d))
        rows = []
        for key in keys:
            q, p = times.get((task, key, "qqwing")), times.get((task, key, "puzzlebench"))
            counts = " / ".join(whole(puzzles.get((task, key, t))) for t in ("qqwing", "puzzlebench"))
            r, claim = against(task, key)
            held_out = task == "solve" and key in QQWING_HELD_OUT
            summary.setdefault(task + ("-held" if held_out else ""), []).append(f"{escape(key)} {claim}")
            role = ["held-out" if held_out else "tuning"] if task == "solve" else []
            rows.append([escape(key)] + role + [counts, q.text() if q else NONE, p.text() if p else NONE, r])
        out += [what, ""]
        out += table([header] + (["role"] if task == "solve" else []) +
                     ["puzzles (QQwing / puzzlebench)", "QQwing time/puzzle", "puzzlebench time/puzzle",
                      "puzzlebench against QQwing"], ("ll" if task == "solve" else "l") + "rrrl", rows)
        out += timing.noisy_footnote([t for (t_, k, _), t in times.items() if t_ == task]) + [""]
    if "solve" in summary:
        out.append("- solving, puzzlebench against QQwing (tuning sets): " + ", ".join(summary["solve"]))
        out.append("- solving, on the held-out sets: " + (", ".join(summary["solve-held"]) if "solve-held" in summary
                                                          else "none in this file: the claim is not checked on "
                                                               "held-out data"))
    if "generate" in summary:
        out.append("- generating, puzzlebench against QQwing: " + ", ".join(summary["generate"]))
    if not summary:
        out.append("_No solve or generate rows._")
    meta = path.with_suffix(".meta")
    if meta.is_file():
        out += ["", ctx.meta_line(meta)]
    return out


# What the report reads of this family (analysis/family_section.py).
SECTION = FamilySection(section, sweeps=SWEEPS, reads=READS, ladder=LADDER, pictures=PICTURES)
