"""notouch sharded over MPI ranks: the scale model of path-dp's count, set against the
runs of notouch-ranks.sh beside this file (notouch-ranks.tsv: each board counted at 1,
2 and 4 ranks, one thread a rank, with each rank's peak and bytes sent, the first board
in several rounds; and the plans alone of the boards too large to count here).

The model of a count at R ranks of T threads on machines of C cores:
- memory per rank: the memory of a rank that allocates nothing (the process and MPI,
  measured by a plan alone at those ranks) plus the planner's plan per rank times the
  peak per planned byte measured on the calibration board;
- time: the work (one thread's seconds) over the lanes, min(R T, C) on one machine
  (ranks beyond the cores share them: oversubscribed), plus the exchange, the bytes a
  rank sends times a cost per byte;
- bytes sent per rank: K (R - 1) / R, as the ring passes every shard of each layer to
  every other rank once; K is a multiple of the part of the plan that divides by R.
The work per planned byte, the cost per byte sent, that multiple and the peak per
planned byte are fitted on the first board (the calibration), on the medians of its
rounds' times; the other boards are predicted from their plans alone and checked
against their runs."""

import csv
import statistics
from dataclasses import dataclass, field

from ..markdown import code, table
from ..meta import read_meta
from ..numfmt import NONE, duration, duration_spread, memory

NAME = "notouch-ranks"
# The criterion: a prediction within this fraction of the measured.
WITHIN = 0.25
# The machine the 6x6 paragraph sizes ranks for, when the .meta has no memory: 24 GiB.
MACHINE_BYTES = 24 * 1024**3


def lanes(ranks, threads, cores):
    """Threads that run at once: every rank's, up to the cores."""
    return min(ranks * threads, cores)


def divided_part(plan_a, ranks_a, plan_b, ranks_b):
    """The part of a per-rank plan that divides by the ranks (the shards, with their
    index words; the rest every rank keeps whatever their number), from the plans at
    two rank counts."""
    return (plan_a - plan_b) / (1 / ranks_a - 1 / ranks_b)


def sent_per_rank(whole, ranks):
    """The bytes a rank sends when the ring passes `whole` bytes of shards around."""
    return whole * (ranks - 1) / ranks


@dataclass
class Fit:
    """The model's constants, fitted on one board."""
    board: str
    s_per_plan_byte: float  # one thread's work per byte of the one-process plan
    s_per_sent_byte: float  # the exchange's cost per byte sent, beyond the work
    sent_per_divided: float  # K over the divided part of the plan
    peak_per_plan: float  # the largest peak beyond the base per planned byte, any rank, any run
    cores: int


def fit(runs, plans, cores):
    """The Fit from one board's runs {ranks: Run} (1 and 2 needed, 4 if there) and its
    plans {ranks: Plan} (1, 2 and 4 needed)."""
    one, two = runs[1], runs[2]
    work = one.wall * lanes(1, one.threads, cores)
    whole = two.sent * 2 / (2 - 1)
    exchange = (two.wall - work / lanes(2, two.threads, cores)) / two.sent
    divided = divided_part(plans[2].bytes, 2, plans[4].bytes, 4)
    peak = max((r.peak - plans[r.ranks].base) / r.plan for r in runs.values())
    return Fit(one.board, work / plans[1].bytes, exchange, whole / divided, peak, cores)


@dataclass
class Plan:
    """The planner's bytes per rank at some ranks, and the peak of a rank that
    allocated nothing (it stopped at the plan)."""
    bytes: int
    base: int


@dataclass
class Run:
    """A board's counts at some ranks: the median wall time of its rounds (each round's
    in `walls`), the plan per rank, and the largest peak and bytes sent of any rank of
    any round."""
    board: str
    ranks: int
    threads: int
    wall: float
    plan: int
    peak: int
    sent: int
    walls: list = field(default_factory=list)


@dataclass
class Prediction:
    time: float
    sent: float
    peak: float
    lanes: int


