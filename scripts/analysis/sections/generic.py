"""Any sweep no family section claims (a user's own sweep, a new engine's), in the
solver field's terms (SAT Competition, BenchExec), its rows read as solver_field.py
reads them; the ladder section reuses its tables and plots (par2_table(), cactus()).

A solver is an engine with its order and the other key values that are not the
instance's (threads, params, engine_seed); a problem is an instance in one mode
(each mode is a part of its own), under one length bound and setting of the family
where the sweep varies them (runs.problem_columns). A run solved its
instance within the limit when its status is done; its time is median_s (the median
per run of the whole instance; wall_s in older files). The time limit is a row's
time_limit_s when above 0, else the .meta's time_limit_s when above 0, else there is
none: PAR-2 is then not defined and the section says so rather than invent a
penalty.

Per part: a table per solver of the instances solved, PAR-2 (the mean over the
instances of the time, or twice the limit when unsolved or not run), the total and
median time over the instances it solved and the peak memory (peak_rss_bytes,
where the file has it), with the virtual best solver (per instance the best
solver's time); a cactus plot (instances solved against time, log x, a line per
solver: its x is ordered); per instance, every solver's time (points: the
instances are unrelated, sorted by size); scatter plots of each solver against the
baseline (the .meta's baseline=, else the sweep's first engine), log-log with the
diagonal and the limit as a border where the unsolved sit; and the paired time
ratios of every other solver against the baseline with their 95% intervals, from
`puzzlebench compare` as the enumeration section gets them (compare.compare_labels,
given the two solvers' settings, which it sets aside where they differ).
"""

import glob

from .. import compare, runs, stats
from ..csvread import read_csv
from ..markdown import code, escape, table
from ..meta import incomplete_note, meta_of, read_meta
from ..numfmt import FEWER_STEPS, MORE_STEPS, duration, duration_spread, memory, ratio
from ..plotting import DASHES, FILLED_POINTS, GRID, Plot, Style, open_point, quote, series_style
from ..timing import NOISY_NOTE
from .solver_field import (BETTER, NEED, TIME_METRICS, UNSOLVED_KEY, VBS, Part, data_columns, fmt, measure_noun,
                           meta_limit, metric_column, scores, time_words, unit, unmeasured_line, why_empty)

