"""The notouch family: one section per notouch*.csv sweep (one row per run on one
board): per-instance medians per engine/order and mode, the best engine against
backtracking in row order, the enumerations' speed, the count check, and the
steps and time plots with one category per board.

Nothing here is particular to notouch but the engine names the summary compares
(backtrack/row, the seed's search, and the enum-* enumerations): a family whose
sweep CSV has the same columns can use section() as it is.
"""

from .. import runs, stats
from ..csvread import read_csv
from ..markdown import code, escape, table
from ..numfmt import seconds6, whole
from ..plotting import FILLED_POINTS, GRID, LOWER_BOUND_KEY, Plot, dquote, open_point, quote, series_style

# The baseline the summary compares with: the seed's backtracking in row order.
BASELINE = ("backtrack", "row")
# Engines that enumerate complete vectors (their speed in vectors per second is reported).
ENUM_PREFIX = "enum-"

METRICS = {
    "steps": ("steps", "steps", "steps (median over reps)"),
    "time": ("wall_s", "wall time", "wall time [s] (median over reps)"),
}


def section(ctx, family, files):
    out = []
    for path in files:
        out += file_section(ctx, path)
    return out


def _status_line(path, table_, groups):
    reps = "/".join(dict.fromkeys(str(g.runs) for g in groups))
    line = f"Source: {code(path.name)} — {len(table_)} runs ({runs.status_counts(table_)})"
    if groups:
        return (line + f" in {len(groups)} groups (instance, engine, order, mode, threads) of {reps} reps. "
                "Medians over the done reps of each group.")
    return line + "."


def file_section(ctx, path):
    name = path.stem
    table_ = read_csv(path, need=runs.RUN_COLUMNS)
    groups = runs.by_instance(ctx.listing, runs.group_runs(table_))
    runs.thread_labels(groups)
    out = ["", f"## Family: {name}", "", _status_line(path, table_, groups), "",
           ctx.meta_line(path.with_suffix(".meta")), ""]
    if not any(g.done for g in groups):
        ctx.no_plot(f"{name}-steps", f"{name}-time")
        return out + ["_No run with status=done: no plots and no table._"]
    for metric in ("steps", "time"):
        out += [ctx.plot(_plot(ctx, name, groups, metric), f"{name} {metric} vs cells"), ""]
    out += ["The plots: one category per instance (by cells, then name), one line per engine/order through the "
            "medians of the instances it finished; an open symbol is a lower bound, the median over the reps that "
            "stopped at a limit of what they used.", ""]
    out += _best_lines(groups)
    out += _enumeration_lines(ctx, table_)
    out += _count_check(groups)
    modes = sorted({g.mode for g in groups}, key=ctx.listing.mode_rank)
    for mode in modes:
        out += ["", f"### {name}, mode = {mode}", "", "Fastest median wall_s per instance in **bold**.", ""]
        out += _mode_table([g for g in groups if g.mode == mode])
    return out


def _best_lines(groups):
    pre = "- best engine/order on the largest count instance vs backtrack/row: "
    counted = [g for g in groups if g.mode == "count" and g.done]
    base = None
    for g in counted:
        if (g.engine, g.order) != BASELINE:
            continue
        # The largest instance; on a tie the slower run.
        if base is None or (g.cells, g.median("wall_s")) > (base.cells, base.median("wall_s")):
            base = g
    if base is None:
        return [pre + "n/a (backtrack/row never finished in mode count)"]
    same = [g for g in counted if g.instance == base.instance]
    best = min(same, key=lambda g: g.median("wall_s"))
    ordered = [g for g in same if g.order != "-"]
    bw, best_w = base.median("wall_s"), best.median("wall_s")
    ratio = "%.1fx" % (bw / best_w) if best_w > 0 else "inf"
    lines = [f"{pre}{ratio} faster (same run) — {escape(best.label)} on {escape(base.instance)} ({base.cells} cells, "
             f"mode count): {seconds6(best_w)} s vs backtrack/row {seconds6(bw)} s"]
    if ordered:
        searched = min(ordered, key=lambda g: g.median("wall_s"))
        sw = searched.median("wall_s")
        if sw > 0:
            lines.append(f"- best search with a cell order on {escape(base.instance)} vs backtrack/row: {bw / sw:.2f}x "
                         f"({escape(searched.label)}: {seconds6(sw)} s)")
    return lines


def _enumeration_lines(ctx, table_):
    """Complete vectors checked per second, one thread, on the enumeration's count
    run with the most vectors that finished (median wall_s over its reps)."""
    if not table_.has("candidates"):
        return []
    walls, vectors = {}, {}
    for row in table_:
        engine = row["engine"]
        if (engine.startswith(ENUM_PREFIX) and row["mode"] == "count" and row["status"] == "done"
                and row.num("threads") == 1):
            key = (engine, row["instance"])
            walls.setdefault(key, []).append(row.num("wall_s"))
            vectors[key] = row.num("candidates")
    # The run with the most vectors; on a tie the slower one (the lower rate).
    best = {}
    for key in walls:
        engine = key[0]
        rank = (vectors[key], stats.median(walls[key]))
        if engine not in best or rank > (vectors[best[engine]], stats.median(walls[best[engine]])):
            best[engine] = key
    lines = []
    for engine in sorted(best, key=ctx.listing.engine_rank):
        key = best[engine]
        wall = stats.median(walls[key])
        if wall > 0:
            n = vectors[key]
            lines.append(f"- {engine} checks {n / wall / 1e6:.1f} million complete vectors per second on one thread "
                         f"({key[1]}: {n:.0f} vectors in {wall:.3f} s, median)")
    return lines


