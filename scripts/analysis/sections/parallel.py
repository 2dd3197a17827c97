"""Parallel scaling: one section per <name>-parallel.csv (any family's): the time per
thread count (median [interval]), the speedup over the lowest thread count, and
whether the steps stay the same; with its speedup plot. A speedup involving a
noisy time is marked and not claimed. An instance run under several settings of the
family (a sweep's family-sets) is one under each, named with the setting ("2x5
diff=3"), its speedup over its own base (runs.problem_columns)."""

from .. import runs, timing
from ..csvread import read_csv
from ..markdown import code, escape, table
from ..numfmt import NONE, ratio, whole
from ..plotting import DASHES, Plot, file_name, quote, series_style


class Speedup:
    """One row of the speedup table: a group and its speedup over its base group."""

    def __init__(self, group, base):
        self.group = group
        self.is_base = group is base
        self.time = group.timing()
        self.wall = self.time.median if group.done else None
        self.steps = group.median("steps")
        self.speedup = None
        self.bar = None
        self.noisy = self.time.noisy or (base is not None and base.timing().noisy)
        self.steps_equal = NONE
        if group.done and base is not None:
            if self.wall and self.wall > 0:
                bt = base.timing()
                self.speedup = bt.median / self.wall
                # The plot's bar: the speedups the two intervals allow, from the base's
                # lowest over this one's highest to the base's highest over its lowest.
                if bt.has_interval and self.time.has_interval and self.time.lo > 0:
                    self.bar = (bt.lo / self.time.hi, bt.hi / self.time.lo)
                else:
                    self.bar = (self.speedup, self.speedup)
            base_steps = base.done_values("steps")
            steps = group.done_values("steps")
            same = min(base_steps) == max(base_steps) and min(steps) == max(steps) == min(base_steps)
            self.steps_equal = "yes" if same else "no"


def speedups(listing, table_, apart=()):
    """Speedup rows, grouped by (instance, mode, engine, order, params, engine_seed) in
    table order, and by the columns of apart (runs.problem_columns); each setting's base
    is its lowest thread count with a done rep (normally 1). A sweep over parameter
    settings or engine seeds has a base for each: another setting's time is no base."""
    groups = runs.by_instance(listing, runs.group_runs(table_, apart))
    settings = {}
    for g in groups:
        settings.setdefault((g.problem, g.mode, g.engine, g.order, g.params, g.engine_seed), []).append(g)
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
    sets = ", ".join(f"{escape(i)} {p:.0f}" for i, p in most.items())
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
    heading = f"{name}: parallel speedup{sub} (median time at base / at T threads; bars: from the two intervals)"
    plot.add(f"set title {quote(heading)} "
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
        title = f"{g.label} {g.problem} {g.mode}" if multi else g.label
        series.setdefault(title, []).append(r)
    clauses = ["x with lines lc rgb 'black' dt 2 lw 1 title 'ideal (y = x)'"]
    for title, members in series.items():
        g = members[0].group
        style = series_style(ctx.listing, g.engine, g.order)
        if multi:
            style.dash = DASHES[settings.index((g.problem, g.mode)) % len(DASHES)]
        data = plot.block(title, ("threads", "speedup", "low", "high", "wall_s", "noisy"),
                          [(r.group.threads, r.speedup, r.bar[0], r.bar[1], r.wall, int(r.noisy)) for r in members])
        clauses.append(f"{data} using 1:2:3:4 with yerrorlines {style.lines()} ps 1.2 title {quote(title)} "
                       "noenhanced")
    plot.add("plot " + ", \\\n     ".join(clauses))
    return plot


def section(ctx, path):
    name = path.name[: -len("-parallel.csv")]
    table_ = read_csv(path, need=runs.RUN_COLUMNS)
    apart = runs.file_problem_columns(path, table_)
    rows = speedups(ctx.listing, table_, apart)
    settings = list(dict.fromkeys((r.group.problem, r.group.mode) for r in rows))
    threads = sorted({r.group.threads for r in rows})
    out = ["", f"## Parallel scaling: {escape(name)}", ""]
    instances = ", ".join(f"{escape(i)} (mode {escape(m)})" for i, m in settings)
    out.append(f"Source: {code(path.name)} — instance {instances}; threads {', '.join(map(str, threads))}. "
               "Speedup = median time at the base (lowest) thread count / median time at T threads (the table "
               "says it in words: \"1.54× faster\" than the base); in the plot, a bar spans the speedups the two "
               "times' intervals allow. "
               "`steps equal`: every done row at T has exactly the steps of the 1-thread runs. "
               + timing.spread_note(table_))
    batch = _batch_line(table_)
    if batch:
        out.append(batch)
    if apart:
        out.append(runs.apart_words(apart))
    out += ["", ctx.meta_line(path.with_suffix(".meta")), ""]
    plot = _plot(ctx, name, rows, settings)
    if plot:
        out.append(ctx.plot(plot, f"{name} speedup"))
    else:
        ctx.no_plot(f"{name}-speedup")
        out.append(f"_(plot plots/{file_name(name + '-speedup')}.png not generated)_")
    out.append("")
    multi = len(settings) > 1
    cells = []
    for r in rows:
        g = r.group
        status = "" if g.status == "done" else f" ({escape(g.status)})"
        speedup = NONE if r.speedup is None else "base" if r.is_base else ratio(1, r.speedup) + ("†" if r.noisy else "")
        row = [escape(g.label), str(g.threads), r.time.text(), speedup, whole(r.steps), r.steps_equal + status]
        cells.append(([escape(g.problem), escape(g.mode)] if multi else []) + row)
    header = ["engine/order", "threads", "time (median [interval])", "against the base", "steps", "steps equal"]
    align = "lrrrrl"
    if multi:
        header, align = ["instance", "mode"] + header, "ll" + align
    out += table(header, align, cells) + timing.noisy_footnote([r.time for r in rows])
    out.append("")
    # "2 threads against 1" per setting, from the medians; none from a noisy time.
    times = {}
    for r in rows:
        g = r.group
        key = f"{g.label} on {g.problem} ({g.mode})" if multi else g.label
        times.setdefault(key, {})[g.threads] = r.time
    for key, by_threads in times.items():
        t1, t2 = by_threads.get(1), by_threads.get(2)
        if t1 is None or t2 is None:
            text = "n/a (not run at both)"
        elif t1.lower or t2.lower or t1.median is None or t2.median is None:
            text = "n/a (a run stopped at its limit)"
        elif not (t1.usable and t2.usable):
            text = "n/a (a noisy time)"
        else:
            text = ratio(t2.median, t1.median) + f" ({t2.text()} against {t1.text()})"
        out.append(f"- {escape(key)}: 2 threads against 1: {text}")
    return out
