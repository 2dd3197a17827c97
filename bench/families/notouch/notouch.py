"""The notouch family: one section per notouch*.csv sweep (one row per run on one
board): per-instance times (median [interval]) per engine/order and mode, the best
engine against backtracking in row order, the enumerations' speed, the count
check, and the steps and time plots (time with error bars) with one category per
board. A board run under several settings of the family (a sweep's family-sets:
--diff, --adj) is a problem under each, named with the setting ("2x4 diff=3") and
never pooled with the others (runs.problem_columns). Noisy rows are marked and
never bolded; the best engine/order is the
fastest, noisy or not, and a claim on a noisy time is compare's ratio paired by
round. Then path-dp's memory and time per board and the model of the boards past one machine, from the
micro-benchmarks (notouch_model.py), and the model of its count sharded over MPI
ranks checked against measured runs (notouch_ranks.py); and the table of counts set against the
published record, "New counts" (notouch_counts.py).

Nothing here is particular to notouch but the engine names the summary compares
(backtrack/row, the seed's search, and the enum-* enumerations): a family whose
sweep CSV has the same columns can use section() as it is.
"""

from .. import compare, runs, timing
from ..csvread import read_csv
from ..family_section import FamilySection
from ..markdown import code, escape, table
from ..numfmt import factor_text, ratio, whole
from ..plotting import FILLED_POINTS, GRID, LOWER_BOUND_KEY, Plot, open_point, quote, series_style
from . import notouch_counts, notouch_model, notouch_ranks

# The baseline the summary compares with: the seed's backtracking in row order.
BASELINE = ("backtrack", "row")
# The sweeps this section reads beside those `puzzlebench families` lists: the
# scaling sweep (a run of its own, not in run.sh).
SWEEPS = ("notouch-scaling",)
# The sweeps the common sections read (reads.py): the enumerations against the searches.
READS = {"enumeration": ("notouch",)}
# The report's pictures (pictures.py): (file under plots/, render arguments, caption).
PICTURES = [("picture-notouch.svg", ["notouch", "cross8", "--solution"],
             "notouch: the seed's cross8 board solved (the touching pairs faint)")]
# Engines that enumerate complete vectors (their speed in vectors per second is reported).
ENUM_PREFIX = "enum-"

METRICS = {
    "steps": ("steps", "steps", "steps"),
    "time": ("wall_s", "wall time", "wall time [s] (median, bars: its interval)"),
}


def section(ctx, family, files):
    out = []
    for path in files:
        out += file_section(ctx, path)
    if files:
        main = next((p for p in files if p.name == "notouch.csv"), files[0])
        out += notouch_model.section(main.parent, main.with_suffix(".meta"))
        out += notouch_ranks.section(main.parent)
    return out + notouch_counts.section(ctx, ctx.dir)


def _status_line(path, table_, groups, apart=()):
    reps = "/".join(dict.fromkeys(str(g.runs) for g in groups))
    line = f"Source: {code(path.name)} — {len(table_)} rows ({runs.status_counts(table_)})"
    if not groups:
        return line + "."
    keys = ", ".join(["instance", *apart, "engine", "order", "mode", "threads"])
    if timing.has_spread(table_):
        line += f", one per run ({keys}). "
    else:
        line += f" in {len(groups)} groups ({keys}) of {reps} reps. "
    return line + timing.spread_note(table_)


def file_section(ctx, path):
    name = path.stem
    table_ = read_csv(path, need=runs.RUN_COLUMNS)
    apart = runs.file_problem_columns(path, table_)
    groups = runs.by_instance(ctx.listing, runs.group_runs(table_, apart))
    runs.thread_labels(groups)
    out = ["", f"## Family: {escape(name)}", "", _status_line(path, table_, groups, apart), ""]
    if apart:
        out += [runs.apart_words(apart), ""]
    out += [ctx.meta_line(path.with_suffix(".meta")), ""]
    if not any(g.done for g in groups):
        ctx.no_plot(f"{name}-steps", f"{name}-time")
        return out + ["_No run with status=done: no plots and no table._"]
    for metric in ("steps", "time"):
        out += [ctx.plot(_plot(ctx, name, groups, metric), f"{name} {metric} vs cells"), ""]
    out += ["The plots: one category per instance (by cells, then name), one line per engine/order through the "
            "instances it finished (time: the median, its interval as an error bar); an open symbol is a lower "
            "bound, what a run stopped at its limit used.", ""]
    out += _best_lines(groups, _pairing(ctx, path))
    out += _enumeration_lines(ctx, groups)
    out += _count_check(groups)
    modes = sorted({g.mode for g in groups}, key=ctx.listing.mode_rank)
    for mode in modes:
        out += ["", f"### {escape(name)}, mode = {escape(mode)}", "",
                "The fastest time per instance is in **bold** only when its interval lies wholly below the "
                "runner-up's and neither is noisy.", ""]
        out += _mode_table([g for g in groups if g.mode == mode])
    return out