def par2_table(part):
    """The solvers' table with the virtual best solver's row, and the lines that say
    what its columns are."""
    ranked, vbs = scores(part)
    limit = part.limit
    if limit is not None:
        how = (f"Time limit {duration(limit)}" + (" (the largest of the runs' own, time_limit_s)" if part.own_limits
                                                  else " (the sweep's time-limit)")
               + ": PAR-2 is the mean over the instances of a run's time, or twice the limit where the run did "
               "not solve the instance (it stopped at a limit, step or time, or did not run).")
    elif part.metric not in TIME_METRICS:
        how = (f"The measure is {time_words(part)}, not a time: PAR-2 is not defined for it, and the solvers are "
               "ranked by solved count, then their total.")
    else:
        how = "No time limit: PAR-2 not defined (a penalty would be invented); the solvers are ranked by solved count."
    timed = part.metric in TIME_METRICS
    if timed:
        cpu = (" Times are CPU time (user + system, cpu_s), not wall time; the limit is a wall-time limit."
               if part.metric == "cpu" else "")
        spread = ""
        if part.has_intervals:
            spread = (" In brackets, each figure again over every run's lower, then upper, bound of its time's "
                      "interval (the median's interval of its samples; a run of one sample counts its one time in "
                      "both): each figure grows with every run's time, so where each run's median lies within its "
                      "interval, the figure lies within the brackets.")
        elif part.metric == "wall":
            spread = " No run has an interval (one sample each): the figures are of single samples."
        elif part.metric == "cpu":
            spread = (" A run's CPU time is the median of its samples' (cpu_s), shown without their spread: "
                      "the sweep's NAME.samples.csv has every sample's.")
        out = [f"Per solver: the instances solved within the limit (status done), PAR-2, and the total and median "
               f"time per run over the instances it solved; best first (most solved, then the least PAR-2). {how} "
               f"The {VBS} takes, per instance, the best time of any solver.{cpu}{spread}", ""]
    else:
        detail, least = {"steps": (" (placements + backtracks)", "fewest steps"),
                         "memory": (" (peak_rss_bytes)", "least peak memory")}[part.metric]
        out = [f"Per solver: the instances solved within the limit (status done), and the total and median "
               f"{time_words(part)}{detail} over the instances it solved. {how} "
               f"The {VBS} takes, per instance, the {least} of any solver.", ""]
    missing = part.unmeasured
    if missing:
        out[0] += (f" {missing} solved {'run has' if missing == 1 else 'runs have'} no {time_words(part)} "
                   f"({metric_column(part)} empty{why_empty(part)}): counted as solved, left out of the totals, the "
                   "medians and the plots" + ("; PAR-2 is not defined for their solvers." if timed else "."))
    # A measure that is not a time has no PAR-2, and memory's own peak column would
    # repeat it.
    what = "time" if timed else time_words(part).removesuffix(" per run")
    header = ["solver", "solved"] + (["PAR-2"] if timed else []) + [f"total {what} (solved)",
                                                                    f"median {what} (solved)"]
    align = "lr" + ("r" if timed else "") + "rr"
    peaks = [s.peak is not None for s in ranked]
    show_peak = part.has_peak and any(peaks) and part.metric != "memory"
    if part.has_peak and not all(peaks) and part.metric != "memory":
        out[0] += (f" Peak memory: {'- where not read' if show_peak else 'not read for any run'}"
                   f"{why_empty(part, 'memory')}.")
    if show_peak:
        header.append("peak memory")
        align += "r"
    rows = []
    for s in ranked + [vbs]:
        label = f"**{VBS}**" if s is vbs else escape(s.label)
        par2 = [_spread(part, s, "par2")] if timed else []
        cells = [label, f"{s.solved}/{s.n}"] + par2 + [_spread(part, s, "total"), _spread(part, s, "median")]
        if show_peak:
            cells.append(memory(s.peak) if s.peak is not None else "-")
        rows.append(cells)
    return out + table(header, align, rows)


def _spread(part, score, figure):
    """A Score's figure ("par2", "total", "median") as the table prints it: with its
    bounds in brackets where the part's runs have intervals ("3.48 s [3.41, 3.55]")."""
    value = getattr(score, figure)
    if value is None:
        return "-"
    if part.metric not in TIME_METRICS or not part.has_intervals:
        return fmt(part, value)
    lo, hi = (score.spread[w][figure] for w in ("lo", "hi"))
    return duration_spread(value, lo, hi)


def _key(label):
    """A solver's label in a plot's key, cut to 40 characters (the table has it whole):
    a longer one would squeeze the plot out of its frame."""
    return label if len(label) <= 40 else label[:39] + "…"


def _style(ctx, part, solver):
    """A solver's colour is its engine's; its point and dash are its cell order's, or,
    where the engine runs in one order with several settings (params, seeds, threads),
    its place among the engine's solvers: each setting a series of its own."""
    style = series_style(ctx.listing, solver.engine, solver.order)
    same = [s for s in part.solvers if s.engine == solver.engine]
    if len(same) == len({s.order for s in same}):
        return style
    k = same.index(solver)
    return Style(style.colour, FILLED_POINTS[k % len(FILLED_POINTS)], DASHES[k % len(DASHES)])


