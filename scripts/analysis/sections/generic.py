"""Any sweep no family section claims (a user's own sweep, a new engine's), in the
solver field's terms (SAT Competition, BenchExec); the ladder section reuses its
tables and plots (solvers(), par2_table(), cactus()).

A solver is an engine with its order and the other key values that are not the
instance's (threads, params, engine_seed); a problem is an instance in one mode
(each mode is a part of its own). A run solved its instance within the limit when
its status is done; its time is median_s (the median per run of the whole
instance; wall_s in older files). The time limit is a row's time_limit_s when above
0, else the .meta's time_limit_s when above 0, else there is none: PAR-2 is then
not defined and the section says so rather than invent a penalty.

Per part: a table per solver of the instances solved, PAR-2 (the mean over the
instances of the time, or twice the limit when unsolved or not run), the total and
median time over the instances it solved and the peak memory (peak_rss_bytes,
where the file has it), with the virtual best solver (per instance the best
solver's time); a cactus plot (instances solved against time, log x, a line per
solver: its x is ordered); per instance, every solver's time (points: the
instances are unrelated, sorted by size); scatter plots of each solver against the
baseline (the .meta's baseline=, else the sweep's first engine), log-log with the
diagonal and the limit as a border where the unsolved sit; and the paired time
ratios against the baseline with their 95% intervals, from `puzzlebench compare`
as the enumeration section gets them (compare.compare_labels).
"""

import math
import re
import sys

from .. import compare, stats
from ..csvread import read_csv
from ..markdown import code, escape, table
from ..meta import incomplete_note, meta_of, read_meta
from ..numfmt import FEWER_STEPS, MORE_STEPS, duration, grouped, memory, ratio
from ..plotting import FILLED_POINTS, GRID, Plot, open_point, quote, series_style
from ..shown import shown
from ..timing import NOISY_NOTE

NEED = ("instance", "engine", "status")
# Key columns that tell solvers apart beside engine and order (where the file has them).
SOLVER_KEYS = ("threads", "params", "engine_seed")
VBS = "virtual best solver"
# The measures the solver views can rank by (report.sh --metric): the row's column, and
# its words; wall time is median_s.
METRIC_COLUMNS = {"cpu": "cpu_s", "steps": "steps", "memory": "peak_rss_bytes"}
METRIC_WORDS = {"wall": "time per run", "cpu": "CPU time per run", "steps": "steps per run",
                "memory": "peak memory per run"}
TIME_METRICS = ("wall", "cpu")
BETTER = {"wall": "is faster", "cpu": "is faster", "steps": "takes fewer steps", "memory": "uses less memory"}
UNSOLVED_KEY = "open: not solved within the limit (at the border)"


def readable(paths):
    """The paths this section can read (a header with the columns of a sweep's rows);
    the others are named on stderr and left out."""
    found = []
    for path in paths:
        try:
            header = read_csv_header(path)
        except OSError:
            header = []
        if all(c in header for c in NEED) and ("median_s" in header or "wall_s" in header):
            found.append(path)
        else:
            print(f"report: {shown(path)}: no family section reads it and it is no sweep's CSV (expected the "
                  f"columns {', '.join(NEED)} and median_s): left out", file=sys.stderr)
    return found


def read_csv_header(path):
    with open(path, newline="", encoding="utf-8", errors="replace") as f:
        line = f.readline()
    return [c.strip() for c in line.rstrip("\r\n").split(",")]


def _number(row, column):
    text = (row.get(column) or "").strip()
    if text in ("", "-"):
        return None
    try:
        value = float(text)
    except ValueError:
        return None
    return value if math.isfinite(value) else None


def meta_limit(meta):
    """The .meta's time limit in seconds, or None (none, or 0: no limit)."""
    if meta is None:
        return None
    try:
        value = float(meta.get("time_limit_s"))
    except ValueError:
        return None
    return value if value > 0 and math.isfinite(value) else None