def _best_lines(groups, paired=lambda base, other: None):
    """The fastest engine/order on the largest count instance against backtrack/row, and
    the fastest with a cell order, each by its median whether noisy or not: a noisy run
    is named and marked, never passed over for a slower one. The ratio is one of the
    medians only where neither time is noisy; else `puzzlebench compare`'s, paired by
    round (paired(base, other): a compare.Pair or None), else none. Runs stopped at a
    limit are never the basis of the claim."""
    pre = "- best engine/order on the largest count instance against backtrack/row: "
    counted = [g for g in groups if g.mode == "count" and g.done]
    base = None
    for g in counted:
        if (g.engine, g.order) != BASELINE:
            continue
        # The largest instance; on a tie the slower run.
        if base is None or (g.cells, g.timing().median) > (base.cells, base.timing().median):
            base = g
    if base is None:
        return [pre + "n/a (backtrack/row never finished in mode count)"]
    bt = base.timing()
    same = [g for g in counted if g.problem == base.problem and g is not base and g.timing().median is not None]
    if not same:
        return [pre + f"n/a (no other engine/order counted {escape(base.problem)})"]

    def against(g):
        """(the ratio of g against the base in words, how it was had: "medians", "paired" or None)."""
        t = g.timing()
        if t.usable and bt.usable:
            return ratio(t.median, bt.median), "medians"
        pair = paired(base, g)
        if pair is not None and pair.compared and pair.ratio:
            return pair.text(), "paired"
        return "no ratio claimed (a noisy time, no raw samples to pair)", None

    best = min(same, key=lambda g: g.timing().median)
    ordered = [g for g in same if g.order != "-"]
    t = best.timing()
    text, how = against(best)
    note = {"medians": " (same run)", "paired": " (same run, paired by round)"}.get(how, "")
    lines = [f"{pre}{escape(best.label)}, {text}{note} on {escape(base.problem)} "
             f"({base.cells} cells, mode count): {t.text()} against {bt.text()}"]
    if ordered:
        searched = min(ordered, key=lambda g: g.timing().median)
        text, how = against(searched)
        than = f"{text} than backtrack/row" if how == "medians" else f"against backtrack/row: {text}"
        lines.append(f"- best search with a cell order on {escape(base.problem)}: {escape(searched.label)}, "
                     f"{than} ({searched.timing().text()})")
    return lines


def _pairing(ctx, path):
    """paired(base, other) for _best_lines: compare's pair of two groups of the sweep
    file at `path` (other against base, on base's instance, mode, threads, params, seed
    and family setting), or None without the program or raw samples beside the file."""
    done = {}

    def paired(base, other):
        if ctx.binary is None or not compare.samples_path(path).is_file():
            return None
        labels = (compare.label(base.engine, base.order), compare.label(other.engine, other.order))
        if labels not in done:
            done[labels] = compare.compare_labels(ctx.binary, path, *labels).pairs
        want = {"instance": base.instance, "mode": base.mode, "threads": str(base.threads),
                "params": base.params, "engine_seed": base.engine_seed, **base.setting}
        return next((p for p in done[labels] if all((p.key[k] or "-") == v for k, v in want.items() if k in p.key)),
                    None)
    return paired


def _enumeration_lines(ctx, groups):
    """Complete vectors checked per second, one thread, on the enumeration's count
    run with the most vectors that finished (its median time, not noisy)."""
    best = {}
    for g in groups:
        if not (g.engine.startswith(ENUM_PREFIX) and g.mode == "count" and g.done and g.threads == 1):
            continue
        t = g.timing()
        if not t.usable or not t.median:
            continue
        vectors = g.median("candidates") if g.rows[0].table.has("candidates") else None
        if vectors is None:
            continue
        # The run with the most vectors; on a tie the slower one (the lower rate).
        rank = (vectors, t.median)
        if g.engine not in best or rank > best[g.engine][0]:
            best[g.engine] = (rank, g, t)
    lines = []
    for engine in sorted(best, key=ctx.listing.engine_rank):
        (n, _), g, t = best[engine]
        rate = f"{factor_text(n / t.median / 1e6)} million"
        if t.has_interval:
            rate += f" [{factor_text(n / t.hi / 1e6)}, {factor_text(n / t.lo / 1e6)}]"
        lines.append(f"- {escape(engine)} checks {rate} complete vectors per second on one thread "
                     f"({escape(g.problem)}: {n:.0f} vectors in {t.text()})")
    return lines