def predict(f, plans, ranks, threads, cores):
    """The model's time, bytes sent per rank and peak per rank at `ranks` ranks from a
    board's plans {ranks: Plan} (1, the ranks, and two rank counts above 1 for the
    divided part: 2 and 4, or the two largest given)."""
    many = sorted(r for r in plans if r > 1)
    a, b = (2, 4) if 2 in plans and 4 in plans else (many[-2], many[-1])
    whole = f.sent_per_divided * divided_part(plans[a].bytes, a, plans[b].bytes, b)
    sent = sent_per_rank(whole, ranks) if ranks > 1 else 0
    n = lanes(ranks, threads, cores)
    work = f.s_per_plan_byte * plans[1].bytes
    mine = plans[ranks]
    return Prediction(work / n + sent * f.s_per_sent_byte, sent, mine.base + f.peak_per_plan * mine.bytes, n)


def error(predicted, measured):
    """The prediction's error as a fraction of the measured (+ over, - under)."""
    return predicted / measured - 1 if measured else None


def read(path):
    """({board: {ranks: Run}}, {board: {ranks: Plan}}, boards counted in order) from
    notouch-ranks.tsv; empty when it is absent or unreadable. A file without the
    `repeat` column (one round a board) reads as round 0."""
    runs, plans, order = {}, {}, []
    try:
        with open(path, encoding="utf-8", newline="") as f:
            rows = list(csv.DictReader(f, delimiter="\t"))
    except OSError:
        return {}, {}, []
    walls = {}
    try:
        for r in rows:
            board, ranks, plan = r["board"], int(r["ranks"]), int(r["planned_bytes"])
            plans.setdefault(board, {})[ranks] = Plan(plan, int(r["base_bytes"]))
            if r["what"] != "count":
                continue
            if board not in order:
                order.append(board)
            walls.setdefault((board, ranks), {})[int(r.get("repeat") or 0)] = float(r["wall_s"])
            old = runs.setdefault(board, {}).get(ranks)
            run = Run(board, ranks, int(r["threads"]), 0.0, plan, int(r["peak_bytes"]), int(r["sent_bytes"]))
            if old:
                run.peak, run.sent = max(run.peak, old.peak), max(run.sent, old.sent)
            runs[board][ranks] = run
    except (KeyError, ValueError, TypeError):
        return {}, {}, []
    for (board, ranks), by_round in walls.items():
        run = runs[board][ranks]
        run.walls = sorted(by_round.values())
        run.wall = statistics.median(run.walls)
    return runs, plans, order


def _pct(e):
    return NONE if e is None else f"{round(100 * e) or 0:+d}%"


def _verdict(e):
    return NONE if e is None else ("yes" if abs(e) <= WITHIN else "**no**")


def _lanes_text(ranks, threads, cores):
    n = lanes(ranks, threads, cores)
    return f"{n}" + (f" (oversubscribed: {ranks * threads} threads on {cores} cores)" if ranks * threads > cores else "")


def _measured(run):
    """A run's time: the one, or the median of the rounds with their range."""
    if len(run.walls) < 2:
        return duration(run.wall)
    return f"{duration_spread(run.wall, run.walls[0], run.walls[-1])} ({len(run.walls)} rounds)"


def check_rows(f, runs, plans, order):
    """The table's rows: each board and ranks, the model against the measured."""
    rows = []
    for board in order:
        for ranks in sorted(runs[board]):
            run = runs[board][ranks]
            p = predict(f, plans[board], ranks, run.threads, f.cores)
            role = "calibration" if board == f.board else "check"
            et, ep = error(p.time, run.wall), error(p.peak, run.peak)
            rows.append([code(board), role, str(ranks), _lanes_text(ranks, run.threads, f.cores), duration(p.time),
                         _measured(run), _pct(et), _verdict(et), memory(p.sent) if ranks > 1 else "0",
                         f"{memory(run.sent)} ({_pct(error(p.sent, run.sent))})" if ranks > 1 else "0", memory(p.peak), memory(run.peak), _pct(ep)])
    return rows