class Solver:
    """One solver of a part: its engine, order and other key values, its label."""

    def __init__(self, engine, order, extra):
        self.engine = engine
        self.order = order
        self.extra = extra          # ((column, value), ...) of SOLVER_KEYS
        self.label = compare.label(engine, order)
        self.first_row = float("inf")  # its earliest run in the sweep (column row)

    @property
    def key(self):
        return (self.engine, self.order, self.extra)


class Result:
    """A solver on an instance: solved or not, its time (None: no time), its limit."""

    def __init__(self, solved, time, limit, peak):
        self.solved = solved
        self.time = time
        self.limit = limit
        self.peak = peak


class Part:
    """The runs of one mode of a sweep: solvers, instances (by size, then name) and
    {(solver key, instance): Result}."""

    def __init__(self, mode, rows, limit, listing, metric="wall"):
        self.mode = mode
        self.metric = metric
        # A time limit bounds a time: steps and memory have none to count against.
        self.meta_limit = limit if metric in TIME_METRICS else None
        self.has_peak = bool(rows) and rows[0].table.has("peak_rss_bytes")
        solvers, cells, grouped = {}, {}, {}
        for row in rows:
            extra = tuple((c, row[c]) for c in SOLVER_KEYS if row.table.has(c))
            solver = Solver(row["engine"], row.get("order", "-") or "-", extra)
            solver = solvers.setdefault(solver.key, solver)
            index = _number(row, "row")
            solver.first_row = min(solver.first_row, float("inf") if index is None else index)
            instance = row["instance"]
            cells.setdefault(instance, _number(row, "cells"))
            grouped.setdefault((solver.key, instance), []).append(row)
        # A setting that varies goes into the labels: threads among all the solvers;
        # params and engine_seed among the solvers of one engine and order, and only
        # into theirs (each engine has its own, so that "cadical params=-" beside
        # "learn params=..." would tell nothing apart). Of params, only the items that
        # vary go in: a setting holds every parameter of its engine, defaults
        # included, and a plot's key is cut.
        for c in SOLVER_KEYS:
            varying = _varying(solvers.values(), c)
            items = _varying_items(solvers.values()) if c == "params" else {}
            for s in solvers.values():
                value = dict(s.extra).get(c, "")
                if _group(s, c) not in varying:
                    continue
                if c == "threads":
                    s.label += f"@{value}t"
                elif _group(s, c) in items:
                    s.label += " " + ";".join(f"{n}={v}" for n, v in _items(value)
                                              if n in items[_group(s, c)])
                else:
                    s.label += f" {c}={value}"
        self.solvers = sorted(solvers.values(), key=lambda s: (listing.engine_rank(s.engine),
                                                                listing.order_rank(s.order), s.extra))
        self.instances = sorted(cells, key=lambda i: (cells[i] is None, cells[i] or 0, natural(i)))
        self.cells = cells
        self.results = {key: self._result(rs) for key, rs in grouped.items()}

    def _result(self, rows):
        done = [r for r in rows if (r.get("status") or "done") == "done"]
        times = [t for t in (_time(r, self.metric) for r in (done or rows)) if t is not None]
        limits = [x for x in (_number(r, "time_limit_s") for r in rows) if x is not None and x > 0
                  and self.metric in TIME_METRICS]
        peaks = [x for x in (_number(r, "peak_rss_bytes") for r in rows) if x is not None]
        return Result(bool(done), stats.median(times), max(limits) if limits else self.meta_limit,
                      max(peaks) if peaks else None)

    def result(self, solver, instance):
        return self.results.get((solver.key, instance))

    @property
    def measured(self):
        """Whether some run has the part's measure (a metric's column can be empty in
        every row: peak memory where each run shared its process)."""
        return any(r.time is not None for r in self.results.values())

    @property
    def unmeasured(self):
        """The runs that solved their instance but have no measure."""
        return sum(1 for r in self.results.values() if r.solved and r.time is None)

    @property
    def limit(self):
        """The part's limit for the text and the plots: the largest of its runs' (None
        when a run has none)."""
        limits = [r.limit for r in self.results.values()]
        return None if not limits or None in limits else max(limits)

    @property
    def own_limits(self):
        """Whether some run's limit is its row's own (time_limit_s), not the sweep's."""
        return any(r.limit != self.meta_limit for r in self.results.values())

    def penalty(self, solver, instance):
        """Twice the limit of the run of solver (None: the virtual best) on instance
        where it did not solve it; a run that is not there has the sweep's limit.
        None without a limit: PAR-2 is then not defined."""
        r = self.result(solver, instance) if solver is not None else None
        limit = r.limit if r is not None else (self.meta_limit or self.limit)
        return None if limit is None else 2 * limit

    def solved_times(self, solver):
        return sorted(r.time for i in self.instances if (r := self.result(solver, i)) and r.solved
                      and r.time is not None)

    def vbs(self):
        """{instance: the best solved time} (instances no solver solved left out)."""
        best = {}
        for i in self.instances:
            times = [r.time for s in self.solvers if (r := self.result(s, i)) and r.solved and r.time is not None]
            if times:
                best[i] = min(times)
        return best


