"""The solver field's view of a sweep's rows (SAT Competition, BenchExec), which the
generic section draws from: a solver is an engine with its order and the other key
values that are not the instance's (threads, params, engine_seed); a problem is an
instance in one mode (each mode a Part of its own). A run solved its instance within
the limit when its status is done; its measure is median_s (wall_s in older files),
or the column --metric names. Per solver a Score: the instances solved, PAR-2 (the
mean over the instances of the time, or twice the limit where unsolved; None without
a limit), the total and median over the instances solved, the peak memory; and the
virtual best solver's (per instance the best time of any solver).
"""

import math
import re
import sys

from .. import compare, stats
from ..markdown import code
from ..meta import meta_of, read_meta
from ..numfmt import duration, grouped, memory
from ..reads import sweep_kind
from ..shown import shown

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
# The plot data's headers of the measure's columns (one value; the baseline's and the
# solver's of a scatter plot): what the column holds, a time only where it is one.
DATA_COLUMNS = {"wall": ("time_s", "baseline_s", "solver_s"), "cpu": ("cpu_s", "baseline_cpu_s", "solver_cpu_s"),
                "steps": ("steps", "baseline_steps", "solver_steps"),
                "memory": ("peak_rss_bytes", "baseline_peak_rss_bytes", "solver_peak_rss_bytes")}
BETTER = {"wall": "is faster", "cpu": "is faster", "steps": "takes fewer steps", "memory": "uses less memory"}
UNSOLVED_KEY = "open: not solved within the limit (at the border)"


def readable(paths, homes=()):
    """The paths this section can read (a header with the columns of a sweep's rows);
    the others are named on stderr and left out. homes: the (family, sweep name) under
    which a family's section reads a generation sweep, named to the user of one left out."""
    found = []
    for path in paths:
        try:
            header = read_csv_header(path)
        except OSError:
            header = []
        if all(c in header for c in NEED) and ("median_s" in header or "wall_s" in header):
            found.append(path)
        elif sweep_kind(read_meta(meta_of(path))) == "generate":
            # A generator's records have no solver to rank: only the family's section
            # reads them, and only those of the sweeps it names.
            way = ", ".join(f"{family}'s `puzzlebench sweep FILE --name {name}`" for family, name in homes)
            print(f"report: {shown(path)}: the records of a generation sweep that no section reads (a family's "
                  "section reads only its own generation sweep, by name" + (f": {way}" if way else "")
                  + "): left out", file=sys.stderr)
        else:
            print(f"report: {shown(path)}: no family section reads it and it is no sweep's CSV (expected the "
                  f"columns {', '.join(NEED)} and median_s): left out", file=sys.stderr)
    return found


def read_csv_header(path):
    with open(path, newline="", encoding="utf-8", errors="replace") as f:
        line = f.readline()
    return [c.strip() for c in line.rstrip("\r\n").split(",")]


def _number(row, column):
    """The field as a number, or None where it is empty or "-" (a measure the run has
    not); anything else that is not a finite number >= 0 is an error naming file, line
    and column (Row.num), never a negative PAR-2 or a run solved in no time."""
    text = (row.get(column) or "").strip()
    if text in ("", "-"):
        return None
    return row.num(column)


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
    """A solver on an instance: solved or not, its time (None: no time), its limit, and
    the bounds of its time's interval (lo, hi: the median's interval of a wall time;
    the time itself where the run has none, as a run of one sample; None without a
    time). interval: whether the run had an interval of its own."""

    def __init__(self, solved, time, limit, peak, lo=None, hi=None, interval=False):
        self.solved = solved
        self.time = time
        self.limit = limit
        self.peak = peak
        self.lo = time if lo is None else lo
        self.hi = time if hi is None else hi
        self.interval = interval

    def bound(self, which):
        """The time (which None), or its interval's lower ("lo") or upper ("hi") bound."""
        return self.time if which is None else getattr(self, which)


