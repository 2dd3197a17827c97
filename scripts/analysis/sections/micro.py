"""The micro-benchmarks section: Google Benchmark's JSON (micro.json), one row per case.

With --benchmark_repetitions=N the JSON holds N "iteration" entries per case (one per
repetition) and its "aggregate" entries (mean, median, stddev, cv). A case's time
is then the median over the repetitions with [min, max] across them, and its cv
(the aggregate's, else stddev / mean) marks it noisy over 5%. A case run once
shows its one value, marked as such.
"""

import json

from ..errors import ReportError
from ..markdown import code, table
from ..numfmt import NONE, memory, num, whole
from ..timing import Timing, noisy_footnote

# Google Benchmark's time units, in seconds.
UNIT_S = {"ns": 1e-9, "us": 1e-6, "ms": 1e-3, "s": 1.0}
NOISY_CV = 0.05


def _number(case, key):
    """A member of a benchmark object as a number; None when missing or not a number."""
    v = case.get(key)
    return float(v) if isinstance(v, (int, float)) and not isinstance(v, bool) else None


def _steps(x):
    if x is None:
        return NONE
    if x == int(x) and x < 1e15:
        return "%.0f" % x
    return "%.4g" % x


class Case:
    """One benchmark: its repetitions (the "iteration" entries) and its aggregates."""

    def __init__(self, name):
        self.name = name
        self.runs = []
        self.aggregates = {}

    @property
    def first(self):
        return self.runs[0] if self.runs else next(iter(self.aggregates.values()))

    def time(self, per=1.0):
        """The real time per iteration (divided by `per`) as a Timing, in seconds."""
        unit = UNIT_S.get(self.first.get("time_unit"))
        if unit is None:
            return Timing(None)
        times = [t * unit / per for t in (_number(r, "real_time") for r in self.runs) if t is not None]
        median = self.aggregates.get("median")
        m = _number(median, "real_time") * unit / per if median and _number(median, "real_time") is not None else None
        if len(times) < 2:
            value = m if m is not None else (times[0] if times else None)
            return Timing(value, samples=len(times) or 1)
        if m is None:
            ordered = sorted(times)
            k = len(ordered)
            m = ordered[k // 2] if k % 2 else (ordered[k // 2 - 1] + ordered[k // 2]) / 2
        cv = self.cv()
        return Timing(m, min(times), max(times), len(times), cv is not None and cv > NOISY_CV, cv)

    def cv(self):
        """The repetitions' cv: the cv aggregate, else stddev / mean; None without them."""
        agg = self.aggregates.get("cv")
        if agg is not None and _number(agg, "real_time") is not None:
            return _number(agg, "real_time")
        sd, mean = self.aggregates.get("stddev"), self.aggregates.get("mean")
        if sd and mean and _number(mean, "real_time"):
            return _number(sd, "real_time") / _number(mean, "real_time")
        return None


def cases(benchmarks):
    """The Cases of a benchmarks list, in the order their first entry appears."""
    found = {}
    for b in benchmarks:
        if not isinstance(b, dict):
            continue
        name = b.get("run_name") or b.get("name", "?")
        case = found.setdefault(name, Case(name))
        if b.get("run_type") == "aggregate":
            case.aggregates[b.get("aggregate_name", "?")] = b
        else:
            case.runs.append(b)
    return list(found.values())


def _spread_text(case, per=1.0):
    t = case.time(per)
    text = t.text()
    return text.replace("(1 sample)", "(1 run)"), t


def section(ctx, path):
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as e:
        raise ReportError(path, f"cannot read: {e.strerror}") from None
    except json.JSONDecodeError as e:
        raise ReportError(path, f"expected Google Benchmark JSON ({e.msg})", e.lineno) from None
    benchmarks = data.get("benchmarks") if isinstance(data, dict) else None
    if not isinstance(benchmarks, list):
        raise ReportError(path, 'expected a "benchmarks" list')
    out = ["", f"## Micro-benchmarks ({path.name})", ""]
    found = cases(benchmarks)
    if not found:
        return out + ["_No benchmarks found in the file._"]
    reps = sorted({len(c.runs) for c in found})
    if reps[-1] > 1:
        out += [f"Each case ran {'/'.join(map(str, reps))} repetitions (`--benchmark_repetitions`): its time is the "
                "median over them with [min, max] across the repetitions in brackets; a case whose repetitions vary "
                "by more than 5% (cv) is marked †.", ""]
    else:
        out += ["Each case ran once (no `--benchmark_repetitions`): its time is that one run's.", ""]
    # Cases with a "puzzles" counter (one iteration = a whole set of puzzles) get
    # their own per-puzzle table.
    plain = [c for c in found if "puzzles" not in c.first]
    batch = [c for c in found if "puzzles" in c.first]
    timings = []
    if plain:
        # A "bytes" counter: the memory the engine planned for its tables (shown
        # where some case has it above 0).
        has_bytes = any((_number(c.first, "bytes") or 0) > 0 for c in plain)
        rows = []
        for c in plain:
            text, t = _spread_text(c)
            timings.append(t)
            row = [code(c.name), text, _steps(_number(c.first, "steps")),
                   whole(_number(c.first, "iterations"))]
            if has_bytes:
                b = _number(c.first, "bytes")
                row.append(memory(b) if b else NONE)
            rows.append(row)
        head = ["benchmark", "real time per iteration", "steps", "iterations"]
        out += table(head + ["tables' memory"] * has_bytes, "lrrr" + "r" * has_bytes, rows)
        if has_bytes:
            out += ["", "Tables' memory: what the engine planned for its tables before the run (counter `bytes`; "
                    "path-dp's two layers and the join's halves), where it says; the process's resident peak is "
                    "somewhat above it.", ""]
    if batch:
        if plain:
            out.append("")
        out += ["Per-puzzle cases: one iteration solves every puzzle of the set once (counter `puzzles`); the time, "
                "steps and guesses are per iteration, divided here by the puzzles. puzzles/s is Google Benchmark's "
                "items_per_second (the first repetition's).", ""]
        rows = []
        for c in batch:
            b = c.first
            p = _number(b, "puzzles")

            def per_puzzle(key):
                v = _number(b, key)
                return num(v / p) if v is not None and p and p > 0 else NONE

            text = NONE
            if p and p > 0:
                text, t = _spread_text(c, p)
                timings.append(t)
            rows.append([code(c.name), whole(p), text, num(_number(b, "items_per_second")),
                         per_puzzle("steps"), per_puzzle("guesses"), whole(_number(b, "iterations"))])
        out += table(["benchmark", "puzzles", "time/puzzle", "puzzles/s", "steps/puzzle", "guesses/puzzle",
                      "iterations"], "lrrrrrr", rows)
    return out + noisy_footnote(timings)