def natural(name):
    """The sort key of a name with numbers in it: "set#2" before "set#10"."""
    return [(0, int(part), "") if part.isdigit() else (1, 0, part) for part in re.split(r"(\d+)", name)]


def _time(row, metric="wall"):
    """A row's measure per run: its CPU time (cpu_s) for the cpu metric, its steps or
    its peak memory (peak_rss_bytes) for those, else its median wall time (wall_s in
    older files)."""
    if metric in METRIC_COLUMNS:
        column = METRIC_COLUMNS[metric]
        return _number(row, column) if row.table.has(column) else None
    t = _number(row, "median_s") if row.table.has("median_s") else None
    return t if t is not None else _number(row, "wall_s")


def time_words(part):
    """What the part's measure is, for titles and axis labels."""
    return METRIC_WORDS.get(part.metric, "time per run")


def _column(part):
    return code(METRIC_COLUMNS.get(part.metric, "median_s"))


def _why_empty(part, metric=None):
    """Why a run may lack the measure: only peak memory has a known reason."""
    if (metric or part.metric) != "memory":
        return ""
    return ("; a one-thread run of puzzlebench's own engines that shares its process with a sweep's other "
            "workers has no peak of its own, where an outside solver's has its child's; `--workers 1` reads every "
            "run's")


def unmeasured_line(part, what):
    """The line that stands for a part's tables and plots when no run has the measure."""
    return (f"_No run of {what} has its {time_words(part)} ({_column(part)} is empty in every row"
            f"{_why_empty(part)}): no tables or plots by it; `report.sh --metric wall` shows the times._")


def unit(part):
    """The axis labels' unit of the part's measure: " (s)", " (bytes)" or none."""
    return {"steps": "", "memory": " (bytes)"}.get(part.metric, " (s)")


def fmt(part, value):
    """A value of the part's measure as the tables print it."""
    if value is None:
        return "-"
    if part.metric == "steps":
        return grouped(value)
    if part.metric == "memory":
        return memory(value)
    return duration(value)


class Score:
    """A row of the solvers' table: solved count, PAR-2 (None: not defined), total and
    median time over the solved instances, peak memory."""

    def __init__(self, label, n, times, par2, peak=None, solved=None):
        self.label = label
        self.n = n
        self.solved = len(times) if solved is None else solved
        self.par2 = par2
        self.total = sum(times) if times else None
        self.median = stats.median(times)
        self.peak = peak