class Part:
    """The runs of one mode of a sweep: solvers, instances (by size, then name) and
    {(solver key, instance): Result}. apart: the columns besides instance that name a
    problem (runs.problem_columns()): an instance is then named with their values,
    "upto19 max_length=80", and self.problem gives each name's key values."""

    def __init__(self, mode, rows, limit, listing, metric="wall", apart=()):
        self.mode = mode
        self.metric = metric
        # A time limit bounds a time: steps and memory have none to count against.
        self.meta_limit = limit if metric in TIME_METRICS else None
        self.has_peak = bool(rows) and rows[0].table.has("peak_rss_bytes")
        solvers, cells, grouped = {}, {}, {}
        self.problem = {}
        for row in rows:
            extra = tuple((c, row[c]) for c in SOLVER_KEYS if row.table.has(c))
            solver = Solver(row["engine"], row.get("order", "-") or "-", extra)
            solver = solvers.setdefault(solver.key, solver)
            index = _number(row, "row")
            solver.first_row = min(solver.first_row, float("inf") if index is None else index)
            instance = " ".join([row["instance"]] + [f"{c}={row[c]}" for c in apart])
            self.problem.setdefault(instance, {"instance": row["instance"], **{c: row[c] for c in apart}})
            cells.setdefault(instance, _number(row, "cells"))
            grouped.setdefault((solver.key, instance), []).append(row)
        # A setting that varies goes into the labels: threads among all the solvers;
        # params and engine_seed among the solvers of one engine and order, and only
        # into theirs (each engine has its own, so that "cadical params=-" beside
        # "learn params=..." would tell nothing apart). Of params, only the items that
        # vary go in: a setting holds every parameter of its engine, defaults
        # included, and a plot's key is cut.
        for c in SOLVER_KEYS:
            varying = varying_groups(solvers.values(), c)
            items = _varying_items(solvers.values()) if c == "params" else {}
            for s in solvers.values():
                value = dict(s.extra).get(c, "")
                if group_of(s, c) not in varying:
                    continue
                if c == "threads":
                    s.label += f"@{value}t"
                elif group_of(s, c) in items:
                    s.label += " " + ";".join(f"{n}={v}" for n, v in _items(value)
                                              if n in items[group_of(s, c)])
                else:
                    s.label += f" {c}={value}"
        # Settings by their numbers (seed 2 before seed 10), not by their characters.
        self.solvers = sorted(solvers.values(), key=lambda s: (listing.engine_rank(s.engine),
                                                                listing.order_rank(s.order),
                                                                [(c, natural(v)) for c, v in s.extra]))
        self.instances = sorted(cells, key=lambda i: (cells[i] is None, cells[i] or 0, natural(i)))
        self.cells = cells
        self.results = {key: self._result(rs) for key, rs in grouped.items()}

    def _result(self, rows):
        done = [r for r in rows if (r.get("status") or "done") == "done"]
        times = [t for t in (_time(r, self.metric) for r in (done or rows)) if t is not None]
        limits = [x for x in (_number(r, "time_limit_s") for r in rows) if x is not None and x > 0
                  and self.metric in TIME_METRICS]
        peaks = [x for x in (_number(r, "peak_rss_bytes") for r in rows) if x is not None]
        lo = hi = None
        interval = False
        if self.metric == "wall" and times:
            # Each row's interval, its median where it has none (one sample).
            bounds = [(_number(r, "median_lo_s"), _number(r, "median_hi_s"), _time(r)) for r in (done or rows)
                      if r.table.has("median_lo_s") and r.table.has("median_hi_s") and _time(r) is not None]
            if bounds and any(a is not None and b is not None for a, b, _ in bounds):
                interval = True
                lo = stats.median([a if a is not None and b is not None else t for a, b, t in bounds])
                hi = stats.median([b if a is not None and b is not None else t for a, b, t in bounds])
        return Result(bool(done), stats.median(times), max(limits) if limits else self.meta_limit,
                      max(peaks) if peaks else None, lo, hi, interval)

    def result(self, solver, instance):
        return self.results.get((solver.key, instance))

    @property
    def measured(self):
        """Whether some run has the part's measure (a metric's column can be empty in
        every row: peak memory where each run shared its process)."""
        return any(r.time is not None for r in self.results.values())

    @property
    def has_intervals(self):
        """Whether some solved run's time has an interval (sweeps of wall times with
        several samples a run)."""
        return any(r.interval for r in self.results.values() if r.solved)

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

    def solved_times(self, solver, which=None):
        """The solver's times on the instances it solved, sorted (which: Result.bound's)."""
        return sorted(r.bound(which) for i in self.instances if (r := self.result(solver, i)) and r.solved
                      and r.time is not None)

    def vbs(self, which=None):
        """{instance: the best solved time} (instances no solver solved left out; which:
        Result.bound's, the best of every solver's bound)."""
        best = {}
        for i in self.instances:
            times = [r.bound(which) for s in self.solvers
                     if (r := self.result(s, i)) and r.solved and r.time is not None]
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