def _fit_text(f):
    return (f"{1e9 * f.s_per_plan_byte:.2f} ns of one thread's work per byte of the one-process plan, "
            f"{1e9 * f.s_per_sent_byte:.2f} ns per byte sent beyond the work (what the second rank's run took "
            "over half the first's, per byte it sent), bytes sent per rank "
            f"{f.sent_per_divided:.3f} × the divided part of the plan × (R - 1)/R, and a peak of "
            f"{f.peak_per_plan:.3f} × the plan per rank beyond a rank's base")


def beyond(f, board, plans, machine, threads):
    """The paragraph's rows for a board only planned: each rank count planned, its plan
    per rank, the model's peak, whether it fits `machine` bytes, the exchange and the
    time on machines of f.cores cores running one rank of `threads` threads each."""
    rows = []
    for ranks in sorted(r for r in plans if r > 1):
        p = predict(f, plans, ranks, threads, ranks * f.cores)
        rows.append([code(board), str(ranks), memory(plans[ranks].bytes), memory(p.peak),
                     "yes" if p.peak <= machine else "no", memory(p.sent),
                     duration(p.sent * f.s_per_sent_byte), duration(p.time)])
    return rows


def section(results_dir):
    """The section, or [] when notouch-ranks.tsv has no board counted at 1 and 2 ranks
    (planned at 1, 2 and 4) or has no .meta."""
    path = results_dir / (NAME + ".tsv")
    runs, plans, order = read(path)
    calibration = next((b for b in order if {1, 2} <= set(runs[b]) and {1, 2, 4} <= set(plans[b])), None)
    if calibration is None:
        return []
    meta = read_meta(results_dir / (NAME + ".meta"))
    if meta is None:  # a file without its .meta is another run's left behind
        return []
    get = meta.get
    try:
        cores = int(get("cores", "")) or 1
    except ValueError:
        cores = 1
    try:
        machine = float(get("mem_total_bytes", "")) or MACHINE_BYTES
    except ValueError:
        machine = MACHINE_BYTES
    f = fit(runs[calibration], plans[calibration], cores)
    load = get("load_start", "")
    rounds = max(len(r.walls) for r in runs[calibration].values())
    timed = ("one run each" if rounds < 2 else
             f"{code(calibration)} in {rounds} rounds, alternated, fitted on their medians (the range in brackets), "
             "the others one run each")
    out = ["", "### notouch sharded over MPI ranks: the scale model, checked", "",
           f"Source: {code(NAME + '.tsv')} (`bench/families/notouch/notouch-ranks.sh`, a phase of `scripts/run.sh`: each board "
           "counted by path-dp under "
           f"`mpirun` at each number of ranks, one thread a rank, {timed}; rank 0 reports each rank's peak "
           "and the bytes it sent; and the plans alone, `--max-memory 1K`, of the boards too large to count here). "
           f"This machine has {cores} cores" + (f" and was under load (1-minute load {load} at the start)" if load else "")
           + ": from " + str(cores + 1) + " ranks on, ranks share the cores, so the model runs them on "
           f"{cores} lanes and the exchange is a copy through shared memory, not a network.", "",
           "**The model.** Per rank: memory = the base (the peak of a rank that allocates nothing, from a plan "
           "alone at that many ranks) + the planner's plan per rank × the peak per planned byte; time = work / "
           "lanes + bytes sent × cost per byte, where the work is one thread's seconds (the one-process plan × the "
           "work per planned byte), the lanes are ranks × threads up to the cores, and the bytes sent per rank are "
           "K (R - 1)/R: the ring passes each layer's shards once to every other rank, and K is a multiple of the "
           "part of the plan that divides by R (the plans at 2 and 4 ranks give it). "
           f"Fitted on {code(calibration)} alone: " + _fit_text(f) + ". Every other board is predicted from its "
           f"plans alone; *within 25%* is the target for the time.", ""]
    if get("load_warning", ""):
        out += ["**Measured under load** (the .meta's load_warning: " + get("load_warning", "")
                + "): whatever else takes a core slows most the ranks that wait on each other at every "
                "round, so the times, and the work and cost per byte fitted from them, may be the load's as much as "
                "the model's. The bytes sent and the peaks do not depend on it.", ""]
    out += table(["board", "role", "ranks", "lanes", "time, model", "time, measured", "error", "within 25%",
                  "sent per rank, model", "sent per rank, measured", "peak per rank, model",
                  "peak per rank, measured", "error"], "llrlrrrlrrrrr", check_rows(f, runs, plans, order))
    checks = [(b, r) for b in order if b != calibration for r in runs[b]]
    if checks:
        bad = [(b, r) for b, r in checks
               if abs(error(predict(f, plans[b], r, runs[b][r].threads, cores).time, runs[b][r].wall)) > WITHIN]
        out += ["", f"On the boards not fitted, the model's time is within 25% of the measured in "
                f"{len(checks) - len(bad)} of {len(checks)} runs"
                + ("" if not bad else " (not: " + ", ".join(f"{code(b)} at {r} rank{'s' if r > 1 else ''}" for b, r in bad) + ")")
                + ". The calibration board's times at 1 and 2 ranks are fitted, not predicted. "
                + _spread(f, runs, plans, checks)]
    out += _sixbysix(f, plans, runs, machine)
    return out