def _count_check(groups):
    """Count-mode solution counts must not depend on the engine."""
    first, listed = {}, {}
    for g in groups:
        if g.mode != "count" or not g.done:
            continue
        solutions = g.median("solutions")
        first.setdefault(g.instance, solutions)
        listed.setdefault(g.instance, []).append(f"{g.label}={whole(solutions)}")
    if not first:
        return ["- count-mode solutions: no count run finished"]
    bad = [i for i in first if any(g.median("solutions") != first[i] for g in groups
                                   if g.instance == i and g.mode == "count" and g.done)]
    if not bad:
        return [f"- count-mode solutions agree across engines on all {len(first)} instances: yes"]
    return ["- count-mode solutions agree across engines: **NO** — " +
            "; ".join(f"{i}: {', '.join(listed[i])}" for i in bad)]


def _mode_table(groups):
    fastest = {}
    for g in groups:
        if g.done:
            w = g.median("wall_s")
            if g.instance not in fastest or w < fastest[g.instance]:
                fastest[g.instance] = w
    rows = []
    for g in groups:
        wall = g.median("wall_s")
        shown = seconds6(wall)
        if g.done and wall == fastest[g.instance]:
            shown = f"**{shown}**"
        threads = f" ({g.threads} thr)" if g.threads_in_label else ""
        rows.append([escape(g.instance), str(g.cells), g.mode, escape(g.engine), escape(g.order) + threads,
                     whole(g.median("solutions")), whole(g.median("steps")), shown, escape(g.status)])
    return table(["instance", "cells", "mode", "engine", "order", "solutions", "steps", "wall_s (median)", "status"],
                 "lrlllrrrl", rows)


def _plot(ctx, name, groups, metric):
    """One panel per mode: a category per board (by cells, then name), a line per
    engine/order through the boards it finished; open symbols for lower bounds,
    from the reps that stopped at a limit."""
    column, what, ylabel = METRICS[metric]
    listing = ctx.listing
    instances = list(dict.fromkeys(g.instance for g in groups))
    cells = {g.instance: g.cells for g in groups}
    x_of = {inst: i for i, inst in enumerate(instances)}
    modes = sorted({g.mode for g in groups}, key=listing.mode_rank)

    def value(g):
        """(value, is_lower_bound) or None where nothing can go on a log axis."""
        if g.done:
            v = g.median(column)
            return (v, False) if v is not None and v > 0 else None
        v = g.limit_median(column)
        return (v, True) if v is not None and v > 0 else None

    points = {(g.mode, g.label): {} for g in groups}
    series = []
    for g in sorted(groups, key=lambda g: runs.sort_key(listing, g)):
        p = value(g)
        if p is None:
            continue
        points[(g.mode, g.label)][x_of[g.instance]] = p
        if g.label not in [s.label for s in series]:
            series.append(g)
    any_bound = any(b for pts in points.values() for _, b in pts.values())

    plot = Plot(f"{name}-{metric}", f"{name}: {what} per instance, one panel per mode", 1300, 720)
    rows = max(1, (len(series) + int(any_bound) + 3) // 4)
    key_h = 0.035 * rows + 0.015
    bottom = key_h + 0.2
    title = f"{name}: {what} per instance (median over reps, status=done; open: lower bound, the run hit its limit)"
    tics = ", ".join(f"{dquote(f'{inst} ({cells[inst]})')} {x}" for inst, x in x_of.items())
    plot.add(f"set multiplot title {quote(title)} font ',13' noenhanced",
             "set logscale y", "set format y '10^{%L}'", GRID,
             f"set xrange [-0.5:{len(instances) - 0.5}]",
             f"set xtics out nomirror rotate by 40 right font ',9' ({tics}) noenhanced",
             "set xlabel 'instance (cells), by size' offset 0,0.5",
             "unset key", f"set tmargin at screen 0.9; set bmargin at screen {bottom:.3f}")
    width = 0.87 / len(modes)
    for i, mode in enumerate(modes):
        left = 0.08 + i * width + (0.03 if i else 0)
        plot.add(f"set lmargin at screen {left:.3f}; set rmargin at screen {0.08 + (i + 1) * width - 0.01:.3f}",
                 f"set ylabel {quote(ylabel)}" if i == 0 else "unset ylabel", f"set title {quote('mode = ' + mode)}")
        clauses = []
        for g in series:
            pts = points.get((mode, g.label), {})
            if not pts:
                continue
            style = series_style(listing, g.engine, g.order)
            exact, bounds, last = [], [], None
            for x in range(len(instances)):
                if x in pts and not pts[x][1]:
                    if last is not None and last != x - 1:
                        exact.append(None)
                    exact.append((x, pts[x][0], instances[x]))
                    last = x
                elif x in pts:
                    bounds.append((x, pts[x][0], instances[x]))
            columns = ("x", column, "instance")
            if exact:
                data = plot.block(f"{g.label}, mode {mode}: medians over the done reps", columns, exact)
                clauses.append(f"{data} using 1:2 with linespoints {style.lines()} ps 1.1 notitle")
            if bounds:
                data = plot.block(f"{g.label}, mode {mode}: lower bounds (medians over the reps stopped at a limit)",
                                  columns, bounds)
                clauses.append(f"{data} using 1:2 with points lc rgb {quote(style.colour)} "
                               f"pt {open_point(style.point)} ps 1.3 notitle")
        if not clauses:
            plot.add("set yrange [1:10]", "set label 99 'no runs with status=done' at graph 0.5, 0.5 center",
                     "plot NaN notitle", "unset label 99", "set yrange [*:*]")
        else:
            plot.add("plot " + ", \\\n     ".join(clauses))
    # The shared legend: an empty plot across the bottom holds the key.
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
    return plot