def scores(part):
    """The solvers' Scores, best first (most solved, then least PAR-2 or total
    time, then the listing's order), and the virtual best solver's."""
    out = []
    n = len(part.instances)
    for rank, s in enumerate(part.solvers):
        par2 = _par2(part, [(i, r.time if (r := part.result(s, i)) and r.solved else None) for i in part.instances],
                     s)
        peaks = [r.peak for i in part.instances if (r := part.result(s, i)) and r.peak is not None]
        solved = sum(1 for i in part.instances if (r := part.result(s, i)) and r.solved)
        score = Score(s.label, n, part.solved_times(s), par2, max(peaks) if peaks else None, solved)
        score.solver, score.rank = s, rank
        out.append(score)
    # A solver whose solved runs have no measure has no total: it goes after those with one.
    out.sort(key=lambda x: (-x.solved, x.par2 if x.par2 is not None
                            else x.total if x.total is not None else math.inf, x.rank))
    best = part.vbs()
    vbs = Score(VBS, n, sorted(best.values()), _par2(part, [(i, best.get(i)) for i in part.instances], None))
    return out, vbs


def _par2(part, times, solver):
    """The mean over the instances of the time, or the penalty where unsolved (None: a
    penalty without a limit)."""
    if not times or part.limit is None:
        return None
    total = 0.0
    for instance, t in times:
        if t is None:
            r = part.result(solver, instance) if solver is not None else None
            if r is not None and r.solved:
                return None  # solved without a measure: no time to count, and no penalty due
            p = part.penalty(solver, instance)
            if p is None:
                return None
            t = p
        total += t
    return total / len(times)


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
        out = [f"Per solver: the instances solved within the limit (status done), PAR-2, and the total and median "
               f"time per run over the instances it solved; best first (most solved, then the least PAR-2). {how} "
               f"The {VBS} takes, per instance, the best time of any solver.{cpu}", ""]
    else:
        detail, least = {"steps": (" (placements + backtracks)", "fewest steps"),
                         "memory": (" (peak_rss_bytes)", "least peak memory")}[part.metric]
        out = [f"Per solver: the instances solved within the limit (status done), and the total and median "
               f"{time_words(part)}{detail} over the instances it solved. {how} "
               f"The {VBS} takes, per instance, the {least} of any solver.", ""]
    missing = part.unmeasured
    if missing:
        out[0] += (f" {missing} solved {'run has' if missing == 1 else 'runs have'} no {time_words(part)} "
                   f"({_column(part)} empty{_why_empty(part)}): counted as solved, left out of the totals, the "
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
                   f"{_why_empty(part, 'memory')}.")
    if show_peak:
        header.append("peak memory")
        align += "r"
    rows = []
    for s in ranked + [vbs]:
        label = f"**{VBS}**" if s is vbs else escape(s.label)
        par2 = [duration(s.par2) if s.par2 is not None else "-"] if timed else []
        cells = [label, f"{s.solved}/{s.n}"] + par2 + [fmt(part, s.total), fmt(part, s.median)]
        if show_peak:
            cells.append(memory(s.peak) if s.peak is not None else "-")
        rows.append(cells)
    return out + table(header, align, rows)


def _group(solver, column):
    """The solvers among which column's values are told apart: all (threads), or
    those of one engine in one order (params, engine_seed)."""
    return None if column == "threads" else (solver.engine, solver.order)


def _varying(solvers, column):
    """The groups (_group) whose solvers differ in column's value."""
    values = {}
    for s in solvers:
        values.setdefault(_group(s, column), set()).add(dict(s.extra).get(column))
    return {g for g, v in values.items() if len(v) > 1}


def _items(value):
    """A params setting's NAME=VALUE items as (name, value) pairs; None when it is
    not such a list (- or a damaged field)."""
    pairs = [item.partition("=") for item in (value or "").split(";")]
    if not pairs or any(not n or not eq for n, eq, _ in pairs):
        return None
    return [(n, v) for n, _, v in pairs]