def cactus(ctx, part, name, title):
    """The cactus plot: per solver (and the virtual best), the k-th fastest solved
    instance's time against k, log x; the limit a dashed line."""
    plot = Plot(name, title, 900, 560)
    ranked, _ = scores(part)
    plot.add(f"set title {quote(title)} noenhanced", "set logscale x", "set format x '10^{%L}'", GRID,
             f"set xlabel {quote(time_words(part) + unit(part))}", "set ylabel 'instances solved'",
             f"set yrange [0:{len(part.instances) + 0.5}]",
             "set key outside right top vertical Left reverse font ',9' samplen 3 noenhanced")
    limit = part.limit
    if limit is not None:
        plot.add(f"set xrange [{_floor(part, limit)!r}:{limit * 1.5!r}]",
                 f"set arrow 1 from {limit!r}, graph 0 to {limit!r}, graph 1 nohead dt 2 lc rgb '#555555'",
                 f"set label 1 {quote('time limit')} at {limit!r}, graph 0.04 right offset -0.5,0 font ',9'")
    clauses = []
    measure = data_columns(part)[0]
    within = f"instances solved within the {measure_noun(part)} (cactus)"
    # A block only where there are rows: gnuplot does not count an empty one in `index`.
    # A solver without a line (none solved, or none with a measure a log axis shows:
    # 0 steps where narrowing alone filled the puzzle) keeps its place in the key, as
    # in the table, so that it does not read as left out of the sweep.
    undrawn = []
    for s in ranked:
        times = part.solved_times(s.solver)
        rows = [(float(t), float(k)) for k, t in enumerate(times, 1) if t > 0]
        style = _style(ctx, part, s.solver).lines()
        if rows:
            data = plot.block(f"{s.label}: {within}", (measure, "solved"), rows)
            clauses.append(f"{data} using 1:2 with linespoints {style} ps 0.8 title {quote(_key(s.label))}")
            continue
        noun = measure_noun(part)
        why = ("none solved" if not s.solved else f"solved, no {noun} measured" if not times
               else "solved, at 0 steps" if part.metric == "steps" else f"solved, {noun} 0")
        undrawn.append(f"NaN with linespoints {style} ps 0.8 title {quote(f'{_key(s.label)} ({why})')}")
    best = sorted(part.vbs().values())
    rows = [(float(t), float(k)) for k, t in enumerate(best, 1) if t > 0]
    if rows:
        data = plot.block(f"{VBS}: {within}", (measure, "solved"), rows)
        clauses.append(f"{data} using 1:2 with lines lc rgb 'black' dt 3 lw 1.5 title {quote(VBS)}")
    if clauses:
        plot.add("plot " + ", \\\n     ".join(clauses + undrawn))
    else:
        solved = any(s.solved for s in ranked)
        empty = "every solved run at 0 or not measured" if solved else "no instance solved"
        plot.add(f"set label 99 {quote(empty)} at graph 0.5, 0.5 center; plot [1:10] NaN notitle"
                 + ("".join(f", {u}" for u in undrawn) if solved else ""))
    return plot


def _border(part):
    """Where the unsolved sit in the per-instance and scatter plots: the limit, else
    twice the longest solved time (then not a limit: "no limit" is drawn)."""
    if part.limit is not None:
        return part.limit, True
    times = [r.time for r in part.results.values() if r.solved and r.time]
    return (2 * max(times) if times else 1.0), False


def _floor(part, border):
    """The lowest time axis value: half the least time drawn."""
    return min([r.time for r in part.results.values() if r.solved and r.time] + [border]) / 2


def per_instance(ctx, part, name, title):
    """Every solver's time per instance (points: the instances are unrelated; by size),
    the unsolved open at the border."""
    plot = Plot(name, title, 1100, 600)
    border, is_limit = _border(part)
    x_of = {inst: x for x, inst in enumerate(part.instances)}
    tics = plot.tics({x: inst + (f" ({part.cells[inst]:g})" if part.cells[inst] is not None else "")
                      for inst, x in x_of.items()})
    plot.add(f"set title {quote(title)} noenhanced", "set logscale y", "set format y '10^{%L}'", GRID,
             f"set xrange [-0.5:{len(part.instances) - 0.5}]", f"set yrange [{_floor(part, border)!r}:{border * 1.6!r}]",
             "set xtics out nomirror rotate by 40 right font ',9' noenhanced",
             "set xlabel 'instance (cells), by size'", f"set ylabel {quote(time_words(part) + unit(part))}",
             "set key outside right top vertical Left reverse font ',9' samplen 3 noenhanced",
             f"set arrow 1 from graph 0, first {border!r} to graph 1, first {border!r} nohead dt 2 lc rgb '#555555'",
             f"set label 1 {quote('time limit' if is_limit else 'not solved (no limit)')} at graph 0.01, first "
             f"{border!r} left offset 0,0.6 font ',9'")
    clauses = []
    any_open = False
    measure = data_columns(part)[0]
    for s in part.solvers:
        style = _style(ctx, part, s)
        solved, unsolved = [], []
        for inst in part.instances:
            r = part.result(s, inst)
            if r is None:
                continue
            # A solved run without a measure above 0 (none read, or 0 steps, which a log
            # axis cannot show) is left out: at the border it would read as unsolved.
            if r.solved and r.time:
                solved.append((float(x_of[inst]), float(r.time), inst))
            elif not r.solved:
                unsolved.append((float(x_of[inst]), float(border), inst))
        if solved:
            data = plot.block(f"{s.label}: solved, {time_words(part)}", ("x", measure, "instance"), solved)
            clauses.append(f"{data} using 1:2 with points lc rgb {quote(style.colour)} pt {style.point} ps 1.1 "
                           f"title {quote(_key(s.label))}")
        else:
            clauses.append(f"NaN with points lc rgb {quote(style.colour)} pt {style.point} title {quote(_key(s.label))}")
        if unsolved:
            any_open = True
            data = plot.block(f"{s.label}: not solved within the limit (drawn at the border)",
                              ("x", measure, "instance"), unsolved)
            clauses.append(f"{data} using 1:2 with points lc rgb {quote(style.colour)} pt {open_point(style.point)} "
                           "ps 1.4 notitle")
    if any_open:
        clauses.append(f"NaN with points lc rgb 'black' pt {open_point(FILLED_POINTS[0])} title {quote(UNSOLVED_KEY)}")
    plot.add("plot " + ", \\\n     ".join(clauses + [tics]))
    return plot