def _count_check(groups):
    """Count-mode solution counts must not depend on the engine (on one board under one
    setting of the family: another setting may well count otherwise)."""
    first, listed = {}, {}
    for g in groups:
        if g.mode != "count" or not g.done:
            continue
        solutions = g.median("solutions")
        first.setdefault(g.problem, solutions)
        listed.setdefault(g.problem, []).append(f"{escape(g.label)}={whole(solutions)}")
    if not first:
        return ["- count-mode solutions: no count run finished"]
    bad = [i for i in first if any(g.median("solutions") != first[i] for g in groups
                                   if g.problem == i and g.mode == "count" and g.done)]
    if not bad:
        return [f"- count-mode solutions agree across engines on all {len(first)} instances: yes"]
    return ["- count-mode solutions agree across engines: **NO** — " +
            "; ".join(f"{escape(i)}: {', '.join(listed[i])}" for i in bad)]


def _mode_table(groups):
    times = [g.timing() for g in groups]
    bolded = set()
    for problem in dict.fromkeys(g.problem for g in groups):
        members = [i for i, g in enumerate(groups) if g.problem == problem]
        w = timing.winner([times[i] for i in members])
        if w is not None:
            bolded.add(members[w])
    rows = []
    for i, g in enumerate(groups):
        shown = times[i].text()
        if i in bolded:
            shown = timing.bold(shown)
        threads = f" ({g.threads} thr)" if g.threads_in_label else ""
        steps = g.median("steps") if g.done else g.limit_median("steps")
        rows.append([escape(g.problem), str(g.cells), escape(g.mode), escape(g.engine), escape(g.order) + threads,
                     whole(g.median("solutions")), ("≥ " if not g.done and steps is not None else "") + whole(steps),
                     shown, escape(g.status)])
    return table(["instance", "cells", "mode", "engine", "order", "solutions", "steps", "time (median [interval])",
                  "status"], "lrlllrrrl", rows) + timing.noisy_footnote(times)