def _spread(f, runs, plans, checks):
    """The largest errors of the model's bytes sent and peak on the boards not fitted."""
    sent, peak = [], []
    for b, r in checks:
        p, run = predict(f, plans[b], r, runs[b][r].threads, f.cores), runs[b][r]
        peak.append(abs(error(p.peak, run.peak)))
        if r > 1:
            sent.append(abs(error(p.sent, run.sent)))
    said = [f"bytes sent per rank within {100 * max(sent):.0f}%"] if sent else []
    return "There, the model's " + " and ".join(said + [f"peak per rank within {100 * max(peak):.0f}%"]) + "."


def _sixbysix(f, plans, runs, machine):
    """"6x6: what it takes": the boards only planned, at the ranks planned."""
    planned = [b for b in plans if b not in runs and 1 in plans[b] and len([r for r in plans[b] if r > 1]) >= 2]
    if not planned:
        return []
    threads = f.cores
    out = ["", "**6x6: what it takes.** The boards below were planned, not counted. For each number of ranks: "
           f"one rank a machine of {memory(machine)} (this one's memory) and {f.cores} cores, {threads} threads a "
           "rank, the work spread over every core of every machine; the plan per rank is the planner's "
           "(`--max-memory 1K` at that many ranks; each rank keeps the index words of its own shard, which travel with it), "
           "the peak the model's from it, and the exchange the model's bytes sent per rank at the cost per byte "
           "measured here, through shared memory: over a network, divide the bytes by its rate instead. A model "
           "fitted on boards of less than a gigabyte, carried to boards of tens of gigabytes a rank: not a "
           "measurement.", ""]
    rows = []
    for b in planned:
        rows += beyond(f, b, plans[b], machine, threads)
    out += table(["board", "ranks", "plan per rank", "peak per rank, model", "fits", "sent per rank, model",
                  "exchange, model", "time, model"], "lrrrlrrr", rows)
    fits = {b: [r for r in sorted(plans[b]) if r > 1 and predict(f, plans[b], r, threads, r * f.cores).peak <= machine]
            for b in planned}
    said = [f"{code(b)}: {r[0]} ranks at the least of those planned" if r else f"{code(b)}: none of the ranks planned"
            for b, r in fits.items()]
    return out + ["", "Fits a machine of this one's memory: " + "; ".join(said) + "."]