def baseline_solver(part, meta):
    """The solver the scatter plots and ratios compare against: the .meta's
    baseline= (ENGINE or ENGINE/ORDER; of an engine in several orders, its first;
    of one run with several settings, the sweep's first: its earliest row), else the
    sweep's first engine (its .meta's engines=, else the part's first solver). None
    when the .meta names a baseline the part does not have."""
    named = meta.get("baseline") if meta else ""
    first = (meta.get("engines").split() or [""])[0] if meta else ""
    engine, _, order = (named or first).partition("/")
    found = [s for s in part.solvers if s.engine == engine and (not order or s.order == order)]
    if found:
        return min((s for s in found if s.order == found[0].order), key=lambda s: s.first_row)
    return None if named else (part.solvers[0] if part.solvers else None)


def _setting_taken(part, base):
    """Where the baseline's engine (in its order) ran with several settings, which one
    baseline_solver took and why: the sweep's first, so that the reader knows, and
    knows how to choose another (list it first)."""
    n = sum(1 for s in part.solvers if s.engine == base.engine and s.order == base.order)
    if n < 2:
        return ""
    return (f"; of the {n} settings it ran, the sweep's first, as `params`, `engine-seeds` and `search-threads` "
            "list them")


def scatter(ctx, part, base, name, title):
    """Each other solver against the baseline, per instance: one panel each, log-log,
    the diagonal, the border where the unsolved sit."""
    others = [x.solver for x in scores(part)[0] if x.solver is not base]
    cols = min(3, len(others))
    rows_n = (len(others) + cols - 1) // cols
    plot = Plot(name, title, 420 * cols + 40, 400 * rows_n + 60)
    border, is_limit = _border(part)
    low, top = _floor(part, border), border * 1.6
    plot.add(f"set multiplot layout {rows_n},{cols} title {quote(title)} font ',12' noenhanced",
             "set logscale xy", "set format x '10^{%L}'", "set format y '10^{%L}'", GRID,
             f"set xrange [{low!r}:{top!r}]", f"set yrange [{low!r}:{top!r}]", "set size ratio -1", "unset key",
             f"set xlabel {quote(_key(base.label) + unit(part))} noenhanced",
             f"set arrow 1 from {border!r}, graph 0 to {border!r}, graph 1 nohead dt 2 lc rgb '#555555'",
             f"set arrow 2 from graph 0, first {border!r} to graph 1, first {border!r} nohead dt 2 lc rgb '#555555'",
             f"set label 1 {quote('limit' if is_limit else 'not solved')} at {border!r}, graph 0.04 left "
             "offset 0.3,0 font ',8'")
    for s in others:
        style = _style(ctx, part, s)
        both, one = [], []
        for inst in part.instances:
            a, b = part.result(base, inst), part.result(s, inst)
            # As in per_instance: a solved run without a measure above 0 has no point.
            if a is None or b is None or any(r.solved and not r.time for r in (a, b)):
                continue
            x = a.time if a.solved and a.time else border
            y = b.time if b.solved and b.time else border
            (both if a.solved and b.solved and a.time and b.time else one).append((float(x), float(y), inst))
        plot.add(f"set ylabel {quote(s.label + unit(part))} noenhanced", f"set title {quote(_key(s.label))} noenhanced")
        clauses = ["x with lines lc rgb '#999999' dt 1 notitle"]
        columns = data_columns(part)[1:] + ("instance",)
        if both:
            data = plot.block(f"{s.label} against {base.label}: both solved", columns, both)
            clauses.append(f"{data} using 1:2 with points lc rgb {quote(style.colour)} pt {style.point} ps 1.0 "
                           "notitle")
        if one:
            data = plot.block(f"{s.label} against {base.label}: one or both not solved (at the border)",
                              columns, one)
            clauses.append(f"{data} using 1:2 with points lc rgb {quote(style.colour)} pt {open_point(style.point)} "
                       "ps 1.3 notitle")
        plot.add("plot " + ", \\\n     ".join(clauses))
    plot.add("unset multiplot")
    return plot