def _varying_items(solvers):
    """{group: the names of the params items whose values differ within it}, for the
    groups whose every setting is an item list with the same names."""
    settings = {}
    for s in solvers:
        settings.setdefault(_group(s, "params"), []).append(_items(dict(s.extra).get("params")))
    out = {}
    for group, lists in settings.items():
        if any(x is None for x in lists) or len({tuple(n for n, _ in x) for x in lists}) != 1:
            continue
        names = [n for n, _ in lists[0]]
        differ = {n for k, n in enumerate(names) if len({x[k][1] for x in lists}) > 1}
        if differ:
            out[group] = differ
    return out


def _key(label):
    """A solver's label in a plot's key, cut to 40 characters (the table has it whole):
    a longer one would squeeze the plot out of its frame."""
    return label if len(label) <= 40 else label[:39] + "…"


def _style(ctx, solver):
    return series_style(ctx.listing, solver.engine, solver.order)


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
    # A block only where there are rows: gnuplot does not count an empty one in `index`.
    for s in ranked:
        rows = [(float(t), float(k)) for k, t in enumerate(part.solved_times(s.solver), 1) if t > 0]
        if rows:
            data = plot.block(f"{s.label}: instances solved within the time (cactus)", ("time_s", "solved"), rows)
            clauses.append(f"{data} using 1:2 with linespoints {_style(ctx, s.solver).lines()} ps 0.8 "
                           f"title {quote(_key(s.label))}")
    best = sorted(part.vbs().values())
    rows = [(float(t), float(k)) for k, t in enumerate(best, 1) if t > 0]
    if rows:
        data = plot.block(f"{VBS}: instances solved within the time (cactus)", ("time_s", "solved"), rows)
        clauses.append(f"{data} using 1:2 with lines lc rgb 'black' dt 3 lw 1.5 title {quote(VBS)}")
    plot.add("plot " + ", \\\n     ".join(clauses) if clauses
             else "set label 99 'no instance solved' at graph 0.5, 0.5 center; plot [1:10] NaN notitle")
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
    for s in part.solvers:
        style = _style(ctx, s)
        solved, unsolved = [], []
        for inst in part.instances:
            r = part.result(s, inst)
            if r is None:
                continue
            if r.solved and r.time:
                solved.append((float(x_of[inst]), float(r.time), inst))
            else:
                unsolved.append((float(x_of[inst]), float(border), inst))
        if solved:
            data = plot.block(f"{s.label}: solved, time per run", ("x", "time_s", "instance"), solved)
            clauses.append(f"{data} using 1:2 with points lc rgb {quote(style.colour)} pt {style.point} ps 1.1 "
                           f"title {quote(_key(s.label))}")
        else:
            clauses.append(f"NaN with points lc rgb {quote(style.colour)} pt {style.point} title {quote(_key(s.label))}")
        if unsolved:
            any_open = True
            data = plot.block(f"{s.label}: not solved within the limit (drawn at the border)",
                              ("x", "time_s", "instance"), unsolved)
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
        style = _style(ctx, s)
        both, one = [], []
        for inst in part.instances:
            a, b = part.result(base, inst), part.result(s, inst)
            if a is None or b is None:
                continue
            x = a.time if a.solved and a.time else border
            y = b.time if b.solved and b.time else border
            (both if a.solved and b.solved and a.time and b.time else one).append((float(x), float(y), inst))
        plot.add(f"set ylabel {quote(s.label + unit(part))} noenhanced", f"set title {quote(_key(s.label))} noenhanced")
        clauses = ["x with lines lc rgb '#999999' dt 1 notitle"]
        if both:
            data = plot.block(f"{s.label} against {base.label}: both solved", ("baseline_s", "solver_s", "instance"),
                              both)
            clauses.append(f"{data} using 1:2 with points lc rgb {quote(style.colour)} pt {style.point} ps 1.0 "
                           "notitle")
        if one:
            data = plot.block(f"{s.label} against {base.label}: one or both not solved (at the border)",
                              ("baseline_s", "solver_s", "instance"), one)
            clauses.append(f"{data} using 1:2 with points lc rgb {quote(style.colour)} pt {open_point(style.point)} "
                       "ps 1.3 notitle")
        plot.add("plot " + ", \\\n     ".join(clauses))
    plot.add("unset multiplot")
    return plot