def measure_noun(part):
    """The part's measure as a noun, for what the plot data counts within it: "time",
    "CPU time", "steps" or "peak memory"."""
    return time_words(part).removesuffix(" per run")


def data_columns(part):
    """The plot data's headers of the part's measure: (one value, baseline, solver)."""
    return DATA_COLUMNS.get(part.metric, DATA_COLUMNS["wall"])


def metric_column(part):
    return code(METRIC_COLUMNS.get(part.metric, "median_s"))


def why_empty(part, metric=None):
    """Why a run may lack the measure: only peak memory has a known reason."""
    if (metric or part.metric) != "memory":
        return ""
    return ("; a one-thread run of puzzlebench's own engines that shares its process with a sweep's other "
            "workers has no peak of its own, where an outside solver's has its child's; `--workers 1` reads every "
            "run's")


def unmeasured_line(part, what):
    """The line that stands for a part's tables and plots when no run has the measure."""
    return (f"_No run of {what} has its {time_words(part)} ({metric_column(part)} is empty in every row"
            f"{why_empty(part)}): no tables or plots by it; `report.sh --metric wall` shows the times._")


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
    median time over the solved instances, peak memory; and, in spread["lo"] and
    spread["hi"], the same three figures over every run's interval bound (Result.bound)
    instead of its time. Each figure grows with every run's time, so where each run's
    time lies within its interval, the figure lies within its two bounds.
    figures(which) gives (the solved times, PAR-2) over Result.bound(which)."""

    def __init__(self, label, n, figures, peak=None, solved=None):
        self.label = label
        self.n = n
        self.peak = peak
        self.spread = {}
        for which in (None, "lo", "hi"):
            times, par2 = figures(which)
            self.spread[which] = {"par2": par2, "total": sum(times) if times else None,
                                  "median": stats.median(times)}
            if which is None:
                self.solved = len(times) if solved is None else solved
        self.par2, self.total, self.median = (self.spread[None][k] for k in ("par2", "total", "median"))


def scores(part):
    """The solvers' Scores, best first (most solved, then least PAR-2 or total
    time, then the listing's order), and the virtual best solver's."""
    out = []
    n = len(part.instances)
    for rank, s in enumerate(part.solvers):
        def figures(which, s=s):
            bounds = [(i, r.bound(which) if (r := part.result(s, i)) and r.solved else None) for i in part.instances]
            return part.solved_times(s, which), _par2(part, bounds, s)

        peaks = [r.peak for i in part.instances if (r := part.result(s, i)) and r.peak is not None]
        solved = sum(1 for i in part.instances if (r := part.result(s, i)) and r.solved)
        score = Score(s.label, n, figures, max(peaks) if peaks else None, solved)
        score.solver, score.rank = s, rank
        out.append(score)
    # A solver whose solved runs have no measure has no total: it goes after those with one.
    out.sort(key=lambda x: (-x.solved, x.par2 if x.par2 is not None
                            else x.total if x.total is not None else math.inf, x.rank))

    def best_figures(which):
        best = part.vbs(which)
        return sorted(best.values()), _par2(part, [(i, best.get(i)) for i in part.instances], None)

    return out, Score(VBS, n, best_figures)


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


def group_of(solver, column):
    """The solvers among which column's values are told apart: all (threads), or
    those of one engine in one order (params, engine_seed)."""
    return None if column == "threads" else (solver.engine, solver.order)


def varying_groups(solvers, column):
    """The groups (_group) whose solvers differ in column's value."""
    values = {}
    for s in solvers:
        values.setdefault(group_of(s, column), set()).add(dict(s.extra).get(column))
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
        settings.setdefault(group_of(s, "params"), []).append(_items(dict(s.extra).get("params")))
    out = {}
    for group, lists in settings.items():
        if any(x is None for x in lists) or len({tuple(n for n, _ in x) for x in lists}) != 1:
            continue
        names = [n for n, _ in lists[0]]
        differ = {n for k, n in enumerate(names) if len({x[k][1] for x in lists}) > 1}
        if differ:
            out[group] = differ
    return out