def ratios(ctx, path, part, base, comparison):
    """The paired time ratios of each solver against the baseline, per instance, with
    their 95% intervals (compare's), and their geometric mean over the instances.
    comparison(old solver, new solver): the compare.Comparison of the file's rows of
    the two (None: no raw samples)."""
    others = [x.solver for x in scores(part)[0] if x.solver is not base]
    if not others:
        return []
    if part.metric not in TIME_METRICS:
        return exact_ratios(part, base, others)
    comparisons = {s.key: comparison(base, s) for s in others}
    if any(c is None for c in comparisons.values()):
        samples = compare.samples_path(path)
        return [f"_No raw samples beside {code(path.name)} ({code(samples.name)}): no paired ratios._", ""]
    rows, noisy, found_ratios = [], False, {s.key: [] for s in others}
    for inst in part.instances:
        cells = [escape(inst)]
        for s in others:
            # The comparison holds the two solvers' rows alone: one pair per instance and mode.
            found = [p for p in comparisons[s.key].find(**part.problem[inst])
                     if p.key.get("mode", part.mode) == part.mode]
            if not found:
                cells.append("-")
            elif not found[0].compared:
                cells.append(_not_compared(part, base, s, inst))
            else:
                noisy |= found[0].old.noisy or found[0].new.noisy
                cells.append(found[0].text())
                found_ratios[s.key].append(found[0])
        rows.append(cells)
    geo = ["geometric mean"] + [compare.geometric_mean_text(found_ratios[s.key]) for s in others]
    out = [f"Each solver's time against {escape(base.label)}'s (the baseline) per instance, by `puzzlebench compare`: "
           "the ratio with its 95% interval (\"3.1× faster [2.9×, 3.3×]\": the solver took 3.1 times less time; "
           "\"inconclusive\": not significant at q < 0.05, p adjusted over the solver's pairs with the baseline in "
           "every mode, so an interval clear of 1 may be inconclusive); runs sampled in the same rounds are paired "
           "round by round. The geometric mean is over the instances where both finished, in brackets that of the "
           "intervals' ends (where each ratio lies within its interval, their geometric mean lies within these; "
           "no test of its own).", ""]
    out += table(["instance"] + [escape(s.label) for s in others], "l" + "r" * len(others), rows + [geo])
    if noisy:
        out += ["", NOISY_NOTE]
    return out + [""]