def ratios(ctx, path, part, base, comparison):
    """The paired time ratios of each solver against the baseline, per instance, with
    their 95% intervals (compare's), and their geometric mean over the instances.
    comparison(old label, new label): the compare.Comparison of the file (None: no
    raw samples)."""
    others = [x.solver for x in scores(part)[0] if x.solver is not base]
    paired = [s for s in others if _pairs_with(part, base, s)]
    left = [f"Not set against the baseline here: {', '.join(escape(s.label) for s in others if s not in paired)} "
            "(other threads, or an engine run with several settings, which a pairing by engine would merge; "
            f"`puzzlebench compare {escape(path.name)} --by KEY=A,B` pairs them).", ""] if paired != others else []
    if not paired:
        return left
    if part.metric not in TIME_METRICS:
        return exact_ratios(part, base, paired) + left
    base_label = compare.label(base.engine, base.order)
    comparisons = {s.key: comparison(base_label, compare.label(s.engine, s.order)) for s in paired}
    if any(c is None for c in comparisons.values()):
        samples = compare.samples_path(path)
        return [f"_No raw samples beside {code(path.name)} ({code(samples.name)}): no paired ratios._", ""]
    extra = dict(base.extra)
    rows, noisy, found_ratios = [], False, {s.key: [] for s in paired}
    for inst in part.instances:
        cells = [escape(inst)]
        for s in paired:
            found = [p for p in comparisons[s.key].find(instance=inst)
                     if all(p.key.get(c, v) == v for c, v in [*extra.items(), ("mode", part.mode)])]
            if not found:
                cells.append("-")
            elif not found[0].compared:
                cells.append(_not_compared(part, base, s, inst))
            else:
                noisy |= found[0].old.noisy or found[0].new.noisy
                cells.append(found[0].text())
                found_ratios[s.key].append(found[0].ratio)
        rows.append(cells)
    geo = ["geometric mean"] + [ratio(stats.geometric_mean(found_ratios[s.key]), 1) if found_ratios[s.key] else "-"
                                for s in paired]
    out = [f"Each solver's time against {escape(base.label)}'s (the baseline) per instance, by `puzzlebench compare`: "
           "the ratio with its 95% interval (\"3.1× faster [2.9×, 3.3×]\": the solver took 3.1 times less time; "
           "\"inconclusive\": not significant at q < 0.05, p adjusted over the solver's pairs with the baseline in "
           "every mode, so an interval clear of 1 may be inconclusive); runs sampled in the same rounds are paired "
           "round by round. The geometric mean is over the instances where both finished.", ""]
    out += table(["instance"] + [escape(s.label) for s in paired], "l" + "r" * len(paired), rows + [geo])
    if noisy:
        out += ["", NOISY_NOTE]
    return out + [""] + left


def _pairs_with(part, base, s):
    """Whether compare_labels can set s against the baseline: the same threads; params
    and engine seed the same, or - on one side (set aside as a cell order is) where
    neither engine and order runs several settings, which its label would merge."""
    return all(a == b or (c != "threads" and "-" in (a, b)
                          and not {_group(s, c), _group(base, c)} & _varying(part.solvers, c))
               for c, a, b in ((c, dict(base.extra).get(c), dict(s.extra).get(c)) for c in SOLVER_KEYS))


