"""notouch past one machine: path-dp's memory and time per board, and a model of the
boards beyond. Read from micro.json beside the sweeps: the path-dp counts it timed
(notouch/B/count/path-dp[/t2]) and the plans alone (notouch/B/plan/path-dp/t2: a memory
limit of one byte stops the engine before it allocates), each with its `bytes` counter,
the tables the engine planned. The model carries the measured time per planned byte on
two threads to the boards only planned, and splits their tables over machines of this
one's memory (the .meta's mem_total_bytes), as MPI ranks would hold them."""

import json
import math

from ..markdown import code, table
from ..meta import read_meta
from ..numfmt import NONE, duration, memory
from .micro import cases

MICRO = "micro.json"


def _board_cells(board):
    """The cells of an RxC board, or None."""
    rows, _, cols = board.partition("x")
    return int(rows) * int(cols) if rows.isdigit() and cols.isdigit() else None


def _read(micro_path):
    """{board: {"bytes": planned bytes, 1: Timing, 2: Timing, "plan": 1 when a plan case
    ran}} from micro.json's path-dp cases; {} when the file is absent or unreadable
    (the micro section says what is wrong with it)."""
    try:
        data = json.loads(micro_path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    benchmarks = data.get("benchmarks") if isinstance(data, dict) else None
    boards = {}
    for case in cases(benchmarks if isinstance(benchmarks, list) else []):
        parts = case.name.split("/")
        if parts[0] != "notouch" or parts[2:4] not in (["count", "path-dp"], ["plan", "path-dp"]):
            continue
        threads = {("real_time",): 1, ("t2", "real_time"): 2}.get(tuple(parts[4:]))
        board, what = parts[1], parts[2]
        if threads is None:
            continue
        size = case.first.get("bytes")
        if _board_cells(board) is None or not isinstance(size, (int, float)) or size <= 0:
            continue
        entry = boards.setdefault(board, {"bytes": float(size)})
        if what == "plan":
            entry["plan"] = 1
        else:
            t = case.time()
            if t.median:
                entry[threads] = t
    return boards


def _counted(entry):
    return 1 in entry or 2 in entry


def _planned_only(entry):
    """A board planned and not counted (a board both counted and planned is a counted one)."""
    return entry.get("plan") and not _counted(entry)


def section(results_dir, meta_path):
    """The section, or [] when micro.json has no path-dp count."""
    boards = _read(results_dir / MICRO)
    counted = {b: e for b, e in boards.items() if _counted(e)}
    if not counted:
        return []
    order = sorted(boards, key=lambda b: (_board_cells(b), b))
    out = ["", "### notouch past one machine: path-dp's memory and time, and a model", "",
           f"Source: {code(MICRO)} (the micro-benchmarks of this run). path-dp keeps two layers of its table, "
           "the sets of one size and of the next, ranked; *planned tables* is what it planned for them before the "
           "run (the `bytes` counter), and the resident peak is somewhat above it. A count's time is the median of "
           "its repetitions [min, max], † where they vary by more than 5% (cv).", ""]
    rows = []
    for b in order:
        e = boards[b]
        t1, t2 = e.get(1), e.get(2)
        rows.append([code(b), str(_board_cells(b)), memory(e["bytes"]), t1.text() if t1 else NONE,
                     t2.text() if t2 else ("planned only" if _planned_only(e) else NONE),
                     f"{1e9 * t2.median / e['bytes']:.2f} ns" if t2 else NONE])
    out += table(["board", "cells", "planned tables", "count, one thread", "count, two threads",
                  "two threads' time per planned byte"], "lrrrrr", rows)
    rates = [e[2].median / e["bytes"] for e in counted.values() if 2 in e]
    beyond = [b for b in order if _planned_only(boards[b])]
    if len(rates) < 2 or not beyond:
        return out
    meta = read_meta(meta_path) or {}
    try:
        machine = float(meta.get("mem_total_bytes", ""))
    except ValueError:
        machine = None
    if machine is not None and not machine > 0:
        machine = None
    lo, hi = min(rates), max(rates)
    out += ["", f"**The model.** The counted boards took {1e9 * lo:.2f} to {1e9 * hi:.2f} ns per planned byte on "
            "two threads. For the boards only planned here, it assumes that rate holds (the work per table "
            "entry grows slowly with the cells) and that the two layers split evenly over MPI ranks, one "
            "machine of this one's memory"
            + (f" ({memory(machine)})" if machine else "") + " and two cores each, every rank holding its "
            "share of the rank range. Left out: the exchange of each layer between machines, the index of each "
            "layer, and any memory beyond the tables, so its machines are too few; the sharded count's "
            "own model, with both and checked against counts at 1, 2 and 4 ranks, is the next section's, "
            "when the run has it.",
            ""]
    rows = []
    for b in beyond:
        size = boards[b]["bytes"]
        need = math.ceil(size / machine) if machine else None
        rows.append([code(b), str(_board_cells(b)), memory(size), str(need) if need else NONE,
                     f"{duration(lo * size)} to {duration(hi * size)}",
                     f"{duration(lo * size / need)} to {duration(hi * size / need)}" if need else NONE])
    out += table(["board", "cells", "planned tables", "machines, at least", "time on two cores",
                  "time on those machines, without the exchange"], "lrrrrr", rows)
    return out