def exact_ratios(part, base, others):
    """Steps or peak memory, the same in every run of a row: each solver's value over
    the baseline's per instance, without an interval, and their geometric mean."""
    less, more = (FEWER_STEPS, MORE_STEPS) if part.metric == "steps" else ("less memory", "more memory")
    rows, found = [], {s.key: [] for s in others}
    for inst in part.instances:
        cells = [escape(inst)]
        a = part.result(base, inst)
        for s in others:
            b = part.result(s, inst)
            if not (a and b and a.solved and b.solved and a.time and b.time):
                cells.append(_not_compared(part, base, s, inst) if a and b else "-")
                continue
            cells.append(_exact(b.time, a.time, less, more))
            found[s.key].append(b.time / a.time)
        rows.append(cells)
    geo = ["geometric mean"] + [("the same" if set(found[s.key]) == {1.0} else
                                 ratio(stats.geometric_mean(found[s.key]), 1, less, more)) if found[s.key] else "-"
                                for s in others]
    out = [f"Each solver's {time_words(part)} against {escape(base.label)}'s (the baseline) per instance: the same "
           "in every run of a row, so the ratio alone, without an interval or a test. The geometric mean is over "
           "the instances where both finished.", ""]
    return out + table(["instance"] + [escape(s.label) for s in others], "l" + "r" * len(others), rows + [geo]) + [""]


def _exact(a, b, less, more):
    """ratio() of two exact counts, where equal ones are "the same" (not "1.00× less")."""
    return "the same" if a == b else ratio(a, b, less, more)


def _not_compared(part, base, solver, instance):
    """A pair's cell without a ratio: who did not solve the instance."""
    unsolved = [x.label for x in (solver, base) if not (r := part.result(x, instance)) or not r.solved]
    if len(unsolved) == 2:
        return "neither solved it"
    if unsolved:
        return f"{escape(unsolved[0])} did not solve it"
    bare = [x.label for x in (solver, base) if part.result(x, instance).time is None]
    if bare:
        return f"no {time_words(part)} for {escape(bare[0])}"
    zero = [x.label for x in (solver, base) if part.result(x, instance).time == 0]
    if zero:  # a puzzle that learn's narrowing fills takes no step: no ratio to it
        return f"{escape(zero[0])}: 0 {time_words(part)}, no ratio"
    return "not compared (too few samples)"


def comparer(ctx, path, run_compare=None):
    """comparison(old solver, new solver) of the sweep file, each pair run once (None
    when the file has no raw samples and run_compare is not given)."""
    done = {}
    if run_compare is None:
        if not compare.samples_path(path).is_file():
            return lambda a, b: None
        run_compare = lambda p, a, b: compare.compare_labels(
            ctx.binary, p, compare.label(a.engine, a.order), compare.label(b.engine, b.order), ctx.metric,
            (dict(a.extra), dict(b.extra)))

    def comparison(old, new):
        if (old.key, new.key) not in done:
            done[(old.key, new.key)] = run_compare(path, old, new)
        return done[(old.key, new.key)]
    return comparison


def parts(ctx, rows, limit, apart=()):
    """The Parts of a sweep's rows, one per mode (in the listing's order); apart: the
    columns besides instance that name a problem (runs.problem_columns)."""
    modes = {}
    for row in rows:
        modes.setdefault(row.get("mode") or "-", []).append(row)
    metric = getattr(ctx, "metric", "wall")
    return [Part(m, modes[m], limit, ctx.listing, metric, apart) for m in sorted(modes, key=ctx.listing.mode_rank)]


def summary(ctx, rows, limit, name, title):
    """The solvers' table and the cactus plot of a sweep's rows, a part per mode (the
    ladder section's summary of each ladder); limit: the .meta's."""
    many = parts(ctx, rows, limit)
    out = []
    for part in many:
        suffix = f"-{part.mode}" if len(many) > 1 else ""
        what = title + (f", mode {part.mode}" if len(many) > 1 else "")
        if not part.measured:
            ctx.no_plot(name + suffix)
            out += [unmeasured_line(part, what), ""]
            continue
        out += par2_table(part) + [""]
        out += [ctx.plot(cactus(ctx, part, name + suffix, f"{what}: instances solved against time per run (cactus)"),
                         f"{what}: cactus plot"), ""]
    return out[:-1]