def exact_ratios(part, base, paired):
    """Steps or peak memory, the same in every run of a row: each solver's value over
    the baseline's per instance, without an interval, and their geometric mean."""
    less, more = (FEWER_STEPS, MORE_STEPS) if part.metric == "steps" else ("less memory", "more memory")
    rows, found = [], {s.key: [] for s in paired}
    for inst in part.instances:
        cells = [escape(inst)]
        a = part.result(base, inst)
        for s in paired:
            b = part.result(s, inst)
            if not (a and b and a.solved and b.solved and a.time and b.time):
                cells.append(_not_compared(part, base, s, inst) if a and b else "-")
                continue
            cells.append(_exact(b.time, a.time, less, more))
            found[s.key].append(b.time / a.time)
        rows.append(cells)
    geo = ["geometric mean"] + [("the same" if set(found[s.key]) == {1.0} else
                                 ratio(stats.geometric_mean(found[s.key]), 1, less, more)) if found[s.key] else "-"
                                for s in paired]
    out = [f"Each solver's {time_words(part)} against {escape(base.label)}'s (the baseline) per instance: the same "
           "in every run of a row, so the ratio alone, without an interval or a test. The geometric mean is over "
           "the instances where both finished.", ""]
    return out + table(["instance"] + [escape(s.label) for s in paired], "l" + "r" * len(paired), rows + [geo]) + [""]


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
    return "not compared (too few samples)"


def comparer(ctx, path, run_compare=None):
    """comparison(old label, new label) of the sweep file, each pair run once (None
    when the file has no raw samples and run_compare is not given)."""
    done = {}
    if run_compare is None:
        if not compare.samples_path(path).is_file():
            return lambda a, b: None
        run_compare = lambda p, a, b: compare.compare_labels(ctx.binary, p, a, b, ctx.metric)

    def comparison(old, new):
        if (old, new) not in done:
            done[(old, new)] = run_compare(path, old, new)
        return done[(old, new)]
    return comparison


def parts(ctx, rows, limit):
    """The Parts of a sweep's rows, one per mode (in the listing's order)."""
    modes = {}
    for row in rows:
        modes.setdefault(row.get("mode") or "-", []).append(row)
    metric = getattr(ctx, "metric", "wall")
    return [Part(m, modes[m], limit, ctx.listing, metric) for m in sorted(modes, key=ctx.listing.mode_rank)]


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
    label, new label) gives a compare.Comparison (default: the program's compare)."""
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
        return out + [f"_{code(path.name)} has no rows._"]
    out += [f"From {code(path.name)}: a sweep that no section of the report was written for, shown in the solver "
            "field's terms. A solver is an engine in its cell order (with its other settings where they vary); an "
            "instance is solved when its run ended with status done within the limit. Times are per run of the "
            "whole instance (the median of its samples)"
            + {"cpu": ": CPU time (user + system, `--metric cpu`).",
               "steps": "; the tables and plots measure steps per run instead (`--metric steps`).",
               "memory": "; the tables and plots measure peak memory instead (`--metric memory`)."}.get(
                   getattr(ctx, "metric", "wall"), "."), ""]
    if incomplete_note(meta):
        out += [incomplete_note(meta), ""]
    limit = meta_limit(meta)
    many = parts(ctx, rows, limit)
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
                         f"{stem}: time per instance"), ""]
        base = baseline_solver(part, meta)
        if base is None:
            wanted = meta.get("baseline") if meta else ""
            out += [f"_The baseline {code(wanted)} ran no instance in this part: no scatter plots or ratios._", ""]
            continue
        if len(part.solvers) > 1:
            out += [f"Against the baseline {escape(base.label)}" + (" (the .meta's baseline)" if meta and
                                                                    meta.get("baseline") else " (the sweep's first "
                                                                    "engine)") + ": one point per instance; "
                    f"below the diagonal the solver {BETTER[part.metric]}; the unsolved sit on the dashed border.",
                    ""]
            out += [ctx.plot(scatter(ctx, part, base, f"{stem}{suffix}-scatter",
                                     f"{what}: each solver against {base.label}, per instance"),
                             f"{stem}: scatter plots against the baseline"), ""]
            out += ratios(ctx, path, part, base, comparison)
    if meta is not None:
        out += [ctx.meta_line(meta.path)]
    return out