def _plot(ctx, name, groups, metric):
    """One panel per mode: a category per board (by cells, then name), a line per
    engine/order through the boards it finished; open symbols for lower bounds,
    from the runs that stopped at a limit; time with error bars from its interval."""
    column, what, ylabel = METRICS[metric]
    listing = ctx.listing
    instances = list(dict.fromkeys(g.problem for g in groups))
    cells = {g.problem: g.cells for g in groups}
    x_of = {inst: i for i, inst in enumerate(instances)}
    modes = sorted({g.mode for g in groups}, key=listing.mode_rank)

    def value(g):
        """(value, is_lower_bound, lo, hi) or None where nothing can go on a log axis;
        lo and hi: the time's interval (the value itself where there is none)."""
        if metric == "time":
            t = g.timing()
            if t.median is None or t.median <= 0:
                return None
            lo, hi = (t.lo, t.hi) if t.has_interval else (t.median, t.median)
            return (t.median, t.lower, lo, hi)
        v = g.median(column) if g.done else g.limit_median(column)
        return (v, not g.done, v, v) if v is not None and v > 0 else None

    points = {(g.mode, g.label): {} for g in groups}
    series = []
    for g in sorted(groups, key=lambda g: runs.sort_key(listing, g)):
        p = value(g)
        if p is None:
            continue
        points[(g.mode, g.label)][x_of[g.problem]] = p
        if g.label not in [s.label for s in series]:
            series.append(g)
    any_bound = any(p[1] for pts in points.values() for p in pts.values())

    plot = Plot(f"{name}-{metric}", f"{name}: {what} per instance, one panel per mode", 1300, 720)
    rows = max(1, (len(series) + int(any_bound) + 3) // 4)
    key_h = 0.035 * rows + 0.015
    bottom = key_h + 0.2
    bars = "median, bars: its interval; " if metric == "time" else ""
    title = f"{name}: {what} per instance ({bars}open: lower bound, the run hit its limit)"
    tics = plot.tics({x: f"{inst} ({cells[inst]})" for inst, x in x_of.items()})
    plot.add(f"set multiplot title {quote(title)} font ',13' noenhanced",
             "set logscale y", "set format y '10^{%L}'", GRID,
             f"set xrange [-0.5:{len(instances) - 0.5}]",
             "set xtics out nomirror rotate by 40 right font ',9' noenhanced",
             "set xlabel 'instance (cells), by size' offset 0,0.5",
             "unset key", f"set tmargin at screen 0.9; set bmargin at screen {bottom:.3f}")
    width = 0.87 / len(modes)
    for i, mode in enumerate(modes):
        left = 0.08 + i * width + (0.03 if i else 0)
        plot.add(f"set lmargin at screen {left:.3f}; set rmargin at screen {0.08 + (i + 1) * width - 0.01:.3f}",
                 f"set ylabel {quote(ylabel)}" if i == 0 else "unset ylabel",
                 f"set title {quote('mode = ' + mode)} noenhanced")
        clauses = []
        for g in series:
            clauses += _series_clauses(plot, listing, g, points.get((mode, g.label), {}), mode, instances,
                                       column, metric)
        if not clauses:
            plot.add("set yrange [1:10]", "set label 99 'no runs with status=done' at graph 0.5, 0.5 center",
                     f"plot {tics}", "unset label 99", "set yrange [*:*]")
        else:
            plot.add("plot " + ", \\\n     ".join(clauses + [tics]))
    _legend(plot, listing, series, any_bound, key_h, rows)
    return plot


def _series_clauses(plot, listing, g, pts, mode, instances, column, metric):
    """The plot clauses of one engine/order's points in one mode's panel: a line through
    its exact values (broken where a board is missing), open symbols for its bounds."""
    if not pts:
        return []
    style = series_style(listing, g.engine, g.order)
    exact, bounds, last = [], [], None
    for x in range(len(instances)):
        if x in pts and not pts[x][1]:
            if last is not None and last != x - 1:
                exact.append(None)
            exact.append((x, pts[x][0], pts[x][2], pts[x][3], instances[x]))
            last = x
        elif x in pts:
            bounds.append((x, pts[x][0], pts[x][2], pts[x][3], instances[x]))
    columns = ("x", column, "lo", "hi", "instance")
    clauses = []
    if exact:
        what = "medians with their intervals (lo, hi)" if metric == "time" else "exact counts"
        data = plot.block(f"{g.label}, mode {mode}: {what}", columns, exact)
        drawn = "using 1:2:3:4 with yerrorlines" if metric == "time" else "using 1:2 with linespoints"
        clauses.append(f"{data} {drawn} {style.lines()} ps 1.1 notitle")
    if bounds:
        data = plot.block(f"{g.label}, mode {mode}: lower bounds (what the runs stopped at a limit used)",
                          columns, bounds)
        clauses.append(f"{data} using 1:2 with points lc rgb {quote(style.colour)} "
                       f"pt {open_point(style.point)} ps 1.3 notitle")
    return clauses


def _legend(plot, listing, series, any_bound, key_h, rows):
    """The shared legend: an empty plot across the bottom holds the key."""
    plot.add("unset title; unset xlabel; unset ylabel; unset border; unset tics; unset grid; unset logscale",
             "set xrange [0:1]; set yrange [0:1]",
             f"set lmargin at screen 0.02; set rmargin at screen 0.98; set tmargin at screen {key_h:.3f}; "
             "set bmargin at screen 0.005",
             f"set key center center horizontal Left reverse maxcols 4 maxrows {rows} font ',9' samplen 3 "
             "spacing 1.1 width 1")
    keys = [f"NaN with linespoints {series_style(listing, g.engine, g.order).lines()} ps 1.1 "
            f"title {quote(g.label)} noenhanced" for g in series]
    if any_bound:
        keys.append(f"NaN with points lc rgb 'black' pt {open_point(FILLED_POINTS[0])} ps 1.1 "
                    f"title {quote(LOWER_BOUND_KEY)}")
    plot.add("plot " + ", \\\n     ".join(keys or ["NaN notitle"]), "unset multiplot")


# What the report reads of this family (analysis/family_section.py).
SECTION = FamilySection(section, sweeps=SWEEPS, reads=READS, pictures=PICTURES)