def section(ctx, path, run_compare=None):
    """The section of one sweep file no family section claims. run_compare(path, old
    solver, new solver) gives a compare.Comparison (default: the program's compare)."""
    stem = path.stem
    meta = read_meta(meta_of(path))
    tab = read_csv(path, need=NEED)
    rows = list(tab)
    family = (rows[0].get("family") if rows else None) or (meta.get("family") if meta else "")
    heading = f"## {escape(family)} sweep {code(stem)}" if family else f"## Sweep {code(stem)}"
    out = ["", heading, ""]
    plots = [f"{stem}-cactus", f"{stem}-instances", f"{stem}-scatter"]
    if not rows:
        ctx.no_plot(*plots)
        # A sweep stopped before its first row: its runs are missing, not absent.
        note = incomplete_note(meta)
        return out + [f"_{code(path.name)} has no rows._"] + (["", note] if note else [])
    out += [f"From {code(path.name)}: a sweep that no section of the report was written for, shown in the solver "
            "field's terms. A solver is an engine in its cell order (with its other settings where they vary); an "
            "instance is solved when its run ended with status done within the limit. Times are per run of the "
            "whole instance (the median of its samples)"
            + {"cpu": ": CPU time (user + system, `--metric cpu`).",
               "steps": "; the tables and plots measure steps per run instead (`--metric steps`).",
               "memory": "; the tables and plots measure peak memory instead (`--metric memory`)."}.get(
                   getattr(ctx, "metric", "wall"), "."), ""]
    apart = runs.problem_columns(meta, rows)
    if apart:
        out += [runs.apart_words(apart), ""]
    if incomplete_note(meta):
        out += [incomplete_note(meta), ""]
    limit = meta_limit(meta)
    many = parts(ctx, rows, limit, apart)
    comparison = comparer(ctx, path, run_compare)
    for part in many:
        suffix = f"-{part.mode}" if len(many) > 1 else ""
        if len(many) > 1:
            out += [f"### Mode {escape(part.mode)}", ""]
        if not part.measured:
            ctx.no_plot(*(f"{stem}{suffix}-{kind}" for kind in ("cactus", "instances", "scatter")))
            out += [unmeasured_line(part, "this part" if len(many) > 1 else code(stem)), ""]
            continue
        out += par2_table(part) + [""]
        what = f"{stem}" + (f", mode {part.mode}" if len(many) > 1 else "")
        out += [ctx.plot(cactus(ctx, part, f"{stem}{suffix}-cactus",
                                f"{what}: instances solved against {time_words(part)} (cactus)"),
                         f"{stem}: cactus plot"), ""]
        out += [ctx.plot(per_instance(ctx, part, f"{stem}{suffix}-instances",
                                      f"{what}: {time_words(part)} of each instance (open: not solved)"),
                         f"{stem}: {measure_noun(part)} per instance"), ""]
        base = baseline_solver(part, meta)
        if base is None:
            wanted = meta.get("baseline") if meta else ""
            out += [f"_The baseline {code(wanted)} ran no instance in this part: no scatter plots or ratios._", ""]
            continue
        if len(part.solvers) > 1:
            out += [f"Against the baseline {escape(base.label)}" + (" (the .meta's baseline" if meta and
                                                                    meta.get("baseline") else " (the sweep's first "
                                                                    "engine") + _setting_taken(part, base)
                    + "): one point per instance; "
                    f"below the diagonal the solver {BETTER[part.metric]}; the unsolved sit on the dashed border.",
                    ""]
            out += [ctx.plot(scatter(ctx, part, base, f"{stem}{suffix}-scatter",
                                     f"{what}: each solver against {base.label}, per instance"),
                             f"{stem}: scatter plots against the baseline"), ""]
            out += ratios(ctx, path, part, base, comparison)
    ctx.no_plot(*(earlier_plots(ctx, stem) - {p.name for p in ctx.plots}))
    if meta is not None:
        out += [ctx.meta_line(meta.path)]
    return out


def earlier_plots(ctx, stem):
    """The plots an earlier report drew for this sweep (STEM-KIND, or STEM-MODE-KIND
    with several modes), by the files in plots/: those this report does not draw
    again (a mode the sweep no longer runs) hold data that is gone."""
    names = set()
    for f in ctx.plots_dir.glob(f"{glob.escape(stem)}-*"):
        name = f.name.rsplit(".", 1)[0]
        rest = name[len(stem) + 1:].split("-")
        # KIND or MODE-KIND; a mode is one word (first, count, unique).
        if rest[-1] in ("cactus", "instances", "scatter") and len(rest) <= 2:
            names.add(name)
    return names
