"""The micro-benchmarks section: Google Benchmark's JSON (micro.json), one row per case."""

import json

from ..errors import ReportError
from ..markdown import escape, table
from ..numfmt import NONE, num, seconds6, whole

# Google Benchmark's time units, in µs.
UNIT_US = {"ns": 1e-3, "us": 1.0, "ms": 1e3, "s": 1e6}


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
    cases = [b for b in benchmarks if isinstance(b, dict)]
    if not cases:
        return out + ["_No benchmarks found in the file._"]
    # Cases with a "puzzles" counter (one iteration = a whole set of puzzles) get
    # their own per-puzzle table.
    plain = [b for b in cases if "puzzles" not in b]
    batch = [b for b in cases if "puzzles" in b]
    if plain:
        rows = [[f"`{escape(b.get('name', '?'))}`", seconds6(_number(b, "real_time")), str(b.get("time_unit", NONE)),
                 _steps(_number(b, "steps")), whole(_number(b, "iterations"))] for b in plain]
        out += table(["benchmark", "real_time", "unit", "steps", "iterations"], "lrlrr", rows)
    if not batch:
        return out
    if plain:
        out.append("")
    out += ["Per-puzzle cases: one iteration solves every puzzle of the set once (counter `puzzles`); "
            "the steps and guesses counters are per iteration, divided here by the puzzles. puzzles/s "
            "is Google Benchmark's items_per_second.", ""]
    rows = []
    for b in batch:
        p = _number(b, "puzzles")
        real = _number(b, "real_time")

        def per_puzzle(key):
            v = _number(b, key)
            return num(v / p) if v is not None and p and p > 0 else NONE

        us = NONE
        if real is not None and p and p > 0 and b.get("time_unit") in UNIT_US:
            us = num(real * UNIT_US[b["time_unit"]] / p)
        rows.append([f"`{escape(b.get('name', '?'))}`", whole(p), us, num(_number(b, "items_per_second")),
                     per_puzzle("steps"), per_puzzle("guesses"), whole(_number(b, "iterations"))])
    out += table(["benchmark", "puzzles", "µs/puzzle", "puzzles/s", "steps/puzzle", "guesses/puzzle",
                  "iterations"], "lrrrrrr", rows)
    return out
