"""Parallel scaling: one section per <name>-parallel.csv (any family's): median wall_s
per thread count, the speedup over the lowest thread count, and whether the steps
stay the same; with its speedup plot."""

from .. import runs
from ..csvread import read_csv
from ..markdown import code, escape, table
from ..numfmt import NONE, seconds6, whole
from ..plotting import DASHES, Plot, quote, series_style


class Speedup:
    """One row of the speedup table: a group and its speedup over its base group."""

    def __init__(self, group, base):
        self.group = group
        self.wall = group.median("wall_s")
        self.steps = group.median("steps")
        self.speedup = None
        self.steps_equal = NONE
        if group.done and base is not None:
            if self.wall and self.wall > 0:
                self.speedup = base.median("wall_s") / self.wall
            base_steps = base.done_values("steps")
            steps = group.done_values("steps")
            same = min(base_steps) == max(base_steps) and min(steps) == max(steps) == min(base_steps)
            self.steps_equal = "yes" if same else "no"


def speedups(listing, table_):
    """Speedup rows, grouped by (instance, mode, engine, order) in table order; each
    setting's base is its lowest thread count with a done rep (normally 1)."""
    groups = runs.by_instance(listing, runs.group_runs(table_))
    settings = {}
    for g in groups:
        settings.setdefault((g.instance, g.mode, g.engine, g.order), []).append(g)
    rows = []
    for members in settings.values():
        done = [g for g in members if g.done]
        base = min(done, key=lambda g: g.threads) if done else None
        rows += [Speedup(g, base) for g in members]
    return rows


def _batch_line(table_):
    """For files of batches (sudoku: a run solves a whole file): what a run is."""
    if not (table_.has("puzzles") and table_.has("instance")):
        return None
    most = {}
    for row in table_:
        p = row.num("puzzles")
        if p > 1:
            most[row["instance"]] = max(p, most.get(row["instance"], 0))
    if not most:
        return None
    sets = ", ".join(f"{i} {p:.0f}" for i, p in most.items())
    return (f"Batch solving: each run solves every puzzle of its file (puzzles: {sets}), T puzzles at a "
            "time, one per thread; wall_s is the whole file's time, and steps are summed over its puzzles.")


def _plot(ctx, name, rows, settings):
    usable = [r for r in rows if r.speedup is not None]
    if not usable:
        return None
    multi = len(settings) > 1
    sub = "" if multi else " — instance %s, mode %s" % settings[0]
    plot = Plot(f"{name}-speedup", f"{name}: parallel speedup vs threads", 900, 600)
    tmax = max(r.group.threads for r in usable)
    plot.add(f"set title {quote(f'{name}: parallel speedup{sub} (median wall time at base / at T threads)')} "
             "font ',12' noenhanced",
             "set grid lc rgb '#dddddd' lw 1",
             "set xlabel 'threads'",
             "set ylabel 'speedup'",
             f"set xrange [0.9:{tmax * 1.05:g}]",
             "set yrange [0:*]",
             "set xtics (" + ", ".join(str(t) for t in sorted({r.group.threads for r in usable})) + ")",
             "set key top left Left reverse font ',9' samplen 3 spacing 1.1 box opaque")
    series = {}
    for r in usable:
        g = r.group
        title = f"{g.label} {g.instance} {g.mode}" if multi else g.label
        series.setdefault(title, []).append(r)
    clauses = ["x with lines lc rgb 'black' dt 2 lw 1 title 'ideal (y = x)'"]
    for title, members in series.items():
        g = members[0].group
        style = series_style(ctx.listing, g.engine, g.order)
        if multi:
            style.dash = DASHES[settings.index((g.instance, g.mode)) % len(DASHES)]
        data = plot.block(title, ("threads", "speedup", "wall_s"),
                          [(r.group.threads, r.speedup, r.wall) for r in members])
        clauses.append(f"{data} using 1:2 with linespoints {style.lines()} ps 1.2 title {quote(title)} noenhanced")
    plot.add("plot " + ", \\\n     ".join(clauses))
    return plot


def section(ctx, path):
    name = path.name[: -len("-parallel.csv")]
    table_ = read_csv(path, need=runs.RUN_COLUMNS)
    rows = speedups(ctx.listing, table_)
    settings = list(dict.fromkeys((r.group.instance, r.group.mode) for r in rows))
    threads = sorted({r.group.threads for r in rows})
    out = ["", f"## Parallel scaling: {name}", ""]
    instances = ", ".join(f"{i} (mode {m})" for i, m in settings)
    out.append(f"Source: {code(path.name)} — instance {instances}; threads {', '.join(map(str, threads))}. "
               "Speedup = median wall_s at the base (lowest) thread count / median wall_s at T threads; "
               "medians over done reps. `steps equal`: every done rep at T has exactly the steps of the "
               "1-thread runs.")
    batch = _batch_line(table_)
    if batch:
        out.append(batch)
    out += ["", ctx.meta_line(path.with_suffix(".meta")), ""]
    plot = _plot(ctx, name, rows, settings)
    if plot:
        out.append(ctx.plot(plot, f"{name} speedup"))
    else:
        ctx.no_plot(f"{name}-speedup")
        out.append(f"_(plot plots/{name}-speedup.png not generated)_")
    out.append("")
    multi = len(settings) > 1
    cells = []
    for r in rows:
        g = r.group
        status = "" if g.status == "done" else f" ({g.status})"
        row = [escape(g.label), str(g.threads), seconds6(r.wall),
               NONE if r.speedup is None else "%.2f" % r.speedup, whole(r.steps), r.steps_equal + status]
        cells.append(([escape(g.instance), g.mode] if multi else []) + row)
    header = ["engine/order", "threads", "wall_s (median)", "speedup", "steps", "steps equal"]
    align = "lrrrrl"
    if multi:
        header, align = ["instance", "mode"] + header, "ll" + align
    out += table(header, align, cells)
    out.append("")
    # "2 threads vs 1" per setting, from the median walls.
    walls = {}
    for r in rows:
        g = r.group
        key = f"{g.label} on {g.instance} ({g.mode})" if multi else g.label
        walls.setdefault(key, {})
        if r.wall is not None:
            walls[key][g.threads] = r.wall
    for key, by_threads in walls.items():
        w1, w2 = by_threads.get(1), by_threads.get(2)
        ratio = "%.2fx" % (w1 / w2) if w1 is not None and w2 and w2 > 0 else "n/a"
        out.append(f"- {escape(key)} — 2 threads vs 1: {ratio}")
    return out
